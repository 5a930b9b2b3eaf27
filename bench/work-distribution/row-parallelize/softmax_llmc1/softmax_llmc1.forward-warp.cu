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
        const unsigned maxval_rank = threadIdx.x;
        const unsigned maxval_lane = maxval_rank % 32u;
        for (unsigned maxval_offset = 16; maxval_offset > 0; maxval_offset /= 2)
            maxval = max(maxval, __shfl_down_sync(0xffffffffu, maxval, maxval_offset));
        maxval = __shfl_sync(0xffffffffu, maxval, 0);
        double sum = 0.0;
        for (int j = threadIdx.x; j < C; j += blockDim.x) {
            out_row[j] = expf(inp_row[j] - maxval);
            sum += out_row[j];
        }
        const unsigned sum_rank = threadIdx.x;
        const unsigned sum_lane = sum_rank % 32u;
        for (unsigned sum_offset = 16; sum_offset > 0; sum_offset /= 2)
            sum += __shfl_down_sync(0xffffffffu, sum, sum_offset);
        sum = __shfl_sync(0xffffffffu, sum, 0);
        __syncwarp();
        for (int j = threadIdx.x; j < C; j += blockDim.x) {
            out_row[j] /= (float)sum;
        }
    }
    }
}

void softmax_forward1(float* out, const float* inp, int N, int C, const int block_size) {
    const int grid_size = (N + block_size - 1) / block_size;
    softmax_forward_kernel1<<<N, 32>>>(out, inp, N, C);
}

void softmax_llmc1_launch(int M, int N, const float *in, float *out) {
    if (M > 0)
        softmax_forward1(out, in, M, N, 128);
}
