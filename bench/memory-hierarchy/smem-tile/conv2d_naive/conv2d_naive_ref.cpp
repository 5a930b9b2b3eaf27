// CPU reference for workloads/conv2d (double precision; see docs/gate.md):
//   out[y][x] = sum_{i,j in 0..4} filt[i][j] * in[y + i - 2][x + j - 2],
// zero padding outside the H x W image.
void conv2d_ref(int H, int W, const double *in, const double *filt, double *out) {
#pragma omp parallel for schedule(static)
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      double s = 0.0;
      for (int i = 0; i < 5; ++i) {
        const int yy = y + i - 2;
        if (yy < 0 || yy >= H)
          continue;
        for (int j = 0; j < 5; ++j) {
          const int xx = x + j - 2;
          if (xx >= 0 && xx < W)
            s += filt[i * 5 + j] * in[(long long)yy * W + xx];
        }
      }
      out[(long long)y * W + x] = s;
    }
}
