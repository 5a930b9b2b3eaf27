// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=all
// signature-free: a kernel whose address is used with its function type
// fixed -- a typed function pointer, a parameter of function-pointer type --
// cannot change its parameter types: `const float *` would no longer
// convert, and the file would not parse. --assume=all does not change that.
__global__ void k(float *in, float *__restrict__ out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:26: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'signature-free' fails: the address of 'k' is used at line [[@LINE+9]] {{.*}} where its function type is fixed; changed parameter types would not convert [KL1309]
  out[threadIdx.x] = in[threadIdx.x];
}
typedef void (*Kern)(float *, float *);
void run(Kern f);
__global__ void j(float *in, float *__restrict__ out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:26: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'signature-free' fails: the address of 'j' is used at line [[@LINE+4]] {{.*}} where its function type is fixed; changed parameter types would not convert [KL1309]
  out[threadIdx.x] = 2.0f * in[threadIdx.x];
}
void (*kp)(float *, float *) = k;
void go() { run(j); }
