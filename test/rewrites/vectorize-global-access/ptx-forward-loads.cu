// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16
// PTX evidence: nvcc does not merge the four scalar loads by itself (it
// cannot prove x[4*i] is 16-byte aligned); after the rewrite the kernel
// loads one float4 through the read-only path (const __restrict__).
__global__ void rowsum4(const float *__restrict__ x, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float a = x[4 * i];
    float b = x[4 * i + 1];
    float c = x[4 * i + 2];
    float d = x[4 * i + 3];
    // CHECK-FIXES: {{^}}    const float4 x_v0 = *reinterpret_cast<const float4*>(&x[4 * i]);{{$}}
    out[i] = (a + b) + (c + d);
  }
}
// CHECK-PTX-BEFORE-NOT: ld.global.nc.v4.f32
// CHECK-PTX-BEFORE-NOT: ld.global.v4.f32
// CHECK-PTX: ld.global.{{(nc.)?}}v4.f32
