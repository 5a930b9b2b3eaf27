// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=3
// Host code is not this pair's domain, by nvcc's rule (lib/Cuda DeviceCode.h):
// clang marks a constexpr function implicitly __host__ __device__, nvcc
// compiles it for the host only (no --expt-relaxed-constexpr). It used to be
// a forward site refused by global-kernel ("'sum4' is a __device__
// function"); it is no site at all.
constexpr float sum4(const float *v, int i) {
  return v[i] + v[i + 1] + v[i + 2] + v[i + 3];
}

float host_reduce(const float *v, int n) {
  float s = 0;
  for (int i = 0; i + 3 < n; i += 4) s += sum4(v, i);
  return s;
}
