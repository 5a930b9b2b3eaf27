// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=aligned:y:16 --assume=aligned:z:16
// Compound-assignment lanes keep the store preconditions: `t = y[i]` reads
// lane 0 after `y[i] += 1.f` stored it, so the vector store (which happens
// at the last lane) would leave `t` with the old value.
__global__ void readmid(float *__restrict__ y, float *__restrict__ z) {
  int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  y[i] += 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'no-aliasing-write-between' fails: 'y[i]' reads lane 0 after it is stored; delaying the store changes the value read [KL1106]
  float t = y[i];
  y[i + 1] += t;
  y[i + 2] += t;
  y[i + 3] += t;
  z[i] = t;
}
