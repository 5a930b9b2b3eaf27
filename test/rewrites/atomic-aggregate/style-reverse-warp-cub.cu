// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=reverse
// Two more expert shapes. An unrolled butterfly (__shfl_xor_sync, offsets
// 16..1) over a 64-bit count, one atomic per warp from the lane whose
// index is 0 (`lane` from a mask of threadIdx.x). And cub::BlockReduce's
// Sum with the block size cub is told matching the launch. Each thread's
// value is the identity past the end: the atomic goes under the bound test
// (the lane local stays, unused).
#include <cub/block/block_reduce.cuh>

__global__ void count_nonzero(const int *__restrict__ v, int n, unsigned long long *__restrict__ nnz) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  unsigned long long c = (i < n && v[i] != 0) ? 1ull : 0ull;
  c += __shfl_xor_sync(0xffffffffu, c, 16);
  c += __shfl_xor_sync(0xffffffffu, c, 8);
  c += __shfl_xor_sync(0xffffffffu, c, 4);
  c += __shfl_xor_sync(0xffffffffu, c, 2);
  c += __shfl_xor_sync(0xffffffffu, c, 1);
  if (lane == 0)
    atomicAdd(nnz, c);
}
// CHECK-FIXES:      {{^}}  const int lane = threadIdx.x & 31;
// CHECK-FIXES-NEXT: {{^}}  if (i < n && v[i] != 0)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(nnz, 1ull);
// CHECK-FIXES-NEXT: {{^}}}

template <int BLOCK>
__global__ void block_histogram_total(const unsigned *bins, int n, unsigned *total) {
  using BlockReduce = cub::BlockReduce<unsigned, BLOCK>;
  __shared__ typename BlockReduce::TempStorage temp;
  int i = blockIdx.x * BLOCK + threadIdx.x;
  unsigned mine = i < n ? bins[i] : 0u;
  unsigned block_total = BlockReduce(temp).Sum(mine);
  if (threadIdx.x == 0)
    atomicAdd(total, block_total);
}
// CHECK-FIXES:      {{^}}  using BlockReduce = cub::BlockReduce<unsigned, BLOCK>;
// CHECK-FIXES-NEXT: {{^}}  int i = blockIdx.x * BLOCK + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (i < n)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(total, bins[i]);
// CHECK-FIXES-NEXT: {{^}}}

void launch(const int *v, int n, unsigned long long *nnz, const unsigned *bins, unsigned *total) {
  count_nonzero<<<(n + 255) / 256, 256>>>(v, n, nnz);
  block_histogram_total<128><<<(n + 127) / 128, 128>>>(bins, n, total);
}
