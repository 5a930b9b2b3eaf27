// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:src:16 --assume=aligned:dst:16
// size_t index spelled `i*4 + 0`, loads into named locals, stores in
// reversed value order (a lane shuffle, not a copy).
__global__ void reverse_quads(const float *__restrict__ src, float *__restrict__ dst, size_t n4) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float a = src[i*4 + 0];
    float b = src[i*4 + 1];
    float c = src[i*4 + 2];
    float d = src[i*4 + 3];
    dst[i*4 + 0] = d;
    dst[i*4 + 1] = c;
    dst[i*4 + 2] = b;
    dst[i*4 + 3] = a;
    // CHECK-FIXES: {{^}}    const float4 src_v0 = *reinterpret_cast<const float4*>(&src[i*4]);{{$}}
    // CHECK-FIXES-NEXT: {{^}}    float a = src_v0.x;{{$}}
    // CHECK-FIXES: {{^}}    *reinterpret_cast<float4*>(&dst[i*4]) = make_float4(d, c, b, a);{{$}}
  }
}
