// RUN: %check-roundtrip %s %t --rewrite=atomic-aggregate --from=forward -- --assume=reassociate
// RUN: %check-roundtrip %s %t --rewrite=atomic-aggregate --from=forward -- --assume=reassociate --option=group=warp
// Forward then reverse gives back the input, for block and warp groups:
// a guarded atomic, a grid-stride loop, an unconditional atomic of a
// per-thread sum, a constant loop the reduction moves out of, a block-
// uniform loop it stays in (once per column), and every operator.
#include <cuda_runtime.h>

__global__ void dot(const float *x, const float *y, float *result, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(result, x[i] * y[i]);
}

__global__ void sum_squares(const double *x, long long n, double *out) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)blockDim.x * gridDim.x)
    atomicAdd(out, x[i] * x[i]);
}

__global__ void row_sums_total(const float *m, int rows, int cols, float *total) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  if (r < rows)
    for (int c = 0; c < cols; ++c)
      s += m[r * cols + c];
  atomicAdd(total, s);
}

__global__ void four_per_thread(const float *x, int n, float *out) {
  int base = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  #pragma unroll
  for (int k = 0; k < 4; ++k)
    if (base + k < n)
      atomicAdd(out, x[base + k]);
}

__global__ void column_sums(const float *a, int rows, int cols, float *colsum) {
  for (int k = 0; k < cols; ++k) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows)
      atomicAdd(&colsum[k], a[r * cols + k]);
  }
}

__global__ void int_ops(const int *v, int n, int *mx, unsigned *mn, unsigned *bits, unsigned long long *all,
                        unsigned long long *hash, int *budget) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    atomicMax(mx, v[i]);
    atomicMin_block(mn, (unsigned)v[i]);
    atomicOr_system(bits, 1u << (v[i] & 31));
    atomicAnd(all, (unsigned long long)v[i]);
    atomicXor(hash, (unsigned long long)v[i] * 0x9E3779B97F4A7C15ull);
    atomicSub(budget, v[i]);
  }
}

void launch(const float *x, const float *y, float *r, int n, cudaStream_t s) {
  dot<<<(n + 255) / 256, 256, 0, s>>>(x, y, r, n);
  four_per_thread<<<(n / 4 + 127) / 128, 128, 0, s>>>(x, n, r);
}
