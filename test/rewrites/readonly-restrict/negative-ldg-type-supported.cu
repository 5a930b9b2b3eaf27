// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=noalias
// __ldg has overloads for scalars and CUDA vector types only (and __half /
// __nv_bfloat16 when cuda_fp16.h / cuda_bf16.h are included); `__ldg(&p[i])`
// on a struct or a double pointer would not compile. A struct's fields are
// wrapped one by one (forward-members.cu), but here nothing is: only
// whole-element copies, or a bit-field (its address cannot be taken).
struct Particle { float x, y, z, m; };

__global__ void gravity(const Particle *ps, Particle *out, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:41: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'ldg-type-supported' fails: no __ldg overload for 'Particle'{{.*}}, and no field of it is loaded on its own {{.*}}[KL1303]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Particle p = ps[i];
  p.x += 1.f;
  out[i] = p;
}

__global__ void gather(const float *const *rows, float *out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:44: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'ldg-type-supported' fails: no __ldg overload for 'const float *'{{.*}} [KL1303]
  out[threadIdx.x] = rows[blockIdx.x][threadIdx.x];
}

struct Flags { unsigned dirty : 1; unsigned kind : 3; };

__global__ void kinds(const Flags *f, int *out, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:36: error: cannot apply 'readonly-restrict' (forward) at site 3: precondition 'ldg-type-supported' fails: no __ldg overload for 'Flags'{{.*}}, and no field of it is loaded on its own {{.*}}[KL1303]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f[i].dirty ? (int)f[i].kind : -1;
}
