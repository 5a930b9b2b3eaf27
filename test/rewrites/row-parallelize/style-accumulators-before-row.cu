// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// A common hand style: the row's running maximum and sum are declared at the
// top of the kernel, before the row index, with `max` and the double `exp`
// on floats and a local element index in each column loop. Each thread used
// them for its one row; in the row loop each row starts them afresh, so the
// declarations move to the start of the row.
#include <cuda_runtime.h>
#include <math.h>

__global__ void rows_softmax(const float *logits, float *probs, int rows, int cols) {
  float top = -INFINITY;
  float total = 0;
  int row = blockDim.x * blockIdx.x + threadIdx.x;
  if (row < rows) {
    for (int j = 0; j < cols; j++) {
      int at = row * cols + j;
      top = max(top, logits[at]);
    }
    for (int j = 0; j < cols; j++) {
      int at = row * cols + j;
      total += exp(logits[at] - top);
    }
    for (int j = 0; j < cols; j++) {
      int at = row * cols + j;
      probs[at] = exp(logits[at] - top) / total;
    }
  }
}

void rows_softmax_launch(const float *logits, float *probs, int rows, int cols) {
  int threads = 128;
  rows_softmax<<<(rows + threads - 1) / threads, threads>>>(logits, probs, rows, cols);
}
// CHECK-FIXES: {{^}}__global__ void rows_softmax(const float *logits, float *probs, int rows, int cols) {
// CHECK-FIXES-NEXT: {{^}}  for (int row = blockIdx.x; row < rows; row += gridDim.x) {
// CHECK-FIXES-NEXT: {{^}}    float top = -INFINITY;
// CHECK-FIXES-NEXT: {{^}}    float total = 0;
// CHECK-FIXES-NEXT: {{^}}  if (row < rows) {
// CHECK-FIXES-NEXT: {{^}}    for (int j = threadIdx.x; j < cols; j += blockDim.x) {
// CHECK-FIXES: {{^}}        top = max(top, __shfl_down_sync(0xffffffffu, top, top_offset));
// CHECK-FIXES: {{^}}    top = top_warps[0];
// CHECK-FIXES: {{^}}    total = total_warps[0];
// CHECK-FIXES: {{^}}  rows_softmax<<<rows, 256>>>(logits, probs, rows, cols);
