// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward -- --option=mechanism=cp-async --option=stages=3
// RUN: %check-roundtrip %s %t --rewrite=software-pipeline --from=forward -- --option=mechanism=cp-async --option=stages=3
// REQUIRES: nvcc
// cp.async with three stages: the tiles triple, a prologue loop issues the
// copies of steps 0 and 1 (each its own commit group), and each step
// issues the copies of step t + 2 into the stage two ahead, commits, waits
// until at most two groups are in flight (its own step's copies are done),
// waits for the block, computes, waits again. The PTX copies global to
// shared with cp.async (no ld.global / st.shared pair) and waits with
// cp.async.wait_group 2. Reverse gives the input back, include and all.
#include <cuda_runtime.h>

#define TILE 16

__global__ void mm(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
// CHECK-FIXES: {{^}}#include <cuda_pipeline.h>{{$}}
// CHECK-FIXES: {{^}}  __shared__ float As[3][TILE][TILE];{{$}}
// CHECK-FIXES: {{^}}  for (int prologue_step = 0; prologue_step < 2; ++prologue_step) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (0 + prologue_step < n / TILE) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      __pipeline_memcpy_async(&As[prologue_step][ty][tx], &A[row * n + (0 + prologue_step) * TILE + tx], sizeof(float));{{$}}
// CHECK-FIXES: {{^}}    __pipeline_commit();{{$}}
// CHECK-FIXES: {{^}}  int stage = 0;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int t = 0; t < n / TILE; ++t) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (t + 2 < n / TILE) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      __pipeline_memcpy_async(&As[(stage + 2) % 3][ty][tx], &A[row * n + (t + 2) * TILE + tx], sizeof(float));{{$}}
// CHECK-FIXES: {{^}}    __pipeline_commit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    __pipeline_wait_prior(2);{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES: {{^}}      acc += As[stage][ty][k] * Bs[stage][k][tx];{{$}}
// CHECK-FIXES: {{^}}    stage = (stage + 1) % 3;{{$}}
// CHECK-PTX-BEFORE-NOT: cp.async
// CHECK-PTX: .shared .align 4 .b8 {{.*}}As[3072];
// CHECK-PTX: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4, 4;
// CHECK-PTX: cp.async.commit_group;
// CHECK-PTX: cp.async.ca.shared.global
// CHECK-PTX: cp.async.commit_group;
// CHECK-PTX: cp.async.wait_group 2;
// CHECK-PTX: bar.sync 0;
// CHECK-PTX: fma.rn.f32
// CHECK-PTX: bar.sync 0;
