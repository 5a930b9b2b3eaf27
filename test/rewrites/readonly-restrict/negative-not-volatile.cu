// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// A pointer to volatile says the memory may change behind the kernel's back
// (a flag written by the host or another block). The read-only cache would
// not see such a change, and __ldg has no volatile overload: refused, whether
// the volatile is on the parameter, on a local copy, or on a callee's
// parameter.
__global__ void wait_flag(volatile int *flag, float *__restrict__ out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:41: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'not-volatile' fails: 'flag' (line [[@LINE+1]]) points to 'volatile int': the memory may change outside the kernel{{.*}} [KL1308]
  while (flag[0] == 0) {
  }
  out[threadIdx.x] = 1.f;
}

__global__ void poll(const int *status, int *__restrict__ out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:33: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'not-volatile' fails: '(volatile const int *)status' (line [[@LINE+1]]) points to 'const volatile int'{{.*}} [KL1308]
  const volatile int *s = (volatile const int *)status;
  out[threadIdx.x] = s[0] + status[1];
}

__device__ int peek(volatile int *p) { return *p; }
// CHECK-MESSAGES: :[[@LINE-1]]:35: error: cannot apply 'readonly-restrict' (forward) at site 3: precondition 'global-kernel' fails{{.*}} [KL1305]

__global__ void via_helper(int *mailbox, int *__restrict__ out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:33: error: cannot apply 'readonly-restrict' (forward) at site 4: precondition 'not-volatile' fails: 'peek' takes it as 'volatile int *'{{.*}} [KL1308]
  out[threadIdx.x] = peek(mailbox) + mailbox[1];
}
