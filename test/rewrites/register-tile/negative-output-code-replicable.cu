// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=forward --expect-exit=2
// An output's code that leaves the kernel (a return inside it would end every
// copy of the thread), and a per-output local array (not one register per
// output).
#include <cuda_runtime.h>

__global__ void returns_inside(int n, const float *a, const float *b, float *c) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: cannot apply 'register-tile' (forward) at site 1: precondition 'output-code-replicable' fails: line [[@LINE+8]] ('return') leaves the code of one output: with several outputs per thread it would leave them all [KL2604]
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float s = 0;
    for (int k = 0; k < n; ++k) {
      s += a[row * n + k] * b[k * n + col];
      if (s > 1e30f)
        return;
    }
    c[row * n + col] = s;
  }
}

__global__ void local_array(int n, const float *a, const float *b, float *c) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: cannot apply 'register-tile' (forward) at site 2: precondition 'output-code-replicable' fails: 'h' differs per output and is not a scalar local: it cannot become one register per output [KL2604]
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float h[2] = {0, 0};
    for (int k = 0; k < n; ++k)
      h[k & 1] += a[row * n + k] * b[k * n + col];
    c[row * n + col] = h[0] + h[1];
  }
}

void launch(int n, const float *a, const float *b, float *c) {
  dim3 block(16, 16), grid((n + 15) / 16, (n + 15) / 16);
  returns_inside<<<grid, block>>>(n, a, b, c);
  local_array<<<grid, block>>>(n, a, b, c);
}
