// llm.c style helpers (cuda_common.h / cuda_utils.cuh): error checks, the
// 128-bit Packed128 type, and its load/store helpers with cache hints.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

inline void cudaCheck_(cudaError_t error, const char *file, int line) {
  if (error != cudaSuccess) {
    printf("[CUDA ERROR] at file %s:%d:\n%s\n", file, line, cudaGetErrorString(error));
    exit(EXIT_FAILURE);
  }
}
#define cudaCheck(err) (cudaCheck_(err, __FILE__, __LINE__))

template <class T>
__host__ __device__ T ceil_div(T dividend, T divisor) {
  return (dividend + divisor - 1) / divisor;
}

template <class ElementType>
struct alignas(16) Packed128 {
  Packed128() = default;
  __device__ explicit Packed128(int4 bits) {
    static_assert(sizeof(bits) == sizeof(payload), "Size mismatch.");
    memcpy(&payload, &bits, sizeof(bits));
  }
  __device__ static Packed128 constant(ElementType value) {
    Packed128 result;
    for (int k = 0; k < size; ++k) result.payload[k] = value;
    return result;
  }
  __device__ ElementType &operator[](int index) { return payload[index]; }
  __device__ const ElementType &operator[](int index) const { return payload[index]; }
  __device__ int4 get_bits() const {
    int4 bits;
    memcpy(&bits, &payload, sizeof(bits));
    return bits;
  }
  static constexpr const size_t size = sizeof(int4) / sizeof(ElementType);
  ElementType payload[size];
};

typedef Packed128<float> f128;

template <class ElementType>
__device__ Packed128<ElementType> load128(const ElementType *address) {
  return Packed128<ElementType>{*reinterpret_cast<const int4 *>(address)};
}
template <class ElementType>
__device__ Packed128<ElementType> load128cs(const ElementType *address) {
  return Packed128<ElementType>{__ldcs(reinterpret_cast<const int4 *>(address))};
}
template <class ElementType>
__device__ void store128(ElementType *target, Packed128<ElementType> value) {
  *reinterpret_cast<int4 *>(target) = value.get_bits();
}
template <class ElementType>
__device__ void store128cs(ElementType *target, Packed128<ElementType> value) {
  __stcs(reinterpret_cast<int4 *>(target), value.get_bits());
}
template <class ElementType>
__device__ void store128cg(ElementType *target, Packed128<ElementType> value) {
  __stcg(reinterpret_cast<int4 *>(target), value.get_bits());
}
