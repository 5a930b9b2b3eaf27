#include <cuda_runtime.h>
__global__ void k(short bias, const short *a, unsigned short *acc, short *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { out[i] = (short)(a[i] + bias); acc[i] = (unsigned short)(acc[i] + 1); }
}
void int16_all(short bias, const short *a, unsigned short *acc, short *out, unsigned short n) {
  k<<<(n + 255) / 256, 256>>>(bias, a, acc, out, n);
}
