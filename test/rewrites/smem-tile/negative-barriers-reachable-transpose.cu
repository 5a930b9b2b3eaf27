// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// Transposing stores the threads do not all reach through one bound test:
// a batch loop around the store (its trip count is the kernel's), and a
// first row of threads that leaves before the store.
#include <cuda_runtime.h>

__global__ void batched(int B, int n, const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  for (int b = 0; b < B; ++b)
    out[(size_t)b * n * n + x * n + y] = in[(size_t)b * n * n + y * n + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'barriers-reachable' fails: the store sits inside the loop at line [[@LINE-2]], not under one bound test [KL2505]
}

__global__ void skip_first_row(int n, const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (threadIdx.y == 0)
    return;
  if (x < n && y < n)
    out[x * n + y] = in[y * n + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 2: precondition 'barriers-reachable' fails: the test line [[@LINE-4]] ('threadIdx.y == 0') runs besides the store's bound test: only declarations and one bound test may [KL2505]
}

void run(int B, int n, const float *in, float *out) {
  batched<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(B, n, in, out);
  skip_first_row<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(n, in, out);
}
