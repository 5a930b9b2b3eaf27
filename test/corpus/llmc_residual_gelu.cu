// llm.c style elementwise kernels: x128 packs through load128cs/store128,
// __ldcs/__stcs streaming hints, a GELU with a #define'd constant.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include "llmc_common.cuh"
#include <cmath>

// Known bug 2 (fixed, known-bugs/README.md): out is written only through the store128 helper; under
// --assume=all readonly-restrict makes it const and the file stops parsing,
// and (known bug 3) that one failure loses every other site of the run.
typedef float floatX;
typedef Packed128<floatX> x128;
#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

__global__ void residual_forward_kernel(floatX *out, const floatX *inp1, const floatX *inp2) {
  int idx = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  x128 packed_out;
  x128 packed_inp1 = load128cs(inp1 + idx);
  x128 packed_inp2 = load128cs(inp2 + idx);
  for (int k = 0; k < packed_inp1.size; k++)
    packed_out[k] = (floatX)((float)packed_inp1[k] + (float)packed_inp2[k]);
  store128(out + idx, packed_out);
}

__global__ void gelu_forward_kernel2(floatX *out, const floatX *inp) {
  int idx = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  x128 packed_out;
  x128 packed_inp = load128cs(inp + idx);
  for (int k = 0; k < packed_inp.size; ++k) {
    float xi = (float)packed_inp[k];
    float cube = 0.044715f * xi * xi * xi;
    packed_out[k] = (floatX)(0.5f * xi * (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube))));
  }
  store128(out + idx, packed_out);
}

// The scalar versions, as in llm.c's dev/cuda: one element per thread.
__global__ void residual_forward_kernel1(float *out, const float *inp1, const float *inp2, int N) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < N) __stcs(out + idx, __ldcs(inp1 + idx) + __ldcs(inp2 + idx));
}

__global__ void encoder_forward_kernel2(float *out, const int *inp, const float *wte, const float *wpe, int B, int T,
                                        int C) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int N = B * T * C;
  if (idx < N) {
    int bt = idx / C;
    int b = bt / T;
    int t = bt % T;
    int c = idx % C;
    int ix = inp[b * T + t];
    float *out_btc = out + b * T * C + t * C + c;
    const float *wte_ix = wte + ix * C + c;
    const float *wpe_tc = wpe + t * C + c;
    *out_btc = *wte_ix + *wpe_tc;
  }
}

__global__ void bias_pair_kernel(float *out, const float *bias, int OC) {
  int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (i + 1 < OC) {
    float b0 = bias[i];
    float b1 = bias[i + 1];
    out[i] += b0;
    out[i + 1] += b1;
  }
}

void residual_forward(floatX *out, const floatX *inp1, const floatX *inp2, int N) {
  const int block_size = 256;
  const int grid_size = ceil_div(N, (int)(block_size * x128::size));
  residual_forward_kernel<<<grid_size, block_size>>>(out, inp1, inp2);
  residual_forward_kernel1<<<ceil_div(N, block_size), block_size>>>(out, inp1, inp2, N);
  gelu_forward_kernel2<<<grid_size, block_size>>>(out, inp1);
  cudaCheck(cudaGetLastError());
}
