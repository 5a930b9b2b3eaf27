//===- SharedMemoryTest.cpp - lib/Analysis: shared sizes, limits, banks ---===//
#include "klineage/Analysis/SharedMemory.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace klineage;
using namespace klineage::analysis;

namespace {

TEST(SharedMemory, BankConflictDegrees) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *out, int n) {
      __shared__ float tile[32][32];
      __shared__ float pad[32][33];
      __shared__ double d[64];
      __shared__ float4 v[64];
      __shared__ char c[128];
      int tx = threadIdx.x, ty = threadIdx.y;
      tile[ty][tx] = out[tx];
      pad[ty][tx] = out[tx];
      __syncthreads();
      int i = (int)out[tx];
      float p_row = tile[threadIdx.y][threadIdx.x];
      float p_col = tile[tx][ty];
      float p_pad = pad[threadIdx.x][threadIdx.y];
      float p_bcast = tile[ty][n];
      double p_d1 = d[threadIdx.x];
      double p_d2 = d[2 * threadIdx.x];
      float4 p_v1 = v[threadIdx.x];
      float4 p_v2 = v[threadIdx.x * 2];
      char p_c = c[threadIdx.x];
      float p_var = tile[i][threadIdx.x];
      float p_quad = tile[0][threadIdx.x * threadIdx.x];
      out[tx] = p_row + p_col + p_pad + p_bcast + p_d1 + p_d2 + p_v1.x + p_v2.x + p_c + p_var + p_quad;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  Uniformity U(Ctx, test::functionNamed(Ctx, "k"));
  SharedBanks Banks(Ctx, U);
  auto Degree = [&](llvm::StringRef Name) -> std::optional<unsigned> {
    auto A = Banks.access(test::initOf(Ctx, Name));
    EXPECT_TRUE(A) << Name.str();
    return A ? Banks.conflict(*A).Degree : std::nullopt;
  };
  EXPECT_EQ(Degree("p_row"), 1u);
  EXPECT_EQ(Degree("p_col"), 32u) << "column of float[32][32], through locals";
  EXPECT_EQ(Degree("p_pad"), 1u) << "float[32][33]: padding";
  EXPECT_EQ(Degree("p_bcast"), 1u) << "same word for every lane";
  EXPECT_EQ(Degree("p_d1"), 1u);
  EXPECT_EQ(Degree("p_d2"), 2u);
  EXPECT_EQ(Degree("p_v1"), 1u);
  EXPECT_EQ(Degree("p_v2"), 2u);

  auto Row = Banks.access(test::initOf(Ctx, "p_row"));
  ASSERT_TRUE(Row && Row->Words);
  EXPECT_EQ(Row->Array->getName(), "tile");
  EXPECT_EQ(Row->ElemBytes, 4u);
  EXPECT_EQ(Row->Words->Terms.size(), 2u); // 32*threadIdx.y + threadIdx.x
  EXPECT_EQ(Row->Words->Terms.at(Monomial{"b:threadIdx.y"}), 32);
  EXPECT_EQ(Banks.conflict(*Row).LaneStride, 1);
  auto Pad = Banks.access(test::initOf(Ctx, "p_pad"));
  EXPECT_EQ(Banks.conflict(*Pad).LaneStride, 33);

  auto C = Banks.access(test::initOf(Ctx, "p_c"));
  ASSERT_TRUE(C);
  EXPECT_FALSE(C->Words) << "no word form for 1-byte elements";
  EXPECT_EQ(Banks.conflict(*C).Degree, 1u) << "four lanes share each word: no conflict";
  BankConflict Var = Banks.conflict(*Banks.access(test::initOf(Ctx, "p_var")));
  EXPECT_FALSE(Var.Degree);
  EXPECT_NE(Var.Why.find("differs between lanes"), std::string::npos) << Var.Why;
  EXPECT_TRUE(Var.Breaker);
  // Each lane is evaluated: the squares of 32 lanes put 8 words in bank 4.
  BankConflict Quad = Banks.conflict(*Banks.access(test::initOf(Ctx, "p_quad")));
  EXPECT_EQ(Quad.Degree, 8u);
  EXPECT_FALSE(Quad.LaneStride) << "no constant stride";
  EXPECT_FALSE(Banks.access(test::initOf(Ctx, "i"))) << "not shared memory";
}

/// The degree of the access that initialises \p Name in a kernel launched
/// with \p Block (none: the default model), laid out with \p Row elements
/// per row when given.
struct Banked {
  std::unique_ptr<ParsedFile> AST;
  const FunctionDecl *K = nullptr;
  BankConflict degree(llvm::StringRef Name, std::optional<Dim3> Block, std::optional<uint64_t> Row = {}) {
    ASTContext &Ctx = AST->ast();
    Uniformity U(Ctx, K, Block);
    SharedBanks Banks(Ctx, U);
    auto A = Banks.access(test::initOf(Ctx, Name));
    EXPECT_TRUE(A) << Name.str();
    if (!A)
      return {};
    WarpModel M;
    M.Block = Block;
    M.RowLength = Row;
    return Banks.conflict(*A, M);
  }
};

TEST(SharedMemory, BankConflictsPerLane) {
  Banked B;
  B.AST = test::parseCuda(R"cu(
    __global__ void k(float *out, int n) {
      __shared__ float tile[32][32];
      __shared__ float small[16][16];
      __shared__ float As[8][128];
      __shared__ float flat[32][32];
      __shared__ unsigned hist[8][64];
      int tx = threadIdx.x, ty = threadIdx.y;
      int lx = threadIdx.x % 32, ly = threadIdx.x / 32;
      tile[ty][tx] = out[tx];
      small[ty % 16][tx % 16] = out[tx];
      __syncthreads();
      float p_row = tile[ty][tx];
      float p_col = tile[tx][ty];
      float p_col1d = tile[lx][ly];
      float p_small = small[tx % 16][ty % 16];
      const int f = tx + 0 * 256;
      const int r = f / 2;
      const int c = (f % 2) * 4;
      As[c + 1][r] = out[0];
      float p_as = As[c + 1][r];
      float4 p_vec = *reinterpret_cast<float4 *>(&As[n][(lx % 8) * 4]);
      float p_bd = tile[ty][threadIdx.x % blockDim.x];
      unsigned p_hist = hist[threadIdx.x / 32][(int)out[tx] & 63];
      float p_scaled = tile[0][(threadIdx.x * n) % 32];
      float s = 0;
      for (int i = threadIdx.x; i < 1024; i += 256) {
        float p_loop_row = flat[i / 32][i % 32];
        float p_loop_col = flat[i % 32][i / 32];
        s += p_loop_row + p_loop_col;
      }
      out[tx] = p_row + p_col + p_col1d + p_small + p_as + p_vec.x + p_bd + p_hist + p_scaled + s;
    }
  )cu");
  ASSERT_TRUE(B.AST);
  B.K = test::functionNamed(B.AST->ast(), "k");
  Dim3 T32x8{32, 8, 1}, T16x16{16, 16, 1}, T256{256, 1, 1};

  EXPECT_EQ(B.degree("p_row", T32x8).Degree, 1u);
  BankConflict Col = B.degree("p_col", T32x8);
  EXPECT_EQ(Col.Degree, 32u) << "a column of float[32][32]";
  EXPECT_FALSE(Col.ShapeDependent);
  EXPECT_EQ(B.degree("p_col", T32x8, 33).Degree, 1u) << "rows of 33: conflict-free";
  EXPECT_FALSE(Col.SameRow);
  EXPECT_TRUE(B.degree("p_row", T32x8).SameRow) << "a warp reads one row";
  // A warp's own row of a histogram: the bin comes from data (no degree),
  // but every lane is on one row, so the row length cannot matter.
  BankConflict Hist = B.degree("p_hist", T256);
  EXPECT_FALSE(Hist.Degree);
  EXPECT_TRUE(Hist.SameRow);
  BankConflict NoShape = B.degree("p_col", std::nullopt);
  EXPECT_EQ(NoShape.Degree, 32u) << "threadIdx.y the same in a warp";
  EXPECT_TRUE(NoShape.ShapeDependent) << "it reads threadIdx.y";
  // A 16 x 16 block: a warp covers two rows of threads.
  EXPECT_EQ(B.degree("p_row", T16x16).Degree, 2u) << "rows ty and ty + 1 start in one bank";
  EXPECT_EQ(B.degree("p_small", T16x16).Degree, 8u);
  EXPECT_EQ(B.degree("p_small", T16x16, 17).Degree, 2u);
  EXPECT_EQ(B.degree("p_small", T16x16, 18).Degree, 1u);

  // tx and ty computed from a one-dimensional block: no shape needed.
  BankConflict Col1D = B.degree("p_col1d", std::nullopt);
  EXPECT_EQ(Col1D.Degree, 32u);
  EXPECT_FALSE(Col1D.ShapeDependent);
  EXPECT_EQ(B.degree("p_col1d", std::nullopt, 33).Degree, 1u);

  // The transposing store of a GEMM's A tile: two lanes per row of 128.
  EXPECT_EQ(B.degree("p_as", T256).Degree, 2u);
  EXPECT_EQ(B.degree("p_as", T256, 129).Degree, 2u);
  EXPECT_EQ(B.degree("p_as", T256, 132).Degree, 1u) << "pad 4: the second row starts at bank 16";

  // A float4 through an element's address: quarter-warps of 8 lanes.
  BankConflict Vec = B.degree("p_vec", T256);
  EXPECT_EQ(Vec.Degree, 1u);
  {
    Uniformity U(B.AST->ast(), B.K);
    SharedBanks Banks(B.AST->ast(), U);
    auto A = Banks.access(test::initOf(B.AST->ast(), "p_vec"));
    ASSERT_TRUE(A);
    EXPECT_TRUE(A->Vector);
    EXPECT_EQ(A->AccessBytes, 16u);
    EXPECT_EQ(A->ElemBytes, 4u);
    EXPECT_EQ(A->Indices.size(), 2u);
    EXPECT_EQ(A->Extents, (std::vector<uint64_t>{8, 128}));
  }

  // blockDim: known with the shape, unknown without.
  EXPECT_EQ(B.degree("p_bd", T32x8).Degree, 1u);
  BankConflict BD = B.degree("p_bd", std::nullopt);
  EXPECT_FALSE(BD.Degree);
  EXPECT_TRUE(BD.ShapeDependent);
  EXPECT_NE(BD.Why.find("blockDim.x"), std::string::npos) << BD.Why;

  // A lane scaled by a parameter: its samples would give a degree, but n
  // may be 32 at run time.
  BankConflict Scaled = B.degree("p_scaled", T32x8);
  EXPECT_FALSE(Scaled.Degree);
  EXPECT_NE(Scaled.Why.find("same across the warp but not known"), std::string::npos) << Scaled.Why;

  // A loop counter that starts at threadIdx.x: its start plus steps.
  EXPECT_EQ(B.degree("p_loop_row", T256).Degree, 1u);
  EXPECT_EQ(B.degree("p_loop_col", T256).Degree, 32u);
  EXPECT_EQ(B.degree("p_loop_col", T256, 33).Degree, 1u);
}

TEST(SharedMemory, UsesOfAnArray) {
  auto AST = test::parseCuda(R"cu(
    __device__ float first(const float *row) { return row[0]; }
    __global__ void k(float *out, int n) {
      __shared__ __align__(16) float t[32][36];
      __shared__ int hist[8][64];
      t[threadIdx.y][threadIdx.x] = out[threadIdx.x];
      atomicAdd(&hist[threadIdx.x / 32][n & 63], 1);
      __syncthreads();
      float4 v = *reinterpret_cast<const float4 *>(&t[n][4 * threadIdx.x]);
      float a = t[threadIdx.x][threadIdx.y];
      float b = first(t[n]);
      float *p = &t[0][0];
      float c = p[40];
      int bytes = sizeof(t);
      memcpy(out, t, 64);
      out[threadIdx.x] = v.x + a + b + c + bytes + hist[0][0];
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  std::vector<SharedUse> T = sharedUses(Ctx, K, test::varNamed(Ctx, "t"));
  ASSERT_EQ(T.size(), 7u);
  EXPECT_EQ(T[0].K, SharedUse::Element);
  EXPECT_EQ(T[1].K, SharedUse::VectorElement);
  EXPECT_EQ(T[2].K, SharedUse::Element);
  EXPECT_EQ(T[3].K, SharedUse::LayoutDependent);
  EXPECT_NE(T[3].Why.find("passed to 'first'"), std::string::npos) << T[3].Why;
  EXPECT_EQ(T[4].K, SharedUse::LayoutDependent) << "an element's address kept";
  EXPECT_NE(T[4].Why.find("kept as a pointer"), std::string::npos) << T[4].Why;
  EXPECT_EQ(T[5].K, SharedUse::LayoutDependent);
  EXPECT_NE(T[5].Why.find("sizeof"), std::string::npos) << T[5].Why;
  EXPECT_EQ(T[6].K, SharedUse::LayoutDependent);
  EXPECT_NE(T[6].Why.find("memcpy"), std::string::npos) << T[6].Why;
  std::vector<SharedUse> H = sharedUses(Ctx, K, test::varNamed(Ctx, "hist"));
  ASSERT_EQ(H.size(), 2u);
  EXPECT_EQ(H[0].K, SharedUse::Element) << "an element's address handed to an atomic";
  EXPECT_EQ(H[1].K, SharedUse::Element);
}

TEST(SharedMemory, UsageAndLimits) {
  auto AST = test::parseCuda(R"cu(
    __device__ float helper(int i) {
      __shared__ int scratch[64];
      scratch[i] = i;
      return scratch[63 - i];
    }
    template <int T> __global__ void tk(float *out) {
      __shared__ float t[T][T];
      t[threadIdx.y][threadIdx.x] = out[0];
      out[1] = t[0][0];
    }
    __global__ void k(float *out) {
      __shared__ float a[16][16];
      extern __shared__ float dyn[];
      a[threadIdx.y][threadIdx.x] = dyn[threadIdx.x] + helper(threadIdx.x);
      out[0] = a[0][0];
    }
    void run(float *out, int bytes) {
      k<<<1, 256, 4096>>>(out);
      k<<<1, 256, bytes>>>(out);
      tk<64><<<1, 256>>>(out);
      tk<128><<<1, 256>>>(out);
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  std::vector<cuda::LaunchSite> Sites = cuda::findLaunchSites(Ctx);
  ASSERT_EQ(Sites.size(), 4u);
  EXPECT_EQ(launchSharedBytes(Ctx, Sites[0]), 4096u);
  EXPECT_FALSE(launchSharedBytes(Ctx, Sites[1]));
  EXPECT_EQ(launchSharedBytes(Ctx, Sites[2]), 0u) << "not written";

  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  SharedUsage U = sharedUsage(Ctx, K, launchSharedBytes(Ctx, Sites[0]));
  ASSERT_EQ(U.Decls.size(), 3u);
  EXPECT_EQ(U.Decls[0].Dims, (std::vector<uint64_t>{16, 16}));
  EXPECT_TRUE(U.Decls[1].Dynamic);
  EXPECT_EQ(U.Decls[2].Var->getName(), "scratch");
  EXPECT_EQ(U.Decls[2].Function->getName(), "helper");
  EXPECT_EQ(U.StaticBytes, 1024u + 256u);
  EXPECT_TRUE(U.UsesDynamic);
  LimitCheck Fits = checkLimits(U);
  EXPECT_EQ(Fits.V, LimitCheck::Fits);
  EXPECT_EQ(Fits.Bytes, 1280u + 4096u);
  EXPECT_EQ(checkLimits(sharedUsage(Ctx, K)).V, LimitCheck::Unknown) << "dynamic size unknown";
  EXPECT_EQ(checkLimits(sharedUsage(Ctx, K, 100000)).V, LimitCheck::NeedsOptIn);
  EXPECT_EQ(checkLimits(sharedUsage(Ctx, K, 300000)).V, LimitCheck::Exceeds);
  SharedLimits Small;
  Small.StaticMax = 1024;
  EXPECT_EQ(checkLimits(sharedUsage(Ctx, K, 0), Small).V, LimitCheck::Exceeds);

  SharedUsage T64 = sharedUsage(Ctx, Sites[2].KernelInstance);
  EXPECT_EQ(T64.StaticBytes, 64u * 64u * 4u);
  EXPECT_EQ(checkLimits(T64).V, LimitCheck::Fits);
  LimitCheck T128 = checkLimits(sharedUsage(Ctx, Sites[3].KernelInstance));
  EXPECT_EQ(T128.V, LimitCheck::Exceeds) << "static 64 KiB";
  EXPECT_NE(T128.Why.find("static"), std::string::npos);
  const FunctionDecl *Pattern = Sites[2].Kernel->getDefinition();
  ASSERT_TRUE(Pattern && Pattern->isTemplated());
  EXPECT_EQ(checkLimits(sharedUsage(Ctx, Pattern)).V, LimitCheck::Unknown)
      << "the pattern's size is dependent";
}

TEST(SharedMemory, ScalarSharedVariables) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const int *flags, int *per_block) {
      __shared__ int count;
      __shared__ double total;
      if (threadIdx.x == 0) { count = 0; total = 0; }
      __syncthreads();
      if (flags[threadIdx.x]) atomicAdd(&count, 1);
      __syncthreads();
      if (threadIdx.x == 0) per_block[blockIdx.x] = count + (int)total;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  SharedUsage U = sharedUsage(Ctx, test::functionNamed(Ctx, "k"));
  ASSERT_EQ(U.Decls.size(), 2u);
  EXPECT_FALSE(U.Decls[0].Dynamic) << "a scalar is no incomplete array";
  EXPECT_TRUE(U.Decls[0].Dims.empty());
  EXPECT_EQ(U.Decls[0].ElemBytes, 4u);
  EXPECT_EQ(U.StaticBytes, 12u);
  EXPECT_EQ(checkLimits(U).V, LimitCheck::Fits);
}

} // namespace

TEST(SharedMemory, SharedArrayOfAParameter) {
  auto AST = test::parseCuda(R"cu(
    __device__ float stage(float v, float *scratch) {
      scratch[threadIdx.x % 32] = v;
      __syncthreads();
      return scratch[0];
    }
    __device__ float forward_it(float v, float *buf) { return stage(v, buf); }
    __device__ float mixed(float v, float *any) { return any[0] + v; }
    __global__ void k(float *out) {
      __shared__ float a[32];
      __shared__ float b[32];
      out[0] = stage(out[0], a) + stage(out[1], b) + forward_it(out[2], a);
      out[3] = mixed(1.0f, a) + mixed(2.0f, out);
    }
  )cu");
  ASSERT_TRUE(AST);
  clang::ASTContext &Ctx = AST->ast();
  const clang::FunctionDecl *Stage = test::functionNamed(Ctx, "stage");
  const clang::FunctionDecl *Mixed = test::functionNamed(Ctx, "mixed");
  const clang::FunctionDecl *K = test::functionNamed(Ctx, "k");
  ASSERT_TRUE(Stage && Mixed && K);
  // Every call passes a __shared__ array (directly, or through forward_it's
  // parameter): the parameter stands for one.
  const clang::VarDecl *A = analysis::sharedArrayOf(Ctx, Stage->getParamDecl(1));
  ASSERT_TRUE(A);
  EXPECT_TRUE(A->getName() == "a" || A->getName() == "b");
  // One call passes global memory: no.
  EXPECT_EQ(analysis::sharedArrayOf(Ctx, Mixed->getParamDecl(1)), nullptr);
  // A kernel's parameter is global memory, a __shared__ array is itself.
  EXPECT_EQ(analysis::sharedArrayOf(Ctx, K->getParamDecl(0)), nullptr);
  EXPECT_EQ(analysis::sharedArrayOf(Ctx, test::varNamed(Ctx, "b"))->getName(), "b");
  // Not a pointer.
  EXPECT_EQ(analysis::sharedArrayOf(Ctx, Stage->getParamDecl(0)), nullptr);
}
