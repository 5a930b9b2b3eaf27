// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:a:16 --assume=aligned:b:16 --assume=aligned:c:16
// A kernel with several arrays: the loads of a and b feed the stores of c in
// the same statements, so one site loads both as float4 temporaries and
// stores c once. Lane 0 written as `4 * i + 0` gives the base `4 * i`.
__global__ void vadd(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * i + 3 < n) {
    c[4 * i + 0] = a[4 * i + 0] + b[4 * i + 0];
    c[4 * i + 1] = a[4 * i + 1] + b[4 * i + 1];
    c[4 * i + 2] = a[4 * i + 2] + b[4 * i + 2];
    c[4 * i + 3] = a[4 * i + 3] + b[4 * i + 3];
    // CHECK-FIXES: {{^}}    const float4 a_v0 = *reinterpret_cast<const float4*>(&a[4 * i]);{{$}}
    // CHECK-FIXES: {{^}}    const float4 b_v0 = *reinterpret_cast<const float4*>(&b[4 * i]);{{$}}
    // CHECK-FIXES: {{^}}    *reinterpret_cast<float4*>(&c[4 * i]) = make_float4(a_v0.x + b_v0.x, a_v0.y + b_v0.y, a_v0.z + b_v0.z, a_v0.w + b_v0.w);{{$}}
  }
}
