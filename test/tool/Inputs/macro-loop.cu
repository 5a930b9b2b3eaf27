#define ACCUM4(acc, p) acc = 0.f; for (int i_ = 0; i_ < 4; ++i_) acc += (p)[i_]
__global__ void k(const float *in, float *out) {
  float acc;
  ACCUM4(acc, in);
  out[threadIdx.x] = acc;
}
