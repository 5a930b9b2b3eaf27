// REQUIRES: nvcc
// RUN: %klineage-rewrite --rewrite=row-parallelize --direction=forward %s -o %t.fwd.cu
// RUN: %klineage-rewrite --rewrite=row-parallelize --direction=reverse %t.fwd.cu -o %t.back.cu
// RUN: FileCheck %s --check-prefix=BACK --input-file=%t.back.cu
// RUN: not grep -E "^[^/]*(__shfl|__shared__|__syncthreads)" %t.back.cu
// RUN: %nvcc -c -o %t.back.o %t.back.cu
// Forward then reverse on an argmax: forward's (value, column) reduction --
// the combine `other > best || (other == best && arg_other < arg)`, ties to
// the smaller column as the serial `>` keeps the first -- is read back as an
// argmax combine (each comparison decided in the nine orders of the values
// and of the indices) and removed. Exact: no assumption needed.
#include <cuda_runtime.h>

__global__ void row_argmax(const float *x, int *idx, float *val, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float best = x[r * cols];
  int arg = 0;
  for (int c = 1; c < cols; ++c) {
    float v = x[r * cols + c];
    if (v > best) {
      best = v;
      arg = c;
    }
  }
  idx[r] = arg;
  val[r] = best;
}

void row_argmax_launch(const float *x, int *idx, float *val, int rows, int cols, cudaStream_t stream) {
  row_argmax<<<(rows + 255) / 256, 256, 0, stream>>>(x, idx, val, rows, cols);
}
// BACK:       {{^}}__global__ void row_argmax(const float *x, int *idx, float *val, int rows, int cols) {
// BACK-NEXT:  {{^}}  int r = blockIdx.x * blockDim.x + threadIdx.x;
// BACK-NEXT:  {{^}}  if (r < rows) {
// BACK-NEXT:  {{^}}  float best = x[r * cols];
// BACK-NEXT:  {{^}}  int arg = 0;
// BACK-NEXT:  {{^}}  for (int c = 1; c < cols; ++c) {
// BACK-NEXT:  {{^}}    float v = x[r * cols + c];
// BACK-NEXT:  {{^}}    if (v > best) {
// BACK-NEXT:  {{^}}      best = v;
// BACK-NEXT:  {{^}}      arg = c;
// BACK-NEXT:  {{^}}    }
// BACK-NEXT:  {{^}}  }
// BACK-NEXT:  {{^}}  idx[r] = arg;
// BACK-NEXT:  {{^}}  val[r] = best;
// BACK-NEXT:  {{^}}  }
// BACK-NEXT:  {{^}}}
// BACK:       {{^}}  row_argmax<<<rows / 256 + (rows % 256 != 0), 256, 0, stream>>>(x, idx, val, rows, cols);
