// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=reverse --expect-exit=2
// The qualifier is spelled through a project macro (RESTRICT): removing the
// macro's use is a style decision of the project (and the macro may expand to
// nothing on other compilers); the rewrite does not guess.
#define RESTRICT __restrict__

__global__ void axpy(float a, const float *RESTRICT x, float *RESTRICT y, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:53: error: cannot apply 'readonly-restrict' (reverse) at site 1: precondition 'restrict-removable' fails: '__restrict__' of 'x' is not spelled in the parameter text {{.*}} [KL1307]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * __ldg(&x[i]);
}
