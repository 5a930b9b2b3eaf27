// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse --expect-exit=2
// Each thread's partial count starts at 1, not at the sum's identity: the
// block adds 256 starts, a single thread would add one.
#include <cuda_runtime.h>

__global__ void count_positive(const int *x, int *counts, int rows, int cols) {
  __shared__ int part[256];
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 1: precondition 'folds-recognised' fails: 'n' does not start at the sum's identity: the block adds eve{{.*}} [KL1804]
    int n = 1;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
      n += x[r * cols + c] > 0;
    part[threadIdx.x] = n;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the statement in question [here]
    __syncthreads();
    for (int h = blockDim.x / 2; h > 0; h /= 2) {
      if (threadIdx.x < h)
        part[threadIdx.x] += part[threadIdx.x + h];
      __syncthreads();
    }
    if (threadIdx.x == 0)
      counts[r] = part[0];
    __syncthreads();
  }
}

void launch(const int *x, int *counts, int rows, int cols) { count_positive<<<rows, 256>>>(x, counts, rows, cols); }

// The accumulator is reset to 1 between two reductions: the second
// partial starts at 1 in every thread of the warp, which adds 32 of them.
__global__ void two_sums(const float *x, float *out, int rows, int cols) {
  int r = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 2: precondition 'folds-recognised' fails: 's' does not start at the sum's identity: the block adds eve{{.*}} [KL1804]
  if (r >= rows)
    return;
  float s = 0.f;
  for (int c = threadIdx.x % 32; c < cols; c += 32)
    s += x[r * cols + c];
  for (int o = 16; o > 0; o /= 2)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  float first = s;
  s = 1.f;
  for (int c = threadIdx.x % 32; c < cols; c += 32)
    s += x[r * cols + c] * first;
  for (int o = 16; o > 0; o /= 2)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the statement in question [here]
  if (threadIdx.x % 32 == 0)
    out[r] = s;
}

void two_sums_launch(const float *x, float *out, int rows, int cols) { two_sums<<<(rows + 3) / 4, 128>>>(x, out, rows, cols); }
