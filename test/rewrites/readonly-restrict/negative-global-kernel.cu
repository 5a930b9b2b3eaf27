// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// A __device__ function may be called with a pointer into shared or local
// memory (here: a shared tile); __ldg is a global-memory load
// (ld.global.nc), so rewriting the helper's loads would be wrong for such
// callers. Only __global__ kernel parameters are known to point to global
// memory.
__device__ float sum3(const float *v, int i) {
  // CHECK-MESSAGES: :[[@LINE-1]]:36: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'global-kernel' fails: 'sum3' is a __device__ function: callers may pass shared or local pointers{{.*}} [KL1305]
  return v[i - 1] + v[i] + v[i + 1];
}

__global__ void smooth(float *__restrict__ out) {
  __shared__ float tile[258];
  tile[threadIdx.x + 1] = threadIdx.x * 0.5f;
  __syncthreads();
  out[threadIdx.x] = sum3(tile, threadIdx.x + 1);
}
