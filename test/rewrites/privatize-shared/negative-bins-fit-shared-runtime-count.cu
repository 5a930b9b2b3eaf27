// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward --expect-exit=2 -- --assume=noalias:hist
// The same run-time bin count without a bound on it: `bin < num_bins` lets
// the bin reach INT_MAX - 1, far more bins than shared memory holds.
// (--assume=max:num_bins:N or --assume=bins:hist:N settles it.)
#include <cuda_runtime.h>
#include <cstddef>

__global__ void count_values(const int *in, unsigned int *hist, size_t N, int num_bins) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (; i < N; i += (size_t)blockDim.x * gridDim.x) {
    int bin = in[i];
    if (0 <= bin && bin < num_bins)
      atomicAdd(&hist[bin], 1u);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: error: cannot apply 'privatize-shared' (forward) at site 1: precondition 'bins-fit-shared' fails: 8589934588 bytes for 2147483647 'unsigned int' bins and the kernel's own 0 bytes exceed the budget of 49152 bytes per block (option shared-budget) [KL1708]
  }
}

void count_values_launch(const int *in, unsigned int *hist, size_t N, int num_bins) {
  count_values<<<1024, 256>>>(in, hist, N, num_bins);
}
