// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse --expect-exit=2
// no-aliasing-write-between (reverse): reverse delays each lane's load to its
// use. In `k1` a store through `y` lies between the vector load of `x` and
// the uses; x and y are not both __restrict__, so the store may change what
// the delayed loads read (unknown: --assume=noalias:x). In `k2` `x` itself is
// written before a use (fails). In `k3` the index changes before a use
// (fails). In `k4` splitting the store would interleave loads of `x` and
// stores of `y` that may alias (unknown). In `k5` the vector is stored back
// reversed into the same elements: split, `y[4*i+2] = y[4*i+1]` would read an
// element already overwritten, so the temporary is kept (the store is still
// split, reading the temporary's lanes).
__global__ void k1(const float *x, float *y) {
  int i = threadIdx.x;
  float4 v = reinterpret_cast<const float4 *>(x)[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: cannot apply 'vectorize-global-access' (reverse) at site 1: precondition 'no-aliasing-write-between' is unknown: the store to 'y[i]' (line {{[0-9, ]+}}) lies between the vector load and a use: 'y' may alias 'x' (not both __restrict__); assert it with --assume=noalias:x if it is true [KL1106]
  y[i] = v.x;
  y[i + 1] = v.y + v.z + v.w;
}
__global__ void k2(float *__restrict__ x) {
  int i = threadIdx.x;
  float4 v = reinterpret_cast<const float4 *>(x)[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: cannot apply 'vectorize-global-access' (reverse) at site 2: precondition 'no-aliasing-write-between' fails: the store to 'x[4 * i + 1]' (line {{[0-9, ]+}}) may overwrite an element before its delayed scalar load: both access 'x' [KL1106]
  x[4 * i + 1] = 0.f;
  x[4 * i + 2] = v.x + v.y;
}
__global__ void k3(const float *__restrict__ x, float *__restrict__ y, int i) {
  float4 v = reinterpret_cast<const float4 *>(x)[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: cannot apply 'vectorize-global-access' (reverse) at site 3: precondition 'no-aliasing-write-between' fails: 'i' (part of the address) is modified between the vector load and a use [KL1106]
  i += 1;
  y[i] = v.x + v.y + v.z + v.w;
}
__global__ void k4(const float *x, float *y) {
  int i = threadIdx.x;
  reinterpret_cast<float4 *>(y)[i] = reinterpret_cast<const float4 *>(x)[i + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'vectorize-global-access' (reverse) at site 4: precondition 'no-aliasing-write-between' is unknown: interleaving scalar loads and stores of a copy: 'x' may alias 'y' (not both __restrict__); assert it with --assume=noalias:y if it is true [KL1106]
}
__global__ void k5(float *__restrict__ y) {
  int i = threadIdx.x;
  const float4 y_v0 = *reinterpret_cast<const float4*>(&y[4 * i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: error: cannot apply 'vectorize-global-access' (reverse) at site 5: precondition 'no-aliasing-write-between' fails: the store to '*reinterpret_cast<float4*>(&y[4 * i])' (line {{[0-9, ]+}}) may overwrite an element before its delayed scalar load: both access 'y' [KL1106]
  *reinterpret_cast<float4*>(&y[4 * i]) = make_float4(y_v0.w, y_v0.z, y_v0.y, y_v0.x);
  // CHECK-FIXES: {{^}}  const float4 y_v0 = *reinterpret_cast<const float4*>(&y[4 * i]);{{$}}
  // CHECK-FIXES: {{^}}  y[4 * i] = y_v0.w;{{$}}
  // CHECK-FIXES: {{^}}  y[4 * i + 1] = y_v0.z;{{$}}
  // CHECK-FIXES: {{^}}  y[4 * i + 2] = y_v0.y;{{$}}
  // CHECK-FIXES: {{^}}  y[4 * i + 3] = y_v0.x;{{$}}
}
