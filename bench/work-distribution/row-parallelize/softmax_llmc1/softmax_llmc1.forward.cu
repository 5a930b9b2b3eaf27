// Row softmax, naive: llm.c's softmax_forward_kernel1 (dev/cuda/
// softmax_forward.cu) as written there -- one thread per row, the maximum
// by compare-and-take, the sum in double, a third pass dividing -- with its
// launcher and a wrapper taking the bench's arguments.
#include <cuda_runtime.h>
#include <math.h>

__global__ void softmax_forward_kernel1(float* out, const float* inp, int N, int C) {
    // inp is (N, C)
    // out is (N, C), each row of inp will get softmaxed
    for (int i = blockIdx.x; i < N; i += gridDim.x) {
    if (i < N) {
        const float* inp_row = inp + i * C;
        float* out_row = out + i * C;

        float maxval = -INFINITY;
        for (int j = threadIdx.x; j < C; j += blockDim.x) {
            if (inp_row[j] > maxval) {
                maxval = inp_row[j];
            }
        }
        __shared__ float maxval_warps[32];
        const unsigned maxval_rank = threadIdx.x;
        const unsigned maxval_lane = maxval_rank % 32u;
        const unsigned maxval_threads = blockDim.x;
        for (unsigned maxval_offset = 16; maxval_offset > 0; maxval_offset /= 2)
            maxval = max(maxval, __shfl_down_sync(0xffffffffu, maxval, maxval_offset));
        __syncthreads();
        if (maxval_lane == 0)
            maxval_warps[maxval_rank / 32u] = maxval;
        __syncthreads();
        if (maxval_rank < 32u) {
            maxval = maxval_rank < (maxval_threads + 31u) / 32u ? maxval_warps[maxval_rank] : -INFINITY;
            for (unsigned maxval_offset = 16; maxval_offset > 0; maxval_offset /= 2)
                maxval = max(maxval, __shfl_down_sync(0xffffffffu, maxval, maxval_offset));
        }
        if (maxval_rank == 0)
            maxval_warps[0] = maxval;
        __syncthreads();
        maxval = maxval_warps[0];
        double sum = 0.0;
        for (int j = threadIdx.x; j < C; j += blockDim.x) {
            out_row[j] = expf(inp_row[j] - maxval);
            sum += out_row[j];
        }
        __shared__ double sum_warps[32];
        const unsigned sum_rank = threadIdx.x;
        const unsigned sum_lane = sum_rank % 32u;
        const unsigned sum_threads = blockDim.x;
        for (unsigned sum_offset = 16; sum_offset > 0; sum_offset /= 2)
            sum += __shfl_down_sync(0xffffffffu, sum, sum_offset);
        __syncthreads();
        if (sum_lane == 0)
            sum_warps[sum_rank / 32u] = sum;
        __syncthreads();
        if (sum_rank < 32u) {
            sum = sum_rank < (sum_threads + 31u) / 32u ? sum_warps[sum_rank] : -0.0;
            for (unsigned sum_offset = 16; sum_offset > 0; sum_offset /= 2)
                sum += __shfl_down_sync(0xffffffffu, sum, sum_offset);
        }
        if (sum_rank == 0)
            sum_warps[0] = sum;
        __syncthreads();
        sum = sum_warps[0];
        __syncthreads();
        for (int j = threadIdx.x; j < C; j += blockDim.x) {
            out_row[j] /= (float)sum;
        }
    }
    }
}

void softmax_forward1(float* out, const float* inp, int N, int C, const int block_size) {
    const int grid_size = (N + block_size - 1) / block_size;
    softmax_forward_kernel1<<<N, 256>>>(out, inp, N, C);
}

void softmax_llmc1_launch(int M, int N, const float *in, float *out) {
    if (M > 0)
        softmax_forward1(out, in, M, N, 128);
}
