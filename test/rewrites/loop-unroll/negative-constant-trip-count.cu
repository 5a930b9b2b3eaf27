// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// A full unroll needs a trip count known at compile time: with a run-time
// bound nvcc cannot unroll fully (it warns and ignores the pragma), so the
// rewrite would claim an optimization that does not happen. Each refusal names
// what is not constant. A factor unroll (--option=unroll-factor=N) is the
// rewrite to use for these loops.
__global__ void k(const float *in, float *out, int n, int stride) {
  float acc = 0.f;
  for (int i = 0; i < n; ++i) acc += in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'constant-trip-count' fails: bound: 'n' is not a compile-time constant ('n' is known only at run time){{.*}} [KL1203]
  for (int i = threadIdx.x; i < 64; i += blockDim.x) acc += in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 2: precondition 'constant-trip-count' fails: start value: 'threadIdx.x' is not a compile-time constant{{.*}} [KL1203]
  for (int i = 0; i < 16; i += stride) acc += in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 3: precondition 'constant-trip-count' fails: step: 'stride' is not a compile-time constant{{.*}} [KL1203]
  for (int i = 0; i < 16; ++i) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 4: precondition 'constant-trip-count' fails: 'i' is modified or escapes inside the body (line [[@LINE+2]]){{.*}} [KL1203]
    if (in[i] < 0.f)
      i += 2;
    acc += in[i];
  }
  int j = 0;
  while (j < 8) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 5: precondition 'constant-trip-count' fails: 'continue' at line [[@LINE+2]] skips the update of 'j' at the end of the body{{.*}} [KL1203]
    if (in[j] == 0.f)
      continue;
    acc += in[j];
    ++j;
  }
  for (int z = 0; z < 8; ++z) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 6: precondition 'constant-trip-count' fails: 'z' is modified or escapes inside the body (line [[@LINE+1]]){{.*}} [KL1203]
    auto skip = [&]() { ++z; };
    if (in[z] < 0.f) skip();
  }
  int w = 0;
  while (w < 8) { w += 2; acc += in[w]; }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 7: precondition 'constant-trip-count' fails: the body does not end with an update of 'w'{{.*}} [KL1203]
  out[threadIdx.x] = acc;
}
