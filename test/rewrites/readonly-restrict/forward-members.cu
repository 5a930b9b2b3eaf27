// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// An element type with no __ldg overload (a struct, float3) is still read
// through the read-only path one field at a time: `p[i].x` and `p->m` become
// `__ldg(&p[i].x)` / `__ldg(&p->m)`, a 4-byte load of just that field.
// Whole-element copies stay plain loads. Fields of a type that has an
// overload (float4's `.x`) are left as is: the element is usually read
// whole, and one vector load beats four scalar ones.
struct Body { float3 pos; float mass; int alive; float hist[4]; };

__global__ void speed3(const float3 *v, float *__restrict__ speed, int n) {
// CHECK-FIXES: {{^}}__global__ void speed3(const float3 *__restrict__ v, float *__restrict__ speed, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) speed[i] = sqrtf(v[i].x * v[i].x + v[i].y * v[i].y + v[i].z * v[i].z);
  // CHECK-FIXES: {{^}}  if (i < n) speed[i] = sqrtf(__ldg(&v[i].x) * __ldg(&v[i].x) + __ldg(&v[i].y) * __ldg(&v[i].y) + __ldg(&v[i].z) * __ldg(&v[i].z));
}

__global__ void potential(const Body *bodies, float *__restrict__ phi, int n) {
// CHECK-FIXES: {{^}}__global__ void potential(const Body *__restrict__ bodies, float *__restrict__ phi, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || !bodies[i].alive) return;
  // CHECK-FIXES: {{^}}  if (i >= n || !__ldg(&bodies[i].alive)) return;
  const Body *me = bodies + i;
  float acc = 0.f;
  for (int j = 0; j < n; ++j) {
    float dx = bodies[j].pos.x - me->pos.x;
    // CHECK-FIXES: {{^}}    float dx = __ldg(&bodies[j].pos.x) - __ldg(&me->pos.x);
    acc += (bodies + j)->mass / (fabsf(dx) + 1e-3f) + bodies[j].hist[i & 3];
    // CHECK-FIXES: {{^}}    acc += __ldg(&(bodies + j)->mass) / (fabsf(dx) + 1e-3f) + __ldg(&bodies[j].hist[i & 3]);
  }
  Body copy = *me;
  // CHECK-FIXES: {{^}}  Body copy = *me;
  phi[i] = acc * copy.mass;
}

__global__ void nbody(const float4 *pos, float *__restrict__ w, int n) {
// CHECK-FIXES: {{^}}__global__ void nbody(const float4 *__restrict__ pos, float *__restrict__ w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 me = pos[i];
  // CHECK-FIXES: {{^}}  float4 me = __ldg(&pos[i]);
  w[i] = me.w + pos[0].x;
  // CHECK-FIXES: {{^}}  w[i] = me.w + pos[0].x;
}
