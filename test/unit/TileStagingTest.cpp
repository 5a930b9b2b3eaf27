//===- TileStagingTest.cpp - lib/Analysis: what a staging leaves in tiles --===//
#include "klineage/Analysis/TileStaging.h"
#include "CudaTestSupport.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Stmt.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace klineage;
using namespace klineage::analysis;

namespace {

/// The statements of kernel \p Name's body before its first barrier, but
/// the tiles' declarations.
std::vector<const Stmt *> regionOf(ASTContext &Ctx, const char *Name, const FunctionDecl *&FD) {
  FD = test::functionNamed(Ctx, Name);
  std::vector<const Stmt *> Out;
  if (!FD)
    return Out;
  for (const Stmt *S : cast<CompoundStmt>(FD->getBody())->body()) {
    if (const auto *E = dyn_cast<Expr>(S))
      if (const auto *C = dyn_cast<CallExpr>(E->IgnoreImplicit());
          C && C->getDirectCallee() && C->getDirectCallee()->getName() == "__syncthreads")
        break;
    // The tiles' declarations are not staging.
    if (const auto *D = dyn_cast<DeclStmt>(S); D && D->isSingleDecl())
      if (const auto *V = dyn_cast<VarDecl>(D->getSingleDecl()); V && V->hasAttr<CUDASharedAttr>())
        continue;
    Out.push_back(S);
  }
  return Out;
}

/// The atom key a Linearizer gives variable \p Name.
std::string keyOf(ASTContext &Ctx, const char *Name) {
  const VarDecl *V = test::varNamed(Ctx, Name);
  return V ? "v:" + std::string(Name) + "@" + std::to_string(reinterpret_cast<uintptr_t>(V->getCanonicalDecl())) : "";
}

LinearForm form(std::initializer_list<std::pair<Monomial, int64_t>> Terms) {
  LinearForm F;
  for (const auto &[M, C] : Terms)
    F.Terms[M] = C;
  return F;
}

TEST(TileStaging, RegistersCarryATransposedLoader) {
  // 64 threads, each staging two float4 groups of A through registers into
  // a transposed As[k][m] (the SGEMM expert's loader).
  auto AST = test::parseCuda(R"cu(
    __global__ void k(int K, int k0, const float *A, float *out) {
      __shared__ float As[8][64];
      const int tid = threadIdx.x;
      float4 st[2];
      for (int i = 0; i < 2; ++i) {
        const int f = tid + i * 64;
        const int r = f / 2, c = (f % 2) * 4;
        st[i].x = A[(size_t)r * K + k0 + c];
        st[i].y = A[(size_t)r * K + k0 + c + 1];
        st[i].z = A[(size_t)r * K + k0 + c + 2];
        st[i].w = A[(size_t)r * K + k0 + c + 3];
      }
      for (int i = 0; i < 2; ++i) {
        const int f = tid + i * 64;
        const int r = f / 2, c = (f % 2) * 4;
        As[c][r] = st[i].x;
        As[c + 1][r] = st[i].y;
        As[c + 2][r] = st[i].z;
        As[c + 3][r] = st[i].w;
      }
      __syncthreads();
      out[tid] = As[tid % 8][tid];
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *FD = nullptr;
  auto Region = regionOf(Ctx, "k", FD);
  Linearizer Lin(Ctx);
  StagingAnswer A = stagedTiles(Ctx, FD, Region, Dim3{64, 1, 1}, Lin);
  ASSERT_TRUE(A.ok()) << A.Why;
  ASSERT_EQ(A.Tiles.size(), 1u);
  const StagedTile &T = A.Tiles[0];
  EXPECT_EQ(T.Source->getName(), "A");
  EXPECT_EQ(T.Extents, (std::vector<int64_t>{8, 64}));
  EXPECT_EQ(T.RowLength, 0);
  std::string K = keyOf(Ctx, "K"), K0 = keyOf(Ctx, "k0");
  EXPECT_EQ(T.Origin.Terms, form({{{K0}, 1}}).Terms);
  ASSERT_EQ(T.Step.size(), 2u);
  EXPECT_EQ(T.Step[0].Terms, form({{{}, 1}}).Terms) << "along k: the next element";
  EXPECT_EQ(T.Step[1].Terms, form({{{K}, 1}}).Terms) << "along m: the next row of A";
  EXPECT_EQ(Ctx.getIntWidth(T.IndexType), 64u);
  EXPECT_TRUE(llvm::any_of(A.Written, [](const VarDecl *V) { return V->getName() == "st"; }));
}

TEST(TileStaging, FlattenedTileFitsAsRows) {
  // As[r * 8 + c] = A[r * K + c]: no single step, rows of 8.
  auto AST = test::parseCuda(R"cu(
    __global__ void k(int K, const float *A, float *out) {
      __shared__ float As[32 * 8];
      for (unsigned off = 0; off < 32; off += 16)
        As[(threadIdx.x / 8 + off) * 8 + threadIdx.x % 8] = A[(threadIdx.x / 8 + off) * K + threadIdx.x % 8];
      __syncthreads();
      out[threadIdx.x] = As[threadIdx.x];
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *FD = nullptr;
  auto Region = regionOf(Ctx, "k", FD);
  Linearizer Lin(Ctx);
  StagingAnswer A = stagedTiles(Ctx, FD, Region, Dim3{128, 1, 1}, Lin);
  ASSERT_TRUE(A.ok()) << A.Why;
  ASSERT_EQ(A.Tiles.size(), 1u);
  EXPECT_EQ(A.Tiles[0].RowLength, 8);
  EXPECT_EQ(A.Tiles[0].Step[0].Terms, form({{{keyOf(Ctx, "K")}, 1}}).Terms);
  EXPECT_EQ(A.Tiles[0].Step[1].Terms, form({{{}, 1}}).Terms);
}

TEST(TileStaging, RefusesWhatIsNotAFullAffineStaging) {
  auto AST = test::parseCuda(R"cu(
    __global__ void half(const float *A, float *out) {
      __shared__ float S[128];
      S[threadIdx.x] = A[threadIdx.x];
      __syncthreads();
      out[threadIdx.x] = S[threadIdx.x];
    }
    __global__ void swizzle(const float *A, float *out) {
      __shared__ float S[8][8];
      S[threadIdx.y][threadIdx.x ^ threadIdx.y] = A[threadIdx.y * 8 + threadIdx.x];
      __syncthreads();
      out[threadIdx.x] = S[threadIdx.y][threadIdx.x];
    }
    __global__ void reversed_rows(const float *A, float *out) {
      __shared__ float S[64];
      S[threadIdx.x ^ 3] = A[threadIdx.x];
      __syncthreads();
      out[threadIdx.x] = S[threadIdx.x];
    }
    __global__ void computed(const float *A, float *out) {
      __shared__ float S[64];
      S[threadIdx.x] = 2.f * A[threadIdx.x];
      __syncthreads();
      out[threadIdx.x] = S[threadIdx.x];
    }
    __global__ void bounded(int n, const float *A, float *out) {
      __shared__ float S[64];
      if (threadIdx.x < n)
        S[threadIdx.x] = A[threadIdx.x];
      __syncthreads();
      out[threadIdx.x] = S[threadIdx.x];
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  auto Why = [&](const char *Name) {
    const FunctionDecl *FD = nullptr;
    auto Region = regionOf(Ctx, Name, FD);
    Linearizer Lin(Ctx);
    Dim3 Block = StringRef(Name) == "swizzle" ? Dim3{8, 8, 1} : Dim3{64, 1, 1};
    StagingAnswer A = stagedTiles(Ctx, FD, Region, Block, Lin);
    return std::make_pair(A.Why, A.Ran);
  };
  // S[t ^ 3] = A[t] is affine in rows of 4 (A[(s / 4) * 4 + 3 - s % 4]).
  EXPECT_EQ(Why("reversed_rows").first, "");
  EXPECT_EQ(Why("half").first, "the block stages 64 of the 128 elements of 'S'");
  EXPECT_TRUE(Why("half").second);
  EXPECT_NE(Why("swizzle").first.find("is not the tile's first element plus a fixed step"), std::string::npos)
      << Why("swizzle").first;
  EXPECT_NE(Why("computed").first.find("is not one global element or a register holding one"), std::string::npos)
      << Why("computed").first;
  EXPECT_FALSE(Why("computed").second);
  EXPECT_NE(Why("bounded").first.find("is not one number for each thread"), std::string::npos) << Why("bounded").first;
}

} // namespace
