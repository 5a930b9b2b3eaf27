// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward
// Integer row sums and row maxima: exact in any order, no assumption needed.
#include <cuda_runtime.h>

__global__ void row_stats(const int *m, long long *sums, int *maxima, unsigned rows, unsigned cols) {
  unsigned r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  long long total = 0;
  int best = m[r * cols];
  for (unsigned c = 0; c < cols; c++) {
    int v = m[r * cols + c];
    total += v;
    best = max(best, v);
  }
  sums[r] = total;
  maxima[r] = best;
}

void launch_row_stats(const int *m, long long *sums, int *maxima, unsigned rows, unsigned cols) {
  unsigned grid = (rows + 255) / 256;
  row_stats<<<grid, 256>>>(m, sums, maxima, rows, cols);
}
// CHECK-FIXES: {{^}}  for (unsigned int r = blockIdx.x; r < rows; r += gridDim.x) {
// CHECK-FIXES: {{^}}  for (unsigned c = threadIdx.x; c < cols; c += blockDim.x) {
// CHECK-FIXES: {{^}}  __shared__ long long total_warps[32];
// CHECK-FIXES: {{^}}  total = total_warps[0];
// CHECK-FIXES: {{^}}  __shared__ int best_warps[32];
// CHECK-FIXES: {{^}}  best = best_warps[0];
// CHECK-FIXES: {{^}}  if (threadIdx.x == 0) {
// CHECK-FIXES: {{^}}  if (threadIdx.x == 0) {
// CHECK-FIXES: {{^}}  row_stats<<<(rows) < 2147483647 ? (unsigned)(rows) : 2147483647u, 256>>>(m, sums, maxima, rows, cols);
