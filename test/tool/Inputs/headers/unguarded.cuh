// No include guard: included twice (in two namespaces), its text is two
// kernels; an edit of it would change both.
__global__ void fill(float *x) {
  for (int j = 0; j < 8; ++j) x[j] = 0.f;
}
