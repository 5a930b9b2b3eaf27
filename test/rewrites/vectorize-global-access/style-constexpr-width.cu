// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:A:16 --assume=aligned:B:16
// A namespace-scope `constexpr int N` row length in a 2-D index, in
// straight-line code and in a `#pragma unroll` lane loop. Reading N is no
// memory access that a store could change (it is const), so it does not
// block the stores (before: no-aliasing-write-between was unknown, "the
// read of 'N' ... may alias 'B'"). N = 1024 also makes `r * N` a multiple
// of 4.
constexpr int N = 1024;
__global__ void copy_rows(const float *__restrict__ A, float *__restrict__ B) {
  int r = blockIdx.y;
  int c = threadIdx.x;
  B[r * N + c * 4 + 0] = A[r * N + c * 4 + 0];
  B[r * N + c * 4 + 1] = A[r * N + c * 4 + 1];
  B[r * N + c * 4 + 2] = A[r * N + c * 4 + 2];
  B[r * N + c * 4 + 3] = A[r * N + c * 4 + 3];
  // CHECK-FIXES: {{^}}  *reinterpret_cast<float4*>(&B[r * N + c * 4]) = *reinterpret_cast<const float4*>(&A[r * N + c * 4]);{{$}}
}
__global__ void scale_rows(const float *__restrict__ A, float *__restrict__ B, const float *__restrict__ s) {
  int r = blockIdx.y;
  int c = threadIdx.x;
  float sc = s[r];
#pragma unroll
  for (int k = 0; k < 4; k++) {
    B[r * N + c * 4 + k] = A[r * N + c * 4 + k] * sc;
  }
  // CHECK-FIXES: {{^}}  float4 B_v0;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  const float4 A_v0 = *reinterpret_cast<const float4*>(&A[r * N + c * 4]);{{$}}
  // CHECK-FIXES-NEXT: {{^}}#pragma unroll{{$}}
  // CHECK-FIXES: {{^}}    reinterpret_cast<float*>(&B_v0)[k] = reinterpret_cast<const float*>(&A_v0)[k] * sc;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  }{{$}}
  // CHECK-FIXES-NEXT: {{^}}  *reinterpret_cast<float4*>(&B[r * N + c * 4]) = B_v0;{{$}}
}
