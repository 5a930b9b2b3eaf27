// CPU reference for bench/work-distribution/thread-coarsen/relu_inplace (double).
void relu_inplace_ref(int count, double slope, double *data) {
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < count; ++i)
    data[i] = data[i] > 0.0 ? data[i] : data[i] * slope;
}
