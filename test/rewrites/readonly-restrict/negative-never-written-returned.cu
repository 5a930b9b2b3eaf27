// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// The pointer goes into a helper that returns a pointer derived from it: what
// the caller does with the result is not followed, so never-written is
// unknown (and the helper's `float *` return type would have to change too).
// The site is still reported, with the reason, instead of being dropped.
__device__ __forceinline__ float *row_ptr(float *base, int r, int ld) { return base + r * ld; }

__global__ void rowsum(float *M, float *__restrict__ out, int rows, int cols) {
  // CHECK-MESSAGES: :[[@LINE-1]]:31: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'never-written' is unknown: cannot follow 'M': in 'row_ptr': it is returned at line 6 ('return base + r * ld'), and the uses of the returned pointer are not followed{{.*}} [KL1301]
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  const float *row = row_ptr(M, r, cols);
  float s = 0;
  for (int c = 0; c < cols; ++c) s += row[c];
  out[r] = s;
}
