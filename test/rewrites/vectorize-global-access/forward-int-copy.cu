// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:src:16 --assume=aligned:dst:16 --assume=aligned:key:8 --assume=aligned:val:8
// A copy kernel with several arrays: when every stored value is exactly the
// matching lane of one load group, the result is a vector copy. int and
// unsigned get int4 / uint2. Host code in the same file is left alone.
#include <cuda_runtime.h>

__global__ void copy_int(const int *__restrict__ src, int *__restrict__ dst, int n4) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n4) {
    dst[4 * t] = src[4 * t];
    dst[4 * t + 1] = src[4 * t + 1];
    dst[4 * t + 2] = src[4 * t + 2];
    dst[4 * t + 3] = src[4 * t + 3];
    // CHECK-FIXES: {{^}}    *reinterpret_cast<int4*>(&dst[4 * t]) = *reinterpret_cast<const int4*>(&src[4 * t]);{{$}}
  }
}

__global__ void swap_pairs(unsigned *__restrict__ key, unsigned *__restrict__ val) {
  unsigned t = threadIdx.x;
  unsigned k0 = key[t * 2], k1 = key[t * 2 + 1];
  // CHECK-FIXES: {{^}}  const uint2 key_v0 = *reinterpret_cast<const uint2*>(&key[t * 2]);{{$}}
  // CHECK-FIXES: {{^}}  unsigned k0 = key_v0.x, k1 = key_v0.y;{{$}}
  val[t * 2] = k1;
  val[t * 2 + 1] = k0;
  // CHECK-FIXES: {{^}}  *reinterpret_cast<uint2*>(&val[t * 2]) = make_uint2(k1, k0);{{$}}
}

// A host reference loop with the same shape is host code: not a site.
void copy_ref(const int *src, int *dst, int n4) {
  for (int t = 0; t < n4; ++t) {
    dst[4 * t] = src[4 * t];
    dst[4 * t + 1] = src[4 * t + 1];
    dst[4 * t + 2] = src[4 * t + 2];
    dst[4 * t + 3] = src[4 * t + 3];
    // CHECK-FIXES: {{^}}    dst[4 * t + 3] = src[4 * t + 3];{{$}}
  }
}

int main() {
  int *a, *b;
  cudaMalloc(&a, 1024 * sizeof(int));
  cudaMalloc(&b, 1024 * sizeof(int));
  copy_int<<<1, 256>>>(a, b, 256);
  // CHECK-FIXES: {{^}}  copy_int<<<1, 256>>>(a, b, 256);{{$}}
  cudaDeviceSynchronize();
  return 0;
}
