// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward
// REQUIRES: nvcc
// llm.c style: a GELU forward kernel, CEIL_DIV grid, cudaCheck macro, a
// scaling constant macro and a residual add with a (const float*) cast.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cmath>

#define CEIL_DIV(M, N) (((M) + (N)-1) / (N))
#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)
void cudaCheck_(cudaError_t error, const char *file, int line) {
  if (error != cudaSuccess) {
    printf("[CUDA ERROR] at file %s:%d:\n%s\n", file, line, cudaGetErrorString(error));
    exit(EXIT_FAILURE);
  }
}
#define cudaCheck(err) (cudaCheck_(err, __FILE__, __LINE__))

__global__ void gelu_forward_kernel(float* out, const float* inp, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        float xi = inp[i];
        float cube = 0.044715f * xi * xi * xi;
        out[i] = 0.5f * xi * (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube)));
    }
}

// CHECK-FIXES: {{^}}    if (i < N / 4) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}        #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}        for (int k = 0; k < 4; ++k) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}            float xi = inp[4 * i + k];{{$}}
// CHECK-FIXES-NEXT: {{^}}            float cube = 0.044715f * xi * xi * xi;{{$}}
// CHECK-FIXES-NEXT: {{^}}            out[4 * i + k] = 0.5f * xi * (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube)));{{$}}
// CHECK-FIXES-NEXT: {{^}}        }{{$}}
// CHECK-FIXES-NEXT: {{^}}    } else if (i == N / 4) {{[{]}}{{$}}

__global__ void residual_forward_kernel(float* out, const float* inp1, const float* inp2, int N) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < N) {
        out[idx] = __ldg(&inp1[idx]) + __ldg(&inp2[idx]);
    }
}

// CHECK-FIXES: {{^}}            out[4 * idx + k] = __ldg(&inp1[4 * idx + k]) + __ldg(&inp2[4 * idx + k]);{{$}}

void gelu_forward(float* out, const float* inp, int N) {
    const int block_size = 128;
    const int grid_size = CEIL_DIV(N, block_size);
    gelu_forward_kernel<<<grid_size, block_size>>>(out, inp, N);
    // CHECK-FIXES: {{^}}    gelu_forward_kernel<<<(grid_size + 3) / 4, block_size>>>(out, inp, N);{{$}}
    cudaCheck(cudaGetLastError());
}

void residual_forward(float* out, const float* inp1, const float* inp2, int N) {
    const int block_size = 256;
    const int grid_size = CEIL_DIV(N, block_size);
    residual_forward_kernel<<<grid_size, block_size>>>(out, inp1, inp2, N);
    cudaCheck(cudaGetLastError());
}
