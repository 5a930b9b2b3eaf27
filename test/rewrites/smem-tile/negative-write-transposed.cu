// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// Stores that stride along threadIdx.x but that swapping the threads' roles
// would not make contiguous: every other row of the output (two elements
// apart along threadIdx.y), and a value read across threadIdx.x (a column
// of the input, which the staging would read as uncoalesced as before); a
// coalesced store of a sum of a column read and a row read (the swapped
// thread would read the row strided).
#include <cuda_runtime.h>

__global__ void every_other(int R, int C, const float *in, float *out) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < R && c < C)
    out[c * 2 * R + 2 * r] = in[r * C + c];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'write-transposed' fails: line [[@LINE-1]] ('out[c * 2 * R + 2 * r]') steps by 2 along threadIdx.y: with the threads' roles swapped it would still not be contiguous [KL2507]
}

__global__ void column_reads(int n, const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    out[x * n + y] = in[x * n + y] * 0.5f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 2: precondition 'write-transposed' fails: line [[@LINE-1]] ('in[x * n + y]') steps by n along threadIdx.x: the staging must read as the kernel did, coalesced [KL2507]
}

__global__ void mixed_reads(int n, const float *a, const float *b, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    out[y * n + x] = a[x * n + y] + b[y * n + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 3: precondition 'write-transposed' fails: line [[@LINE-1]] ('b[y * n + x]') is contiguous along threadIdx.x already: with the threads' roles swapped at the read it would not be contiguous, and the store is already [KL2507]
}

// A row loop whose steps are not rows of one tile: the address moves by
// 2 * j but by one along threadIdx.y (NVIDIA's BLOCK_ROWS form stores row y
// + j); and a bound test on y alone, which the swapped thread's step could
// not evaluate.
__global__ void rows_apart(float *odata, const float *idata) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  int width = gridDim.x * 32;
  for (int j = 0; j < 32; j += 8)
    odata[x * width + (y + 2 * j)] = idata[(y + j) * width + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 4: precondition 'write-transposed' fails: line [[@LINE-1]] ('odata[x * width + (y + 2 * j)]') does not move by row threadIdx.y + j of the row loop: the loop's steps are not rows of one tile [KL2507]
}

__global__ void test_on_y(int h, float *odata, const float *idata) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  int width = gridDim.x * 32;
  for (int j = 0; j < 32; j += 8)
    if (y < h)
      odata[x * width + (y + j)] = idata[(y + j) * width + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:7: error: cannot apply 'smem-tile' (forward) at site 5: precondition 'write-transposed' fails: the test line [[@LINE-2]] ('y < h') reads line [[@LINE-2]] ('y'), which is not a form of row threadIdx.y + j: the swapped thread could not evaluate it [KL2507]
}

// The read side in rows with a value that weighs each element by its step
// j: the swapped thread's step is another, so it could not compute it.
__global__ void weighted_rows(float *odata, const float *idata, int R, int C) {
  int c = blockIdx.x * 32 + threadIdx.x;
  int r = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    odata[(r + j) * R + c] = idata[c * C + r + j] * j;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 6: precondition 'write-transposed' fails: the stored value reads line [[@LINE-1]] ('j'), which is not a form of row threadIdx.y + j: the swapped thread could not evaluate it [KL2507]
}

void run(int R, int C, const float *in, float *out) {
  weighted_rows<<<dim3(C / 32, R / 32), dim3(32, 8)>>>(out, in, R, C);
  rows_apart<<<dim3(C / 32, R / 32), dim3(32, 8)>>>(out, in);
  test_on_y<<<dim3(C / 32, R / 32), dim3(32, 8)>>>(R, out, in);
  every_other<<<dim3((C + 15) / 16, (R + 15) / 16), dim3(16, 16)>>>(R, C, in, out);
  column_reads<<<dim3((C + 15) / 16, (C + 15) / 16), dim3(16, 16)>>>(C, in, out);
  mixed_reads<<<dim3((C + 15) / 16, (C + 15) / 16), dim3(16, 16)>>>(C, in, in, out);
}
