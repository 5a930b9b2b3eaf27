// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse --expect-exit=2
// vector-temp-only-lanes: reverse replaces each `v.x` by a scalar load, so
// the temporary must only be read lane by lane. In `k1` a lane is modified
// (`v.x *= s`), in `k2` the vector is passed whole to a function, in `k3` it
// is copied whole into another float4 variable.
__device__ float4 twice(float4 a) { return make_float4(2 * a.x, 2 * a.y, 2 * a.z, 2 * a.w); }
__global__ void k1(const float *__restrict__ x, float *__restrict__ y, float s) {
  int i = threadIdx.x;
  float4 v = reinterpret_cast<const float4 *>(x)[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: cannot apply 'vectorize-global-access' (reverse) at site 1: precondition 'vector-temp-only-lanes' fails: 'v.x' (line {{[0-9, ]+}}) is not only read: it is modified or its address is taken [KL1111]
  v.x *= s;
  y[i] = v.x + v.y + v.z + v.w;
}
__global__ void k2(const float *__restrict__ x, float4 *__restrict__ y) {
  int i = threadIdx.x;
  float4 v = reinterpret_cast<const float4 *>(x)[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: cannot apply 'vectorize-global-access' (reverse) at site 2: precondition 'vector-temp-only-lanes' fails: 'v' is used whole at line {{[0-9, ]+}} [KL1111]
  y[i] = twice(v);
}
__global__ void k3(const float *__restrict__ x, float *__restrict__ y) {
  int i = threadIdx.x;
  float4 v = reinterpret_cast<const float4 *>(x)[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: cannot apply 'vectorize-global-access' (reverse) at site 3: precondition 'vector-temp-only-lanes' fails: 'v' is used whole at line {{[0-9, ]+}} [KL1111]
  float4 w = v;
  y[i] = w.x;
}
