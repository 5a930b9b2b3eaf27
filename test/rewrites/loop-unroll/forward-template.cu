// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward
// Trip counts read from each template instantiation (8 and 32: both within
// the limit), a constexpr bound, an index named anything, a range-for over a
// register array, a loop in a lambda inside a kernel, and a __device__ helper.
constexpr int kWidth = 4;

template <int ITEMS, typename T>
__global__ void scale(T *data, T f) {
  T regs[ITEMS];
  const int base = (blockIdx.x * blockDim.x + threadIdx.x) * ITEMS;
  for (int item = 0; item < ITEMS; item++)
    regs[item] = data[base + item];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int item = 0; item < ITEMS; item++)
  for (T &r : regs)
    r *= f;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (T &r : regs)
  for (int w = ITEMS - 1; w >= 0; --w)
    data[base + w] = regs[w];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int w = ITEMS - 1; w >= 0; --w)
}

__device__ float horner(const float *coef, float x) {
  float y = 0.f;
  for (int d = kWidth; d != 0; --d)
    y = y * x + coef[d - 1];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int d = kWidth; d != 0; --d)
  return y;
}

__global__ void poly(const float *coef, float *xs) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  auto sq = [&](float v) {
    float s = 0.f;
    for (int j = 0; j < kWidth; ++j) s += v * coef[j];
    // CHECK-FIXES: {{^}}    #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (int j = 0; j < kWidth; ++j) s += v * coef[j];
    return s;
  };
  xs[i] = sq(horner(coef, xs[i]));
}

template __global__ void scale<8, float>(float *, float);
template __global__ void scale<32, double>(double *, double);
