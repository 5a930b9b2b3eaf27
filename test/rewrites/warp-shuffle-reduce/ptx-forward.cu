// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward
// PTX evidence. Before: the tree is rounds of shared loads and stores,
// each followed by a barrier, with no shuffle. After: the warps reduce with
// shfl.sync.down, and one bar.sync is left, between the warp stage and
// warp 0's stage.
__global__ void tree_sum(const int *x, int *out) {
  __shared__ int sm[256];
  unsigned t = threadIdx.x;
  sm[t] = x[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      sm[t] += sm[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = sm[0];
}

void launch(const int *x, int *out) { tree_sum<<<64, 256>>>(x, out); }

// CHECK-FIXES: {{^}}    out[blockIdx.x] = block_sum;

// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}tree_sum
// CHECK-PTX-BEFORE-NOT: shfl.sync
// CHECK-PTX-BEFORE: bar.sync
// CHECK-PTX-BEFORE: ld.shared
// CHECK-PTX-BEFORE: bar.sync
// CHECK-PTX-BEFORE-NOT: shfl.sync

// CHECK-PTX-LABEL: .entry {{.*}}tree_sum
// CHECK-PTX: shfl.sync.down.b32
// CHECK-PTX-COUNT-1: bar.sync
// CHECK-PTX-NOT: bar.sync
// CHECK-PTX: shfl.sync.down.b32
// CHECK-PTX-NOT: bar.sync
// CHECK-PTX: ret;
