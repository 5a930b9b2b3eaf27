// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward -- --option=mode=grid-stride --option=factor=8
// REQUIRES: nvcc
// int64_t sizes, an index helper, an early return, an fp16-ish rounding
// done in float with bit operations, launched through cudaLaunchKernel with
// an argument array (a 64-bit index needs no bound assertion).
#include <cuda_runtime.h>
#include <cstdint>

__device__ __forceinline__ int64_t global_index() {
  return (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
}

// Round to the nearest value representable with a 10-bit mantissa.
__device__ __forceinline__ float round_to_half_precision(float v) {
  unsigned bits = __float_as_uint(v);
  bits = (bits + 0x00000FFFu + ((bits >> 13) & 1u)) & 0xFFFFE000u;
  return __uint_as_float(bits);
}

__global__ void quantize_half(const float *in, float *out, int64_t n) {
  int64_t gid = global_index();
  if (gid >= n) return;
  out[gid] = round_to_half_precision(in[gid]);
}
// CHECK-FIXES: {{^}}  for (int64_t gid = global_index(); gid < n; gid += (int64_t)blockDim.x * gridDim.x) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    out[gid] = round_to_half_precision(in[gid]);{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

cudaError_t quantize(const float *in, float *out, int64_t n, cudaStream_t stream) {
  void *args[] = {(void *)&in, (void *)&out, (void *)&n};
  dim3 block(256), grid((unsigned)((n + 255) / 256));
  return cudaLaunchKernel((const void *)quantize_half, grid, block, args, 0, stream);
}
// CHECK-FIXES: {{^}}  return cudaLaunchKernel((const void *)quantize_half, dim3((grid.x + 7) / 8, grid.y, grid.z), block, args, 0, stream);{{$}}
