// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=aligned:x:16 --assume=aligned:y:16
// Lanes written as a loop: the vector load goes before the loop and the
// vector store after it, so nothing in the loop may touch the same memory in
// another way: x and y may alias (not __restrict__: unknown, settled by
// --assume=noalias), a barrier fails, and so does another lane offset of
// the array that is written. A loop that is the unbraced body of an `if` has
// no block to hold the temporary (same-block).
__global__ void may_alias(const float *x, float *y) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; ++k) y[4 * t + k] = 2.f * x[4 * t + k];
  // CHECK-MESSAGES: :[[@LINE-1]]:31: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'no-aliasing-write-between' is unknown: the read of 'x[4 * t + k]' (line [[@LINE-1]]) in the loop: 'x' may alias 'y' (not both __restrict__); assert it with --assume=noalias:y if it is true [KL1106]
  // CHECK-MESSAGES: :[[@LINE-2]]:52: error: cannot apply 'vectorize-global-access' (forward) at site 2: precondition 'no-aliasing-write-between' is unknown: the store to 'y[4 * t + k]' (line [[@LINE-2]]) in the loop: 'y' may alias 'x' (not both __restrict__); assert it with --assume=noalias:x if it is true [KL1106]
}
__global__ void barrier(const float *__restrict__ x, float *__restrict__ y) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; ++k) {
    y[4 * t + k] = x[4 * t + k];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'vectorize-global-access' (forward) at site 3: precondition 'no-aliasing-write-between' fails: the call to '__syncthreads' (line [[@LINE+2]]) in the loop may write or synchronize memory; the vector load goes before the loop and the store after it [KL1106]
    // CHECK-MESSAGES: :[[@LINE-2]]:20: error: cannot apply 'vectorize-global-access' (forward) at site 4: precondition 'no-aliasing-write-between' fails: the call to '__syncthreads' (line [[@LINE+1]]) in the loop may write or synchronize memory; the vector load goes before the loop [KL1106]
    __syncthreads();
  }
}
__global__ void shifted(float *__restrict__ x) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; ++k) x[8 * t + k] = x[8 * t + k + 4];
  // CHECK-MESSAGES: :[[@LINE-1]]:31: error: cannot apply 'vectorize-global-access' (forward) at site 5: precondition 'no-aliasing-write-between' fails: the read of 'x[8 * t + k + 4]' (line [[@LINE-1]]) in the loop may touch the vector's elements; the vector load goes before the loop and the store after it [KL1106]
  // CHECK-MESSAGES: :[[@LINE-2]]:46: error: cannot apply 'vectorize-global-access' (forward) at site 6: precondition 'no-aliasing-write-between' fails: the store to 'x[8 * t + k]' (line [[@LINE-2]]) in the loop may touch the vector's elements; the vector load goes before the loop [KL1106]
}
__global__ void unbraced(const float *__restrict__ x, float *__restrict__ y, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * t < n)
    for (int k = 0; k < 4; ++k) y[4 * t + k] = x[4 * t + k];
  // CHECK-MESSAGES: :[[@LINE-1]]:33: error: cannot apply 'vectorize-global-access' (forward) at site 7: precondition 'same-block' fails: the loop over 'k' is not a statement of a block (an unbraced if or loop body); add braces [KL1107]
  // CHECK-MESSAGES: :[[@LINE-2]]:48: error: cannot apply 'vectorize-global-access' (forward) at site 8: precondition 'same-block' fails: the loop over 'k' is not a statement of a block (an unbraced if or loop body); add braces [KL1107]
}
