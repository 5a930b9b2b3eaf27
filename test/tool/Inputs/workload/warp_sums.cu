// A warp's float sum by shuffles, for reassociate-from-manifest.test.
__global__ void warp_sums(const float *x, float *out) {
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0)
    out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
}

void warp_sums_launch(int n, const float *x, float *out) { warp_sums<<<n / 256, 256>>>(x, out); }
