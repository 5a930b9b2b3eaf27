// CUDA samples BlackScholes: __device__ inline helpers (CND), a grid-stride
// kernel over options, float2 packing of two options per thread, host driver.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cstdio>
#include <cuda_runtime.h>

#define OPT_N 4000000
#define NUM_ITERATIONS 512

__device__ inline float cndGPU(float d) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f, A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267793994605993438f;
  float K = __fdividef(1.0f, (1.0f + 0.2316419f * fabsf(d)));
  float cnd = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0) cnd = 1.0f - cnd;
  return cnd;
}

__device__ inline void BlackScholesBodyGPU(float &CallResult, float &PutResult, float S, float X, float T, float R,
                                           float V) {
  float sqrtT = __fdividef(1.0F, rsqrtf(T));
  float d1 = __fdividef(__logf(S / X) + (R + 0.5f * V * V) * T, V * sqrtT);
  float d2 = d1 - V * sqrtT;
  float CNDD1 = cndGPU(d1);
  float CNDD2 = cndGPU(d2);
  float expRT = __expf(-R * T);
  CallResult = S * CNDD1 - X * expRT * CNDD2;
  PutResult = X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1);
}

__launch_bounds__(128) __global__ void BlackScholesGPU(float2 *__restrict d_CallResult, float2 *__restrict d_PutResult,
                                                        float2 *__restrict d_StockPrice,
                                                        float2 *__restrict d_OptionStrike,
                                                        float2 *__restrict d_OptionYears, float Riskfree,
                                                        float Volatility, int optN) {
  const int opt = blockDim.x * blockIdx.x + threadIdx.x;
  if (opt < (optN / 2)) {
    float callResult1, callResult2, putResult1, putResult2;
    BlackScholesBodyGPU(callResult1, putResult1, d_StockPrice[opt].x, d_OptionStrike[opt].x, d_OptionYears[opt].x,
                        Riskfree, Volatility);
    BlackScholesBodyGPU(callResult2, putResult2, d_StockPrice[opt].y, d_OptionStrike[opt].y, d_OptionYears[opt].y,
                        Riskfree, Volatility);
    d_CallResult[opt] = make_float2(callResult1, callResult2);
    d_PutResult[opt] = make_float2(putResult1, putResult2);
  }
}

// Scalar version, one option per thread, grid-stride.
__global__ void BlackScholesScalar(float *call, float *put, const float *S, const float *X, const float *T, float R,
                                   float V, int optN) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < optN; i += blockDim.x * gridDim.x)
    BlackScholesBodyGPU(call[i], put[i], S[i], X[i], T[i], R, V);
}

int main() {
  float *d_Call, *d_Put, *d_S, *d_X, *d_T;
  cudaMalloc((void **)&d_Call, OPT_N * sizeof(float));
  cudaMalloc((void **)&d_Put, OPT_N * sizeof(float));
  cudaMalloc((void **)&d_S, OPT_N * sizeof(float));
  cudaMalloc((void **)&d_X, OPT_N * sizeof(float));
  cudaMalloc((void **)&d_T, OPT_N * sizeof(float));
  for (int i = 0; i < NUM_ITERATIONS; i++)
    BlackScholesGPU<<<((OPT_N / 2) + 128 - 1) / 128, 128>>>((float2 *)d_Call, (float2 *)d_Put, (float2 *)d_S,
                                                             (float2 *)d_X, (float2 *)d_T, 0.02f, 0.30f, OPT_N);
  BlackScholesScalar<<<480, 128>>>(d_Call, d_Put, d_S, d_X, d_T, 0.02f, 0.30f, OPT_N);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
