// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse
// REQUIRES: nvcc
// Without its tiles a kernel reads global memory in the inner loop, and
// ptxas may keep many loads in flight: siboehm's 32 x 32 shared-memory
// SGEMM took 128 registers a thread, too many for its 1024-thread block
// (cudaErrorLaunchOutOfResources on the H100). A known block of more than
// 256 threads (65536 registers / 255 a thread) on a kernel without
// __launch_bounds__ gets __launch_bounds__(threads), so the reversed kernel
// launches as the tiled one did; a block of 256 or fewer threads, or a
// kernel with its own bounds, is left as written.
#include <cuda_runtime.h>

#define BS 32

__global__ void product_1024(const float *A, const float *B, float *C, int n) {
  __shared__ float As[BS][BS];
  __shared__ float Bs[BS][BS];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * BS + ty, col = blockIdx.x * BS + tx;
  float acc = 0;
  for (int t = 0; t < n / BS; ++t) {
    As[ty][tx] = A[row * n + t * BS + tx];
    Bs[ty][tx] = B[(t * BS + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < BS; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
// CHECK-FIXES: {{^}}__global__ void __launch_bounds__(1024) product_1024(const float *A, const float *B, float *C, int n) {{{$}}
// CHECK-FIXES: {{^}}      acc += A[row * n + t * BS + k] * B[(t * BS + k) * n + col];{{$}}

__global__ void product_256(const float *A, const float *B, float *C, int n) {
  __shared__ float As[16][16];
  __shared__ float Bs[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
  float acc = 0;
  for (int t = 0; t < n / 16; ++t) {
    As[ty][tx] = A[row * n + t * 16 + tx];
    Bs[ty][tx] = B[(t * 16 + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < 16; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
// CHECK-FIXES: {{^}}__global__ void product_256(const float *A, const float *B, float *C, int n) {{{$}}

__global__ void __launch_bounds__(1024, 1) product_bounded(const float *A, const float *B, float *C, int n) {
  __shared__ float As[BS][BS];
  __shared__ float Bs[BS][BS];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * BS + ty, col = blockIdx.x * BS + tx;
  float acc = 0;
  for (int t = 0; t < n / BS; ++t) {
    As[ty][tx] = A[row * n + t * BS + tx];
    Bs[ty][tx] = B[(t * BS + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < BS; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
// CHECK-FIXES: {{^}}__global__ void __launch_bounds__(1024, 1) product_bounded(const float *A, const float *B, float *C, int n) {{{$}}

void launch(const float *A, const float *B, float *C, int n) {
  product_1024<<<dim3(n / BS, n / BS), dim3(BS, BS)>>>(A, B, C, n);
  product_256<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(A, B, C, n);
  product_bounded<<<dim3(n / BS, n / BS), dim3(BS, BS)>>>(A, B, C, n);
}
