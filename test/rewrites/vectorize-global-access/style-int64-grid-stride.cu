// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:a:16 --assume=aligned:b:16 --assume=aligned:c:16
// A grid-stride loop over a long long index with the stride in a local;
// `c = a + b` with three arrays in one site.
__global__ void vadd(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c, long long n) {
  long long stride = (long long)blockDim.x * gridDim.x * 4;
  for (long long i = 4 * ((long long)blockIdx.x * blockDim.x + threadIdx.x); i < n; i += stride) {
    c[i + 0] = a[i + 0] + b[i + 0];
    c[i + 1] = a[i + 1] + b[i + 1];
    c[i + 2] = a[i + 2] + b[i + 2];
    c[i + 3] = a[i + 3] + b[i + 3];
    // CHECK-FIXES: {{^}}    const float4 a_v0 = *reinterpret_cast<const float4*>(&a[i]);{{$}}
    // CHECK-FIXES-NEXT: {{^}}    const float4 b_v0 = *reinterpret_cast<const float4*>(&b[i]);{{$}}
    // CHECK-FIXES-NEXT: {{^}}    *reinterpret_cast<float4*>(&c[i]) = make_float4(a_v0.x + b_v0.x, a_v0.y + b_v0.y, a_v0.z + b_v0.z, a_v0.w + b_v0.w);{{$}}
  }
}
