// Every pointer is written: readonly-restrict has no read-only parameter here.
__global__ void scale_inplace(int n, float a, float *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = a * v[i];
}
