// Kernels in user headers, reached from this file (test/tool/headers-*.test).
#include "kern.cuh"
#include "./sub/../kern.cuh" // the same header by a second path: its guard keeps one inclusion
#include "proto.cuh"
#include "vec.cuh"

__global__ void local(float *x) {
  for (int j = 0; j < 8; ++j) x[j] = 0.f;
}

// Also declared in proto.cuh: making 'in' const changes the function's type,
// so forward readonly-restrict edits both declarations.
__global__ void blur(float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i + 1 < n) out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.f;
}

void launch(const float *a, float *b, int n) {
  scale<<<1, 32>>>(a, b, n);
  blur<<<1, 32>>>(const_cast<float *>(a), b, n);
  copy4<<<1, 32>>>(a, b);
}
