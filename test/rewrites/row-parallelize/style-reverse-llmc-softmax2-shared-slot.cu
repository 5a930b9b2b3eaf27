// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse -- --assume=reassociate
// REQUIRES: nvcc
// llm.c's softmax_forward_kernel2 (dev/cuda/softmax_forward.cu) as written
// there: a block per row with no guard (the launcher's grid is `int
// grid_size = N;`, the kernel's N), the block's width kept in `int
// block_size = blockDim.x;`, two halving trees that take their barrier
// first, both through one `shared` array, each read back as `shared[0]`
// after a barrier. Each read is its own reduction's: the maximum's becomes
// maxval, the sum's sumval (not the maximum, which the first tree left in
// the slot earlier).
__global__ void softmax_forward_kernel2(float* out, const float* inp, int N, int C) {
    // inp is (N, C)
    // in each row of C elements, first calculates maxval, then returns expf(val - maxval)
    extern __shared__ float shared[];
    int idx = blockIdx.x; // ranges [0, N)
    int tid = threadIdx.x; // ranges [0, block_size)
    int block_size = blockDim.x;
    const float* x = inp + idx * C; // idx-th row of inp
    // thread coarsening
    float maxval = -INFINITY;
    for (int i = tid; i < C; i += block_size) {
        maxval = fmaxf(maxval, x[i]);
    }
    shared[tid] = maxval;
    __syncthreads();
    // reductions
    for (int stride = block_size / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (tid < stride) {
            shared[tid] = fmaxf(shared[tid], shared[tid + stride]);
        }
    }
    __syncthreads();
    float offset = shared[0];
    // compute expf and write the result to global memory
    for (int i = tid; i < C; i += block_size) {
        out[idx * C + i] = expf(x[i] - offset);
    }
    __syncthreads();
    // thread coarsening again, for the sum
    x = out + idx * C; // idx-th row of out
    float sumval = 0.0f;
    for (int i = tid; i < C; i += block_size) {
        sumval += x[i];
    }
    shared[tid] = sumval;
    __syncthreads();
    // reductions
    for (int stride = block_size / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (tid < stride) {
            shared[tid] += shared[tid + stride];
        }
    }
    // broadcast the sum to all threads in the block
    __syncthreads();
    float sum = shared[0];
    // divide the input values by the sum
    for (int i = tid; i < C; i += block_size) {
        out[idx * C + i] = x[i] / sum;
    }
}
void softmax_forward2(float* out, const float* inp, int N, int C, const int block_size) {
    int grid_size = N;
    size_t shared_mem_size = block_size * sizeof(float);
    softmax_forward_kernel2<<<grid_size, block_size, shared_mem_size>>>(out, inp, N, C);
}
// CHECK-FIXES: {{^}}    int idx = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (idx >= N){{$}}
// CHECK-FIXES: {{^}}    for (int i = 0; i < C; ++i) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}        maxval = fmaxf(maxval, x[i]);{{$}}
// CHECK-FIXES: {{^}}    float offset = maxval;{{$}}
// CHECK-FIXES: {{^}}    float sum = sumval;{{$}}
// CHECK-FIXES: {{^}}    softmax_forward_kernel2<<<N / 256 + (N % 256 != 0), 256, shared_mem_size>>>(out, inp, N, C);{{$}}
