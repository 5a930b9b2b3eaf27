// AXPY candidate whose vector width comes from a local header (written by the
// test next to a copy of this file): the gate's cache must see the header.
#include <cuda_runtime.h>
#include "axpy-config.h"

__global__ void axpy_header_kernel(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if AXPY_VEC4
  if (4 * i + 3 < n) {
    float4 xv = reinterpret_cast<const float4 *>(x)[i];
    float4 yv = reinterpret_cast<float4 *>(y)[i];
    yv.x = a * xv.x + yv.x; yv.y = a * xv.y + yv.y; yv.z = a * xv.z + yv.z; yv.w = a * xv.w + yv.w;
    reinterpret_cast<float4 *>(y)[i] = yv;
  } else {
    for (int k = 4 * i; k < n; ++k) y[k] = a * x[k] + y[k];
  }
#else
  if (i < n) y[i] = a * x[i] + y[i];
#endif
}

void axpy_launch(int n, float a, const float *x, float *y) {
  if (n <= 0) return;
  int per = AXPY_VEC4 ? 4 : 1;
  int threads = (n + per - 1) / per;
  axpy_header_kernel<<<(threads + 255) / 256, 256>>>(n, a, x, y);
}
