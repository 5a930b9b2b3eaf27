// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward -- --assume=reassociate --assume=block:softmax_forward_kernel2:256
// REQUIRES: nvcc
// llm.c's softmax_forward_kernel2: halving trees whose loops start at
// `block_size / 2` (a local set once to blockDim.x) and take the barrier
// before each step; both go through one `shared` array whose element 0
// each thread reads after the tree. Each becomes shuffles and one shared
// stage, its result left in `shared[0]` for those reads. The launch passes
// its block size as a variable: --assume=block states it.
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
// CHECK-FIXES: {{^}}    float block_max = maxval;{{$}}
// CHECK-FIXES: {{^}}        block_max = max(block_max, __shfl_down_sync(0xffffffffu, block_max, block_max_offset));{{$}}
// CHECK-FIXES: {{^}}        shared[0] = block_max;{{$}}
// CHECK-FIXES: {{^}}    float offset = shared[0];{{$}}
// CHECK-FIXES: {{^}}    float block_sum = sumval;{{$}}
// CHECK-FIXES: {{^}}        block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);{{$}}
// CHECK-FIXES: {{^}}        shared[0] = block_sum;{{$}}
// CHECK-FIXES: {{^}}    float sum = shared[0];{{$}}
