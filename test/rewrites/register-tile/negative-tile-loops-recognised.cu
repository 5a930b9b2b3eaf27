// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=reverse --expect-exit=2
// A tile counter used as a value (a per-copy weight `i + 1`): the copies are
// not the same computation at different outputs, so one output per thread
// cannot stand for them.
#include <cuda_runtime.h>

__global__ void weighted(int n, const float *a, float *c) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: cannot apply 'register-tile' (reverse) at site 1: precondition 'tile-loops-recognised' fails: line [[@LINE+6]] ('i') uses the tile counter 'i' other than as `index + i * S` or a register array's subscript [KL2611]
  int row = blockIdx.y * 4 * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  #pragma unroll
  for (int i = 0; i < 4; ++i)
    if (row + i * blockDim.y < n && col < n)
      c[(row + i * blockDim.y) * n + col] = a[(row + i * blockDim.y) * n + col] * (i + 1);
}

// Copies with nothing else to loop over (an elementwise kernel, four
// consecutive elements a thread, llm.c's packs made scalar): no read is
// shared between the outputs, which is what the forward tiles for; their
// reverse is thread-coarsen's.
__global__ void elementwise4(int n, const float *a, float *c) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: cannot apply 'register-tile' (reverse) at site 2: precondition 'tile-loops-recognised' fails: no loop but the tile copies: the outputs share no reads to keep in registers (an elementwise kernel's outputs per thread are thread-coarsen's) [KL2611]
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (i < n) {
    for (int k = 0; k < 4; ++k)
      c[i + k] = 2.0f * a[i + k];
  }
}

void launch(int n, const float *a, float *c) {
  dim3 block(16, 16), grid((n + 15) / 16, ((n + 15) / 16 + 3) / 4);
  weighted<<<grid, block>>>(n, a, c);
  elementwise4<<<(n + 1023) / 1024, 256>>>(n, a, c);
}
