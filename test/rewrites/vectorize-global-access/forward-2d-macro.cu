// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:A:16 --assume=aligned:B:16 --assume=multiple:ld:4
// 2-D indices `row*ld + 4*c + k`, partly through an indexing macro. The
// lanes are grouped by their linear form (row*ld + 4*c is the same base
// however it is spelled); `ld` is asserted to be a multiple of 4, which makes
// the base index aligned. The macro use is kept as written in the vector
// access (only the macro-expanded *access* itself would be refused).
#define IDX(r, c) ((r) * ld + (c))

__global__ void rowsum(const float *A, float *B, int ld, int rows) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows)
    return;
  float v0 = A[IDX(row, 4 * c)];
  // CHECK-FIXES: {{^}}  const float4 A_v0 = *reinterpret_cast<const float4*>(&A[IDX(row, 4 * c)]);{{$}}
  // CHECK-FIXES: {{^}}  float v0 = A_v0.x;{{$}}
  float v1 = A[IDX(row, 4 * c) + 1];
  // CHECK-FIXES: {{^}}  float v1 = A_v0.y;{{$}}
  float v2 = A[row * ld + 4 * c + 2];
  // CHECK-FIXES: {{^}}  float v2 = A_v0.z;{{$}}
  float v3 = A[ld * row + c * 4 + 3];
  // CHECK-FIXES: {{^}}  float v3 = A_v0.w;{{$}}
  B[row * ld + 4 * c] = v0 + v1;
  B[row * ld + 4 * c + 1] = v1 + v2;
  B[row * ld + 4 * c + 2] = v2 + v3;
  B[row * ld + 4 * c + 3] = v3 + v0;
  // CHECK-FIXES: {{^}}  *reinterpret_cast<float4*>(&B[row * ld + 4 * c]) = make_float4(v0 + v1, v1 + v2, v2 + v3, v3 + v0);{{$}}
}
