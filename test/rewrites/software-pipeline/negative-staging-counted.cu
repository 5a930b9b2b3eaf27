// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward --expect-exit=2
// A staging loop whose trip count depends on the block's width (a thread
// stages blockDim.x-strided elements of a 1-D tile): each thread's
// registers for the next step would need a count known here.
#include <cuda_runtime.h>

#define CHUNK 512

__global__ void chunk_sums(const float *x, float *out, int n) {
  __shared__ float xs[CHUNK];
  float acc = 0.0f;
  for (int base = 0; base < n; base += CHUNK) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 1: precondition 'staging-counted' fails: the staging loop at line [[@LINE+1]] ('for (int i = threadIdx.x; i < CHUNK; i += blockDim.x) ...') has no trip count known here: each thread's registers for a step need a fixed count (a loop strided by the block has one when the launches fix the block shape, or --assume=block:X[,Y,Z]) [KL2704]
    for (int i = threadIdx.x; i < CHUNK; i += blockDim.x)
      xs[i] = base + i < n ? x[base + i] : 0.0f;
    __syncthreads();
    acc += xs[(threadIdx.x * 7) % CHUNK];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
