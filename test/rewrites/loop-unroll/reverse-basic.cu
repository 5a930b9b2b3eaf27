// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=reverse
// Removes `#pragma unroll` and `#pragma unroll N` lines (whole lines),
// whatever the indentation, trailing comment or loop kind. `#pragma unroll 1`
// and `#pragma nounroll` forbid unrolling: they are not this pair's pragmas
// and stay.
#define TILE 8

template <int N>
__global__ void mm(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.f;
#pragma unroll
  for (int k = 0; k < N; ++k)
    acc += A[row * N + k] * B[k * n + col];
  // CHECK-FIXES: {{^}}  float acc = 0.f;
  // CHECK-FIXES-NOT: #pragma
  // CHECK-FIXES: {{^}}  for (int k = 0; k < N; ++k)
  #pragma unroll 4 // partial: the body is large
  for (int t = 0; t < n; t += TILE) {
    acc *= 0.99f;
  }
  // CHECK-FIXES-NOT: #pragma
  // CHECK-FIXES: {{^}}  for (int t = 0; t < n; t += TILE) {
  #pragma unroll 1
  for (int t = 0; t < n; ++t) acc += 1.f;
  // CHECK-FIXES: {{^}}  #pragma unroll 1{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int t = 0; t < n; ++t) acc += 1.f;
  #pragma nounroll
  for (int t = 0; t < n; ++t) acc -= 1.f;
  // CHECK-FIXES: {{^}}  #pragma nounroll{{$}}
  int w = 0;
  #pragma unroll 2
  while (w < n) { acc += w; ++w; }
  // CHECK-FIXES: {{^}}  int w = 0;
  // CHECK-FIXES-NOT: #pragma
  // CHECK-FIXES: {{^}}  while (w < n) { acc += w; ++w; }
  C[row * n + col] = acc;
}

template __global__ void mm<TILE>(const float *, const float *, float *, int);
template __global__ void mm<2 * TILE>(const float *, const float *, float *, int);
// CHECK-FIXES-NOT: #pragma unroll{{ *[02-9]*$}}
