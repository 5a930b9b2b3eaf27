// CPU reference for bench/work-distribution/row-parallelize/argmax_rows: the
// first column holding the row's maximum, and the maximum.
void argmax_rows_ref(int M, int N, const int *scores, int *idx, int *best) {
#pragma omp parallel for schedule(static)
  for (int r = 0; r < M; ++r) {
    const int *x = scores + (long long)r * N;
    int bi = 0;
    for (int c = 1; c < N; ++c)
      if (x[c] > x[bi])
        bi = c;
    idx[r] = bi;
    best[r] = x[bi];
  }
}
