// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse --expect-exit=2
// REQUIRES: nvcc
// PyTorch / Caffe style: the grid-stride loop spelled by CUDA_KERNEL_LOOP
// and GET_BLOCKS. A loop whose header comes from a macro cannot be edited
// (source-rewritable); the hand-written loop next to it is reversed, its
// launch through a helper's block count rewritten to cover n.
#include <cuda_runtime.h>
#include <cstdint>

#define CUDA_KERNEL_LOOP(i, n) \
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += blockDim.x * gridDim.x)

constexpr int CUDA_NUM_THREADS = 512;
inline int GET_BLOCKS(const int64_t N) {
  return static_cast<int>((N + CUDA_NUM_THREADS - 1) / CUDA_NUM_THREADS);
}

template <typename scalar_t>
__global__ void sigmoid_kernel(const int n, const scalar_t *in, scalar_t *out) {
  CUDA_KERNEL_LOOP(index, n) {
    out[index] = scalar_t(1) / (scalar_t(1) + exp(-in[index]));
  }
}
// CHECK-MESSAGES: :[[@LINE-4]]:3: error: cannot apply 'thread-coarsen' (reverse) at site 1: precondition 'source-rewritable' fails: the loop is not plain text of this file [KL100]

template <typename scalar_t>
__global__ void threshold_kernel(const int n, const scalar_t *in, scalar_t *out, scalar_t th) {
  for (int index = blockIdx.x * blockDim.x + threadIdx.x; index < n; index += blockDim.x * gridDim.x) {
    out[index] = in[index] > th ? in[index] : scalar_t(0);
  }
}
// CHECK-FIXES: {{^}}  int index = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (index < n) {{[{]}}{{$}}

cudaStream_t getCurrentStream();

void launch(const float *in, float *out, int64_t numel) {
  cudaStream_t stream = getCurrentStream();
  sigmoid_kernel<float><<<GET_BLOCKS(numel), CUDA_NUM_THREADS, 0, stream>>>(numel, in, out);
  threshold_kernel<float><<<GET_BLOCKS(numel), CUDA_NUM_THREADS, 0, stream>>>(numel, in, out, 0.5f);
}
// CHECK-FIXES: {{^}}  threshold_kernel<float><<<(numel + 511) / 512, CUDA_NUM_THREADS, 0, stream>>>(numel, in, out, 0.5f);{{$}}
