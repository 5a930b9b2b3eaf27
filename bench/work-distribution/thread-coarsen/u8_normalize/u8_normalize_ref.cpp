// CPU reference for bench/work-distribution/thread-coarsen/u8_normalize (double).
void u8_normalize_ref(long long n, double mean, double inv_std, const unsigned char *src,
                      double *dst) {
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i)
    dst[i] = (src[i] / 255.0 - mean) * inv_std;
}
