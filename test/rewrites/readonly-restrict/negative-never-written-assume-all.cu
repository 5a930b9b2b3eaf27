// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=all
// --assume=all settles unknowns, never facts. A write through a pointer
// derived in an uninstantiated template (`p + i` has a dependent type there,
// pytorch's im2col) and a non-const pointer handed to a callee whose body is
// not visible (it may write: its signature says so) both fail never-written.
template <typename scalar_t>
__global__ void im2col(int n, scalar_t *data_col) {
  // CHECK-MESSAGES: :[[@LINE-1]]:41: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'never-written' fails: 'data_col' is written: store at line [[@LINE+2]] ('*col = data_col[n]') [KL1301]
  scalar_t *col = data_col + threadIdx.x;
  *col = data_col[n];
}
__device__ void ext(float *p);
__global__ void k(float *out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:26: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'never-written' fails: 'out' is written: it may be written by 'ext' (parameter 'p' is 'float *'), whose body is not visible, at line [[@LINE+1]] ('ext(out)') (and 1 more) [KL1301]
  ext(out);
  out[1] = out[2];
}
