// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=noalias
// The file itself launches the kernel with one buffer as both the read
// pointer and a written one (an in-place update). That is evidence, not a
// doubt: no-alias-with-written fails, even under --assume=noalias, and even
// for a template launched that way from one instantiation only.
__global__ void axpy(int n, float a, float *x, float *y) {
  // CHECK-MESSAGES: :[[@LINE-1]]:45: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'no-alias-with-written' fails: the call at line [[@LINE+17]] ('axpy<<<(n + 255) / 256, 256>>>(n, 2.f, d, d)') passes 'd' as both 'x' and 'y', which is written{{.*}} [KL1302]
  // CHECK-MESSAGES: :[[@LINE-2]]:55: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'never-written' fails{{.*}} [KL1301]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

template <typename T>
__global__ void add(const T *a, const T *b, T *__restrict__ c, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:30: error: cannot apply 'readonly-restrict' (forward) at site 3: precondition 'no-alias-with-written' fails: the call at line [[@LINE+11]] {{.*}} passes 'buf.data' as both 'a' and 'c'{{.*}} [KL1302]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
  // CHECK-FIXES: {{^}}  if (i < n) c[i] = a[i] + __ldg(&b[i]);
}

struct Buf { float *data; double *wide; };

void launch(float *d, Buf buf, float *other, int n) {
  axpy<<<(n + 255) / 256, 256>>>(n, 2.f, d, d);
  axpy<<<(n + 255) / 256, 256>>>(n, 2.f, d, other);
  add<<<1, 32>>>(buf.data, other, buf.data, n);
  add<<<1, 32>>>(buf.wide, buf.wide, buf.wide + n, n);
}
