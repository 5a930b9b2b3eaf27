// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward
// Reads of the index that are not plain rvalue uses: bound to a const
// reference (a min() helper taking `const T &`, a `const int &` local) or
// captured by a lambda that only reads it. None modifies the index, so the
// trip count stays constant. (A lambda that increments it is refused: see
// negative-constant-trip-count.cu.)
template <class T> __device__ const T &clamp_hi(const T &v, const T &hi) { return hi < v ? hi : v; }

__global__ void reads(const float *in, float *out) {
  float acc = 0.f;
  for (int i = 0; i < 8; ++i) acc += in[clamp_hi(i, 5)];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < 8; ++i) acc += in[clamp_hi(i, 5)];
  for (int j = 0; j < 4; ++j) {
    auto twice = [&]() { return 2 * j; };
    const int &alias = j;
    acc += in[twice() + alias];
  }
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int j = 0; j < 4; ++j) {
  out[threadIdx.x] = acc;
}
