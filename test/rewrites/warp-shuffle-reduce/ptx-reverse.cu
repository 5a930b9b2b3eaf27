// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse
// PTX evidence for the reverse: before, the block reduction is shuffles
// and one barrier; after, no shuffle is left, only shared-memory rounds,
// each with a barrier.
__global__ void block_or(const unsigned *x, unsigned *out) {
  __shared__ unsigned partial[32];
  unsigned v = x[blockIdx.x * 512 + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v |= __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0)
    partial[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x / 32 == 0) {
    v = threadIdx.x < 16 ? partial[threadIdx.x] : 0u;
    for (int o = 16; o > 0; o /= 2)
      v |= __shfl_down_sync(0xffffffffu, v, o);
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}

void launch(const unsigned *x, unsigned *out) { block_or<<<64, 512>>>(x, out); }

// CHECK-FIXES: {{^}}  __shared__ unsigned int v_tree[512];

// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}block_or
// CHECK-PTX-BEFORE: shfl.sync.down.b32

// CHECK-PTX-LABEL: .entry {{.*}}block_or
// CHECK-PTX-NOT: shfl.sync
// CHECK-PTX: ld.shared.u32
// CHECK-PTX: bar.sync
// CHECK-PTX-NOT: shfl.sync
// CHECK-PTX: ret;
