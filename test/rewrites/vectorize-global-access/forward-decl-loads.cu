// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:y:16
// Loads in declarations and stores as statements, with a precomputed thread
// index: four float loads x[4*tid+k] become one float4 load held in a
// temporary, four stores y[4*tid+k] become one float4 store.
#include <cuda_runtime.h>

__global__ void scale(const float *__restrict__ x, float *__restrict__ y, float alpha, int n) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * tid + 3 >= n)
    return;
  float a0 = x[4 * tid];
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[4 * tid]);{{$}}
  // CHECK-FIXES: {{^}}  float a0 = x_v0.x;{{$}}
  float a1 = x[4 * tid + 1];
  // CHECK-FIXES: {{^}}  float a1 = x_v0.y;{{$}}
  float a2 = x[4 * tid + 2];
  // CHECK-FIXES: {{^}}  float a2 = x_v0.z;{{$}}
  float a3 = x[4 * tid + 3];
  // CHECK-FIXES: {{^}}  float a3 = x_v0.w;{{$}}
  y[4 * tid] = alpha * a0;
  y[4 * tid + 1] = alpha * a1;
  y[4 * tid + 2] = alpha * a2;
  y[4 * tid + 3] = alpha * a3;
  // CHECK-FIXES: {{^}}  *reinterpret_cast<float4*>(&y[4 * tid]) = make_float4(alpha * a0, alpha * a1, alpha * a2, alpha * a3);{{$}}
  // CHECK-FIXES-NOT: y[4 * tid + 1]
}

// Host launcher in the same file: untouched.
void launch(const float *x, float *y, float alpha, int n, cudaStream_t s) {
  scale<<<(n / 4 + 255) / 256, 256, 0, s>>>(x, y, alpha, n);
}
// CHECK-FIXES: scale<<<(n / 4 + 255) / 256, 256, 0, s>>>(x, y, alpha, n);
