__global__ void two_loops(float *x, int n) {
  float acc = 0.f;
  for (int k = 0; k < 4; ++k)
    acc += x[k];
  for (int j = 0; j < 8; j++)
    acc *= x[j];
  x[threadIdx.x] = acc;
}

__global__ void runtime_loop(float *x, int n) {
  for (int k = 0; k < n; ++k)
    x[k] = 0.f;
}
