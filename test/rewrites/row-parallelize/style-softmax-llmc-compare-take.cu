// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// REQUIRES: nvcc
// llm.c's softmax_forward_kernel1 (dev/cuda/softmax_forward.cu): a thread
// per row takes the row's maximum by compare-and-take (`if (x > maxval) {
// maxval = x; }`), sums in double, and divides in a third loop. The
// compare-and-take is a max fold: each thread keeps the maximum of its
// columns and the block's shuffles combine them. A row minimum spelled the
// other way round (`if (lo > v) lo = v;`) is a min fold.
#include <cuda_runtime.h>
#include <math.h>

__global__ void softmax_forward_kernel1(float* out, const float* inp, int N, int C) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        const float* inp_row = inp + i * C;
        float* out_row = out + i * C;

        float maxval = -INFINITY;
        for (int j = 0; j < C; j++) {
            if (inp_row[j] > maxval) {
                maxval = inp_row[j];
            }
        }
        double sum = 0.0;
        for (int j = 0; j < C; j++) {
            out_row[j] = expf(inp_row[j] - maxval);
            sum += out_row[j];
        }
        for (int j = 0; j < C; j++) {
            out_row[j] /= (float)sum;
        }
    }
}
// CHECK-FIXES: {{^}}        for (int j = threadIdx.x; j < C; j += blockDim.x) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}            if (inp_row[j] > maxval) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}                maxval = inp_row[j];{{$}}
// CHECK-FIXES: {{^}}            maxval = max(maxval, __shfl_down_sync(0xffffffffu, maxval, maxval_offset));{{$}}
// CHECK-FIXES: {{^}}        maxval = maxval_warps[0];{{$}}
// CHECK-FIXES: {{^}}            sum += __shfl_down_sync(0xffffffffu, sum, sum_offset);{{$}}

__global__ void row_range(const int *x, int *range, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows)
        return;
    int lo = x[(size_t)r * cols], hi = lo;
    for (int c = 1; c < cols; ++c) {
        int v = x[(size_t)r * cols + c];
        if (lo > v)
            lo = v;
        if (v >= hi)
            hi = v;
    }
    range[r] = hi - lo;
}
// CHECK-FIXES: {{^}}            lo = min(lo, __shfl_down_sync(0xffffffffu, lo, lo_offset));{{$}}
// CHECK-FIXES: {{^}}            hi = max(hi, __shfl_down_sync(0xffffffffu, hi, hi_offset));{{$}}

void softmax_forward1(float* out, const float* inp, int N, int C, const int block_size) {
    const int grid_size = (N + block_size - 1) / block_size;
    softmax_forward_kernel1<<<grid_size, block_size>>>(out, inp, N, C);
}
void row_ranges(const int *x, int *range, int rows, int cols) {
    row_range<<<(rows + 127) / 128, 128>>>(x, range, rows, cols);
}
