// 2-D 5-point Jacobi stencil with a shared tile and a one-cell halo, index
// macros, a ping-pong host loop and an error-check macro.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cstdio>
#include <utility>
#include <cuda_runtime.h>

#define BX 32
#define BY 8
#define IDX(i, j, ld) ((j) * (ld) + (i))
#define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line) {
  if (code != cudaSuccess) fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
}

__global__ void jacobi_shared(const float *__restrict__ in, float *__restrict__ out, int nx, int ny) {
  __shared__ float tile[BY + 2][BX + 2];
  int i = blockIdx.x * BX + threadIdx.x;
  int j = blockIdx.y * BY + threadIdx.y;
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  if (i < nx && j < ny) {
    tile[ty][tx] = in[IDX(i, j, nx)];
    if (threadIdx.x == 0 && i > 0) tile[ty][0] = in[IDX(i - 1, j, nx)];
    if (threadIdx.x == BX - 1 && i < nx - 1) tile[ty][BX + 1] = in[IDX(i + 1, j, nx)];
    if (threadIdx.y == 0 && j > 0) tile[0][tx] = in[IDX(i, j - 1, nx)];
    if (threadIdx.y == BY - 1 && j < ny - 1) tile[BY + 1][tx] = in[IDX(i, j + 1, nx)];
  }
  __syncthreads();
  if (i > 0 && j > 0 && i < nx - 1 && j < ny - 1)
    out[IDX(i, j, nx)] = 0.25f * (tile[ty][tx - 1] + tile[ty][tx + 1] + tile[ty - 1][tx] + tile[ty + 1][tx]);
}

__global__ void jacobi_global(float *out, float *in, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && j > 0 && i < nx - 1 && j < ny - 1)
    out[j * nx + i] = 0.25f * (in[j * nx + i - 1] + in[j * nx + i + 1] + in[(j - 1) * nx + i] + in[(j + 1) * nx + i]);
}

// A 9-point box blur with a fixed radius loop.
__global__ void box_blur(const float *in, float *out, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < 1 || j < 1 || i >= nx - 1 || j >= ny - 1) return;
  float acc = 0.0f;
  for (int dj = -1; dj <= 1; ++dj)
    for (int di = -1; di <= 1; ++di) acc += in[(j + dj) * nx + (i + di)];
  out[j * nx + i] = acc / 9.0f;
}

void run(float *d_a, float *d_b, int nx, int ny, int iters) {
  dim3 block(BX, BY), grid((nx + BX - 1) / BX, (ny + BY - 1) / BY);
  for (int it = 0; it < iters; ++it) {
    jacobi_shared<<<grid, block>>>(d_a, d_b, nx, ny);
    std::swap(d_a, d_b);
  }
  jacobi_global<<<grid, block>>>(d_b, d_a, nx, ny);
  box_blur<<<grid, block>>>(d_a, d_b, nx, ny);
  gpuErrchk(cudaPeekAtLastError());
}
