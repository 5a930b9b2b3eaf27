// RUN: %check-roundtrip %s %t --rewrite=readonly-restrict --from=forward -- --assume=noalias
// forward then reverse gives back the input. Round-trip inputs start from
// `const T *` (reverse keeps const: it is a fact, not an optimization).
// Covers prototypes, pointer copies, `*(p + i)`, `*p`, templates, 2-D
// indices, a grid-stride loop, and a host launcher.
template <int BS>
__global__ void rowsoftmax_max(const float *x, float *rowmax, int cols);

template <int BS>
__global__ void rowsoftmax_max(const float *x, float *rowmax, int cols) {
  __shared__ float red[BS];
  const float *row = x + blockIdx.x * cols;
  float m = -1e30f;
  for (int c = threadIdx.x; c < cols; c += BS)
    m = fmaxf(m, row[c]);
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = BS / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0) rowmax[blockIdx.x] = red[0] + 0.f * *x;
}

__global__ void hist(const unsigned char *img, const int *weights, unsigned *bins, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h)
    atomicAdd(&bins[img[y * w + x]], (unsigned)*(weights + (y * w + x)));
}

void launch(const float *x, float *m, const unsigned char *img, const int *wt, unsigned *bins, int r, int c) {
  rowsoftmax_max<256><<<r, 256>>>(x, m, c);
  hist<<<dim3(c / 16, r / 16), dim3(16, 16)>>>(img, wt, bins, c, r);
}
