// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward -- --assume=noalias
// PTX evidence for field loads: before, the float3 components and the struct
// fields are plain ld.global.f32; after, each is a non-coherent read-only
// load of that field alone (ld.global.nc.f32).
struct Cell { float rho; float u; int flag; };

__global__ void speed3(const float3 *v, float *s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) s[i] = v[i].x * v[i].x + v[i].y * v[i].y + v[i].z * v[i].z;
  // CHECK-FIXES: {{^}}  if (i < n) s[i] = __ldg(&v[i].x) * __ldg(&v[i].x) + __ldg(&v[i].y) * __ldg(&v[i].y) + __ldg(&v[i].z) * __ldg(&v[i].z);
}

__global__ void cells(const Cell *c, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = c[i].rho * c[i].u;
  // CHECK-FIXES: {{^}}  if (i < n) out[i] = __ldg(&c[i].rho) * __ldg(&c[i].u);
}

// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}speed3
// CHECK-PTX-BEFORE-NOT: ld.global.nc
// CHECK-PTX-BEFORE: ld.global.f32
// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}cells
// CHECK-PTX-BEFORE-NOT: ld.global.nc
// CHECK-PTX-BEFORE: ld.global.f32

// CHECK-PTX-LABEL: .entry {{.*}}speed3
// CHECK-PTX: ld.global.nc.f32
// CHECK-PTX: ld.global.nc.f32
// CHECK-PTX: ld.global.nc.f32
// CHECK-PTX-LABEL: .entry {{.*}}cells
// CHECK-PTX: ld.global.nc.f32
// CHECK-PTX: ld.global.nc.f32
