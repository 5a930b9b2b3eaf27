// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward --expect-exit=2
// Each of 64 threads stages 72 elements of a 1-D tile per step: the next
// step's elements would take 72 registers per thread on top of the
// kernel's own, more than the 64 the rewrite allows.
#include <cuda_runtime.h>

#define PER 72

__global__ void wide_staging(const float *x, float *out, int n) {
  __shared__ float xs[PER * 64];
  float acc = 0.0f;
  for (int base = 0; base < n; base += PER * 64) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 1: precondition 'staging-registers-fit' fails: the next step's elements take 72 registers per thread, more than 64: the kernel would spill or lose occupancy [KL2705]
    for (int c = 0; c < PER; ++c)
      xs[threadIdx.x + c * 64] = base + threadIdx.x + c * 64 < n ? x[base + threadIdx.x + c * 64] : 0.0f;
    __syncthreads();
    for (int k = 0; k < PER * 64; k += 64)
      acc += xs[k + (threadIdx.x + 1) % 64];
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.x] = acc;
}

void run(const float *x, float *out, int n) { wide_staging<<<1, 64>>>(x, out, n); }
