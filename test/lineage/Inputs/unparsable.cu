// Not CUDA that parses: a missing declaration.
__global__ void k(float *y) { y[threadIdx.x] = undeclared_value; }
void axpy_launch(int n, float a, const float *x, float *y) { k<<<1, 32>>>(y); }
