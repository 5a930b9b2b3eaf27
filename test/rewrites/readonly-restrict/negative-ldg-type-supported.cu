// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=noalias
// __ldg has overloads for scalars and CUDA vector types only (and __half /
// __nv_bfloat16 when cuda_fp16.h / cuda_bf16.h are included); `__ldg(&p[i])`
// on a struct or a double pointer would not compile.
struct Particle { float x, y, z, m; };

__global__ void gravity(const Particle *ps, float *fx, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:41: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'ldg-type-supported' fails: no __ldg overload for 'Particle'{{.*}} [KL1303]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Particle p = ps[i];
  fx[i] = p.m * ps[0].x;
}

__global__ void gather(const float *const *rows, float *out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:44: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'ldg-type-supported' fails: no __ldg overload for 'const float *'{{.*}} [KL1303]
  out[threadIdx.x] = rows[blockIdx.x][threadIdx.x];
}
