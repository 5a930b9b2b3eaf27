// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward --expect-exit=2 -- --option=mechanism=cp-async
// cp.async copies 4, 8 or 16 bytes between addresses aligned to the copy:
// a 12-byte element cannot be one copy; a 16-byte struct of four floats is
// aligned to 4 bytes only (unknown until --assume=aligned:A:16 says the
// pointer is 16-byte aligned).
#include <cuda_runtime.h>

struct Vec3 { float x, y, z; };
struct Quad { float a, b, c, d; };

__global__ void twelve_bytes(const Vec3 *__restrict__ A, float *__restrict__ C, int n) {
  __shared__ Vec3 As[128];
  float acc = 0.0f;
  for (int t = 0; t < n; t += 128) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 1: precondition 'cp-async-aligned' fails: line [[@LINE+1]] ('As[threadIdx.x] = A[t + threadIdx.x]') copies 12 bytes: cp.async copies 4, 8 or 16 [KL2707]
    As[threadIdx.x] = A[t + threadIdx.x];
    __syncthreads();
    acc += As[(threadIdx.x + 1) % 128].y;
    __syncthreads();
  }
  C[blockIdx.x * 128 + threadIdx.x] = acc;
}

__global__ void loose_struct(const Quad *__restrict__ A, float *__restrict__ C, int n) {
  __shared__ Quad As[128];
  float acc = 0.0f;
  for (int t = 0; t < n; t += 128) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 2: precondition 'cp-async-aligned' is unknown: line [[@LINE+1]] ('A[t + threadIdx.x]') is a 16-byte element aligned to 4 bytes only: a 16-byte cp.async needs both addresses aligned to its size; assert it with --assume=aligned:A:16 if it is true [KL2707]
    As[threadIdx.x] = A[t + threadIdx.x];
    __syncthreads();
    acc += As[(threadIdx.x + 1) % 128].b;
    __syncthreads();
  }
  C[blockIdx.x * 128 + threadIdx.x] = acc;
}
