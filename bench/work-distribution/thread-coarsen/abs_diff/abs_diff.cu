// |a - b| of two int arrays, naive: one element per thread, an unsigned
// index, a kernel template instantiated for int, launched through a helper.
#include <cuda_runtime.h>

template <typename T>
__global__ void absDiffKernel(const T *a, const T *b, T *c, unsigned len) {
  unsigned tid = blockDim.x * blockIdx.x + threadIdx.x;
  if (tid < len) {
    T d = a[tid] - b[tid];
    c[tid] = d < 0 ? -d : d;
  }
}

static unsigned blocksFor(unsigned len, unsigned threads) { return (len + threads - 1) / threads; }

void abs_diff_launch(unsigned len, const int *a, const int *b, int *c) {
  if (len == 0)
    return;
  absDiffKernel<int><<<blocksFor(len, 512), 512>>>(a, b, c, len);
}
