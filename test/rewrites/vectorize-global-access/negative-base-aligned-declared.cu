// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=all
// base-aligned is decided from a declaration: a `__device__ float` array is
// only 4-byte aligned, so a float2 of it fails, and --assume=all (which
// settles unknowns only) does not make it hold.
__device__ float plain_table[1024];

__global__ void lookup_plain(float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = plain_table[2 * i], b = plain_table[2 * i + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'base-aligned' fails: 'plain_table' is declared with 4-byte alignment, less than the 8 bytes the vector access needs [KL1103]
  out[i] = a * b;
}
