// Standalone tuning / benchmark harness for the five workloads (naive and
// expert launchers, a few expert variants, cuBLAS, a device-to-device copy),
// all in one binary: fresh random inputs, CPU double reference check (full, or
// sampled for the 4096^3 SGEMM), poisoned (NaN) outputs, L2 flushed before
// every timed call, median of many cudaEvent-timed calls.
//
//   nvcc -arch=sm_90 -O3 -std=c++17 -Xcompiler -fopenmp bench/tune/bench.cu \
//        workloads/*/*_ref.cpp -lcublas -lgomp -o bench && ./bench [--json F] [--quick]
//
// This is the fast-iteration tool; the table of record comes from the gate
// (scripts/bench-workloads.sh) when it can run.
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace sg_naive {
#include "../../workloads/sgemm/naive.cu"
}
namespace sg_expert {
#include "../../workloads/sgemm/expert.cu"
}
namespace cv_naive {
#include "../../workloads/conv2d/naive.cu"
}
namespace cv_expert {
#include "../../workloads/conv2d/expert.cu"
}
namespace cv_smem {
#include "conv2d_smem_pipelined.cu"
}
namespace cv_v1 {
#include "conv2d_tiled_v1.cu"
}
namespace cv_mem {
#define CV_TY 4
#define CV_BY 8
#define CV_MEMONLY 1
#define CV_COMPUTEONLY 0
#include "conv2d_variants.cu"
#undef CV_TY
#undef CV_BY
#undef CV_MEMONLY
#undef CV_COMPUTEONLY
}
namespace cv_comp {
#define CV_TY 4
#define CV_BY 8
#define CV_MEMONLY 0
#define CV_COMPUTEONLY 1
#include "conv2d_variants.cu"
#undef CV_TY
#undef CV_BY
#undef CV_MEMONLY
#undef CV_COMPUTEONLY
}
namespace cv_ty8b4 {
#define CV_TY 8
#define CV_BY 4
#define CV_MEMONLY 0
#define CV_COMPUTEONLY 0
#include "conv2d_variants.cu"
#undef CV_TY
#undef CV_BY
#undef CV_MEMONLY
#undef CV_COMPUTEONLY
}
namespace cv_strip {
#include "conv2d_strip.cu"
}
namespace cv_stream {
#include "conv2d_stream.cu"
}
// Probe: the fewest bytes a 5x5 filter must move, as a plain float4 copy kernel.
__global__ void copyF4(size_t n4, const float4 *__restrict__ in, float4 *__restrict__ out) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n4; i += (size_t)gridDim.x * blockDim.x)
    out[i] = __ldg(&in[i]);
}
static void copyF4Launch(int H, int W, const float *in, const float *, float *out) {
  size_t n4 = (size_t)H * W / 4;
  copyF4<<<132 * 8, 256>>>(n4, reinterpret_cast<const float4 *>(in), reinterpret_cast<float4 *>(out));
}
namespace sm_naive {
#include "../../workloads/softmax/naive.cu"
}
namespace sm_expert {
#include "../../workloads/softmax/expert.cu"
}
namespace tr_naive {
#include "../../workloads/transpose/naive.cu"
}
namespace tr_expert {
#include "../../workloads/transpose/expert.cu"
}
namespace hi_naive {
#include "../../workloads/histogram/naive.cu"
}
namespace hi_expert {
#include "../../workloads/histogram/expert.cu"
}

void sgemm_ref(int M, int N, int K, double alpha, const double *A, const double *B, double beta, double *C);
void conv2d_ref(int H, int W, const double *in, const double *filt, double *out);
void softmax_ref(int M, int N, const double *in, double *out);
void transpose_ref(int R, int C, const double *in, double *out);
void histogram_ref(int N, const unsigned char *pixels, unsigned int *bins);

#define CK(x)                                                                                      \
  do {                                                                                             \
    cudaError_t e_ = (x);                                                                          \
    if (e_ != cudaSuccess) {                                                                       \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorName(e_), __FILE__, __LINE__,   \
              cudaGetErrorString(e_));                                                             \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

// ------------------------------------------------------------ variants --
// Extra variants for tuning (not part of the workloads).
namespace variants {
// Classic 32x32 tile, 32x8 threads, scalar, padded.
__global__ void transpose32(int R, int C, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float t[32][33];
  int c = blockIdx.x * 32 + threadIdx.x, r = blockIdx.y * 32 + threadIdx.y;
#pragma unroll
  for (int j = 0; j < 32; j += 8)
    if (r + j < R && c < C) t[threadIdx.y + j][threadIdx.x] = in[(size_t)(r + j) * C + c];
  __syncthreads();
  c = blockIdx.y * 32 + threadIdx.x;
  r = blockIdx.x * 32 + threadIdx.y;
#pragma unroll
  for (int j = 0; j < 32; j += 8)
    if (r + j < C && c < R) out[(size_t)(r + j) * R + c] = t[threadIdx.x][threadIdx.y + j];
}
void transpose32_launch(int R, int C, const float *in, float *out) {
  transpose32<<<dim3((C + 31) / 32, (R + 31) / 32), dim3(32, 8)>>>(R, C, in, out);
}

// Histogram with per-warp sub-histograms hist[warp][bin].
template <int THREADS, int UNROLL>
__global__ void __launch_bounds__(THREADS) histWarp(int N, const unsigned char *__restrict__ px,
                                                    unsigned int *__restrict__ bins) {
  __shared__ unsigned int h[THREADS / 32][256];
  for (int i = threadIdx.x; i < THREADS / 32 * 256; i += THREADS) (&h[0][0])[i] = 0;
  __syncthreads();
  unsigned int *mine = h[threadIdx.x / 32];
  const uint4 *p = reinterpret_cast<const uint4 *>(px);
  int n16 = N / 16, stride = gridDim.x * THREADS * UNROLL;
  for (int base = blockIdx.x * THREADS * UNROLL + threadIdx.x; base < n16; base += stride) {
    uint4 v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u)
      if (base + u * THREADS < n16) v[u] = __ldg(&p[base + u * THREADS]);
#pragma unroll
    for (int u = 0; u < UNROLL; ++u)
      if (base + u * THREADS < n16) {
        unsigned int w[4] = {v[u].x, v[u].y, v[u].z, v[u].w};
#pragma unroll
        for (int q = 0; q < 4; ++q)
#pragma unroll
          for (int b = 0; b < 4; ++b) atomicAdd(&mine[(w[q] >> (8 * b)) & 0xff], 1u);
      }
  }
  int tail = n16 * 16 + blockIdx.x * THREADS + threadIdx.x;
  if (tail < N) atomicAdd(&mine[px[tail]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += THREADS) {
    unsigned int s = 0;
    for (int w = 0; w < THREADS / 32; ++w) s += h[w][b];
    if (s) atomicAdd(&bins[b], s);
  }
}
template <int THREADS, int UNROLL>
void histWarp_launch(int N, const unsigned char *px, unsigned int *bins) {
  cudaMemsetAsync(bins, 0, 1024);
  int dev, sms, per;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, histWarp<THREADS, UNROLL>, THREADS, 0);
  int work = (N / 16 + THREADS * UNROLL - 1) / (THREADS * UNROLL);
  int grid = std::min(sms * std::max(per, 1), std::max(work, 1));
  histWarp<THREADS, UNROLL><<<grid, THREADS>>>(N, px, bins);
}
// The expert's layout (hist[bin][lane]) with other block sizes / unrolling.
template <int THREADS, int UNROLL>
__global__ void __launch_bounds__(THREADS) histLane(int N, const unsigned char *__restrict__ px,
                                                    unsigned int *__restrict__ bins) {
  __shared__ unsigned int h[256 * 32];
  for (int i = threadIdx.x; i < 256 * 32; i += THREADS) h[i] = 0;
  __syncthreads();
  unsigned int *mine = h + threadIdx.x % 32;
  const uint4 *p = reinterpret_cast<const uint4 *>(px);
  int n16 = N / 16, stride = gridDim.x * THREADS * UNROLL;
  for (int base = blockIdx.x * THREADS * UNROLL + threadIdx.x; base < n16; base += stride) {
    uint4 v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u)
      if (base + u * THREADS < n16) v[u] = __ldg(&p[base + u * THREADS]);
#pragma unroll
    for (int u = 0; u < UNROLL; ++u)
      if (base + u * THREADS < n16) {
        unsigned int w[4] = {v[u].x, v[u].y, v[u].z, v[u].w};
#pragma unroll
        for (int q = 0; q < 4; ++q)
#pragma unroll
          for (int b = 0; b < 4; ++b) atomicAdd(&mine[((w[q] >> (8 * b)) & 0xff) * 32], 1u);
      }
  }
  int tail = n16 * 16 + blockIdx.x * THREADS + threadIdx.x;
  if (tail < N) atomicAdd(&mine[px[tail] * 32], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += THREADS) {
    unsigned int s = 0;
#pragma unroll
    for (int c = 0; c < 32; ++c) s += h[b * 32 + (c + b) % 32];
    if (s) atomicAdd(&bins[b], s);
  }
}
template <int THREADS, int UNROLL>
void histLane_launch(int N, const unsigned char *px, unsigned int *bins) {
  cudaMemsetAsync(bins, 0, 1024);
  int dev, sms, per;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, histLane<THREADS, UNROLL>, THREADS, 0);
  int work = (N / 16 + THREADS * UNROLL - 1) / (THREADS * UNROLL);
  int tailBlocks = (N % 16 + THREADS - 1) / THREADS;
  int grid = std::max(std::min(sms * std::max(per, 1), work), tailBlocks);
  if (grid > 0) histLane<THREADS, UNROLL><<<grid, THREADS>>>(N, px, bins);
}
} // namespace variants

// ------------------------------------------------------------- helpers --
static uint64_t splitmix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}
static uint64_t gSeed = 12345;
static void fillUniform(std::vector<float> &v, float lo, float hi) {
  uint64_t k = splitmix(++gSeed * 7919);
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < (long long)v.size(); ++i) {
    double u = (double)(splitmix(k + i) >> 11) * (1.0 / 9007199254740992.0);
    float x = (float)(lo + (hi - lo) * u);
    v[i] = x == 0.0f ? 1e-3f : x;
  }
}
static std::vector<double> toD(const std::vector<float> &v) {
  std::vector<double> d(v.size());
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < (long long)v.size(); ++i) d[i] = v[i];
  return d;
}
// relative L2 error; NaN / unwritten -> +inf
static double relL2(const std::vector<double> &ref, const std::vector<float> &got) {
  double num = 0, den = 0;
  long long bad = 0;
#pragma omp parallel for schedule(static) reduction(+ : num, den, bad)
  for (long long i = 0; i < (long long)ref.size(); ++i) {
    if (!std::isfinite(got[i])) { ++bad; continue; }
    double d = got[i] - ref[i];
    num += d * d;
    den += ref[i] * ref[i];
  }
  if (bad) return INFINITY;
  return den > 0 ? std::sqrt(num / den) : std::sqrt(num);
}

static void *gFlush = nullptr;
static const size_t kFlushBytes = 256ull << 20;
static cudaEvent_t gE0, gE1;

struct Stat {
  double med = 0, p10 = 0, p90 = 0;
};
static Stat timeit(const std::function<void()> &f, int warm, int iters) {
  for (int i = 0; i < warm; ++i) f();
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<double> ms;
  for (int i = 0; i < iters; ++i) {
    CK(cudaMemsetAsync(gFlush, i & 0xff, kFlushBytes));
    CK(cudaEventRecord(gE0));
    f();
    CK(cudaEventRecord(gE1));
    CK(cudaEventSynchronize(gE1));
    float t = 0;
    CK(cudaEventElapsedTime(&t, gE0, gE1));
    ms.push_back(t);
  }
  CK(cudaGetLastError());
  std::sort(ms.begin(), ms.end());
  Stat s;
  s.med = ms[ms.size() / 2];
  s.p10 = ms[ms.size() / 10];
  s.p90 = ms[ms.size() * 9 / 10];
  return s;
}

struct Row {
  std::string workload, variant, size, unit;
  double ms, p10, p90, rate, err;
  bool ok;
};
static std::vector<Row> gRows;
static std::vector<std::string> gFails;
static void addRow(const std::string &w, const std::string &v, const std::string &size, Stat s,
                   double work, const std::string &unit, double err, bool ok) {
  double rate = work / (s.med * 1e-3) / (unit == "TFLOP/s" ? 1e12 : 1e9);
  gRows.push_back({w, v, size, unit, s.med, s.p10, s.p90, rate, err, ok});
  printf("  %-10s %-28s %-16s %10.4f ms  [%.4f, %.4f]  %9.2f %-7s  err %.3g %s\n", w.c_str(), v.c_str(),
         size.c_str(), s.med, s.p10, s.p90, rate, unit.c_str(), err, ok ? "ok" : "FAIL");
  fflush(stdout);
}
static void check(const std::string &what, double err, double tol) {
  bool ok = err <= tol;
  printf("    check %-44s rel_l2 %.3g %s\n", what.c_str(), err, ok ? "ok" : "FAIL");
  if (!ok) gFails.push_back(what);
}

template <class T> static T *dmalloc(size_t n) {
  T *p = nullptr;
  CK(cudaMalloc(&p, std::max<size_t>(n, 1) * sizeof(T)));
  return p;
}
static void poison(void *p, size_t bytes) { CK(cudaMemset(p, 0xFF, bytes)); } // NaN / 0xffffffff

static bool gQuick = false;
static bool gBigOnly = false; // conv2d: the profile size only (for ncu)
static int ITERS() { return gQuick ? 10 : 30; }

// ----------------------------------------------------------------- copy --
static double gCopyBw = 0;
static void benchCopy() {
  size_t bytes = 1ull << 30;
  char *a = dmalloc<char>(bytes), *b = dmalloc<char>(bytes);
  CK(cudaMemset(a, 1, bytes));
  Stat s = timeit([&] { CK(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice)); }, 3, ITERS());
  gCopyBw = 2.0 * bytes / (s.med * 1e-3);
  addRow("copy", "cudaMemcpy D2D", "1 GiB", s, 2.0 * bytes, "GB/s", 0, true);
  cudaFree(a);
  cudaFree(b);
}

// ---------------------------------------------------------------- sgemm --
using SgemmFn = void (*)(int, int, int, float, const float *, const float *, float, float *);
static cublasHandle_t gBlas;
static void cublasSgemmRowMajor(int M, int N, int K, float alpha, const float *A, const float *B, float beta,
                                float *C) {
  // Row-major C = A B  <=>  column-major C^T = B^T A^T.
  cublasSgemm(gBlas, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &alpha, B, N, A, K, &beta, C, N);
}

static void benchSgemm() {
  struct V { const char *name; SgemmFn fn; int bm, bn, bk; }; // (bm, bn, bk): the variant's domain
  std::vector<V> vs = {
      {"naive", sg_naive::sgemm_launch, 1, 1, 1},
      {"expert", sg_expert::sgemm_launch, 128, 128, 8},
      {"cublas", cublasSgemmRowMajor, 1, 1, 1},
      {"v:128x128x16 w32x64", sg_expert::sgemm_expert::launchConfig<128, 128, 16, 32, 64, 2>, 128, 128, 16},
      {"v:128x128x8 w64x32", sg_expert::sgemm_expert::launchConfig<128, 128, 8, 64, 32, 2>, 128, 128, 8},
      {"v:128x128x16 w64x32", sg_expert::sgemm_expert::launchConfig<128, 128, 16, 64, 32, 2>, 128, 128, 16},
      {"v:128x256x8 w64x64", sg_expert::sgemm_expert::launchConfig<128, 256, 8, 64, 64, 1>, 128, 256, 8},
      {"v:256x128x8 w64x64", sg_expert::sgemm_expert::launchConfig<256, 128, 8, 64, 64, 1>, 256, 128, 8},
      {"v:128x128x16 w64x64", sg_expert::sgemm_expert::launchConfig<128, 128, 16, 64, 64, 1>, 128, 128, 16},
  };
  // Correctness, full reference.
  int small[][3] = {{128, 128, 8}, {256, 384, 136}, {384, 128, 1000}, {1152, 640, 520}, {512, 768, 272}};
  for (auto &sz : small) {
    int M = sz[0], N = sz[1], K = sz[2];
    std::vector<float> A((size_t)M * K), B((size_t)K * N), C((size_t)M * N), out(C.size());
    fillUniform(A, -1, 1); fillUniform(B, -1, 1); fillUniform(C, -1, 1);
    float alpha = 1.25f, beta = -0.75f;
    std::vector<double> ref = toD(C);
    auto Ad = toD(A), Bd = toD(B);
    sgemm_ref(M, N, K, alpha, Ad.data(), Bd.data(), beta, ref.data());
    float *dA = dmalloc<float>(A.size()), *dB = dmalloc<float>(B.size()), *dC = dmalloc<float>(C.size());
    CK(cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice));
    for (auto &v : vs) {
      if (M % v.bm || N % v.bn || K % v.bk) continue; // outside the variant's domain
      CK(cudaMemcpy(dC, C.data(), C.size() * 4, cudaMemcpyHostToDevice));
      v.fn(M, N, K, alpha, dA, dB, beta, dC);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(out.data(), dC, C.size() * 4, cudaMemcpyDeviceToHost));
      check(std::string("sgemm ") + v.name + " " + std::to_string(M) + "x" + std::to_string(N) + "x" +
                std::to_string(K), relL2(ref, out), 5e-5);
    }
    cudaFree(dA); cudaFree(dB); cudaFree(dC);
  }
  // Profile size with a sampled reference.
  const int M = 4096, N = 4096, K = 4096;
  std::vector<float> A((size_t)M * K), B((size_t)K * N), C((size_t)M * N), out(C.size());
  fillUniform(A, -1, 1); fillUniform(B, -1, 1); fillUniform(C, -1, 1);
  float alpha = 1.25f, beta = -0.75f;
  const int S = 4096;
  std::vector<long long> idx(S);
  std::vector<double> sref(S);
  for (int s = 0; s < S; ++s) {
    long long i = splitmix(s * 31 + 7) % M, j = splitmix(s * 17 + 3) % N;
    idx[s] = i * N + j;
    double acc = 0;
    for (int k = 0; k < K; ++k) acc += (double)A[i * K + k] * B[(size_t)k * N + j];
    sref[s] = alpha * acc + beta * C[i * N + j];
  }
  float *dA = dmalloc<float>(A.size()), *dB = dmalloc<float>(B.size()), *dC = dmalloc<float>(C.size());
  CK(cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice));
  double flops = 2.0 * M * N * K;
  for (auto &v : vs) {
    CK(cudaMemcpy(dC, C.data(), C.size() * 4, cudaMemcpyHostToDevice));
    v.fn(M, N, K, alpha, dA, dB, beta, dC);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(out.data(), dC, C.size() * 4, cudaMemcpyDeviceToHost));
    double num = 0, den = 0;
    for (int s = 0; s < S; ++s) {
      double d = out[idx[s]] - sref[s];
      num += std::isfinite(out[idx[s]]) ? d * d : INFINITY;
      den += sref[s] * sref[s];
    }
    double err = std::sqrt(num / den);
    bool ok = err <= 5e-5;
    if (!ok) gFails.push_back(std::string("sgemm 4096 ") + v.name);
    bool naive = std::string(v.name) == "naive";
    Stat st = timeit([&] { v.fn(M, N, K, alpha, dA, dB, beta, dC); }, naive ? 1 : 3, naive ? 5 : ITERS());
    addRow("sgemm", v.name, "4096^3", st, flops, "TFLOP/s", err, ok);
  }
  cudaFree(dA); cudaFree(dB); cudaFree(dC);
}

// --------------------------------------------------------------- conv2d --
using ConvFn = void (*)(int, int, const float *, const float *, float *);
static void benchConv2d() {
  std::vector<std::pair<const char *, ConvFn>> vs = {
      {"naive", cv_naive::conv2d_launch},
      {"expert", cv_expert::conv2d_launch},
      {"v:smem tiles cp.async (prev expert)", cv_smem::conv2d_launch},
      {"v:smem tiles, no pipeline", cv_v1::conv2d_v1_launch},
      {"v:smem TY=8 BY=4 (128x32, 128t)", cv_ty8b4::conv2d_var_launch},
      {"v:smem memory only (no FMAs)", cv_mem::conv2d_var_launch},
      {"v:smem compute only (no loads)", cv_comp::conv2d_var_launch},
      {"v:smem column-strip ring", cv_strip::conv2d_launch},
      {"v:stream U8 W8, no pipeline", cv_stream::conv2d_expert::conv2d_stream_launch<8, 8, false, 1>},
      {"v:stream U5 W4 pipelined", cv_stream::conv2d_expert::conv2d_stream_launch<5, 4, false, 1, true>},
      {"v:stream U4 W8 pipelined", cv_stream::conv2d_expert::conv2d_stream_launch<4, 8, false, 1, true>},
      {"v:stream U5 W8 2 waves", cv_stream::conv2d_expert::conv2d_stream_launch<5, 8, false, 2, true>},
      {"v:stream memory only (U5 W8)", cv_stream::conv2d_expert::conv2d_stream_launch<5, 8, true, 1, true>},
      {"v:copy only (float4 kernel)", copyF4Launch},
  };
  int sizes[][2] = {{1, 4}, {37, 132}, {130, 260}, {3, 1000}, {1000, 36}, {8192, 8192}};
  for (auto &sz : sizes) {
    int H = sz[0], W = sz[1];
    if (gBigOnly && H != 8192) continue;
    size_t n = (size_t)H * W;
    std::vector<float> in(n), f(25), out(n);
    fillUniform(in, -1, 1); fillUniform(f, -1, 1);
    std::vector<double> ref(n);
    auto ind = toD(in), fd = toD(f);
    conv2d_ref(H, W, ind.data(), fd.data(), ref.data());
    float *di = dmalloc<float>(n), *df = dmalloc<float>(25), *dout = dmalloc<float>(n);
    CK(cudaMemcpy(di, in.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(df, f.data(), 100, cudaMemcpyHostToDevice));
    bool prof = H == 8192;
    for (auto &v : vs) {
      poison(dout, n * 4);
      v.second(H, W, di, df, dout);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(out.data(), dout, n * 4, cudaMemcpyDeviceToHost));
      double err = relL2(ref, out);
      std::string tag = std::string("conv2d ") + v.first + " " + std::to_string(H) + "x" + std::to_string(W);
      if (strstr(v.first, "only (")) err = 0; // not a convolution: timing probe only
      check(tag, err, 1e-5);
      if (prof) {
        Stat st = timeit([&] { v.second(H, W, di, df, dout); }, 3, ITERS());
        addRow("conv2d", v.first, "8192^2 5x5", st, 8.0 * n + 100, "GB/s", err, err <= 1e-5);
      }
    }
    cudaFree(di); cudaFree(df); cudaFree(dout);
  }
}

// -------------------------------------------------------------- softmax --
using RowFn = void (*)(int, int, const float *, float *);
static void benchSoftmax() {
  using namespace sm_expert::softmax_expert;
  std::vector<std::pair<const char *, RowFn>> vs = {{"naive", sm_naive::softmax_launch},
                                                    {"expert", sm_expert::softmax_launch}};
  std::vector<std::pair<const char *, RowFn>> tune = {{"v:wpr4 v8", launchRows<4, 8>},
                                                      {"v:wpr2 v16", launchRows<2, 16>},
                                                      {"v:wpr8 v4", launchRows<8, 4>}};
  int sizes[][2] = {{3, 4}, {5, 100}, {7, 1000}, {9, 1500}, {33, 2048}, {3, 3000}, {2, 6000}, {5, 16384},
                    {1001, 128}, {16384, 4096}};
  for (auto &sz : sizes) {
    int M = sz[0], N = sz[1];
    size_t n = (size_t)M * N;
    std::vector<float> in(n), out(n);
    fillUniform(in, -8, 8);
    std::vector<double> ref(n);
    auto ind = toD(in);
    softmax_ref(M, N, ind.data(), ref.data());
    float *di = dmalloc<float>(n), *dout = dmalloc<float>(n);
    CK(cudaMemcpy(di, in.data(), n * 4, cudaMemcpyHostToDevice));
    bool prof = M == 16384;
    auto all = vs;
    if (prof) all.insert(all.end(), tune.begin(), tune.end());
    for (auto &v : all) {
      poison(dout, n * 4);
      v.second(M, N, di, dout);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(out.data(), dout, n * 4, cudaMemcpyDeviceToHost));
      double err = relL2(ref, out);
      check(std::string("softmax ") + v.first + " " + std::to_string(M) + "x" + std::to_string(N), err, 5e-5);
      if (prof) {
        bool naive = std::string(v.first) == "naive";
        Stat st = timeit([&] { v.second(M, N, di, dout); }, naive ? 1 : 3, naive ? 5 : ITERS());
        addRow("softmax", v.first, "16384x4096", st, 8.0 * n, "GB/s", err, err <= 5e-5);
      }
    }
    cudaFree(di); cudaFree(dout);
  }
}

// ------------------------------------------------------------ transpose --
static void benchTranspose() {
  std::vector<std::pair<const char *, RowFn>> vs = {{"naive", tr_naive::transpose_launch},
                                                    {"expert", tr_expert::transpose_launch},
                                                    {"v:32x32 scalar", variants::transpose32_launch}};
  int sizes[][2] = {{4, 8}, {68, 132}, {100, 36}, {1000, 4}, {4096, 1028}, {8192, 8192}};
  for (auto &sz : sizes) {
    int R = sz[0], C = sz[1];
    size_t n = (size_t)R * C;
    std::vector<float> in(n), out(n);
    fillUniform(in, -1, 1);
    std::vector<double> ref(n);
    auto ind = toD(in);
    transpose_ref(R, C, ind.data(), ref.data());
    float *di = dmalloc<float>(n), *dout = dmalloc<float>(n);
    CK(cudaMemcpy(di, in.data(), n * 4, cudaMemcpyHostToDevice));
    bool prof = R == 8192;
    for (auto &v : vs) {
      poison(dout, n * 4);
      v.second(R, C, di, dout);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(out.data(), dout, n * 4, cudaMemcpyDeviceToHost));
      double err = relL2(ref, out);
      check(std::string("transpose ") + v.first + " " + std::to_string(R) + "x" + std::to_string(C), err, 0);
      if (prof) {
        Stat st = timeit([&] { v.second(R, C, di, dout); }, 3, ITERS());
        addRow("transpose", v.first, "8192^2", st, 8.0 * n, "GB/s", err, err == 0);
      }
    }
    cudaFree(di); cudaFree(dout);
  }
}

// ------------------------------------------------------------ histogram --
using HistFn = void (*)(int, const unsigned char *, unsigned int *);
static void benchHistogram() {
  std::vector<std::pair<const char *, HistFn>> vs = {
      {"naive", hi_naive::histogram_launch},
      {"expert", hi_expert::histogram_launch},
      {"v:per-warp 256t u4", variants::histWarp_launch<256, 4>},
      {"v:per-warp 1024t u2", variants::histWarp_launch<1024, 2>},
      {"v:lane 1024t u4", variants::histLane_launch<1024, 4>},
      {"v:lane 256t u4", variants::histLane_launch<256, 4>},
      {"v:lane 512t u8", variants::histLane_launch<512, 8>},
      {"v:lane 512t u2", variants::histLane_launch<512, 2>}};
  long long sizes[] = {0, 1, 17, 4096, 1000003, 268435456};
  for (long long N : sizes) {
    std::vector<unsigned char> px(std::max<long long>(N, 1));
    uint64_t k = splitmix(++gSeed);
#pragma omp parallel for schedule(static)
    for (long long i = 0; i < N; ++i) px[i] = (unsigned char)(splitmix(k + i) & 0xff);
    unsigned int ref[256] = {0};
    histogram_ref((int)N, px.data(), ref);
    std::vector<double> refd(ref, ref + 256);
    unsigned char *dp = dmalloc<unsigned char>(N);
    unsigned int *db = dmalloc<unsigned int>(256);
    CK(cudaMemcpy(dp, px.data(), N, cudaMemcpyHostToDevice));
    bool prof = N == 268435456;
    for (auto &v : vs) {
      poison(db, 1024);
      v.second((int)N, dp, db);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      std::vector<unsigned int> got(256);
      CK(cudaMemcpy(got.data(), db, 1024, cudaMemcpyDeviceToHost));
      long long diff = 0;
      for (int b = 0; b < 256; ++b) diff += got[b] != ref[b];
      check(std::string("histogram ") + v.first + " N=" + std::to_string(N), (double)diff, 0);
      if (prof) {
        bool naive = std::string(v.first) == "naive";
        Stat st = timeit([&] { v.second((int)N, dp, db); }, naive ? 1 : 3, naive ? 5 : ITERS());
        addRow("histogram", v.first, "256 MiB u8", st, (double)N + 1024, "GB/s", (double)diff, diff == 0);
      }
    }
    cudaFree(dp); cudaFree(db);
  }
}

int main(int argc, char **argv) {
  const char *json = nullptr;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--json") && i + 1 < argc) json = argv[++i];
    else if (!strcmp(argv[i], "--quick")) gQuick = true;
    else if (!strcmp(argv[i], "--big-only")) gBigOnly = true;
    else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
  }
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  printf("device: %s, %d SMs, L2 %d MB, cc %d.%d\n", p.name, p.multiProcessorCount, p.l2CacheSize >> 20, p.major,
         p.minor);
  CK(cudaMalloc(&gFlush, kFlushBytes));
  CK(cudaEventCreate(&gE0));
  CK(cudaEventCreate(&gE1));
  if (cublasCreate(&gBlas) != CUBLAS_STATUS_SUCCESS) { fprintf(stderr, "cublasCreate failed\n"); return 1; }
  cublasSetMathMode(gBlas, CUBLAS_DEFAULT_MATH); // plain fp32 FFMA, no TF32
  auto want = [&](const char *w) { return only.empty() || only.find(w) != std::string::npos; };
  benchCopy();
  if (want("sgemm")) benchSgemm();
  if (want("conv2d")) benchConv2d();
  if (want("softmax")) benchSoftmax();
  if (want("transpose")) benchTranspose();
  if (want("histogram")) benchHistogram();
  benchCopy();

  printf("\n%-10s %-28s %10s %10s %-8s %8s\n", "workload", "variant", "ms", "rate", "unit", "%copy");
  for (auto &r : gRows)
    printf("%-10s %-28s %10.4f %10.2f %-8s %8.1f %s\n", r.workload.c_str(), r.variant.c_str(), r.ms, r.rate,
           r.unit.c_str(), r.unit == "GB/s" ? 100.0 * r.rate * 1e9 / gCopyBw : 0.0, r.ok ? "" : "FAIL");
  printf("failures: %zu\n", gFails.size());
  for (auto &f : gFails) printf("  FAIL %s\n", f.c_str());
  if (json) {
    FILE *F = fopen(json, "w");
    fprintf(F, "{\"device\":\"%s\",\"sms\":%d,\"copy_bw_gbs\":%.3f,\"rows\":[\n", p.name, p.multiProcessorCount,
            gCopyBw / 1e9);
    for (size_t i = 0; i < gRows.size(); ++i) {
      auto &r = gRows[i];
      fprintf(F, "  {\"workload\":\"%s\",\"variant\":\"%s\",\"size\":\"%s\",\"median_ms\":%.6f,\"p10_ms\":%.6f,"
                 "\"p90_ms\":%.6f,\"rate\":%.4f,\"unit\":\"%s\",\"err\":%.3g,\"ok\":%s}%s\n",
              r.workload.c_str(), r.variant.c_str(), r.size.c_str(), r.ms, r.p10, r.p90, r.rate, r.unit.c_str(),
              r.err, r.ok ? "true" : "false", i + 1 < gRows.size() ? "," : "");
    }
    fprintf(F, "],\"failures\":%zu}\n", gFails.size());
    fclose(F);
  }
  return gFails.empty() ? 0 : 2;
}
