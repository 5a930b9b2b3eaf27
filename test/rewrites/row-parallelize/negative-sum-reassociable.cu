// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward --expect-exit=2
// A float row sum: spread over a block it is added in another order and
// rounds differently. Unknown until --assume=reassociate says the
// workload's tolerance allows it (forward-basic.cu).
__global__ void row_sum(const float *x, float *out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 1: precondition 'sum-reassociable' is unknown: 's' is a float sum{{.*}} [KL1805]
  if (r >= rows)
    return;
  float s = 0.0f;
  for (int c = 0; c < cols; ++c)
    s += x[r * cols + c];
  out[r] = s;
}

void row_sum_launch(const float *x, float *out, int rows, int cols) {
  row_sum<<<(rows + 255) / 256, 256>>>(x, out, rows, cols);
}
