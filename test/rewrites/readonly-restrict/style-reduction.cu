// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// A reduction: *(p + i) under a ternary, a second load with an unsigned index,
// a warp-shuffle helper, an atomic on the (restrict) output; and a pointer-walk
// loop with a const cursor in the for-init.
__inline__ __device__ float warpSum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
__global__ void reduce(float *g_in, float *__restrict__ g_out, unsigned int n) {
// CHECK-FIXES: {{^}}__global__ void reduce(const float *__restrict__ g_in, float *__restrict__ g_out, unsigned int n) {
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + tid;
  float s = (i < n) ? *(g_in + i) : 0.f;
  // CHECK-FIXES: {{^}}  float s = (i < n) ? __ldg(g_in + i) : 0.f;
  if (i + blockDim.x < n) s += g_in[i + blockDim.x];
  // CHECK-FIXES: {{^}}  if (i + blockDim.x < n) s += __ldg(&g_in[i + blockDim.x]);
  s = warpSum(s);
  if ((tid & 31) == 0) atomicAdd(g_out, s);
}
__global__ void walk(const short *p, int *__restrict__ out, int n) {
// CHECK-FIXES: {{^}}__global__ void walk(const short *__restrict__ p, int *__restrict__ out, int n) {
  const short *end = p + n;
  int acc = 0;
  for (const short *q = p; q != end; ++q) acc += *q;
  // CHECK-FIXES: {{^}}  for (const short *q = p; q != end; ++q) acc += __ldg(q);
  out[0] = acc;
}
