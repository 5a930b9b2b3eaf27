// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:A:16 --assume=aligned:C:16 --assume=multiple:ld:4
// A register tile loaded and stored with `#pragma unroll` loops over a 2-D
// index `row * ld + col4 * 4 + j`; the tile is scaled in between. Each loop
// is one site; `ld` is asserted to be a multiple of 4.
#define TILE 4
__global__ void scale_rows(const float *__restrict__ A, float *__restrict__ C, int rows, int ld, float alpha) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col4 = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows || col4 * TILE >= ld)
    return;
  float r[TILE];
#pragma unroll
  for (int j = 0; j < TILE; ++j) {
    r[j] = A[row * ld + col4 * 4 + j];
  }
  // CHECK-FIXES: {{^}}  const float4 A_v0 = *reinterpret_cast<const float4*>(&A[row * ld + col4 * 4]);{{$}}
  // CHECK-FIXES-NEXT: {{^}}#pragma unroll{{$}}
  // CHECK-FIXES: {{^}}    r[j] = reinterpret_cast<const float*>(&A_v0)[j];{{$}}
#pragma unroll
  for (int j = 0; j < TILE; ++j)
    r[j] *= alpha;
#pragma unroll
  for (int j = 0; j < TILE; ++j) {
    C[row * ld + col4 * 4 + j] = r[j];
  }
  // CHECK-FIXES: {{^}}  float4 C_v0;{{$}}
  // CHECK-FIXES-NEXT: {{^}}#pragma unroll{{$}}
  // CHECK-FIXES: {{^}}    reinterpret_cast<float*>(&C_v0)[j] = r[j];{{$}}
  // CHECK-FIXES-NEXT: {{^}}  }{{$}}
  // CHECK-FIXES-NEXT: {{^}}  *reinterpret_cast<float4*>(&C[row * ld + col4 * 4]) = C_v0;{{$}}
}
