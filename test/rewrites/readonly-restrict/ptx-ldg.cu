// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=noalias:x,noalias:w
// PTX evidence: before, nvcc loads x and w with plain ld.global (it cannot
// prove they are not written through y); after `const float *__restrict__`
// + __ldg, they are non-coherent read-only loads (ld.global.nc.*). y, read
// and written, is refused and stays a plain ld.global.f32.
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
  // CHECK-FIXES: {{^}}  if (i < n) y[i] = a * __ldg(&x[i]) + y[i];
  // CHECK-MESSAGES: :[[@LINE-4]]:62: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'never-written' fails: 'y' is written{{.*}} [KL1301]
}

__global__ void weigh4(const float4 *w, float4 *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float4 v = w[i];
    y[i] = make_float4(2.f * v.x, 2.f * v.y, 2.f * v.z, 2.f * v.w);
  }
}

// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}saxpy
// CHECK-PTX-BEFORE-NOT: ld.global.nc
// CHECK-PTX-BEFORE: ld.global.f32
// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}weigh4
// CHECK-PTX-BEFORE-NOT: ld.global.nc
// CHECK-PTX-BEFORE: ld.global.v4.f32
// CHECK-PTX-BEFORE-NOT: ld.global.nc

// CHECK-PTX-LABEL: .entry {{.*}}saxpy
// CHECK-PTX-DAG: ld.global.nc.f32
// CHECK-PTX-DAG: ld.global.f32
// CHECK-PTX-LABEL: .entry {{.*}}weigh4
// CHECK-PTX: ld.global.nc.v4.f32
