// k-means assignment and update in the style of a research code base: a
// parameters struct passed by value, index macros, a CUDA_CHECK macro, an
// enum-templated distance, shared-memory centroid caching, atomics into
// global sums, and a host driver with std::vector.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                          \
  do {                                                                            \
    cudaError_t err_ = (call);                                                    \
    if (err_ != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                    \
    }                                                                             \
  } while (0)

#define IDX2(r, c, ld) ((r) * (ld) + (c))
#define MAX_K 64
#define DIM 4

enum class Metric { L2, L1 };

struct KMeansParams {
  int n;       // points
  int k;       // clusters (<= MAX_K)
  float *sums; // k * DIM running sums
  int *counts; // k
};

template <Metric M>
__device__ __forceinline__ float distance(const float *a, const float *b) {
  float d = 0.f;
#pragma unroll
  for (int j = 0; j < DIM; ++j) {
    float t = a[j] - b[j];
    d += (M == Metric::L2) ? t * t : fabsf(t);
  }
  return d;
}

template <Metric M>
__global__ void assign_clusters(const float *points, const float *centroids, int *labels, KMeansParams p) {
  __shared__ float c_s[MAX_K * DIM];
  for (int t = threadIdx.x; t < p.k * DIM; t += blockDim.x) c_s[t] = centroids[t];
  __syncthreads();

  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < p.n; i += blockDim.x * gridDim.x) {
    float pt[DIM];
    pt[0] = points[IDX2(i, 0, DIM)];
    pt[1] = points[IDX2(i, 1, DIM)];
    pt[2] = points[IDX2(i, 2, DIM)];
    pt[3] = points[IDX2(i, 3, DIM)];
    int best = 0;
    float best_d = distance<M>(pt, &c_s[0]);
    for (int c = 1; c < p.k; ++c) {
      float d = distance<M>(pt, &c_s[c * DIM]);
      if (d < best_d) { best_d = d; best = c; }
    }
    labels[i] = best;
    atomicAdd(&p.counts[best], 1);
    for (int j = 0; j < DIM; ++j) atomicAdd(&p.sums[IDX2(best, j, DIM)], pt[j]);
  }
}

__global__ void update_centroids(float *centroids, const KMeansParams p) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= p.k) return;
  int cnt = p.counts[c];
  if (cnt == 0) return;
  float inv = 1.0f / cnt;
  for (int j = 0; j < DIM; j++) centroids[c * DIM + j] = p.sums[c * DIM + j] * inv;
}

static void kmeans_step(const float *d_points, float *d_centroids, int *d_labels, KMeansParams p,
                        cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(p.sums, 0, sizeof(float) * p.k * DIM, s));
  CUDA_CHECK(cudaMemsetAsync(p.counts, 0, sizeof(int) * p.k, s));
  const int threads = 256;
  int blocks = (p.n + threads - 1) / threads;
  if (blocks > 1024) blocks = 1024;
  assign_clusters<Metric::L2><<<blocks, threads, 0, s>>>(d_points, d_centroids, d_labels, p);
  update_centroids<<<(p.k + 63) / 64, 64, 0, s>>>(d_centroids, p);
  CUDA_CHECK(cudaGetLastError());
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20, k = 16;
  std::vector<float> h_points(size_t(n) * DIM);
  for (size_t i = 0; i < h_points.size(); ++i) h_points[i] = float(rand()) / RAND_MAX;
  float *d_points, *d_centroids;
  int *d_labels;
  KMeansParams p{n, k, nullptr, nullptr};
  CUDA_CHECK(cudaMalloc(&d_points, sizeof(float) * h_points.size()));
  CUDA_CHECK(cudaMalloc(&d_centroids, sizeof(float) * k * DIM));
  CUDA_CHECK(cudaMalloc(&d_labels, sizeof(int) * n));
  CUDA_CHECK(cudaMalloc(&p.sums, sizeof(float) * k * DIM));
  CUDA_CHECK(cudaMalloc(&p.counts, sizeof(int) * k));
  CUDA_CHECK(cudaMemcpy(d_points, h_points.data(), sizeof(float) * h_points.size(), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_centroids, h_points.data(), sizeof(float) * k * DIM, cudaMemcpyHostToDevice));
  for (int it = 0; it < 10; ++it) kmeans_step(d_points, d_centroids, d_labels, p, 0);
  CUDA_CHECK(cudaDeviceSynchronize());
  printf("done\n");
  return 0;
}
