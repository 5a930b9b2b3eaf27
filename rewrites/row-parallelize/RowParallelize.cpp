//===- RowParallelize.cpp - One block per row instead of one thread ----------===//
//
// Part of KLineage. Forward: a kernel whose thread r owns row r (r the 1-D
// global thread index, bounded by a guard) and walks its columns with
// counted loops -- folding sums, maxima, minima into accumulators, then
// writing per-element outputs -- becomes one block (or warp) per row: r is
// blockIdx.x in a grid-stride loop over rows, every column loop strides
// over the columns by the block's threads, each accumulator a loop folds
// is reduced across the block right after the loop and broadcast
// (Edit/ReductionBuilders; two locals changed together as an argmax/argmin
// or an online softmax, Analysis/Reductions' pairFoldOf, are reduced as a
// pair by buildPairReduction), per-row stores outside the column loops are
// done by thread 0, and a barrier orders a column loop's writes before
// later reads. The launches get one block of the chosen width per row.
//
// Docs: docs/rewrites/row-parallelize.md.
//
//===----------------------------------------------------------------------===//
#include "RowParallelize.h"
#include "klineage/Cuda/LaunchBounds.h"
#include "RewriteRegistry.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/LoopInfo.h"
#include "klineage/Analysis/MemoryInterference.h"
#include "klineage/Analysis/PointerProvenance.h"
#include "klineage/Analysis/Reductions.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Edit/ReductionBuilders.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace row_parallelize {

//===----------------------------------------------------------------------===//
// The kernel as the pair reads it
//===----------------------------------------------------------------------===//

/// An accumulator a column loop folds into.
struct Accumulator {
  analysis::Fold F;
  cuda::ScalarType Elem = cuda::ScalarType::Float;
};

/// A counted loop over the columns of the row.
struct ColumnLoop {
  const Stmt *Loop = nullptr;
  const VarDecl *Index = nullptr;
  const Expr *Start = nullptr, *Step = nullptr;
  std::vector<Accumulator> Accs;
  std::vector<analysis::PairFold> Pairs; ///< argmax/argmin, online softmax
  /// Online softmax sums that start elsewhere than at 0 (`m = x[0], s = 1`):
  /// only the row's thread 0 keeps the start, the others start at 0.
  std::vector<const VarDecl *> LeaderStarts;
  std::vector<analysis::Root> Writes; ///< the memory the loop stores into
};

/// A refusal: the precondition it belongs to, why, and where.
struct Problem {
  const char *Precondition;
  Status St = Status::Fails;
  std::string Reason;
  const Stmt *At = nullptr;
  std::string Assumable;
};

/// Everything the preconditions and the edits read about one kernel.
struct RowPlan {
  const FunctionDecl *Kernel = nullptr;
  const VarDecl *Row = nullptr;
  const DeclStmt *RowDecl = nullptr;
  const Expr *RowCount = nullptr; ///< the guard's bound
  const Stmt *ReturnGuard = nullptr; ///< `if (r >= ROWS) return;`, when the guard is one
  /// The row's statements, in order (after the guard, or its body).
  std::vector<const Stmt *> Body;
  std::vector<ColumnLoop> Loops;          ///< by position in Body (null Loop: none)
  std::vector<const Stmt *> Stores;       ///< statements of Body that store outside loops
  std::vector<const Stmt *> BarrierBefore; ///< statements of Body that need a barrier first
  /// Declarations before the row index of locals the row changes: forward
  /// moves them to the start of each row.
  std::vector<const DeclStmt *> MovedIntoRow;
  std::vector<Problem> Problems;
  void refuse(const char *P, std::string Why, const Stmt *At = nullptr, Status St = Status::Fails,
              std::string Assumable = "") {
    Problems.push_back({P, St, std::move(Why), At, std::move(Assumable)});
  }
  const Problem *problem(StringRef P) const {
    for (const Problem &Pr : Problems)
      if (P == Pr.Precondition)
        return &Pr;
    return nullptr;
  }
};

static bool warpWidth(const AnalysisContext &AC) { return AC.option("width").value_or("block") == "warp"; }

unsigned blockSize(const AnalysisContext &AC, const FunctionDecl *Kernel) {
  if (warpWidth(AC))
    return 32;
  unsigned B = 256;
  if (auto O = AC.option("block-size"))
    to_integer(*O, B);
  return boundedBlock(Kernel, B, 32);
}

unsigned boundedBlock(const FunctionDecl *Kernel, unsigned Block, unsigned Multiple) {
  // A block larger than __launch_bounds__'s maxThreads fails to launch.
  auto LB = Kernel ? cuda::launchBounds(Kernel) : std::nullopt;
  if (LB && LB->MaxThreads && *LB->MaxThreads < Block)
    Block = std::max<unsigned>(Multiple, *LB->MaxThreads / Multiple * Multiple);
  return Block;
}

std::string quote(const ASTContext &Ctx, const Stmt *S) {
  return "'" + nodeText(Ctx, S, "<expr>") + "'";
}

static bool isLoop(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S);
}

/// `blockIdx.x * blockDim.x + threadIdx.x` in any order, through integer casts.
static bool isGlobalThreadIndex(const Expr *E) {
  const auto *Add = dyn_cast<BinaryOperator>(analysis::stripIntCasts(E));
  if (!Add || Add->getOpcode() != BO_Add)
    return false;
  auto Is = [](const Expr *X, cuda::BuiltinVar V) {
    auto B = cuda::builtinIndex(analysis::stripIntCasts(X));
    return B && B->Var == V && B->Dim == 0;
  };
  for (int Swap = 0; Swap < 2; ++Swap) {
    const Expr *T = Swap ? Add->getRHS() : Add->getLHS();
    const auto *Mul = dyn_cast<BinaryOperator>(analysis::stripIntCasts(Swap ? Add->getLHS() : Add->getRHS()));
    if (!Is(T, cuda::BuiltinVar::ThreadIdx) || !Mul || Mul->getOpcode() != BO_Mul)
      continue;
    if ((Is(Mul->getLHS(), cuda::BuiltinVar::BlockIdx) && Is(Mul->getRHS(), cuda::BuiltinVar::BlockDim)) ||
        (Is(Mul->getLHS(), cuda::BuiltinVar::BlockDim) && Is(Mul->getRHS(), cuda::BuiltinVar::BlockIdx)))
      return true;
  }
  return false;
}

/// The bound E of a guard on \p Row: `Row >= E` / `E <= Row` / `!(Row < E)`
/// (\p Exits) or `Row < E` / `E > Row` (the guard holds the work).
const Expr *guardBound(const Expr *Cond, const VarDecl *Row, bool Exits) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond); U && U->getOpcode() == UO_LNot)
    return guardBound(U->getSubExpr(), Row, !Exits);
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B)
    return nullptr;
  BinaryOperatorKind Op = B->getOpcode();
  const Expr *Bound = B->getRHS();
  if (analysis::refVar(B->getRHS()) == Row) {
    Op = BinaryOperator::reverseComparisonOp(Op);
    Bound = B->getLHS();
  } else if (analysis::refVar(B->getLHS()) != Row) {
    return nullptr;
  }
  return (Exits ? Op == BO_GE : Op == BO_LT) ? Bound : nullptr;
}

/// Calls, builtins and locals in \p S, visited once each.
void forEachNode(const Stmt *S, const std::function<void(const Stmt *)> &F) {
  if (!S)
    return;
  F(S);
  for (const Stmt *C : S->children())
    forEachNode(C, F);
}

bool isReturnGuard(const Stmt *S) {
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || If->getElse())
    return false;
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
    Then = CS->body_front();
  return isa<ReturnStmt>(Then);
}

/// A column loop's start, step and index, or why it is none.
static std::optional<ColumnLoop> columnLoopOf(ASTContext &Ctx, const Stmt *L, const Stmt *FnBody,
                                              std::string &Why) {
  if (!isa<ForStmt>(L) && !isa<WhileStmt>(L)) {
    Why = "only `for` and `while` loops over the columns are strided";
    return std::nullopt;
  }
  analysis::TripCount T = analysis::analyseTripCount(Ctx, *L, FnBody);
  // The update: a for's increment, a while body's last statement.
  const Expr *Inc = nullptr;
  if (const auto *For = dyn_cast<ForStmt>(L))
    Inc = For->getInc();
  else if (const auto *CS = dyn_cast<CompoundStmt>(cast<WhileStmt>(L)->getBody()); CS && !CS->body_empty())
    Inc = dyn_cast<Expr>(CS->body_back());
  if (T.Index && Inc && !T.Step)
    T.Step = analysis::stepOf(Ctx, Inc, T.Index);
  if (!T.Index || !T.Start || !T.Bound || !T.Step || !T.Cond || T.Index->getType()->isPointerType()) {
    Why = "the loop is not counted by an integer index from a start to a bound";
    return std::nullopt;
  }
  if (T.Why != analysis::TripCount::Counted && T.Why != analysis::TripCount::StartNotConstant &&
      T.Why != analysis::TripCount::BoundNotConstant) {
    Why = "the loop's index is not stepped by one up to its bound";
    return std::nullopt;
  }
  const auto *Cond = dyn_cast<BinaryOperator>(T.Cond->IgnoreParenImpCasts());
  bool IndexLeft = Cond && analysis::refVar(Cond->getLHS()) == T.Index;
  BinaryOperatorKind Op = Cond ? Cond->getOpcode() : BO_EQ;
  if (!IndexLeft)
    Op = BinaryOperator::reverseComparisonOp(Op);
  if (Op != BO_LT && Op != BO_LE) {
    Why = "the loop's condition is not `index < bound` (or `<=`)";
    return std::nullopt;
  }
  // The step: ++i, i++, i += 1, i = i + 1.
  const Expr *Step = T.Step->IgnoreParenImpCasts();
  bool ByOne = false;
  if (const auto *U = dyn_cast<UnaryOperator>(Step))
    ByOne = U->isIncrementOp();
  else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Step)) {
    Expr::EvalResult R;
    ByOne = CA->getOpcode() == BO_AddAssign && CA->getRHS()->EvaluateAsInt(R, Ctx) && R.Val.getInt() == 1;
  } else if (const auto *A = dyn_cast<BinaryOperator>(Step); A && A->getOpcode() == BO_Assign) {
    const auto *Sum = dyn_cast<BinaryOperator>(A->getRHS()->IgnoreParenImpCasts());
    Expr::EvalResult R;
    if (Sum && Sum->getOpcode() == BO_Add) {
      const Expr *Other = analysis::refVar(Sum->getLHS()) == T.Index ? Sum->getRHS()
                          : analysis::refVar(Sum->getRHS()) == T.Index ? Sum->getLHS()
                                                                       : nullptr;
      ByOne = Other && Other->EvaluateAsInt(R, Ctx) && R.Val.getInt() == 1;
    }
  }
  if (!ByOne) {
    Why = "the loop's index is not stepped by one";
    return std::nullopt;
  }
  // The step is the only change of the index in the loop.
  const analysis::FunctionFacts &Facts = analysis::AnalysisCache::of(Ctx).facts(
      cuda::enclosingFunction(Ctx, *L));
  const Stmt *Body = isa<ForStmt>(L) ? cast<ForStmt>(L)->getBody() : cast<WhileStmt>(L)->getBody();
  for (const analysis::VarMod &M : Facts.mods(T.Index))
    if (M.At != Step && M.At != T.Step && Facts.encloses(Body, M.At)) {
      Why = "the loop's index also changes in its body (" + quote(Ctx, M.At) + ")";
      return std::nullopt;
    }
  ColumnLoop C;
  C.Loop = L;
  C.Index = T.Index;
  C.Start = T.Start;
  C.Step = T.Step;
  return C;
}

/// The local variables \p S names, and whether it names one through `&`.
static void localsNamed(const Stmt *S, std::vector<const VarDecl *> &Out) {
  forEachNode(S, [&](const Stmt *N) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && V->hasLocalStorage() && !is_contained(Out, V))
        Out.push_back(V);
  });
}

static bool declaredIn(const ASTContext &Ctx, const VarDecl *V, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = SM.getExpansionLoc(V->getLocation());
  return !SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(S->getBeginLoc())) &&
         SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(S->getEndLoc()));
}

/// The roots of the memory \p S reads and writes (Unknown roots included).
struct Accesses {
  std::vector<analysis::Root> Reads, Writes;
  std::vector<const Expr *> WriteExprs, ReadExprs;
};

static analysis::Root rootOfAccess(analysis::PointerProvenance &PP, const Expr *Access) {
  analysis::Root R;
  if (const Expr *Base = analysis::accessBasePointer(Access))
    return PP.rootOf(Base);
  if (const VarDecl *V = analysis::refVar(Access)) {
    R.K = cuda::isShared(V) ? analysis::Root::Shared
          : V->hasGlobalStorage() ? analysis::Root::GlobalVar
                                  : analysis::Root::Unknown;
    R.D = V;
  }
  return R;
}

static bool mayOverlap(const analysis::Root &A, const analysis::Root &B) {
  if (A.K == analysis::Root::Unknown || B.K == analysis::Root::Unknown)
    return true;
  return A.D == B.D && A.K == B.K;
}

/// \p E as a linear form in which each local declared inside \p Loop and
/// set once (`int idx = r * cols + c;`) stands for its initialiser.
static std::optional<analysis::LinearForm> indexForm(ASTContext &Ctx, analysis::Linearizer &Lin,
                                                      const analysis::FunctionFacts &Facts, const Expr *E,
                                                      const Stmt *Loop, unsigned Depth = 0) {
  std::optional<analysis::LinearForm> F = Lin.linearize(E);
  if (!F || Depth > 4)
    return F;
  analysis::LinearForm Out;
  for (const auto &[Mono, Coeff] : F->Terms) {
    const analysis::Atom *A = Mono.size() == 1 ? Lin.atom(Mono.front()) : nullptr;
    const VarDecl *V = A ? A->Var : nullptr;
    if (V && V->getInit() && declaredIn(Ctx, V, Loop) && Facts.mods(V).empty() && V->getType()->isIntegerType()) {
      auto Sub = indexForm(Ctx, Lin, Facts, V->getInit(), Loop, Depth + 1);
      if (!Sub)
        return std::nullopt;
      Out.add(*Sub, Coeff);
      continue;
    }
    analysis::LinearForm T;
    T.Terms[Mono] = Coeff;
    Out.add(T);
  }
  Out.normalize();
  return Out;
}

/// Whether \p F varies with \p Index alone: a non-zero multiple of it plus
/// terms of variables \p Loop leaves unchanged (builtins and constants).
static Status perColumn(const analysis::Linearizer &Lin, const analysis::FunctionFacts &Facts,
                        const ASTContext &Ctx, const analysis::LinearForm &F, const VarDecl *Index,
                        const Stmt *Loop) {
  bool Column = false;
  for (const auto &[Mono, Coeff] : F.Terms)
    for (const std::string &Key : Mono) {
      const analysis::Atom *A = Lin.atom(Key);
      if (!A)
        return Status::Unknown;
      if (A->Var == Index) {
        if (Coeff == 0)
          return Status::Fails;
        // `c * ld`: distinct columns only when ld is not 0.
        if (Mono.size() != 1)
          return Status::Unknown;
        Column = true;
      } else if (A->Var) {
        if (declaredIn(Ctx, A->Var, Loop) || Facts.modifiedWithin(A->Var, Loop))
          return Status::Unknown;
      } else if (Key.rfind("b:", 0) != 0) {
        return Status::Unknown; // an opaque subexpression: it may read the column
      }
    }
  return Column ? Status::Holds : Status::Fails;
}

/// Whether \p Index starts at or before the loop's first column \p Start:
/// the combined argmax breaks ties by index, so the start's pair (from
/// before the loop) must come first in the order of indices as it does in
/// the serial loop's.
static bool startsBefore(ASTContext &Ctx, const VarDecl *Index, const Expr *Start) {
  const Expr *Init = Index->getInit();
  if (!Init)
    return false;
  Expr::EvalResult A, B;
  if (!Init->isValueDependent() && !Start->isValueDependent() && Init->EvaluateAsInt(A, Ctx) &&
      Start->EvaluateAsInt(B, Ctx))
    return APSInt::compareValues(A.Val.getInt(), B.Val.getInt()) <= 0;
  llvm::FoldingSetNodeID I, S;
  Init->IgnoreParenImpCasts()->Profile(I, Ctx, /*Canonical=*/true);
  Start->IgnoreParenImpCasts()->Profile(S, Ctx, /*Canonical=*/true);
  return I == S;
}

/// Whether pair fold \p PF of column loop \p S can be reduced across the
/// row's block (refusing on \p P when not): each of its two locals changes
/// only in the pair's statements before the loop's end, is folded in no
/// other loop, has a type the shuffles carry, and starts where every
/// thread may start (an argmax's index before the first column; an online
/// softmax's sum anywhere: one not at 0 goes to \p LeaderStarts); the index
/// takes the column itself.
static bool checkPairFold(const AnalysisContext &AC, RowPlan &P, const ColumnLoop &CL, const analysis::PairFold &PF,
                          const Stmt *S, const Stmt *Body, const analysis::FunctionFacts &Facts,
                          std::vector<const VarDecl *> &Folded, std::vector<const VarDecl *> &LeaderStarts) {
  ASTContext &Ctx = AC.ast();
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *At = PF.Stmts.front();
  bool Arg = PF.K != analysis::PairFold::OnlineSoftmax;
  std::string Pair = "'" + PF.Value->getName().str() + "' and '" + PF.Other->getName().str() + "'";
  std::string What = Arg ? std::string(PF.K == analysis::PairFold::ArgMax ? "argmax" : "argmin") : "online softmax";
  unsigned LoopBegin = SM.getFileOffset(SM.getExpansionLoc(S->getBeginLoc()));
  unsigned LoopEnd = SM.getFileOffset(SM.getExpansionLoc(S->getEndLoc()));
  for (const VarDecl *V : {PF.Value, PF.Other}) {
    bool RowLocal = declaredIn(Ctx, V, Body);
    for (const analysis::VarMod &Mod : Facts.mods(V)) {
      bool InPair = any_of(PF.Stmts, [&](const Stmt *T) { return Facts.encloses(T, Mod.At); });
      if (!InPair && !(RowLocal && Mod.Begin > LoopEnd)) {
        P.refuse(ReductionRecognised,
                 "'" + V->getName().str() + "' of the " + What + " " + Pair + " also changes in " +
                     quote(Ctx, Mod.At) + ": each thread holds only a part of it until the loop's end",
                 Mod.At);
        return false;
      }
    }
    if (is_contained(Folded, V)) {
      P.refuse(ReductionRecognised, "'" + V->getName().str() + "' is folded again in a later column loop", At);
      return false;
    }
  }
  if (Arg) {
    auto Elem = cuda::scalarTypeOf(PF.Value->getType());
    QualType IT = PF.Other->getType();
    if (!Elem || !IT->isIntegerType() || IT->isBooleanType() || Ctx.getTypeSize(IT) > 64) {
      P.refuse(ReductionRecognised,
               "the " + What + " of '" + PF.Value->getType().getAsString() + "' with a '" + IT.getAsString() +
                   "' index is not one the shuffles carry (int, unsigned, long long, float, double values; "
                   "integer indices)",
               At);
      return false;
    }
    if (analysis::refVar(analysis::stripIntCasts(PF.Position)) != CL.Index) {
      P.refuse(ReductionRecognised,
               "the index '" + PF.Other->getName().str() + "' takes " + quote(Ctx, PF.Position) +
                   ", not the column '" + CL.Index->getName().str() +
                   "': the combined reduction breaks ties between equal values by the index",
               At);
      return false;
    }
    if (!startsBefore(Ctx, PF.Other, CL.Start)) {
      P.refuse(ReductionRecognised,
               "the index '" + PF.Other->getName().str() + "' does not start at or before the loop's first column " +
                   quote(Ctx, CL.Start) +
                   ": the combined reduction breaks ties by the index, and the start must win them as it does in "
                   "the serial loop",
               PF.Other->getInit() ? static_cast<const Stmt *>(PF.Other->getInit()) : At);
      return false;
    }
  } else {
    auto Elem = cuda::scalarTypeOf(PF.Other->getType());
    Expr::EvalResult R;
    bool Zero = Elem && PF.Other->getInit() && !PF.Other->getInit()->isValueDependent() &&
                PF.Other->getInit()->EvaluateAsRValue(R, Ctx) &&
                cuda::isIdentityValue(cuda::ReduceOp::Add, *Elem, R.Val);
    if (!PF.Other->getInit()) {
      P.refuse(ReductionRecognised,
               "the online softmax's sum '" + PF.Other->getName().str() + "' has no initial value", At);
      return false;
    }
    // (m0, s0) sums the elements before the loop: one thread keeps it, the
    // others start empty, (m0, 0), which the merge adds nothing from.
    if (!Zero)
      LeaderStarts.push_back(PF.Other);
    if (!AC.assumptions().reassociate())
      P.refuse(OperatorAssociative,
               "'" + PF.Other->getName().str() + "' is a " + PF.Other->getType().getAsString() +
                   " sum of exponentials rescaled by the running maximum '" + PF.Value->getName().str() +
                   "': combined across the block in another order it rounds differently (--assume=reassociate, "
                   "when the workload's tolerance allows it)",
               At, Status::Unknown, "reassociate");
  }
  // Neither changes before the loop (after its declaration).
  for (const VarDecl *V : {PF.Value, PF.Other})
    if (Facts.modifiedIn({V}, 0, LoopBegin)) {
      P.refuse(ReductionRecognised, "'" + V->getName().str() + "' changes before the loop", At);
      return false;
    }
  Folded.push_back(PF.Value);
  Folded.push_back(PF.Other);
  return true;
}

/// Why local \p V, declared by statement \p K of the kernel's body before
/// the row index (statement \p RowAt), cannot start each row afresh: read
/// before the row or by its count, or an initial value that reads memory,
/// has effects or reads a variable the kernel changes. Empty when it can.
static std::string rowStartWhy(ASTContext &Ctx, const analysis::FunctionFacts &Facts, const VarDecl *V,
                               const CompoundStmt *Body, size_t K, size_t RowAt, const Expr *RowCount) {
  std::vector<const VarDecl *> Read;
  for (size_t J = K + 1; J <= RowAt; ++J)
    localsNamed(Body->body_begin()[J], Read);
  localsNamed(RowCount, Read);
  if (is_contained(Read, V))
    return "it is read before the row starts";
  if (V->getType()->isArrayType() || V->getType()->isReferenceType() || cuda::isShared(V))
    return "it is " + std::string(cuda::isShared(V) ? "shared memory" : "not a scalar");
  const Expr *Init = V->getInit();
  if (!Init)
    return "";
  if (!analysis::isPureExpr(Init, Ctx))
    return "its initial value has effects";
  if (analysis::readsMemory(Init))
    return "its initial value reads memory";
  std::vector<const VarDecl *> InitVars;
  localsNamed(Init, InitVars);
  for (const VarDecl *W : InitVars)
    if (!Facts.mods(W).empty())
      return "its initial value reads '" + W->getName().str() + "', which the kernel changes";
  return "";
}

/// What the pair makes of kernel \p FD.
RowPlan planKernel(const AnalysisContext &AC, const FunctionDecl *FD) {
  ASTContext &Ctx = AC.ast();
  RowPlan P;
  P.Kernel = FD;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD ? FD->getBody() : nullptr);
  if (!FD || !Body || !cuda::isKernel(FD)) {
    P.refuse(ThreadPerRow, "not a kernel with a body");
    return P;
  }
  const analysis::FunctionFacts &Facts = analysis::AnalysisCache::of(Ctx).facts(FD);

  // The row: a local set once to the 1-D global thread index.
  size_t RowAt = 0;
  for (; RowAt < Body->size(); ++RowAt) {
    const auto *DS = dyn_cast<DeclStmt>(Body->body_begin()[RowAt]);
    if (!DS || !DS->isSingleDecl())
      continue;
    const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (V && V->getInit() && V->getType()->isIntegerType() && isGlobalThreadIndex(V->getInit())) {
      P.Row = V;
      P.RowDecl = DS;
      break;
    }
  }
  if (!P.Row) {
    P.refuse(ThreadPerRow,
             "no local of the kernel's body is set to the 1-D global thread index "
             "(blockIdx.x * blockDim.x + threadIdx.x): no row per thread");
    return P;
  }
  if (!Facts.mods(P.Row).empty()) {
    P.refuse(ThreadPerRow, "the row index '" + P.Row->getName().str() + "' changes after it is set",
             Facts.mods(P.Row).front().At);
    return P;
  }
  // The guard, right after the row (declarations may come between).
  size_t I = RowAt + 1;
  for (; I < Body->size(); ++I) {
    const Stmt *S = Body->body_begin()[I];
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      bool Exits = isReturnGuard(If);
      if (!If->getInit() && !If->getConditionVariable())
        P.RowCount = guardBound(If->getCond(), P.Row, Exits);
      if (P.RowCount && Exits) {
        P.ReturnGuard = If;
        P.Body.assign(Body->body_begin() + I + 1, Body->body_end());
      } else if (P.RowCount && !If->getElse() && I + 1 == Body->size()) {
        if (const auto *CS = dyn_cast<CompoundStmt>(If->getThen()))
          P.Body.assign(CS->body_begin(), CS->body_end());
        else
          P.Body.push_back(If->getThen());
      } else {
        P.RowCount = nullptr;
      }
      break;
    }
    if (!isa<DeclStmt>(S))
      break;
  }
  if (!P.RowCount) {
    P.refuse(ThreadPerRow,
             "no guard `if (" + P.Row->getName().str() + " >= ROWS) return;` or `if (" + P.Row->getName().str() +
                 " < ROWS) { ... }` (the rest of the kernel) bounds the row index right after it",
             P.RowDecl);
    return P;
  }
  std::vector<const VarDecl *> CountVars;
  localsNamed(P.RowCount, CountVars);
  for (const VarDecl *V : CountVars)
    if (!Facts.mods(V).empty()) {
      P.refuse(ThreadPerRow, "the row count reads '" + V->getName().str() + "', which the kernel changes",
               Facts.mods(V).front().At);
      return P;
    }
  // Locals before the row are outside the loop over rows: a block's rows
  // would share them. One the row changes moves into the row when nothing
  // before the row reads it and its initial value is the same for every row
  // (`float x_max = -INFINITY; int row = ...;`): each row then starts it
  // afresh, as each thread did.
  for (size_t K = 0; K < RowAt; ++K) {
    const auto *DS = dyn_cast<DeclStmt>(Body->body_begin()[K]);
    if (!DS || none_of(DS->decls(), [&](const Decl *D) {
          const auto *V = dyn_cast<VarDecl>(D);
          return V && !Facts.mods(V).empty();
        }))
      continue;
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V)
        continue;
      if (std::string Why = rowStartWhy(Ctx, Facts, V, Body, K, RowAt, P.RowCount); !Why.empty()) {
        P.refuse(ThreadPerRow,
                 "'" + V->getName().str() + "' is declared before the row index and changed after it, and " + Why +
                     ": the rows a block takes in turn would share it",
                 Facts.mods(V).empty() ? static_cast<const Stmt *>(DS) : Facts.mods(V).front().At);
        return P;
      }
    }
    P.MovedIntoRow.push_back(DS);
  }
  if (!analysis::isPureExpr(P.RowCount, Ctx)) {
    P.refuse(ThreadPerRow, "the row count has side effects", P.RowCount);
    return P;
  }

  // Nothing else may know which thread it is, nor share with others.
  bool Shape = true;
  forEachNode(Body, [&](const Stmt *N) {
    if (!Shape || (P.RowDecl && N == P.RowDecl))
      return;
    if (const auto *E = dyn_cast<Expr>(N); E && cuda::builtinIndex(E) && !declaredIn(Ctx, P.Row, N)) {
      if (Ctx.getSourceManager().isBeforeInTranslationUnit(P.RowDecl->getEndLoc(), N->getBeginLoc()) ||
          Ctx.getSourceManager().isBeforeInTranslationUnit(N->getEndLoc(), P.RowDecl->getBeginLoc())) {
        P.refuse(ThreadPerRow, quote(Ctx, N) + " outside the row index: the kernel spreads work by more than the row",
                 N);
        Shape = false;
      }
    }
    if (const auto *C = dyn_cast<CallExpr>(N)) {
      const FunctionDecl *Callee = C->getDirectCallee();
      StringRef CN = Callee && Callee->getIdentifier() ? Callee->getName() : "";
      if (cuda::barrierScope(C) || cuda::isWarpShuffle(CN) || cuda::isAtomicCallee(CN)) {
        P.refuse(ThreadPerRow, "'" + CN.str() + "' already coordinates threads", N);
        Shape = false;
      }
    }
    if (const auto *DS = dyn_cast<DeclStmt>(N))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && cuda::isShared(V)) {
          P.refuse(ThreadPerRow, "the kernel already uses shared memory ('" + V->getName().str() + "')", N);
          Shape = false;
        }
  });
  if (!Shape)
    return P;

  // No exit but the guard's.
  for (const Stmt *S : P.Body)
    forEachNode(S, [&](const Stmt *N) {
      if (isa<ReturnStmt>(N) || isa<GotoStmt>(N))
        P.refuse(NoEarlyExit,
                 "a thread may leave the row here: the block's threads share each row's reductions, "
                 "and a reduction would wait for it",
                 N);
    });

  // The row's statements: column loops, per-row stores, the rest.
  analysis::Linearizer Lin(Ctx);
  analysis::PointerProvenance PP(Ctx, Facts, Lin);
  std::vector<analysis::Root> WrittenSinceBarrier;
  std::vector<const VarDecl *> Folded;
  for (const Stmt *S : P.Body) {
    // Memory this statement reads and writes.
    Accesses A;
    for (const analysis::MemEvent &Ev : Facts.events()) {
      unsigned B = Ctx.getSourceManager().getFileOffset(Ctx.getSourceManager().getExpansionLoc(S->getBeginLoc()));
      unsigned E = Ctx.getSourceManager().getFileOffset(Ctx.getSourceManager().getExpansionLoc(S->getEndLoc()));
      if (Ev.Begin < B || Ev.Begin > E)
        continue;
      if (Ev.K == analysis::MemEvent::Call) {
        const auto *C = dyn_cast<CallExpr>(Ev.E);
        if (!C)
          continue;
        for (const Expr *Arg : C->arguments())
          if (Arg->getType()->isPointerType() || Arg->getType()->isReferenceType())
            P.refuse(RowsIndependent,
                     "a call is handed a pointer: what it reads and writes per column is not seen", Ev.E,
                     Status::Unknown);
        continue;
      }
      analysis::Root R = rootOfAccess(PP, Ev.E);
      (Ev.K == analysis::MemEvent::Read ? A.Reads : A.Writes).push_back(R);
      (Ev.K == analysis::MemEvent::Read ? A.ReadExprs : A.WriteExprs).push_back(Ev.E);
    }
    // A barrier before a statement that reads what earlier ones wrote.
    bool Reads = any_of(A.Reads, [&](const analysis::Root &R) {
      return any_of(WrittenSinceBarrier, [&](const analysis::Root &W) { return mayOverlap(R, W); });
    });
    if (Reads) {
      P.BarrierBefore.push_back(S);
      WrittenSinceBarrier.clear();
    }

    if (!isLoop(S)) {
      bool HasLoop = false;
      forEachNode(S, [&](const Stmt *N) { HasLoop |= isLoop(N); });
      if (HasLoop) {
        P.refuse(LoopBoundRowUniform,
                 "a loop inside " + quote(Ctx, S) +
                     ": only loops that are statements of the row itself are spread over the block",
                 S);
        continue;
      }
      if (!A.Writes.empty() && isa<DeclStmt>(S)) {
        P.refuse(RowsIndependent, "a declaration stores to memory: its variable would be thread 0's alone", S);
        continue;
      }
      if (!A.Writes.empty()) {
        // Done by one thread: nothing it changes may be a local others read.
        std::vector<const VarDecl *> Vars;
        localsNamed(S, Vars);
        for (const VarDecl *V : Vars)
          if (!declaredIn(Ctx, V, S) && Facts.modifiedWithin(V, S))
            P.refuse(RowsIndependent,
                     "a per-row store also changes '" + V->getName().str() +
                         "': one thread will do the store, and the others would miss the change",
                     S);
        P.Stores.push_back(S);
        append_range(WrittenSinceBarrier, A.Writes);
      }
      continue;
    }

    std::string Why;
    auto CL = columnLoopOf(Ctx, S, Body, Why);
    if (!CL) {
      P.refuse(LoopBoundRowUniform, Why, S);
      continue;
    }
    // Start and bound: the same for the whole row (they read nothing a
    // thread of the row writes, and no thread index but the row).
    const auto *LoopBody = isa<ForStmt>(S) ? cast<ForStmt>(S)->getBody() : cast<WhileStmt>(S)->getBody();
    bool Stop = false;
    forEachNode(LoopBody, [&](const Stmt *N) {
      if (isa<BreakStmt>(N) || (isa<ContinueStmt>(N) && isa<WhileStmt>(S))) {
        P.refuse(LoopBoundRowUniform,
                 "the loop may stop early or skip its step: its iterations cannot be dealt out in advance", N);
        Stop = true;
      }
    });
    if (Stop)
      continue;

    if (!declaredIn(Ctx, CL->Index, S)) {
      bool ReadAfter = false;
      forEachNode(Body, [&](const Stmt *N) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(N); DRE && DRE->getDecl() == CL->Index &&
                                                        !Facts.encloses(S, DRE) &&
                                                        Ctx.getSourceManager().isBeforeInTranslationUnit(
                                                            S->getEndLoc(), DRE->getBeginLoc()))
          ReadAfter = true;
      });
      if (ReadAfter) {
        P.refuse(LoopBoundRowUniform,
                 "the loop's index '" + CL->Index->getName().str() +
                     "' is read after the loop: each thread would stop at a different column",
                 S);
        continue;
      }
    }
    std::vector<const VarDecl *> BoundVars;
    if (const auto *Cond = isa<ForStmt>(S) ? cast<ForStmt>(S)->getCond() : cast<WhileStmt>(S)->getCond())
      localsNamed(Cond, BoundVars);
    for (const VarDecl *V : BoundVars)
      if (V != CL->Index && Facts.modifiedWithin(V, S)) {
        P.refuse(LoopBoundRowUniform, "the loop's bound reads '" + V->getName().str() + "', which the loop changes",
                 S);
        Stop = true;
      }
    if (Stop)
      continue;

    // Locals declared outside the loop that the loop changes: folds only.
    std::vector<const VarDecl *> Vars;
    localsNamed(LoopBody, Vars);
    const auto *BodyCS = dyn_cast<CompoundStmt>(LoopBody);
    std::vector<const Stmt *> Top = BodyCS ? std::vector<const Stmt *>(BodyCS->body_begin(), BodyCS->body_end())
                                           : std::vector<const Stmt *>{LoopBody};
    std::vector<const VarDecl *> Paired; // decided as (part of) a pair
    for (const VarDecl *V : Vars) {
      if (declaredIn(Ctx, V, S) || V == CL->Index || is_contained(Paired, V))
        continue;
      const analysis::VarMod *M = Facts.modifiedWithin(V, S);
      if (!M)
        continue;
      // Changed together with another local: a pair reduction, or refused.
      std::string PairWhy;
      if (auto PF = analysis::pairFoldOf(Ctx, Top, V, CL->Index, Facts, PairWhy)) {
        Paired.push_back(PF->Value);
        Paired.push_back(PF->Other);
        if (checkPairFold(AC, P, *CL, *PF, S, Body, Facts, Folded, CL->LeaderStarts))
          CL->Pairs.push_back(*PF);
        continue;
      }
      if (!PairWhy.empty()) {
        P.refuse(ReductionRecognised, PairWhy, M->At);
        continue;
      }
      std::optional<analysis::Fold> F;
      for (const Stmt *T : Top)
        if (auto G = analysis::foldOf(T); G && G->Var == V) {
          if (F) {
            F.reset();
            break;
          }
          F = G;
        }
      if (!F) {
        P.refuse(ReductionRecognised,
                 "'" + V->getName().str() + "' is changed by " + quote(Ctx, M->At) +
                     ", which is not one fold (`v += e`, `v = max(v, e)`, ...) of the loop body: the threads "
                     "sharing the row could not combine their parts",
                 M->At);
        continue;
      }
      // The fold is the only write of V before the loop's end, and the loop
      // reads V nowhere else. A write after the loop (`m = m / C`) sees the
      // reduced value, the same in every thread, when V is the row's own
      // local (declared in the row's code, so each row starts afresh).
      const SourceManager &SM = Ctx.getSourceManager();
      unsigned LoopEnd = SM.getFileOffset(SM.getExpansionLoc(S->getEndLoc()));
      bool RowLocal = declaredIn(Ctx, V, Body);
      bool Alone = true;
      for (const analysis::VarMod &Mod : Facts.mods(V))
        if (Mod.At != F->E && !(isa<Expr>(F->E) && Mod.At == F->E->IgnoreParens()))
          Alone = ((Mod.Begin >= SM.getFileOffset(SM.getExpansionLoc(F->E->getBeginLoc())) &&
                    Mod.End <= SM.getFileOffset(SM.getExpansionLoc(F->E->getEndLoc())) + 1) ||
                   (RowLocal && Mod.Begin > LoopEnd)) &&
                  Alone;
      unsigned Uses = 0;
      forEachNode(LoopBody, [&](const Stmt *N) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(N); DRE && DRE->getDecl() == V)
          ++Uses;
      });
      unsigned FoldUses = 0;
      forEachNode(F->Whole, [&](const Stmt *N) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(N); DRE && DRE->getDecl() == V)
          ++FoldUses;
      });
      std::vector<const VarDecl *> OperandVars;
      localsNamed(F->Operand, OperandVars);
      if (!Alone || Uses != FoldUses || is_contained(OperandVars, V) || is_contained(Folded, V)) {
        P.refuse(ReductionRecognised,
                 "'" + V->getName().str() +
                     "' is read or changed elsewhere than by its one fold in one column loop: each thread "
                     "holds only a part of it until the loop's end",
                 F->E);
        continue;
      }
      auto Elem = cuda::scalarTypeOf(V->getType());
      if (!Elem || !cuda::reduceSupports(F->Op, *Elem)) {
        P.refuse(ReductionRecognised,
                 "'" + V->getName().str() + "' has type '" + V->getType().getAsString() +
                     "', which the block reduction does not handle",
                 F->E);
        continue;
      }
      // Each thread starts from V's initial value: it must be the
      // identity, unless the operator absorbs repeats (max, min, and, or).
      bool Idempotent = F->Op == cuda::ReduceOp::Max || F->Op == cuda::ReduceOp::Min ||
                        F->Op == cuda::ReduceOp::And || F->Op == cuda::ReduceOp::Or;
      Expr::EvalResult R;
      bool Identity = V->getInit() && V->getInit()->EvaluateAsRValue(R, Ctx) &&
                      cuda::isIdentityValue(F->Op, *Elem, R.Val);
      if (!Idempotent && !Identity) {
        P.refuse(ReductionRecognised,
                 "'" + V->getName().str() + "' does not start at the " + cuda::reduceOpName(F->Op) +
                     "'s identity: every thread of the row would add its start value",
                 F->E);
        continue;
      }
      if (Facts.modifiedIn({V}, 0, Ctx.getSourceManager().getFileOffset(
                                       Ctx.getSourceManager().getExpansionLoc(S->getBeginLoc()))) ) {
        P.refuse(ReductionRecognised, "'" + V->getName().str() + "' changes before the loop", F->E);
        continue;
      }
      if (cuda::isFloatingPoint(*Elem) && F->Op == cuda::ReduceOp::Add && !AC.assumptions().reassociate())
        P.refuse(OperatorAssociative,
                 "'" + V->getName().str() + "' is a " + cuda::scalarTypeSpelling(*Elem) +
                     " sum: summed in another order it rounds differently (--assume=reassociate, when the "
                     "workload's tolerance allows it)",
                 F->E, Status::Unknown, "reassociate");
      Folded.push_back(V);
      CL->Accs.push_back({*F, *Elem});
    }

    // Each column writes its own elements, and reads back only those.
    for (size_t W = 0; W < A.WriteExprs.size(); ++W) {
      const Expr *WE = A.WriteExprs[W];
      const auto *AS = dyn_cast<ArraySubscriptExpr>(WE->IgnoreParenImpCasts());
      std::optional<analysis::LinearForm> F = AS ? indexForm(Ctx, Lin, Facts, AS->getIdx(), S) : std::nullopt;
      Status Column = F ? perColumn(Lin, Facts, Ctx, *F, CL->Index, S) : Status::Unknown;
      if (AS && Column == Status::Holds) {
        analysis::Root Base = PP.rootOf(AS->getBase());
        if (Base.D && Facts.modifiedWithin(dyn_cast<VarDecl>(Base.D), S))
          Column = Status::Unknown;
      }
      if (Column != Status::Holds) {
        P.refuse(RowsIndependent,
                 "the store " + quote(Ctx, WE) +
                     " is not at an element indexed by the column (a multiple of the index plus a row-uniform "
                     "offset): columns dealt to different threads could write the same place",
                 WE, Column);
        continue;
      }
      for (size_t Rd = 0; Rd < A.ReadExprs.size(); ++Rd) {
        if (!mayOverlap(A.Reads[Rd], A.Writes[W]))
          continue;
        const auto *RS = dyn_cast<ArraySubscriptExpr>(A.ReadExprs[Rd]->IgnoreParenImpCasts());
        std::optional<analysis::LinearForm> RF = RS ? indexForm(Ctx, Lin, Facts, RS->getIdx(), S) : std::nullopt;
        if (!RF || RF->symbolicKey() != F->symbolicKey() || RF->constant() != F->constant() ||
            !(PP.rootOf(RS->getBase()).D == PP.rootOf(AS->getBase()).D)) {
          P.refuse(RowsIndependent,
                   "the loop reads " + quote(Ctx, A.ReadExprs[Rd]) + ", which may be what " + quote(Ctx, WE) +
                       " writes for another column (another thread's, once the columns are spread)",
                   A.ReadExprs[Rd]);
        }
      }
    }
    CL->Writes = A.Writes;
    append_range(WrittenSinceBarrier, A.Writes);
    P.Loops.push_back(*CL);
  }
  if (P.Loops.empty() && !P.problem(LoopBoundRowUniform))
    P.refuse(ThreadPerRow, "the row has no loop over its columns: nothing to spread over a block", P.RowDecl);
  return P;
}

//===----------------------------------------------------------------------===//
// Preconditions
//===----------------------------------------------------------------------===//

static Status verdictOf(const PreconditionQuery &Q, PreconditionResult &R, const char *Name,
                        const std::string &HoldsWhy) {
  RowPlan P = planKernel(Q.AC, Q.Function);
  if (const Problem *Pr = P.problem(Name)) {
    R.Reason = Pr->Reason;
    R.Assumable = Pr->Assumable;
    if (Pr->At)
      R.Evidence.push_back(evidenceAt(Q.AC.ast(), Pr->At->getBeginLoc(), "here", "the statement in question"));
    return Pr->St;
  }
  if (Name != ThreadPerRow && P.problem(ThreadPerRow)) {
    R.Reason = "decided by thread-per-row";
    return Status::Unknown;
  }
  R.Reason = HoldsWhy;
  return Status::Holds;
}

Status checkThreadPerRow(const PreconditionQuery &Q, PreconditionResult &R) {
  return verdictOf(Q, R, ThreadPerRow,
                   "each thread owns one row (the 1-D global thread index, bounded by a guard) and walks its "
                   "columns; nothing else tells threads apart");
}
Status checkNoEarlyExit(const PreconditionQuery &Q, PreconditionResult &R) {
  return verdictOf(Q, R, NoEarlyExit, "no thread leaves a row but through the row guard");
}
Status checkLoopBoundRowUniform(const PreconditionQuery &Q, PreconditionResult &R) {
  return verdictOf(Q, R, LoopBoundRowUniform,
                   "every column loop is a statement of the row, counted by one from a start to a bound "
                   "computed the same way by every thread of the row");
}
Status checkReductionRecognised(const PreconditionQuery &Q, PreconditionResult &R) {
  return verdictOf(Q, R, ReductionRecognised,
                   "every local a column loop changes is one fold starting at its identity (or a max/min), or "
                   "one of a pair changed together as an argmax/argmin or an online softmax");
}
Status checkOperatorAssociative(const PreconditionQuery &Q, PreconditionResult &R) {
  return verdictOf(Q, R, OperatorAssociative,
                   "the reductions give the same result in any order (integers, max, min, argmax/argmin), or "
                   "the regrouping of floating-point sums (and online softmax sums) is allowed (--assume=reassociate, "
                   "or --manifest with a nonzero tolerance)");
}
Status checkRowsIndependent(const PreconditionQuery &Q, PreconditionResult &R) {
  return verdictOf(Q, R, RowsIndependent,
                   "each column writes its own elements and reads back only those; per-row stores are "
                   "outside the column loops");
}

/// The row count as the launch spells it: the guard's bound with each
/// kernel parameter replaced by the launch's argument. Empty when the bound
/// names anything else.
std::string rowCountAt(ASTContext &Ctx, const Expr *Bound, const CallExpr *Launch, std::string &Why) {
  std::optional<std::string> Text = sourceText(Ctx, Bound);
  CharSourceRange Range = writtenRange(Ctx, Bound);
  if (!Text || Range.isInvalid()) {
    Why = "the row count " + quote(Ctx, Bound) + " is not plain text";
    return "";
  }
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Base = SM.getFileOffset(Range.getBegin());
  std::vector<std::pair<unsigned, std::pair<unsigned, std::string>>> Subst;
  bool Ok = true;
  forEachNode(Bound, [&](const Stmt *N) {
    const auto *DRE = dyn_cast<DeclRefExpr>(N);
    if (!DRE)
      return;
    const auto *PV = dyn_cast<ParmVarDecl>(DRE->getDecl());
    if (!PV || PV->getFunctionScopeIndex() >= Launch->getNumArgs()) {
      if (!isa<EnumConstantDecl>(DRE->getDecl()) &&
          !(isa<VarDecl>(DRE->getDecl()) && cast<VarDecl>(DRE->getDecl())->isConstexpr())) {
        Why = "the row count " + quote(Ctx, Bound) + " names '" + DRE->getDecl()->getNameAsString() +
              "', which is not a parameter: the launcher cannot compute it";
        Ok = false;
      }
      return;
    }
    const Expr *Arg = Launch->getArg(PV->getFunctionScopeIndex());
    std::optional<std::string> ArgText = sourceText(Ctx, Arg);
    if (!ArgText || Arg->HasSideEffects(Ctx)) {
      Why = "the launch's argument for '" + PV->getName().str() + "' is not plain text free of side effects";
      Ok = false;
      return;
    }
    unsigned Off = SM.getFileOffset(SM.getSpellingLoc(DRE->getLocation())) - Base;
    Subst.push_back({Off, {PV->getName().size(), parenIf(needsParens(Arg, prec::PointerToMember), *ArgText)}});
  });
  if (!Ok)
    return "";
  std::string Out = *Text;
  sort(Subst, [](const auto &A, const auto &B) { return A.first > B.first; });
  for (const auto &[Off, Rep] : Subst)
    Out.replace(Off, Rep.first, Rep.second);
  return Out;
}

/// The launches to edit and their grid texts, or the reason there are none.
struct LaunchEdits {
  std::vector<std::pair<cuda::LaunchSite, std::string>> Grids;
  std::string Why;
  const Stmt *At = nullptr;
};
static LaunchEdits launchEdits(ASTContext &Ctx, const RowPlan &P) {
  LaunchEdits L;
  cuda::KernelLauncherGraph Graph(Ctx);
  const FunctionDecl *K = cuda::kernelOf(P.Kernel);
  if (!Graph.launchesEditable(K)) {
    L.Why = Graph.launchesOf(K).empty() ? "no launch of the kernel is in this file"
                                        : "not every launch of the kernel is seen and editable";
    if (!Graph.escapesOf(K).empty())
      L.At = Graph.escapesOf(K).front();
    return L;
  }
  bool Wide = Ctx.getTypeSize(P.RowCount->IgnoreParenImpCasts()->getType()) > 32 ||
              P.RowCount->IgnoreParenImpCasts()->getType()->isUnsignedIntegerType();
  for (const cuda::LaunchSite *S : Graph.launchesOf(K)) {
    const auto *Call = dyn_cast<CUDAKernelCallExpr>(S->Call);
    if (!Call) {
      L.Why = std::string("a launch through ") + cuda::launchFormName(S->Form) + ", whose grid is not edited";
      L.At = S->Call;
      L.Grids.clear();
      return L;
    }
    std::string Rows = rowCountAt(Ctx, P.RowCount, Call, L.Why);
    if (Rows.empty()) {
      L.At = Call;
      L.Grids.clear();
      return L;
    }
    // A grid's x may not exceed 2^31 - 1; the kernel strides over the rest.
    L.Grids.push_back({*S, Wide ? "(" + Rows + ") < 2147483647 ? (unsigned)(" + Rows + ") : 2147483647u" : Rows});
  }
  return L;
}

Status checkLauncherFound(const PreconditionQuery &Q, PreconditionResult &R) {
  RowPlan P = planKernel(Q.AC, Q.Function);
  ASTContext &Ctx = Q.AC.ast();
  if (P.problem(ThreadPerRow)) {
    R.Reason = "decided by thread-per-row";
    return Status::Unknown;
  }
  LaunchEdits L = launchEdits(Ctx, P);
  if (!L.Grids.empty()) {
    R.Reason = std::to_string(L.Grids.size()) + " launch(es) get one block of " +
               std::to_string(blockSize(Q.AC, Q.Function)) + " threads per row";
    return Status::Holds;
  }
  std::string K = Q.Function->getNameAsString();
  auto B = Q.AC.assumptions().block(K);
  if (B && warpWidth(Q.AC) && (*B)[0] != 32) {
    R.Reason = L.Why + "; with width=warp the kernel's blocks must be one warp, and --assume=block says " +
               std::to_string((*B)[0]) + " threads";
    return Status::Fails;
  }
  if (B && (*B)[1] == 1 && (*B)[2] == 1) {
    R.Reason = L.Why + "; --assume=block says every launch is one-dimensional, and the kernel strides over "
                       "rows and columns for any grid and block of that shape (the launches are left as they are)";
    return Status::Holds;
  }
  R.Reason = L.Why + ": the launch cannot be given one block per row, and the rewritten kernel needs "
                     "one-dimensional blocks";
  R.Assumable = "block:" + K + ":" + std::to_string(blockSize(Q.AC, Q.Function));
  if (L.At)
    R.Evidence.push_back(evidenceAt(Ctx, L.At->getBeginLoc(), "launch", "here"));
  return Status::Unknown;
}

const PreconditionSpec Specs[] = {
    {ThreadPerRow, Direction::Forward, 1801,
     "each thread owns one row: a local set once to the 1-D global thread index, bounded by a guard, and "
     "nothing else tells threads apart (no shared memory, barrier, shuffle or atomic yet); the row has "
     "column loops",
     &checkThreadPerRow},
    {NoEarlyExit, Direction::Forward, 1802,
     "no thread leaves the row but through the guard: the row's threads meet at its block reductions",
     &checkNoEarlyExit},
    {LoopBoundRowUniform, Direction::Forward, 1803,
     "every loop of the row is a statement of the row, counted by one from a start to a bound the whole "
     "row computes alike, without break (or continue in a while loop)",
     &checkLoopBoundRowUniform},
    {ReductionRecognised, Direction::Forward, 1804,
     "every local a column loop changes is folded by one statement of its body (sum, max, min, and, or, "
     "xor of a supported type), read nowhere else in the loop, starting at the identity (max/min/and/or: "
     "any row-uniform start), or is one of two locals changed together as an argmax/argmin (the index "
     "takes the column and starts at or before it) or an online softmax (the sum starts at 0)",
     &checkReductionRecognised},
    {OperatorAssociative, Direction::Forward, 1805,
     "the reductions are exact in any order (integers, max, min); a float/double sum only with "
     "--assume=reassociate",
     &checkOperatorAssociative},
    {RowsIndependent, Direction::Forward, 1806,
     "each column iteration writes elements indexed by the column and reads back only those; stores "
     "outside the column loops change no local (thread 0 does them)",
     &checkRowsIndependent},
    {LauncherFound, Direction::Forward, 1807,
     "every launch of the kernel is a <<<>>> launch in this file, whose grid can become the row count "
     "(parameters of the guard's bound replaced by the launch's arguments); otherwise --assume=block "
     "for one-dimensional launches",
     &checkLauncherFound},
    {BlockPerRow, Direction::Reverse, 1808,
     "a block owns each row: the row index is blockIdx.x (a grid-stride loop over rows, or a local bounded by "
     "a guard), blocks are one-dimensional, and the thread's rank is read only by strided column loops, "
     "recognised reductions and their broadcasts, and the leader's test (no other shared memory, barrier "
     "or shuffle)",
     &checkBlockPerRow},
    {ColumnsStrided, Direction::Reverse, 1809,
     "every loop that reads the rank is `for (c = START + rank; c < END; c += blockDim.x)` (or the known "
     "block width), without break, and its body does not read the rank",
     &checkColumnsStrided},
    {ReductionRecognised, Direction::Reverse, 1804,
     "every local a strided loop changes is one fold of its body, and each block reduction (shuffles and "
     "a shared stage, a halving tree, a reducing helper, cub) combines such a fold with its operator, from "
     "its identity (max/min/and/or: any start)",
     &checkReverseFolds},
    {ReducedValueBroadcast, Direction::Reverse, 1810,
     "each reduced value is broadcast to every thread of the row (a shared slot and a barrier, "
     "`__shfl_sync(.., 0)`, a butterfly, a tree's element 0 after a barrier) or read only under the "
     "leader's test: one thread per row holds the total everywhere",
     &checkResultBroadcast},
    {OperatorAssociative, Direction::Reverse, 1805,
     "a serial loop sums the columns in another order than the block did: exact for integers, max, min; a "
     "float/double sum only with --assume=reassociate",
     &checkReverseReassociation},
    {LauncherFound, Direction::Reverse, 1807,
     "every launch of the kernel is a <<<>>> launch in this file, whose grid can become ceil(rows / "
     "block-size); otherwise --assume=block for one-dimensional launches (the kernel then strides over rows)",
     &checkReverseLauncher},
};

//===----------------------------------------------------------------------===//
// Forward edits
//===----------------------------------------------------------------------===//

/// The type of \p V as written in the template pattern (so that every
/// instantiation edits alike), unqualified.
std::string writtenType(ASTContext &Ctx, const VarDecl *V) {
  const VarDecl *Pattern = V;
  if (const auto *FD = dyn_cast<FunctionDecl>(V->getDeclContext()))
    if (const FunctionDecl *Tpl = FD->getTemplateInstantiationPattern()) {
      SourceLocation Loc = V->getLocation();
      forEachNode(Tpl->getBody(), [&](const Stmt *N) {
        if (const auto *DS = dyn_cast<DeclStmt>(N))
          for (const Decl *D : DS->decls())
            if (const auto *PV = dyn_cast<VarDecl>(D); PV && PV->getLocation() == Loc)
              Pattern = PV;
      });
    }
  return Pattern->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
}

void forward(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl &FD) {
  ASTContext &Ctx = AC.ast();
  RowPlan P = planKernel(AC, &FD);
  // Only kernels where a thread's index leads to loops are sites (an
  // elementwise kernel is not one).
  if (!P.Row || none_of(P.Body, [](const Stmt *St) {
        bool Loop = false;
        forEachNode(St, [&](const Stmt *N) { Loop |= isLoop(N); });
        return Loop;
      }))
    return;
  Site &S = AC.addSite(Name, Direction::Forward, P.RowDecl->getBeginLoc(), &FD, "row-kernel");
  S.Summary = "one " + std::string(warpWidth(AC) ? "warp" : "block") + " per row of '" +
              FD.getNameAsString() + "': columns strided over its threads, reductions across it";
  PreconditionQuery Q{AC, &FD, DynTypedNode::create(FD)};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Forward)
      S.check(Spec, Q);
  if (S.verdict() == Status::Fails || !P.Problems.empty() && P.problem(ThreadPerRow))
    return;

  bool Warp = warpWidth(AC);
  unsigned B = blockSize(AC, &FD);
  LaunchEdits L = launchEdits(Ctx, P);
  std::optional<std::array<uint64_t, 3>> Assumed = AC.assumptions().block(FD.getNameAsString());
  uint64_t Threads = !L.Grids.empty() ? B : Assumed ? (*Assumed)[0] : 0;
  std::string Barrier = Warp ? "__syncwarp();" : "__syncthreads();";
  S.Facts["width"] = Warp ? "warp" : "block";
  S.Facts["block-size"] = std::to_string(Threads);

  EditBuilder E(Ctx);
  const auto *KBody = cast<CompoundStmt>(FD.getBody());
  std::string Unit = indentUnitOf(Ctx, KBody);
  // The row loop: r takes the block's rows, a grid's width apart.
  std::string RowName = P.Row->getName().str();
  std::string RowStart;
  for (const DeclStmt *DS : P.MovedIntoRow) {
    RowStart += "\n" + Unit + Unit + nodeText(Ctx, DS, "");
    E.removeStatement(DS);
  }
  E.replaceStatement(P.RowDecl, "for (" + writtenType(Ctx, P.Row) + " " + RowName + " = blockIdx.x; " + RowName +
                                    " < " + nodeText(Ctx, P.RowCount, "") + "; " + RowName + " += gridDim.x) {" +
                                    RowStart);
  E.insertBefore(KBody->getRBracLoc(), Unit + "}\n");
  // The loop's condition is the guard's: an early-return guard goes.
  if (P.ReturnGuard)
    E.removeStatement(P.ReturnGuard);

  FreshNames Names(Ctx);
  for (const Stmt *St : P.Body) {
    if (is_contained(P.BarrierBefore, St))
      E.insertLineBefore(St->getBeginLoc(), Barrier);
    if (is_contained(P.Stores, St)) {
      E.wrap(St, "if (threadIdx.x == 0)", Unit);
      continue;
    }
    const ColumnLoop *CL = nullptr;
    for (const ColumnLoop &C : P.Loops)
      if (C.Loop == St)
        CL = &C;
    if (!CL)
      continue;
    // A pair's start that only the row's thread 0 keeps.
    for (const VarDecl *V : CL->LeaderStarts)
      E.insertLineBefore(St->getBeginLoc(), "if (threadIdx.x != 0)\n" + lineIndent(Ctx, Ctx.getSourceManager().getExpansionLoc(St->getBeginLoc())) + Unit + V->getName().str() + " = 0;");
    // Strided columns.
    Expr::EvalResult Zero;
    bool StartsAtZero = CL->Start->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0;
    E.replace(CL->Start, StartsAtZero ? std::string("threadIdx.x")
                                      : parenIf(needsParens(CL->Start, prec::Additive), nodeText(Ctx, CL->Start, "")) +
                                            " + threadIdx.x");
    E.replace(CL->Step, CL->Index->getName().str() + " += blockDim.x");
    // Each accumulator reduced and broadcast after the loop.
    std::vector<std::string> Lines;
    for (const Accumulator &A : CL->Accs) {
      ReductionRequest Req;
      Req.Op = A.F.Op;
      Req.Type = writtenType(Ctx, A.F.Var);
      Req.Identity = cuda::identityLiteral(A.F.Op, A.Elem);
      // A template's type: one text for every instantiation (-0.0 is a
      // sum's identity in any floating type, and 0 in any integer one).
      if (Req.Type != cuda::scalarTypeSpelling(A.Elem) && A.F.Op == cuda::ReduceOp::Add)
        Req.Identity = Req.Type + "(-0.0)";
      Req.Value = A.F.Var->getName().str();
      Req.Over = Warp ? ReductionRequest::Scope::Warp : ReductionRequest::Scope::Block;
      Req.ResultIn = ReductionRequest::Holder::All;
      Req.FullWarps = Threads && Threads % 32 == 0;
      Req.OneDimensional = true;
      Req.Reentrant = true;
      Req.NameStem = Req.Value;
      ReductionCode Code =
          buildReduction(Req, Names, Ctx.getTypeSizeInChars(A.F.Var->getType()).getQuantity(), Unit);
      append_range(Lines, Code.Lines);
    }
    for (const analysis::PairFold &PF : CL->Pairs) {
      PairReductionRequest Req;
      Req.K = PF.K == analysis::PairFold::ArgMax   ? PairReductionRequest::Kind::ArgMax
              : PF.K == analysis::PairFold::ArgMin ? PairReductionRequest::Kind::ArgMin
                                                   : PairReductionRequest::Kind::OnlineSoftmax;
      Req.LastOnTies = PF.LastOnTies;
      Req.Value = PF.Value->getName().str();
      Req.ValueType = writtenType(Ctx, PF.Value);
      Req.Other = PF.Other->getName().str();
      Req.OtherType = writtenType(Ctx, PF.Other);
      if (PF.Exp)
        Req.Exp = nodeText(Ctx, PF.Exp->getCallee(), "expf");
      Req.Over = Warp ? ReductionRequest::Scope::Warp : ReductionRequest::Scope::Block;
      Req.FullWarps = Threads && Threads % 32 == 0;
      Req.OneDimensional = true;
      Req.Reentrant = true;
      Req.NameStem = Req.Value;
      ReductionCode Code =
          buildPairReduction(Req, Names, Ctx.getTypeSizeInChars(PF.Value->getType()).getQuantity(),
                             Ctx.getTypeSizeInChars(PF.Other->getType()).getQuantity(), Unit);
      append_range(Lines, Code.Lines);
    }
    if (!Lines.empty()) {
      SourceLocation Begin = Ctx.getSourceManager().getExpansionLoc(St->getBeginLoc());
      E.insertLineAfter(St, join(Lines, "\n" + lineIndent(Ctx, Begin)));
    }
  }
  for (const auto &[Launch, Grid] : L.Grids) {
    E.setLaunchArg(Launch, LaunchArg::Grid, Grid);
    E.setLaunchArg(Launch, LaunchArg::Block, std::to_string(B));
  }
  commit(E, S);
}

//===----------------------------------------------------------------------===//
// The pair
//===----------------------------------------------------------------------===//

namespace {

class RowParallelize final : public RewritePair {
public:
  StringRef name() const override { return Name; }
  StringRef intent() const override {
    return "one block (or warp) per row instead of one thread: the row's columns are read by neighbouring "
           "threads (coalesced) and its reductions go through warp shuffles and one shared stage";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }
  ArrayRef<OptionSpec> options() const override {
    static const OptionSpec Options[] = {
        {"width", OptionSpec::Enum, "block", "forward: who takes one row: a block or a warp (32 threads, shuffles only)",
         0, 0, {"block", "warp"}},
        {"block-size", OptionSpec::Int, "256", "forward, width=block: the threads of each row's block (a multiple of 32)",
         32, 1024},
    };
    return Options;
  }

  void findSites(Direction D, AnalysisContext &AC) const override {
    MatchFinder Finder;
    Callback CB(*this, AC, D);
    Finder.addMatcher(functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal)).bind("kernel"), &CB);
    Finder.matchAST(AC.ast());
  }

private:
  struct Callback : MatchFinder::MatchCallback {
    Callback(const RowParallelize &P, AnalysisContext &AC, Direction D) : P(P), AC(AC), D(D) {}
    void run(const MatchFinder::MatchResult &R) override {
      const auto *FD = R.Nodes.getNodeAs<FunctionDecl>("kernel");
      if (!FD || FD->isDependentContext())
        return;
      if (D == Direction::Forward)
        forward(P, AC, *FD);
      else
        findReverseSites(P, AC, *FD);
    }
    const RowParallelize &P;
    AnalysisContext &AC;
    Direction D;
  };
};

} // namespace
} // namespace row_parallelize

std::unique_ptr<RewritePair> createRowParallelize() {
  return std::make_unique<row_parallelize::RowParallelize>();
}

} // namespace klineage
