// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward
// REQUIRES: nvcc
// CUDA samples style (vectorAdd): numElements, blocksPerGrid computed in a
// local, error checking after the launch.
#include <cstdio>
#include <cuda_runtime.h>

/**
 * CUDA Kernel Device code
 *
 * Computes the vector addition of A and B into C. The 3 vectors have the same
 * number of elements numElements.
 */
__global__ void vectorAdd(const float *A, const float *B, float *C, int numElements) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;

  if (i < numElements) {
    C[i] = A[i] + B[i] + 0.0f;
  }
}

// CHECK-FIXES: {{^}}  if (i < numElements / 4) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < 4; ++k) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      C[4 * i + k] = A[4 * i + k] + B[4 * i + k] + 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}  } else if (i == numElements / 4) {{[{]}}{{$}}

int runVectorAdd(const float *d_A, const float *d_B, float *d_C, int numElements) {
  cudaError_t err = cudaSuccess;
  int threadsPerBlock = 256;
  int blocksPerGrid = (numElements + threadsPerBlock - 1) / threadsPerBlock;
  printf("CUDA kernel launch with %d blocks of %d threads\n", blocksPerGrid, threadsPerBlock);
  vectorAdd<<<blocksPerGrid, threadsPerBlock>>>(d_A, d_B, d_C, numElements);
  // CHECK-FIXES: {{^}}  vectorAdd<<<(blocksPerGrid + 3) / 4, threadsPerBlock>>>(d_A, d_B, d_C, numElements);{{$}}
  err = cudaGetLastError();
  if (err != cudaSuccess) {
    fprintf(stderr, "Failed to launch vectorAdd kernel (error code %s)!\n", cudaGetErrorString(err));
    return 1;
  }
  return 0;
}
