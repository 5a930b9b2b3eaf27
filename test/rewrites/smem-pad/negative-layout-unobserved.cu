// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward --expect-exit=2
// Each tile conflicts (a 32-way column read) but some code sees its
// layout: a row handed to a helper that indexes it flat past the row, an
// element's address kept as a pointer and walked, sizeof of the tile, and a
// memcpy of the whole tile. A pad would change what each of them sees.
#include <cuda_runtime.h>

__device__ float row_sum(const float *row, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += row[i];
  return s;
}

__global__ void row_to_helper(float *out, const float *in) {
  __shared__ float t[32][32];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (forward) at site 1: precondition 'layout-unobserved' fails: line [[@LINE+4]]: a row of 't' is passed to 'row_sum', which may index it flat; padding would change what it sees [KL2402]
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
  out[1024 + threadIdx.x] = row_sum(t[threadIdx.x], 64);
}

__global__ void walked_pointer(float *out, const float *in) {
  __shared__ float t[32][32];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (forward) at site 2: precondition 'layout-unobserved' fails: line [[@LINE+4]]: the address of an element of 't' is kept as a pointer: pointer arithmetic from it may cross rows; padding would change what it sees [KL2402]
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
  const float *p = &t[0][0];
  out[2048 + threadIdx.x] = p[threadIdx.x * 33];
}

__global__ void sized(float *out, const float *in) {
  __shared__ float t[32][32];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (forward) at site 3: precondition 'layout-unobserved' fails: line [[@LINE+4]]: sizeof reads the size of the array 't'; padding would change what it sees [KL2402]
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
  out[3072] = sizeof(t) / sizeof(float);
}

__global__ void copied(float *out, const float *in) {
  __shared__ float t[32][32];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (forward) at site 4: precondition 'layout-unobserved' fails: line [[@LINE+5]]: the array 't' is passed to 'memcpy', which may index it flat; padding would change what it sees [KL2402]
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
  if (threadIdx.x == 0 && threadIdx.y == 0)
    memcpy(out + 4096, t, 32 * 32 * sizeof(float));
}

void run(float *out, const float *in) {
  dim3 block(32, 32);
  row_to_helper<<<1, block>>>(out, in);
  walked_pointer<<<1, block>>>(out, in);
  sized<<<1, block>>>(out, in);
  copied<<<1, block>>>(out, in);
}
