// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// Execution spaces: an explicit __host__ __device__ helper and a lambda in a
// kernel are device code; a host launcher, a lambda inside it and a constexpr
// function without __device__ are host code for nvcc and are refused.
#include <cstdio>
__host__ __device__ inline int clamp3(int v) {
  int r = v;
  for (int i = 0; i < 3; ++i) r = r > 10 ? 10 : r;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < 3; ++i) r = r > 10 ? 10 : r;
  return r;
}
constexpr int tri(int n) {
  int s = 0;
  for (int i = 0; i < 4; ++i) s += n * i;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 2: precondition 'device-code' fails: 'tri' is host code (constexpr without __device__{{.*}} [KL1201]
  return s;
}
__global__ void lam(float *o) {
  auto window = [=](int j) {
    float t = 0;
    for (int q = 0; q < 3; ++q) t += o[j + q];
    // CHECK-FIXES: {{^}}    #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (int q = 0; q < 3; ++q) t += o[j + q];
    return t;
  };
  o[threadIdx.x] = window(threadIdx.x) + clamp3(threadIdx.x);
}
void host_launch(float *o) {
  for (int i = 0; i < 4; ++i) lam<<<1, 32>>>(o);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 4: precondition 'device-code' fails: 'host_launch' is host code{{.*}} [KL1201]
  auto sum = [](int x) {
    int s = 0;
    for (int i = 0; i < 4; ++i) s += x;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'loop-unroll' (forward) at site 5: precondition 'device-code' fails: a lambda in 'host_launch', which is host code{{.*}} [KL1201]
    return s;
  };
  printf("%d %d\n", sum(2), tri(3));
}
