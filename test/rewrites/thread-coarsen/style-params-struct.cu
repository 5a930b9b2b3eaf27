// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward -- --option=factor=2
// REQUIRES: nvcc
// A parameter struct passed by value (its pointers and its size read as
// members), an unsigned index, the bound on the right of the comparison,
// and a launch through a dim3 grid built in the launcher.
#include <cuda_runtime.h>

struct ScaleParams {
  const float *src;
  float *dst;
  float alpha;
  unsigned count;
};

__global__ void scale_kernel(ScaleParams p) {
  unsigned idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (p.count > idx) {
    p.dst[idx] = p.alpha * p.src[idx];
  }
}
// CHECK-FIXES: {{^}}  if (idx < p.count / 2) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < 2; ++k) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      p.dst[2 * idx + k] = p.alpha * p.src[2 * idx + k];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}  } else if (idx == p.count / 2) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < p.count % 2; ++k) {{[{]}}{{$}}

void scale(const float *src, float *dst, float alpha, unsigned count, cudaStream_t stream) {
  ScaleParams params{src, dst, alpha, count};
  dim3 threads(128);
  dim3 blocks((count + threads.x - 1) / threads.x);
  scale_kernel<<<blocks, threads, 0, stream>>>(params);
}
// CHECK-FIXES: {{^}}  scale_kernel<<<dim3((blocks.x + 1) / 2, blocks.y, blocks.z), threads, 0, stream>>>(params);{{$}}
