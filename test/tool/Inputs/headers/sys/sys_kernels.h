// A header in a system directory (-isystem): its sites are never listed, its
// text never edited.
#pragma once
__global__ void sys_fill(float *x) {
  for (int j = 0; j < 8; ++j) x[j] = 0.f;
}
__global__ void smooth(float *in, float *out, int n);
