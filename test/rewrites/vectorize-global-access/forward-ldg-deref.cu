// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:y:16 --assume=aligned:A:16 --assume=multiple:ld:4
// Scalar loads spelled as __ldg(&x[e]), __ldg(x + e) and *(x + e + k):
// pointer arithmetic is folded into the index, so all of them are lanes of
// one group; `(A + r*ld)[4*c + k]` is A[r*ld + 4*c + k].
__global__ void k(const float *__restrict__ x, float *__restrict__ y, const float *__restrict__ A, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = __ldg(&x[4 * i]) + __ldg(&x[4 * i + 1]) + __ldg(x + 4 * i + 2) + *(x + 4 * i + 3);
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[4 * i]);{{$}}
  // CHECK-FIXES: {{^}}  float s = x_v0.x + x_v0.y + x_v0.z + x_v0.w;{{$}}
  int r = blockIdx.y, c = threadIdx.x;
  float t = (A + r * ld)[4 * c] * (A + r * ld)[4 * c + 1] + (A + r * ld)[4 * c + 2] * (A + r * ld)[4 * c + 3];
  // CHECK-FIXES: {{^}}  const float4 A_v0 = *reinterpret_cast<const float4*>(&A[r * ld + 4 * c]);{{$}}
  // CHECK-FIXES: {{^}}  float t = A_v0.x * A_v0.y + A_v0.z * A_v0.w;{{$}}
  y[i] = s + t;
}
