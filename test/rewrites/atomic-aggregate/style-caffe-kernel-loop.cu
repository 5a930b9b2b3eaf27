// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward
// Caffe style: the grid-stride loop is the CUDA_KERNEL_LOOP macro, the
// launch uses CAFFE_GET_BLOCKS / CAFFE_CUDA_NUM_THREADS, and the kernel is a
// template instantiated from a C++ function for one type. The accumulator
// goes above the macro's use and the reduction after the loop's body.
#include <cuda_runtime.h>

#define CUDA_KERNEL_LOOP(i, n) \
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += blockDim.x * gridDim.x)

const int CAFFE_CUDA_NUM_THREADS = 512;
inline int CAFFE_GET_BLOCKS(const int N) { return (N + CAFFE_CUDA_NUM_THREADS - 1) / CAFFE_CUDA_NUM_THREADS; }

template <typename Dtype>
__global__ void CountAboveKernel(const int nthreads, const Dtype *bottom_data, const Dtype threshold,
                                 unsigned int *count) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    if (bottom_data[index] > threshold) {
      atomicAdd(count, 1u);
    }
  }
}
// CHECK-FIXES:      {{^}}  unsigned int block_sum = 0u;
// CHECK-FIXES-NEXT: {{^}}  CUDA_KERNEL_LOOP(index, nthreads) {
// CHECK-FIXES-NEXT: {{^}}    if (bottom_data[index] > threshold) {
// CHECK-FIXES-NEXT: {{^}}      block_sum += 1u;
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __shared__ unsigned int block_sum_warps[32];
// CHECK-FIXES:      {{^}}    atomicAdd(count, block_sum);

void CountAbove(const int count, const float *bottom_data, float threshold, unsigned int *result) {
  CountAboveKernel<float><<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>>(count, bottom_data, threshold,
                                                                              result);
}
