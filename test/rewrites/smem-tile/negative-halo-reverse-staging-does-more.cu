// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse --expect-exit=2
// tiles-staged-once (staging statement): the loop that stages the tile also
// counts the rows it staged into global memory. The reverse removes a
// staging statement whole, so one that does anything else is refused.
#include <cuda_runtime.h>
__global__ void flip_rows(const float *src, float *dst, int *staged, int n) {
  // CHECK-MESSAGES: :[[@LINE+1]]:3: error: cannot apply 'smem-tile' (reverse) at site 1: precondition 'tiles-staged-once' fails: the staging statement at line [[@LINE+4]] does more than stage the tile (line [[@LINE+7]] ('atomicAdd(staged, 1)')) [KL2511]
  __shared__ float buf[32][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * 32 + tx, y0 = blockIdx.y * 32;
  for (int j = ty; j < 32; j += 8) {
    if (x < n && y0 + j < n) {
      buf[j][tx] = src[(size_t)(y0 + j) * n + x];
      atomicAdd(staged, 1);
    }
  }
  __syncthreads();
  for (int j = ty; j < 32; j += 8) {
    const int ox = blockIdx.y * 32 + tx, oy = blockIdx.x * 32 + j;
    if (ox < n && oy < n)
      dst[(size_t)oy * n + ox] = buf[tx][j];
  }
}
void flip(const float *src, float *dst, int *staged, int n) {
  flip_rows<<<dim3((n + 31) / 32, (n + 31) / 32), dim3(32, 8)>>>(src, dst, staged, n);
}
