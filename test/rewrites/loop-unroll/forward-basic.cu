// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward
// Full unroll of constant-trip-count loops in several shapes: macro bound,
// `<=` with arithmetic, a halving shift loop, a loop inside an `if`, a loop
// on the same line as its `if`, a `-=` countdown and a `*=` step.
#define TILE 16
#define BLOCK 256

__global__ void tiled(const float *a, const float *b, float *c, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n) return;
  float acc = 0.f;
  for (int kk = 0; kk < TILE; ++kk)
    acc += a[tid * TILE + kk] * b[kk];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int kk = 0; kk < TILE; ++kk)
  for (unsigned m = 0u; m <= TILE - 1; m += 4) {
    acc += b[m];
  }
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (unsigned m = 0u; m <= TILE - 1; m += 4) {
  if (n > TILE) {
    for (int s = 10; s > 0; s -= 3)
      acc -= a[s];
  }
  // CHECK-FIXES: {{^}}    #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}    for (int s = 10; s > 0; s -= 3)
  if (acc > 0.f) for (int p = 1; p < 1000; p *= 10) acc *= 0.5f;
  // CHECK-FIXES: {{^}}  if (acc > 0.f)
  // CHECK-FIXES-NEXT: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int p = 1; p < 1000; p *= 10) acc *= 0.5f;
  c[tid] = acc;
}

__global__ void reduce(const float *in, float *out) {
  __shared__ float sdata[BLOCK];
  unsigned t = threadIdx.x;
  sdata[t] = in[blockIdx.x * BLOCK + t];
  __syncthreads();
  for (int offset = BLOCK / 2; offset > 0; offset >>= 1) {
    if (t < offset) sdata[t] += sdata[t + offset];
    __syncthreads();
  }
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int offset = BLOCK / 2; offset > 0; offset >>= 1) {
  if (t == 0) out[blockIdx.x] = sdata[0];
}

void launch(const float *a, const float *b, float *c, float *out, int n) {
  tiled<<<(n + 255) / 256, 256>>>(a, b, c, n);
  reduce<<<n / BLOCK, BLOCK>>>(a, out);
}
