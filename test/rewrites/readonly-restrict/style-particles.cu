// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// Array-of-structs particles and float3 velocities: each field read is a
// 4-byte __ldg of that field, through p[i].f, a local cursor q->f and the
// float3 components.
struct Particle { float x, y, z, m; };
__global__ void kinetic(const Particle *p, const float3 *vel, float *__restrict__ e, int n) {
// CHECK-FIXES: {{^}}__global__ void kinetic(const Particle *__restrict__ p, const float3 *__restrict__ vel, float *__restrict__ e, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= n) return;
  const Particle *q = p + i;
  float vx = vel[i].x, vy = vel[i].y, vz = vel[i].z;
  // CHECK-FIXES: {{^}}  float vx = __ldg(&vel[i].x), vy = __ldg(&vel[i].y), vz = __ldg(&vel[i].z);
  e[i] = 0.5f * q->m * (vx * vx + vy * vy + vz * vz) + p[i].z * 9.81f * p[i].m;
  // CHECK-FIXES: {{^}}  e[i] = 0.5f * __ldg(&q->m) * (vx * vx + vy * vy + vz * vz) + __ldg(&p[i].z) * 9.81f * __ldg(&p[i].m);
}
