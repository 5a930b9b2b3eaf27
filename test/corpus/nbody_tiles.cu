// GPU Gems 3 n-body: float4 bodies, shared tiles, #pragma unroll already
// present on the inner loop, __device__ helpers returning float3, rsqrtf.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cuda_runtime.h>

#define SOFTENING 1e-9f
#define BLOCK_SIZE 256

__device__ float3 bodyBodyInteraction(float4 bi, float4 bj, float3 ai) {
  float3 r;
  r.x = bj.x - bi.x;
  r.y = bj.y - bi.y;
  r.z = bj.z - bi.z;
  float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + SOFTENING;
  float invDist = rsqrtf(distSqr);
  float s = bj.w * invDist * invDist * invDist;
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  return ai;
}

__device__ float3 tile_calculation(float4 myPosition, float3 accel) {
  extern __shared__ float4 shPosition[];
#pragma unroll 8
  for (int i = 0; i < blockDim.x; i++) accel = bodyBodyInteraction(myPosition, shPosition[i], accel);
  return accel;
}

__global__ void calculate_forces(const float4 *globalX, float4 *globalA, int N) {
  extern __shared__ float4 shPosition[];
  int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  float4 myPosition = globalX[gtid];
  float3 acc = {0.0f, 0.0f, 0.0f};
  for (int i = 0, tile = 0; i < N; i += BLOCK_SIZE, tile++) {
    int idx = tile * blockDim.x + threadIdx.x;
    shPosition[threadIdx.x] = globalX[idx];
    __syncthreads();
    acc = tile_calculation(myPosition, acc);
    __syncthreads();
  }
  float4 acc4 = {acc.x, acc.y, acc.z, 0.0f};
  globalA[gtid] = acc4;
}

// Structure-of-arrays integration step, one body per thread.
__global__ void integrate(float *px, float *py, float *pz, float *vx, float *vy, float *vz, const float *ax,
                          const float *ay, const float *az, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  vx[i] += ax[i] * dt;
  vy[i] += ay[i] * dt;
  vz[i] += az[i] * dt;
  px[i] += vx[i] * dt;
  py[i] += vy[i] * dt;
  pz[i] += vz[i] * dt;
}

void step(float4 *d_pos, float4 *d_acc, int n) {
  calculate_forces<<<n / BLOCK_SIZE, BLOCK_SIZE, BLOCK_SIZE * sizeof(float4)>>>(d_pos, d_acc, n);
  float *p = (float *)d_pos;
  integrate<<<(n + 255) / 256, 256>>>(p, p + n, p + 2 * n, p + 3 * n, p + 4 * n, p + 5 * n, p, p + n, p + 2 * n, 0.01f, n);
}
