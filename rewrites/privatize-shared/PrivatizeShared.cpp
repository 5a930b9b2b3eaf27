//===- PrivatizeShared.cpp - Histogram atomics into a per-block shared copy ---===//
//
// Part of KLineage. Forward: a kernel whose threads update a small global
// array with atomics at indices computed from data (a histogram,
// `atomicAdd(&hist[px[i]], 1)`) gets a per-block copy of the array in shared
// memory, sized by the bin count: the block fills it with the operator's
// identity (a block-stride loop, then `__syncthreads()`), the updates become
// shared-memory atomics, and at the end of the kernel, after another
// barrier, each bin is merged into the global array with one atomic per
// block (bins still at the identity are skipped, option skip-empty-bins).
// Contention on a few hot addresses moves from L2 atomics to shared-memory
// atomics, and global atomics fall from one per element to one per bin per
// block. Early `return`s would skip the merge barrier: a top-level guard
// `if (C) return;` becomes `if (!C) { ... }` around the rest of the body;
// any other early exit is refused.
//
// Reverse: a kernel-local `__shared__` array filled with the identity,
// updated with atomics and merged bin by bin into a global array with one
// atomic per block becomes direct atomics on the global array: the
// declaration, the fill, the merge and the two barriers go (the barriers
// stay when other shared memory or global stores may need them).
//
// Docs: docs/rewrites/privatize-shared.md.
//
//===----------------------------------------------------------------------===//
#include "RewriteRegistry.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/KernelExits.h"
#include "klineage/Analysis/BarrierRegions.h"
#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/PointerProvenance.h"
#include "klineage/Analysis/PointerUses.h"
#include "klineage/Analysis/ReplicatedCopies.h"
#include "klineage/Analysis/SharedMemory.h"
#include "klineage/Analysis/ThreadAxes.h"
#include "klineage/Analysis/Uniformity.h"
#include "klineage/Analysis/ValueRange.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "klineage/Cuda/Matchers.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Rewrite/LaunchShape.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <functional>
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;
using klineage::analysis::IntRange;
using klineage::analysis::PointerUse;

namespace klineage {
namespace {

/// Bound-node ids shared by the forward and the reverse matchers.
namespace ids {
constexpr char Kernel[] = "kernel";
} // namespace ids

constexpr char Name[] = "privatize-shared";
constexpr char ArrayGlobal[] = "bin-array-global";
constexpr char UpdatesAtomic[] = "bin-updates-atomic";
constexpr char OpCombinable[] = "bin-op-combinable";
constexpr char ResultsUnused[] = "atomic-results-unused";
constexpr char ArrayPrivate[] = "bin-array-private";
constexpr char BinCountKnown[] = "bin-count-known";
constexpr char IndexInRange[] = "bin-index-in-range";
constexpr char FitsShared[] = "bins-fit-shared";
constexpr char BarriersUniform[] = "barriers-uniform";
constexpr char ExitsRestructurable[] = "exits-restructurable";
constexpr char CopyLocal[] = "private-copy-local";
constexpr char CopyInitialised[] = "private-copy-initialised";
constexpr char CopyMerged[] = "private-copy-merged";
constexpr char CopiesSummed[] = "private-copies-summed";
constexpr char CopyStrided[] = "private-copy-strided";
constexpr char HelpersLocal[] = "private-copy-helpers-local";

constexpr uint64_t DefaultBudget = 48 * 1024;

Status checkArrayGlobal(const PreconditionQuery &Q, PreconditionResult &R);
Status checkUpdatesAtomic(const PreconditionQuery &Q, PreconditionResult &R);
Status checkOpCombinable(const PreconditionQuery &Q, PreconditionResult &R);
Status checkResultsUnused(const PreconditionQuery &Q, PreconditionResult &R);
Status checkArrayPrivate(const PreconditionQuery &Q, PreconditionResult &R);
Status checkBinCountKnown(const PreconditionQuery &Q, PreconditionResult &R);
Status checkIndexInRange(const PreconditionQuery &Q, PreconditionResult &R);
Status checkFitsShared(const PreconditionQuery &Q, PreconditionResult &R);
Status checkBarriersUniform(const PreconditionQuery &Q, PreconditionResult &R);
Status checkExitsRestructurable(const PreconditionQuery &Q, PreconditionResult &R);
Status checkCopyLocal(const PreconditionQuery &Q, PreconditionResult &R);
Status checkCopyInitialised(const PreconditionQuery &Q, PreconditionResult &R);
Status checkCopyMerged(const PreconditionQuery &Q, PreconditionResult &R);
Status checkCopiesSummed(const PreconditionQuery &Q, PreconditionResult &R);
Status checkCopyStrided(const PreconditionQuery &Q, PreconditionResult &R);
Status checkHelpersLocal(const PreconditionQuery &Q, PreconditionResult &R);

const PreconditionSpec Specs[] = {
    {ArrayGlobal, Direction::Forward, 1701,
     "the updated array is a pointer parameter of the kernel (global memory), used directly or "
     "through local pointers initialised to it",
     &checkArrayGlobal},
    {UpdatesAtomic, Direction::Forward, 1702,
     "every write of the array in the kernel is an atomic read-modify-write (no plain store or "
     "'+=')",
     &checkUpdatesAtomic},
    {OpCombinable, Direction::Forward, 1703,
     "the atomics are device-scope and share one associative, commutative operator on an "
     "integer element (add/sub, max, min, and, or, xor); a float sum is unknown unless "
     "--assume=reassociate",
     &checkOpCombinable},
    {ResultsUnused, Direction::Forward, 1704,
     "the value an atomic returns (the old count) is not used", &checkResultsUnused},
    {ArrayPrivate, Direction::Forward, 1705,
     "the kernel does not otherwise read, write or pass on the array, nor access memory through "
     "a pointer that may alias it (unknown unless __restrict__ or --assume=noalias:NAME)",
     &checkArrayPrivate},
    {BinCountKnown, Direction::Forward, 1706,
     "the bin count is known at compile time: the indices' proven upper bound, or "
     "--assume=bins:NAME:N",
     &checkBinCountKnown},
    {IndexInRange, Direction::Forward, 1707,
     "every update's index lies in [0, bins): proven, or asserted by --assume=bins:NAME:N",
     &checkIndexInRange},
    {FitsShared, Direction::Forward, 1708,
     "the shared copy and the kernel's own shared memory fit the per-block budget "
     "(shared-budget, 48 KiB by default: the static limit)",
     &checkFitsShared},
    {BarriersUniform, Direction::Forward, 1709,
     "every barrier already in the kernel is reached by all threads of the block "
     "(BarrierRegions), so the two inserted ones are too",
     &checkBarriersUniform},
    {ExitsRestructurable, Direction::Forward, 1710,
     "every early return is a top-level guard 'if (C) return;' (rewritten to enclose the rest of "
     "the body) or the body's last statement: every thread reaches the merge",
     &checkExitsRestructurable},
    {CopyLocal, Direction::Reverse, 1711,
     "the shared copy is a one-dimensional static __shared__ array declared alone at the top "
     "level of the kernel's body",
     &checkCopyLocal},
    {CopyInitialised, Direction::Reverse, 1712,
     "before its first update, one top-level statement fills every element of the copy with the "
     "merge operator's identity, followed by a top-level __syncthreads()",
     &checkCopyInitialised},
    {CopyMerged, Direction::Reverse, 1713,
     "after its last update and a top-level __syncthreads(), one top-level statement adds every "
     "element b of the copy to element b of a global array (a kernel parameter) with one atomic "
     "per block, skipping at most identity values (replicated copies: a loop over the B bins "
     "combines each bin's copies into an accumulator, then one atomic into g[b])",
     &checkCopyMerged},
    {CopiesSummed, Direction::Reverse, 1714,
     "a copy replicated C times (B bins laid out bin * C + k) is merged bin by bin as the "
     "combination of all C copies of the bin, each read once, in any order (ReplicatedCopies)",
     &checkCopiesSummed},
    {CopyStrided, Direction::Reverse, 1715,
     "every update of replicated copies hits element bin * C + k with the copy index k in [0, C) "
     "and the bin in [0, B), through the index or an offset pointer (ReplicatedCopies)",
     &checkCopyStrided},
    {HelpersLocal, Direction::Reverse, 1716,
     "every device function that receives the copy (or a pointer into it) uses it only for atomic "
     "updates; it is rewritten in place, or copied for the kernel when something else uses it too",
     &checkHelpersLocal},
    {UpdatesAtomic, Direction::Reverse, 1702,
     "between fill and merge, every access of the shared copy is an atomic update", &checkUpdatesAtomic},
    {OpCombinable, Direction::Reverse, 1703,
     "the copy's atomics and the merge's share one associative, commutative operator (a float "
     "sum: unknown unless --assume=reassociate)",
     &checkOpCombinable},
    {ResultsUnused, Direction::Reverse, 1704,
     "the value the copy's atomics return is not used", &checkResultsUnused},
    {ArrayPrivate, Direction::Reverse, 1705,
     "the kernel does not otherwise use the global array, nor access memory through a pointer "
     "that may alias it",
     &checkArrayPrivate},
};

//===----------------------------------------------------------------------===//
// What the forward preconditions look at
//===----------------------------------------------------------------------===//

std::string quoted(const ASTContext &Ctx, const Stmt *S) {
  return "'" + nodeText(Ctx, S, "<expr>") + "'";
}

/// The forward site: one kernel's atomic updates of one array, anchored at
/// the first one.
struct Histogram {
  const FunctionDecl *Kernel = nullptr;
  const CallExpr *Anchor = nullptr;
  analysis::Root Root;
  const ParmVarDecl *Param = nullptr; ///< Root.D when it is the kernel's pointer parameter
  std::vector<PointerUse> Uses;       ///< of Param
  std::string name() const { return Param ? Param->getName().str() : Root.Name; }
  std::vector<const PointerUse *> updates() const {
    std::vector<const PointerUse *> Out;
    for (const PointerUse &U : Uses)
      if (U.K == PointerUse::AtomicUpdate)
        Out.push_back(&U);
    return Out;
  }
};

Histogram histogramAt(const PreconditionQuery &Q) {
  Histogram H;
  H.Kernel = Q.Function;
  H.Anchor = Q.Node.get<CallExpr>();
  ASTContext &Ctx = Q.AC.ast();
  if (!H.Kernel || !H.Anchor || H.Anchor->getNumArgs() < 1)
    return H;
  analysis::Linearizer Lin(Ctx);
  analysis::PointerProvenance PP(Ctx, analysis::AnalysisCache::of(Ctx).facts(H.Kernel), Lin);
  H.Root = PP.rootOf(H.Anchor->getArg(0));
  if (H.Root.K == analysis::Root::KernelParam)
    H.Param = dyn_cast_or_null<ParmVarDecl>(H.Root.D);
  if (H.Param && H.Param->getType()->isPointerType())
    H.Uses = analysis::pointerUses(Ctx, H.Kernel, H.Param);
  else
    H.Param = nullptr;
  return H;
}

/// The status of a check that needs the kernel's array (bin-array-global).
Status noArray(const Histogram &H, PreconditionResult &R) {
  R.Reason = "the updated array '" + H.name() + "' is not a pointer parameter of the kernel (see " +
             std::string(ArrayGlobal) + ")";
  return Status::Unknown;
}

std::optional<cuda::ScalarType> elementType(const Histogram &H) {
  return cuda::scalarTypeOf(H.Param->getType()->getPointeeType());
}

/// The bin count and each update's index range.
struct Bins {
  struct Index {
    const PointerUse *Use = nullptr;
    std::optional<IntRange> Range; ///< unset: the walk did not reach it
  };
  std::vector<Index> Indices;
  std::optional<uint64_t> Count;
  std::string Text;          ///< Count as the declaration writes it
  bool Asserted = false;     ///< from --assume=bins
  const Index *Widest = nullptr; ///< the index whose bound sets Count
};

/// The text of \p E as written (whole macro uses included), when \p E names
/// a constant (a macro, a constexpr variable, an enumerator, a template
/// parameter) and can be written at the top of kernel \p K: it names no
/// local or parameter, and a template parameter only of \p K (not of a
/// helper it was in).
std::optional<std::string> constantText(const ASTContext &Ctx, const FunctionDecl *K, const Expr *E) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation KB = SM.getExpansionLoc(K->getBeginLoc()), KE = SM.getExpansionLoc(K->getEndLoc());
  bool Ok = !E->isValueDependent();
  bool Named = false; // a macro or a named constant: worth keeping over the number
  std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    if (S->getBeginLoc().isMacroID())
      Named = true;
    if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
      Named = true;
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && (V->hasLocalStorage() || isa<ParmVarDecl>(V)))
        Ok = false;
    }
    if (isa<SubstNonTypeTemplateParmExpr>(S)) {
      Named = true;
      SourceLocation At = SM.getExpansionLoc(S->getBeginLoc());
      if (SM.isBeforeInTranslationUnit(At, KB) || SM.isBeforeInTranslationUnit(KE, At))
        Ok = false;
    }
    for (const Stmt *C : S->children())
      Scan(C);
  };
  Scan(E);
  if (!Ok || !Named)
    return std::nullopt;
  CharSourceRange CR = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(E->getSourceRange()),
                                                SM, Ctx.getLangOpts());
  // Text the user wrote (the main file or a user header), not a system macro's.
  if (CR.isInvalid() || !isEditable(SM, CR.getBegin()))
    return std::nullopt;
  std::string Text = Lexer::getSourceText(CR, SM, Ctx.getLangOpts()).str();
  if (Text.empty())
    return std::nullopt;
  return Text;
}

/// Text for the value of \p E plus \p Add at the top of kernel \p K, or
/// empty (constantText).
std::string spellBound(const ASTContext &Ctx, const FunctionDecl *K, const Expr *E, int64_t Add) {
  if (!E)
    return "";
  std::optional<std::string> Text = constantText(Ctx, K, E);
  if (!Text)
    return "";
  if (Add == 0)
    return *Text;
  // `(NUM_BINS - 1) + 1` is NUM_BINS.
  if (const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParens());
      B && B->getOpcode() == BO_Sub && Add > 0)
    if (const auto *L = dyn_cast<IntegerLiteral>(B->getRHS()->IgnoreParenImpCasts());
        L && L->getValue() == uint64_t(Add))
      if (std::optional<std::string> LT = constantText(Ctx, K, B->getLHS()))
        return *LT;
  return parenIf(needsParens(E, prec::Additive), *Text) + (Add > 0 ? " + " : " - ") +
         std::to_string(Add > 0 ? Add : -Add);
}

Bins binsOf(ASTContext &Ctx, const Histogram &H, const Assumptions &A) {
  Bins B;
  analysis::ValueRanges VR(Ctx, H.Kernel, A.parameterRanges(H.Kernel));
  for (const PointerUse &U : H.Uses)
    if (U.K == PointerUse::AtomicUpdate)
      B.Indices.push_back({&U, U.Index ? VR.rangeOf(U.Index) : IntRange::exactly(0)});
  if (std::optional<unsigned> N = A.bins(H.Kernel->getName(), H.name())) {
    B.Count = *N;
    B.Text = std::to_string(*N);
    B.Asserted = true;
    return B;
  }
  for (const Bins::Index &I : B.Indices) {
    if (!I.Range || !I.Range->boundedAbove() || I.Range->Hi >= (int64_t(1) << 31))
      return B; // unbounded: no count
    if (!B.Widest || I.Range->Hi > B.Widest->Range->Hi ||
        (I.Range->Hi == B.Widest->Range->Hi && !B.Widest->Range->HiExpr && I.Range->HiExpr))
      B.Widest = &I;
  }
  if (!B.Widest)
    return B;
  int64_t Hi = std::max<int64_t>(B.Widest->Range->Hi, 0);
  B.Count = uint64_t(Hi) + 1;
  B.Text = spellBound(Ctx, H.Kernel, B.Widest->Range->HiExpr,
                      B.Widest->Range->HiAdjust + 1);
  if (B.Text.empty() || B.Widest->Range->Hi < 0)
    B.Text = std::to_string(*B.Count);
  return B;
}

std::string indexText(const ASTContext &Ctx, const PointerUse &U) {
  return U.Index ? quoted(Ctx, U.Index) : "0 (the first element)";
}

/// The atomic that merges a block's partial result of \p Op.
cuda::AtomicOp mergeAtomic(cuda::ReduceOp Op) {
  switch (Op) {
  case cuda::ReduceOp::Add: return cuda::AtomicOp::Add;
  case cuda::ReduceOp::Max: return cuda::AtomicOp::Max;
  case cuda::ReduceOp::Min: return cuda::AtomicOp::Min;
  case cuda::ReduceOp::And: return cuda::AtomicOp::And;
  case cuda::ReduceOp::Or: return cuda::AtomicOp::Or;
  case cuda::ReduceOp::Xor: return cuda::AtomicOp::Xor;
  }
  return cuda::AtomicOp::Add;
}

//===----------------------------------------------------------------------===//
// Forward preconditions
//===----------------------------------------------------------------------===//

Status checkArrayGlobal(const PreconditionQuery &Q, PreconditionResult &R) {
  Histogram H = histogramAt(Q);
  const ASTContext &Ctx = Q.AC.ast();
  if (H.Param) {
    R.Reason = "'" + H.name() + "' is a pointer parameter of kernel '" +
               H.Kernel->getNameAsString() + "' (global memory)";
    return Status::Holds;
  }
  using analysis::Root;
  switch (H.Root.K) {
  case Root::GlobalVar:
    R.Reason = "'" + H.name() + "' is a __device__ array, not a kernel parameter: other kernels "
               "and the host may use it where this rewrite cannot see";
    break;
  case Root::Member:
    R.Reason = "the array is reached through member '" + H.name() +
               "': its other uses cannot all be followed";
    break;
  case Root::DeviceParam:
    R.Reason = "'" + H.name() + "' is a parameter of a device function, not of a kernel";
    break;
  default:
    R.Reason = "the updated pointer " + quoted(Ctx, H.Anchor->getArg(0)) + " has no kernel "
               "parameter as its origin" + (H.Root.Why.empty() ? "" : ": " + H.Root.Why);
  }
  R.Evidence.push_back(evidenceAt(Ctx, H.Anchor->getBeginLoc(), "update", "updated here"));
  return Status::Fails;
}

//===----------------------------------------------------------------------===//
// The reverse's pattern: a private copy in shared memory
//===----------------------------------------------------------------------===//

/// What the reverse preconditions look at: a kernel-local __shared__ array,
/// its fill, its atomic updates and its merge into a global array.
struct PrivateCopy {
  const FunctionDecl *Kernel = nullptr;
  const VarDecl *Copy = nullptr;
  const DeclStmt *Decl = nullptr;     ///< a top-level statement declaring only Copy
  std::optional<uint64_t> Size;
  std::vector<PointerUse> Uses;       ///< of Copy
  const Stmt *Fill = nullptr;         ///< top-level: every element := identity
  const Expr *FillValue = nullptr;
  const Stmt *FillBarrier = nullptr;  ///< top-level __syncthreads() after Fill
  const Stmt *MergeBarrier = nullptr; ///< top-level __syncthreads() before Merge
  const Stmt *Merge = nullptr;        ///< top-level: g[b] op= Copy[b] for every b
  const CallExpr *MergeCall = nullptr;
  std::optional<cuda::AtomicFunction> MergeFn;
  const ParmVarDecl *Target = nullptr; ///< g
  std::string LocalWhy, FillWhy, MergeWhy; ///< set when that part is not recognised
  /// Every use of the copy, through offset pointers and helpers.
  analysis::CopyAccesses Accesses;
  /// Replicated copies (the merge's loop runs over fewer bins than the
  /// copy holds): C copies of Bins bins, laid out bin * C + k.
  uint64_t Copies = 1, Bins = 0;
  analysis::CopyLayout Layout = analysis::CopyLayout::Interleaved;
  std::string SummedWhy;              ///< replicated: why the copies are not all combined
  const Expr *SummedAt = nullptr;
  /// The uses of Copy that the fill and the merge make.
  bool inFillOrMerge(const PointerUse &U) const;
  std::vector<const PointerUse *> updates() const {
    std::vector<const PointerUse *> Out;
    for (const PointerUse &U : Uses)
      if (U.K == PointerUse::AtomicUpdate && !inFillOrMerge(U))
        Out.push_back(&U);
    return Out;
  }
};

bool PrivateCopy::inFillOrMerge(const PointerUse &U) const {
  return analysis::containsStmt(Fill, U.At) || analysis::containsStmt(Merge, U.At);
}

/// The updates of replicated copies between fill and merge (in the kernel
/// and in the helpers that receive the copy).
std::vector<const analysis::CopyAccess *> replicatedUpdates(const PrivateCopy &P) {
  std::vector<const analysis::CopyAccess *> Out;
  for (const analysis::CopyAccess &A : P.Accesses.Uses)
    if (A.isUpdate() && !analysis::containsStmt(P.Fill, A.KernelAt) && !analysis::containsStmt(P.Merge, A.KernelAt))
      Out.push_back(&A);
  return Out;
}

/// The linear form of \p E as a sum of builtin monomials, or nullopt.
std::optional<analysis::LinearForm> formOf(const ASTContext &Ctx, const Expr *E) {
  analysis::Linearizer Lin(Ctx);
  return E ? Lin.linearize(E) : std::nullopt;
}

analysis::LinearForm builtinForm(std::vector<std::vector<std::string>> Monomials) {
  analysis::LinearForm F;
  for (auto &M : Monomials) {
    std::vector<std::string> Keys;
    for (const std::string &N : M)
      Keys.push_back("b:" + N);
    std::sort(Keys.begin(), Keys.end());
    F.Terms[Keys] = 1;
  }
  return F;
}

/// How many threads of a block a start index and a stride give each
/// element of [0, N) to: `threadIdx.x` stepping `blockDim.x` gives each
/// element to one thread of every (y, z) row of the block; the block's
/// linear thread index stepping the thread count, to exactly one thread.
enum class Coverage { None, EveryRow, Once };

Coverage coverage(const ASTContext &Ctx, const Expr *Start, const Expr *Step,
                  std::optional<analysis::Dim3> Shape) {
  auto S = formOf(Ctx, Start), T = formOf(Ctx, Step);
  if (!S || !T)
    return Coverage::None;
  bool Rows1 = Shape && Shape->Y == 1 && Shape->Z == 1;
  auto StepIs = [&](const analysis::LinearForm &F, uint64_t Threads) {
    return T->Terms == F.Terms ||
           (T->isConstant() && Shape && uint64_t(T->constant()) == Threads && T->constant() > 0);
  };
  if (S->Terms == builtinForm({{"threadIdx.x"}}).Terms && Shape ? StepIs(builtinForm({{"blockDim.x"}}), Shape->X)
                                                                : T->Terms == builtinForm({{"blockDim.x"}}).Terms)
    return Rows1 ? Coverage::Once : Coverage::EveryRow;
  analysis::LinearForm Tid2 = builtinForm({{"threadIdx.x"}, {"blockDim.x", "threadIdx.y"}});
  analysis::LinearForm Tid3 = builtinForm(
      {{"threadIdx.x"}, {"blockDim.x", "threadIdx.y"}, {"blockDim.x", "blockDim.y", "threadIdx.z"}});
  if (S->Terms == Tid3.Terms &&
      StepIs(builtinForm({{"blockDim.x", "blockDim.y", "blockDim.z"}}), Shape ? Shape->count() : 0))
    return Coverage::Once;
  if (S->Terms == Tid2.Terms &&
      StepIs(builtinForm({{"blockDim.x", "blockDim.y"}}), Shape ? Shape->X * Shape->Y : 0))
    return Shape && Shape->Z == 1 ? Coverage::Once : Coverage::EveryRow;
  return Coverage::None;
}

/// One thread per element: `s[tid] = ...` with the block's thread count
/// equal to N (or guarded by `tid < N` with at least N threads).
Coverage threadPerElement(const ASTContext &Ctx, const Expr *Index, std::optional<analysis::Dim3> Shape,
                          uint64_t N, bool Guarded) {
  auto S = formOf(Ctx, Index);
  if (!S || !Shape)
    return Coverage::None;
  bool Enough = Guarded ? Shape->X >= N : Shape->X == N;
  if (S->Terms == builtinForm({{"threadIdx.x"}}).Terms && Enough)
    return Shape->Y == 1 && Shape->Z == 1 ? Coverage::Once : Coverage::EveryRow;
  return Coverage::None;
}

/// A block-stride loop `for (int b = START; b < N; b += STEP) BODY` over
/// [0, \p N): its variable and body, or null.
const VarDecl *blockStrideLoop(const ASTContext &Ctx, const Stmt *S, uint64_t N,
                               std::optional<analysis::Dim3> Shape, Coverage &Cov,
                               const Stmt *&Body, uint64_t *AnyBound = nullptr) {
  const auto *For = dyn_cast<ForStmt>(S);
  if (!For || !For->getInit() || !For->getCond() || !For->getInc())
    return nullptr;
  const auto *DS = dyn_cast<DeclStmt>(For->getInit());
  const auto *V = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  const auto *Cond = dyn_cast<BinaryOperator>(For->getCond()->IgnoreParenImpCasts());
  const auto *Inc = dyn_cast<CompoundAssignOperator>(For->getInc()->IgnoreParenImpCasts());
  if (!V || !V->getInit() || !Cond || Cond->getOpcode() != BO_LT || !Inc ||
      Inc->getOpcode() != BO_AddAssign || analysis::refVar(Cond->getLHS()) != V ||
      analysis::refVar(Inc->getLHS()) != V)
    return nullptr;
  Expr::EvalResult Bound;
  if (Cond->getRHS()->isValueDependent() || !Cond->getRHS()->EvaluateAsInt(Bound, Ctx) ||
      (AnyBound ? Bound.Val.getInt().isNegative() : Bound.Val.getInt() != N))
    return nullptr;
  if (AnyBound)
    *AnyBound = Bound.Val.getInt().getZExtValue();
  Cov = coverage(Ctx, V->getInit(), Inc->getRHS(), Shape);
  Body = For->getBody();
  if (const auto *CS = dyn_cast<CompoundStmt>(Body); CS && CS->size() == 1)
    Body = CS->body_front();
  return Cov == Coverage::None ? nullptr : V;
}

/// `Copy[I]` (or `*(Copy + I)`) with index variable \p I (or, when \p I is
/// null, any index), as an lvalue: its index, or null.
const Expr *copyElement(const Expr *E, const VarDecl *Copy, const VarDecl *I) {
  E = E->IgnoreParenImpCasts();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    if (analysis::refVar(AS->getBase()) == Copy && (!I || analysis::refVar(AS->getIdx()) == I))
      return AS->getIdx();
  return nullptr;
}

/// Recognises the fill: `Copy[i] = V` for every i, by a block-stride loop
/// or one element per thread.
void recogniseFill(const ASTContext &Ctx, PrivateCopy &P, const Stmt *S,
                   std::optional<analysis::Dim3> Shape) {
  const Stmt *Body = nullptr;
  Coverage Cov = Coverage::None;
  const Expr *Index = nullptr;
  if (const VarDecl *I = blockStrideLoop(Ctx, S, *P.Size, Shape, Cov, Body)) {
    const auto *Set = dyn_cast<BinaryOperator>(Body);
    if (Set && Set->getOpcode() == BO_Assign && copyElement(Set->getLHS(), P.Copy, I)) {
      P.Fill = S;
      P.FillValue = Set->getRHS();
    }
    return;
  }
  const Stmt *Inner = S;
  bool Guarded = false;
  if (const auto *If = dyn_cast<IfStmt>(S); If && !If->getElse()) {
    const auto *C = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
    Expr::EvalResult Bound;
    if (!C || C->getOpcode() != BO_LT || C->getRHS()->isValueDependent() ||
        !C->getRHS()->EvaluateAsInt(Bound, Ctx) || Bound.Val.getInt() != *P.Size)
      return;
    Inner = If->getThen();
    Guarded = true;
  }
  const auto *Set = dyn_cast<BinaryOperator>(Inner);
  if (!Set || Set->getOpcode() != BO_Assign || !(Index = copyElement(Set->getLHS(), P.Copy, nullptr)))
    return;
  if (threadPerElement(Ctx, Index, Shape, *P.Size, Guarded) == Coverage::None)
    return;
  P.Fill = S;
  P.FillValue = Set->getRHS();
}

/// `atomicOp(&G[b], V)` or `atomicOp(G + b, V)` with index variable \p B
/// (any index when null): the call, with G and V.
const CallExpr *mergeCall(const Stmt *S, const VarDecl *B, const Expr *&Value,
                          const DeclRefExpr *&G, const Expr *&Index) {
  const auto *C = dyn_cast_or_null<CallExpr>(S);
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier() || !cuda::atomicFunction(F->getName()) || C->getNumArgs() != 2)
    return nullptr;
  const Expr *Addr = C->getArg(0)->IgnoreParenImpCasts();
  const Expr *Base = nullptr;
  if (const auto *U = dyn_cast<UnaryOperator>(Addr); U && U->getOpcode() == UO_AddrOf)
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens())) {
      Base = AS->getBase();
      Index = AS->getIdx();
    }
  if (const auto *Sum = dyn_cast<BinaryOperator>(Addr); Sum && Sum->getOpcode() == BO_Add) {
    Base = Sum->getLHS()->getType()->isPointerType() ? Sum->getLHS() : Sum->getRHS();
    Index = Base == Sum->getLHS() ? Sum->getRHS() : Sum->getLHS();
  }
  G = Base ? dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()) : nullptr;
  if (!G || !Index || (B && analysis::refVar(Index) != B))
    return nullptr;
  Value = C->getArg(1);
  return C;
}

/// Whether \p Cond is true exactly when \p Value (the copy's element, or a
/// local holding it) is not the identity of \p Op: `v != 0`, `v`, `v > 0u`.
bool skipsOnlyIdentity(const ASTContext &Ctx, const Expr *Cond, const Expr *ValueRef, cuda::ReduceOp Op,
                       cuda::ScalarType T) {
  auto Same = [&](const Expr *X) {
    X = X->IgnoreParenImpCasts();
    const Expr *Y = ValueRef->IgnoreParenImpCasts();
    if (const VarDecl *V = analysis::refVar(Y))
      return analysis::refVar(X) == V;
    const auto *XA = dyn_cast<ArraySubscriptExpr>(X), *YA = dyn_cast<ArraySubscriptExpr>(Y);
    return XA && YA && analysis::refVar(XA->getBase()) == analysis::refVar(YA->getBase()) &&
           analysis::refVar(XA->getIdx()) && analysis::refVar(XA->getIdx()) == analysis::refVar(YA->getIdx());
  };
  auto Identity = [&](const Expr *X) {
    Expr::EvalResult R;
    return !X->isValueDependent() && X->EvaluateAsRValue(R, Ctx) && cuda::isIdentityValue(Op, T, R.Val);
  };
  Cond = Cond->IgnoreParenImpCasts();
  if (Same(Cond))
    return Op == cuda::ReduceOp::Add || Op == cuda::ReduceOp::Or || Op == cuda::ReduceOp::Xor ||
           (Op == cuda::ReduceOp::Max && (T == cuda::ScalarType::UInt || T == cuda::ScalarType::ULongLong));
  if (const auto *B = dyn_cast<BinaryOperator>(Cond)) {
    const Expr *L = B->getLHS(), *R = B->getRHS();
    if (B->getOpcode() == BO_NE)
      return (Same(L) && Identity(R)) || (Same(R) && Identity(L));
    // `v > 0` skips only 0 when no value is below it.
    bool Unsigned = T == cuda::ScalarType::UInt || T == cuda::ScalarType::ULongLong;
    if (B->getOpcode() == BO_GT && Unsigned && Op == cuda::ReduceOp::Add)
      return Same(L) && Identity(R);
  }
  return false;
}

/// Recognises the merge: for every b, `atomicOp(&G[b], Copy[b])`, perhaps
/// through a local and an identity test, by a block-stride loop or one
/// element per thread.
void recogniseMerge(const ASTContext &Ctx, PrivateCopy &P, const Stmt *S,
                    std::optional<analysis::Dim3> Shape) {
  const Stmt *Body = nullptr;
  Coverage Cov = Coverage::None;
  const VarDecl *B = blockStrideLoop(Ctx, S, *P.Size, Shape, Cov, Body);
  if (B && Cov != Coverage::Once) {
    P.MergeWhy = "the merge loop's threads cover each element once per row of the block, and "
                 "the launches do not show a one-row block";
    return;
  }
  bool Guarded = false;
  if (!B) {
    Body = S;
    if (const auto *If = dyn_cast<IfStmt>(S); If && !If->getElse()) {
      const auto *C = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
      Expr::EvalResult Bound;
      if (C && C->getOpcode() == BO_LT && !C->getRHS()->isValueDependent() &&
          C->getRHS()->EvaluateAsInt(Bound, Ctx) && Bound.Val.getInt() == *P.Size) {
        Body = If->getThen();
        Guarded = true;
        if (const auto *CS = dyn_cast<CompoundStmt>(Body); CS && CS->size() == 1)
          Body = CS->body_front();
      }
    }
  }
  // `T v = Copy[b];` first.
  const VarDecl *Local = nullptr;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body); CS && CS->size() == 2)
    if (const auto *DS = dyn_cast<DeclStmt>(CS->body_front()); DS && DS->isSingleDecl())
      if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
          V && V->getInit() && copyElement(V->getInit(), P.Copy, B)) {
        Local = V;
        Body = CS->body_back();
      }
  const Expr *Test = nullptr;
  if (const auto *If = dyn_cast<IfStmt>(Body); If && !If->getElse() && !If->getInit()) {
    Test = If->getCond();
    Body = If->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Body); CS && CS->size() == 1)
      Body = CS->body_front();
  }
  const Expr *Value = nullptr, *Index = nullptr;
  const DeclRefExpr *G = nullptr;
  const CallExpr *C = mergeCall(Body, B, Value, G, Index);
  if (!C) {
    P.MergeWhy = "the statement after the last barrier is not a merge 'atomicOp(&g[b], copy[b])' "
                 "over every element";
    return;
  }
  bool ValueOk = Local ? analysis::refVar(Value) == Local : copyElement(Value, P.Copy, B) != nullptr;
  if (!B) {
    const Expr *VI = copyElement(Value, P.Copy, nullptr);
    auto Same = [&](const Expr *X, const Expr *Y) {
      auto FX = formOf(Ctx, X), FY = formOf(Ctx, Y);
      return FX && FY && FX->Terms == FY->Terms;
    };
    ValueOk = VI && Same(VI, Index) && threadPerElement(Ctx, Index, Shape, *P.Size, Guarded) == Coverage::Once;
  }
  if (!ValueOk) {
    P.MergeWhy = "the merge " + quoted(Ctx, C) + " does not add element b of the copy to element b, "
                 "once per block";
    return;
  }
  const auto *Param = dyn_cast<ParmVarDecl>(G->getDecl());
  if (!Param || !cuda::isKernel(P.Kernel) || !Param->getType()->isPointerType() ||
      !Ctx.hasSameUnqualifiedType(Param->getType()->getPointeeType(),
                                  Ctx.getAsArrayType(P.Copy->getType())->getElementType())) {
    P.MergeWhy = "the merge target '" + G->getDecl()->getNameAsString() +
                 "' is not a pointer parameter of the kernel with the copy's element type";
    return;
  }
  std::optional<cuda::AtomicFunction> Fn = cuda::atomicFunction(C->getDirectCallee()->getName());
  std::optional<cuda::ScalarType> T = cuda::scalarTypeOf(Param->getType()->getPointeeType());
  std::optional<cuda::ReduceOp> Op = Fn ? cuda::aggregateOf(Fn->Op) : std::nullopt;
  if (!Op || !T || Fn->Scope != cuda::AtomicScope::Device || Fn->Op == cuda::AtomicOp::Sub) {
    P.MergeWhy = "the merge " + quoted(Ctx, C) + " is not a device-wide atomic sum, max, min, and, "
                 "or or xor";
    return;
  }
  if (Test && !skipsOnlyIdentity(Ctx, Test, Local ? static_cast<const Expr *>(Value) : Value, *Op, *T)) {
    P.MergeWhy = "the merge's test " + quoted(Ctx, Test) + " may skip bins that are not empty";
    return;
  }
  P.Merge = S;
  P.MergeCall = C;
  P.MergeFn = Fn;
  P.Target = Param;
}

/// Recognises the merge of replicated copies: a block-stride loop over B
/// bins, fewer than the copy's N elements and dividing them, whose body
/// combines the C = N / B copies of bin b into an accumulator and adds it to
/// g[b] with one atomic (ReplicatedCopies::binMerge). False when \p S is no
/// such loop (the one-copy merge is then tried).
bool recogniseReplicatedMerge(ASTContext &Ctx, PrivateCopy &P, const Stmt *S,
                              std::optional<analysis::Dim3> Shape) {
  const Stmt *Body = nullptr;
  Coverage Cov = Coverage::None;
  uint64_t NB = 0;
  const VarDecl *B = blockStrideLoop(Ctx, S, *P.Size, Shape, Cov, Body, &NB);
  if (!B || NB == 0 || NB >= *P.Size || *P.Size % NB != 0)
    return false;
  uint64_t C = *P.Size / NB;
  const auto *For = cast<ForStmt>(S);
  analysis::BinMerge M = analysis::binMerge(Ctx, P.Kernel, For->getBody(), B, P.Copy, C, NB);
  const auto *Block = dyn_cast<CompoundStmt>(For->getBody());
  if (!M.Shaped && (!Block || Block->size() < 2))
    return false; // not an accumulation: the one-copy merge says why
  std::string Of = "the merge over " + std::to_string(NB) + " bins of " + std::to_string(C) + " copies";
  if (!M.Shaped) {
    P.MergeWhy = Of + ": " + M.ShapeWhy;
    return true;
  }
  if (Cov != Coverage::Once) {
    P.MergeWhy = "the merge loop's threads cover each bin once per row of the block, and the "
                 "launches do not show a one-row block";
    return true;
  }
  const auto *Param = dyn_cast<ParmVarDecl>(M.Target->getDecl());
  if (!Param || !cuda::isKernel(P.Kernel) || !Param->getType()->isPointerType() ||
      !Ctx.hasSameUnqualifiedType(Param->getType()->getPointeeType(),
                                  Ctx.getAsArrayType(P.Copy->getType())->getElementType())) {
    P.MergeWhy = "the merge target '" + M.Target->getDecl()->getNameAsString() +
                 "' is not a pointer parameter of the kernel with the copy's element type";
    return true;
  }
  std::optional<cuda::AtomicFunction> Fn = cuda::atomicFunction(M.Atomic->getDirectCallee()->getName());
  std::optional<cuda::ScalarType> T = cuda::scalarTypeOf(Param->getType()->getPointeeType());
  std::optional<cuda::ReduceOp> Op = Fn ? cuda::aggregateOf(Fn->Op) : std::nullopt;
  if (!Op || !T || Fn->Scope != cuda::AtomicScope::Device || Fn->Op == cuda::AtomicOp::Sub) {
    P.MergeWhy = "the merge " + quoted(Ctx, M.Atomic) + " is not a device-wide atomic sum, max, "
                 "min, and, or or xor";
    return true;
  }
  if (M.Test && !skipsOnlyIdentity(Ctx, M.Test, M.Atomic->getArg(1), *Op, *T)) {
    P.MergeWhy = "the merge's test " + quoted(Ctx, M.Test) + " may skip bins that are not empty";
    return true;
  }
  P.Merge = S;
  P.MergeCall = M.Atomic;
  P.MergeFn = Fn;
  P.Target = Param;
  P.Copies = C;
  P.Bins = NB;
  P.Layout = M.Layout;
  P.SummedAt = M.Read;
  Expr::EvalResult Init;
  QualType Elem = Ctx.getAsArrayType(P.Copy->getType())->getElementType();
  if (!M.Summed) {
    P.SummedWhy = M.SummedWhy;
  } else if (Ctx.getTypeSize(M.Acc->getType()) < Ctx.getTypeSize(Elem)) {
    P.SummedWhy = "the accumulator '" + M.Acc->getNameAsString() + "' ('" +
                  M.Acc->getType().getAsString() + "') is narrower than the copy's '" +
                  Elem.getAsString() + "': the block's total would wrap where the global one does not";
    P.SummedAt = M.Init;
  } else if (*M.Op != *Op) {
    P.SummedWhy = "the copies are combined with " + std::string(cuda::reduceOpName(*M.Op)) +
                  " but merged with '" + cuda::atomicFunctionName(*Fn) + "'";
  } else if (!M.InitRead && (M.Init->isValueDependent() || !M.Init->EvaluateAsRValue(Init, Ctx) ||
                             !cuda::isIdentityValue(*Op, *T, Init.Val))) {
    P.SummedWhy = "the accumulator '" + M.Acc->getNameAsString() + "' starts at " +
                  quoted(Ctx, M.Init) + ", not at the identity of the " + cuda::reduceOpName(*Op);
    P.SummedAt = M.Init;
  }
  return true;
}

PrivateCopy privateCopyAt(const AnalysisContext &AC, const FunctionDecl *K, const VarDecl *Copy) {
  ASTContext &Ctx = AC.ast();
  PrivateCopy P;
  P.Kernel = K;
  P.Copy = Copy;
  const auto *Body = cast<CompoundStmt>(K->getBody());
  std::vector<const Stmt *> Stmts(Body->body_begin(), Body->body_end());
  for (const Stmt *S : Stmts)
    if (const auto *DS = dyn_cast<DeclStmt>(S); DS && DS->isSingleDecl() && DS->getSingleDecl() == Copy)
      P.Decl = DS;
  const auto *CAT = dyn_cast<ConstantArrayType>(Ctx.getAsArrayType(Copy->getType()));
  if (!P.Decl || !CAT || Ctx.getAsArrayType(CAT->getElementType()) || Copy->hasExternalStorage()) {
    P.LocalWhy = "'" + Copy->getNameAsString() + "' is not a one-dimensional static __shared__ "
                 "array declared alone at the top level of the kernel's body";
    return P;
  }
  P.Size = CAT->getZExtSize();
  P.Uses = analysis::pointerUses(Ctx, K, Copy);
  P.Accesses = analysis::copyAccesses(Ctx, K, Copy);
  std::optional<analysis::Dim3> Shape = knownBlockShape(AC, K);

  // The top-level statements that hold an atomic update of the copy (or a
  // call of a helper that makes one).
  auto HoldsUpdate = [&](const Stmt *S) {
    return llvm::any_of(P.Accesses.Uses, [&](const analysis::CopyAccess &A) {
      return A.isUpdate() && analysis::containsStmt(S, A.KernelAt);
    });
  };
  size_t First = Stmts.size(), Last = 0;
  for (size_t I = 0; I < Stmts.size(); ++I)
    if (HoldsUpdate(Stmts[I])) {
      First = std::min(First, I);
      Last = I;
    }
  size_t DeclAt = std::find(Stmts.begin(), Stmts.end(), P.Decl) - Stmts.begin();
  // The fill: a statement between the declaration and a barrier before the first update.
  for (size_t I = DeclAt + 1; I + 1 < First && I + 1 < Stmts.size(); ++I) {
    recogniseFill(Ctx, P, Stmts[I], Shape);
    if (!P.Fill)
      continue;
    for (size_t J = I + 1; J < First; ++J)
      if (analysis::isBarrierStmt(Stmts[J])) {
        P.FillBarrier = Stmts[J];
        break;
      }
    break;
  }
  if (!P.Fill || !P.FillBarrier) {
    P.FillWhy = P.Fill ? "no top-level __syncthreads() between the fill and the first update"
                       : "no top-level statement before the first update fills every element of '" +
                             Copy->getNameAsString() + "' (a block-stride loop over [0, " +
                             std::to_string(*P.Size) + "), or one element per thread)";
    P.Fill = P.FillBarrier ? P.Fill : nullptr;
  }
  // The merge: a barrier after the last update, then the merge statement.
  for (size_t I = Last + 1; First < Stmts.size() && I < Stmts.size(); ++I) {
    if (!analysis::isBarrierStmt(Stmts[I]))
      continue;
    P.MergeBarrier = Stmts[I];
    if (I + 1 < Stmts.size() && !recogniseReplicatedMerge(Ctx, P, Stmts[I + 1], Shape))
      recogniseMerge(Ctx, P, Stmts[I + 1], Shape);
    break;
  }
  if (!P.Merge && P.MergeWhy.empty())
    P.MergeWhy = "no top-level __syncthreads() after the last update, followed by the merge";
  return P;
}

/// Both directions: the array the atomics update, and the global array the
/// block's results end up in.
struct Privatized {
  const FunctionDecl *Kernel = nullptr;
  bool Reverse = false;
  std::string Updated;                 ///< the atomics' array, by name
  std::vector<const PointerUse *> Updates;
  std::vector<const PointerUse *> Strays; ///< other uses of the updated array
  const ParmVarDecl *Global = nullptr;
  analysis::Root GlobalRoot;
  std::vector<const PointerUse *> GlobalOthers; ///< uses of Global beyond the updates / the merge
  std::set<const Expr *> Own;          ///< accesses of the two arrays themselves
  QualType Elem;
  std::optional<cuda::AtomicFunction> Merge;
  const CallExpr *MergeCall = nullptr;
  std::string Missing;                 ///< why there is nothing to check
  Histogram H;                         ///< forward
  PrivateCopy P;                       ///< reverse
  std::vector<PointerUse> GlobalUses;  ///< reverse
};

Privatized privatizedAt(const PreconditionQuery &Q) {
  Privatized X;
  X.Kernel = Q.Function;
  ASTContext &Ctx = Q.AC.ast();
  if (Q.Node.get<CallExpr>()) {
    X.H = histogramAt(Q);
    if (!X.H.Param) {
      X.Missing = "the updated array '" + X.H.name() + "' is not a pointer parameter of the kernel "
                  "(see " + std::string(ArrayGlobal) + ")";
      return X;
    }
    X.Updated = X.H.name();
    X.Global = X.H.Param;
    X.GlobalRoot = X.H.Root;
    X.Elem = X.H.Param->getType()->getPointeeType();
    for (const PointerUse &U : X.H.Uses) {
      X.Own.insert(U.At);
      if (U.K == PointerUse::AtomicUpdate)
        X.Updates.push_back(&U);
      else if (U.K == PointerUse::Store || U.K == PointerUse::ReadModifyWrite)
        X.Strays.push_back(&U);
      else if (U.K != PointerUse::Alias)
        X.GlobalOthers.push_back(&U);
    }
    return X;
  }
  X.Reverse = true;
  const auto *Copy = Q.Node.get<VarDecl>();
  X.P = privateCopyAt(Q.AC, X.Kernel, Copy);
  if (!X.P.LocalWhy.empty() || !X.P.Target) {
    X.Missing = "the private copy's " + std::string(X.P.LocalWhy.empty() ? "merge" : "declaration") +
                " is not recognised (see " + (X.P.LocalWhy.empty() ? CopyMerged : CopyLocal) + ")";
    return X;
  }
  X.Updated = Copy->getNameAsString();
  X.Elem = Ctx.getAsArrayType(Copy->getType())->getElementType();
  X.Merge = X.P.MergeFn;
  X.MergeCall = X.P.MergeCall;
  X.Global = X.P.Target;
  if (X.P.Copies > 1) {
    // Replicated copies: the updates through offset pointers and helpers
    // too; what a helper does otherwise is private-copy-helpers-local's.
    for (const analysis::CopyAccess &A : X.P.Accesses.Uses) {
      if (A.In == X.Kernel)
        X.Own.insert(A.Use.At);
      if (analysis::containsStmt(X.P.Fill, A.KernelAt) || analysis::containsStmt(X.P.Merge, A.KernelAt))
        continue;
      if (A.isUpdate())
        X.Updates.push_back(&A.Use);
      else if (A.In == X.Kernel && A.Use.K != PointerUse::Alias)
        X.Strays.push_back(&A.Use);
    }
  } else {
    for (const PointerUse &U : X.P.Uses) {
      X.Own.insert(U.At);
      if (X.P.inFillOrMerge(U))
        continue;
      if (U.K == PointerUse::AtomicUpdate)
        X.Updates.push_back(&U);
      else if (U.K != PointerUse::Alias)
        X.Strays.push_back(&U);
    }
  }
  X.GlobalUses = analysis::pointerUses(Ctx, X.Kernel, X.Global);
  for (const PointerUse &U : X.GlobalUses) {
    X.Own.insert(U.At);
    if (U.At != X.MergeCall)
      X.GlobalOthers.push_back(&U);
  }
  analysis::Linearizer Lin(Ctx);
  analysis::PointerProvenance PP(Ctx, analysis::AnalysisCache::of(Ctx).facts(X.Kernel), Lin);
  X.GlobalRoot = PP.rootOf(X.MergeCall->getArg(0));
  return X;
}

std::string describeUse(const ASTContext &Ctx, const PointerUse &U) {
  switch (U.K) {
  case PointerUse::Store: return "plain store " + quoted(Ctx, U.At);
  case PointerUse::ReadModifyWrite: return "plain update " + quoted(Ctx, U.At);
  case PointerUse::Load: return "reads " + quoted(Ctx, U.At);
  case PointerUse::AtomicUpdate: return "atomic " + quoted(Ctx, U.At);
  case PointerUse::Alias: return "copied into '" + U.Copy->getNameAsString() + "'";
  case PointerUse::Escape: return U.Why;
  }
  return U.Why;
}

Status checkUpdatesAtomic(const PreconditionQuery &Q, PreconditionResult &R) {
  Privatized X = privatizedAt(Q);
  if (!X.Missing.empty()) {
    R.Reason = X.Missing;
    return Status::Unknown;
  }
  const ASTContext &Ctx = Q.AC.ast();
  for (const PointerUse *U : X.Strays)
    R.Evidence.push_back(evidenceAt(Ctx, U->At->getBeginLoc(), "access",
                                    "'" + X.Updated + "': " + describeUse(Ctx, *U)));
  if (!R.Evidence.empty()) {
    R.Reason = X.Reverse
                   ? "between its fill and its merge, '" + X.Updated + "' is also used otherwise (" +
                         R.Evidence[0].Text + "): that use would see the global array instead"
                   : "'" + X.Updated + "' is also written without an atomic (" + R.Evidence[0].Text +
                         "): another block's copy would not see it, and it races with the atomics";
    return Status::Fails;
  }
  std::set<const Expr *> Distinct; // a helper's update counts once, whatever its callers
  for (const PointerUse *U : X.Updates)
    Distinct.insert(U->At);
  size_t N = Distinct.size();
  R.Reason = "'" + X.Updated + "' is " + (X.Reverse ? "used" : "written") + " only by its " +
             std::to_string(N) + " atomic update" + (N == 1 ? "" : "s");
  return Status::Holds;
}

Status checkOpCombinable(const PreconditionQuery &Q, PreconditionResult &R) {
  Privatized X = privatizedAt(Q);
  if (!X.Missing.empty()) {
    R.Reason = X.Missing;
    return Status::Unknown;
  }
  const ASTContext &Ctx = Q.AC.ast();
  std::optional<cuda::ReduceOp> Op;
  std::string FirstFn;
  const Expr *FirstAt = nullptr;
  auto Consider = [&](cuda::AtomicFunction F, const Expr *At) -> bool {
    std::string Fn = cuda::atomicFunctionName(F);
    auto Evidence = [&](StringRef Text) {
      R.Evidence.push_back(evidenceAt(Ctx, At->getBeginLoc(), "update", Text));
    };
    if (F.Scope != cuda::AtomicScope::Device) {
      R.Reason = "'" + Fn + "' is not a device-wide atomic: the merge would change which threads "
                 "its atomicity covers";
      Evidence("'" + Fn + "' here");
      return false;
    }
    std::optional<cuda::ReduceOp> This = cuda::aggregateOf(F.Op);
    if (!This) {
      R.Reason = "'" + Fn + "' is not a reduction: its result depends on the order of the updates" +
                 (F.Op == cuda::AtomicOp::Inc || F.Op == cuda::AtomicOp::Dec ? " (it wraps at its bound)"
                                                                              : "");
      Evidence("'" + Fn + "' here");
      return false;
    }
    if (Op && *This != *Op) {
      R.Reason = "the updates combine with different operators ('" + FirstFn + "' and '" + Fn +
                 "'): one merge cannot apply both";
      R.Evidence.push_back(evidenceAt(Ctx, FirstAt->getBeginLoc(), "update", "'" + FirstFn + "' here"));
      Evidence("'" + Fn + "' here");
      return false;
    }
    if (!Op) {
      Op = This;
      FirstFn = Fn;
      FirstAt = At;
    }
    return true;
  };
  for (const PointerUse *U : X.Updates)
    if (!Consider(*U->Atomic, U->At))
      return Status::Fails;
  if (X.Merge && !Consider(*X.Merge, X.MergeCall))
    return Status::Fails;
  if (!Op) {
    R.Reason = "no atomic update";
    return Status::Fails;
  }
  std::optional<cuda::ScalarType> T = cuda::scalarTypeOf(X.Elem);
  if (!T || !cuda::reduceSupports(*Op, *T) || !cuda::hasAtomic(mergeAtomic(*Op), *T)) {
    R.Reason = "the element type '" + X.Elem.getAsString() + "' has no " + cuda::reduceOpName(*Op) +
               " atomic";
    return Status::Fails;
  }
  std::string What = std::string(cuda::reduceOpName(*Op)) + " of '" +
                     X.Elem.getUnqualifiedType().getAsString() + "'";
  if (!cuda::isOrderIndependent(*Op, *T)) {
    if (Q.AC.assumptions().reassociate()) {
      R.Reason = "a " + What + ": regrouped " + (X.Reverse ? "across blocks" : "per block") +
                 " (allowed by " + Q.AC.assumptions().reassociationSource() + ")";
      return Status::Holds;
    }
    R.Reason = "a floating-point " + What + " is regrouped " +
               (X.Reverse ? "across blocks" : "per block") + ": the result changes by rounding";
    R.Assumable = "reassociate";
    R.Evidence.push_back(evidenceAt(Ctx, FirstAt->getBeginLoc(), "update", "'" + FirstFn + "' here"));
    return Status::Unknown;
  }
  R.Reason = "every update is a " + What + " ('" + FirstFn + "'): associative and commutative";
  return Status::Holds;
}

Status checkResultsUnused(const PreconditionQuery &Q, PreconditionResult &R) {
  Privatized X = privatizedAt(Q);
  if (!X.Missing.empty()) {
    R.Reason = X.Missing;
    return Status::Unknown;
  }
  const ASTContext &Ctx = Q.AC.ast();
  for (const PointerUse *U : X.Updates)
    if (U->ResultUsed)
      R.Evidence.push_back(evidenceAt(Ctx, U->At->getBeginLoc(), "update",
                                      "the old value of " + quoted(Ctx, U->At) + " is used"));
  if (!R.Evidence.empty()) {
    R.Reason = std::string("an atomic's returned value is used: the old count of the ") +
               (X.Reverse ? "global array is not the block's" : "block's copy is not the global one");
    return Status::Fails;
  }
  R.Reason = "no update's returned value is used";
  return Status::Holds;
}

/// Memory the kernel accesses through pointers other than the two arrays
/// (or a call that receives one) that may overlap the global array.
std::vector<EvidenceNote> mayAliasAccesses(ASTContext &Ctx, const Privatized &X) {
  std::vector<EvidenceNote> Out;
  const analysis::FunctionFacts &Facts = analysis::AnalysisCache::of(Ctx).facts(X.Kernel);
  analysis::Linearizer Lin(Ctx);
  analysis::PointerProvenance PP(Ctx, Facts, Lin);
  auto Check = [&](const Expr *Ptr, const Expr *At, StringRef What) {
    analysis::Root Other = PP.rootOf(Ptr);
    if (Other.D == X.GlobalRoot.D || (X.Reverse && Other.D == X.P.Copy))
      return;
    std::string Why;
    if (analysis::mayAlias(X.GlobalRoot, Other, Why) == analysis::Alias::May)
      Out.push_back(evidenceAt(Ctx, At->getBeginLoc(), "access",
                               (What + " " + quoted(Ctx, At) + ": " + Why).str()));
  };
  for (const analysis::MemEvent &E : Facts.events()) {
    if (X.Own.count(E.E))
      continue;
    if (E.K == analysis::MemEvent::Call) {
      const auto *C = dyn_cast<CallExpr>(E.E);
      if (!C)
        continue;
      for (const Expr *A : C->arguments())
        if (A->getType()->isPointerType() && !A->getType()->getPointeeType()->isFunctionType())
          Check(A, C, "call");
      continue;
    }
    if (const Expr *Base = analysis::accessBasePointer(E.E))
      if (Base->getType()->isPointerType())
        Check(Base, E.E, E.K == analysis::MemEvent::Read ? "read" : "write");
  }
  return Out;
}

Status checkArrayPrivate(const PreconditionQuery &Q, PreconditionResult &R) {
  Privatized X = privatizedAt(Q);
  if (!X.Missing.empty()) {
    R.Reason = X.Missing;
    return Status::Unknown;
  }
  ASTContext &Ctx = Q.AC.ast();
  std::string G = X.Global->getNameAsString();
  for (const PointerUse *U : X.GlobalOthers)
    R.Evidence.push_back(evidenceAt(Ctx, U->At->getBeginLoc(), "access",
                                    "'" + G + "': " + describeUse(Ctx, *U)));
  if (!R.Evidence.empty()) {
    R.Reason = "the kernel also uses '" + G + "' otherwise (" + R.Evidence[0].Text + "): it would see " +
               (X.Reverse ? "other blocks' updates before the merge" : "the block's updates only after the merge");
    return Status::Fails;
  }
  std::vector<EvidenceNote> Others = mayAliasAccesses(Ctx, X);
  std::string Only = X.Reverse ? "'" + G + "' is used only by the merge" : "'" + G + "' is used only by its atomic updates";
  if (Others.empty()) {
    R.Reason = Only + ", and no other access may alias it";
    return Status::Holds;
  }
  if (Q.AC.assumptions().noAlias(X.Kernel->getQualifiedNameAsString(), G) ||
      Q.AC.assumptions().noAlias(X.Kernel->getName(), G)) {
    R.Reason = Only + "; asserted: --assume=noalias:" + G;
    return Status::Holds;
  }
  R.Reason = "'" + G + "' may overlap memory the kernel accesses through another pointer (" +
             Others[0].Text + ")";
  R.Assumable = "noalias:" + G;
  R.Evidence = std::move(Others);
  return Status::Unknown;
}

Status checkCopyLocal(const PreconditionQuery &Q, PreconditionResult &R) {
  const auto *Copy = Q.Node.get<VarDecl>();
  PrivateCopy P = privateCopyAt(Q.AC, Q.Function, Copy);
  if (!P.LocalWhy.empty()) {
    R.Reason = P.LocalWhy;
    R.Evidence.push_back(evidenceAt(Q.AC.ast(), Copy->getLocation(), "declaration", "declared here"));
    return Status::Fails;
  }
  R.Reason = "'" + Copy->getNameAsString() + "' holds " + std::to_string(*P.Size) +
             " elements, declared at the top of the kernel";
  return Status::Holds;
}

Status checkCopyInitialised(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  const auto *Copy = Q.Node.get<VarDecl>();
  PrivateCopy P = privateCopyAt(Q.AC, Q.Function, Copy);
  if (!P.LocalWhy.empty()) {
    R.Reason = "the copy's declaration is not recognised (see " + std::string(CopyLocal) + ")";
    return Status::Unknown;
  }
  if (!P.Fill) {
    R.Reason = P.FillWhy;
    return Status::Fails;
  }
  // The identity of the merge's operator (else of the updates').
  std::optional<cuda::ReduceOp> Op;
  if (P.MergeFn)
    Op = cuda::aggregateOf(P.MergeFn->Op);
  for (const PointerUse *U : P.updates())
    if (!Op)
      Op = cuda::aggregateOf(U->Atomic->Op);
  std::optional<cuda::ScalarType> T = cuda::scalarTypeOf(Ctx.getAsArrayType(Copy->getType())->getElementType());
  if (!Op) {
    // With no recognised update or merge there is no identity to compare.
    R.Reason = "the fill value " + quoted(Ctx, P.FillValue) +
               " cannot be checked: neither the updates' nor the merge's operator is recognised";
    return Status::Unknown;
  }
  Expr::EvalResult V;
  if (!T || P.FillValue->isValueDependent() || !P.FillValue->EvaluateAsRValue(V, Ctx) ||
      !cuda::isIdentityValue(*Op, *T, V.Val)) {
    R.Reason = "the fill value " + quoted(Ctx, P.FillValue) + " is not the identity of the " +
               std::string(cuda::reduceOpName(*Op)) + ": the block's start value would count";
    R.Evidence.push_back(evidenceAt(Ctx, P.FillValue->getBeginLoc(), "fill", "filled here"));
    return Status::Fails;
  }
  R.Reason = "every element is set to " + quoted(Ctx, P.FillValue) + " before a barrier at line " +
             std::to_string(fileLine(Ctx, P.FillBarrier->getBeginLoc()));
  return Status::Holds;
}

Status checkCopyMerged(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  const auto *Copy = Q.Node.get<VarDecl>();
  PrivateCopy P = privateCopyAt(Q.AC, Q.Function, Copy);
  if (!P.LocalWhy.empty()) {
    R.Reason = "the copy's declaration is not recognised (see " + std::string(CopyLocal) + ")";
    return Status::Unknown;
  }
  if (!P.Merge) {
    R.Reason = P.MergeWhy;
    if (P.MergeBarrier)
      R.Evidence.push_back(evidenceAt(Ctx, P.MergeBarrier->getBeginLoc(), "barrier",
                                      "the last barrier after the updates"));
    return Status::Fails;
  }
  if (P.Copies > 1)
    R.Reason = "each of the " + std::to_string(P.Bins) + " bins is merged into '" +
               P.Target->getNameAsString() + "' by " + quoted(Ctx, P.MergeCall) +
               ", once per block (the copies' combination: see " + CopiesSummed + ")";
  else
    R.Reason = "every element is merged into '" + P.Target->getNameAsString() + "' by " +
               quoted(Ctx, P.MergeCall) + ", once per block";
  return Status::Holds;
}

/// The copy and its merge for the replicated-copies checks, or the status
/// when they are not recognised.
std::optional<Status> copyAndMerge(const PreconditionQuery &Q, PrivateCopy &P, PreconditionResult &R) {
  P = privateCopyAt(Q.AC, Q.Function, Q.Node.get<VarDecl>());
  if (!P.LocalWhy.empty()) {
    R.Reason = "the copy's declaration is not recognised (see " + std::string(CopyLocal) + ")";
    return Status::Unknown;
  }
  if (!P.Merge) {
    R.Reason = "the copy's merge is not recognised (see " + std::string(CopyMerged) + ")";
    return Status::Unknown;
  }
  return std::nullopt;
}

Status checkCopiesSummed(const PreconditionQuery &Q, PreconditionResult &R) {
  PrivateCopy P;
  if (std::optional<Status> St = copyAndMerge(Q, P, R))
    return *St;
  ASTContext &Ctx = Q.AC.ast();
  if (P.Copies == 1) {
    R.Reason = "one copy: element b is merged into '" + P.Target->getNameAsString() + "[b]' as it is";
    return Status::Holds;
  }
  std::string What = std::to_string(P.Copies) + " copies of " + std::to_string(P.Bins) + " bins";
  if (P.SummedWhy.empty())
    What += " laid out " + std::string(analysis::layoutName(P.Layout));
  if (!P.SummedWhy.empty()) {
    R.Reason = "'" + P.Copy->getNameAsString() + "' holds " + What + ", but the merge does not combine "
               "all copies of each bin: " + P.SummedWhy;
    if (P.SummedAt)
      R.Evidence.push_back(evidenceAt(Ctx, P.SummedAt->getBeginLoc(), "merge", "combined here"));
    return Status::Fails;
  }
  R.Reason = "'" + P.Copy->getNameAsString() + "' holds " + What + "; each bin is merged as the " +
             cuda::reduceOpName(*cuda::aggregateOf(P.MergeFn->Op)) + " of its copies, each read once (" +
             quoted(Ctx, P.SummedAt) + ")";
  return Status::Holds;
}

Status checkCopyStrided(const PreconditionQuery &Q, PreconditionResult &R) {
  PrivateCopy P;
  if (std::optional<Status> St = copyAndMerge(Q, P, R))
    return *St;
  ASTContext &Ctx = Q.AC.ast();
  if (P.Copies == 1) {
    R.Reason = "one copy: each update's index is its bin";
    return Status::Holds;
  }
  std::vector<const analysis::CopyAccess *> Updates = replicatedUpdates(P);
  for (const analysis::CopyAccess *A : Updates) {
    analysis::CopySlot S = analysis::copySlot(Ctx, *A, P.Copies, P.Bins, P.Layout,
                                              knownBlockShape(Q.AC, P.Kernel));
    if (S.Strided)
      continue;
    R.Reason = "the update " + quoted(Ctx, A->Use.At) +
               (A->In != P.Kernel ? " in '" + A->In->getNameAsString() + "'" : "") +
               " is not element " +
               (P.Layout == analysis::CopyLayout::Interleaved
                    ? "bin * " + std::to_string(P.Copies) + " + k"
                    : "k * " + std::to_string(P.Bins) + " + bin") +
               " of copy k < " + std::to_string(P.Copies) + " and bin < " + std::to_string(P.Bins) +
               ": " + S.Why;
    R.Evidence.push_back(evidenceAt(Ctx, (S.WhyAt ? S.WhyAt : A->Use.At)->getBeginLoc(), "update",
                                    "updated here"));
    return Status::Fails;
  }
  std::set<const Expr *> Distinct; // a helper's update counts once, whatever its callers
  for (const analysis::CopyAccess *A : Updates)
    Distinct.insert(A->Use.At);
  size_t N = Distinct.size();
  R.Reason = (N == 1 ? std::string("the update") : "each of the " + std::to_string(N) + " updates") +
             " hits copy k in [0, " +
             std::to_string(P.Copies - 1) + "] of a bin in [0, " + std::to_string(P.Bins - 1) + "]";
  return Status::Holds;
}

/// Every reference to \p F (any redeclaration; for a function template's
/// specialization, to any specialization of that template: they share the
/// text an edit changes) in the translation unit.
std::vector<const DeclRefExpr *> referencesTo(ASTContext &Ctx, const FunctionDecl *F) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const FunctionDecl *F;
    const FunctionTemplateDecl *T = nullptr;
    std::vector<const DeclRefExpr *> Found;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      if (const auto *G = dyn_cast<FunctionDecl>(D->getDecl());
          G && (G->getCanonicalDecl() == F ||
                (T && G->getPrimaryTemplate() &&
                 G->getPrimaryTemplate()->getCanonicalDecl() == T)))
        Found.push_back(D);
      return true;
    }
  } Fd;
  Fd.F = F->getCanonicalDecl();
  if (const FunctionTemplateDecl *T = F->getPrimaryTemplate())
    Fd.T = T->getCanonicalDecl();
  Fd.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Fd.Found;
}

/// A reference to helper \p F that is not one of the calls passing the
/// copy, or null.
const DeclRefExpr *foreignReference(ASTContext &Ctx, const PrivateCopy &P, const FunctionDecl *F) {
  for (const DeclRefExpr *Ref : referencesTo(Ctx, F))
    if (llvm::none_of(P.Accesses.Calls, [&](const analysis::CopyCall &C) {
          return C.Call->getCallee()->IgnoreParenImpCasts() == Ref;
        }))
      return Ref;
  return nullptr;
}

/// Why helper \p F, used elsewhere too, cannot get a copy of its own for
/// the kernel's calls (inserted after it, with the updates rewritten);
/// empty when it can.
std::string cloneBlocker(ASTContext &Ctx, const PrivateCopy &P, const FunctionDecl *F) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (F->getPrimaryTemplate())
    return "it is a function template (a copy would be one too)";
  if (llvm::any_of(P.Accesses.Calls, [&](const analysis::CopyCall &C) { return C.In == F; }))
    return "it passes the copy on to another function";
  SourceLocation End = SM.getExpansionLoc(F->getEndLoc());
  SourceLocation K = SM.getExpansionLoc(P.Kernel->getBeginLoc());
  if (SM.getFileID(End) != SM.getFileID(K) || !SM.isBeforeInTranslationUnit(End, K))
    return "it is not defined before the kernel in the kernel's file";
  for (const analysis::CopyCall &C : P.Accesses.Calls) {
    const auto *D = dyn_cast<DeclRefExpr>(C.Call->getCallee()->IgnoreParenImpCasts());
    if (C.Callee == F && (!D || D->hasQualifier() || D->getLocation().isMacroID()))
      return "a call names it otherwise than by its plain name";
  }
  return "";
}

Status checkHelpersLocal(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  const auto *Copy = Q.Node.get<VarDecl>();
  PrivateCopy P = privateCopyAt(Q.AC, Q.Function, Copy);
  if (!P.LocalWhy.empty()) {
    R.Reason = "the copy's declaration is not recognised (see " + std::string(CopyLocal) + ")";
    return Status::Unknown;
  }
  std::string Name = "'" + Copy->getNameAsString() + "'";
  for (const analysis::CopyAccess &A : P.Accesses.Unfollowed) {
    R.Reason = Name + " is " + A.Use.Why + ": that function's uses of it cannot be rewritten";
    R.Evidence.push_back(evidenceAt(Ctx, A.Use.At->getBeginLoc(), "call", "passed on here"));
    return Status::Fails;
  }
  if (P.Accesses.Calls.empty()) {
    R.Reason = "no device function receives " + Name;
    return Status::Holds;
  }
  std::set<const CallExpr *> Ours;
  for (const analysis::CopyCall &C : P.Accesses.Calls)
    Ours.insert(C.Call);
  std::set<const FunctionDecl *> Seen;
  std::vector<std::string> Names, Cloned;
  for (const analysis::CopyCall &C : P.Accesses.Calls) {
    std::string F = "'" + C.Callee->getNameAsString() + "'";
    if (!isEditable(Ctx.getSourceManager(), C.Callee->getLocation())) {
      R.Reason = F + " receives " + Name + " but is not user code that can be edited";
      R.Evidence.push_back(evidenceAt(Ctx, C.Call->getBeginLoc(), "call", "called here"));
      return Status::Fails;
    }
    for (const analysis::CopyAccess &A : P.Accesses.Uses) {
      if (A.In != C.Callee || A.isUpdate() || A.Use.K == PointerUse::Alias)
        continue;
      R.Reason = F + " uses the copy it receives otherwise than by atomic updates (" +
                 describeUse(Ctx, A.Use) + "): the global array would take its place";
      R.Evidence.push_back(evidenceAt(Ctx, A.Use.At->getBeginLoc(), "access", "used here"));
      return Status::Fails;
    }
    if (!Seen.insert(C.Callee).second)
      continue;
    Names.push_back(F);
    if (const DeclRefExpr *Ref = foreignReference(Ctx, P, C.Callee)) {
      std::string Why = cloneBlocker(Ctx, P, C.Callee);
      if (Why.empty()) {
        Cloned.push_back(F);
        continue;
      }
      R.Reason = F + " receives " + Name + " and is also used at line " +
                 std::to_string(fileLine(Ctx, Ref->getBeginLoc())) +
                 ", and cannot be copied for this kernel: " + Why;
      R.Evidence.push_back(evidenceAt(Ctx, Ref->getBeginLoc(), "call", "also used here"));
      return Status::Fails;
    }
  }
  if (Cloned.empty()) {
    R.Reason = llvm::join(Names, ", ") + (Names.size() == 1 ? " receives " : " receive ") + Name +
               " only from this kernel and update" + (Names.size() == 1 ? "s" : "") +
               " it only with atomics";
    return Status::Holds;
  }
  R.Reason = llvm::join(Names, ", ") + (Names.size() == 1 ? " updates " : " update ") + Name +
             " only with atomics; " + llvm::join(Cloned, ", ") + (Cloned.size() == 1 ? " is" : " are") +
             " also used elsewhere, so the kernel calls a copy (inserted after it) that updates "
             "the global array";
  return Status::Holds;
}

Status checkBinCountKnown(const PreconditionQuery &Q, PreconditionResult &R) {
  Histogram H = histogramAt(Q);
  if (!H.Param)
    return noArray(H, R);
  ASTContext &Ctx = Q.AC.ast();
  Bins B = binsOf(Ctx, H, Q.AC.assumptions());
  if (B.Asserted) {
    R.Reason = std::to_string(*B.Count) + " bins, asserted by --assume=bins:" + H.name() + ":" +
               std::to_string(*B.Count);
    return Status::Holds;
  }
  if (B.Count) {
    const Bins::Index &W = *B.Widest;
    R.Reason = std::to_string(*B.Count) + " bins: " + indexText(Ctx, *W.Use) + " lies in " +
               W.Range->str();
    if (B.Text != std::to_string(*B.Count))
      R.Reason += " (sized '" + B.Text + "')";
    return Status::Holds;
  }
  for (const Bins::Index &I : B.Indices)
    if (!I.Range || !I.Range->boundedAbove() || I.Range->Hi >= (int64_t(1) << 31)) {
      R.Reason = "nothing bounds the index " + indexText(Ctx, *I.Use) +
                 (I.Range ? " (it may be as large as " + I.Range->str() + ")" : "") +
                 ": the bin count is not known at compile time";
      R.Evidence.push_back(evidenceAt(Ctx, I.Use->At->getBeginLoc(), "update", "updated here"));
      break;
    }
  R.Assumable = "bins:" + H.name() + ":N";
  return Status::Unknown;
}

Status checkIndexInRange(const PreconditionQuery &Q, PreconditionResult &R) {
  Histogram H = histogramAt(Q);
  if (!H.Param)
    return noArray(H, R);
  ASTContext &Ctx = Q.AC.ast();
  Bins B = binsOf(Ctx, H, Q.AC.assumptions());
  if (!B.Count) {
    R.Reason = "the bin count is not known (see " + std::string(BinCountKnown) + ")";
    R.Assumable = "bins:" + H.name() + ":N";
    return Status::Unknown;
  }
  int64_t N = int64_t(*B.Count);
  for (const Bins::Index &I : B.Indices) {
    if (!I.Range)
      continue; // never evaluated
    if (B.Asserted && (I.Range->Lo >= N || I.Range->Hi < 0)) {
      R.Reason = "the index " + indexText(Ctx, *I.Use) + " lies in " + I.Range->str() +
                 ", always outside the asserted [0, " + std::to_string(N) + ")";
      R.Evidence.push_back(evidenceAt(Ctx, I.Use->At->getBeginLoc(), "update", "updated here"));
      return Status::Fails;
    }
    if (!B.Asserted && (I.Range->Lo < 0 || I.Range->Hi >= N)) {
      R.Reason = "the index " + indexText(Ctx, *I.Use) + " may lie outside [0, " +
                 std::to_string(N) + "): it lies in " + I.Range->str() +
                 "; a negative index would write outside the shared copy";
      R.Evidence.push_back(evidenceAt(Ctx, I.Use->At->getBeginLoc(), "update", "updated here"));
      R.Assumable = "bins:" + H.name() + ":" + std::to_string(N);
      return Status::Unknown;
    }
  }
  R.Reason = B.Asserted ? "every index lies in [0, " + std::to_string(N) +
                              "), asserted by --assume=bins:" + H.name() + ":" + std::to_string(N)
                        : "every index lies in [0, " + std::to_string(N) + ")";
  return Status::Holds;
}

uint64_t budgetOption(const AnalysisContext &AC) {
  uint64_t V = DefaultBudget;
  if (auto O = AC.option("shared-budget"))
    if (StringRef(*O).getAsInteger(10, V))
      V = DefaultBudget;
  return V;
}

Status checkFitsShared(const PreconditionQuery &Q, PreconditionResult &R) {
  Histogram H = histogramAt(Q);
  if (!H.Param)
    return noArray(H, R);
  ASTContext &Ctx = Q.AC.ast();
  Bins B = binsOf(Ctx, H, Q.AC.assumptions());
  QualType Elem = H.Param->getType()->getPointeeType();
  if (!B.Count || Elem->isIncompleteType() || Elem->isDependentType()) {
    R.Reason = "the bin count is not known (see " + std::string(BinCountKnown) + ")";
    return Status::Unknown;
  }
  uint64_t Bytes = *B.Count * uint64_t(Ctx.getTypeSizeInChars(Elem).getQuantity());
  uint64_t Budget = budgetOption(Q.AC);
  // The dynamic shared memory of the kernel's launches, when it uses any.
  std::optional<uint64_t> Dynamic = 0;
  cuda::KernelLauncherGraph Graph(Ctx);
  for (const cuda::LaunchSite *L : Graph.launchesOf(H.Kernel)) {
    std::optional<uint64_t> D = analysis::launchSharedBytes(Ctx, *L);
    Dynamic = D && Dynamic ? std::optional<uint64_t>(std::max(*Dynamic, *D)) : std::nullopt;
  }
  analysis::SharedUsage U = analysis::sharedUsage(Ctx, H.Kernel, Dynamic);
  U.StaticBytes += Bytes;
  analysis::SharedLimits L;
  L.StaticMax = Budget;
  analysis::LimitCheck C = analysis::checkLimits(U, L);
  std::string Copy = std::to_string(Bytes) + " bytes for " + std::to_string(*B.Count) + " '" +
                     Elem.getUnqualifiedType().getAsString() + "' bins";
  switch (C.V) {
  case analysis::LimitCheck::Fits:
    R.Reason = Copy + "; " + std::to_string(C.Bytes) + " of " + std::to_string(Budget) +
               " bytes of shared memory per block in all";
    return Status::Holds;
  case analysis::LimitCheck::Unknown:
    R.Reason = Copy + "; the kernel's other shared memory is not known: " + C.Why;
    return Status::Unknown;
  default:
    R.Reason = Copy + " and the kernel's own " + std::to_string(C.Bytes - Bytes) +
               " bytes exceed the budget of " + std::to_string(Budget) +
               " bytes per block (option shared-budget)";
    return Status::Fails;
  }
}

Status checkBarriersUniform(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  analysis::Uniformity U(Ctx, Q.Function, knownBlockShape(Q.AC, Q.Function));
  analysis::BarrierRegions BR(U);
  std::vector<const analysis::Barrier *> Divergent = BR.divergent();
  if (Divergent.empty()) {
    size_t N = BR.barriers().size();
    R.Reason = N == 0 ? "the kernel has no barrier of its own"
                      : "the kernel's " + std::to_string(N) + " barrier" + (N == 1 ? " is" : "s are") +
                            " reached by every thread of the block";
    return Status::Holds;
  }
  for (const analysis::Barrier *B : Divergent)
    R.Evidence.push_back(evidenceAt(Ctx, B->Call->getBeginLoc(), "barrier",
                                    "not every thread reaches this barrier: " + B->Divergence->Why));
  R.Reason = "a barrier of the kernel is not reached by every thread of the block (" +
             R.Evidence[0].Text + "); the merge's barrier would wait on threads that left";
  return Status::Fails;
}

Status checkExitsRestructurable(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  analysis::KernelExits X = analysis::kernelExits(Q.Function);
  if (!X.Gotos.empty()) {
    R.Evidence.push_back(evidenceAt(Ctx, X.Gotos[0]->getBeginLoc(), "exit", "a goto may jump past the merge"));
    R.Reason = "the kernel jumps with goto at line " + std::to_string(fileLine(Ctx, X.Gotos[0]->getBeginLoc())) +
               ": a thread may skip the merge and its barrier";
    return Status::Fails;
  }
  if (!X.Others.empty()) {
    for (const ReturnStmt *Ret : X.Others)
      R.Evidence.push_back(evidenceAt(Ctx, Ret->getBeginLoc(), "exit",
                                      "this return would skip the merge"));
    R.Reason = "a thread may leave the kernel early at line " +
               std::to_string(fileLine(Ctx, X.Others[0]->getBeginLoc())) +
               ", not by a top-level 'if (...) return;': it would skip the merge and its barrier";
    return Status::Fails;
  }
  if (X.Guards.empty()) {
    R.Reason = "no early return: every thread reaches the merge";
    return Status::Holds;
  }
  R.Reason = std::to_string(X.Guards.size()) + " top-level guard" +
             (X.Guards.size() == 1 ? "" : "s") +
             " 'if (...) return;' become 'if (!...) { ... }' around the rest of the body";
  return Status::Holds;
}

//===----------------------------------------------------------------------===//
// Site discovery
//===----------------------------------------------------------------------===//

/// Whether \p E reads memory or calls a function, directly or through the
/// definitions of the locals it reads: an index computed from data, not
/// from thread and loop indices.
bool readsData(const Expr *E, const analysis::FunctionFacts &Facts,
               std::set<const VarDecl *> &Seen) {
  if (!E)
    return false;
  E = E->IgnoreParens();
  if (cuda::builtinIndex(E))
    return false;
  if (analysis::isMemoryLValue(E))
    return true;
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = C->getDirectCallee();
    StringRef N = F && F->getIdentifier() ? F->getName() : "";
    if (N.empty() || !cuda::isPureCallee(N) || cuda::isCacheHintLoad(N))
      return true;
  }
  if (const VarDecl *V = analysis::refVar(E); V && V->hasLocalStorage() && !isa<ParmVarDecl>(V)) {
    if (!Seen.insert(V).second)
      return false;
    if (readsData(V->getInit(), Facts, Seen))
      return true;
    for (const analysis::VarMod &M : Facts.mods(V))
      if (readsData(M.Value ? M.Value : M.At, Facts, Seen))
        return true;
    return false;
  }
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C); CE && readsData(CE, Facts, Seen))
      return true;
  return false;
}

/// The element index of an atomic's address: `i` in `&p[i]`, `p + i`.
const Expr *addressIndex(const Expr *Addr) {
  Addr = Addr->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Addr); U && U->getOpcode() == UO_AddrOf)
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens()))
      return AS->getIdx();
  if (const auto *B = dyn_cast<BinaryOperator>(Addr); B && B->getOpcode() == BO_Add)
    return B->getLHS()->getType()->isPointerType() ? B->getRHS() : B->getLHS();
  return nullptr;
}

class PrivatizeShared final : public RewritePair {
public:
  StringRef name() const override { return Name; }
  StringRef intent() const override {
    return "privatize a histogram: data-indexed global atomics go to a per-block shared-memory "
           "copy, merged with one global atomic per bin per block (contention moves from L2 to "
           "shared memory)";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }
  ArrayRef<OptionSpec> options() const override {
    static const OptionSpec Options[] = {
        {"skip-empty-bins", OptionSpec::Bool, "true",
         "forward: the merge skips bins still at the identity (no global atomic for them)"},
        {"shared-budget", OptionSpec::Int, "49152",
         "forward: shared memory per block (bytes) the copy and the kernel's own may take "
         "(bins-fit-shared)",
         1024, 232448},
    };
    return Options;
  }

  void findSites(Direction D, AnalysisContext &AC) const override {
    MatchFinder Finder;
    Callback CB(*this, D, AC);
    Finder.addMatcher(
        traverse(TK_AsIs, functionDecl(isDefinition(), cuda::isKernelFunction()).bind(ids::Kernel)),
        &CB);
    Finder.matchAST(AC.ast());
  }

private:
  struct Callback : MatchFinder::MatchCallback {
    Callback(const PrivatizeShared &P, Direction D, AnalysisContext &AC) : P(P), D(D), AC(AC) {}
    void run(const MatchFinder::MatchResult &R) override {
      const auto *K = R.Nodes.getNodeAs<FunctionDecl>(ids::Kernel);
      if (!K || !K->getBody() || K->isDependentContext() || !isa<CompoundStmt>(K->getBody()))
        return;
      if (D == Direction::Forward)
        P.forwardSites(AC, K);
      else
        P.reverseSites(AC, K);
    }
    const PrivatizeShared &P;
    Direction D;
    AnalysisContext &AC;
  };

  /// One site per global array that the kernel updates atomically at
  /// data-dependent, thread-varying indices.
  void forwardSites(AnalysisContext &AC, const FunctionDecl *K) const {
    ASTContext &Ctx = AC.ast();
    const analysis::FunctionFacts &Facts = analysis::AnalysisCache::of(Ctx).facts(K);
    analysis::Linearizer Lin(Ctx);
    analysis::PointerProvenance PP(Ctx, Facts, Lin);
    std::optional<analysis::Uniformity> U;
    std::vector<const CallExpr *> Anchors;
    std::set<const void *> Arrays;
    for (const analysis::MemEvent &E : Facts.events()) {
      const auto *C = dyn_cast_or_null<CallExpr>(E.E);
      if (E.K != analysis::MemEvent::Call || !C || !cuda::atomicFunction(E.What) || C->getNumArgs() < 1)
        continue;
      analysis::Root Root = PP.rootOf(C->getArg(0));
      using analysis::Root;
      if (Root.K == Root::Shared || Root.isLocal())
        continue; // already private (the reverse's pattern), or thread-local
      const Expr *Index = addressIndex(C->getArg(0));
      std::set<const VarDecl *> Seen;
      if (!Index || !readsData(Index, Facts, Seen))
        continue; // one address, or indexed by thread: not a histogram
      if (!U)
        U.emplace(Ctx, K, knownBlockShape(AC, K));
      if (U->of(Index).atLeast(analysis::Level::Block))
        continue; // one address per block: atomic-aggregate's pattern
      const void *Key = Root.D ? static_cast<const void *>(Root.D) : C;
      if (Arrays.insert(Key).second)
        Anchors.push_back(C);
    }
    for (const CallExpr *C : Anchors)
      forward(AC, K, C);
  }

  void forward(AnalysisContext &AC, const FunctionDecl *K, const CallExpr *Anchor) const {
    ASTContext &Ctx = AC.ast();
    Site &S = AC.addSite(Name, Direction::Forward, Anchor->getBeginLoc(), K, "atomic-call");
    PreconditionQuery Q{AC, K, DynTypedNode::create(*Anchor)};
    Histogram H = histogramAt(Q);
    S.Summary = "privatize '" + H.name() + "' of '" + K->getNameAsString() +
                "' in a per-block __shared__ copy merged with one atomic per bin";
    S.Facts["array"] = H.name();
    for (const PreconditionSpec &Spec : Specs)
      if (Spec.Dir == Direction::Forward)
        S.check(Spec, Q);
    if (!H.Param)
      return;
    Bins B = binsOf(Ctx, H, AC.assumptions());
    std::optional<cuda::ScalarType> T = elementType(H);
    std::optional<cuda::ReduceOp> Op;
    for (const PointerUse *U : H.updates())
      Op = cuda::aggregateOf(U->Atomic->Op);
    if (!B.Count || !T || !Op)
      return; // refused by bin-count-known or bin-op-combinable
    S.Facts["bins"] = std::to_string(*B.Count);
    S.Facts["operator"] = cuda::reduceOpName(*Op);
    EditBuilder E(Ctx);
    edits(E, AC, H, B, *Op, *T);
    commit(E, S);
  }

  /// One site per kernel-local __shared__ array that atomics update.
  void reverseSites(AnalysisContext &AC, const FunctionDecl *K) const {
    struct Finder : RecursiveASTVisitor<Finder> {
      std::vector<const VarDecl *> Found;
      bool VisitVarDecl(VarDecl *V) {
        if (cuda::isShared(V) && V->getType()->isArrayType())
          Found.push_back(V);
        return true;
      }
      bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    } F;
    F.TraverseStmt(const_cast<Stmt *>(K->getBody()));
    // The arrays the kernel's atomics update, through whatever pointers.
    ASTContext &Ctx = AC.ast();
    const analysis::FunctionFacts &Facts = analysis::AnalysisCache::of(Ctx).facts(K);
    analysis::Linearizer Lin(Ctx);
    analysis::PointerProvenance PP(Ctx, Facts, Lin);
    std::set<const ValueDecl *> Updated;
    for (const analysis::MemEvent &E : Facts.events())
      if (const auto *C = dyn_cast_or_null<CallExpr>(E.E);
          C && E.K == analysis::MemEvent::Call && cuda::atomicFunction(E.What) && C->getNumArgs() >= 1)
        Updated.insert(PP.rootOf(C->getArg(0)).D);
    for (const VarDecl *Copy : F.Found) {
      // Updated only in the device functions the kernel passes it to.
      bool ByHelper = !Updated.count(Copy) &&
                      llvm::any_of(analysis::copyAccesses(Ctx, K, Copy).Uses,
                                   [](const analysis::CopyAccess &A) { return A.isUpdate(); });
      if (Updated.count(Copy) || ByHelper)
        reverse(AC, K, Copy);
    }
  }

  void reverse(AnalysisContext &AC, const FunctionDecl *K, const VarDecl *Copy) const {
    ASTContext &Ctx = AC.ast();
    Site &S = AC.addSite(Name, Direction::Reverse, Copy->getBeginLoc(), K, "shared-copy");
    PreconditionQuery Q{AC, K, DynTypedNode::create(*Copy)};
    S.Summary = "unprivatize '" + Copy->getNameAsString() + "' of '" + K->getNameAsString() +
                "': its atomics go straight to the global array";
    for (const PreconditionSpec &Spec : Specs)
      if (Spec.Dir == Direction::Reverse)
        S.check(Spec, Q);
    PrivateCopy P = privateCopyAt(AC, K, Copy);
    if (!P.Fill || !P.Merge)
      return;
    std::string G = P.Target->getNameAsString();
    S.Facts["array"] = G;
    S.Facts["bins"] = std::to_string(P.Copies > 1 ? P.Bins : *P.Size);
    if (P.Copies > 1) {
      S.Facts["copies"] = std::to_string(P.Copies);
      replicatedEdits(AC, S, P);
      return;
    }
    EditBuilder E(Ctx);
    E.removeLines(P.Decl);
    E.removeLines(P.Fill);
    E.removeLines(P.Merge);
    if (barriersNeeded(Ctx, P)) {
      S.Facts["barriers"] = "kept";
    } else {
      E.removeLines(P.FillBarrier);
      E.removeLines(P.MergeBarrier);
    }
    for (const PointerUse &U : P.Uses)
      if ((U.K == PointerUse::AtomicUpdate || U.K == PointerUse::Alias) && !U.Via && !P.inFillOrMerge(U))
        E.replace(U.Ref, G);
    commit(E, S);
  }

  /// Replicated copies: each update goes to `&g[bin]` (in a helper, to
  /// `&param[bin]`, the parameter now receiving g), each call that passes
  /// the copy passes g (or the parameter holding it), and the offset
  /// pointers into the copy go with its declaration, fill and merge.
  void replicatedEdits(AnalysisContext &AC, Site &S, const PrivateCopy &P) const {
    ASTContext &Ctx = AC.ast();
    std::string G = P.Target->getNameAsString();
    EditBuilder E(Ctx);
    E.removeLines(P.Decl);
    E.removeLines(P.Fill);
    E.removeLines(P.Merge);
    if (barriersNeeded(Ctx, P)) {
      S.Facts["barriers"] = "kept";
    } else {
      E.removeLines(P.FillBarrier);
      E.removeLines(P.MergeBarrier);
    }
    std::vector<const Stmt *> Removed = {P.Decl, P.Fill, P.Merge};
    if (S.Facts.count("barriers") == 0) {
      Removed.push_back(P.FillBarrier);
      Removed.push_back(P.MergeBarrier);
    }
    for (const analysis::OffsetAlias &A : P.Accesses.Aliases) {
      E.removeLines(A.Decl);
      Removed.push_back(A.Decl);
    }
    dropOrphanBlankLines(E, Ctx, cast<CompoundStmt>(P.Kernel->getBody()), Removed);
    // A helper used elsewhere too gets a copy for the kernel's calls.
    std::map<const FunctionDecl *, std::string> Clones;
    std::map<const FunctionDecl *, std::unique_ptr<EditBuilder>> CloneEdits;
    FreshNames Fresh(Ctx);
    for (const analysis::CopyCall &C : P.Accesses.Calls)
      if (!Clones.count(C.Callee) && foreignReference(Ctx, P, C.Callee)) {
        if (!cloneBlocker(Ctx, P, C.Callee).empty())
          return; // refused by private-copy-helpers-local
        Clones[C.Callee] = Fresh.get(C.Callee->getName().str() + "_global");
        CloneEdits[C.Callee] = std::make_unique<EditBuilder>(Ctx);
        CloneEdits[C.Callee]->replace(SourceRange(C.Callee->getLocation()), Clones[C.Callee]);
      }
    for (const analysis::CopyCall &C : P.Accesses.Calls) {
      E.replace(C.Call->getArg(C.Arg), C.Holder ? C.Holder->getNameAsString() : G);
      if (Clones.count(C.Callee))
        E.replace(SourceRange(cast<DeclRefExpr>(C.Call->getCallee()->IgnoreParenImpCasts())->getLocation()),
                  Clones[C.Callee]);
    }
    for (const analysis::CopyAccess *A : replicatedUpdates(P)) {
      analysis::CopySlot Slot = analysis::copySlot(Ctx, *A, P.Copies, P.Bins, P.Layout,
                                                   knownBlockShape(AC, P.Kernel));
      const auto *Call = dyn_cast<CallExpr>(A->Use.At);
      if (!Slot.Strided || !Call || Call->getNumArgs() < 1)
        return; // refused by private-copy-strided
      std::string Base = A->In == P.Kernel ? G : A->Param->getNameAsString();
      EditBuilder &Into = CloneEdits.count(A->In) ? *CloneEdits[A->In] : E;
      Into.replace(Call->getArg(0), "&" + Base + "[" + Slot.BinText + "]");
    }
    const SourceManager &SM = Ctx.getSourceManager();
    for (auto &[F, EH] : CloneEdits) {
      SourceLocation B = SM.getExpansionLoc(F->getSourceRange().getBegin());
      SourceLocation En = SM.getExpansionLoc(F->getEndLoc());
      std::optional<std::string> Text;
      if (EH->ok() && SM.getFileID(B) == SM.getFileID(En))
        Text = textWithEdits(Ctx, SM.getFileID(B), SM.getFileOffset(B), SM.getFileOffset(En) + 1,
                             EH->takeEdits());
      if (!Text) {
        E.failWith("cannot write a copy of '" + F->getNameAsString() + "' for the kernel", B);
        break;
      }
      E.insertAfterToken(En, "\n\n" + *Text);
    }
    // Plain aliases (`T *h = copy;`) now point at g.
    for (const analysis::CopyAccess &A : P.Accesses.Uses)
      if (A.Use.K == PointerUse::Alias && A.In == P.Kernel && !A.Use.Via && A.Offsets.empty())
        E.replace(A.Use.Ref, G);
    commit(E, S);
  }

  /// Removes the blank lines of \p Body that separated only removed
  /// statements (or a removed statement and the body's brace), so the
  /// kernel does not keep a gap where the copy's setup and merge were.
  static void dropOrphanBlankLines(EditBuilder &E, const ASTContext &Ctx, const CompoundStmt *Body,
                                   const std::vector<const Stmt *> &Removed) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation LB = SM.getExpansionLoc(Body->getLBracLoc()), RB = SM.getExpansionLoc(Body->getRBracLoc());
    FileID F = SM.getFileID(LB);
    if (F != SM.getFileID(RB))
      return;
    unsigned L0 = SM.getExpansionLineNumber(LB), L1 = SM.getExpansionLineNumber(RB);
    std::set<unsigned> Gone;
    for (const Stmt *S : Removed) {
      if (!S)
        continue;
      SourceLocation B = SM.getExpansionLoc(S->getBeginLoc()), En = SM.getExpansionLoc(S->getEndLoc());
      if (SM.getFileID(B) != F)
        continue;
      for (unsigned L = SM.getExpansionLineNumber(B); L <= SM.getExpansionLineNumber(En); ++L)
        Gone.insert(L);
    }
    StringRef Buf = SM.getBufferData(F);
    auto Line = [&](unsigned L) -> std::pair<unsigned, unsigned> { // [begin, end incl. '\n')
      unsigned B = SM.getFileOffset(SM.translateLineCol(F, L, 1));
      size_t En = Buf.find('\n', B);
      return {B, En == StringRef::npos ? unsigned(Buf.size()) : unsigned(En + 1)};
    };
    auto Blank = [&](unsigned L) {
      auto [B, En] = Line(L);
      return Buf.slice(B, En).trim().empty();
    };
    for (unsigned L = L0 + 1; L < L1; ++L) {
      if (!Blank(L) || Gone.count(L))
        continue;
      unsigned P = L - 1, N = L + 1;
      while (P > L0 && Blank(P) && !Gone.count(P))
        --P;
      while (N < L1 && Blank(N) && !Gone.count(N))
        ++N;
      bool PGone = P == L0 || Gone.count(P), NGone = N == L1 || Gone.count(N);
      if (PGone && NGone && (P != L0 || N != L1)) {
        auto [B, En] = Line(L);
        E.replaceChars(SM.getComposedLoc(F, B), SM.getComposedLoc(F, En), "");
      }
    }
  }

  /// Whether the barriers around the copy may also order other memory:
  /// the kernel uses other shared memory, or writes memory other than its
  /// locals, the copy and the merge target (a store, an atomic, a call
  /// that writes).
  static bool barriersNeeded(ASTContext &Ctx, const PrivateCopy &P) {
    analysis::SharedUsage U = analysis::sharedUsage(Ctx, P.Kernel);
    if (llvm::any_of(U.Decls, [&](const analysis::SharedDecl &D) { return D.Var != P.Copy; }))
      return true;
    const analysis::FunctionFacts &Facts = analysis::AnalysisCache::of(Ctx).facts(P.Kernel);
    analysis::Linearizer Lin(Ctx);
    analysis::PointerProvenance PP(Ctx, Facts, Lin);
    auto Ours = [&](const Expr *Ptr) {
      analysis::Root R = PP.rootOf(Ptr);
      return R.isLocal() || R.D == P.Copy || R.D == P.Target;
    };
    for (const analysis::MemEvent &E : Facts.events()) {
      if (E.K == analysis::MemEvent::Write) {
        const Expr *Base = analysis::accessBasePointer(E.E);
        if (!Base || !Ours(Base))
          return true;
      } else if (E.K == analysis::MemEvent::Call) {
        const auto *C = dyn_cast<CallExpr>(E.E);
        if (!C || analysis::isBarrierStmt(C))
          continue;
        if (cuda::atomicFunction(E.What) && C->getNumArgs() >= 1) {
          if (!Ours(C->getArg(0)))
            return true;
          continue;
        }
        if (cuda::isCacheHintLoad(E.What))
          continue; // a load
        // A helper that receives the copy: its updates are the copy's
        // (private-copy-helpers-local), its other memory events count.
        const FunctionDecl *Callee = C->getDirectCallee();
        if (Callee && llvm::any_of(P.Accesses.Calls, [&](const analysis::CopyCall &CC) {
              return CC.Call == C;
            })) {
          bool Other = llvm::any_of(
              analysis::AnalysisCache::of(Ctx).facts(Callee->getDefinition()).events(),
              [&](const analysis::MemEvent &X) {
                if (X.K == analysis::MemEvent::Read)
                  return false;
                return llvm::none_of(P.Accesses.Uses, [&](const analysis::CopyAccess &A) {
                  return A.isUpdate() && A.Use.At == X.E;
                });
              });
          if (Other)
            return true;
          continue;
        }
        // A device function of the file that touches no memory (a bin helper).
        const FunctionDecl *F = C->getDirectCallee();
        const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
        bool Leaf = Def && Def->hasBody() &&
                    llvm::none_of(analysis::AnalysisCache::of(Ctx).facts(Def).events(),
                                  [](const analysis::MemEvent &X) { return X.K != analysis::MemEvent::Read; });
        if (!Leaf)
          return true;
      }
    }
    return false;
  }

  /// The indentation unit of the kernel's body (its first statement's
  /// indentation beyond the function's own).
  static std::string indentUnit(const ASTContext &Ctx, const FunctionDecl *K) {
    const auto *Body = cast<CompoundStmt>(K->getBody());
    if (Body->body_empty())
      return "  ";
    std::string Outer = lineIndent(Ctx, K->getBeginLoc());
    std::string Inner = lineIndent(Ctx, Body->body_front()->getBeginLoc());
    if (Inner.size() > Outer.size() && StringRef(Inner).starts_with(Outer))
      return Inner.substr(Outer.size());
    return "  ";
  }

  /// The condition that keeps a thread in: the negation of \p C.
  static std::string negation(const ASTContext &Ctx, const Expr *C) {
    const Expr *E = C->IgnoreParens();
    auto Text = [&](const Expr *X) { return sourceText(Ctx, X).value_or(nodeText(Ctx, X, "")); };
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      QualType Operand = B->getLHS()->getType();
      bool Exact = Operand->isIntegerType() || Operand->isPointerType() ||
                   Operand->isEnumeralType() || Operand->isBooleanType();
      static const std::map<BinaryOperatorKind, const char *> Inverse = {
          {BO_LT, ">="}, {BO_GE, "<"}, {BO_GT, "<="}, {BO_LE, ">"}, {BO_EQ, "!="}, {BO_NE, "=="}};
      if (B->isComparisonOp() && Exact && Inverse.count(B->getOpcode()))
        return Text(B->getLHS()) + " " + Inverse.at(B->getOpcode()) + " " + Text(B->getRHS());
      if (B->getOpcode() == BO_LOr) {
        auto Part = [&](const Expr *X) {
          std::string N = negation(Ctx, X);
          const auto *XB = dyn_cast<BinaryOperator>(X->IgnoreParens());
          return XB && XB->getOpcode() == BO_LOr ? "(" + N + ")" : N;
        };
        return Part(B->getLHS()) + " && " + Part(B->getRHS());
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot)
      return Text(U->getSubExpr()->IgnoreParens());
    return "!" + parenIf(!isPostfixSafe(E), Text(E));
  }

  void edits(EditBuilder &E, const AnalysisContext &AC, const Histogram &H, const Bins &B,
             cuda::ReduceOp Op, cuda::ScalarType T) const {
    ASTContext &Ctx = AC.ast();
    const FunctionDecl *K = H.Kernel;
    const auto *Body = cast<CompoundStmt>(K->getBody());
    FreshNames Fresh(Ctx);
    std::string Copy = Fresh.get("s_" + H.name());
    std::string Bin = Fresh.get("bin");
    std::string Unit = indentUnit(Ctx, K);
    std::string Indent = lineIndent(Ctx, Body->body_front()->getBeginLoc());

    // The element type as the parameter spells it (`T` in a template).
    QualType Elem = H.Param->getType()->getPointeeType();
    std::string ElemText = Elem.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    if (TypeSourceInfo *TSI = H.Param->getTypeSourceInfo())
      if (auto PL = TSI->getTypeLoc().getAsAdjusted<PointerTypeLoc>())
        if (std::optional<std::string> Written =
                sourceText(Ctx, PL.getPointeeLoc().getSourceRange());
            Written && !Elem.isConstQualified() && !Elem.isVolatileQualified())
          ElemText = *Written;

    // Thread index and count of the block, as the launches' shape allows.
    std::string Tid = "threadIdx.x", Stride = "blockDim.x";
    std::optional<analysis::Dim3> Shape = knownBlockShape(AC, K);
    if (!Shape || Shape->Z != 1) {
      Tid = "threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)";
      Stride = "blockDim.x * blockDim.y * blockDim.z";
    } else if (Shape->Y != 1) {
      Tid = "threadIdx.x + blockDim.x * threadIdx.y";
      Stride = "blockDim.x * blockDim.y";
    }
    std::string Loop = "for (int " + Bin + " = " + Tid + "; " + Bin + " < " + B.Text + "; " + Bin +
                       " += " + Stride + ")";
    // A plain 0 for integer sums and bit sets: one text for every counter
    // type a template is instantiated with.
    std::string Identity = cuda::identityLiteral(Op, T);
    if (!cuda::isFloatingPoint(T) &&
        (Op == cuda::ReduceOp::Add || Op == cuda::ReduceOp::Or || Op == cuda::ReduceOp::Xor))
      Identity = "0";

    E.insertAtBodyTop(K, "__shared__ " + ElemText + " " + Copy + "[" + B.Text + "];");
    E.insertAtBodyTop(K, Loop);
    E.insertAtBodyTop(K, Unit + Copy + "[" + Bin + "] = " + Identity + ";");
    E.insertAtBodyTop(K, "__syncthreads();");

    // The updates (and the local pointers initialised to the array).
    for (const PointerUse &U : H.Uses)
      if ((U.K == PointerUse::AtomicUpdate || U.K == PointerUse::Alias) && !U.Via)
        E.replace(U.Ref, Copy);

    // Early exits: each guard encloses the rest of the body, innermost first.
    analysis::KernelExits X = analysis::kernelExits(K);
    std::vector<const Stmt *> Stmts(Body->body_begin(), Body->body_end());
    std::set<const Stmt *> Dropped(X.Guards.begin(), X.Guards.end());
    if (X.Last)
      Dropped.insert(X.Last);
    const Stmt *LastReal = nullptr;
    for (const Stmt *S : Stmts)
      if (!Dropped.count(S))
        LastReal = S;
    for (size_t G = X.Guards.size(); G-- > 0;) {
      const IfStmt *Guard = X.Guards[G];
      auto At = std::find(Stmts.begin(), Stmts.end(), Guard);
      auto Last = std::find(Stmts.begin(), Stmts.end(), LastReal);
      if (Last < At) {
        E.removeLines(Guard); // nothing after it to enclose
        continue;
      }
      std::string Depth;
      for (size_t I = 0; I < G; ++I)
        Depth += Unit;
      E.replaceStatement(Guard, "if (" + negation(Ctx, Guard->getCond()) + ") {");
      E.indentLines(*(At + 1), LastReal, Unit);
      E.appendAfter(LastReal, "\n" + Indent + Depth + "}");
    }
    if (X.Last)
      E.removeLines(X.Last);

    // The merge: one atomic per bin the block touched.
    bool Skip = AC.option("skip-empty-bins").value_or("true") != "false";
    std::string Merge = cuda::atomicFunctionName({mergeAtomic(Op), cuda::AtomicScope::Device}) +
                        "(&" + H.name() + "[" + Bin + "], " + Copy + "[" + Bin + "]);";
    std::string Text = "\n" + Indent + "__syncthreads();\n" + Indent + Loop + "\n";
    if (Skip)
      Text += Indent + Unit + "if (" + Copy + "[" + Bin + "] != " + Identity + ")\n" + Indent +
              Unit + Unit + Merge;
    else
      Text += Indent + Unit + Merge;
    E.appendAfter(LastReal, Text);
  }

};

} // namespace

std::unique_ptr<RewritePair> createPrivatizeShared() { return std::make_unique<PrivatizeShared>(); }

} // namespace klineage
