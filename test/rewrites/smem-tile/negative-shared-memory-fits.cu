// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// The kernel already holds 40 KiB of shared memory; two 32 x 32 tiles of
// doubles (16 KiB) would take it past the 48 KiB a static allocation may
// have.
#include <cuda_runtime.h>

__global__ void dgemm_with_table(int n, const double *a, const double *b, double *c, const double *t) {
  __shared__ double table[5120];
  table[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  double s = 0;
  for (int k = 0; k < n; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'shared-memory-fits' fails: with the tiles (16384 bytes) 'dgemm_with_table' does not fit: static __shared__ takes 57344 bytes, over the 49152 a static allocation may have [KL1507]
    s += a[y * n + k] * b[k * n + x];
  c[y * n + x] = s * table[x % 5120];
}

void run(int n, const double *a, const double *b, double *c, const double *t) {
  dgemm_with_table<<<dim3(n / 32, n / 32), dim3(32, 32)>>>(n, a, b, c, t);
}
