// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward --expect-exit=2 -- --option=pad=1
// Rows stored as float4 and columns read as floats: a pad of one float
// (asked for with --option=pad=1) would make the column read
// conflict-free, but it moves every odd row off 16-byte alignment, and the
// float4 store through &t[row][4 * quad] would be misaligned. Without the
// option the pad would be a multiple of 4 floats.
#include <cuda_runtime.h>

__global__ void rows_in_columns_out(const float4 *in, float *out) {
  __shared__ __align__(16) float t[32][32];
  // CHECK-MESSAGES: :[[@LINE-1]]:34: error: cannot apply 'smem-pad' (forward) at site 1: precondition 'vector-access-aligned' fails: line [[@LINE+4]] ('*reinterpret_cast<float4 *>(&t[row][4 * quad])') moves 16 bytes at once; a pad of 1 float (4 bytes) moves the rows after the first off 16-byte alignment: pad by a multiple of 4 elements [KL2406]
  // CHECK-MESSAGES: :[[@LINE+3]]:3: note: 16-byte access through an element's address [vector-access]
  const int tid = threadIdx.y * 32 + threadIdx.x;
  const int row = tid / 8, quad = tid % 8;
  *reinterpret_cast<float4 *>(&t[row][4 * quad]) = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (int j = 0; j < 32; j += 8)
    out[blockIdx.x * 1024 + (threadIdx.y + j) * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y + j];
}

void run(const float4 *in, float *out, int blocks) { rows_in_columns_out<<<blocks, dim3(32, 8)>>>(in, out); }
