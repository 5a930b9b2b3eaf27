//===- Reverse.cpp - row-parallelize, reverse: one thread per row again ---===//
//
// Part of KLineage. A kernel where a block (or a one-warp block) owns a row
// -- the row index is blockIdx.x, in a grid-stride loop over rows or
// bounded by a guard; the columns are strided over the block's threads
// (`for (c = S + threadIdx.x; c < N; c += blockDim.x)`); each accumulator a
// column loop folds is reduced across the block right after it
// (Analysis/Reductions: shuffles and a shared stage, a halving tree, a
// reducing helper, cub) and broadcast, or read only by the thread that
// holds it (`if (threadIdx.x == 0) out[row] = v;`) -- becomes one thread
// per row: the row index is the 1-D global thread index under the same
// bound, column loops start at S and step by one, the reductions and
// their broadcasts, barriers and the leader's test go (a thread holds its
// whole row), and the launches get ceil(rows / block-size) blocks.
//
// Docs: docs/rewrites/row-parallelize.md.
//
//===----------------------------------------------------------------------===//
#include "RowParallelize.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/Reductions.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Frontend/SourcePositions.h"
#include "klineage/Rewrite/LaunchShape.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include <map>
#include <set>

using namespace clang;
using namespace llvm;

namespace klineage {
namespace row_parallelize {

using analysis::ReductionMatch;
using analysis::ResultBroadcast;
using analysis::ThreadPlace;

namespace {

/// The threads per block of the thread-per-row launch (block-size; the
/// width option is the forward direction's).
unsigned reverseBlockSize(const AnalysisContext &AC, const FunctionDecl *Kernel) {
  unsigned B = 256;
  if (auto O = AC.option("block-size"))
    to_integer(*O, B);
  return boundedBlock(Kernel, B, 1);
}

unsigned endOf(const ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.getFileOffset(SM.getExpansionLoc(S->getEndLoc())) + 1;
}

const Expr *stripped(const Expr *E) { return E ? E->IgnoreParenImpCasts() : nullptr; }

/// `blockIdx.x` through integer casts.
bool isBlockIndexX(const Expr *E) {
  auto B = cuda::builtinIndex(analysis::stripIntCasts(E));
  return B && B->Var == cuda::BuiltinVar::BlockIdx && B->Dim == 0;
}
bool isBuiltin(const Expr *E, cuda::BuiltinVar V) {
  auto B = cuda::builtinIndex(analysis::stripIntCasts(E));
  return B && B->Var == V && B->Dim == 0;
}

/// A column loop strided over the block.
struct StridedLoop {
  const Stmt *Loop = nullptr;     ///< a for loop, or a while loop after its index's declaration
  const VarDecl *Index = nullptr;
  const Expr *Init = nullptr;   ///< the index's start as written (`S + threadIdx.x`)
  std::string Start;            ///< what it becomes (`S`, `0`)
  const Expr *Inc = nullptr;    ///< `c += blockDim.x`
  std::vector<analysis::Fold> Folds;
  std::vector<analysis::PairFold> Pairs; ///< online softmax (max, sum) pairs
};

/// A block reduction of a loop's accumulator and how its result is read.
struct RowReduction {
  ReductionMatch M;
  std::optional<ResultBroadcast> B;
  const VarDecl *Acc = nullptr;  ///< each thread's partial: the loop's accumulator
  const VarDecl *Acc2 = nullptr; ///< a pair reduction's sum (Acc: its running max)
  cuda::ReduceOp FoldOp = cuda::ReduceOp::Add;
  size_t Begin = 0, End = 0;     ///< Body[Begin, End): the reduction; then the broadcast
  /// The variable the result is read from afterwards when it is not Acc
  /// (a helper's or cub's result, a broadcast's copy): it becomes Acc.
  const VarDecl *Alias = nullptr;
  const Stmt *AliasStmt = nullptr;  ///< the statement that sets Alias (replaced)
  bool AliasDeclares = false;
};

struct Refusal {
  const char *Precondition;
  Status St = Status::Fails;
  std::string Reason;
  const Stmt *At = nullptr;
  std::string Assumable;
};

/// Everything the reverse preconditions and edits read about one kernel.
struct BlockRowPlan {
  const FunctionDecl *Kernel = nullptr;
  const VarDecl *Row = nullptr;
  const ForStmt *RowLoop = nullptr;      ///< `for (r = blockIdx.x; r < R; r += gridDim.x)`
  const DeclStmt *RowDecl = nullptr;     ///< `r = blockIdx.x;` (with a guard)
  const Expr *RowCount = nullptr;
  /// No guard: every launch's grid is exactly this parameter's argument, so
  /// blockIdx.x < it (FasterTransformer's and vLLM's kernels, `grid(m)`).
  const ParmVarDecl *RowParam = nullptr;
  /// With RowParam and no row local: the kernel's reads of blockIdx.x,
  /// each becoming the new row local.
  std::vector<const Expr *> BlockIdxUses;
  /// blockIdx.x is read and a loop strides over the block, but nothing
  /// says how many rows there are: a site, refused (block-per-row).
  bool NoRowCount = false;
  /// A warp of a larger block owns the row (`row = blockIdx.x * WARPS +
  /// threadIdx.x / 32`): its lanes stride over the columns by 32 and only
  /// warp reductions combine them.
  bool WarpRows = false;
  /// The warp is a row of a 2-D block (`row = blockIdx.x * blockDim.y +
  /// threadIdx.y`, blocks 32 threads wide: threadIdx.x is the lane), as
  /// OneFlow's and PyTorch's warp-per-row kernels launch them.
  bool Rows2D = false;
  const Stmt *Anchor = nullptr;          ///< where the site is
  std::vector<const Stmt *> Body;        ///< the row's statements
  std::vector<StridedLoop> Loops;
  std::vector<RowReduction> Reductions;
  std::vector<const IfStmt *> Leaders;   ///< `if (threadIdx.x == 0) ...` statements of the row
  /// A leader's test `leader && c`: c, which the test becomes.
  std::map<const IfStmt *, const Expr *> LeaderKept;
  std::vector<const Stmt *> Barriers;
  std::vector<const DeclStmt *> DeadDecls; ///< thread-index locals and shared arrays only the removed code used
  /// Shared scalars the leader sets from the row's reduced values and every
  /// thread reads after a barrier (`if (tid == 0) s_inv = rsqrtf(ss / n);`):
  /// with one thread per row they become the thread's locals.
  std::vector<const DeclStmt *> LeaderScalars;
  /// Reads of a broadcast slot or a tree's element 0, and the variable each becomes.
  std::vector<std::pair<const Expr *, const VarDecl *>> SlotReads;
  std::vector<std::pair<unsigned, unsigned>> Covered; ///< offsets the edits remove or replace
  std::vector<Refusal> Problems;
  void refuse(const char *P, std::string Why, const Stmt *At = nullptr, Status St = Status::Fails,
              std::string Assumable = "") {
    Problems.push_back({P, St, std::move(Why), At, std::move(Assumable)});
  }
  const Refusal *problem(StringRef P) const {
    for (const Refusal &R : Problems)
      if (P == R.Precondition)
        return &R;
    return nullptr;
  }
  bool covered(unsigned B, unsigned E) const {
    return any_of(Covered, [&](const auto &C) { return C.first <= B && E <= C.second; });
  }
};

/// `c += blockDim.x` / `c = c + blockDim.x` with the step the block's
/// width: blockDim.x, a local set once to it, or a constant equal to the
/// known block width.
bool stepsByBlock(const ASTContext &Ctx, const Expr *Inc, const VarDecl *Index, const analysis::FunctionFacts &Facts,
                  std::optional<uint64_t> KnownX, bool Warp = false, bool XIsWarp = false) {
  Inc = stripped(Inc);
  const Expr *Step = nullptr;
  if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc);
      CA && CA->getOpcode() == BO_AddAssign && analysis::refVar(stripped(CA->getLHS())) == Index)
    Step = CA->getRHS();
  else if (const auto *A = dyn_cast_or_null<BinaryOperator>(Inc);
           A && A->getOpcode() == BO_Assign && analysis::refVar(stripped(A->getLHS())) == Index) {
    const auto *Sum = dyn_cast<BinaryOperator>(stripped(A->getRHS()));
    if (Sum && Sum->getOpcode() == BO_Add)
      Step = analysis::refVar(stripped(Sum->getLHS())) == Index   ? Sum->getRHS()
             : analysis::refVar(stripped(Sum->getRHS())) == Index ? Sum->getLHS()
                                                                   : nullptr;
  }
  if (!Step)
    return false;
  for (int Depth = 0; Depth < 4; ++Depth) {
    if ((!Warp || XIsWarp) && isBuiltin(Step, cuda::BuiltinVar::BlockDim))
      return true;
    if (Warp) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(stripped(Step)); DRE && DRE->getDecl()->getName() == "warpSize")
        return true;
      if (analysis::isWarpTileCall(Step, "size") || analysis::isWarpTileCall(Step, "num_threads"))
        return true;
    }
    const VarDecl *V = analysis::refVar(stripped(Step));
    if (!V || !V->hasLocalStorage() || !V->getInit() || !Facts.mods(V).empty())
      break;
    Step = V->getInit();
  }
  Expr::EvalResult R;
  if (Warp)
    KnownX = 32;
  return KnownX && !Step->isValueDependent() && Step->EvaluateAsInt(R, Ctx) &&
         R.Val.getInt().getSExtValue() == static_cast<int64_t>(*KnownX);
}

/// `(blockIdx.x * blockDim.x + threadIdx.x) / 32` or `blockIdx.x * W +
/// threadIdx.x / 32` (any order, through casts and locals set once; `>>
/// 5`, `/ warpSize`), with W the block's warps: `blockDim.x / 32` or a
/// constant equal to the launches' known width over 32. The grid's warp
/// index: a warp per row in blocks of several warps.
bool isGridWarpIndex(const ASTContext &Ctx, const Expr *E, const analysis::FunctionFacts &Facts,
                     std::optional<uint64_t> KnownX) {
  E = analysis::stripIntCasts(E);
  for (int Depth = 0; Depth < 4; ++Depth) {
    const VarDecl *V = analysis::refVar(E);
    if (!V || !V->hasLocalStorage() || !V->getInit() || !Facts.mods(V).empty())
      break;
    E = analysis::stripIntCasts(V->getInit());
  }
  auto IsBuiltinTimes = [&](const Expr *M, auto &&IsFactor) {
    const auto *Mul = dyn_cast<BinaryOperator>(analysis::stripIntCasts(M));
    if (!Mul || Mul->getOpcode() != BO_Mul)
      return false;
    return (isBlockIndexX(Mul->getLHS()) && IsFactor(Mul->getRHS())) ||
           (isBlockIndexX(Mul->getRHS()) && IsFactor(Mul->getLHS()));
  };
  auto IsWarpsPerBlock = [&](const Expr *W) {
    W = analysis::stripIntCasts(W);
    if (analysis::isWarpTileCall(W, "meta_group_size"))
      return true;
    if (const auto *D = dyn_cast<BinaryOperator>(W); D && (D->getOpcode() == BO_Div || D->getOpcode() == BO_Shr) &&
                                                      isBuiltin(D->getLHS(), cuda::BuiltinVar::BlockDim)) {
      Expr::EvalResult R;
      if (D->getRHS()->isValueDependent() || !D->getRHS()->EvaluateAsInt(R, Ctx))
        return false;
      int64_t K = R.Val.getInt().getSExtValue();
      return (D->getOpcode() == BO_Div && K == 32) || (D->getOpcode() == BO_Shr && K == 5);
    }
    Expr::EvalResult R;
    return KnownX && *KnownX % 32 == 0 && !W->isValueDependent() && W->EvaluateAsInt(R, Ctx) &&
           R.Val.getInt().getSExtValue() == static_cast<int64_t>(*KnownX / 32);
  };
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return false;
  // blockIdx.x * W + warp
  if (B->getOpcode() == BO_Add)
    for (int J = 0; J < 2; ++J) {
      const Expr *M = J ? B->getRHS() : B->getLHS(), *Wp = J ? B->getLHS() : B->getRHS();
      auto Pl = analysis::threadPlaceOf(Ctx, Wp, Facts);
      // Dims 3: a cooperative-groups tile's meta_group_rank() (the linear rank's warp).
      if (Pl && Pl->K == ThreadPlace::Warp && (Pl->Dims == 1 || Pl->Dims == 3) && IsBuiltinTimes(M, IsWarpsPerBlock))
        return true;
    }
  // (blockIdx.x * blockDim.x + threadIdx.x) / 32
  Expr::EvalResult R;
  if ((B->getOpcode() == BO_Div || B->getOpcode() == BO_Shr) && !B->getRHS()->isValueDependent() &&
      B->getRHS()->EvaluateAsInt(R, Ctx)) {
    int64_t K = R.Val.getInt().getSExtValue();
    if (!((B->getOpcode() == BO_Div && K == 32) || (B->getOpcode() == BO_Shr && K == 5)))
      return false;
    const auto *Sum = dyn_cast<BinaryOperator>(analysis::stripIntCasts(B->getLHS()));
    if (!Sum || Sum->getOpcode() != BO_Add)
      return false;
    auto IsBlockDim = [&](const Expr *F) { return isBuiltin(F, cuda::BuiltinVar::BlockDim); };
    for (int J = 0; J < 2; ++J) {
      const Expr *M = J ? Sum->getRHS() : Sum->getLHS(), *T = J ? Sum->getLHS() : Sum->getRHS();
      if (isBuiltin(T, cuda::BuiltinVar::ThreadIdx) && IsBuiltinTimes(M, IsBlockDim))
        return true;
    }
  }
  return false;
}

/// `blockIdx.x * blockDim.y + threadIdx.y` (either order, through casts and
/// locals set once), or with a constant equal to the launches' known
/// blockDim.y: a row per threadIdx.y of a 2-D block.
bool isGridRowOfY(const ASTContext &Ctx, const Expr *E, const analysis::FunctionFacts &Facts,
                  std::optional<uint64_t> KnownY) {
  E = analysis::stripIntCasts(E);
  for (int Depth = 0; Depth < 4; ++Depth) {
    const VarDecl *V = analysis::refVar(E);
    if (!V || !V->hasLocalStorage() || !V->getInit() || !Facts.mods(V).empty())
      break;
    E = analysis::stripIntCasts(V->getInit());
  }
  auto IsY = [](const Expr *X, cuda::BuiltinVar Var) {
    auto B = cuda::builtinIndex(analysis::stripIntCasts(X));
    return B && B->Var == Var && B->Dim == 1;
  };
  const auto *Add = dyn_cast<BinaryOperator>(E);
  if (!Add || Add->getOpcode() != BO_Add)
    return false;
  for (int J = 0; J < 2; ++J) {
    const Expr *M = J ? Add->getRHS() : Add->getLHS(), *T = J ? Add->getLHS() : Add->getRHS();
    const auto *Mul = dyn_cast<BinaryOperator>(analysis::stripIntCasts(M));
    if (!IsY(T, cuda::BuiltinVar::ThreadIdx) || !Mul || Mul->getOpcode() != BO_Mul)
      continue;
    for (int K = 0; K < 2; ++K) {
      const Expr *B = K ? Mul->getRHS() : Mul->getLHS(), *W = K ? Mul->getLHS() : Mul->getRHS();
      if (!isBlockIndexX(B))
        continue;
      if (IsY(W, cuda::BuiltinVar::BlockDim))
        return true;
      Expr::EvalResult R;
      if (KnownY && !W->isValueDependent() && W->EvaluateAsInt(R, Ctx) &&
          R.Val.getInt().getSExtValue() == static_cast<int64_t>(*KnownY))
        return true;
    }
  }
  return false;
}

/// The index's start with the rank taken out: `threadIdx.x` -> "0",
/// `S + tid` / `tid + S` -> "S". Empty when it is not of that form.
std::string startWithoutRank(const ASTContext &Ctx, const Expr *Init, const analysis::FunctionFacts &Facts,
                             bool Lane = false, bool XIsLane = false) {
  auto IsRank = [&](const Expr *E) {
    auto P = analysis::threadPlaceOf(Ctx, E, Facts);
    // A cooperative-groups tile's thread_rank() is the lane of the linear rank (Dims 3).
    return P && (P->Dims == 1 || (Lane && P->K == ThreadPlace::Lane && P->Dims == 3)) &&
           (P->K == (Lane ? ThreadPlace::Lane : ThreadPlace::Rank) || (XIsLane && P->K == ThreadPlace::Rank));
  };
  if (IsRank(Init))
    return "0";
  const auto *Add = dyn_cast<BinaryOperator>(analysis::stripIntCasts(Init));
  if (!Add || Add->getOpcode() != BO_Add)
    return "";
  const Expr *Other = IsRank(Add->getRHS()) ? Add->getLHS() : IsRank(Add->getLHS()) ? Add->getRHS() : nullptr;
  if (!Other)
    return "";
  bool Uses = false;
  forEachNode(Other, [&](const Stmt *N) {
    if (const auto *E = dyn_cast<Expr>(N); E && cuda::builtinIndex(E))
      Uses = true;
  });
  if (Uses)
    return "";
  return nodeText(Ctx, Other, "");
}

/// Whether \p V's value depends on the thread: set from a thread index
/// (directly or through such locals).
/// \p Rewritten: locals whose start the edits replace (the row, the
/// column indices).
/// \p BlockIdxIsRow: blockIdx.x reads become the row (no row local).
bool threadDependent(const VarDecl *V, ArrayRef<const VarDecl *> Rewritten, bool BlockIdxIsRow = false,
                     unsigned Depth = 0) {
  if (!V || !V->getInit() || Depth > 4 || is_contained(Rewritten, V))
    return false;
  bool Dep = false;
  forEachNode(V->getInit(), [&](const Stmt *N) {
    if (const auto *E = dyn_cast<Expr>(N)) {
      auto B = cuda::builtinIndex(E);
      // blockDim too: one thread per row runs other blocks (llm.c's `int
      // block_size = blockDim.x;` goes with the loops that step by it).
      if (B && (B->Var == cuda::BuiltinVar::ThreadIdx || B->Var == cuda::BuiltinVar::BlockDim ||
                (B->Var == cuda::BuiltinVar::BlockIdx && !(BlockIdxIsRow && B->Dim == 0))))
        Dep = true;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (const auto *W = dyn_cast<VarDecl>(DRE->getDecl()); W && W != V && W->hasLocalStorage())
        Dep |= threadDependent(W, Rewritten, BlockIdxIsRow, Depth + 1);
  });
  return Dep;
}

/// Whether two integer expressions are the same value where they are
/// written (one launch): the same variable, the same constant, or the same
/// text free of side effects, through parentheses and integer casts.
bool sameValue(const ASTContext &Ctx, const Expr *A, const Expr *B) {
  if (!A || !B)
    return false;
  A = analysis::stripIntCasts(A);
  B = analysis::stripIntCasts(B);
  const auto *DA = dyn_cast<DeclRefExpr>(A), *DB = dyn_cast<DeclRefExpr>(B);
  if (DA && DB)
    return DA->getDecl() == DB->getDecl();
  Expr::EvalResult RA, RB;
  if (!A->isValueDependent() && !B->isValueDependent() && A->EvaluateAsInt(RA, Ctx) && B->EvaluateAsInt(RB, Ctx))
    return RA.Val.getInt() == RB.Val.getInt();
  if (!analysis::isPureExpr(A, Ctx) || !analysis::isPureExpr(B, Ctx))
    return false;
  auto TA = sourceText(Ctx, A), TB = sourceText(Ctx, B);
  return TA && TB && *TA == *TB;
}

/// Component \p Dim of a launch's grid as an integer expression: the
/// argument itself, a `dim3(a, b)`'s argument, or a local `dim3 g(a, b)`
/// that is not changed after it; null when not found; \p One: the
/// component is 1 (defaulted).
const Expr *gridComponent(ASTContext &Ctx, const cuda::LaunchSite &S, unsigned Dim, bool &One) {
  One = false;
  cuda::Dim3Component C = cuda::dim3Component(S.Grid.E, Dim);
  if (C.Defaulted) {
    One = true;
    return nullptr;
  }
  // An integer local of the launcher set once (llm.c's `int grid_size =
  // N;`) stands for its initialiser.
  auto Through = [&](const Expr *E) {
    for (unsigned Depth = 0; E && Depth < 3 && S.Launcher; ++Depth) {
      const auto *R = dyn_cast<DeclRefExpr>(analysis::stripIntCasts(E));
      const auto *L = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
      if (!L || isa<ParmVarDecl>(L) || !L->hasLocalStorage() || !L->getType()->isIntegerType() || !L->getInit() ||
          !analysis::AnalysisCache::of(Ctx).facts(S.Launcher).mods(L).empty())
        break;
      E = L->getInit();
    }
    return E;
  };
  if (C.Value)
    return Through(C.Value);
  const auto *DRE = C.Object ? dyn_cast<DeclRefExpr>(C.Object->IgnoreParenImpCasts()) : nullptr;
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() || !V->getInit() || !S.Launcher)
    return nullptr;
  if (!analysis::AnalysisCache::of(Ctx).facts(S.Launcher).mods(V).empty())
    return nullptr;
  const auto *CE = dyn_cast<CXXConstructExpr>(V->getInit()->IgnoreParenImpCasts());
  if (!CE)
    return nullptr;
  if (Dim >= CE->getNumArgs() || isa<CXXDefaultArgExpr>(CE->getArg(Dim))) {
    One = true;
    return nullptr;
  }
  return Through(CE->getArg(Dim));
}

/// The integer parameter of the kernel whose argument is the grid's x
/// extent at every launch, the grid being one-dimensional: then blockIdx.x
/// < that parameter, a guard the kernel does not write. Null (and \p Why)
/// otherwise.
const ParmVarDecl *gridRowParam(ASTContext &Ctx, const FunctionDecl *FD, const analysis::FunctionFacts &Facts,
                                std::string &Why) {
  cuda::KernelLauncherGraph Graph(Ctx);
  const FunctionDecl *K = cuda::kernelOf(FD);
  if (!Graph.launchesEditable(K) || Graph.launchesOf(K).empty()) {
    Why = "no guard on blockIdx.x, and not every launch of the kernel is seen to tell how many blocks there are";
    return nullptr;
  }
  for (const ParmVarDecl *PV : FD->parameters()) {
    if (!PV->getType()->isIntegerType() || !Facts.mods(PV).empty())
      continue;
    bool All = true;
    for (const cuda::LaunchSite *S : Graph.launchesOf(K)) {
      bool OneX = false, OneY = false, OneZ = false;
      const Expr *X = gridComponent(Ctx, *S, 0, OneX);
      const Expr *Y = gridComponent(Ctx, *S, 1, OneY);
      const Expr *Z = gridComponent(Ctx, *S, 2, OneZ);
      auto IsOne = [&](const Expr *E, bool One) {
        Expr::EvalResult R;
        return One || (E && !E->isValueDependent() && E->EvaluateAsInt(R, Ctx) && R.Val.getInt() == 1);
      };
      const Expr *Arg = cuda::launchArgument(Ctx, *S, PV->getFunctionScopeIndex());
      if (!isa<CUDAKernelCallExpr>(S->Call) || !IsOne(Y, OneY) || !IsOne(Z, OneZ) || !sameValue(Ctx, X, Arg)) {
        All = false;
        break;
      }
    }
    if (All)
      return PV;
  }
  Why = "no guard on blockIdx.x, and no parameter of the kernel is every launch's (one-dimensional) grid: the "
        "row count is not known";
  return nullptr;
}

/// The row of a kernel: `for (r = blockIdx.x; r < R; r += gridDim.x) {...}`
/// or `r = blockIdx.x;` and its guard.
void findRow(ASTContext &Ctx, BlockRowPlan &P, const CompoundStmt *KBody, const analysis::FunctionFacts &Facts,
             std::optional<uint64_t> KnownX, std::optional<uint64_t> KnownY) {
  for (size_t I = 0; I < KBody->size(); ++I) {
    const Stmt *S = KBody->body_begin()[I];
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit());
      const auto *V = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      if (!V || !V->getInit() || !V->getType()->isIntegerType() || !isBlockIndexX(V->getInit()) || !For->getCond() ||
          !For->getInc())
        continue;
      const Expr *Bound = guardBound(For->getCond(), V, false);
      const auto *Inc = dyn_cast<CompoundAssignOperator>(stripped(For->getInc()));
      if (!Bound || !Inc || Inc->getOpcode() != BO_AddAssign || analysis::refVar(stripped(Inc->getLHS())) != V ||
          !isBuiltin(Inc->getRHS(), cuda::BuiltinVar::GridDim)) {
        P.refuse(BlockPerRow,
                 "the loop from blockIdx.x is not `for (r = blockIdx.x; r < ROWS; r += gridDim.x)`", For);
        return;
      }
      if (I + 1 != KBody->size()) {
        P.refuse(BlockPerRow, "statements follow the loop over rows: the kernel does more than its rows", For);
        return;
      }
      P.Row = V;
      P.RowLoop = For;
      P.RowCount = Bound;
      P.Anchor = For;
      if (const auto *CS = dyn_cast<CompoundStmt>(For->getBody()))
        P.Body.assign(CS->body_begin(), CS->body_end());
      else
        P.Body.push_back(For->getBody());
      return;
    }
    const auto *DS = dyn_cast<DeclStmt>(S);
    const auto *V = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!V || !V->getInit() || !V->getType()->isIntegerType())
      continue;
    if (!isBlockIndexX(V->getInit())) {
      if (isGridRowOfY(Ctx, V->getInit(), Facts, KnownY))
        P.Rows2D = true;
      else if (!isGridWarpIndex(Ctx, V->getInit(), Facts, KnownX))
        continue;
      P.WarpRows = true;
    }
    P.Row = V;
    P.RowDecl = DS;
    P.Anchor = DS;
    for (size_t J = I + 1; J < KBody->size(); ++J) {
      const Stmt *G = KBody->body_begin()[J];
      if (const auto *If = dyn_cast<IfStmt>(G); If && !If->getInit() && !If->getConditionVariable()) {
        bool Exits = isReturnGuard(If);
        P.RowCount = guardBound(If->getCond(), V, Exits);
        if (P.RowCount && Exits) {
          P.Body.assign(KBody->body_begin() + J + 1, KBody->body_end());
        } else if (P.RowCount && !If->getElse() && J + 1 == KBody->size()) {
          if (const auto *CS = dyn_cast<CompoundStmt>(If->getThen()))
            P.Body.assign(CS->body_begin(), CS->body_end());
          else
            P.Body.push_back(If->getThen());
        } else {
          P.RowCount = nullptr;
        }
        break;
      }
      if (!isa<DeclStmt>(G))
        break;
    }
    if (!P.RowCount && !P.WarpRows) {
      std::string Why;
      P.RowParam = gridRowParam(Ctx, P.Kernel, Facts, Why);
      if (P.RowParam) {
        P.Body.assign(KBody->body_begin() + I + 1, KBody->body_end());
        return;
      }
    }
    if (!P.RowCount)
      P.refuse(BlockPerRow,
               "'" + V->getName().str() + "' is blockIdx.x, but no guard `if (" + V->getName().str() +
                   " >= ROWS) return;` or `if (" + V->getName().str() +
                   " < ROWS) { ... }` right after it says how many rows there are, nor is every launch's grid a "
                   "parameter of the kernel",
               DS);
    return;
  }
  // No row local: blockIdx.x read where it is needed, the grid the rows.
  bool ReadsBlockIdx = false;
  forEachNode(KBody, [&](const Stmt *N) {
    if (const auto *E = dyn_cast<Expr>(N); E && isBuiltin(E, cuda::BuiltinVar::BlockIdx))
      ReadsBlockIdx = true;
  });
  std::string Why;
  if (ReadsBlockIdx && !KBody->body_empty() && (P.RowParam = gridRowParam(Ctx, P.Kernel, Facts, Why))) {
    P.Anchor = KBody->body_front();
    P.Body.assign(KBody->body_begin(), KBody->body_end());
    std::set<unsigned> Seen;
    const SourceManager &SM = Ctx.getSourceManager();
    forEachNode(KBody, [&](const Stmt *N) {
      const auto *E = dyn_cast<Expr>(N);
      if (!E || !isBuiltin(E, cuda::BuiltinVar::BlockIdx) || isa<ImplicitCastExpr>(E) || isa<ParenExpr>(E))
        return;
      if (Seen.insert(SM.getFileOffset(SM.getExpansionLoc(E->getBeginLoc()))).second)
        P.BlockIdxUses.push_back(E);
    });
    return;
  }
  P.refuse(BlockPerRow,
           "no row index: neither a loop `for (r = blockIdx.x; r < ROWS; r += gridDim.x)` nor a local set to "
           "blockIdx.x with a guard" +
               (Why.empty() ? std::string() : "; " + Why));
  // A site to refuse when the kernel looks like a block per row (blockIdx.x
  // read, a top-level loop strided over the block), not for every kernel.
  if (ReadsBlockIdx && !KBody->body_empty())
    for (const Stmt *S : KBody->body()) {
      const auto *For = dyn_cast<ForStmt>(S);
      const auto *DS = For ? dyn_cast_or_null<DeclStmt>(For->getInit()) : nullptr;
      const auto *V = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      if (V && For->getInc() && stepsByBlock(Ctx, For->getInc(), V, Facts, KnownX)) {
        P.Anchor = KBody->body_front();
        P.NoRowCount = true;
        break;
      }
    }
}

/// Whether device function \p F (or one it calls) reads a thread or block
/// index, or calls a barrier, a shuffle or a vote.
bool coordinatesThreads(const FunctionDecl *F, unsigned Depth = 0) {
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (!Def || !Def->getBody() || Depth > 8)
    return false;
  bool Found = false;
  forEachNode(Def->getBody(), [&](const Stmt *N) {
    if (Found)
      return;
    if (const auto *E = dyn_cast<Expr>(N))
      if (cuda::builtinIndex(E))
        Found = true;
    if (const auto *C = dyn_cast<CallExpr>(N)) {
      const FunctionDecl *Callee = C->getDirectCallee();
      StringRef CN = Callee && Callee->getIdentifier() ? Callee->getName() : "";
      if (cuda::barrierScope(C) || cuda::isWarpShuffle(CN) || CN.starts_with("__any_sync") ||
          CN.starts_with("__all_sync") || CN.starts_with("__ballot_sync") || CN.starts_with("__match"))
        Found = true;
      else if (Callee && Callee != Def && coordinatesThreads(Callee, Depth + 1))
        Found = true;
    }
  });
  return Found;
}

/// Whether shared scalar \p V is set only by the row's leaders (`if (tid ==
/// 0) V = E;`, a statement of the leader's branch) and read only after the
/// first of them in the row: then each thread's own copy, set by the same
/// statement once the leader's test is gone, holds what the leader wrote
/// for its row. (A read before the write would see the previous row's
/// value, another row with one thread per row.)
bool leaderScalar(const ASTContext &Ctx, const BlockRowPlan &P, const VarDecl *V,
                  const analysis::FunctionFacts &Facts) {
  if (V->getType()->isArrayType() || V->getType()->isReferenceType())
    return false;
  if (!V->getType()->isScalarType() || P.Body.empty())
    return false;
  auto InLeaderBranch = [&](const Expr *A) {
    for (const IfStmt *If : P.Leaders) {
      const Stmt *Then = If->getThen();
      if (Then == A)
        return true;
      if (const auto *CS = dyn_cast<CompoundStmt>(Then))
        for (const Stmt *S : CS->body())
          if (S == A)
            return true;
    }
    return false;
  };
  const auto &Mods = Facts.mods(V);
  if (Mods.empty())
    return false;
  unsigned FirstWrite = ~0u;
  for (const analysis::VarMod &M : Mods) {
    const auto *A = dyn_cast<BinaryOperator>(M.At);
    if (M.Other || !A || A->getOpcode() != BO_Assign || !InLeaderBranch(A))
      return false;
    FirstWrite = std::min(FirstWrite, M.Begin);
  }
  unsigned RowBegin = positions::beginOffset(Ctx, P.Body.front()), RowEnd = endOf(Ctx, P.Body.back());
  bool ReadsOk = true;
  forEachNode(P.Kernel->getBody(), [&](const Stmt *N) {
    const auto *DRE = dyn_cast<DeclRefExpr>(N);
    if (!DRE || DRE->getDecl() != V)
      return;
    unsigned B = positions::beginOffset(Ctx, DRE);
    if (any_of(Mods, [&](const analysis::VarMod &M) { return M.Use == DRE; }))
      return;
    if (B < FirstWrite || B < RowBegin || B >= RowEnd)
      ReadsOk = false;
  });
  return ReadsOk;
}

/// The value local \p V holds when \p Loop begins: its declaration's
/// initialiser, or a plain assignment that is its last change before the
/// loop (`sum = 0.0f;` between two reductions; `sum = reduce(...)` right
/// before it would start every thread at the row's total). Null when the
/// last change is another kind (a fold of an earlier loop): then the
/// declaration's initialiser.
const Expr *startOf(const ASTContext &Ctx, const analysis::FunctionFacts &Facts, const VarDecl *V, const Stmt *Loop) {
  unsigned LoopBegin = positions::beginOffset(Ctx, Loop);
  const analysis::VarMod *Last = nullptr;
  for (const analysis::VarMod &Mod : Facts.mods(V))
    if (Mod.Begin < LoopBegin && (!Last || Mod.Begin > Last->Begin))
      Last = &Mod;
  if (Last && !Last->Other && Last->Op == BO_Assign && Last->Value)
    return Last->Value;
  return V->getInit();
}

/// A change of \p V after \p Loop and before \p Next begins, or null.
const analysis::VarMod *changedBetween(const ASTContext &Ctx, const analysis::FunctionFacts &Facts, const VarDecl *V,
                                       const Stmt *Loop, const Stmt *Next) {
  for (const analysis::VarMod &Mod : Facts.mods(V))
    if (Mod.Begin >= endOf(Ctx, Loop) && Mod.Begin < positions::beginOffset(Ctx, Next))
      return &Mod;
  return nullptr;
}

BlockRowPlan planBlockRow(const AnalysisContext &ACc, const FunctionDecl *FD) {
  ASTContext &Ctx = ACc.ast();
  BlockRowPlan P;
  P.Kernel = FD;
  const auto *KBody = dyn_cast_or_null<CompoundStmt>(FD ? FD->getBody() : nullptr);
  if (!KBody || !cuda::isKernel(FD)) {
    P.refuse(BlockPerRow, "not a kernel with a body");
    return P;
  }
  const analysis::FunctionFacts &Facts = analysis::AnalysisCache::of(Ctx).facts(FD);
  std::optional<analysis::Dim3> Shape = knownBlockShape(ACc, cuda::kernelOf(FD));
  std::optional<uint64_t> KnownX;
  if (Shape)
    KnownX = Shape->X;
  findRow(Ctx, P, KBody, Facts, KnownX, Shape ? std::optional<uint64_t>(Shape->Y) : std::nullopt);
  if (!P.Row && !P.RowParam)
    return P;
  // A guard on the row inside the loop over rows (`if (r < rows) { ... }`,
  // always true there) holds the row's statements.
  while (P.Row && !P.Body.empty() && all_of(ArrayRef<const Stmt *>(P.Body).drop_back(),
                                   [](const Stmt *S) { return isa<DeclStmt>(S); })) {
    const auto *If = dyn_cast<IfStmt>(P.Body.back());
    if (!If || If->getElse() || If->getInit() || If->getConditionVariable() ||
        !guardBound(If->getCond(), P.Row, false))
      break;
    P.Body.pop_back();
    if (const auto *CS = dyn_cast<CompoundStmt>(If->getThen()))
      P.Body.insert(P.Body.end(), CS->body_begin(), CS->body_end());
    else
      P.Body.push_back(If->getThen());
  }
  if (P.Row && !Facts.mods(P.Row).empty() && !P.RowLoop) {
    P.refuse(BlockPerRow, "the row index '" + P.Row->getName().str() + "' changes after it is set",
             Facts.mods(P.Row).front().At);
    return P;
  }
  if (P.RowLoop)
    for (const analysis::VarMod &M : Facts.mods(P.Row))
      if (M.At != P.RowLoop->getInc() && M.At != stripped(P.RowLoop->getInc())) {
        P.refuse(BlockPerRow, "the row index '" + P.Row->getName().str() + "' changes in the row", M.At);
        return P;
      }
  if (P.Rows2D && (!Shape || Shape->X != 32 || Shape->Z != 1)) {
    P.refuse(BlockPerRow,
             Shape ? "the row is the block's threadIdx.y, but its blocks are " + Shape->str() +
                         ": threadIdx.x is the lane only in blocks 32 threads wide"
                   : "the row is the block's threadIdx.y, and the launches do not say that blocks are 32 threads wide "
                     "(threadIdx.x the lane)",
             P.Anchor, Shape ? Status::Fails : Status::Unknown,
             Shape ? "" : "block:" + FD->getNameAsString() + ":32,4");
    return P;
  }
  if (Shape && !P.Rows2D && (Shape->Y != 1 || Shape->Z != 1)) {
    P.refuse(BlockPerRow, "the kernel's blocks are not one-dimensional", P.Anchor);
    return P;
  }
  std::vector<const Stmt *> &Body = P.Body;

  // Reductions first: their statements and the declarations they own.
  std::vector<bool> Taken(Body.size(), false);
  for (size_t I = 0; I < Body.size(); ++I) {
    std::string Why;
    std::optional<ReductionMatch> M = analysis::reductionAt(Ctx, Body, I, Facts, Why);
    if (!M) {
      std::string PairWhy;
      M = analysis::pairReductionAt(Ctx, Body, I, Facts, PairWhy);
      if (!M && !PairWhy.empty()) {
        P.refuse(ReductionRecognised, PairWhy, Body[I]);
        // Its shuffles are this refusal's, not block-per-row's.
        P.Covered.push_back({positions::beginOffset(Ctx, Body[I]), endOf(Ctx, Body[I])});
      }
    }
    if (!M)
      continue;
    RowReduction RR;
    RR.Begin = I;
    RR.End = I + M->Stmts.size();
    if (!M->Pair)
      RR.B = analysis::broadcastAfter(Ctx, Body, RR.End, *M, Facts);
    size_t Scratch = analysis::scratchBefore(Body, I, RR.End + (RR.B ? RR.B->Stmts.size() : 0), *M, Facts);
    for (size_t K = I - Scratch; K < I; ++K)
      if (const auto *DS = dyn_cast<DeclStmt>(Body[K]); DS && !Taken[K]) {
        M->Stmts.insert(M->Stmts.begin() + (K - (I - Scratch)), DS);
        for (const Decl *D : DS->decls())
          M->Scratch.push_back(cast<VarDecl>(D));
      }
    for (size_t K = I - Scratch; K < RR.End; ++K)
      Taken[K] = true;
    if (RR.B)
      for (size_t K = RR.End; K < RR.End + RR.B->Stmts.size(); ++K)
        Taken[K] = true;
    RR.M = std::move(*M);
    P.Reductions.push_back(std::move(RR));
    I = P.Reductions.back().End + (P.Reductions.back().B ? P.Reductions.back().B->Stmts.size() : 0) - 1;
  }

  // The rest of the row: column loops, leaders, barriers, plain code.
  for (size_t I = 0; I < Body.size(); ++I) {
    const Stmt *S = Body[I];
    if (Taken[I])
      continue;
    const auto *Call = dyn_cast<CallExpr>(S);
    if (Call && cuda::barrierScope(Call)) {
      P.Barriers.push_back(S);
      continue;
    }
    if (const auto *If = dyn_cast<IfStmt>(S); If && !If->getElse() && !If->getInit() && !If->getConditionVariable()) {
      auto L = analysis::leaderOf(Ctx, If->getCond(), Facts);
      // `leader && c` with c the same in every thread (llm.c's `warp.thread_rank()
      // == 0 && mean != nullptr`): the test becomes `if (c)`.
      const Expr *Kept = nullptr;
      if (const auto *And = dyn_cast<BinaryOperator>(stripped(If->getCond())); !L && And && And->getOpcode() == BO_LAnd)
        for (int J = 0; J < 2 && !L; ++J) {
          const Expr *Test = J ? And->getRHS() : And->getLHS(), *Other = J ? And->getLHS() : And->getRHS();
          bool Uniform = true;
          forEachNode(Other, [&](const Stmt *N) {
            if (const auto *E = dyn_cast<Expr>(N); E && cuda::builtinIndex(E))
              Uniform = false;
            if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
              if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && threadDependent(V, {}))
                Uniform = false;
            if (const auto *C = dyn_cast<CallExpr>(N); C && (!C->getDirectCallee() || coordinatesThreads(C->getDirectCallee())))
              Uniform = false;
          });
          if (Uniform && analysis::isPureExpr(Other, Ctx) && (L = analysis::leaderOf(Ctx, Test, Facts)))
            Kept = Other;
        }
      bool IsLeader = (L && L->K == ThreadPlace::Rank && (L->Dims == 1 || (Shape && Shape->Y == 1 && Shape->Z == 1))) ||
                      (L && L->K == ThreadPlace::Lane && (P.WarpRows || (KnownX && *KnownX == 32)));
      if (IsLeader) {
        P.Leaders.push_back(If);
        if (Kept)
          P.LeaderKept[If] = Kept;
        continue;
      }
    }
    const auto *For = dyn_cast<ForStmt>(S);
    const auto *While = dyn_cast<WhileStmt>(S);
    bool ReadsRank = false;
    auto NoteRank = [&](const Stmt *N) {
      if (const auto *E = dyn_cast<Expr>(N))
        if (auto Pl = analysis::threadPlaceOf(Ctx, E, Facts); Pl && !isa<IntegerLiteral>(E))
          ReadsRank = true;
    };
    forEachNode(S, NoteRank);
    // A while loop's index is declared right before it (`int c = rank;`).
    const DeclStmt *WhileIndex = nullptr;
    if (While && I > 0 && !Taken[I - 1])
      if (const auto *DS = dyn_cast<DeclStmt>(Body[I - 1]); DS && DS->isSingleDecl()) {
        const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
        bool Before = ReadsRank;
        forEachNode(DS, NoteRank);
        if (V && V->getInit() && ReadsRank && !Before)
          WhileIndex = DS;
      }
    if ((!For && !WhileIndex) || !ReadsRank)
      continue;
    // A column loop over the block: `for (c = S + rank; c < N; c += blockDim.x)`.
    const VarDecl *Index = nullptr;
    const Expr *Init = nullptr, *CondE = nullptr, *IncE = nullptr;
    const Stmt *LoopBody = nullptr;
    if (For) {
      const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit());
      Index = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      Init = Index ? Index->getInit() : nullptr;
      if (const auto *A = dyn_cast_or_null<BinaryOperator>(For->getInit()); !Index && A && A->getOpcode() == BO_Assign) {
        Index = analysis::refVar(stripped(A->getLHS()));
        Init = A->getRHS();
      }
      CondE = For->getCond();
      IncE = For->getInc();
      LoopBody = For->getBody();
    } else {
      Index = cast<VarDecl>(WhileIndex->getSingleDecl());
      Init = Index->getInit();
      CondE = While->getCond();
      LoopBody = While->getBody();
      if (const auto *CS = dyn_cast<CompoundStmt>(LoopBody); CS && !CS->body_empty())
        IncE = dyn_cast<Expr>(CS->body_back());
    }
    std::string Start = Init ? startWithoutRank(Ctx, Init, Facts, P.WarpRows, P.Rows2D) : "";
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(stripped(CondE));
    bool CondOk = Cond && analysis::refVar(stripped(Cond->getLHS())) == Index &&
                  (Cond->getOpcode() == BO_LT || Cond->getOpcode() == BO_LE);
    bool StepOk = IncE && stepsByBlock(Ctx, IncE, Index, Facts, KnownX, P.WarpRows, P.Rows2D);
    if (StepOk && While)
      for (const analysis::VarMod &M : Facts.mods(Index))
        if (M.At != IncE && M.At != stripped(IncE))
          StepOk = false;
    if (!Index || Start.empty() || !CondOk || !StepOk) {
      P.refuse(ColumnsStrided,
               P.WarpRows ? "a warp owns each row, and the loop reads the thread's rank but is not `for (c = START + "
                            "lane; c < END; c += 32)` (lane = threadIdx.x % 32)"
                          : "the loop reads the thread's rank but is not `for (c = START + threadIdx.x; c < END; c += "
                            "blockDim.x)` (the step the block's width)",
               S);
      // Its thread-dependent parts are this refusal's, not block-per-row's.
      P.Covered.push_back({positions::beginOffset(Ctx, WhileIndex ? (const Stmt *)WhileIndex : S), endOf(Ctx, S)});
      continue;
    }
    bool Inner = false;
    forEachNode(LoopBody, [&](const Stmt *N) {
      if (N == IncE)
        return;
      if (const auto *E = dyn_cast<Expr>(N); E && analysis::threadPlaceOf(Ctx, E, Facts) && !isa<IntegerLiteral>(E) &&
                                               !(IncE && Facts.encloses(IncE, E)))
        Inner = true;
      if (isa<BreakStmt>(N) || (While && isa<ContinueStmt>(N)))
        Inner = true;
    });
    if (Inner) {
      P.refuse(ColumnsStrided, "the loop's body reads the thread's rank or leaves early: its columns are not "
                               "independent of which thread takes them",
               S);
      // Its thread-dependent parts are this refusal's, not block-per-row's.
      P.Covered.push_back({positions::beginOffset(Ctx, WhileIndex ? (const Stmt *)WhileIndex : S), endOf(Ctx, S)});
      continue;
    }
    StridedLoop SL;
    SL.Loop = S;
    SL.Index = Index;
    SL.Init = Init;
    SL.Start = Start;
    SL.Inc = IncE;
    // Locals declared outside that the loop changes: its folds.
    std::vector<const Stmt *> Top;
    if (const auto *CS = dyn_cast<CompoundStmt>(LoopBody))
      Top.assign(CS->body_begin(), CS->body_end());
    else
      Top.push_back(LoopBody);
    std::vector<const VarDecl *> Changed;
    forEachNode(LoopBody, [&](const Stmt *N) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
            V && V->hasLocalStorage() && V != Index && Facts.modifiedWithin(V, S) && !is_contained(Changed, V) &&
            !Ctx.getSourceManager().isBeforeInTranslationUnit(S->getBeginLoc(), V->getLocation()))
          Changed.push_back(V);
    });
    for (const VarDecl *V : Changed) {
      if (any_of(SL.Pairs, [&](const analysis::PairFold &PF) { return PF.Value == V || PF.Other == V; }))
        continue;
      std::optional<analysis::Fold> F;
      unsigned N = 0;
      for (const Stmt *T : Top)
        if (auto G = analysis::foldOf(T); G && G->Var == V) {
          F = G;
          ++N;
        }
      if (!F || N != 1) {
        std::string Why;
        std::optional<analysis::PairFold> PF = analysis::pairFoldOf(Ctx, Top, V, Index, Facts, Why);
        if (PF) {
          SL.Pairs.push_back(*PF);
          continue;
        }
        if (!Why.empty()) {
          P.refuse(ReductionRecognised, Why, S);
          continue;
        }
        P.refuse(ReductionRecognised,
                 "'" + V->getName().str() + "' is changed in the strided loop other than by one fold of its body",
                 S);
        continue;
      }
      SL.Folds.push_back(*F);
    }
    P.Loops.push_back(SL);
  }

  // Each reduction combines the partial a strided loop folded, with its operator.
  for (RowReduction &RR : P.Reductions) {
    const ReductionMatch &M = RR.M;
    if (P.WarpRows && M.Over != ReductionMatch::Warp) {
      P.refuse(BlockPerRow,
               "a warp owns each row, but the " + M.Description + " combines the block's warps: several rows",
               Body[RR.Begin]);
      continue;
    }
    if (P.WarpRows && RR.B && RR.B->K == ResultBroadcast::SharedSlot) {
      P.refuse(ReducedValueBroadcast,
               "a warp owns each row, but its result is broadcast through one shared slot for the whole block",
               Body[RR.End]);
      continue;
    }
    if (M.Needs.WarpCount) {
      auto W = Shape ? analysis::evaluateInBlock(Ctx, M.Needs.WarpCount, Facts, Shape->X, Shape->Y, Shape->Z)
                     : std::nullopt;
      if (!Shape)
        P.refuse(ReductionRecognised,
                 "the " + M.Description + " reads " + quote(Ctx, M.Needs.WarpCount) +
                     " warp partials, and the launches do not say how many warps a block has",
                 Body[RR.Begin], Status::Unknown, "block:" + P.Kernel->getNameAsString() + ":256");
      else if (!W || static_cast<uint64_t>(*W) != (Shape->count() + 31) / 32) {
        P.refuse(ReductionRecognised,
                 "the " + M.Description + " reads " + (W ? std::to_string(*W) : std::string("an unknown number of")) +
                     " warp partials of the block's " + std::to_string((Shape->count() + 31) / 32) +
                     ": it does not combine the whole row",
                 Body[RR.Begin]);
        continue;
      }
    }
    if (M.Pair) {
      RR.Acc = M.Pair->Value;
      RR.Acc2 = M.Pair->Other;
      const analysis::PairFold *PF = nullptr;
      const StridedLoop *PairLoop = nullptr;
      for (const StridedLoop &L : P.Loops)
        for (const analysis::PairFold &F : L.Pairs)
          if (F.Value == RR.Acc && F.Other == RR.Acc2 &&
              positions::beginOffset(Ctx, L.Loop) < positions::beginOffset(Ctx, Body[RR.Begin])) {
            PF = &F;
            PairLoop = &L;
          }
      bool Softmax = M.Pair->K == analysis::PairFold::OnlineSoftmax;
      if (!PF || PF->K != M.Pair->K || (!Softmax && PF->LastOnTies != M.Pair->LastOnTies)) {
        std::string Ties;
        if (PF && !Softmax && PF->K == M.Pair->K)
          Ties = std::string(": the loop keeps the ") + (PF->LastOnTies ? "last" : "first") +
                 " of equal elements, the combine the " + (M.Pair->LastOnTies ? "larger" : "smaller") + " index";
        P.refuse(ReductionRecognised,
                 "the " + M.Description + " does not combine a pair that a strided column loop folds the same way ('" +
                     RR.Acc->getName().str() + "' and '" + RR.Acc2->getName().str() + "'" + Ties + ")",
                 Body[RR.Begin]);
        continue;
      }
      Expr::EvalResult Ev;
      if (Softmax) {
        // The sum starts empty; the maximum may start anywhere (it adds no term).
        const Expr *Init = startOf(Ctx, Facts, RR.Acc2, PairLoop->Loop);
        if (!Init || Init->isValueDependent() || !Init->EvaluateAsRValue(Ev, Ctx) ||
            !cuda::isIdentityValue(cuda::ReduceOp::Add,
                                   cuda::scalarTypeOf(RR.Acc2->getType()).value_or(cuda::ScalarType::Float), Ev.Val)) {
          P.refuse(ReductionRecognised,
                   "'" + RR.Acc2->getName().str() + "' does not start at 0: the block adds every thread's start, one "
                   "thread would add it once",
                   Body[RR.Begin]);
          continue;
        }
      } else {
        // The index takes the column; every thread starts from the same
        // pair, which must lose (or win) ties against any column as it does
        // serially: its index at or before the loop's first column.
        const Expr *Pos = PF->Position ? analysis::stripIntCasts(PF->Position) : nullptr;
        if (!Pos || analysis::refVar(stripped(Pos)) != PairLoop->Index) {
          P.refuse(ReductionRecognised,
                   "'" + RR.Acc2->getName().str() + "' does not take the column index: the block's tie rule on "
                   "indices would not be the loop's order",
                   Body[RR.Begin]);
          continue;
        }
        const Expr *Init = startOf(Ctx, Facts, RR.Acc2, PairLoop->Loop);
        Expr::EvalResult EI, ES;
        bool Before = false;
        if (Init && !Init->isValueDependent() && Init->EvaluateAsInt(EI, Ctx)) {
          if (PairLoop->Start == "0")
            Before = EI.Val.getInt().getSExtValue() <= 0;
          else if (const Expr *SE = analysis::stripIntCasts(PairLoop->Init);
                   const auto *Add = dyn_cast<BinaryOperator>(SE))
            for (const Expr *Side : {Add->getLHS(), Add->getRHS()})
              if (!Side->isValueDependent() && Side->EvaluateAsInt(ES, Ctx) &&
                  nodeText(Ctx, Side, "") == PairLoop->Start)
                Before = EI.Val.getInt().getSExtValue() <= ES.Val.getInt().getSExtValue();
        }
        if (!Before) {
          P.refuse(ReductionRecognised,
                   "'" + RR.Acc2->getName().str() + "' does not start at or before the loop's first column (" +
                       PairLoop->Start + "): ties with the start would be broken differently",
                   Body[RR.Begin]);
          continue;
        }
      }
      for (const VarDecl *V : {RR.Acc, RR.Acc2})
        if (const analysis::VarMod *Mod = changedBetween(Ctx, Facts, V, PairLoop->Loop, Body[RR.Begin]))
          P.refuse(ReductionRecognised, "'" + V->getName().str() + "' changes between its loop and its reduction",
                   Mod->At);
      if (Softmax && !ACc.assumptions().reassociate())
        P.refuse(OperatorAssociative,
                 "'" + RR.Acc2->getName().str() +
                     "' is a floating-point sum of exponentials: one thread adds the row's columns in order, the "
                     "block combined them in another grouping, and the two round differently "
                     "(--assume=reassociate, when the workload's tolerance allows it)",
                 Body[RR.Begin], Status::Unknown, "reassociate");
      continue;
    }
    const Expr *Contribution = M.Contribution;
    RR.Acc = M.Var ? M.Var : Contribution ? analysis::refVar(stripped(Contribution)) : nullptr;
    if (M.Kind == ReductionMatch::SharedTree && Contribution)
      RR.Acc = analysis::refVar(stripped(Contribution));
    const analysis::Fold *Fold = nullptr;
    const Stmt *FoldLoop = nullptr;
    for (const StridedLoop &L : P.Loops)
      for (const analysis::Fold &F : L.Folds)
        if (F.Var == RR.Acc && positions::beginOffset(Ctx, L.Loop) < positions::beginOffset(Ctx, Body[RR.Begin])) {
          Fold = &F;
          FoldLoop = L.Loop;
        }
    if (!RR.Acc || !Fold) {
      P.refuse(ReductionRecognised,
               "the " + M.Description + " does not reduce a local that a strided column loop folds: the thread's "
               "value is not its share of the row",
               Body[RR.Begin]);
      continue;
    }
    RR.FoldOp = Fold->Op;
    if (Fold->Op != M.Op) {
      P.refuse(ReductionRecognised,
               std::string("'") + RR.Acc->getName().str() + "' is folded with " + cuda::reduceOpName(Fold->Op) +
                   " but reduced with " + cuda::reduceOpName(M.Op),
               Body[RR.Begin]);
      continue;
    }
    auto Elem = cuda::scalarTypeOf(RR.Acc->getType());
    bool Idempotent = M.Op == cuda::ReduceOp::Max || M.Op == cuda::ReduceOp::Min || M.Op == cuda::ReduceOp::And ||
                      M.Op == cuda::ReduceOp::Or;
    const Expr *Start = startOf(Ctx, Facts, RR.Acc, FoldLoop);
    Expr::EvalResult Ev;
    bool Identity = Elem && Start && !Start->isValueDependent() && Start->EvaluateAsRValue(Ev, Ctx) &&
                    cuda::isIdentityValue(M.Op, *Elem, Ev.Val);
    if (!Idempotent && !Identity) {
      P.refuse(ReductionRecognised,
               "'" + RR.Acc->getName().str() + "' does not start at the " + cuda::reduceOpName(M.Op) +
                   "'s identity: the block adds every thread's start, one thread would add it once",
               Body[RR.Begin]);
      continue;
    }
    // Between the loop and the reduction nothing else touches the partial.
    if (const analysis::VarMod *Mod = changedBetween(Ctx, Facts, RR.Acc, FoldLoop, Body[RR.Begin]))
      P.refuse(ReductionRecognised, "'" + RR.Acc->getName().str() + "' changes between its loop and its reduction",
               Mod->At);
    if (cuda::isFloatingPoint(Elem.value_or(cuda::ScalarType::Int)) && M.Op == cuda::ReduceOp::Add &&
        !ACc.assumptions().reassociate())
      P.refuse(OperatorAssociative,
               "'" + RR.Acc->getName().str() +
                   "' is a floating-point sum: one thread adds the row's columns in order, the block added them "
                   "in another grouping, and the two round differently (--assume=reassociate, when the "
                   "workload's tolerance allows it)",
               Body[RR.Begin], Status::Unknown, "reassociate");
    // Where the result is read from afterwards.
    const VarDecl *ResultVar = RR.B && RR.B->Var ? RR.B->Var : M.ResultVar;
    if (RR.B && !RR.B->Stmts.empty() && RR.B->Var && RR.B->Var != RR.Acc &&
        RR.B->Var != M.ResultVar) {
      RR.Alias = RR.B->Var;
      RR.AliasStmt = RR.B->Stmts.back();
      RR.AliasDeclares = isa<DeclStmt>(RR.AliasStmt);
    } else if (ResultVar && ResultVar != RR.Acc && M.Kind != ReductionMatch::SharedTree) {
      RR.Alias = ResultVar;
      RR.AliasStmt = M.Stmts.back();
      RR.AliasDeclares = isa<DeclStmt>(RR.AliasStmt);
      if (!(M.Kind == ReductionMatch::Helper || M.Kind == ReductionMatch::CubBlockReduce)) {
        P.refuse(ReducedValueBroadcast,
                 "the reduction leaves its result in '" + ResultVar->getName().str() +
                     "', a variable of its own, which does not outlive it",
                 Body[RR.Begin]);
        continue;
      }
    }
  }

  // Every statement's source, and what the edits cover.
  auto Cover = [&](const Stmt *S) { P.Covered.push_back({positions::beginOffset(Ctx, S), endOf(Ctx, S)}); };
  for (const RowReduction &RR : P.Reductions) {
    for (const Stmt *S : RR.M.Stmts)
      Cover(S);
    if (RR.B)
      for (const Stmt *S : RR.B->Stmts)
        Cover(S);
  }
  for (const Stmt *S : P.Barriers)
    Cover(S);
  for (const IfStmt *If : P.Leaders)
    Cover(If->getCond());
  for (const StridedLoop &L : P.Loops) {
    Cover(L.Init);
    Cover(L.Inc);
  }
  if (P.RowLoop)
    P.Covered.push_back({positions::beginOffset(Ctx, P.RowLoop), positions::beginOffset(Ctx, P.RowLoop->getBody())});
  if (P.RowDecl)
    Cover(P.RowDecl);
  for (const Expr *E : P.BlockIdxUses)
    Cover(E);

  // Reads of a result that only the leader holds, or of a broadcast slot.
  unsigned RowEnd = endOf(Ctx, P.RowLoop ? (const Stmt *)P.RowLoop : KBody);
  // Where a reduction's result can be read back: its broadcast slot, or a
  // tree's array (its element 0).
  auto SlotOf = [](const RowReduction &R) -> const VarDecl * {
    if (R.B && R.B->Slot)
      return R.B->Slot;
    return R.M.Kind == ReductionMatch::SharedTree ? R.M.TreeArray : nullptr;
  };
  for (const RowReduction &RR : P.Reductions) {
    if (!RR.Acc)
      continue;
    unsigned After = endOf(Ctx, RR.B && !RR.B->Stmts.empty() ? RR.B->Stmts.back() : RR.M.Stmts.back());
    const VarDecl *Slot = SlotOf(RR);
    auto InLeader = [&](const Stmt *N) {
      return any_of(P.Leaders, [&](const IfStmt *If) {
        return positions::beginOffset(Ctx, If->getThen()) <= positions::beginOffset(Ctx, N) && endOf(Ctx, N) <= endOf(Ctx, If->getThen());
      });
    };
    bool Broadcast = RR.B.has_value() || (RR.M.Pair && RR.M.EveryThreadHolds);
    bool AccChangedAfter = any_of(Facts.mods(RR.Acc), [&](const analysis::VarMod &Mod) { return Mod.Begin >= After; });
    // Reads of the slot belong to this reduction until the next reduction
    // through the same array begins (llm.c's softmax reduces the maximum and
    // then the sum in one `shared` array: each `shared[0]` is its own).
    unsigned Until = RowEnd;
    if (Slot)
      for (const RowReduction &Next : P.Reductions) {
        unsigned Begins = positions::beginOffset(Ctx, Next.M.Stmts.front());
        if (&Next != &RR && SlotOf(Next) == Slot && Begins >= After)
          Until = std::min(Until, Begins);
      }
    forEachNode(KBody, [&](const Stmt *N) {
      unsigned B = positions::beginOffset(Ctx, N);
      if (B < After || B >= Until || P.covered(B, endOf(Ctx, N)))
        return;
      const auto *E = dyn_cast<Expr>(N);
      if (!E)
        return;
      if (Slot) {
        bool Reads = false;
        if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
          if (analysis::refVar(stripped(Sub->getBase())) == Slot) {
            Expr::EvalResult K;
            bool Zero = Sub->getIdx()->EvaluateAsInt(K, Ctx) &&
                        K.Val.getInt() == (RR.B && RR.B->SlotIndex ? *RR.B->SlotIndex : 0);
            if (!Zero) {
              P.refuse(ReducedValueBroadcast, "after the reduction, " + quote(Ctx, E) + " reads another element of '" +
                                            Slot->getName().str() + "'",
                       E);
              return;
            }
            Reads = true;
          }
        } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && DRE->getDecl() == Slot &&
                                                                 !Slot->getType()->isArrayType()) {
          Reads = true;
        }
        if (Reads) {
          if (!Broadcast && !InLeader(E))
            P.refuse(ReducedValueBroadcast,
                     quote(Ctx, E) + " reads the reduction's result in threads that do not hold it: with one thread "
                                     "per row they would read the row's total",
                     E);
          else if (AccChangedAfter)
            P.refuse(ReducedValueBroadcast,
                     "'" + RR.Acc->getName().str() + "' changes after its reduction, so " + quote(Ctx, E) +
                         " cannot become it",
                     E);
          P.SlotReads.push_back({E, RR.Acc});
          P.Covered.push_back({B, endOf(Ctx, E)});
        }
        return;
      }
      const auto *DRE = dyn_cast<DeclRefExpr>(E);
      const VarDecl *Result = RR.Alias ? RR.Alias : RR.Acc;
      if (!DRE || (DRE->getDecl() != Result && (!RR.Acc2 || DRE->getDecl() != RR.Acc2)) || Broadcast)
        return;
      if (!InLeader(E))
        P.refuse(ReducedValueBroadcast,
                 "'" + DRE->getDecl()->getName().str() +
                     "' is read after the reduction by threads that hold only their part of it (no broadcast): "
                     "with one thread per row they would read the row's total",
                 E);
    });
  }

  // Nothing left may tell threads apart: thread indices, shared memory,
  // shuffles and atomics that the edits do not remove.
  std::vector<const VarDecl *> Rewritten{P.Row};
  for (const StridedLoop &L : P.Loops)
    Rewritten.push_back(L.Index);
  forEachNode(KBody, [&](const Stmt *N) {
    unsigned B = positions::beginOffset(Ctx, N), E = endOf(Ctx, N);
    if (P.covered(B, E))
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(N)) {
      // A declaration of several thread indices (`int tid = threadIdx.x,
      // lane = tid % 32;`) goes whole: their uses of each other do not count.
      bool AllThreadDependent = all_of(DS->decls(), [&](const Decl *D) {
        const auto *V = dyn_cast<VarDecl>(D);
        return V && !cuda::isShared(V) && threadDependent(V, Rewritten, P.RowParam && !P.Row);
      });
      unsigned DSBegin = positions::beginOffset(Ctx, DS), DSEnd = endOf(Ctx, DS);
      bool AnyUsed = false;
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && (cuda::isShared(V) || threadDependent(V, Rewritten, P.RowParam && !P.Row))) {
          // Dead once the edits are made: every use is covered.
          bool Used = false;
          forEachNode(KBody, [&](const Stmt *M) {
            unsigned MB = positions::beginOffset(Ctx, M);
            if (AllThreadDependent && MB >= DSBegin && MB < DSEnd)
              return;
            if (const auto *DRE = dyn_cast<DeclRefExpr>(M); DRE && DRE->getDecl() == V &&
                                                            !P.covered(MB, endOf(Ctx, M)))
              Used = true;
          });
          AnyUsed |= Used;
          if (Used && cuda::isShared(V) && DS->isSingleDecl() && !P.WarpRows && leaderScalar(Ctx, P, V, Facts))
            P.LeaderScalars.push_back(DS);
          else if (Used && cuda::isShared(V))
            P.refuse(BlockPerRow,
                     "the row keeps '" + V->getName().str() +
                         "' in shared memory beyond its reductions: its threads share more than the reductions",
                     DS);
          else if (Used)
            P.refuse(BlockPerRow,
                     "'" + V->getName().str() + "' depends on the thread and is used beyond the column loops, "
                                                "the reductions and the leader's test",
                     DS);
          else if (DS->isSingleDecl())
            P.DeadDecls.push_back(DS);
        }
      if (AllThreadDependent && !AnyUsed && !DS->isSingleDecl())
        P.DeadDecls.push_back(DS);
    }
  });
  for (const DeclStmt *DS : P.DeadDecls)
    Cover(DS);
  for (const DeclStmt *DS : P.LeaderScalars)
    Cover(DS);
  forEachNode(KBody, [&](const Stmt *N) {
    if (P.covered(positions::beginOffset(Ctx, N), endOf(Ctx, N)))
      return;
    if (const auto *E2 = dyn_cast<Expr>(N)) {
      auto Bi = cuda::builtinIndex(E2);
      if (Bi && (Bi->Var == cuda::BuiltinVar::ThreadIdx || Bi->Var == cuda::BuiltinVar::BlockDim ||
                 Bi->Var == cuda::BuiltinVar::BlockIdx || Bi->Var == cuda::BuiltinVar::GridDim))
        P.refuse(BlockPerRow,
                 quote(Ctx, E2) + " outside the row index, the strided loops, the reductions and the leader's "
                                  "test: the kernel spreads its work by more than rows",
                 E2);
    }
    if (const auto *C = dyn_cast<CallExpr>(N)) {
      const FunctionDecl *Callee = C->getDirectCallee();
      StringRef CN = Callee && Callee->getIdentifier() ? Callee->getName() : "";
      if (cuda::barrierScope(C) || cuda::isWarpShuffle(CN))
        P.refuse(BlockPerRow, "'" + CN.str() + "' outside a recognised reduction: the threads coordinate otherwise",
                 C);
      else if (Callee && coordinatesThreads(Callee))
        P.refuse(BlockPerRow,
                 "'" + CN.str() + "' reads a thread index or coordinates threads, and is not a reduction "
                                  "recognised here: what it computes depends on the block's threads",
                 C);
    }
  });
  if (P.Loops.empty() && !P.problem(ColumnsStrided) && !P.problem(BlockPerRow))
    P.refuse(ColumnsStrided, "no column loop strided over the block: nothing to walk serially", P.Anchor);
  return P;
}

Status verdictOf(const PreconditionQuery &Q, PreconditionResult &R, const char *Name, const std::string &HoldsWhy) {
  BlockRowPlan P = planBlockRow(Q.AC, Q.Function);
  if (const Refusal *Pr = P.problem(Name)) {
    R.Reason = Pr->Reason;
    R.Assumable = Pr->Assumable;
    if (Pr->At)
      R.Evidence.push_back(evidenceAt(Q.AC.ast(), Pr->At->getBeginLoc(), "here", "the statement in question"));
    return Pr->St;
  }
  if (Name != BlockPerRow && P.problem(BlockPerRow)) {
    R.Reason = "decided by block-per-row";
    return Status::Unknown;
  }
  R.Reason = HoldsWhy;
  return Status::Holds;
}

struct ReverseLaunches {
  std::vector<std::pair<cuda::LaunchSite, std::string>> Grids;
  std::string Why;
  const Stmt *At = nullptr;
};

ReverseLaunches reverseLaunches(ASTContext &Ctx, const BlockRowPlan &P, unsigned Block) {
  ReverseLaunches L;
  cuda::KernelLauncherGraph Graph(Ctx);
  const FunctionDecl *K = cuda::kernelOf(P.Kernel);
  if (!Graph.launchesEditable(K)) {
    L.Why = Graph.launchesOf(K).empty() ? "no launch of the kernel is in this file"
                                        : "not every launch of the kernel is seen and editable";
    if (!Graph.escapesOf(K).empty())
      L.At = Graph.escapesOf(K).front();
    return L;
  }
  for (const cuda::LaunchSite *S : Graph.launchesOf(K)) {
    const auto *Call = dyn_cast<CUDAKernelCallExpr>(S->Call);
    if (!Call) {
      L.Why = std::string("a launch through ") + cuda::launchFormName(S->Form) + ", whose grid is not edited";
      L.At = S->Call;
      L.Grids.clear();
      return L;
    }
    std::string Rows;
    if (P.RowParam) {
      const Expr *Arg = cuda::launchArgument(Ctx, *S, P.RowParam->getFunctionScopeIndex());
      auto Text = Arg ? sourceText(Ctx, Arg) : std::nullopt;
      if (Text && !Arg->HasSideEffects(Ctx))
        Rows = parenIf(needsParens(Arg, prec::Multiplicative), *Text);
      else
        L.Why = "the launch's argument for '" + P.RowParam->getName().str() + "' is not plain text free of side effects";
    } else {
      Rows = rowCountAt(Ctx, P.RowCount, Call, L.Why);
    }
    if (Rows.empty()) {
      L.At = Call;
      L.Grids.clear();
      return L;
    }
    // ceil(rows / block) without overflowing rows + block - 1.
    std::string B = std::to_string(Block);
    std::string R = "(" + Rows + ")";
    if (Rows.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == std::string::npos)
      R = Rows;
    L.Grids.push_back({*S, R + " / " + B + " + (" + R + " % " + B + " != 0)"});
  }
  return L;
}

} // namespace

//===----------------------------------------------------------------------===//
// Preconditions (reverse)
//===----------------------------------------------------------------------===//

Status checkBlockPerRow(const PreconditionQuery &Q, PreconditionResult &R) {
  return verdictOf(Q, R, BlockPerRow,
                   "a block owns each row (the row index is blockIdx.x, bounded), and the thread's rank is read "
                   "only by strided column loops, recognised reductions and the leader's test");
}
Status checkColumnsStrided(const PreconditionQuery &Q, PreconditionResult &R) {
  return verdictOf(Q, R, ColumnsStrided,
                   "every loop that reads the rank is `for (c = START + rank; c < END; c += blockDim.x)` and its "
                   "body does not read the rank");
}
Status checkReverseFolds(const PreconditionQuery &Q, PreconditionResult &R) {
  return verdictOf(Q, R, ReductionRecognised,
                   "every reduction combines a strided loop's fold with the fold's operator, from its identity "
                   "(or a max/min)");
}
Status checkResultBroadcast(const PreconditionQuery &Q, PreconditionResult &R) {
  return verdictOf(Q, R, ReducedValueBroadcast,
                   "each reduced value is broadcast to the row's threads, or read only by the thread that holds it");
}
Status checkReverseReassociation(const PreconditionQuery &Q, PreconditionResult &R) {
  return verdictOf(Q, R, OperatorAssociative,
                   "the reductions give the same result in any order (integers, max, min), or "
                   "the regrouping of floating-point sums is allowed (--assume=reassociate, or --manifest with a "
                   "nonzero tolerance)");
}
Status checkReverseLauncher(const PreconditionQuery &Q, PreconditionResult &R) {
  BlockRowPlan P = planBlockRow(Q.AC, Q.Function);
  if (P.problem(BlockPerRow)) {
    R.Reason = "decided by block-per-row";
    return Status::Unknown;
  }
  ReverseLaunches L = reverseLaunches(Q.AC.ast(), P, reverseBlockSize(Q.AC, Q.Function));
  if (!L.Grids.empty()) {
    R.Reason = std::to_string(L.Grids.size()) + " launch(es) get one thread per row, " +
               std::to_string(reverseBlockSize(Q.AC, Q.Function)) + " per block";
    return Status::Holds;
  }
  std::string K = Q.Function->getNameAsString();
  auto B = Q.AC.assumptions().block(K);
  if (B && (*B)[1] == 1 && (*B)[2] == 1) {
    R.Reason = L.Why + "; --assume=block says every launch is one-dimensional, and the kernel strides over "
                       "rows for any such grid (the launches are left as they are)";
    return Status::Holds;
  }
  R.Reason = L.Why + ": the launch cannot be given one thread per row";
  R.Assumable = "block:" + K + ":" + std::to_string(reverseBlockSize(Q.AC, Q.Function));
  if (L.At)
    R.Evidence.push_back(evidenceAt(Q.AC.ast(), L.At->getBeginLoc(), "launch", "here"));
  return Status::Unknown;
}

//===----------------------------------------------------------------------===//
// Reverse edits
//===----------------------------------------------------------------------===//

/// A name for the row local that no declaration of kernel \p FD uses.
std::string freshRowName(const FunctionDecl &FD) {
  std::set<std::string> Names;
  for (const ParmVarDecl *PV : FD.parameters())
    Names.insert(PV->getName().str());
  forEachNode(FD.getBody(), [&](const Stmt *N) {
    if (const auto *DS = dyn_cast<DeclStmt>(N))
      for (const Decl *D : DS->decls())
        if (const auto *ND = dyn_cast<NamedDecl>(D); ND && ND->getIdentifier())
          Names.insert(ND->getName().str());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N); DRE && DRE->getDecl()->getIdentifier())
      Names.insert(DRE->getDecl()->getName().str());
  });
  std::string Name = "row";
  while (Names.count(Name))
    Name += "_";
  return Name;
}

void findReverseSites(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl &FD) {
  ASTContext &Ctx = AC.ast();
  BlockRowPlan P = planBlockRow(AC, &FD);
  // Sites: kernels with a row from blockIdx.x and a strided column loop.
  // (A row of a 2-D block refused for its shape is a site: say why.)
  if (!P.NoRowCount && ((!P.Row && !P.RowParam) ||
                        (P.Loops.empty() && !P.problem(ColumnsStrided) && !(P.Rows2D && P.problem(BlockPerRow)))))
    return;
  Site &S = AC.addSite(Name, Direction::Reverse, P.Anchor->getBeginLoc(), &FD, "block-row-kernel");
  S.Summary = "one thread per row of '" + FD.getNameAsString() + "': its columns in a serial loop, no reductions";
  PreconditionQuery Q{AC, &FD, DynTypedNode::create(FD)};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Reverse)
      S.check(Spec, Q);
  if (S.verdict() == Status::Fails || !P.Problems.empty() && P.problem(BlockPerRow))
    return;

  unsigned Block = reverseBlockSize(AC, &FD);
  ReverseLaunches L = reverseLaunches(Ctx, P, Block);
  const auto *KBody = cast<CompoundStmt>(FD.getBody());
  std::string Unit = indentUnitOf(Ctx, KBody);
  std::string RowName = P.Row ? P.Row->getName().str() : freshRowName(FD);
  std::string Type = writtenType(Ctx, P.Row ? (const VarDecl *)P.Row : P.RowParam);
  std::string Bound = P.RowParam ? P.RowParam->getName().str() : nodeText(Ctx, P.RowCount, "");
  // Launches left as they are (--assume=block): a grid-stride loop over
  // rows, since the grid may have fewer threads than rows. (The guard form
  // had a block per row, so a thread per row is covered.)
  bool Stride = L.Grids.empty();
  EditBuilder E(Ctx);
  std::string Global = "blockIdx.x * blockDim.x + threadIdx.x";
  if (P.RowLoop) {
    SourceLocation BodyBegin = P.RowLoop->getBody()->getBeginLoc();
    std::string Head = Stride ? "for (" + Type + " " + RowName + " = " + Global + "; " + RowName + " < " + Bound +
                                    "; " + RowName + " += gridDim.x * blockDim.x)"
                              : Type + " " + RowName + " = " + Global + ";\n" + lineIndent(Ctx, P.RowLoop->getBeginLoc()) +
                                    "if (" + RowName + " < " + Bound + ")";
    E.replaceChars(P.RowLoop->getBeginLoc(), BodyBegin, Head + " ");
  } else if (P.RowDecl) {
    const auto *V = cast<VarDecl>(P.RowDecl->getSingleDecl());
    E.replace(V->getInit(), Global);
    // The grid was the rows: a thread past them now leaves.
    if (P.RowParam) {
      std::string Ind = lineIndent(Ctx, P.RowDecl->getBeginLoc());
      E.insertLineAfter(P.RowDecl, "if (" + RowName + " >= " + Bound + ")\n" + Ind + Unit + "return;");
    }
  } else {
    // No row local: one before the first statement, and blockIdx.x reads it.
    std::string Ind = lineIndent(Ctx, P.Anchor->getBeginLoc());
    E.insertLineBefore(P.Anchor->getBeginLoc(), "const " + Type + " " + RowName + " = " + Global + ";\n" + Ind +
                                                    "if (" + RowName + " >= " + Bound + ")\n" + Ind + Unit +
                                                    "return;");
    for (const Expr *B : P.BlockIdxUses)
      E.replace(B, RowName);
  }
  for (const StridedLoop &SL : P.Loops) {
    E.replace(SL.Init, SL.Start);
    E.replace(SL.Inc, "++" + SL.Index->getName().str());
  }
  for (const RowReduction &RR : P.Reductions) {
    for (const Stmt *St : RR.M.Stmts)
      if (St != RR.AliasStmt)
        E.removeStatement(St);
    if (RR.B)
      for (const Stmt *St : RR.B->Stmts)
        if (St != RR.AliasStmt)
          E.removeStatement(St);
    if (RR.AliasStmt)
      E.replaceStatement(RR.AliasStmt, (RR.AliasDeclares ? writtenType(Ctx, RR.Alias) + " " : std::string()) +
                                           RR.Alias->getName().str() + " = " + RR.Acc->getName().str() + ";");
  }
  for (const auto &[Read, Acc] : P.SlotReads)
    E.replace(Read, Acc->getName().str());
  for (const Stmt *B : P.Barriers)
    E.removeStatement(B);
  for (const DeclStmt *DS : P.DeadDecls)
    E.removeStatement(DS);
  for (const DeclStmt *DS : P.LeaderScalars) {
    const auto *V = cast<VarDecl>(DS->getSingleDecl());
    E.replaceStatement(DS, writtenType(Ctx, V) + " " + V->getName().str() + ";");
  }
  for (const IfStmt *If : P.Leaders) {
    auto K = P.LeaderKept.find(If);
    if (K != P.LeaderKept.end())
      E.replace(If->getCond(), nodeText(Ctx, K->second, ""));
    else
      E.unwrap(If, If->getThen(), Unit);
  }
  for (const auto &[Launch, Grid] : L.Grids) {
    E.setLaunchArg(Launch, LaunchArg::Grid, Grid);
    E.setLaunchArg(Launch, LaunchArg::Block, std::to_string(Block));
  }
  S.Facts["block-size"] = std::to_string(Block);
  commit(E, S);
}

} // namespace row_parallelize
} // namespace klineage
