// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward -- --option=mode=strided
// REQUIRES: nvcc
// A kernel with several exits and a data-dependent branch, an unsigned long
// long index and count, a helper that only computes, and a launcher that
// checks its arguments before launching on a stream. Strided: the early
// return becomes break, the other returns continue.
#include <cuda_runtime.h>

__device__ float safe_log(float v) { return v > 1e-30f ? __logf(v) : -69.0f; }

__global__ void log_or_flag(const float *probs, float *logp, unsigned char *bad,
                            unsigned long long count) {
  unsigned long long k = threadIdx.x + (unsigned long long)blockDim.x * blockIdx.x;
  if (k >= count)
    return;
  const float p = probs[k];
  if (!(p >= 0.f && p <= 1.f)) {
    bad[k] = 1;
    return;
  }
  bad[k] = 0;
  logp[k] = safe_log(p);
}
// CHECK-FIXES: {{^}}  unsigned long long k = 4 * (threadIdx.x + (unsigned long long)blockDim.x * blockIdx.x) - 3 * threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int k_1 = 0; k_1 < 4; ++k_1, k += blockDim.x) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k >= count){{$}}
// CHECK-FIXES-NEXT: {{^}}      break;{{$}}
// CHECK-FIXES-NEXT: {{^}}    const float p = probs[k];{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (!(p >= 0.f && p <= 1.f)) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      bad[k] = 1;{{$}}
// CHECK-FIXES-NEXT: {{^}}      continue;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    bad[k] = 0;{{$}}
// CHECK-FIXES-NEXT: {{^}}    logp[k] = safe_log(p);{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

int log_probs(const float *probs, float *logp, unsigned char *bad, unsigned long long count,
              cudaStream_t stream) {
  if (count == 0)
    return 0;
  const unsigned threads = 256;
  const unsigned long long blocks = (count + threads - 1) / threads;
  log_or_flag<<<(unsigned)blocks, threads, 0, stream>>>(probs, logp, bad, count);
  // CHECK-FIXES: {{^}}  log_or_flag<<<((unsigned)blocks + 3) / 4, threads, 0, stream>>>(probs, logp, bad, count);{{$}}
  return cudaGetLastError() == cudaSuccess ? 0 : -1;
}
