// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// Style: a 1-D heat step, the neighbours read into named locals over three
// statements, the ends left by an early return, __restrict__ pointers. The
// region is the three declarations and the store; the return goes, and the
// region runs under its negation after the staging of a 128 + 2 tile.
#include <cuda_runtime.h>
__global__ void heat1d(int n, float r, const float *__restrict__ t_old, float *__restrict__ t_new) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 1 || i >= n - 1)
    return;
  const float left = t_old[i - 1];
  const float mid = t_old[i];
  const float right = t_old[i + 1];
  t_new[i] = mid + r * (left - 2.0f * mid + right);
}
// CHECK-FIXES:      {{^}}  const int i = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float t_old_tile[130];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int halo_x = threadIdx.x; halo_x < 130; halo_x += 128){{$}}
// CHECK-FIXES-NEXT: {{^}}    if ((blockIdx.x * blockDim.x + min(halo_x, 127)) >= 1 && (blockIdx.x * blockDim.x + max(halo_x - 2, 0)) < n - 1){{$}}
// CHECK-FIXES-NEXT: {{^}}      t_old_tile[halo_x] = t_old[(blockIdx.x * blockDim.x + halo_x) - 1];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i >= 1 && i < n - 1) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    const float left = t_old_tile[threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    const float mid = t_old_tile[threadIdx.x + 1];{{$}}
// CHECK-FIXES-NEXT: {{^}}    const float right = t_old_tile[threadIdx.x + 2];{{$}}
// CHECK-FIXES-NEXT: {{^}}    t_new[i] = mid + r * (left - 2.0f * mid + right);{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}
void heat(int n, float r, const float *a, float *b) { heat1d<<<(n + 127) / 128, 128>>>(n, r, a, b); }
