// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// shared-memory-fits (halo): a radius-32 box over doubles with a 32 x 32
// block needs a 96 x 96 x 8-byte halo tile (73728 bytes), past the 48 KiB
// static limit.
#include <cuda_runtime.h>
__global__ void wide_box(int w, int h, const double *in, double *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  double s = 0.0;
  for (int dy = -32; dy <= 32; ++dy)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'shared-memory-fits' fails: with the tiles (73728 bytes) 'wide_box' does not fit: {{.*}} [KL1507]
    for (int dx = -32; dx <= 32; ++dx) {
      int yy = y + dy, xx = x + dx;
      if (yy >= 0 && yy < h && xx >= 0 && xx < w)
        s += in[yy * w + xx];
    }
  if (x < w && y < h)
    out[y * w + x] = s;
}
void run(int w, int h, const double *in, double *out) {
  wide_box<<<dim3((w + 31) / 32, (h + 31) / 32), dim3(32, 32)>>>(w, h, in, out);
}
