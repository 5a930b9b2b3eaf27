// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=noalias
// A pointer the kernel writes through -- directly, through a copy, through
// an atomic or through a callee -- cannot be `const`, and __ldg (ld.global.nc)
// on memory written during the kernel may return stale data. Each refusal
// names the writing line.
__device__ void bump(float *p, int i) { p[i] += 1.f; }

__global__ void inout(float *y, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.f * y[i];
  // CHECK-MESSAGES: :[[@LINE-3]]:30: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'never-written' fails: 'y' is written: store at line [[@LINE-1]] ('y[i] = 2.f * y[i]') [KL1301]
}

__global__ void via_copy(float *buf, int n) {
  float *tail = buf + n / 2;
  // CHECK-MESSAGES: :[[@LINE-2]]:33: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'never-written' fails: 'buf' is written: '{{.*}}' at line [[@LINE+1]] ('{{.*}}'){{.*}} [KL1301]
  tail[threadIdx.x]++;
  buf[0] = buf[1];
}

__global__ void via_atomic(int *counts) {
  // CHECK-MESSAGES: :[[@LINE-1]]:33: error: cannot apply 'readonly-restrict' (forward) at site 3: precondition 'never-written' fails: 'counts' is written: 'atomicAdd' writes it at line [[@LINE+1]]{{.*}} [KL1301]
  if (counts[0] >= 0) atomicAdd(&counts[threadIdx.x % 7], 1);
}

__global__ void via_callee(float *v) {
  // CHECK-MESSAGES: :[[@LINE-1]]:35: error: cannot apply 'readonly-restrict' (forward) at site 4: precondition 'never-written' fails: 'v' is written: 'bump' (called at line [[@LINE+1]]) writes through 'p': store at line 6 {{.*}} [KL1301]
  if (v[0] > 0.f) bump(v, threadIdx.x);
}

__global__ void via_lambda(float *acc, float *__restrict__ out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:35: error: cannot apply 'readonly-restrict' (forward) at site 5: precondition 'never-written' fails: 'acc' is written: passed by non-const reference to 'operator()' at line [[@LINE+2]]{{.*}} [KL1301]
  auto bump = [](float &x) { x += 1.f; };
  bump(acc[threadIdx.x]);
  out[threadIdx.x] = acc[0];
}
