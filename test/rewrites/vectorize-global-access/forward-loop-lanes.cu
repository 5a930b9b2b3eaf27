// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:in:16 --assume=aligned:out:16 --assume=aligned:x:16 --assume=aligned:y:16
// Lanes written as a loop `for (k = 0; k < 4; ++k) ... p[B + k] ...` (the
// hand-written style that is not unrolled). The loop stays; the vector is
// loaded into a temporary right before it (above any `#pragma unroll`), each
// lane access becomes an element of the temporary, and a written vector is
// stored right after the loop. A compound assignment `y[i + k] += ...` makes
// a read-write temporary. nvcc unrolls the loop, so the temporary lives in
// registers (see ptx-forward-loop-lanes.cu).
__global__ void scale4(const float *__restrict__ in, float *__restrict__ out, float s, int n4) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n4) {
    for (int k = 0; k < 4; ++k) out[4 * t + k] = s * in[4 * t + k];
    // CHECK-FIXES: {{^}}    float4 out_v0;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    const float4 in_v0 = *reinterpret_cast<const float4*>(&in[4 * t]);{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < 4; ++k) reinterpret_cast<float*>(&out_v0)[k] = s * reinterpret_cast<const float*>(&in_v0)[k];{{$}}
    // CHECK-FIXES-NEXT: {{^}}    *reinterpret_cast<float4*>(&out[4 * t]) = out_v0;{{$}}
  }
}

__global__ void rowsum(const float *__restrict__ x, float *__restrict__ out, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float s = 0.f;
#pragma unroll
    for (int k = 0; k < 4; k++)
      s += x[i * 4 + k];
    out[i] = s;
    // CHECK-FIXES: {{^}}    float s = 0.f;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    const float4 x_v0 = *reinterpret_cast<const float4*>(&x[i * 4]);{{$}}
    // CHECK-FIXES-NEXT: {{^}}#pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < 4; k++){{$}}
    // CHECK-FIXES-NEXT: {{^}}      s += reinterpret_cast<const float*>(&x_v0)[k];{{$}}
  }
}

__global__ void axpy_loop(float a, const float *__restrict__ x, float *__restrict__ y, int n) {
  int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (i + 3 < n) {
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      y[i + k] += a * x[i + k];
    }
    // CHECK-FIXES: {{^}}    float4 y_v0 = *reinterpret_cast<const float4*>(&y[i]);{{$}}
    // CHECK-FIXES-NEXT: {{^}}    const float4 x_v0 = *reinterpret_cast<const float4*>(&x[i]);{{$}}
    // CHECK-FIXES-NEXT: {{^}}#pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < 4; ++k) {{{$}}
    // CHECK-FIXES-NEXT: {{^}}      reinterpret_cast<float*>(&y_v0)[k] += a * reinterpret_cast<const float*>(&x_v0)[k];{{$}}
    // CHECK-FIXES-NEXT: {{^}}    }{{$}}
    // CHECK-FIXES-NEXT: {{^}}    *reinterpret_cast<float4*>(&y[i]) = y_v0;{{$}}
  }
}

// Register-array staging: load into v[], compute, store from v[]. Two loops,
// two sites; unsigned loop variable, `k != 4`, `k += 1`, and a 1-based loop.
__global__ void stage(const float *__restrict__ x, float *__restrict__ y, unsigned n) {
  unsigned base = (blockIdx.x * blockDim.x + threadIdx.x) << 2;
  if (base >= n)
    return;
  float v[4];
  for (unsigned k = 0; k != 4; k += 1)
    v[k] = x[base + k];
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[base]);{{$}}
  // CHECK-FIXES: {{^}}    v[k] = reinterpret_cast<const float*>(&x_v0)[k];{{$}}
  for (int k = 0; k < 4; ++k)
    v[k] = v[k] > 0.f ? v[k] : 0.f;
  for (int k = 1; k <= 4; ++k)
    y[base + k - 1] = v[k - 1];
  // CHECK-FIXES: {{^}}  float4 y_v0;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int k = 1; k <= 4; ++k){{$}}
  // CHECK-FIXES-NEXT: {{^}}    reinterpret_cast<float*>(&y_v0)[k - 1] = v[k - 1];{{$}}
  // CHECK-FIXES-NEXT: {{^}}  *reinterpret_cast<float4*>(&y[base - 1 + 1]) = y_v0;{{$}}
}
