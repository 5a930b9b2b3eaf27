// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse -- --assume=reassociate
// Reverse of block-per-row kernels with no guard: every launch's grid is a
// parameter of the kernel (`dim3 grid(num_tokens)`), so blockIdx.x is below
// it. vLLM's RMSNorm reads blockIdx.x where it needs the row (no local) and
// reduces with cub::BlockReduce's Reduce over blockDim.x valid threads; a
// FasterTransformer-like kernel keeps `bid = blockIdx.x` and a warp's
// butterfly in 32-thread blocks. Each gets a row local (or keeps its own)
// from the global thread index and the guard the grid stood for.
#include <cub/block/block_reduce.cuh>
#include <cuda_runtime.h>
#include <cuda/std/functional>

template <typename scalar_t>
__global__ void rms_norm_kernel(scalar_t *__restrict__ out, const scalar_t *__restrict__ input,
                                const scalar_t *__restrict__ weight, const float epsilon, const int num_tokens,
                                const int hidden_size) {
  __shared__ float s_variance;
  float variance = 0.0f;
  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const float x = (float)input[blockIdx.x * hidden_size + idx];
    variance += x * x;
  }
  using BlockReduce = cub::BlockReduce<float, 1024>;
  __shared__ typename BlockReduce::TempStorage reduceStore;
  variance = BlockReduce(reduceStore).Reduce(variance, cuda::std::plus<float>{}, blockDim.x);
  if (threadIdx.x == 0)
    s_variance = rsqrtf(variance / hidden_size + epsilon);
  __syncthreads();
  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    float x = (float)input[blockIdx.x * hidden_size + idx];
    out[blockIdx.x * hidden_size + idx] = ((scalar_t)(x * s_variance)) * weight[idx];
  }
}
// CHECK-FIXES:      {{^}}__global__ void rms_norm_kernel(scalar_t *__restrict__ out, const scalar_t *__restrict__ input,
// CHECK-FIXES-NEXT: {{^}}                                const scalar_t *__restrict__ weight, const float epsilon, const int num_tokens,
// CHECK-FIXES-NEXT: {{^}}                                const int hidden_size) {
// CHECK-FIXES-NEXT: {{^}}  const int row = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (row >= num_tokens)
// CHECK-FIXES-NEXT: {{^}}    return;
// CHECK-FIXES-NEXT: {{^}}  float s_variance;
// CHECK-FIXES-NEXT: {{^}}  float variance = 0.0f;
// CHECK-FIXES-NEXT: {{^}}  for (int idx = 0; idx < hidden_size; ++idx) {
// CHECK-FIXES-NEXT: {{^}}    const float x = (float)input[row * hidden_size + idx];
// CHECK-FIXES-NEXT: {{^}}    variance += x * x;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  using BlockReduce = cub::BlockReduce<float, 1024>;
// CHECK-FIXES-NEXT: {{^}}  s_variance = rsqrtf(variance / hidden_size + epsilon);
// CHECK-FIXES-NEXT: {{^}}  for (int idx = 0; idx < hidden_size; ++idx) {
// CHECK-FIXES-NEXT: {{^}}    float x = (float)input[row * hidden_size + idx];
// CHECK-FIXES-NEXT: {{^}}    out[row * hidden_size + idx] = ((scalar_t)(x * s_variance)) * weight[idx];
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}

__global__ void row_scale(const float *x, float *y, int m, int n) {
  __shared__ float s_max;
  const int bid = blockIdx.x;
  float mx = -INFINITY;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    mx = fmaxf(mx, fabsf(x[bid * n + i]));
  for (int o = 16; o > 0; o >>= 1)
    mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, o));
  if (threadIdx.x == 0)
    s_max = mx;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    y[bid * n + i] = x[bid * n + i] / s_max;
}
// CHECK-FIXES:      {{^}}__global__ void row_scale(const float *x, float *y, int m, int n) {
// CHECK-FIXES-NEXT: {{^}}  float s_max;
// CHECK-FIXES-NEXT: {{^}}  const int bid = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (bid >= m)
// CHECK-FIXES-NEXT: {{^}}    return;
// CHECK-FIXES-NEXT: {{^}}  float mx = -INFINITY;
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < n; ++i)
// CHECK-FIXES-NEXT: {{^}}    mx = fmaxf(mx, fabsf(x[bid * n + i]));
// CHECK-FIXES-NEXT: {{^}}  s_max = mx;
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < n; ++i)
// CHECK-FIXES-NEXT: {{^}}    y[bid * n + i] = x[bid * n + i] / s_max;
// CHECK-FIXES-NEXT: {{^}}}

void rms_norm(float *out, const float *input, const float *weight, float epsilon, int num_tokens, int hidden_size,
              cudaStream_t stream) {
  dim3 grid(num_tokens);
  dim3 block(1024);
  rms_norm_kernel<float><<<grid, block, 0, stream>>>(out, input, weight, epsilon, num_tokens, hidden_size);
// CHECK-FIXES:      {{^}}  rms_norm_kernel<float><<<num_tokens / 256 + (num_tokens % 256 != 0), 256, 0, stream>>>(out, input, weight, epsilon, num_tokens, hidden_size);
}
void scale(const float *x, float *y, int m, int n) {
  dim3 grid(m), block(32);
  row_scale<<<grid, block>>>(x, y, m, n);
// CHECK-FIXES:      {{^}}  row_scale<<<m / 256 + (m % 256 != 0), 256>>>(x, y, m, n);
}
