// Host side of vecops_kernels.cuh, plus kernels of its own: std::vector,
// printf, cudaMalloc, an error-check macro, a functor with a device operator.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include "vecops_kernels.cuh"
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

#define CHECK(call)                                                                       \
  {                                                                                       \
    const cudaError_t error = call;                                                       \
    if (error != cudaSuccess) {                                                           \
      printf("Error: %s:%d, code:%d, reason: %s\n", __FILE__, __LINE__, error,            \
             cudaGetErrorString(error));                                                  \
      exit(1);                                                                            \
    }                                                                                     \
  }

struct Scale {
  float s;
  __host__ __device__ float operator()(float v) const { return s * v; }
};

template <typename F>
__global__ void transform(const float *in, float *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(in[i]);
}

__global__ void add_pairs(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (2 * i + 1 < n) out[i] = in[2 * i] + in[2 * i + 1];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  std::vector<float> hx(n, 1.0f), hy(n, 2.0f);
  float *dx, *dy, *dp;
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CHECK(cudaMalloc(&dp, 256 * sizeof(float)));
  CHECK(cudaMemcpy(dx, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dy, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  vecops::axpy<float><<<256, 256>>>(2.0f, dx, dy, (size_t)n);
  vecops::axpy<double><<<256, 256>>>(2.0, (const double *)dx, (double *)dy, (size_t)n / 2);
  vecops::dot_partial<256><<<256, 256>>>(dx, dy, dp, n);
  transform<<<(n + 255) / 256, 256>>>(dx, dy, n, Scale{3.0f});
  add_pairs<<<(n / 2 + 255) / 256, 256>>>(dx, dy, n);
  std::vector<float> hp(256);
  CHECK(cudaMemcpy(hp.data(), dp, 256 * sizeof(float), cudaMemcpyDeviceToHost));
  printf("dot = %f\n", std::accumulate(hp.begin(), hp.end(), 0.0f));
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  CHECK(cudaFree(dp));
  return 0;
}
