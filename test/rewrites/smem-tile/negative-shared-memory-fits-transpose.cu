// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// Transposing 64-byte records in 32 x 32 blocks: the tile would take
// 32 * 32 * 64 = 65536 bytes, past the 48 KiB of static shared memory.
#include <cuda_runtime.h>

struct Record {
  float v[16];
};

__global__ void transpose_records(int R, int C, const Record *in, Record *out) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < R && c < C)
    out[c * R + r] = in[r * C + c];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'shared-memory-fits' fails: with the tile (65536 bytes) 'transpose_records' does not fit: static __shared__ takes 65536 bytes, over the 49152 a static allocation may have [KL1507]
}

void run(int R, int C, const Record *in, Record *out) {
  transpose_records<<<dim3((C + 31) / 32, (R + 31) / 32), dim3(32, 32)>>>(R, C, in, out);
}
