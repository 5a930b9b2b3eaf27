// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward
// The max-abs idiom with integer atomics: for non-negative floats the bit
// patterns order like the values, so atomicMax on `(int *)` of the output
// keeps the largest |x|. The index is computed once, with the block first.
// The second kernel leaves early (`if (gid >= n) return;`): the guard
// becomes a condition around the rest of the body, so that every thread
// reaches the block reduction after it.
__global__ void amax_kernel(const float *in, float *amax, int n) {
  const int gid = threadIdx.x + blockIdx.x * blockDim.x;
  if (gid < n) {
    const float a = fabsf(in[gid]);
    atomicMax((int *)amax, __float_as_int(a));
  }
}
// CHECK-FIXES:      {{^}}  int block_max = (-2147483647 - 1);
// CHECK-FIXES-NEXT: {{^}}  if (gid < n) {
// CHECK-FIXES-NEXT: {{^}}    const float a = fabsf(in[gid]);
// CHECK-FIXES-NEXT: {{^}}    block_max = max(block_max, __float_as_int(a));
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES:      {{^}}    block_max = max(block_max, __shfl_down_sync(0xffffffffu, block_max, block_max_offset));
// CHECK-FIXES:      {{^}}    atomicMax((int *)amax, block_max);

__global__ void amax_early_exit(const float *in, float *amax, int n) {
  const int gid = threadIdx.x + blockIdx.x * blockDim.x;
  if (gid >= n)
    return;
  atomicMax((int *)amax, __float_as_int(fabsf(in[gid])));
}
// CHECK-FIXES:      {{^}}  int block_max = (-2147483647 - 1);
// CHECK-FIXES-NEXT: {{^}}  if (gid < n) {
// CHECK-FIXES-NEXT: {{^}}    block_max = max(block_max, __float_as_int(fabsf(in[gid])));
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES:      {{^}}    atomicMax((int *)amax, block_max);

void amax(const float *in, float *out, int n) {
  amax_kernel<<<(n + 1023) / 1024, 1024>>>(in, out, n);
  amax_early_exit<<<(n + 1023) / 1024, 1024>>>(in, out, n);
}
