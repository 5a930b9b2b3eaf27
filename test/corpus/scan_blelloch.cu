// thrust-free exclusive scan (GPU Gems 3, ch. 39): work-efficient up-sweep and
// down-sweep in shared memory with the bank-conflict-avoiding offset macro,
// block sums, and a uniform add.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#define BLOCK 512

__global__ void prescan(float *g_odata, const float *g_idata, float *g_sums, int n) {
  __shared__ float temp[2 * BLOCK + (2 * BLOCK) / NUM_BANKS];
  int thid = threadIdx.x;
  int base = blockIdx.x * 2 * BLOCK;
  int ai = thid, bi = thid + BLOCK;
  int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
  int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
  temp[ai + bankOffsetA] = (base + ai < n) ? g_idata[base + ai] : 0.0f;
  temp[bi + bankOffsetB] = (base + bi < n) ? g_idata[base + bi] : 0.0f;
  int offset = 1;
  for (int d = BLOCK; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      temp[b] += temp[a];
    }
    offset *= 2;
  }
  if (thid == 0) {
    int last = 2 * BLOCK - 1 + CONFLICT_FREE_OFFSET(2 * BLOCK - 1);
    if (g_sums) g_sums[blockIdx.x] = temp[last];
    temp[last] = 0;
  }
  for (int d = 1; d < 2 * BLOCK; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      float t = temp[a];
      temp[a] = temp[b];
      temp[b] += t;
    }
  }
  __syncthreads();
  if (base + ai < n) g_odata[base + ai] = temp[ai + bankOffsetA];
  if (base + bi < n) g_odata[base + bi] = temp[bi + bankOffsetB];
}

__global__ void uniform_add(float *g_data, const float *uniforms, int n) {
  __shared__ float uni;
  if (threadIdx.x == 0) uni = uniforms[blockIdx.x];
  __syncthreads();
  unsigned int address = blockIdx.x * (blockDim.x << 1) + threadIdx.x;
  if (address < n) g_data[address] += uni;
  if (address + blockDim.x < n) g_data[address + blockDim.x] += uni;
}

// Naive Hillis-Steele inclusive scan in a double buffer, for small inputs.
__global__ void scan_naive(float *g_odata, float *g_idata, int n) {
  extern __shared__ float temp[];
  int thid = threadIdx.x;
  int pout = 0, pin = 1;
  temp[pout * n + thid] = (thid > 0) ? g_idata[thid - 1] : 0;
  __syncthreads();
  for (int offset = 1; offset < n; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (thid >= offset)
      temp[pout * n + thid] = temp[pin * n + thid] + temp[pin * n + thid - offset];
    else
      temp[pout * n + thid] = temp[pin * n + thid];
    __syncthreads();
  }
  g_odata[thid] = temp[pout * n + thid];
}

void scan(float *d_out, const float *d_in, float *d_sums, int n) {
  int blocks = (n + 2 * BLOCK - 1) / (2 * BLOCK);
  prescan<<<blocks, BLOCK>>>(d_out, d_in, d_sums, n);
  if (blocks > 1) {
    prescan<<<1, BLOCK>>>(d_sums, d_sums, nullptr, blocks);
    uniform_add<<<blocks, BLOCK>>>(d_out, d_sums, n);
  }
  scan_naive<<<1, 256, 2 * 256 * sizeof(float)>>>(d_out, d_sums, 256);
  if (cudaGetLastError() != cudaSuccess) abort();
}
