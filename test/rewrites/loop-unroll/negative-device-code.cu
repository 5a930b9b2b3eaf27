// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// Host code: nvcc hands host functions to the host compiler, which ignores
// `#pragma unroll` (or warns); the rewrite is about device loops, so a loop in
// a host launcher or a host helper must be refused, not silently annotated.
#define REPS 4

__global__ void fill(float *p, float v) { p[blockIdx.x * blockDim.x + threadIdx.x] = v; }

void launch_all(float **bufs, int n) {
  for (int r = 0; r < REPS; ++r)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'device-code' fails: 'launch_all' is host code{{.*}} [KL1201]
    fill<<<n / 256, 256>>>(bufs[r], 0.f);
}

static int checksum(const int *v) {
  int s = 0;
  for (int i = 0; i < 8; ++i) s ^= v[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 2: precondition 'device-code' fails: 'checksum' is host code{{.*}} [KL1201]
  return s;
}
int use_checksum(const int *v) { return checksum(v); }

// Clang marks constexpr functions and lambdas implicitly __host__ __device__;
// nvcc does not. A constexpr function without __device__ is host-only, and a
// lambda without __device__ runs where the function around it runs.
constexpr int tiles(int n) {
  int t = 0;
  for (int s = 0; s < 4; ++s) t += n >> s;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 3: precondition 'device-code' fails: 'tiles' is host code (constexpr without __device__: nvcc compiles it for the host only){{.*}} [KL1201]
  return t;
}
static_assert(tiles(16) == 30, "");

int host_reduce(const int *v) {
  auto sum4 = [&](int base) {
    int s = 0;
    for (int i = 0; i < 4; ++i) s += v[base + i];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'loop-unroll' (forward) at site 4: precondition 'device-code' fails: a lambda in 'host_reduce', which is host code{{.*}} [KL1201]
    return s;
  };
  return sum4(0) + sum4(4);
}
