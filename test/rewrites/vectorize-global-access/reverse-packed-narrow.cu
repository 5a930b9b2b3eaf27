// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse
// REQUIRES: nvcc
// Vector loads of narrower integers packed into the lanes: a uint4 of 16
// 8-bit pixels (a histogram's word loop), an int2 of 8 signed int8 weights,
// a uint2 of 4 16-bit samples. Each lane is rebuilt from its scalars,
// little-endian (the GPU's byte order) and zero-extended (a signed char is
// not sign-extended into the word), so the shifts and masks that unpack it
// read the same bits.
#include <cuda_runtime.h>
__global__ void count_bytes(int n16, const unsigned char *img, unsigned int *bins) {
  const uint4 *words = reinterpret_cast<const uint4 *>(img);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n16; i += gridDim.x * blockDim.x) {
    uint4 w;
    w = words[i];
    for (int b = 0; b < 4; ++b)
      atomicAdd(&bins[(w.y >> (8 * b)) & 0xffu], 1u);
  }
}
// CHECK-FIXES:      {{^}}    uint4 w;{{$}}
// CHECK-FIXES-NEXT: {{^}}    w.x = ((unsigned int)(unsigned char)img[16 * i] | (unsigned int)(unsigned char)img[16 * i + 1] << 8 | (unsigned int)(unsigned char)img[16 * i + 2] << 16 | (unsigned int)(unsigned char)img[16 * i + 3] << 24);{{$}}
// CHECK-FIXES:      {{^}}    w.w = ((unsigned int)(unsigned char)img[16 * i + 12] | (unsigned int)(unsigned char)img[16 * i + 13] << 8 | (unsigned int)(unsigned char)img[16 * i + 14] << 16 | (unsigned int)(unsigned char)img[16 * i + 15] << 24);{{$}}
__global__ void dot_int8(int n8, const signed char *__restrict__ q, const float *__restrict__ s, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n8) {
    int2 p = reinterpret_cast<const int2 *>(q)[i];
    float acc = 0.f;
    for (int b = 0; b < 4; ++b)
      acc += (float)(signed char)(p.x >> (8 * b)) + (float)(signed char)(p.y >> (8 * b));
    out[i] = acc * s[i];
  }
}
// CHECK-FIXES:      {{^}}      acc += (float)(signed char)((int)((unsigned int)(unsigned char)q[8 * i] | (unsigned int)(unsigned char)q[8 * i + 1] << 8 | (unsigned int)(unsigned char)q[8 * i + 2] << 16 | (unsigned int)(unsigned char)q[8 * i + 3] << 24) >> (8 * b)) + (float)(signed char)((int)((unsigned int)(unsigned char)q[8 * i + 4] | (unsigned int)(unsigned char)q[8 * i + 5] << 8 | (unsigned int)(unsigned char)q[8 * i + 6] << 16 | (unsigned int)(unsigned char)q[8 * i + 7] << 24) >> (8 * b));{{$}}
__global__ void widen(int n4, const unsigned short *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    uint2 h = __ldg(reinterpret_cast<const uint2 *>(in) + i);
    out[4 * i] = float(h.x & 0xffffu);
    out[4 * i + 1] = float(h.x >> 16);
    out[4 * i + 2] = float(h.y & 0xffffu);
    out[4 * i + 3] = float(h.y >> 16);
  }
}
// CHECK-FIXES:      {{^}}    out[4 * i + 3] = float(((unsigned int)(unsigned short)in[4 * i + 2] | (unsigned int)(unsigned short)in[4 * i + 3] << 16) >> 16);{{$}}
