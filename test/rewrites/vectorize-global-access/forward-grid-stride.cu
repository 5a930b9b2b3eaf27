// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward
// A grid-stride loop: i starts at a multiple of 4 and steps by a multiple
// of 4, so every x[i+k] / y[i+k] group is aligned. Both pointers are
// __restrict__ (no aliasing) and aligned by __builtin_assume_aligned. The
// loads of x and y inside the stores become vector temporaries declared
// before the (merged) vector store.
__global__ void saxpy(const float *__restrict__ xp, float *__restrict__ yp, float a, int n) {
  const float *__restrict__ x = (const float *)__builtin_assume_aligned(xp, 16);
  float *__restrict__ y = (float *)__builtin_assume_aligned(yp, 16);
  for (int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x); i + 3 < n; i += 4 * blockDim.x * gridDim.x) {
    y[i] = a * x[i] + y[i];
    y[i + 1] = a * x[i + 1] + y[i + 1];
    y[i + 2] = a * x[i + 2] + y[i + 2];
    y[i + 3] = a * x[i + 3] + y[i + 3];
  }
  // CHECK-FIXES: {{^}}    const float4 x_v0 = *reinterpret_cast<const float4*>(&x[i]);{{$}}
  // CHECK-FIXES: {{^}}    const float4 y_v0 = *reinterpret_cast<const float4*>(&y[i]);{{$}}
  // CHECK-FIXES: {{^}}    *reinterpret_cast<float4*>(&y[i]) = make_float4(a * x_v0.x + y_v0.x, a * x_v0.y + y_v0.y, a * x_v0.z + y_v0.z, a * x_v0.w + y_v0.w);{{$}}
  // CHECK-FIXES: {{^}}  }{{$}}
}
