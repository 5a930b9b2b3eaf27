// RUN: %check-roundtrip %s %t --rewrite=vectorize-global-access --from=reverse -- --assume=aligned:x:16 --assume=aligned:y:16
// Canonical vector shape: reverse then forward gives the input back (modulo
// whitespace). The temporary is declared right before the first statement
// that reads it and is named <pointer>_v<N>, as forward names it.
__global__ void k(const float *__restrict__ x, float *__restrict__ y, float alpha) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[4 * i]);
  float m = fmaxf(fmaxf(x_v0.x, x_v0.y), fmaxf(x_v0.z, x_v0.w));
  *reinterpret_cast<float4*>(&y[4 * i]) = make_float4(x_v0.x - m, x_v0.y - m, x_v0.z - m, alpha * (x_v0.w - m));
}
