// ===- DriverRuntime.cuh - runtime half of the gate's generated driver -----===//
//
// Embedded into the klineage binary and pasted into every generated driver,
// after the candidate and before the workload tables (see generateDriver()).
// The driver is a child process of `klineage gate`; it writes one JSON object
// per line to --out FILE (flushed per line, so the parent can read how far it
// got even if this process is killed). Exit codes: 0 passed, 10 rejected
// (a verdict line says why), 3 no usable GPU, 4 gate-internal failure,
// 20 watchdog timeout (a verdict line says in which phase), 2 usage.
//
// Everything here lives in namespace kldrv and every kernel of ours has the
// prefix klineage_drv_, so CUPTI records of the candidate's work can be told
// from ours.
// ===----------------------------------------------------------------------===//
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cupti.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>
#include <unistd.h>

namespace kldrv {

enum DType { DT_F32, DT_F64, DT_F16, DT_BF16, DT_I8, DT_U8, DT_I16, DT_U16, DT_I32, DT_U32, DT_I64, DT_U64 };
enum Role { R_SCALAR, R_IN, R_OUT, R_INOUT, R_STREAM };
enum Dist { D_UNIFORM, D_NORMAL, D_TRIANGULAR, D_ZIPF, D_CONSTANT };

struct ParamSpec {
  const char *name;
  int role;
  int dtype;
  int dist;      // init distribution (buffers) or the draw of a random scalar
  int random;    // scalars: drawn per trial
  double tol;    // outputs: < 0 means the workload tolerance
};

struct SizeSpec {
  const char *label;
  int profile;
  int trials;
  long long counts[32];  // per parameter (buffers)
  double scalars[32];    // per parameter (fixed scalars)
  double dist[32][3];    // per parameter: the distribution's arguments at this size
  long long written[32]; // outputs and in-out buffers: leading elements the launcher writes
  double flops, bytes;
};

// A device buffer as the launcher's pointer parameter: converts to T* or
// const T* (so a launcher may take its inputs non-const), where T is the
// manifest's type or, for integers, any integer type of the same size and
// signedness (int64_t and long long are both i64).
template <typename E, typename T>
struct SameRepr
    : std::integral_constant<bool, std::is_same<E, T>::value ||
                                       (std::is_integral<E>::value && std::is_integral<T>::value &&
                                        !std::is_same<T, bool>::value && sizeof(E) == sizeof(T) &&
                                        std::is_signed<E>::value == std::is_signed<T>::value)> {};
template <typename E> struct DevPtr {
  void *p;
  template <typename T, typename = typename std::enable_if<SameRepr<E, typename std::remove_cv<T>::type>::value>::type>
  operator T *() const { return static_cast<T *>(p); }
};

// Defined by the generated part.
extern const int kNumParams;
extern const ParamSpec kParams[];
extern const int kNumSizes;
extern const SizeSpec kSizes[];
extern const double kTolerance;
extern const char *const kComputePeak;
extern const char *const kWorkload;
extern cudaStream_t gStreams[32]; // per stream parameter, created by probeDevice()
void callLauncher(void **dev, const double *scalars);
void callReference(void **ref, const double *scalars);

// ---------------------------------------------------------------- output --
static FILE *gOut = nullptr;
static std::mutex gOutMu;
static const char *gStage = "correctness";

static std::string jsonEscape(const std::string &S) {
  std::string R;
  for (unsigned char C : S) {
    if (C == '"' || C == '\\') { R += '\\'; R += (char)C; }
    else if (C == '\n') R += "\\n";
    else if (C < 0x20) { char B[8]; snprintf(B, sizeof B, "\\u%04x", C); R += B; }
    else R += (char)C;
  }
  return R;
}

static void emitLine(const std::string &Obj) {
  std::lock_guard<std::mutex> L(gOutMu);
  FILE *F = gOut ? gOut : stdout;
  fputs(Obj.c_str(), F);
  fputc('\n', F);
  fflush(F);
  if (gOut) fsync(fileno(gOut));
}

static std::string fmt(const char *F, ...) {
  va_list A, B;
  va_start(A, F);
  va_copy(B, A);
  int N = vsnprintf(nullptr, 0, F, A);
  va_end(A);
  std::string S(N > 0 ? (size_t)N : 0, '\0');
  if (N > 0) vsnprintf(&S[0], (size_t)N + 1, F, B);
  va_end(B);
  return S;
}

static void verdictAndExit(bool Ok, const std::string &Reason, int Code) {
  emitLine(fmt("{\"event\":\"verdict\",\"stage\":\"%s\",\"ok\":%s,\"reason\":\"%s\"}", gStage,
               Ok ? "true" : "false", jsonEscape(Reason).c_str()));
  if (gOut) fclose(gOut);
  _exit(Code);
}

static void reject(const std::string &Reason) { verdictAndExit(false, Reason, 10); }

#define KL_CHECK(call)                                                                     \
  do {                                                                                     \
    cudaError_t e_ = (call);                                                               \
    if (e_ != cudaSuccess)                                                                 \
      ::kldrv::cudaFailure(#call, e_, __LINE__);                                           \
  } while (0)

static void cudaFailure(const char *What, cudaError_t E, int Line) {
  // An error in the gate's own call after the candidate ran is the candidate's
  // doing (sticky errors: illegal address, launch failure, ...).
  reject(fmt("CUDA error %s (%s) in driver call '%s' (driver line %d)", cudaGetErrorName(E),
             cudaGetErrorString(E), What, Line));
}

// -------------------------------------------------------------- watchdog --
static std::atomic<long long> gDeadlineMs{0};
static std::string gPhase;
static std::mutex gPhaseMu;

static long long nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch()).count();
}
static void arm(const std::string &Phase, double Seconds) {
  { std::lock_guard<std::mutex> L(gPhaseMu); gPhase = Phase; }
  gDeadlineMs = nowMs() + (long long)(Seconds * 1000);
}
static void disarm() { gDeadlineMs = 0; }
static void watchdogLoop() {
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    long long D = gDeadlineMs.load();
    if (D && nowMs() > D) {
      std::string P;
      { std::lock_guard<std::mutex> L(gPhaseMu); P = gPhase; }
      verdictAndExit(false, "timeout: " + P, 20);
    }
  }
}

// ------------------------------------------------------------------ CUPTI --
struct Rec {
  int kind; // 0 kernel, 1 memcpy, 2 memset
  uint64_t start, end;
  uint32_t stream, corr;
  std::string name;
  bool mine;
};
static std::vector<Rec> gRecs;
static std::mutex gRecMu;
static bool gCupti = false;
static std::atomic<long long> gDropped{0};

static void CUPTIAPI bufRequested(uint8_t **Buf, size_t *Size, size_t *MaxRecords) {
  *Size = 16 << 20;
  *Buf = (uint8_t *)aligned_alloc(8, *Size);
  *MaxRecords = 0;
}
static void CUPTIAPI bufCompleted(CUcontext, uint32_t, uint8_t *Buf, size_t, size_t Valid) {
  CUpti_Activity *R = nullptr;
  std::vector<Rec> Got;
  while (cuptiActivityGetNextRecord(Buf, Valid, &R) == CUPTI_SUCCESS) {
    if (R->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL || R->kind == CUPTI_ACTIVITY_KIND_KERNEL) {
      auto *K = (CUpti_ActivityKernel10 *)R;
      Rec X{0, K->start, K->end, K->streamId, K->correlationId, K->name ? K->name : "?", false};
      X.mine = X.name.find("klineage_drv_") != std::string::npos;
      Got.push_back(X);
    } else if (R->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
      auto *M = (CUpti_ActivityMemcpy6 *)R;
      Got.push_back(Rec{1, M->start, M->end, M->streamId, M->correlationId, "[memcpy]", false});
    } else if (R->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
      auto *M = (CUpti_ActivityMemset4 *)R;
      Got.push_back(Rec{2, M->start, M->end, M->streamId, M->correlationId, "[memset]", false});
    }
  }
  size_t Dropped = 0;
  cuptiActivityGetNumDroppedRecords(nullptr, 0, &Dropped);
  gDropped += (long long)Dropped;
  free(Buf);
  std::lock_guard<std::mutex> L(gRecMu);
  gRecs.insert(gRecs.end(), Got.begin(), Got.end());
}

static bool cuptiStart(bool WithCopies) {
  if (cuptiActivityRegisterCallbacks(bufRequested, bufCompleted) != CUPTI_SUCCESS) return false;
  if (cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) != CUPTI_SUCCESS) return false;
  if (WithCopies) {
    if (cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY) != CUPTI_SUCCESS) return false;
    if (cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET) != CUPTI_SUCCESS) return false;
  }
  return true;
}
// Called only after the device is idle, so no record is incomplete: forcing
// the flush delivers partly filled buffers too.
static void cuptiFlush() {
  if (gCupti) cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
}
static uint64_t cuptiNow() {
  uint64_t T = 0;
  if (gCupti) cuptiGetTimestamp(&T);
  return T;
}
static void clearRecords() {
  std::lock_guard<std::mutex> L(gRecMu);
  gRecs.clear();
}
static std::vector<Rec> recordsSnapshot() {
  std::lock_guard<std::mutex> L(gRecMu);
  return gRecs;
}

// ------------------------------------------------------------ our kernels --
extern "C" __global__ void klineage_drv_marker() {}

template <typename T>
__global__ void klineage_drv_fill(T *P, long long N, T V) {
  for (long long I = blockIdx.x * (long long)blockDim.x + threadIdx.x; I < N;
       I += (long long)gridDim.x * blockDim.x)
    P[I] = V;
}

extern "C" __global__ void klineage_drv_flush(unsigned int *P, long long N, unsigned int V) {
  for (long long I = blockIdx.x * (long long)blockDim.x + threadIdx.x; I < N;
       I += (long long)gridDim.x * blockDim.x)
    P[I] = V + (unsigned int)I;
}

extern "C" __global__ void klineage_drv_fma(float *Out, int Iters, float Seed) {
  float A0 = Seed + threadIdx.x, A1 = A0 + 1, A2 = A0 + 2, A3 = A0 + 3, A4 = A0 + 4, A5 = A0 + 5,
        A6 = A0 + 6, A7 = A0 + 7;
  const float M = 0.9999f, C = 0.0001f;
  for (int I = 0; I < Iters; ++I) {
    A0 = fmaf(A0, M, C); A1 = fmaf(A1, M, C); A2 = fmaf(A2, M, C); A3 = fmaf(A3, M, C);
    A4 = fmaf(A4, M, C); A5 = fmaf(A5, M, C); A6 = fmaf(A6, M, C); A7 = fmaf(A7, M, C);
  }
  float S = A0 + A1 + A2 + A3 + A4 + A5 + A6 + A7;
  if (S == 1234.5f) Out[0] = S; // keeps the chain alive
}

static int gSMs = 0;
static void launchDims(long long N, int &Grid, int &Block) {
  Block = 256;
  long long G = (N + Block - 1) / Block;
  long long Cap = (long long)std::max(gSMs, 1) * 32;
  Grid = (int)std::max(1LL, std::min(G, Cap));
}

// ---------------------------------------------------------- element types --
static size_t dsize(int T) {
  switch (T) {
  case DT_F64: case DT_I64: case DT_U64: return 8;
  case DT_F32: case DT_I32: case DT_U32: return 4;
  case DT_F16: case DT_BF16: case DT_I16: case DT_U16: return 2;
  default: return 1;
  }
}
static bool isFloat(int T) { return T == DT_F32 || T == DT_F64 || T == DT_F16 || T == DT_BF16; }

// Value of element I of a candidate-typed host buffer, as double.
static inline double getD(int T, const void *P, size_t I) {
  switch (T) {
  case DT_F32: return ((const float *)P)[I];
  case DT_F64: return ((const double *)P)[I];
  case DT_F16: return (double)__half2float(((const __half *)P)[I]);
  case DT_BF16: return (double)__bfloat162float(((const __nv_bfloat16 *)P)[I]);
  case DT_I8: return ((const signed char *)P)[I];
  case DT_U8: return ((const unsigned char *)P)[I];
  case DT_I16: return ((const short *)P)[I];
  case DT_U16: return ((const unsigned short *)P)[I];
  case DT_I32: return ((const int *)P)[I];
  case DT_U32: return ((const unsigned int *)P)[I];
  case DT_I64: return (double)((const long long *)P)[I];
  case DT_U64: return (double)((const unsigned long long *)P)[I];
  }
  return 0;
}
static inline void setD(int T, void *P, size_t I, double V) {
  switch (T) {
  case DT_F32: ((float *)P)[I] = (float)V; break;
  case DT_F64: ((double *)P)[I] = V; break;
  case DT_F16: ((__half *)P)[I] = __float2half((float)V); break;
  case DT_BF16: ((__nv_bfloat16 *)P)[I] = __float2bfloat16((float)V); break;
  case DT_I8: ((signed char *)P)[I] = (signed char)V; break;
  case DT_U8: ((unsigned char *)P)[I] = (unsigned char)V; break;
  case DT_I16: ((short *)P)[I] = (short)V; break;
  case DT_U16: ((unsigned short *)P)[I] = (unsigned short)V; break;
  case DT_I32: ((int *)P)[I] = (int)V; break;
  case DT_U32: ((unsigned int *)P)[I] = (unsigned int)V; break;
  case DT_I64: ((long long *)P)[I] = (long long)V; break;
  case DT_U64: ((unsigned long long *)P)[I] = (unsigned long long)V; break;
  }
}
// Poison: a NaN pattern for floats, 0xA5.. / 0xB4.. for integers. Two
// patterns, so that consecutive runs never see the same poison. A float
// element holding its poison was not written (a NaN never passes); an integer
// poison is an ordinary value, so integer outputs are judged over two runs,
// one with each pattern (twoRuns()).
static uint64_t poisonBits(int T, int Which) {
  switch (T) {
  case DT_F32: return Which ? 0x7FA5A5A5u : 0xFFB4B4B4u;
  case DT_F64: return Which ? 0x7FF4A5A5A5A5A5A5ull : 0xFFF5B4B4B4B4B4B4ull;
  case DT_F16: return Which ? 0x7DA5u : 0xFDB4u;
  case DT_BF16: return Which ? 0x7FA5u : 0xFFB4u;
  case DT_I8: case DT_U8: return Which ? 0xA5u : 0xB4u;
  case DT_I16: case DT_U16: return Which ? 0xA5A5u : 0xB4B4u;
  case DT_I32: case DT_U32: return Which ? 0xA5A5A5A5u : 0xB4B4B4B4u;
  default: return Which ? 0xA5A5A5A5A5A5A5A5ull : 0xB4B4B4B4B4B4B4B4ull;
  }
}
static inline uint64_t getBits(int T, const void *P, size_t I) {
  switch (dsize(T)) {
  case 8: return ((const uint64_t *)P)[I];
  case 4: return ((const uint32_t *)P)[I];
  case 2: return ((const uint16_t *)P)[I];
  default: return ((const uint8_t *)P)[I];
  }
}
static void deviceFill(int T, void *P, long long N, uint64_t Bits) {
  if (N <= 0) return;
  int G, B;
  launchDims(N, G, B);
  switch (dsize(T)) {
  case 8: klineage_drv_fill<unsigned long long><<<G, B>>>((unsigned long long *)P, N, Bits); break;
  case 4: klineage_drv_fill<unsigned int><<<G, B>>>((unsigned int *)P, N, (unsigned int)Bits); break;
  case 2: klineage_drv_fill<unsigned short><<<G, B>>>((unsigned short *)P, N, (unsigned short)Bits); break;
  default: klineage_drv_fill<unsigned char><<<G, B>>>((unsigned char *)P, N, (unsigned char)Bits); break;
  }
  KL_CHECK(cudaGetLastError());
}

// -------------------------------------------------------------------- RNG --
static inline uint64_t splitmix(uint64_t X) {
  X += 0x9E3779B97F4A7C15ull;
  X = (X ^ (X >> 30)) * 0xBF58476D1CE4E5B9ull;
  X = (X ^ (X >> 27)) * 0x94D049BB133111EBull;
  return X ^ (X >> 31);
}
static inline double uniform01(uint64_t H) { return (double)(H >> 11) * (1.0 / 9007199254740992.0); }
// Zipf over ranks 1..N with exponent S > 0, by rejection-inversion
// (Hoermann and Derflinger 1996): O(1) per draw, no table, for any N.
static inline double zipfHelper1(double X) { return std::fabs(X) > 1e-8 ? std::log1p(X) / X : 1 - X * (0.5 - X * (1.0 / 3 - 0.25 * X)); }
static inline double zipfHelper2(double X) { return std::fabs(X) > 1e-8 ? std::expm1(X) / X : 1 + X * 0.5 * (1 + X / 3 * (1 + 0.25 * X)); }
static inline double zipfH(double X, double S) { return std::exp(-S * std::log(X)); }
static inline double zipfHInt(double X, double S) { double L = std::log(X); return zipfHelper2((1 - S) * L) * L; }
static inline double zipfHIntInv(double X, double S) {
  double T = std::max(-1.0, X * (1 - S));
  return std::exp(zipfHelper1(T) * X);
}
static long long zipfRank(long long N, double S, uint64_t H) {
  double HX1 = zipfHInt(1.5, S) - 1, HN = zipfHInt((double)N + 0.5, S);
  double Cut = 2 - zipfHIntInv(zipfHInt(2.5, S) - zipfH(2, S), S);
  for (uint64_t Try = 0;; ++Try) {
    double U = HN + uniform01(splitmix(H + Try)) * (HX1 - HN);
    double X = zipfHIntInv(U, S);
    long long K = std::min(std::max((long long)(X + 0.5), 1LL), N);
    if (K - X <= Cut || U >= zipfHInt((double)K + 0.5, S) - zipfH((double)K, S)) return K;
  }
}

// One draw from the parameter's distribution (A: its arguments at this size),
// keyed by H. Floats are never an exact zero; integers are whole numbers in
// the range.
static double drawValue(int T, int D, const double *A, uint64_t H) {
  double V = 0;
  switch (D) {
  case D_CONSTANT: return A[0];
  case D_ZIPF: return std::ceil(A[0]) + (double)(zipfRank((long long)(std::floor(A[1]) - std::ceil(A[0])) + 1, A[2], H) - 1);
  case D_NORMAL: {
    double U1 = 1.0 - uniform01(H), U2 = uniform01(splitmix(H ^ 0x6E6F726D616CULL));
    V = A[0] + A[1] * std::sqrt(-2.0 * std::log(U1)) * std::cos(6.283185307179586 * U2);
    break;
  }
  case D_TRIANGULAR: {
    double U = uniform01(H), Lo = A[0], Mo = A[1], Hi = A[2];
    V = U < (Mo - Lo) / (Hi - Lo) ? Lo + std::sqrt(U * (Hi - Lo) * (Mo - Lo))
                                  : Hi - std::sqrt((1 - U) * (Hi - Lo) * (Hi - Mo));
    if (!isFloat(T)) return std::min(std::max(std::nearbyint(V), std::ceil(Lo)), std::floor(Hi));
    break;
  }
  default:
    if (!isFloat(T)) {
      long long L = (long long)std::ceil(A[0]), U = (long long)std::floor(A[1]);
      unsigned long long Span = (unsigned long long)(U - L) + 1;
      return (double)(L + (long long)(H % Span));
    }
    V = A[0] + (A[1] - A[0]) * uniform01(H);
  }
  if (V == 0.0) V = 1e-3; // never an exact zero
  return V;
}

// ------------------------------------------------------------------ buffers --
static size_t kGuardBytes = 4096; // 0 under compute-sanitizer (--no-guard)
static const unsigned char kGuardByte = 0xC3;

struct Buf {
  int param;
  long long count;
  void *dev = nullptr;    // count elements + guard
  std::vector<unsigned char> host;     // candidate-typed input values
  std::vector<unsigned char> back;     // read back from the device
  std::vector<unsigned char> first;    // the first of two runs' read-back (twoRuns())
  std::vector<double> refD;            // reference view (floats)
  std::vector<unsigned char> refN;     // reference view (integers, native)
  std::vector<double> prevRef;         // last trial's reference result (stale check)
  void *refPtr() { return isFloat(kParams[param].dtype) ? (void *)refD.data() : (void *)refN.data(); }
};

struct Case {
  const SizeSpec *S;
  std::vector<Buf> bufs;
  double scalars[32];
  void *devPtrs[32];
  void *refPtrs[32];
};

static void allocCase(Case &C, const SizeSpec &S) {
  C.S = &S;
  for (int P = 0; P < kNumParams; ++P) {
    C.devPtrs[P] = nullptr;
    C.refPtrs[P] = nullptr;
    C.scalars[P] = S.scalars[P];
    if (kParams[P].role == R_SCALAR || kParams[P].role == R_STREAM) continue;
    Buf B;
    B.param = P;
    B.count = S.counts[P];
    size_t Bytes = (size_t)B.count * dsize(kParams[P].dtype);
    KL_CHECK(cudaMalloc(&B.dev, std::max<size_t>(Bytes + kGuardBytes, 1)));
    B.host.resize(Bytes);
    B.back.resize(Bytes + kGuardBytes);
    C.bufs.push_back(std::move(B));
  }
  for (auto &B : C.bufs) C.devPtrs[B.param] = B.dev;
}
static void freeCase(Case &C) {
  for (auto &B : C.bufs) cudaFree(B.dev);
  C.bufs.clear();
}

// Fresh inputs for one trial: every input and in-out element and every random
// scalar is drawn from a generator keyed by (seed, parameter, element).
static void drawInputs(Case &C, uint64_t Seed) {
  for (int P = 0; P < kNumParams; ++P)
    if (kParams[P].role == R_SCALAR && kParams[P].random) {
      double V = drawValue(kParams[P].dtype, kParams[P].dist, C.S->dist[P],
                           splitmix(Seed ^ splitmix(0x5CA1A5ull + P)));
      if (kParams[P].dtype == DT_F32) V = (double)(float)V;
      C.scalars[P] = V;
    }
  for (auto &B : C.bufs) {
    const ParamSpec &PS = kParams[B.param];
    if (PS.role == R_OUT) continue;
    uint64_t K = splitmix(Seed ^ splitmix(0xB0F5ull + B.param));
    void *H = B.host.data();
    long long N = B.count;
    const double *A = C.S->dist[B.param];
#pragma omp parallel for schedule(static)
    for (long long I = 0; I < N; ++I)
      setD(PS.dtype, H, (size_t)I, drawValue(PS.dtype, PS.dist, A, splitmix(K + (uint64_t)I)));
  }
}

static void uploadAndPoison(Case &C, int PoisonWhich) {
  for (auto &B : C.bufs) {
    const ParamSpec &PS = kParams[B.param];
    size_t Bytes = (size_t)B.count * dsize(PS.dtype);
    if (PS.role == R_OUT)
      deviceFill(PS.dtype, B.dev, B.count, poisonBits(PS.dtype, PoisonWhich));
    else if (Bytes)
      KL_CHECK(cudaMemcpy(B.dev, B.host.data(), Bytes, cudaMemcpyHostToDevice));
    if (kGuardBytes) KL_CHECK(cudaMemset((char *)B.dev + Bytes, kGuardByte, kGuardBytes));
  }
  KL_CHECK(cudaDeviceSynchronize());
}

// The reference sees inputs as double (float types) or native (integers);
// outputs start at zero, in-out buffers at their input values.
static void runReference(Case &C) {
  for (auto &B : C.bufs) {
    const ParamSpec &PS = kParams[B.param];
    long long N = B.count;
    if (isFloat(PS.dtype)) {
      B.refD.assign((size_t)N, 0.0);
      if (PS.role != R_OUT) {
        const void *H = B.host.data();
        double *D = B.refD.data();
#pragma omp parallel for schedule(static)
        for (long long I = 0; I < N; ++I) D[I] = getD(PS.dtype, H, (size_t)I);
      }
    } else {
      if (PS.role != R_OUT) B.refN = B.host;
      else B.refN.assign(B.host.size(), 0);
    }
    C.refPtrs[B.param] = B.refPtr();
  }
  callReference(C.refPtrs, C.scalars);
}

struct Compare {
  std::string reason; // empty: pass
  double relL2 = 0;
  long long unwritten = 0, nonfinite = 0, inputsModified = 0, guardHits = 0;
};

static double refValue(Buf &B, size_t I) {
  const ParamSpec &PS = kParams[B.param];
  return isFloat(PS.dtype) ? B.refD[I] : getD(PS.dtype, B.refN.data(), I);
}

// An integer output's poison is an ordinary value, so workloads with one run
// every launcher call they check twice on the same inputs, the outputs
// poisoned with each pattern in turn: an element is unwritten only if it kept
// the poison both times, and both runs' values are checked.
static bool twoRuns() {
  for (int P = 0; P < kNumParams; ++P)
    if (kParams[P].role == R_OUT && !isFloat(kParams[P].dtype)) return true;
  return false;
}

static void readBack(Case &C) {
  for (auto &B : C.bufs)
    KL_CHECK(cudaMemcpy(B.back.data(), B.dev, B.back.size(), cudaMemcpyDeviceToHost));
}
// Keeps the read-back as the first of two runs.
static void keepFirst(Case &C) {
  for (auto &B : C.bufs) B.first = B.back;
}

// Checks the read-back buffers (both runs' with Two, the first poisoned with
// pattern PoisonWhich and the second with the other; else one run poisoned
// with PoisonWhich): outputs fully written, finite, within tolerance of the
// reference; the written part of in-out buffers changed where the reference
// changed it; inputs bit-identical; guard bytes after every buffer untouched.
static Compare checkCase(Case &C, int PoisonWhich, bool Two, bool StaleCheck) {
  Compare R;
  std::string First;
  for (auto &B : C.bufs) {
    const ParamSpec &PS = kParams[B.param];
    size_t Bytes = (size_t)B.count * dsize(PS.dtype);
    std::vector<const unsigned char *> Runs = {B.back.data()};
    if (Two) Runs.insert(Runs.begin(), B.first.data());
    for (const unsigned char *Got : Runs) {
      long long Guard = 0;
      for (size_t I = 0; I < kGuardBytes; ++I) Guard += Got[Bytes + I] != kGuardByte;
      if (Guard) {
        R.guardHits += Guard;
        if (First.empty())
          First = fmt("wrote past the end of buffer '%s' (%lld guard bytes after its %lld elements changed)",
                      PS.name, Guard, B.count);
      }
      if (PS.role != R_IN) continue;
      long long Mod = 0, FirstI = -1;
      for (size_t I = 0; I < Bytes; ++I)
        if (Got[I] != B.host[I]) { if (FirstI < 0) FirstI = (long long)(I / dsize(PS.dtype)); ++Mod; }
      if (Mod) {
        R.inputsModified += Mod;
        if (First.empty())
          First = fmt("input buffer '%s' was modified (first changed element %lld); declare it inout if that is intended",
                      PS.name, FirstI);
      }
    }
    if (PS.role == R_IN) continue;
    // Output or in-out.
    int T = PS.dtype;
    long long N = B.count, Written = C.S->written[B.param];
    bool Fl = isFloat(T), Out = PS.role == R_OUT;
    double Tol = PS.tol >= 0 ? PS.tol : kTolerance;
    double Den = 0;
#pragma omp parallel for schedule(static) reduction(+ : Den)
    for (long long I = 0; I < N; ++I) Den += refValue(B, (size_t)I) * refValue(B, (size_t)I);
    // An in-out element kept its input value where the reference moved it by
    // more than the whole buffer's tolerance allows one element: it was not
    // written (with tolerance 0: wherever the reference changed it).
    double Moved = Tol * std::sqrt(Den);
    const unsigned char *G0 = Runs.front(), *G1 = Runs.back();
    uint64_t P0 = poisonBits(T, PoisonWhich), P1 = poisonBits(T, Two ? PoisonWhich ^ 1 : PoisonWhich);
    auto Unwritten = [&](long long I) {
      if (Out) return getBits(T, G0, (size_t)I) == P0 && getBits(T, G1, (size_t)I) == P1;
      if (I >= Written) return false;
      uint64_t In = getBits(T, B.host.data(), (size_t)I);
      return getBits(T, G0, (size_t)I) == In && getBits(T, G1, (size_t)I) == In &&
             std::fabs(getD(T, B.host.data(), (size_t)I) - refValue(B, (size_t)I)) > Moved;
    };
    long long NUnw = 0, NonFinite = 0, FirstUnwritten = -1, FirstNonFinite = -1;
    double Num0 = 0, Num1 = 0;
#pragma omp parallel for schedule(static) reduction(+ : NUnw, NonFinite, Num0, Num1)
    for (long long I = 0; I < N; ++I) {
      if (Unwritten(I)) { ++NUnw; continue; }
      double E = refValue(B, (size_t)I), V0 = getD(T, G0, (size_t)I), V1 = getD(T, G1, (size_t)I);
      if (Fl && !(std::isfinite(V0) && std::isfinite(V1))) { ++NonFinite; continue; }
      Num0 += (V0 - E) * (V0 - E);
      Num1 += (V1 - E) * (V1 - E);
    }
    for (long long I = 0; I < N && ((NUnw && FirstUnwritten < 0) || (NonFinite && FirstNonFinite < 0)); ++I) {
      bool U = Unwritten(I);
      if (U && FirstUnwritten < 0) FirstUnwritten = I;
      if (!U && Fl && FirstNonFinite < 0 &&
          !(std::isfinite(getD(T, G0, (size_t)I)) && std::isfinite(getD(T, G1, (size_t)I))))
        FirstNonFinite = I;
    }
    // The worse run is the one reported.
    const unsigned char *Got = Num0 > Num1 ? G0 : G1;
    double Num = std::max(Num0, Num1);
    double Rel = Den > 0 ? std::sqrt(Num / Den) : std::sqrt(Num);
    R.relL2 = std::max(R.relL2, Rel);
    R.unwritten += NUnw;
    R.nonfinite += NonFinite;
    if (First.empty() && NUnw)
      First = Out ? fmt("%lld of %lld elements of output '%s' were not written (poison left%s; first at index %lld)",
                        NUnw, N, PS.name, Two ? " in both runs, with either poison pattern" : "", FirstUnwritten)
                  : fmt("%lld of the %lld written elements of in-out buffer '%s' were not written (left at their "
                        "input value where the reference changed it; first at index %lld)",
                        NUnw, Written, PS.name, FirstUnwritten);
    if (First.empty() && NonFinite)
      First = fmt("%lld elements of output '%s' are NaN or Inf (first at index %lld)", NonFinite, PS.name,
                  FirstNonFinite);
    if (First.empty() && !(Rel <= Tol)) {
      double MaxAbs = 0;
      long long MaxAt = -1;
      for (long long I = 0; I < N; ++I) {
        double D = std::fabs(getD(T, Got, (size_t)I) - refValue(B, (size_t)I));
        if (D > MaxAbs) { MaxAbs = D; MaxAt = I; }
      }
      std::string Stale;
      if (StaleCheck && B.prevRef.size() == (size_t)N) {
        double SN = 0, SD = 0;
#pragma omp parallel for schedule(static) reduction(+ : SN, SD)
        for (long long I = 0; I < N; ++I) {
          double D = getD(T, Got, (size_t)I) - B.prevRef[I];
          SN += D * D;
          SD += B.prevRef[I] * B.prevRef[I];
        }
        double SR = SD > 0 ? std::sqrt(SN / SD) : std::sqrt(SN);
        if (SR <= Tol) Stale = " -- it matches the PREVIOUS trial's result: a stale output from an earlier run";
      }
      First = fmt("output '%s' is wrong%s: relative L2 error %.3e > tolerance %.1e (largest error %.4g at index %lld: got %.8g, expected %.8g)%s",
                  PS.name, Two ? (Got == G0 ? " in the first of two runs" : " in the second of two runs") : "",
                  Rel, Tol, MaxAbs, MaxAt, MaxAt >= 0 ? getD(T, Got, (size_t)MaxAt) : 0.0,
                  MaxAt >= 0 ? refValue(B, (size_t)MaxAt) : 0.0, Stale.c_str());
    }
  }
  R.reason = First;
  return R;
}

static void rememberRefs(Case &C) {
  for (auto &B : C.bufs) {
    const ParamSpec &PS = kParams[B.param];
    if (PS.role == R_IN) continue;
    B.prevRef.resize((size_t)B.count);
    for (long long I = 0; I < B.count; ++I) B.prevRef[I] = refValue(B, (size_t)I);
  }
}

// ---------------------------------------------------------------- device --
struct DeviceInfo {
  std::string name;
  int cc = 0, sms = 0, l2 = 0, clockKHz = 0, memClockKHz = 0, busWidth = 0;
  size_t totalMem = 0;
  double peakBw = 0, peakFp32 = 0, peakCompute = 0;
  bool peakBwFromCopy = false;
  int driver = 0, runtime = 0;
};
static DeviceInfo gDev;

static double peakFlops(const char *Kind) {
  // FLOP per clock per SM (dense), from the architecture guides.
  double PerSm = 256; // fp32: 128 FMA lanes
  bool Hopper = gDev.cc == 90, Ampere = gDev.cc == 80;
  std::string K = Kind;
  if (K == "fp64") PerSm = (Hopper || Ampere) ? 128 : 4;
  else if (K == "tf32") PerSm = Hopper ? 2048 : Ampere ? 1024 : 512;
  else if (K == "fp16" || K == "bf16") PerSm = Hopper ? 4096 : Ampere ? 2048 : 1024;
  else if (K == "int32") PerSm = 128;
  return PerSm * gDev.sms * (double)gDev.clockKHz * 1e3;
}

cudaStream_t gStreams[32];
static cudaEvent_t gStreamDone[32];

// One non-blocking stream per stream parameter, like a framework's: it does
// not synchronize with the legacy default stream, so work the launcher puts on
// it is ordered before the marker only through the join in callOnce().
static void createStreams() {
  for (int P = 0; P < kNumParams; ++P)
    if (kParams[P].role == R_STREAM) {
      KL_CHECK(cudaStreamCreateWithFlags(&gStreams[P], cudaStreamNonBlocking));
      KL_CHECK(cudaEventCreateWithFlags(&gStreamDone[P], cudaEventDisableTiming));
    }
}

static int probeDevice() {
  int N = 0;
  cudaError_t E = cudaGetDeviceCount(&N);
  if (E != cudaSuccess || N == 0) {
    emitLine(fmt("{\"event\":\"nogpu\",\"reason\":\"%s\"}",
                 jsonEscape(E != cudaSuccess ? std::string("cudaGetDeviceCount: ") + cudaGetErrorName(E) + " (" +
                                                   cudaGetErrorString(E) + ")"
                                             : std::string("no CUDA device")).c_str()));
    return 3;
  }
  KL_CHECK(cudaSetDevice(0));
  cudaDeviceProp P;
  KL_CHECK(cudaGetDeviceProperties(&P, 0));
  gDev.name = P.name;
  gDev.cc = P.major * 10 + P.minor;
  gDev.sms = P.multiProcessorCount;
  gSMs = gDev.sms;
  gDev.l2 = P.l2CacheSize;
  gDev.totalMem = P.totalGlobalMem;
  cudaDeviceGetAttribute(&gDev.clockKHz, cudaDevAttrClockRate, 0);
  cudaDeviceGetAttribute(&gDev.memClockKHz, cudaDevAttrMemoryClockRate, 0);
  cudaDeviceGetAttribute(&gDev.busWidth, cudaDevAttrGlobalMemoryBusWidth, 0);
  cudaGetLastError();
  gDev.peakBw = 2.0 * gDev.memClockKHz * 1e3 * (gDev.busWidth / 8.0);
  if (gDev.peakBw <= 0) gDev.peakBwFromCopy = true; // filled in from the measured copy (profile)
  gDev.peakFp32 = peakFlops("fp32");
  gDev.peakCompute = peakFlops(kComputePeak);
  klineage_drv_marker<<<1, 1>>>(); // loaded and launched once before any candidate call
  KL_CHECK(cudaDeviceSynchronize());
  createStreams();
  cudaDriverGetVersion(&gDev.driver);
  cudaRuntimeGetVersion(&gDev.runtime);
  emitLine(fmt("{\"event\":\"device\",\"name\":\"%s\",\"cc\":%d,\"sms\":%d,\"l2_bytes\":%d,\"clock_khz\":%d,"
               "\"mem_clock_khz\":%d,\"bus_width_bits\":%d,\"total_mem\":%zu,\"peak_bw_theoretical\":%.6g,"
               "\"peak_fp32_theoretical\":%.6g,\"peak_compute_theoretical\":%.6g,\"compute_kind\":\"%s\","
               "\"driver\":%d,\"runtime\":%d}",
               jsonEscape(gDev.name).c_str(), gDev.cc, gDev.sms, gDev.l2, gDev.clockKHz, gDev.memClockKHz,
               gDev.busWidth, gDev.totalMem, gDev.peakBw, gDev.peakFp32, gDev.peakCompute, kComputePeak,
               gDev.driver, gDev.runtime));
  return 0;
}

// ------------------------------------------------------------ correctness --
static uint64_t gSeed = 1;
static double gCallTimeout = 20;

// After the launcher returned and our marker (on the legacy default stream)
// finished: every kernel the launcher started must have ended before the
// marker began, i.e. the launcher's work is ordered before whatever the
// caller does next on the default stream. Returns a reason or "".
static std::string orderingCheck(uint64_t CallStart, int &Kernels) {
  Kernels = 0;
  if (!gCupti) return "";
  const Rec *Marker = nullptr;
  std::vector<Rec> Recs;
  for (int Try = 0; Try < 50; ++Try) {
    cuptiFlush();
    Recs = recordsSnapshot();
    Marker = nullptr;
    for (auto &R : Recs)
      if (R.kind == 0 && R.start >= CallStart && R.name.find("klineage_drv_marker") != std::string::npos &&
          (!Marker || R.start < Marker->start))
        Marker = &R;
    if (Marker) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (!Marker) {
    emitLine("{\"event\":\"warning\",\"what\":\"CUPTI delivered no marker record; ordering check skipped\"}");
    return "";
  }
  for (auto &R : Recs) {
    if (R.kind != 0 || R.mine || R.start < CallStart) continue;
    ++Kernels;
    if (R.end > Marker->start + 2000)
      return fmt("kernel '%s' (stream %u) ran until %.3f ms after the launcher's return was followed by work on "
                 "the default stream: the launcher returned with work not ordered before the default stream "
                 "(side stream without a join, or work left running)",
                 R.name.c_str(), R.stream, (double)(R.end - Marker->start) * 1e-6);
  }
  return "";
}

static void callOnce(Case &C, const std::string &Where) {
  arm("the launcher call did not return within " + fmt("%.0f", gCallTimeout) + " s (" + Where + ")", gCallTimeout);
  callLauncher(C.devPtrs, C.scalars);
  cudaError_t E = cudaGetLastError();
  if (E != cudaSuccess)
    reject(fmt("CUDA error %s (%s) right after the launcher returned (%s)", cudaGetErrorName(E),
               cudaGetErrorString(E), Where.c_str()));
  // The caller's next work on the stream it passed comes after the launcher's
  // work there: the marker waits for each passed stream. Work on any other
  // stream must already be ordered before the legacy default stream.
  for (int P = 0; P < kNumParams; ++P)
    if (kParams[P].role == R_STREAM) {
      KL_CHECK(cudaEventRecord(gStreamDone[P], gStreams[P]));
      KL_CHECK(cudaStreamWaitEvent(0, gStreamDone[P], 0));
    }
  klineage_drv_marker<<<1, 1>>>();
  E = cudaGetLastError();
  if (E != cudaSuccess)
    reject(fmt("CUDA error %s (%s) after the launcher (%s)", cudaGetErrorName(E), cudaGetErrorString(E),
               Where.c_str()));
  arm("the launcher's work on the default stream did not finish within " + fmt("%.0f", gCallTimeout) +
          " s (hang; " + Where + ")",
      gCallTimeout);
  E = cudaStreamSynchronize(0);
  if (E != cudaSuccess)
    reject(fmt("CUDA error %s (%s) while the launcher's work ran (%s)", cudaGetErrorName(E),
               cudaGetErrorString(E), Where.c_str()));
  arm("work still running 3 s after the launcher returned and the default stream was idle: the launcher left "
      "work running (persistent or side-stream kernel; " + Where + ")",
      3);
  E = cudaDeviceSynchronize();
  if (E != cudaSuccess)
    reject(fmt("CUDA error %s (%s) in work the launcher left running (%s)", cudaGetErrorName(E),
               cudaGetErrorString(E), Where.c_str()));
  disarm();
}

// One launcher call with its ordering check; returns the kernels it started.
static int callAndOrder(Case &C, const std::string &Where) {
  // Every earlier record was delivered by the forced flush after the last
  // idle device; from here on the buffer holds this call's records only
  // (so no timestamp base needs to be shared with the host clock).
  cuptiFlush();
  clearRecords();
  callOnce(C, Where);
  int Kernels = 0;
  std::string Order = orderingCheck(0, Kernels);
  if (!Order.empty()) reject(Order + " (" + Where + ")");
  return Kernels;
}

static int runCheck(const std::vector<int> &Sizes, int TrialsOverride) {
  gStage = "correctness";
  int TotalTrials = 0;
  for (int SI : Sizes) {
    const SizeSpec &S = kSizes[SI];
    Case C;
    allocCase(C, S);
    int Trials = TrialsOverride > 0 ? TrialsOverride : S.trials;
    for (int T = 0; T < Trials; ++T) {
      uint64_t Seed = splitmix(gSeed ^ splitmix(0x7121A1ull + (uint64_t)SI * 1000003ull + (uint64_t)T));
      drawInputs(C, Seed);
      int Which = (T + SI) & 1;
      uploadAndPoison(C, Which);
      std::string Where = fmt("size %s, trial %d", S.label, T);
      emitLine(fmt("{\"event\":\"call\",\"size\":\"%s\",\"trial\":%d,\"seed\":%llu}", S.label, T,
                   (unsigned long long)Seed));
      auto W0 = std::chrono::steady_clock::now();
      int Kernels = callAndOrder(C, Where);
      bool Two = twoRuns();
      if (Two) {
        readBack(C);
        keepFirst(C);
        uploadAndPoison(C, Which ^ 1);
        Kernels += callAndOrder(C, Where + ", second run");
      }
      double WallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - W0).count();
      readBack(C);
      runReference(C);
      Compare R = checkCase(C, Which, Two, T > 0);
      emitLine(fmt("{\"event\":\"trial\",\"size\":\"%s\",\"trial\":%d,\"ok\":%s,\"rel_l2\":%.6g,\"unwritten\":%lld,"
                   "\"nonfinite\":%lld,\"inputs_modified\":%lld,\"guard_bytes\":%lld,\"kernels\":%d,\"wall_ms\":%.3f,"
                   "\"reason\":\"%s\"}",
                   S.label, T, R.reason.empty() ? "true" : "false", R.relL2, R.unwritten, R.nonfinite,
                   R.inputsModified, R.guardHits, Kernels, WallMs, jsonEscape(R.reason).c_str()));
      if (!R.reason.empty()) reject(R.reason + " (" + Where + ")");
      if (gCupti && Kernels == 0)
        emitLine(fmt("{\"event\":\"warning\",\"what\":\"no kernel recorded for the launcher call (%s)\"}",
                     Where.c_str()));
      rememberRefs(C);
      ++TotalTrials;
    }
    freeCase(C);
  }
  verdictAndExit(true, fmt("%d trials over %zu sizes passed", TotalTrials, Sizes.size()), 0);
  return 0;
}

// --------------------------------------------------------------- profile --
static double pct(std::vector<double> V, double P) {
  if (V.empty()) return 0;
  std::sort(V.begin(), V.end());
  double X = P * (V.size() - 1);
  size_t I = (size_t)X;
  double F = X - I;
  return I + 1 < V.size() ? V[I] * (1 - F) + V[I + 1] * F : V[I];
}

// Device-to-device copy bandwidth (read + write), one value per copy.
static std::vector<double> measureCopyBw(int Copies) {
  size_t Bytes = std::min<size_t>((size_t)1 << 30, gDev.totalMem / 8);
  void *A = nullptr, *B = nullptr;
  KL_CHECK(cudaMalloc(&A, Bytes));
  KL_CHECK(cudaMalloc(&B, Bytes));
  KL_CHECK(cudaMemset(A, 1, Bytes));
  cudaEvent_t E0, E1;
  KL_CHECK(cudaEventCreate(&E0));
  KL_CHECK(cudaEventCreate(&E1));
  std::vector<double> Bw;
  for (int I = 0; I < Copies + 2; ++I) { // the first two warm up
    KL_CHECK(cudaEventRecord(E0));
    KL_CHECK(cudaMemcpyAsync(B, A, Bytes, cudaMemcpyDeviceToDevice));
    KL_CHECK(cudaEventRecord(E1));
    KL_CHECK(cudaEventSynchronize(E1));
    float T = 0;
    KL_CHECK(cudaEventElapsedTime(&T, E0, E1));
    if (I >= 2 && T > 0) Bw.push_back(2.0 * Bytes / (T * 1e-3));
  }
  cudaFree(A);
  cudaFree(B);
  return Bw;
}

static double measureFp32() {
  float *Out = nullptr;
  KL_CHECK(cudaMalloc(&Out, 16));
  int Blocks = gDev.sms * 8, Threads = 256, Iters = 8192;
  cudaEvent_t E0, E1;
  KL_CHECK(cudaEventCreate(&E0));
  KL_CHECK(cudaEventCreate(&E1));
  std::vector<double> Ms;
  for (int I = 0; I < 6; ++I) {
    KL_CHECK(cudaEventRecord(E0));
    klineage_drv_fma<<<Blocks, Threads>>>(Out, Iters, 1.0f);
    KL_CHECK(cudaEventRecord(E1));
    KL_CHECK(cudaEventSynchronize(E1));
    float T = 0;
    KL_CHECK(cudaEventElapsedTime(&T, E0, E1));
    if (I >= 2) Ms.push_back(T);
  }
  cudaFree(Out);
  double Flops = (double)Blocks * Threads * Iters * 8 * 2;
  double Med = pct(Ms, 0.5);
  return Med > 0 ? Flops / (Med * 1e-3) : 0;
}

// The ceilings, measured once per gate invocation (mode `ceilings`) and
// handed to every profile run, so that the "% of copy bandwidth" figures of
// one invocation share one denominator.
static int runCeilings() {
  gStage = "ceilings";
  std::vector<double> Bw = measureCopyBw(15);
  double Fp32 = measureFp32();
  double Med = pct(Bw, 0.5);
  emitLine(fmt("{\"event\":\"ceilings\",\"copy_bw_measured\":%.6g,\"copy_bw_p10\":%.6g,\"copy_bw_p90\":%.6g,"
               "\"copy_bw_min\":%.6g,\"copy_bw_max\":%.6g,\"copy_bw_spread_pct\":%.4g,\"copy_bw_copies\":%zu,"
               "\"fp32_measured\":%.6g}",
               Med, pct(Bw, 0.1), pct(Bw, 0.9), pct(Bw, 0), pct(Bw, 1),
               Med > 0 ? 100.0 * (pct(Bw, 0.9) - pct(Bw, 0.1)) / Med : 0, Bw.size(), Fp32));
  verdictAndExit(Med > 0, fmt("copy bandwidth %.0f GB/s (median of %zu copies)", Med / 1e9, Bw.size()), Med > 0 ? 0 : 4);
  return 0;
}

static int runProfile(int SI, int Warmup, int Iters, double CopyBw, double Fp32) {
  gStage = "profile";
  if (!gCupti) {
    emitLine("{\"event\":\"error\",\"what\":\"CUPTI activity tracing could not be enabled\"}");
    verdictAndExit(false, "gate: CUPTI activity tracing unavailable; cannot profile", 4);
  }
  const SizeSpec &S = kSizes[SI];
  // Without the invocation's ceilings (a hand-run driver) this run measures its own.
  if (CopyBw <= 0) CopyBw = pct(measureCopyBw(15), 0.5);
  if (Fp32 <= 0) Fp32 = measureFp32();
  if (gDev.peakBwFromCopy) gDev.peakBw = CopyBw * 1.15; // no memory clock attribute: copy + 15%

  Case C;
  allocCase(C, S);
  uint64_t Seed = splitmix(gSeed ^ 0x9F0F11Eull ^ (uint64_t)SI);
  drawInputs(C, Seed);
  uploadAndPoison(C, 0);
  runReference(C);
  // Originals of in-out buffers, restored before every call.
  std::vector<void *> Saved(C.bufs.size(), nullptr);
  for (size_t I = 0; I < C.bufs.size(); ++I)
    if (kParams[C.bufs[I].param].role == R_INOUT) {
      size_t Bytes = (size_t)C.bufs[I].count * dsize(kParams[C.bufs[I].param].dtype);
      KL_CHECK(cudaMalloc(&Saved[I], std::max<size_t>(Bytes, 1)));
      KL_CHECK(cudaMemcpy(Saved[I], C.bufs[I].dev, Bytes, cudaMemcpyDeviceToDevice));
    }
  long long FlushN = std::max<long long>(2LL * gDev.l2, 64LL << 20) / 4;
  unsigned int *Flush = nullptr;
  KL_CHECK(cudaMalloc(&Flush, FlushN * 4));

  int Total = Warmup + Iters;
  // Three timed calls are verified (the first, the middle, the last); with
  // integer outputs each together with the call before it, which had the
  // other poison pattern (twoRuns()).
  bool Two = twoRuns();
  std::vector<int> Verify = {Warmup + (Two ? 1 : 0), Warmup + Iters / 2, Total - 1};
  auto Verified = [&](int I) { return std::find(Verify.begin(), Verify.end(), I) != Verify.end(); };
  for (int I = 0; I < Total; ++I) {
    int Which = I & 1;
    for (size_t B = 0; B < C.bufs.size(); ++B) {
      const ParamSpec &PS = kParams[C.bufs[B].param];
      size_t Bytes = (size_t)C.bufs[B].count * dsize(PS.dtype);
      if (PS.role == R_INOUT && Bytes)
        KL_CHECK(cudaMemcpyAsync(C.bufs[B].dev, Saved[B], Bytes, cudaMemcpyDeviceToDevice, 0));
      if (PS.role == R_OUT) deviceFill(PS.dtype, C.bufs[B].dev, C.bufs[B].count, poisonBits(PS.dtype, Which));
    }
    int G, Bk;
    launchDims(FlushN, G, Bk);
    klineage_drv_flush<<<G, Bk>>>(Flush, FlushN, (unsigned int)I);
    KL_CHECK(cudaGetLastError());
    KL_CHECK(cudaStreamSynchronize(0));
    std::string Where = fmt("profile size %s, call %d", S.label, I);
    callOnce(C, Where);
    if (Verified(I) || (Two && Verified(I + 1))) readBack(C);
    if (Verified(I)) {
      Compare R = checkCase(C, Two ? Which ^ 1 : Which, Two, false);
      emitLine(fmt("{\"event\":\"verify\",\"call\":%d,\"ok\":%s,\"rel_l2\":%.6g,\"reason\":\"%s\"}", I,
                   R.reason.empty() ? "true" : "false", R.relL2, jsonEscape(R.reason).c_str()));
      if (!R.reason.empty()) reject("timed call " + std::to_string(I) + " returned a wrong result: " + R.reason);
    }
    if (Two && Verified(I + 1)) keepFirst(C);
  }
  arm("device did not go idle after the timed calls", 10);
  KL_CHECK(cudaDeviceSynchronize());
  disarm();
  cuptiFlush();
  std::vector<Rec> Recs = recordsSnapshot();
  std::vector<const Rec *> Flushes, Markers;
  for (auto &R : Recs)
    if (R.kind == 0 && R.mine) {
      if (R.name.find("klineage_drv_flush") != std::string::npos) Flushes.push_back(&R);
      if (R.name.find("klineage_drv_marker") != std::string::npos) Markers.push_back(&R);
    }
  auto ByStart = [](const Rec *A, const Rec *B) { return A->start < B->start; };
  std::sort(Flushes.begin(), Flushes.end(), ByStart);
  std::sort(Markers.begin(), Markers.end(), ByStart);
  if ((int)Flushes.size() != Total || (int)Markers.size() < Total)
    verdictAndExit(false, fmt("gate: CUPTI delivered %zu flush and %zu marker records for %d calls (%lld dropped)",
                              Flushes.size(), Markers.size(), Total, gDropped.load()), 4);
  // Markers: drop those of measureCopyBw etc. (none) -- keep the first marker after each flush.
  std::vector<const Rec *> M(Total, nullptr);
  for (int I = 0; I < Total; ++I)
    for (auto *R : Markers)
      if (R->start >= Flushes[I]->end && (I + 1 == Total || R->start < Flushes[I + 1]->start)) { M[I] = R; break; }
  std::vector<double> Sum(Total, 0), Span(Total, 0);
  std::vector<int> NRec(Total, 0); // timed records per call: kernels, copies, memsets
  std::vector<uint64_t> Lo(Total, UINT64_MAX), Hi(Total, 0);
  std::vector<std::pair<std::string, int>> Names;
  std::string Violation;
  long long Unattributed = 0;
  for (auto &R : Recs) {
    if (R.mine) continue;
    int Call = -1;
    for (int I = 0; I < Total; ++I)
      if (R.start >= Flushes[I]->end && (I + 1 == Total || R.start < Flushes[I + 1]->start)) { Call = I; break; }
    if (Call < 0) { if (R.kind == 0) ++Unattributed; continue; }
    if (!M[Call]) continue;
    if (R.kind != 0 && R.start >= M[Call]->start) continue; // our own verification copies
    if (R.kind == 0 && R.end > M[Call]->start + 2000 && Violation.empty())
      Violation = fmt("kernel '%s' (stream %u) of call %d was still running when the default stream moved on "
                      "(launcher returned with unordered work)", R.name.c_str(), R.stream, Call);
    Sum[Call] += (double)(R.end - R.start) * 1e-6;
    Lo[Call] = std::min(Lo[Call], R.start);
    Hi[Call] = std::max(Hi[Call], R.end);
    ++NRec[Call];
    if (Call == Total - 1) {
      bool Found = false;
      for (auto &N : Names) if (N.first == R.name) { ++N.second; Found = true; }
      if (!Found) Names.push_back({R.name, 1});
    }
  }
  for (int I = 0; I < Total; ++I) Span[I] = Hi[I] > Lo[I] ? (double)(Hi[I] - Lo[I]) * 1e-6 : 0;
  std::vector<double> T(Sum.begin() + Warmup, Sum.end()), SP(Span.begin() + Warmup, Span.end());
  int Empty = 0;
  for (int I = Warmup; I < Total; ++I) Empty += NRec[I] == 0;
  double Med = pct(T, 0.5), P10 = pct(T, 0.1), P90 = pct(T, 0.9), Q1 = pct(T, 0.25), Q3 = pct(T, 0.75);
  double Mn = *std::min_element(T.begin(), T.end()), Mx = *std::max_element(T.begin(), T.end());
  double FloorBytes = gDev.peakBw > 0 ? S.bytes / gDev.peakBw * 1e3 : 0;
  double FloorFlops = gDev.peakCompute > 0 ? S.flops / gDev.peakCompute * 1e3 : 0;
  double Floor = std::max(FloorBytes, FloorFlops);
  double Gbs = Med > 0 ? S.bytes / (Med * 1e-3) / 1e9 : 0, Tfl = Med > 0 ? S.flops / (Med * 1e-3) / 1e12 : 0;
  std::string KN;
  for (auto &N : Names) KN += fmt("%s{\"name\":\"%s\",\"count\":%d}", KN.empty() ? "" : ",", jsonEscape(N.first).c_str(), N.second);
  std::string Samples;
  for (double X : T) Samples += fmt("%s%.5f", Samples.empty() ? "" : ",", X);
  emitLine(fmt("{\"event\":\"profile\",\"size\":\"%s\",\"warmup\":%d,\"iters\":%d,\"median_ms\":%.6f,\"p10_ms\":%.6f,"
               "\"p90_ms\":%.6f,\"q1_ms\":%.6f,\"q3_ms\":%.6f,\"min_ms\":%.6f,\"max_ms\":%.6f,\"span_median_ms\":%.6f,"
               "\"kernels_per_call\":%d,\"empty_calls\":%d,\"unattributed_kernels\":%lld,\"flops\":%.6g,\"bytes\":%.6g,"
               "\"tflops\":%.6g,\"gbs\":%.6g,\"floor_ms\":%.6f,\"floor_bytes_ms\":%.6f,\"floor_flops_ms\":%.6f,"
               "\"pct_peak_bw\":%.4g,\"pct_copy_bw\":%.4g,\"pct_peak_compute\":%.4g,\"pct_fp32_measured\":%.4g,"
               "\"copy_bw_measured\":%.6g,\"fp32_measured\":%.6g,\"peak_bw_theoretical\":%.6g,"
               "\"peak_compute_theoretical\":%.6g,\"dropped_records\":%lld,\"kernels\":[%s],\"samples_ms\":[%s]}",
               S.label, Warmup, Iters, Med, P10, P90, Q1, Q3, Mn, Mx, pct(SP, 0.5), NRec[Total - 1], Empty,
               Unattributed, S.flops, S.bytes, Tfl, Gbs, Floor, FloorBytes, FloorFlops,
               gDev.peakBw > 0 ? 100.0 * S.bytes / (Med * 1e-3) / gDev.peakBw : 0,
               CopyBw > 0 ? 100.0 * S.bytes / (Med * 1e-3) / CopyBw : 0,
               gDev.peakCompute > 0 ? 100.0 * S.flops / (Med * 1e-3) / gDev.peakCompute : 0,
               Fp32 > 0 ? 100.0 * S.flops / (Med * 1e-3) / Fp32 : 0, CopyBw, Fp32, gDev.peakBw,
               gDev.peakCompute, gDropped.load(), KN.c_str(), Samples.c_str()));
  if (!Violation.empty()) reject(Violation);
  if (Empty > 0)
    reject(fmt("impossible time: %d of %d timed calls started no GPU work at all, yet the output was correct "
               "(work done outside the launcher call)", Empty, Iters));
  if (Floor > 0 && Med < Floor)
    reject(fmt("impossible time: median %.4f ms is below the physical floor %.4f ms (%s: %.4g %s at the "
               "theoretical peak %.4g) -- work skipped, memoized or done outside the timed calls",
               Med, Floor, FloorBytes >= FloorFlops ? "bytes" : "flops",
               FloorBytes >= FloorFlops ? S.bytes : S.flops, FloorBytes >= FloorFlops ? "B" : "FLOP",
               FloorBytes >= FloorFlops ? gDev.peakBw : gDev.peakCompute));
  if (Unattributed > 0)
    reject(fmt("%lld candidate kernel(s) ran outside any launcher call window", Unattributed));
  verdictAndExit(true, fmt("median %.4f ms over %d calls", Med, Iters), 0);
  return 0;
}

// ------------------------------------------------------------------ main --
static int driverMain(int Argc, char **Argv) {
  std::string Mode = Argc > 1 ? Argv[1] : "";
  std::string OutPath, SizesArg = "all";
  int Trials = 0, Warmup = 5, Iters = 50, ProfileSize = -1;
  double CopyBw = 0, Fp32 = 0;
  bool NoCupti = false;
  for (int I = 2; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Val = [&](const char *K) -> const char * {
      size_t L = strlen(K);
      return A.compare(0, L, K) == 0 ? Argv[I] + L : nullptr;
    };
    if (const char *V = Val("--out=")) OutPath = V;
    else if (const char *V = Val("--seed=")) gSeed = strtoull(V, nullptr, 10);
    else if (const char *V = Val("--sizes=")) SizesArg = V;
    else if (const char *V = Val("--trials=")) Trials = atoi(V);
    else if (const char *V = Val("--warmup=")) Warmup = atoi(V);
    else if (const char *V = Val("--iters=")) Iters = atoi(V);
    else if (const char *V = Val("--size=")) ProfileSize = atoi(V);
    else if (const char *V = Val("--call-timeout=")) gCallTimeout = atof(V);
    else if (const char *V = Val("--copy-bw=")) CopyBw = atof(V);
    else if (const char *V = Val("--fp32=")) Fp32 = atof(V);
    else if (A == "--no-cupti") NoCupti = true;
    else if (A == "--no-guard") kGuardBytes = 0;
    else { fprintf(stderr, "driver: unknown argument '%s'\n", A.c_str()); return 2; }
  }
  if (!OutPath.empty()) {
    gOut = fopen(OutPath.c_str(), "a");
    if (!gOut) { perror("driver: --out"); return 2; }
  }
  if (Mode != "probe" && Mode != "check" && Mode != "profile" && Mode != "ceilings") {
    fprintf(stderr, "usage: driver probe|ceilings|check|profile [--out=F] [--seed=S] [--sizes=all|check|I,J] [--trials=T]"
                    " [--size=I --warmup=W --iters=N [--copy-bw=B/S --fp32=FLOP/S]] [--call-timeout=S] [--no-cupti]\n");
    return 2;
  }
  // Load every module at context creation. With lazy loading (CUDA's default)
  // the first launch of one of our kernels can wait for whatever the candidate
  // left running, which would disguise "left running" as a hang (seen on the
  // H200, 2026-12-02), and the candidate's first call would pay for loading.
  setenv("CUDA_MODULE_LOADING", "EAGER", 1);
  std::thread(watchdogLoop).detach();
  // CUPTI before the first CUDA call, so every context is traced.
  if (!NoCupti && Mode != "probe" && Mode != "ceilings") gCupti = cuptiStart(Mode == "profile");
  emitLine(fmt("{\"event\":\"start\",\"mode\":\"%s\",\"workload\":\"%s\",\"cupti\":%s,\"seed\":%llu}", Mode.c_str(),
               kWorkload, gCupti ? "true" : "false", (unsigned long long)gSeed));
  arm("device initialisation", 60);
  int Rc = probeDevice();
  disarm();
  if (Rc) { if (gOut) fclose(gOut); return Rc; }
  if (Mode == "probe") { if (gOut) fclose(gOut); return 0; }
  if (Mode == "ceilings") return runCeilings();
  if (Mode == "check") {
    std::vector<int> Sizes;
    if (SizesArg == "all") for (int I = 0; I < kNumSizes; ++I) Sizes.push_back(I);
    else if (SizesArg == "check") { for (int I = 0; I < kNumSizes; ++I) if (!kSizes[I].profile) Sizes.push_back(I); }
    else {
      const char *P = SizesArg.c_str();
      while (*P) { Sizes.push_back(atoi(P)); while (*P && *P != ',') ++P; if (*P) ++P; }
    }
    for (int I : Sizes)
      if (I < 0 || I >= kNumSizes) { fprintf(stderr, "driver: bad size index %d\n", I); return 2; }
    return runCheck(Sizes, Trials);
  }
  if (ProfileSize < 0 || ProfileSize >= kNumSizes) { fprintf(stderr, "driver: profile needs --size=I\n"); return 2; }
  return runProfile(ProfileSize, Warmup, Iters, CopyBw, Fp32);
}

} // namespace kldrv
