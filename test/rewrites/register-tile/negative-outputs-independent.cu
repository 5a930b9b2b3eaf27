// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=forward --expect-exit=2
// Outputs that share memory: a store at an address of the row only (every
// column's copy would write it), and a block that cooperates through shared
// memory and a barrier (a thread's work is tied to its position).
#include <cuda_runtime.h>

__global__ void row_store(int n, const float *a, const float *b, float *rowsum) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: cannot apply 'register-tile' (forward) at site 1: precondition 'outputs-independent' fails: line [[@LINE+7]] ('rowsum[row]') writes at an address that does not depend on every index the value does: outputs would share it [KL2603]
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float s = 0;
    for (int k = 0; k < n; ++k)
      s += a[row * n + k] * b[k * n + col];
    rowsum[row] = s;
  }
}

__global__ void cooperates(int n, const float *a, const float *b, float *c) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: cannot apply 'register-tile' (forward) at site 2: precondition 'outputs-independent' fails: line [[@LINE+5]] ('__syncthreads()') cooperates with other threads of the block (a barrier, shared memory, a warp intrinsic): a thread's work is tied to its position [KL2603]
  __shared__ float t[16][16];
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  float s = 0;
  __syncthreads();
  if (row < n && col < n) {
    for (int k = 0; k < n; ++k)
      s += a[row * n + k] * b[k * n + col];
    c[row * n + col] = s;
  }
}

void launch(int n, const float *a, const float *b, float *c) {
  dim3 block(16, 16), grid((n + 15) / 16, (n + 15) / 16);
  row_store<<<grid, block>>>(n, a, b, c);
  cooperates<<<grid, block>>>(n, a, b, c);
}
