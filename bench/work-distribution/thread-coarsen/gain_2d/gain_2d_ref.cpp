// CPU reference for bench/work-distribution/thread-coarsen/gain_2d (the
// gate passes f32 data as double: docs/gate.md).
void gain_2d_ref(int width, int height, const double *src, double *dst, double gain, double offset) {
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < (long long)width * height; ++i)
    dst[i] = src[i] * gain + offset;
}
