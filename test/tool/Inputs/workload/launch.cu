// Block sizes the file does not show: a launcher parameter the workload sets,
// and a cudaLaunchConfig_t written through a pointer.
__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}
__global__ void tail(float *x, int n) {}
void scale_launch(int n, float a, float *x, int threads, int chunk) {
  scale<<<(n + threads - 1) / threads, threads>>>(x, a, n);
  tail<<<1, chunk>>>(x, n);
}

__global__ void configured(float *x) {}
void config_launch(float *x) {
  cudaLaunchConfig_t cfg = {dim3(1), dim3(64), 0, 0};
  cudaLaunchConfig_t *p = &cfg;
  p->blockDim = dim3(128);
  cudaLaunchKernelEx(&cfg, configured, x);
}
