// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward --expect-exit=2
// A tile written a row at a time as float4 and read by columns: rows read
// 16 bytes at a time must stay 16-byte aligned, so a pad is a multiple of
// 4 floats, and a row of 32 + 4k floats always puts 4 lanes of a column in
// one bank. No allowed pad makes the column read conflict-free.
#include <cuda_runtime.h>

__global__ void rows_in_columns_out(const float4 *in, float *out) {
  __shared__ __align__(16) float t[32][32];
  // CHECK-MESSAGES: :[[@LINE-1]]:34: error: cannot apply 'smem-pad' (forward) at site 1: precondition 'pad-removes-conflicts' fails: no pad of a multiple of 4 elements (rows are read 16 bytes at a time, line [[@LINE+4]] ('*reinterpret_cast<float4 *>(&t[row][4 * quad])')) from 1 to 32 makes every access conflict-free: the best, 4, leaves line [[@LINE+7]] ('t[threadIdx.x][threadIdx.y + j]') 4-way [KL2405]
  // CHECK-MESSAGES: :[[@LINE+6]]:69: note: still a bank conflict [access]
  const int tid = threadIdx.y * 32 + threadIdx.x;
  const int row = tid / 8, quad = tid % 8;
  *reinterpret_cast<float4 *>(&t[row][4 * quad]) = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (int j = 0; j < 32; j += 8)
    out[blockIdx.x * 1024 + (threadIdx.y + j) * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y + j];
}

void run(const float4 *in, float *out, int blocks) { rows_in_columns_out<<<blocks, dim3(32, 8)>>>(in, out); }
