// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward -- --assume=noalias:hist --assume=max:num_bins:256
// A histogram whose bin count is a run-time argument: each value is counted
// only when it lies in [0, num_bins), through a 64-bit grid-stride loop.
// Nothing in the source bounds num_bins; the user's `max:num_bins:256` does,
// and `bin < num_bins` then bounds the index to [0, 255]: a 256-bin private
// copy. Bins past num_bins stay empty and the merge skips them, so no global
// bin past the array is touched.
#include <cuda_runtime.h>
#include <cstddef>

__global__ void count_values(const int *in, unsigned int *hist, size_t N, int num_bins) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  size_t stride = (size_t)blockDim.x * gridDim.x;
  for (; i < N; i += stride) {
    int bin = in[i];
    if (0 <= bin && bin < num_bins)
      atomicAdd(&hist[bin], 1u);
  }
}

void count_values_launch(const int *in, unsigned int *hist, size_t N, int num_bins, cudaStream_t s) {
  count_values<<<1024, 256, 0, s>>>(in, hist, N, num_bins);
}
// CHECK-FIXES: {{^}}  __shared__ unsigned int s_hist[256];
// CHECK-FIXES-NEXT: {{^}}  for (int bin_1 = threadIdx.x; bin_1 < 256; bin_1 += blockDim.x)
// CHECK-FIXES-NEXT: {{^}}    s_hist[bin_1] = 0;
// CHECK-FIXES: {{^}}      atomicAdd(&s_hist[bin], 1u);
// CHECK-FIXES: {{^}}    if (s_hist[bin_1] != 0)
// CHECK-FIXES-NEXT: {{^}}      atomicAdd(&hist[bin_1], s_hist[bin_1]);
