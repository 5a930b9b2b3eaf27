// A loop inside a macro's expansion, after other code of the same expansion.
#pragma once
#define ACCUM4(acc, p) acc = 0.f; for (int i_ = 0; i_ < 4; ++i_) acc += (p)[i_]
__global__ void accum(const float *in, float *out) {
  float acc;
  ACCUM4(acc, in);
  out[threadIdx.x] = acc;
}
