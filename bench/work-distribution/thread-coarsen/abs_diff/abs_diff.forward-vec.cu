// |a - b| of two int arrays, naive: one element per thread, an unsigned
// index, a kernel template instantiated for int, launched through a helper.
#include <cuda_runtime.h>

template <typename T>
__global__ void absDiffKernel(const T *a, const T *b, T *c, unsigned len) {
  unsigned tid = blockDim.x * blockIdx.x + threadIdx.x;
  if (tid < len / 4) {
    const int4 a_v0 = *reinterpret_cast<const int4*>(&a[4 * tid]);
    const int4 b_v0 = *reinterpret_cast<const int4*>(&b[4 * tid]);
    int4 c_v0;
    #pragma unroll
    for (int k = 0; k < 4; ++k) {
      T d = reinterpret_cast<const int*>(&a_v0)[k] - reinterpret_cast<const int*>(&b_v0)[k];
      reinterpret_cast<int*>(&c_v0)[k] = d < 0 ? -d : d;
    }
    *reinterpret_cast<int4*>(&c[4 * tid]) = c_v0;
  } else if (tid == len / 4) {
    for (int k = 0; k < len % 4; ++k) {
      T d = a[4 * tid + k] - b[4 * tid + k];
      c[4 * tid + k] = d < 0 ? -d : d;
    }
  }
}

static unsigned blocksFor(unsigned len, unsigned threads) { return (len + threads - 1) / threads; }

void abs_diff_launch(unsigned len, const int *a, const int *b, int *c) {
  if (len == 0)
    return;
  absDiffKernel<int><<<(blocksFor(len, 512) + 3) / 4, 512>>>(a, b, c, len);
}
