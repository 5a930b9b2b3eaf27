// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=3
// Host code is not this pair's domain, by nvcc's rule (lib/Cuda DeviceCode.h):
// clang marks constexpr functions and unannotated lambdas implicitly
// __host__ __device__; nvcc compiles a constexpr function without __device__
// for the host, and a lambda where the function around it runs. Both used
// to be forward sites (refused by global-pointer); they are no sites.
constexpr float sum4(const float *v, int i) {
  return v[4 * i] + v[4 * i + 1] + v[4 * i + 2] + v[4 * i + 3];
}

float host_reduce(const float *v, int n) {
  auto quad = [](const float *x, int i) {
    return x[4 * i] + x[4 * i + 1] + x[4 * i + 2] + x[4 * i + 3];
  };
  float s = 0;
  for (int i = 0; 4 * i + 3 < n; ++i) s += sum4(v, i) + quad(v, i);
  return s;
}
