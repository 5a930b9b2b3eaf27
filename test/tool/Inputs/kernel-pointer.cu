// Two kernels; the address of k is taken with its old parameter types.
__global__ void k(float *in, float *__restrict__ out) {
  out[threadIdx.x] = in[threadIdx.x];
}
__global__ void j(float *in, float *__restrict__ out) {
  out[threadIdx.x] = 2.0f * in[threadIdx.x];
}
void (*kp)(float *, float *) = k;
