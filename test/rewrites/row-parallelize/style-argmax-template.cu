// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward
// A kernel template on the element type, instantiated for float and int:
// the value's type is T in both shared arrays and shuffles, the index an
// int; a launcher template.
#include <cuda_runtime.h>

template <typename T>
__global__ void argmax_rows(const T *data, int *out_idx, T *out_val, int n, int m) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n)
    return;
  T vmax = data[tid * m];
  int imax = 0;
  for (int j = 0; j < m; ++j) {
    T cur = data[tid * m + j];
    if (cur > vmax) {
      vmax = cur;
      imax = j;
    }
  }
  out_idx[tid] = imax;
  out_val[tid] = vmax;
}

template <typename T>
void launch_argmax(const T *data, int *out_idx, T *out_val, int n, int m, cudaStream_t st) {
  argmax_rows<T><<<(n + 127) / 128, 128, 0, st>>>(data, out_idx, out_val, n, m);
}

template void launch_argmax<float>(const float *, int *, float *, int, int, cudaStream_t);
template void launch_argmax<int>(const int *, int *, int *, int, int, cudaStream_t);
// CHECK-FIXES: {{^}}  for (int tid = blockIdx.x; tid < n; tid += gridDim.x) {
// CHECK-FIXES: {{^}}  for (int j = threadIdx.x; j < m; j += blockDim.x) {
// CHECK-FIXES: {{^}}  __shared__ T vmax_warps[32];
// CHECK-FIXES-NEXT: {{^}}  __shared__ int imax_warps[32];
// CHECK-FIXES: {{^}}    const T vmax_other = __shfl_down_sync(0xffffffffu, vmax, vmax_offset);
// CHECK-FIXES-NEXT: {{^}}    const int imax_other = __shfl_down_sync(0xffffffffu, imax, vmax_offset);
// CHECK-FIXES-NEXT: {{^}}    if (vmax_other > vmax || (vmax_other == vmax && imax_other < imax)) {
// CHECK-FIXES: {{^}}  vmax = vmax_warps[0];
// CHECK-FIXES-NEXT: {{^}}  imax = imax_warps[0];
// CHECK-FIXES: {{^}}  argmax_rows<T><<<n, 256, 0, st>>>(data, out_idx, out_val, n, m);
