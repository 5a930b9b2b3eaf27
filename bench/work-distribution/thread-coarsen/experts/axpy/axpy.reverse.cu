// AXPY candidate: one thread per element, grid-stride loop.
#include <cuda_runtime.h>

__global__ void axpy_kernel(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// Host launcher called by the gate: stream-ordered on the default stream.
void axpy_launch(int n, float a, const float *x, float *y) {
  if (n <= 0) return;
  int block = 256;
  long long blocks = (n + block - 1) / block;
  int grid = (int)(blocks < 132 * 16 ? blocks : 132 * 16);
  axpy_kernel<<<(n + block - 1) / block, block>>>(n, a, x, y);
}
