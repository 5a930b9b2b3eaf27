//===- klineage_prelude.cuh - What nvcc declares implicitly, for Clang 22 ---===//
//
// Part of KLineage. Included (-include) before every .cu the front end parses,
// from an in-memory file (lib/Frontend/CMakeLists.txt embeds it in the binary).
// Each entry is something nvcc provides without an #include and Clang 22 with
// CUDA 13 does not; each has a lit test in test/tool/prelude-*.cu that fails
// without it. Declarations only where the parse needs no body: KLineage parses,
// nvcc compiles. Nothing here is ever written into a rewritten file.
//
//===----------------------------------------------------------------------===//
#pragma clang system_header
#if defined(__cplusplus) && defined(__CUDA__)

// nvcc: crt/common_functions.h includes <time.h> and declares clock() for
// host and device, so host code calls clock() without <time.h>
// (test/tool/prelude-clock.cu).
#include <time.h>

// nvcc: crt/math_functions.h includes <math.h>, whose C++ wrapper brings
// std::isfinite/isnan/isinf (float, double overloads) into the global
// namespace. Under Clang only the __device__ ::isfinite(float) of
// __clang_cuda_cmath.h is visible, so host `isfinite(x)` has no match
// (test/tool/prelude-isfinite.cu).
#include <math.h>

// nvcc: crt/math_functions.hpp defines min/max for every integer and floating
// pair below as `static inline __host__ __device__`; Clang's headers make them
// __device__ only, so a launcher's `min(n, 256)` has no match
// (test/tool/prelude-minmax.cu). Host overloads of the same signatures; the
// device ones stay Clang's.
#define __KLINEAGE_MINMAX(R, A, B)                                                                 \
  static inline __host__ R min(const A __a, const B __b) { return (R)__a < (R)__b ? (R)__a : (R)__b; } \
  static inline __host__ R max(const A __a, const B __b) { return (R)__a > (R)__b ? (R)__a : (R)__b; }
__KLINEAGE_MINMAX(int, int, int)
__KLINEAGE_MINMAX(unsigned int, unsigned int, unsigned int)
__KLINEAGE_MINMAX(unsigned int, int, unsigned int)
__KLINEAGE_MINMAX(unsigned int, unsigned int, int)
__KLINEAGE_MINMAX(long int, long int, long int)
__KLINEAGE_MINMAX(unsigned long int, unsigned long int, unsigned long int)
__KLINEAGE_MINMAX(unsigned long int, long int, unsigned long int)
__KLINEAGE_MINMAX(unsigned long int, unsigned long int, long int)
__KLINEAGE_MINMAX(long long int, long long int, long long int)
__KLINEAGE_MINMAX(unsigned long long int, unsigned long long int, unsigned long long int)
__KLINEAGE_MINMAX(unsigned long long int, long long int, unsigned long long int)
__KLINEAGE_MINMAX(unsigned long long int, unsigned long long int, long long int)
__KLINEAGE_MINMAX(float, float, float)
__KLINEAGE_MINMAX(double, double, double)
__KLINEAGE_MINMAX(double, float, double)
__KLINEAGE_MINMAX(double, double, float)
#undef __KLINEAGE_MINMAX

// nvcc: sm_32_intrinsics.h declares the cache-hinted loads __ldca, __ldlu and
// stores __stcs, __stcg, __stwb for every scalar and vector type below.
// Clang 22's __clang_cuda_intrinsics.h has __ldcg/__ldcs/__ldcv/__stwt only
// (and cuda_fp16.h/cuda_bf16.h the __half/__nv_bfloat16 ones), so llm.c-style
// `__stcs(out + i, v)` or `__ldlu(p)` is an undeclared identifier
// (test/tool/prelude-cache-hints.cu). Declarations: parsed, never generated.
#define __KLINEAGE_CACHE_HINTS(T)                                                                  \
  __device__ T __ldca(const T *__ptr);                                                             \
  __device__ T __ldlu(const T *__ptr);                                                             \
  __device__ void __stcs(T *__ptr, T __value);                                                     \
  __device__ void __stcg(T *__ptr, T __value);                                                     \
  __device__ void __stwb(T *__ptr, T __value);
__KLINEAGE_CACHE_HINTS(char)
__KLINEAGE_CACHE_HINTS(signed char)
__KLINEAGE_CACHE_HINTS(short)
__KLINEAGE_CACHE_HINTS(int)
__KLINEAGE_CACHE_HINTS(long)
__KLINEAGE_CACHE_HINTS(long long)
__KLINEAGE_CACHE_HINTS(unsigned char)
__KLINEAGE_CACHE_HINTS(unsigned short)
__KLINEAGE_CACHE_HINTS(unsigned int)
__KLINEAGE_CACHE_HINTS(unsigned long)
__KLINEAGE_CACHE_HINTS(unsigned long long)
__KLINEAGE_CACHE_HINTS(float)
__KLINEAGE_CACHE_HINTS(double)
__KLINEAGE_CACHE_HINTS(char2)
__KLINEAGE_CACHE_HINTS(char4)
__KLINEAGE_CACHE_HINTS(short2)
__KLINEAGE_CACHE_HINTS(short4)
__KLINEAGE_CACHE_HINTS(int2)
__KLINEAGE_CACHE_HINTS(int4)
__KLINEAGE_CACHE_HINTS(longlong2)
__KLINEAGE_CACHE_HINTS(uchar2)
__KLINEAGE_CACHE_HINTS(uchar4)
__KLINEAGE_CACHE_HINTS(ushort2)
__KLINEAGE_CACHE_HINTS(ushort4)
__KLINEAGE_CACHE_HINTS(uint2)
__KLINEAGE_CACHE_HINTS(uint4)
__KLINEAGE_CACHE_HINTS(ulonglong2)
__KLINEAGE_CACHE_HINTS(float2)
__KLINEAGE_CACHE_HINTS(float4)
__KLINEAGE_CACHE_HINTS(double2)
#undef __KLINEAGE_CACHE_HINTS

#endif
