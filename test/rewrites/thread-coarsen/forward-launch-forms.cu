// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward
// REQUIRES: nvcc
// Every launch of a coarsened kernel has its grid divided, whatever the
// launch's form: <<<>>> with an integer, a macro, a dim3 variable or
// dim3(a, b); cudaLaunchKernel (the dim3 argument's x); cudaLaunchKernelEx
// (the config field); a launch in a host function template (edited once);
// two launchers of one kernel. An id spelled with the block size as a
// constant (`blockIdx.x * BLOCK + threadIdx.x`) counts when every launch
// uses that block size.
#include <cuda_runtime.h>

#define BLOCK 128
#define GRID_FOR(n) (((n) + BLOCK - 1) / BLOCK)

__global__ void bias(float *y, const float *b, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n)
    y[i] += b[i];
}
// CHECK-FIXES: {{^}}  if (i < n / 4) {{[{]}}{{$}}

__global__ void twice(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] *= 2.f;
}

void run_bias(float *y, const float *b, int n, cudaStream_t s) {
  bias<<<GRID_FOR(n), BLOCK, 0, s>>>(y, b, n);
  bias<<<dim3((n + BLOCK - 1) / BLOCK, 1), dim3(BLOCK)>>>(y, b, n);
}
// CHECK-FIXES: {{^}}  bias<<<(GRID_FOR(n) + 3) / 4, BLOCK, 0, s>>>(y, b, n);{{$}}
// CHECK-FIXES-NEXT: {{^}}  bias<<<dim3(((n + BLOCK - 1) / BLOCK + 3) / 4, 1), dim3(BLOCK)>>>(y, b, n);{{$}}

void run_twice(float *y, int n, cudaStream_t s) {
  void *args[] = {&y, &n};
  cudaLaunchKernel((const void *)twice, dim3((n + 255) / 256), dim3(256), args, 0, s);
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3((n + 511) / 512);
  cfg.blockDim = dim3(512);
  cfg.stream = s;
  cudaLaunchKernelEx(&cfg, twice, y, n);
}
// CHECK-FIXES: {{^}}  cudaLaunchKernel((const void *)twice, dim3(((n + 255) / 256 + 3) / 4), dim3(256), args, 0, s);{{$}}
// CHECK-FIXES: {{^}}  cfg.gridDim = dim3(((n + 511) / 512 + 3) / 4);{{$}}

template <typename T>
void run_any(T *y, int n) {
  twice<<<(n + 63) / 64, 64>>>((float *)y, n);
}
// CHECK-FIXES: {{^}}  twice<<<((n + 63) / 64 + 3) / 4, 64>>>((float *)y, n);{{$}}

void instantiate(float *f, double *d, int n) {
  run_any(f, n);
  run_any(d, n);
}
