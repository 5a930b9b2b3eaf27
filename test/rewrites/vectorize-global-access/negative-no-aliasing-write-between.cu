// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=aligned:x:16 --assume=aligned:y:16 --assume=aligned:z:16
// no-aliasing-write-between: forward moves the loads up to the first lane and
// the stores down to the last. In `k1` a store through `y` sits between the
// loads of `x`; x and y are not both __restrict__, so y[0] may be x[4*i+2]
// (unknown: assert it with --assume=noalias:x). In `k2` the array itself is
// written between its lanes (fails). In `k3` a store lane is read back
// before the last store (fails: delaying the store changes the value read).
// In `k4` a barrier sits between the stores (fails).
__global__ void k1(const float *x, float *y) {
  int i = threadIdx.x;
  float a = x[4 * i], b = x[4 * i + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'no-aliasing-write-between' is unknown: the store to 'y[0]' (line {{[0-9, ]+}}) between the lanes: 'y' may alias 'x' (not both __restrict__); assert it with --assume=noalias:x if it is true [KL1106]
  y[0] = a;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'vectorize-global-access' (forward) at site 2: precondition 'no-aliasing-write-between' is unknown: the read of 'x[4 * i + 2]' (line {{[0-9, ]+}}) between the lanes: 'x' may alias 'y' (not both __restrict__); assert it with --assume=noalias:y if it is true [KL1106]
  float c = x[4 * i + 2], d = x[4 * i + 3];
  y[1] = b + c + d;
}
__global__ void k2(float *__restrict__ z) {
  int i = threadIdx.x;
  float a = z[4 * i], b = z[4 * i + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: error: cannot apply 'vectorize-global-access' (forward) at site 3: precondition 'no-aliasing-write-between' fails: 'z[4 * i + 2]' is written before lane 2 is read; loading it early would read the old value [KL1106]
  z[4 * i + 2] = a;
  float c = z[4 * i + 2], d = z[4 * i + 3];
  z[4 * i + 64] = b + c + d;
}
__global__ void k3(float *__restrict__ y, float v) {
  int i = threadIdx.x;
  y[4 * i] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'vectorize-global-access' (forward) at site 4: precondition 'no-aliasing-write-between' fails: 'y[4 * i]' reads lane 0 after it is stored; delaying the store changes the value read [KL1106]
  y[4 * i + 1] = y[4 * i] * 2.f;
  y[4 * i + 2] = v;
  y[4 * i + 3] = v;
}
__global__ void k4(float *__restrict__ x, float v) {
  int i = threadIdx.x;
  x[4 * i] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'vectorize-global-access' (forward) at site 5: precondition 'no-aliasing-write-between' fails: the call to '__syncthreads' (line {{[0-9, ]+}}) between the lanes may write or synchronize memory [KL1106]
  x[4 * i + 1] = v;
  __syncthreads();
  x[4 * i + 2] = v;
  x[4 * i + 3] = v;
}
