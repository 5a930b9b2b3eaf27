// Kernels with their launches, for --list-launches.
#define BLOCK 128

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

__global__ void __launch_bounds__(256) reduce(const float *x, float *out, int n) {}

__global__ void tile(float *x) {}

void scaleTwice(float *x, int n) {
  scale<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(x, 2.0f, n);
}

void scaleAgain(float *x, int n, cudaStream_t s) {
  const int threads = BLOCK;
  scale<<<(n + threads - 1) / threads, threads, 0, s>>>(x, 0.5f, n);
}

void runReduce(const float *x, float *out, int n, int threads) {
  reduce<<<1, threads>>>(x, out, n);
}

void runTile(float *x) {
  void *args[] = {&x};
  cudaLaunchKernel((void *)tile, dim3(4, 4), dim3(16, 16), args, 0, 0);
  void *f = (void *)tile;
  (void)f;
}
