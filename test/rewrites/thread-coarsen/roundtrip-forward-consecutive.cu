// RUN: %check-roundtrip %s %t --rewrite=thread-coarsen --from=forward
// REQUIRES: nvcc
// Forward (consecutive, C = 4) then reverse gives back the input: the lane
// index 4 * i + k (parenthesised where forward parenthesised it) becomes i
// again, `continue` becomes `return`, the grid's ceil-division by 4 is undone.
#include <cuda_runtime.h>

__global__ void gelu(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i];
    if (v < -8.f) {
      out[i] = 0.f;
      return;
    }
    out[i] = 0.5f * v * (1.f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v))) + 0.f * (i - 1);
  }
}

void run(const float *in, float *out, int n, cudaStream_t s) {
  gelu<<<(n + 255) / 256, 256, 0, s>>>(in, out, n);
}
