// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward -- --assume=reassociate
// CUDA-by-example style: the index from a macro, a while loop striding by
// the grid, a per-thread sum, then one unconditional atomicAdd per thread.
// Every thread reaches it, so the accumulator starts at the thread's sum.
#include <cstdio>
#include <cuda_runtime.h>

#define THREADS_PER_BLOCK 128
#define IDX (threadIdx.x + blockIdx.x * blockDim.x)
#define imin(a, b) (a < b ? a : b)

__global__ void dotProductKernel(float *a, float *b, float *c, int N) {
    int tid = IDX;
    float temp = 0;
    while (tid < N) {
        temp += a[tid] * b[tid];
        tid += blockDim.x * gridDim.x;
    }
    atomicAdd(c, temp);
}
// CHECK-FIXES:      {{^}}    float block_sum = temp;
// CHECK-FIXES-NEXT: {{^}}    __shared__ float block_sum_warps[32];
// CHECK-FIXES-NEXT: {{^}}    const unsigned block_sum_rank = threadIdx.x;
// CHECK-FIXES:      {{^}}    if (block_sum_rank == 0)
// CHECK-FIXES-NEXT: {{^}}        atomicAdd(c, block_sum);

void dotProduct(float *dev_a, float *dev_b, float *dev_c, int N) {
    int blocksPerGrid = imin(32, (N + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK);
    cudaMemset(dev_c, 0, sizeof(float));
    dotProductKernel<<<blocksPerGrid, THREADS_PER_BLOCK>>>(dev_a, dev_b, dev_c, N);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess)
        printf("dotProductKernel: %s\n", cudaGetErrorString(err));
}
