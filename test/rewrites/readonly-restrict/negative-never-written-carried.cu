// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=all
// The pointer's value is carried on by every step of the one derivation rule
// the analyses share (lib/Analysis carriesPointer): __builtin_assume_aligned,
// casts and the value of `p += k` point into the same memory, so a store
// through them is a write. The refusal cites the write and, for a write in a
// helper, the call it was found through (evidence notes).
__global__ void aligned(float *buf, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:32: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'never-written' fails: 'buf' is written: store at line [[@LINE+3]] ('w[threadIdx.x] = buf[n]') [KL1301]
  // CHECK-MESSAGES: :[[@LINE+2]]:3: note: the memory of 'buf' is written here [write]
  float *w = (float *)__builtin_assume_aligned(buf + 4 * blockIdx.x, 16);
  w[threadIdx.x] = buf[n];
}
__global__ void bumped(float *p, int k) {
  // CHECK-MESSAGES: :[[@LINE-1]]:31: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'never-written' fails: 'p' is written: store at line [[@LINE+1]] ('*(p += k) = p[0]') [KL1301]
  *(p += k) = p[0];
}
__device__ void put(float *q, float v) { q[threadIdx.x] = v; }
__global__ void helper(float *out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:31: error: cannot apply 'readonly-restrict' (forward) at site 3: precondition 'never-written' fails: 'out' is written: 'put' (called at line [[@LINE+3]]) writes through 'q': store at line [[@LINE-2]] ('q[threadIdx.x] = v') [KL1301]
  // CHECK-MESSAGES: :[[@LINE+2]]:3: note: passed to 'put' as 'q' [call]
  // CHECK-MESSAGES: :[[@LINE-4]]:42: note: the memory of 'out' is written here [write]
  put(out, out[1]);
}
