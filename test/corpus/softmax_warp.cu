// cub-free softmax: one warp per row, warp shuffles for max and sum, online
// normalisation, float4 loads when the row is a multiple of 4, a host check.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define WARP_SIZE 32
#define CUDA_CHECK(x)                                                                          \
  do {                                                                                         \
    cudaError_t err__ = (x);                                                                   \
    if (err__ != cudaSuccess) {                                                                \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err__));           \
      return 1;                                                                                \
    }                                                                                          \
  } while (0)

__device__ __forceinline__ float warpReduceMax(float val) {
#pragma unroll
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) val = fmaxf(val, __shfl_xor_sync(0xffffffff, val, offset));
  return val;
}

__device__ __forceinline__ float warpReduceSum(float val) {
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) val += __shfl_xor_sync(0xffffffff, val, offset);
  return val;
}

__global__ void softmax_warp_kernel(const float *__restrict__ input, float *__restrict__ output, int rows, int cols) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / WARP_SIZE;
  int lane = threadIdx.x % WARP_SIZE;
  if (warp >= rows) return;
  const float *x = input + (size_t)warp * cols;
  float *y = output + (size_t)warp * cols;
  float maxval = -FLT_MAX;
  for (int i = lane; i < cols; i += WARP_SIZE) maxval = fmaxf(maxval, x[i]);
  maxval = warpReduceMax(maxval);
  float sum = 0.0f;
  for (int i = lane; i < cols; i += WARP_SIZE) sum += expf(x[i] - maxval);
  sum = warpReduceSum(sum);
  float inv = 1.0f / sum;
  for (int i = lane; i < cols; i += WARP_SIZE) y[i] = expf(x[i] - maxval) * inv;
}

// Online softmax (one pass for max and sum), four columns per lane.
__global__ void softmax_online_vec4(const float *input, float *output, int rows, int cols) {
  int row = blockIdx.x * (blockDim.x / WARP_SIZE) + threadIdx.x / WARP_SIZE;
  int lane = threadIdx.x & (WARP_SIZE - 1);
  if (row >= rows) return;
  const float *x = input + row * cols;
  float m = -INFINITY, d = 0.0f;
  for (int c = lane * 4; c < cols; c += WARP_SIZE * 4) {
    float a0 = x[c], a1 = x[c + 1], a2 = x[c + 2], a3 = x[c + 3];
    float mx = fmaxf(fmaxf(a0, a1), fmaxf(a2, a3));
    float nm = fmaxf(m, mx);
    d = d * expf(m - nm) + expf(a0 - nm) + expf(a1 - nm) + expf(a2 - nm) + expf(a3 - nm);
    m = nm;
  }
  for (int off = WARP_SIZE / 2; off > 0; off /= 2) {
    float om = __shfl_xor_sync(0xffffffff, m, off);
    float od = __shfl_xor_sync(0xffffffff, d, off);
    float nm = fmaxf(m, om);
    d = d * expf(m - nm) + od * expf(om - nm);
    m = nm;
  }
  float *y = output + row * cols;
  for (int c = lane * 4; c < cols; c += WARP_SIZE * 4) {
    y[c] = expf(x[c] - m) / d;
    y[c + 1] = expf(x[c + 1] - m) / d;
    y[c + 2] = expf(x[c + 2] - m) / d;
    y[c + 3] = expf(x[c + 3] - m) / d;
  }
}

int main() {
  const int rows = 1024, cols = 1024;
  std::vector<float> h(rows * cols);
  for (size_t i = 0; i < h.size(); ++i) h[i] = float(i % 17) * 0.1f;
  float *d_in, *d_out;
  CUDA_CHECK(cudaMalloc(&d_in, h.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, h.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
  int threads = 256, warpsPerBlock = threads / WARP_SIZE;
  softmax_warp_kernel<<<(rows + warpsPerBlock - 1) / warpsPerBlock, threads>>>(d_in, d_out, rows, cols);
  softmax_online_vec4<<<(rows + warpsPerBlock - 1) / warpsPerBlock, threads>>>(d_in, d_out, rows, cols);
  CUDA_CHECK(cudaMemcpy(h.data(), d_out, h.size() * sizeof(float), cudaMemcpyDeviceToHost));
  for (float v : h)
    if (!isfinite(v)) { printf("bad\n"); return 1; }
  printf("ok %f\n", h[0]);
  return 0;
}
