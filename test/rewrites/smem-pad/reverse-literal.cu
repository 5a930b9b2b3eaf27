// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=reverse
// REQUIRES: nvcc
// Padding written as a literal: 33 is a row of 32 plus one, 17 of 16 plus
// one, 36 of 32 plus four. The unpadded row is the multiple of 32 (or the
// power of two, for short rows) just below, with at most 4 elements over;
// a 48-wide row is a row, not a padded 32 (no site for 'rows48').
__global__ void transpose32(float *out, const float *in, int n) {
  __shared__ float t[32][33];
  // CHECK-FIXES: {{^}}  __shared__ float t[32][32];{{$}}
  __shared__ double d[16][17];
  // CHECK-FIXES: {{^}}  __shared__ double d[16][16];{{$}}
  __shared__ int q[8][36];
  // CHECK-FIXES: {{^}}  __shared__ int q[8][32];{{$}}
  __shared__ float rows48[8][48];
  // CHECK-FIXES: {{^}}  __shared__ float rows48[8][48];{{$}}
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  t[threadIdx.y][threadIdx.x] = in[y * n + x];
  d[threadIdx.y % 16][threadIdx.x % 16] = in[x];
  q[threadIdx.y][threadIdx.x] = (int)in[y];
  rows48[threadIdx.y][threadIdx.x + 16] = in[x + 1];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  out[y * n + x] = t[threadIdx.x][threadIdx.y] + (float)d[threadIdx.x % 16][threadIdx.y % 16] +
                   q[threadIdx.y][threadIdx.x] + rows48[threadIdx.y][threadIdx.x];
}

void run(float *out, const float *in, int n) {
  transpose32<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(out, in, n);
}
