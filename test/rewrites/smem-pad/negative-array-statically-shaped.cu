// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward --expect-exit=2
// Tiles whose rows exist only in the index arithmetic: a dynamic extern
// __shared__ array indexed flat (s[ty * 32 + tx], read as s[tx * 32 + ty]:
// a 32-way conflict the pad cannot reach), a one-dimensional static array,
// and a 2-D tile whose extents come from a typedef (padding the type would
// change every array of it). Each conflicts; each is refused, and nothing
// is written.
#include <cuda_runtime.h>

typedef float Tile[32][32];

__global__ void flat_dynamic(float *out, const float *in) {
  extern __shared__ float s[];
  // CHECK-MESSAGES: :[[@LINE-1]]:27: error: cannot apply 'smem-pad' (forward) at site 1: precondition 'array-statically-shaped' fails: 's' is a dynamic extern __shared__ array: its rows exist only in the index arithmetic (indexed flat), which this rewrite does not change; declare a static 2-D tile to pad it [KL2401]
  s[threadIdx.y * 32 + threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = s[threadIdx.x * 32 + threadIdx.y];
}

__global__ void flat_static(float *out, const float *in) {
  __shared__ float s[32 * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (forward) at site 2: precondition 'array-statically-shaped' fails: 's' has one dimension: its rows exist only in the index arithmetic, which this rewrite does not change [KL2401]
  s[threadIdx.y * 32 + threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = s[threadIdx.x * 32 + threadIdx.y];
}

__global__ void typedef_tile(float *out, const float *in) {
  __shared__ Tile t;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: error: cannot apply 'smem-pad' (forward) at site 3: precondition 'array-statically-shaped' fails: the extents of 't' come from 'Tile': padding that type would change every array declared with it [KL2401]
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

void run(float *out, const float *in) {
  dim3 block(32, 32);
  flat_dynamic<<<1, block, 32 * 32 * sizeof(float)>>>(out, in);
  flat_static<<<1, block>>>(out, in);
  typedef_tile<<<1, block>>>(out, in);
}
