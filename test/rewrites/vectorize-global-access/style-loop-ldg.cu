// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:w:16
// A dot product over a macro width, lanes read through __ldg(&x[i + k])
// and __ldg(w + i + k) in a lane loop. The `&x[i + k]` inside __ldg is part
// of the __ldg lane (before, it was taken as an address-taken lane and the
// loop was refused).
#define VEC 4
__global__ void dot4(const float *__restrict__ x, const float *__restrict__ w, float *__restrict__ y, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * VEC;
  if (i >= n) return;
  float acc = 0.f;
  for (int k = 0; k < VEC; ++k)
    acc += __ldg(&x[i + k]) * __ldg(w + i + k);
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[i]);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  const float4 w_v0 = *reinterpret_cast<const float4*>(&w[i]);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int k = 0; k < VEC; ++k){{$}}
  // CHECK-FIXES-NEXT: {{^}}    acc += reinterpret_cast<const float*>(&x_v0)[k] * reinterpret_cast<const float*>(&w_v0)[k];{{$}}
  y[i / VEC] = acc;
}
