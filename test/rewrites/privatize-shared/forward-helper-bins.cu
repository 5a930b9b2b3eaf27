// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward
// A weighted histogram of float data: the bin is computed by a device helper
// that clamps into [0, NBINS), the update is written `hist + bin` and adds a
// weight, and a grid-stride loop covers the input. Every pointer is
// __restrict__, so nothing needs asserting. The copy is sized by the
// helper's clamp, spelled with the macro; no launch is in the file, so the
// fill and the merge stride over the block's linear thread index.
#define NBINS 64

__device__ __forceinline__ int bin_of(float x, float lo, float hi) {
  int b = (int)((x - lo) / (hi - lo) * NBINS);
  return min(max(b, 0), NBINS - 1);
}

__global__ void weighted_hist(const float *__restrict__ x, const int *__restrict__ w,
                              int *__restrict__ hist, size_t n, float lo, float hi) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    atomicAdd(hist + bin_of(x[i], lo, hi), w[i]);
  }
}
// CHECK-FIXES:      {{^}}                              int *__restrict__ hist, size_t n, float lo, float hi) {
// CHECK-FIXES-NEXT: {{^}}  __shared__ int s_hist[NBINS];
// CHECK-FIXES-NEXT: {{^}}  for (int bin = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); bin < NBINS; bin += blockDim.x * blockDim.y * blockDim.z)
// CHECK-FIXES-NEXT: {{^}}    s_hist[bin] = 0;
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES:      {{^}}    atomicAdd(s_hist + bin_of(x[i], lo, hi), w[i]);
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  for (int bin = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); bin < NBINS; bin += blockDim.x * blockDim.y * blockDim.z)
// CHECK-FIXES-NEXT: {{^}}    if (s_hist[bin] != 0)
// CHECK-FIXES-NEXT: {{^}}      atomicAdd(&hist[bin], s_hist[bin]);
// CHECK-FIXES-NEXT: {{^}}}
