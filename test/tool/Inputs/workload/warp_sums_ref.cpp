// CPU reference of warp_sums.yaml: each group of 32 elements summed.
void warp_sums_ref(int n, const float *x, float *out) {
  for (int w = 0; w < n / 32; ++w) {
    double s = 0;
    for (int l = 0; l < 32; ++l)
      s += x[w * 32 + l];
    out[w] = (float)s;
  }
}
