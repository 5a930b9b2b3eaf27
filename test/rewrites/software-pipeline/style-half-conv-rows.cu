// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=software-pipeline --from=forward
// REQUIRES: nvcc
// __half data staged as rows of a 2-D filter window: each step stages one
// input row of the block's columns plus the filter's overhang (a macro
// width), converted to float in the compute; the counter runs over rows
// with a while-style bound `r < rows - FR + 1`.
// Forward then reverse gives the input back.
#include <cuda_fp16.h>

#define FR 3
#define BW 128

__global__ void conv_rows(const __half *__restrict__ img, const float *__restrict__ filt, float *__restrict__ out,
                          int rows, int cols) {
  __shared__ __half line[BW + FR - 1];
  const int x = blockIdx.x * BW + threadIdx.x;
  float acc = 0.0f;
  for (int r = 0; r < rows - FR + 1; ++r) {
    line[threadIdx.x] = x < cols ? img[r * cols + x] : __float2half(0.0f);
    if (threadIdx.x < FR - 1)
      line[BW + threadIdx.x] = x + BW < cols ? img[r * cols + x + BW] : __float2half(0.0f);
    __syncthreads();
    for (int f = 0; f < FR; ++f)
      acc += filt[f] * __half2float(line[threadIdx.x + f]);
    __syncthreads();
  }
  if (x < cols)
    out[x] = acc;
}
// CHECK-FIXES: {{^}}  __shared__ __half line[2][BW + FR - 1];{{$}}
// CHECK-FIXES: {{^}}  if (0 < rows - FR + 1) {{{$}}
// CHECK-FIXES: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES: {{^}}  int stage = 0;{{$}}
// CHECK-FIXES: {{^}}    const bool has_next = r + 1 < rows - FR + 1;{{$}}
// CHECK-FIXES: {{^}}      line_next = x < cols ? img[(r + 1) * cols + x] : __float2half(0.0f);{{$}}
// CHECK-FIXES: {{^}}      acc += filt[f] * __half2float(line[stage][threadIdx.x + f]);{{$}}
// CHECK-FIXES: {{^}}      line[stage ^ 1][threadIdx.x] = line_next;{{$}}
// CHECK-FIXES: {{^}}    stage ^= 1;{{$}}
