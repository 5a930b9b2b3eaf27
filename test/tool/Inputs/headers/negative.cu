// Header sites that cannot be rewritten (test/tool/headers-negative.test).
#include <sys_kernels.h> // found through -isystem: a system header
#include "macro.cuh"
namespace first {
#include "unguarded.cuh"
}
namespace second {
#include "unguarded.cuh"
}

// Also declared in sys_kernels.h, which no rewrite edits.
__global__ void smooth(float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}
