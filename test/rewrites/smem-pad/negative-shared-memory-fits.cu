// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward --expect-exit=2
// A tile of 96 x 128 floats takes the whole 48 KiB a static allocation may
// have; padding its rows by one float (384 bytes) would not compile.
#include <cuda_runtime.h>

__global__ void big_tile(const float *in, float *out) {
  __shared__ float big[96][128];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (forward) at site 1: precondition 'shared-memory-fits' fails: with the pad (384 bytes more) 'big_tile' does not fit: static __shared__ takes 49536 bytes, over the 49152 a static allocation may have [KL1507]
  for (int r = threadIdx.y; r < 96; r += 8)
    big[r][threadIdx.x] = in[r * 128 + threadIdx.x];
  __syncthreads();
  const int c = threadIdx.x % 96;
  out[threadIdx.y * 128 + threadIdx.x] = big[c][threadIdx.y] + big[c][threadIdx.y + 8];
}

void run(const float *in, float *out) { big_tile<<<1, dim3(128, 8)>>>(in, out); }
