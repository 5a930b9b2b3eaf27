// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward --expect-exit=2
// An online logsumexp: the running maximum is exact in any order, but the
// rescaled sum of exponentials is a float sum that the block regroups.
// Without --assume=reassociate it is unknown (forward-online-softmax.cu
// asserts it). An argmax needs no assumption: it compares, it never adds.
__global__ void online_lse(const float *x, float *lse, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 1: precondition 'sum-reassociable' is unknown: 's' is a float sum of exponentials rescaled by the running maximum 'm': {{.*}} [KL1805]
  if (r >= rows)
    return;
  float m = -1e30f, s = 0.f;
  for (int c = 0; c < cols; ++c) {
    float v = x[r * cols + c];
    float mn = fmaxf(m, v);
    s = s * expf(m - mn) + expf(v - mn);
    m = mn;
  }
  lse[r] = m + logf(s);
}
