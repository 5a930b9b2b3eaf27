// Two kernels; k's address reaches the typed pointer 'kp' through 'id',
// whose parameter type is deduced: no pair follows the value that far.
__global__ void k(float *in, float *__restrict__ out) {
  out[threadIdx.x] = in[threadIdx.x];
}
__global__ void j(float *in, float *__restrict__ out) {
  out[threadIdx.x] = 2.0f * in[threadIdx.x];
}
template <class F> constexpr F id(F f) { return f; }
void (*kp)(float *, float *) = id(k);
