// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward --expect-exit=2
// The kernel already uses all 48 KiB of static shared memory a block may
// declare: the reduction's 32 partials do not fit.
#define TILE_FLOATS (48 * 1024 / 4)

__global__ void staged_sum(const float *x, int n, unsigned *nonzero) {
  __shared__ float tile[TILE_FLOATS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  if (tile[threadIdx.x] != 0.0f)
    atomicAdd(nonzero, 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (forward) at site 1: precondition 'shared-memory-fits' fails: 49152 + 128 bytes of static shared memory: {{.*}} [KL1507]
}
