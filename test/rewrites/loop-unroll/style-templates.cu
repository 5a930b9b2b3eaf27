// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward
// CUB-like code: a class template's static __device__ member, defaulted
// template arguments, a bound from sizeof of a register array (through a
// macro) and from sizeof(T); instantiated with float/128/4 and double/64/2.
template <typename T, int BLOCK, int ITEMS_PER_THREAD>
struct Loader {
  __device__ static void load(const T *src, T (&dst)[ITEMS_PER_THREAD]) {
    for (int it = 0; it < ITEMS_PER_THREAD; ++it) dst[it] = src[it * BLOCK + threadIdx.x];
    // CHECK-FIXES: {{^}}    #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (int it = 0; it < ITEMS_PER_THREAD; ++it)
  }
};

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

template <typename T, int BLOCK = 128, int IPT = 4>
__global__ void copyk(const T *in, T *out) {
  T r[IPT];
  Loader<T, BLOCK, IPT>::load(in + blockIdx.x * BLOCK * IPT, r);
  for (unsigned i = 0; i < COUNT_OF(r); ++i)
    out[blockIdx.x * BLOCK * IPT + i * BLOCK + threadIdx.x] = r[i];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (unsigned i = 0; i < COUNT_OF(r); ++i){{$}}
  for (int i = 0; i < 16 / (int)sizeof(T); ++i) out[i] += r[0];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < 16 / (int)sizeof(T); ++i)
}
template __global__ void copyk<float>(const float *, float *);
template __global__ void copyk<double, 64, 2>(const double *, double *);
