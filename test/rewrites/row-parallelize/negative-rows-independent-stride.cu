// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward --expect-exit=2
// A column-major matrix: column c of row r is at c * ld + r. The columns
// write distinct elements only if ld is not 0, which the kernel does not
// say: unknown, not rewritten.
__global__ void colmajor_scale(float *y, const float *x, int rows, int cols, int ld) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 1: precondition 'rows-independent' is unknown: the store 'y[c * ld + r]' is not at an element indexed by the column {{.*}} [KL1806]
  if (r >= rows)
    return;
  int m = 1;
  for (int c = 0; c < cols; ++c)
    m = max(m, (int)x[c * ld + r]);
  for (int c = 0; c < cols; ++c)
    y[c * ld + r] = x[c * ld + r] / m;
}

void colmajor_scale_launch(float *y, const float *x, int rows, int cols, int ld) {
  colmajor_scale<<<(rows + 255) / 256, 256>>>(y, x, rows, cols, ld);
}
