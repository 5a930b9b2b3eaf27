// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward
// Blocks past the end leave before the tree (`if (blockIdx.x >= nblocks)
// return;`): the condition is the same for every thread of a block, so
// either the whole block reaches the tree's barriers or none of it does.
// Forward applies (an integer max: exact).
__global__ void block_max(const int *in, int *partial, int n, int nblocks) {
  __shared__ int sdata[256];
  if (blockIdx.x >= nblocks)
    return;
  unsigned tid = threadIdx.x, i = blockIdx.x * 256 + tid;
  sdata[tid] = i < n ? in[i] : -2147483647;
  __syncthreads();
  for (unsigned s = 128; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] = max(sdata[tid], sdata[tid + s]);
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = sdata[0];
}
// CHECK-FIXES:      {{^}}    return;
// CHECK-FIXES:      {{^}}  for (unsigned {{.*}}_offset = 16;
// CHECK-FIXES:      {{^}}    partial[blockIdx.x] = {{[a-z_0-9]+}};

void launch(const int *in, int *partial, int n) {
  block_max<<<(n + 255) / 256 + 1, 256>>>(in, partial, n, (n + 255) / 256);
}
