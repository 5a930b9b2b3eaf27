// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse
// RUN: %klineage-rewrite --list-sites --rewrite=vectorize-global-access --direction=reverse %s | FileCheck %s --check-prefix=LIST
// Packed vectors in llm.c's style: a 16-byte aligned struct around an array
// of scalars, filled and emptied by helpers whose body is one 128-bit load or
// store through a reinterpret_cast (bits copied by a constructor and a
// getter that memcpy the payload). Recognised by what they are (these are
// not llm.c's names): each helper call is a vector access. A temporary only
// read through [k] at known lanes (a constant, or the index of a loop over
// its lanes) becomes scalar loads at the uses, its `.size` is named through
// its type; a packed store becomes one scalar store per lane in place, or
// at the lanes' assignments (reverse-packed-store-at-lanes.cu).
#include <cstring>
#include <cuda_bf16.h>

template <class T> struct alignas(16) Pack128 {
  Pack128() = default;
  __device__ explicit Pack128(int4 bits) { memcpy(&data, &bits, sizeof(bits)); }
  __device__ T &operator[](int i) { return data[i]; }
  __device__ const T &operator[](int i) const { return data[i]; }
  __device__ int4 bits() const {
    int4 b;
    memcpy(&b, &data, sizeof(b));
    return b;
  }
  static constexpr int size = sizeof(int4) / sizeof(T);
  T data[size];
};
template <class T> __device__ Pack128<T> ld128(const T *p) {
  return Pack128<T>{*reinterpret_cast<const int4 *>(p)};
}
template <class T> __device__ Pack128<T> ld128cs(const T *p) {
  return Pack128<T>{__ldcs(reinterpret_cast<const int4 *>(p))};
}
template <class T> __device__ void st128(T *p, Pack128<T> v) {
  *reinterpret_cast<int4 *>(p) = v.bits();
}
template <class T> __device__ void st128cs(T *p, Pack128<T> v) {
  __stcs(reinterpret_cast<int4 *>(p), v.bits());
}
typedef Pack128<float> f128;
typedef Pack128<__nv_bfloat16> bf128;
#define GELU_SCALE 0.7978845608f

__global__ void residual(float *out, const float *a, const float *b, int n) {
  int idx = (blockIdx.x * blockDim.x + threadIdx.x) * f128::size;
  if (idx >= n)
    return;
  f128 packed_out;
  f128 packed_a = ld128cs(a + idx);
  // CHECK-FIXES-NOT: packed_a =
  f128 packed_b = ld128cs(b + idx);
#pragma unroll
  for (int k = 0; k < packed_a.size; ++k)
    // CHECK-FIXES: {{^}}  for (int k = 0; k < f128::size; ++k){{$}}
    packed_out[k] = packed_a[k] + packed_b[k];
  // CHECK-FIXES: {{^}}    packed_out[k] = a[idx + k] + b[idx + k];{{$}}
  st128(out + idx, packed_out);
  // CHECK-FIXES:      {{^}}  out[idx] = packed_out[0];{{$}}
  // CHECK-FIXES-NEXT: {{^}}  out[idx + 1] = packed_out[1];{{$}}
  // CHECK-FIXES-NEXT: {{^}}  out[idx + 2] = packed_out[2];{{$}}
  // CHECK-FIXES-NEXT: {{^}}  out[idx + 3] = packed_out[3];{{$}}
}

// bf16 lanes (8 per pack), read through a conversion, stored with a hint.
__global__ void gelu_bf16(__nv_bfloat16 *out, const __nv_bfloat16 *inp) {
  int idx = (blockIdx.x * blockDim.x + threadIdx.x) * bf128::size;
  bf128 packed_out;
  const bf128 packed_inp = ld128cs(inp + idx);
  for (int k = 0; k < bf128::size; ++k) {
    float xi = (float)packed_inp[k];
    // CHECK-FIXES: {{^}}    float xi = (float)inp[idx + k];{{$}}
    float cube = 0.044715f * xi * xi * xi;
    packed_out[k] = (__nv_bfloat16)(0.5f * xi * (1.0f + tanhf(GELU_SCALE * (xi + cube))));
  }
  st128cs(out + idx, packed_out);
  // CHECK-FIXES:      {{^}}  out[idx] = packed_out[0];{{$}}
  // CHECK-FIXES:      {{^}}  out[idx + 7] = packed_out[7];{{$}}
}

// Constant lanes, a row pointer, a grid-stride loop; a packed copy (a store
// of a load), copied lane by lane.
__global__ void row_sums(float *sums, const float *inp, int C) {
  const float *x = inp + blockIdx.x * C;
  float s = 0.f;
  for (int c = threadIdx.x * f128::size; c < C; c += blockDim.x * f128::size) {
    f128 v = ld128(x + c);
    s += v[0] + v[1] + v[2] + v[3];
    // CHECK-FIXES: {{^}}    s += x[c] + x[c + 1] + x[c + 2] + x[c + 3];{{$}}
  }
  sums[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// A layernorm over rows in llm.c's shape: packs read in grid-stride loops,
// an inner loop over the lanes, a packed store with a streaming hint.
__global__ void layernorm_rows(float *__restrict__ out, const float *__restrict__ inp,
                               const float *__restrict__ weight, int C) {
  const float *x = inp + blockIdx.x * C;
  float *o = out + blockIdx.x * C;
  float sum = 0.f;
  for (int c = threadIdx.x * f128::size; c < C; c += blockDim.x * f128::size) {
    const f128 in_data = ld128cs(x + c);
    for (int k = 0; k < f128::size; ++k)
      sum += in_data[k];
    // CHECK-FIXES: {{^}}      sum += x[c + k];{{$}}
  }
  float m = sum / C;
  for (int c = threadIdx.x * f128::size; c < C; c += blockDim.x * f128::size) {
    const f128 in_data = ld128cs(x + c);
    const f128 w = ld128(weight + c);
    f128 out_data;
    for (int k = 0; k < f128::size; ++k)
      out_data[k] = (in_data[k] - m) * w[k];
    // The lanes are stored where the loop computes them (the rows are
    // __restrict__ and nothing between touches o); out_data and st128cs go.
    // CHECK-FIXES: {{^}}      o[c + k] = (x[c + k] - m) * weight[c + k];{{$}}
    st128cs(o + c, out_data);
  }
}

__global__ void copy128(float *__restrict__ dst, const float *__restrict__ src) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  st128(&dst[i], ld128(&src[i]));
  // CHECK-FIXES:      {{^}}  dst[i] = src[i];{{$}}
  // CHECK-FIXES-NEXT: {{^}}  dst[i + 1] = src[i + 1];{{$}}
}

// LIST: reverse-packed128.cu:49:19: vectorize-global-access (reverse) site {{[0-9]+}} in residual: load packed 'packed_a' (4 x float, ld128cs) as scalar loads at the uses
// LIST: => applicable
// LIST: reverse-packed128.cu:57:3: vectorize-global-access (reverse) site {{[0-9]+}} in residual: store packed 'packed_out' (4 x float, st128) as 4 scalar stores
// LIST: reverse-packed128.cu:68:28: vectorize-global-access (reverse) site {{[0-9]+}} in gelu_bf16: load packed 'packed_inp' (8 x __nv_bfloat16, ld128cs) as scalar loads at the uses
// LIST: holds  vector-temp-only-lanes: 'packed_inp' is only read, element by element at lanes known statically (a constant or the index of a loop over its 8 lanes)
// LIST: reverse-packed128.cu:122:3: vectorize-global-access (reverse) site {{[0-9]+}} in copy128: store packed 'ld128(&src[i])' (4 x float, st128) as 4 scalar stores
