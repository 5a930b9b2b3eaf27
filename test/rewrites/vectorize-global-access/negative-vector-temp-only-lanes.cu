// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse --expect-exit=2
// vector-temp-only-lanes: reverse turns a vector load into scalar loads, and
// that needs the vector access to be read as a *value*. A temporary that is
// only read through .x/.y/.z/.w loses its declaration (loads at the uses); a
// temporary that is modified or used whole keeps it and is loaded by
// make_float4(<4 scalar loads>) in place (reverse-modified-temp.cu). What
// is left, and must be refused, is vector memory used as an lvalue: no copy
// made of scalar loads can stand for it.
// In `k1` the memory is bound to a reference and modified through it: a
// make_float4 copy would drop the stores to `y`. In `k2` it is passed by
// reference to a function that writes it. In `k3` one lane of the vector
// memory is assigned: that is a store, not a load. In `k4` a const reference
// is read after `x` is written: a copy taken at the binding would read the
// old values.
__device__ void scale(float4 &v, float s) {
  v.x *= s;
  v.y *= s;
}
__global__ void k1(float *__restrict__ y, float s) {
  int i = threadIdx.x;
  float4 &r = reinterpret_cast<float4 *>(y)[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:15: error: cannot apply 'vectorize-global-access' (reverse) at site 1: precondition 'vector-temp-only-lanes' fails: the vector memory 'reinterpret_cast<float4 *>(y)[i]' is bound to the reference 'r': every use of it reads or writes memory, so it is not a value that scalar loads could produce [KL1111]
  r.x *= s;
  r.w = 0.f;
}
__global__ void k2(float *__restrict__ y, float s) {
  int i = threadIdx.x;
  scale(reinterpret_cast<float4 *>(y)[i], s);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: error: cannot apply 'vectorize-global-access' (reverse) at site 2: precondition 'vector-temp-only-lanes' fails: the vector memory 'reinterpret_cast<float4 *>(y)[i]' is passed by reference to 'scale', which may read or write it later, so it is not a value that scalar loads could produce [KL1111]
}
__global__ void k3(float *__restrict__ y, float s) {
  int i = threadIdx.x;
  reinterpret_cast<float4 *>(y)[i].z = s;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'vectorize-global-access' (reverse) at site 3: precondition 'vector-temp-only-lanes' fails: the vector memory 'reinterpret_cast<float4 *>(y)[i]' has its lane 'reinterpret_cast<float4 *>(y)[i].z' assigned or its address taken (line {{[0-9]+}}), so it is not a value that scalar loads could produce [KL1111]
}
__global__ void k4(float *__restrict__ x, float *__restrict__ y) {
  int i = threadIdx.x;
  const float4 &c = *reinterpret_cast<const float4 *>(&x[4 * i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: cannot apply 'vectorize-global-access' (reverse) at site 4: precondition 'vector-temp-only-lanes' fails: the vector memory '*reinterpret_cast<const float4 *>(&x[4 * i])' is bound to the reference 'c': every use of it reads or writes memory, so it is not a value that scalar loads could produce [KL1111]
  x[4 * i] = 1.f;
  y[i] = c.x + c.y;
}
