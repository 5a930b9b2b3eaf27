// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=all
// loop-lanes-unconditional: a loop of lanes is vectorized only when it runs
// all V iterations and touches its lane in each one. Otherwise the vector
// load reads (and the vector store writes) elements the loop never touches:
// past the end of the array under a per-lane bound check, or after a break.
__global__ void guard_in(const float *__restrict__ x, float *__restrict__ y, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; ++k)
    if (4 * t + k < n) y[4 * t + k] = x[4 * t + k];
  // CHECK-MESSAGES: :[[@LINE-1]]:24: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'loop-lanes-unconditional' fails: 'y[4 * t + k]' does not run in every iteration: it is inside a nested if, loop, switch or lambda of the loop body [KL1108]
  // CHECK-MESSAGES: :[[@LINE-2]]:39: error: cannot apply 'vectorize-global-access' (forward) at site 2: precondition 'loop-lanes-unconditional' fails: 'x[4 * t + k]' does not run in every iteration: it is inside a nested if, loop, switch or lambda of the loop body [KL1108]
}
__global__ void early_exit(const float *__restrict__ x, float *__restrict__ y) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; ++k) {
    if (x[4 * t + k] < 0.f)
      break;
    // CHECK-MESSAGES: :[[@LINE-2]]:9: error: cannot apply 'vectorize-global-access' (forward) at site 3: precondition 'loop-lanes-unconditional' fails: the loop body can leave an iteration early (line [[@LINE-1]]) [KL1108]
    y[t] += 1.f;
  }
}
__global__ void k_changed(const float *__restrict__ x, float *__restrict__ y) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; ++k) {
    y[4 * t + k] = x[4 * t + k];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'vectorize-global-access' (forward) at site 4: precondition 'loop-lanes-unconditional' fails: 'k' is modified in the loop body (line [[@LINE+2]]) [KL1108]
    // CHECK-MESSAGES: :[[@LINE-2]]:20: error: cannot apply 'vectorize-global-access' (forward) at site 5: precondition 'loop-lanes-unconditional' fails: 'k' is modified in the loop body (line [[@LINE+1]]) [KL1108]
    k += 0;
  }
}
__global__ void address_taken(const float *__restrict__ x, float *__restrict__ y) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; ++k) {
    float *p = &y[4 * t + k];
    // CHECK-MESSAGES: :[[@LINE-1]]:17: error: cannot apply 'vectorize-global-access' (forward) at site 6: precondition 'loop-lanes-unconditional' fails: 'y[4 * t + k]' is not a plain read or write (its address is taken or it is bound to a reference) [KL1108]
    *p = 1.f;
  }
}
