// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:8 --assume=aligned:y:8
// int pairs with a constexpr width: `(...) * VEC` with VEC = 2 makes the
// base a multiple of 2, so both pairs become int2.
constexpr int VEC = 2;
__global__ void pairs(const int *__restrict__ x, int *__restrict__ y, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * VEC;
  if (i < n) {
    int a = x[i];
    int b = x[i + 1];
    y[i] = a + b;
    y[i + 1] = a - b;
    // CHECK-FIXES: {{^}}    const int2 x_v0 = *reinterpret_cast<const int2*>(&x[i]);{{$}}
    // CHECK-FIXES: {{^}}    *reinterpret_cast<int2*>(&y[i]) = make_int2(a + b, a - b);{{$}}
  }
}
