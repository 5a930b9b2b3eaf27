// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// A row-wise L2 normalisation, one thread per row: thread r sums the
// squares of row r, then scales the row. Forward: one block of 256 threads
// per row; the columns are strided over the block, the sum is reduced
// across it and broadcast, and the launch gets one block per row.
#include <cuda_runtime.h>

__global__ void l2_normalize(const float *x, float *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float ss = 0.0f;
  for (int c = 0; c < cols; ++c)
    ss += x[r * cols + c] * x[r * cols + c];
  float inv = rsqrtf(ss + 1e-12f);
  for (int c = 0; c < cols; ++c)
    y[r * cols + c] = x[r * cols + c] * inv;
}

void l2_normalize_launch(const float *x, float *y, int rows, int cols, cudaStream_t stream) {
  l2_normalize<<<(rows + 127) / 128, 128, 0, stream>>>(x, y, rows, cols);
}
// CHECK-FIXES:      {{^}}__global__ void l2_normalize(const float *x, float *y, int rows, int cols) {
// CHECK-FIXES-NEXT: {{^}}  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
// CHECK-FIXES-NEXT: {{^}}  float ss = 0.0f;
// CHECK-FIXES-NEXT: {{^}}  for (int c = threadIdx.x; c < cols; c += blockDim.x)
// CHECK-FIXES-NEXT: {{^}}    ss += x[r * cols + c] * x[r * cols + c];
// CHECK-FIXES-NEXT: {{^}}  __shared__ float ss_warps[32];
// CHECK-FIXES-NEXT: {{^}}  const unsigned ss_rank = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  const unsigned ss_lane = ss_rank % 32u;
// CHECK-FIXES-NEXT: {{^}}  const unsigned ss_threads = blockDim.x;
// CHECK-FIXES-NEXT: {{^}}  for (unsigned ss_offset = 16; ss_offset > 0; ss_offset /= 2)
// CHECK-FIXES-NEXT: {{^}}    ss += __shfl_down_sync(0xffffffffu, ss, ss_offset);
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  if (ss_lane == 0)
// CHECK-FIXES-NEXT: {{^}}    ss_warps[ss_rank / 32u] = ss;
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  if (ss_rank < 32u) {
// CHECK-FIXES-NEXT: {{^}}    ss = ss_rank < (ss_threads + 31u) / 32u ? ss_warps[ss_rank] : -0.0f;
// CHECK-FIXES-NEXT: {{^}}    for (unsigned ss_offset = 16; ss_offset > 0; ss_offset /= 2)
// CHECK-FIXES-NEXT: {{^}}      ss += __shfl_down_sync(0xffffffffu, ss, ss_offset);
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  if (ss_rank == 0)
// CHECK-FIXES-NEXT: {{^}}    ss_warps[0] = ss;
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  ss = ss_warps[0];
// CHECK-FIXES-NEXT: {{^}}  float inv = rsqrtf(ss + 1e-12f);
// CHECK-FIXES-NEXT: {{^}}  for (int c = threadIdx.x; c < cols; c += blockDim.x)
// CHECK-FIXES-NEXT: {{^}}    y[r * cols + c] = x[r * cols + c] * inv;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}  l2_normalize<<<rows, 256, 0, stream>>>(x, y, rows, cols);
