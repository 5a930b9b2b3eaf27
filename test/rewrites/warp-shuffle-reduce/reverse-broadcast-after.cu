// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse -- --assume=reassociate
// Reverse of reductions whose result is then handed to every thread: a
// warp's sum shuffled from lane 0 (`__shfl_sync(mask, v, 0)`), and a
// block's sum stored by rank 0 in a shared slot and read back after a
// barrier. Every thread reads the total afterwards, as it reads the tree's:
// the lane-0 shuffle goes with the shuffles (the tree already gave every
// lane the total); the shared slot stays (it is no shuffle).
#include <cuda_runtime.h>

__global__ void warp_norm(const float *x, float *y) {
  const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[g] * x[g];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o);
  v = __shfl_sync(0xffffffffu, v, 0);
  y[g] = x[g] * rsqrtf(v);
}
// CHECK-FIXES:      {{^}}  v = v_tree[v_rank - v_lane];
// CHECK-FIXES-NEXT: {{^}}  y[g] = x[g] * rsqrtf(v);

__global__ void block_center(const float *x, float *y) {
  __shared__ float part[4];
  __shared__ float total;
  const unsigned g = blockIdx.x * 128 + threadIdx.x;
  float s = x[g];
  for (int o = 16; o > 0; o /= 2)
    s += __shfl_down_sync(0xffffffffu, s, o);
  if (threadIdx.x % 32 == 0)
    part[threadIdx.x / 32] = s;
  __syncthreads();
  if (threadIdx.x < 32) {
    s = threadIdx.x < 4 ? part[threadIdx.x] : 0.0f;
    for (int o = 16; o > 0; o /= 2)
      s += __shfl_down_sync(0xffffffffu, s, o);
  }
  if (threadIdx.x == 0)
    total = s;
  __syncthreads();
  s = total;
  y[g] = x[g] - s / 128.0f;
}
// CHECK-FIXES:      {{^}}  s = s_tree[0];
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x == 0)
// CHECK-FIXES-NEXT: {{^}}    total = s;
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  s = total;

void launch(const float *x, float *y) {
  warp_norm<<<64, 256>>>(x, y);
  block_center<<<64, 128>>>(x, y);
}
