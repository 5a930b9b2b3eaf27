// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward -- --option=unroll-factor=4
// A factor unroll needs no constant trip count: grid-stride loops, a
// runtime-bounded `for`, a `while` and a `do` all get `#pragma unroll 4`.
__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    y[i] = a * x[i] + y[i];
  // CHECK-FIXES: {{^}}  #pragma unroll 4{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
}

__global__ void rowsum(const float *m, float *out, int rows, int cols) {
  int r = blockIdx.x;
  if (r >= rows) return;
  float s = 0.f;
  int c = threadIdx.x;
  while (c < cols) {
    s += m[r * cols + c];
    c += blockDim.x;
  }
  // CHECK-FIXES: {{^}}  #pragma unroll 4{{$}}
  // CHECK-FIXES-NEXT: {{^}}  while (c < cols) {
  int k = 0;
  do {
    s *= 0.5f;
  } while (++k < cols);
  // CHECK-FIXES: {{^}}  #pragma unroll 4{{$}}
  // CHECK-FIXES-NEXT: {{^}}  do {
  atomicAdd(out + r, s);
}
