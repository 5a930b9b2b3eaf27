// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward
// Argmax per row, one thread per row: the value and its column move
// together when an element beats the best so far (strict '>': the first of
// equal maxima is kept). Forward: one block of 256 threads per row; each
// thread keeps the best of its columns, and the (value, column) pairs are
// combined across the block (shuffles of both, a shared stage of both; on
// equal values the smaller column wins) and broadcast. Exact: no
// assumption needed.
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
// CHECK-FIXES:      {{^}}__global__ void row_argmax(const float *x, int *idx, float *val, int rows, int cols) {
// CHECK-FIXES-NEXT: {{^}}  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
// CHECK-FIXES-NEXT: {{^}}  float best = x[r * cols];
// CHECK-FIXES-NEXT: {{^}}  int arg = 0;
// CHECK-FIXES-NEXT: {{^}}  for (int c = 1 + threadIdx.x; c < cols; c += blockDim.x) {
// CHECK-FIXES-NEXT: {{^}}    float v = x[r * cols + c];
// CHECK-FIXES-NEXT: {{^}}    if (v > best) {
// CHECK-FIXES-NEXT: {{^}}      best = v;
// CHECK-FIXES-NEXT: {{^}}      arg = c;
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __shared__ float best_warps[32];
// CHECK-FIXES-NEXT: {{^}}  __shared__ int arg_warps[32];
// CHECK-FIXES-NEXT: {{^}}  const unsigned best_rank = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  const unsigned best_lane = best_rank % 32u;
// CHECK-FIXES-NEXT: {{^}}  const unsigned best_threads = blockDim.x;
// CHECK-FIXES-NEXT: {{^}}  for (unsigned best_offset = 16; best_offset > 0; best_offset /= 2) {
// CHECK-FIXES-NEXT: {{^}}    const float best_other = __shfl_down_sync(0xffffffffu, best, best_offset);
// CHECK-FIXES-NEXT: {{^}}    const int arg_other = __shfl_down_sync(0xffffffffu, arg, best_offset);
// CHECK-FIXES-NEXT: {{^}}    if (best_other > best || (best_other == best && arg_other < arg)) {
// CHECK-FIXES-NEXT: {{^}}      best = best_other;
// CHECK-FIXES-NEXT: {{^}}      arg = arg_other;
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  if (best_lane == 0) {
// CHECK-FIXES-NEXT: {{^}}    best_warps[best_rank / 32u] = best;
// CHECK-FIXES-NEXT: {{^}}    arg_warps[best_rank / 32u] = arg;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  if (best_rank < 32u) {
// CHECK-FIXES-NEXT: {{^}}    const unsigned best_count = (best_threads + 31u) / 32u;
// CHECK-FIXES-NEXT: {{^}}    if (best_rank < best_count) {
// CHECK-FIXES-NEXT: {{^}}      best = best_warps[best_rank];
// CHECK-FIXES-NEXT: {{^}}      arg = arg_warps[best_rank];
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}    for (unsigned best_offset = 16; best_offset > 0; best_offset /= 2) {
// CHECK-FIXES-NEXT: {{^}}      const float best_other = __shfl_down_sync(0xffffffffu, best, best_offset);
// CHECK-FIXES-NEXT: {{^}}      const int arg_other = __shfl_down_sync(0xffffffffu, arg, best_offset);
// CHECK-FIXES-NEXT: {{^}}      if (best_lane + best_offset < best_count && (best_other > best || (best_other == best && arg_other < arg))) {
// CHECK-FIXES-NEXT: {{^}}        best = best_other;
// CHECK-FIXES-NEXT: {{^}}        arg = arg_other;
// CHECK-FIXES-NEXT: {{^}}      }
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  if (best_rank == 0) {
// CHECK-FIXES-NEXT: {{^}}    best_warps[0] = best;
// CHECK-FIXES-NEXT: {{^}}    arg_warps[0] = arg;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  best = best_warps[0];
// CHECK-FIXES-NEXT: {{^}}  arg = arg_warps[0];
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x == 0) {
// CHECK-FIXES-NEXT: {{^}}    idx[r] = arg;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x == 0) {
// CHECK-FIXES-NEXT: {{^}}    val[r] = best;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}  row_argmax<<<rows, 256, 0, stream>>>(x, idx, val, rows, cols);
