// PyTorch (ATen) style: CUDA_KERNEL_LOOP grid-stride macro, C10_LAUNCH_BOUNDS_1,
// int64_t indices, functors, templates on scalar_t, a namespace, a dispatch.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cstdint>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define CUDA_KERNEL_LOOP_TYPE(i, n, index_type)                                              \
  int64_t _i_n_d_e_x = blockIdx.x * blockDim.x + threadIdx.x;                                \
  for (index_type i = _i_n_d_e_x; _i_n_d_e_x < (n); _i_n_d_e_x += blockDim.x * gridDim.x, i = _i_n_d_e_x)
#define CUDA_KERNEL_LOOP(i, n) CUDA_KERNEL_LOOP_TYPE(i, n, int)
#define C10_LAUNCH_BOUNDS_1(max_threads_per_block) __launch_bounds__((max_threads_per_block))
#define C10_CUDA_KERNEL_LAUNCH_CHECK() (void)cudaGetLastError()
constexpr int CUDA_NUM_THREADS = 1024;
inline int GET_BLOCKS(const int64_t N) { return static_cast<int>((N + CUDA_NUM_THREADS - 1) / CUDA_NUM_THREADS); }

namespace at {
namespace native {
namespace {

template <typename scalar_t>
struct AddFunctor {
  AddFunctor(scalar_t a) : alpha(a) {}
  __device__ __forceinline__ scalar_t operator()(scalar_t a, scalar_t b) const { return a + alpha * b; }
  scalar_t alpha;
};

template <typename scalar_t, typename func_t>
C10_LAUNCH_BOUNDS_1(CUDA_NUM_THREADS)
__global__ void binary_elementwise_kernel(const int64_t n, const scalar_t *a, const scalar_t *b, scalar_t *out, func_t f) {
  CUDA_KERNEL_LOOP(index, n) { out[index] = f(a[index], b[index]); }
}

// Known bug 2 (variant, fixed, known-bugs/README.md): data_col is written only through a local pointer
// derived from it (scalar_t *col = data_col + ...); under --assume=all
// readonly-restrict makes it const, the result does not parse, and bug 3
// drops the other three sites.
template <typename scalar_t>
C10_LAUNCH_BOUNDS_1(CUDA_NUM_THREADS)
__global__ void im2col_kernel(const int64_t n, const scalar_t *data_im, const int64_t height, const int64_t width,
                              const int64_t kernel_height, const int64_t kernel_width, const int64_t pad_height,
                              const int64_t pad_width, const int64_t stride_height, const int64_t stride_width,
                              const int64_t height_col, const int64_t width_col, scalar_t *data_col) {
  CUDA_KERNEL_LOOP_TYPE(index, n, int64_t) {
    int64_t w_out = index % width_col;
    int64_t idx = index / width_col;
    int64_t h_out = idx % height_col;
    int64_t channel_in = idx / height_col;
    int64_t channel_out = channel_in * kernel_height * kernel_width;
    int64_t h_in = h_out * stride_height - pad_height;
    int64_t w_in = w_out * stride_width - pad_width;
    scalar_t *col = data_col + (channel_out * height_col + h_out) * width_col + w_out;
    const scalar_t *im = data_im + (channel_in * height + h_in) * width + w_in;
    for (int64_t i = 0; i < kernel_height; ++i) {
      for (int64_t j = 0; j < kernel_width; ++j) {
        int64_t h = h_in + i;
        int64_t w = w_in + j;
        *col = (h >= 0 && w >= 0 && h < height && w < width) ? im[i * width + j] : static_cast<scalar_t>(0);
        col += height_col * width_col;
      }
    }
  }
}

__global__ void fill_kernel(float *data, int64_t numel, float value) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < numel; i += (int64_t)blockDim.x * gridDim.x)
    data[i] = value;
}

template <typename scalar_t>
__global__ void clamp_min_max_kernel(scalar_t *x, int64_t n, scalar_t lo, scalar_t hi) {
  CUDA_KERNEL_LOOP(i, n) {
    scalar_t v = x[i];
    x[i] = v < lo ? lo : (v > hi ? hi : v);
  }
}

} // namespace

template <typename scalar_t>
void add_kernel_cuda(const scalar_t *a, const scalar_t *b, scalar_t *out, int64_t n, scalar_t alpha) {
  binary_elementwise_kernel<<<GET_BLOCKS(n), CUDA_NUM_THREADS>>>(n, a, b, out, AddFunctor<scalar_t>(alpha));
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

void im2col(const float *im, float *col, int64_t channels, int64_t height, int64_t width, int64_t kh, int64_t kw) {
  int64_t height_col = height - kh + 1, width_col = width - kw + 1;
  int64_t num_kernels = channels * height_col * width_col;
  im2col_kernel<float><<<GET_BLOCKS(num_kernels), 1024>>>(num_kernels, im, height, width, kh, kw, 0, 0, 1, 1,
                                                           height_col, width_col, col);
  im2col_kernel<double><<<GET_BLOCKS(num_kernels), 1024>>>(num_kernels, (const double *)im, height, width, kh, kw, 0,
                                                            0, 1, 1, height_col, width_col, (double *)col);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

void dispatch(float *a, float *b, float *out, int64_t n) {
  add_kernel_cuda<float>(a, b, out, n, 1.0f);
  add_kernel_cuda<int>((int *)a, (int *)b, (int *)out, n, 2);
  fill_kernel<<<GET_BLOCKS(n), CUDA_NUM_THREADS>>>(out, n, 0.0f);
  clamp_min_max_kernel<float><<<GET_BLOCKS(n), CUDA_NUM_THREADS>>>(out, n, -1.0f, 1.0f);
}

} // namespace native
} // namespace at
