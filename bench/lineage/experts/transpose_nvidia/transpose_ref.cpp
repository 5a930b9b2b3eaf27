// CPU reference for workloads/transpose (see docs/gate.md):
//   out (C x R) = in (R x C)^T, row-major: out[c][r] = in[r][c].
void transpose_ref(int R, int C, const double *in, double *out) {
  const int B = 64;
#pragma omp parallel for schedule(static)
  for (int c0 = 0; c0 < C; c0 += B)
    for (int r0 = 0; r0 < R; r0 += B)
      for (int c = c0; c < C && c < c0 + B; ++c)
        for (int r = r0; r < R && r < r0 + B; ++r)
          out[(long long)c * R + r] = in[(long long)r * C + c];
}
