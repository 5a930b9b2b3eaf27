// nvcc's crt/math_functions.hpp makes min/max `__host__ __device__`; Clang's
// are __device__ only. Without the prelude's host overloads, the launcher's
// min/max have no match and the whole file fails to parse (exit 1).
// RUN: %klineage-rewrite --list-sites --rewrite=loop-unroll --format=json %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=KL7
// RUN: %nvcc -arch=sm_90 -c %s -o %t.o
#include <cstdio>
#include <cmath>

__global__ void scale(float *x, int n, float a) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    x[i] = a * x[i] + min(i, n);
}
// CHECK: "function": "scale"

void launch(float *x, int n, unsigned long long bytes, size_t cap) {
  int threads = min(n, 256);
  int blocks = max((n + threads - 1) / threads, 1);
  unsigned long long limit = min(bytes, (unsigned long long)cap);
  double w = max(0.5f, 2.0);
  scale<<<blocks, threads>>>(x, n, (float)w + (float)limit);
}
