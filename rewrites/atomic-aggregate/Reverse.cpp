//===- Reverse.cpp - atomic-aggregate, reverse: one atomic per thread again ---===//
//
// Part of KLineage. A leader's atomic (`if (lane == 0)`, `if (tid == 0)`,
// ...) right after a reduction of one value per thread (analysis/
// Reductions: warp shuffles, shuffles plus a shared stage, a shared-memory
// tree, a reducing helper, cub::BlockReduce) becomes each thread's own
// atomic of its value; the reduction goes. When that value is an
// accumulator a thread only folds values into (`float s = 0; for (...) s +=
// x[i];`), each fold becomes the atomic instead (the naive form).
//
//===----------------------------------------------------------------------===//
#include "AtomicAggregate.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/Reductions.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include <functional>

using namespace clang;
using namespace llvm;

namespace klineage {
namespace atomic_aggregate {

using analysis::ReductionMatch;
using analysis::ThreadPlace;

namespace {

/// The leader's atomic and the reduction before it.
struct ReversePlan {
  AtomicCall Atomic;
  const IfStmt *Guard = nullptr;            ///< `if (leader) atomic(...);`
  const CompoundStmt *Parent = nullptr;     ///< the block holding Guard
  size_t Index = 0;                         ///< Guard's position in Parent
  std::optional<ThreadPlace> Leader;
  std::optional<ReductionMatch> Match;
  std::string Why;                          ///< no Match: what was expected
  const FunctionDecl *Function = nullptr;
};

/// The if statement whose only statement is \p S (no else), or null.
const IfStmt *guardOf(ASTContext &Ctx, const Stmt *S) {
  const Stmt *Cur = S;
  for (int Up = 0; Up < 2; ++Up) {
    auto Parents = Ctx.getParents(*Cur);
    if (Parents.size() != 1)
      return nullptr;
    if (const auto *I = Parents[0].get<IfStmt>())
      return I->getThen() == Cur && !I->getElse() ? I : nullptr;
    const auto *CS = Parents[0].get<CompoundStmt>();
    if (!CS || CS->size() != 1)
      return nullptr;
    Cur = CS;
  }
  return nullptr;
}

/// The if statement around \p C's statement, alone in its branch.
const IfStmt *guardAround(ASTContext &Ctx, const CallExpr *C) {
  // The atomic's statement: the call alone (or `(void)call`).
  auto Parents = Ctx.getParents(*C);
  const Stmt *St = C;
  while (Parents.size() == 1 && Parents[0].get<Expr>() &&
         (isa<ParenExpr>(Parents[0].get<Expr>()) ||
          (isa<CastExpr>(Parents[0].get<Expr>()) && Parents[0].get<Expr>()->getType()->isVoidType()))) {
    St = Parents[0].get<Expr>();
    Parents = Ctx.getParents(*St);
  }
  return guardOf(Ctx, St);
}

ReversePlan planReverse(ASTContext &Ctx, const FunctionDecl *FD, const CallExpr *C) {
  ReversePlan P;
  P.Function = FD;
  auto A = atomicCallOf(C);
  if (!A || !FD || !FD->getBody())
    return P;
  P.Atomic = *A;
  P.Guard = guardAround(Ctx, C);
  if (!P.Guard)
    return P;
  const analysis::FunctionFacts &Facts = analysis::AnalysisCache::of(Ctx).facts(FD);
  P.Leader = analysis::leaderOf(Ctx, P.Guard->getCond(), Facts);
  if (!P.Leader)
    return P;
  auto GP = Ctx.getParents(*P.Guard);
  P.Parent = GP.size() == 1 ? GP[0].get<CompoundStmt>() : nullptr;
  if (!P.Parent) {
    P.Why = "the leader's atomic is not a statement of a block";
    return P;
  }
  std::vector<const Stmt *> Body(P.Parent->body_begin(), P.Parent->body_end());
  P.Index = std::find(Body.begin(), Body.end(), P.Guard) - Body.begin();
  P.Match = analysis::reductionBefore(Ctx, Body, P.Index, A->Value, Facts, P.Why);
  return P;
}

const ReversePlan planOf(const PreconditionQuery &Q) {
  return planReverse(Q.AC.ast(), Q.Function, Q.Node.get<CallExpr>());
}

std::string placeName(const ThreadPlace &P) {
  std::string Dims = P.Dims == 1 ? "threadIdx.x" : P.Dims == 2 ? "the x-y rank" : "the linear rank";
  switch (P.K) {
  case ThreadPlace::Rank: return Dims;
  case ThreadPlace::Lane: return "the lane (" + Dims + " % 32)";
  case ThreadPlace::Warp: return "the warp (" + Dims + " / 32)";
  }
  return Dims;
}

/// Every use of \p V inside \p S.
void usesOf(const Stmt *S, const VarDecl *V, std::vector<const DeclRefExpr *> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
    Out.push_back(DRE);
  for (const Stmt *C : S->children())
    usesOf(C, V, Out);
}

bool within(const ASTContext &Ctx, const Stmt *Outer, const Stmt *Inner) {
  return beginOffset(Ctx, Outer) <= beginOffset(Ctx, Inner) && endOffset(Ctx, Inner) <= endOffset(Ctx, Outer);
}

bool isLoopStmt(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S);
}

} // namespace

bool isLeadersAtomic(ASTContext &Ctx, const FunctionDecl *FD, const CallExpr *C) {
  const IfStmt *Guard = guardAround(Ctx, C);
  return Guard && FD && FD->getBody() &&
         analysis::leaderOf(Ctx, Guard->getCond(), analysis::AnalysisCache::of(Ctx).facts(FD));
}

//===----------------------------------------------------------------------===//
// Preconditions (reverse)
//===----------------------------------------------------------------------===//

Status checkReverseOperator(const PreconditionQuery &Q, PreconditionResult &R) {
  auto A = atomicCallOf(Q.Node.get<CallExpr>());
  if (!A) {
    R.Reason = "not a call of a CUDA atomic function";
    return Status::Fails;
  }
  return operatorVerdict(Q.AC, A->Fn, A->Elem, A->ElemType, R);
}

Status checkReductionRecognised(const PreconditionQuery &Q, PreconditionResult &R) {
  ReversePlan P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.Match) {
    R.Reason = "before the leader's atomic: " + P.Why;
    if (P.Guard)
      R.Evidence.push_back(evidenceAt(Ctx, P.Guard->getBeginLoc(), "leader",
                                      "the atomic of " + placeName(*P.Leader) + " 0"));
    return Status::Fails;
  }
  auto Mine = cuda::aggregateOf(P.Atomic.Fn.Op);
  if (!Mine || *Mine != P.Match->Op) {
    R.Reason = std::string("the reduction computes a ") + cuda::reduceOpName(P.Match->Op) + ", but '" +
               cuda::atomicFunctionName(P.Atomic.Fn) + "' applies " +
               (Mine ? std::string("a ") + cuda::reduceOpName(*Mine) : std::string("no reduction"));
    return Status::Fails;
  }
  if (const Expr *C = P.Match->Contribution; C && P.Match->TreeArray) {
    std::vector<const DeclRefExpr *> Reads;
    usesOf(C, P.Match->TreeArray, Reads);
    if (!Reads.empty()) {
      R.Reason = "the value stored into the tree reads the tree itself";
      return Status::Fails;
    }
  }
  R.Reason = P.Match->Description + " over each " + (P.Match->Over == ReductionMatch::Warp ? "warp" : "block");
  R.Evidence.push_back(evidenceAt(Ctx, P.Match->Stmts.front()->getBeginLoc(), "reduction", "starts here"));
  return Status::Holds;
}

Status checkReductionCoversGroup(const PreconditionQuery &Q, PreconditionResult &R) {
  ReversePlan P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.Match || !P.Leader) {
    R.Reason = "no reduction (reduction-recognised)";
    return Status::Unknown;
  }
  const ReductionMatch &M = *P.Match;
  bool WarpGroup = M.Over == ReductionMatch::Warp;
  if ((P.Leader->K == ThreadPlace::Lane) != WarpGroup) {
    R.Reason = std::string("the reduction combines each ") + (WarpGroup ? "warp" : "block") +
               ", but the atomic is done by " + placeName(*P.Leader) + " 0, one per " +
               (WarpGroup ? "block" : "warp") + ": each thread's own atomic would add what the original leaves out";
    return Status::Fails;
  }
  // What the launch must be: ranks built from fewer than three dimensions
  // are the rank only in a block that has no more.
  unsigned Dims = std::min(P.Leader->Dims, M.Needs.RankDims ? M.Needs.RankDims : 3u);
  bool NeedsShape = Dims < 3 || M.Needs.PowerOfTwoBlockX || M.Needs.TreeBlockX || M.Needs.WarpCount;
  if (!NeedsShape) {
    R.Reason = "every thread of each " + std::string(WarpGroup ? "warp" : "block") + " is combined once";
    return Status::Holds;
  }
  const FunctionDecl *Kernel = cuda::isKernel(P.Function) ? P.Function : nullptr;
  std::optional<analysis::Dim3> Shape = Kernel ? blockShape(Q.AC, Kernel) : std::nullopt;
  if (!Shape) {
    R.Reason = std::string("the reduction covers ") + (WarpGroup ? "each warp" : "the block") + " only if " +
               (Dims == 1 ? "the block is one-dimensional" : Dims == 2 ? "blockDim.z is 1" : "the block") +
               (M.Needs.PowerOfTwoBlockX ? " and blockDim.x is a power of two" : "") +
               (M.Needs.TreeBlockX ? " and blockDim.x is " + std::to_string(*M.Needs.TreeBlockX) : "") +
               (M.Needs.WarpCount ? " and " + nodeText(Ctx, M.Needs.WarpCount, "the warp count") +
                                        " is its number of warps"
                                  : "") +
               "; the kernel's launches do not say its block shape";
    R.Assumable = "block:" + (P.Function ? P.Function->getNameAsString() + ":" : std::string()) + "X";
    return Status::Unknown;
  }
  std::string S = "blockDim " + Shape->str();
  auto Fail = [&](const std::string &Why) {
    R.Reason = S + ": " + Why + "; each thread's own atomic would not give what the leader's gives";
    return Status::Fails;
  };
  if (Dims == 1 && (Shape->Y != 1 || Shape->Z != 1) && !(WarpGroup && Shape->X % 32 == 0 && P.Leader->Dims == 1 &&
                                                           M.Needs.RankDims <= 1))
    return Fail("threadIdx.x is not the rank in a block with more than one dimension");
  if (Dims == 2 && Shape->Z != 1)
    return Fail("the x-y rank misses threadIdx.z");
  if (M.Needs.PowerOfTwoBlockX && (Shape->X & (Shape->X - 1)))
    return Fail("a halving tree from blockDim.x / 2 drops values unless blockDim.x is a power of two");
  if (M.Needs.TreeBlockX && *M.Needs.TreeBlockX != Shape->X)
    return Fail("the reduction is written for " + std::to_string(*M.Needs.TreeBlockX) + " threads in x");
  if (M.Needs.MinBlockX && Shape->X < *M.Needs.MinBlockX)
    return Fail("the tree's written-out last steps read " + std::to_string(*M.Needs.MinBlockX) +
                " threads' values in x");
  if (M.Needs.WarpCount) {
    const analysis::FunctionFacts &Facts = analysis::AnalysisCache::of(Ctx).facts(P.Function);
    auto N = analysis::evaluateInBlock(Ctx, M.Needs.WarpCount, Facts, Shape->X, Shape->Y, Shape->Z);
    uint64_t Warps = (Shape->count() + 31) / 32;
    if (!N)
      return Fail("the warp count '" + nodeText(Ctx, M.Needs.WarpCount, "") + "' has no value");
    if (static_cast<uint64_t>(*N) != Warps)
      return Fail("the shared stage reads " + std::to_string(*N) + " warp partials of " + std::to_string(Warps));
  }
  R.Reason = S + ": every thread of each " + std::string(WarpGroup ? "warp" : "block") + " is combined once";
  return Status::Holds;
}

Status checkReductionPrivate(const PreconditionQuery &Q, PreconditionResult &R) {
  ReversePlan P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.Match) {
    R.Reason = "no reduction (reduction-recognised)";
    return Status::Unknown;
  }
  const ReductionMatch &M = *P.Match;
  const Stmt *First = M.Stmts.front();
  const Stmt *Body = P.Function->getBody();
  // A loop around the reduction brings every statement of it round again.
  const Stmt *Loop = nullptr;
  for (auto Parents = Ctx.getParents(*P.Parent); !Parents.empty();) {
    const Stmt *S = Parents[0].get<Stmt>();
    if (!S)
      break;
    if (isLoopStmt(S))
      Loop = S;
    Parents = Ctx.getParents(*S);
  }
  auto Outside = [&](const DeclRefExpr *U) {
    for (const Stmt *S : M.Stmts)
      if (within(Ctx, S, U))
        return false;
    return !within(Ctx, P.Guard, U);
  };
  auto Check = [&](const VarDecl *V, bool ReadBeforeOk) -> bool {
    std::vector<const DeclRefExpr *> Uses;
    usesOf(Body, V, Uses);
    for (const DeclRefExpr *U : Uses) {
      if (!Outside(U))
        continue;
      bool Before = beginOffset(Ctx, U) < beginOffset(Ctx, First);
      bool Repeats = Loop && within(Ctx, Loop, U) && !(V->getBeginLoc().isValid() &&
                                                       beginOffset(Ctx, Loop) < Ctx.getSourceManager().getFileOffset(
                                                           Ctx.getSourceManager().getExpansionLoc(V->getLocation())));
      if (ReadBeforeOk && Before && !Repeats)
        continue;
      R.Reason = "'" + V->getName().str() + "' is read at line " + std::to_string(expansionLine(Ctx, U)) +
                 ", outside the reduction: it holds the reduced value there, which each thread's own atomic "
                 "would no longer compute";
      R.Evidence.push_back(evidenceAt(Ctx, U->getBeginLoc(), "use", "read here"));
      return false;
    }
    return true;
  };
  if (M.ResultVar && !Check(M.ResultVar, /*ReadBeforeOk=*/M.ResultVar == M.Var))
    return Status::Fails;
  if (M.Var && M.Var != M.ResultVar && !Check(M.Var, true))
    return Status::Fails;
  for (const VarDecl *V : M.Scratch)
    if (!Check(V, false))
      return Status::Fails;
  R.Reason = "nothing but the reduction and the leader's atomic uses the reduced value" +
             std::string(M.Scratch.empty() ? "" : " and the scratch ('" + M.Scratch.front()->getName().str() + "'" +
                                                      (M.Scratch.size() > 1 ? ", ...)" : ")"));
  return Status::Holds;
}

//===----------------------------------------------------------------------===//
// Reverse edits
//===----------------------------------------------------------------------===//

namespace {

/// \p E without a `static_cast<ElemType>(...)` the forward direction put
/// around a value of another type (the atomic converts it the same way).
const Expr *withoutElementCast(ASTContext &Ctx, const Expr *E, QualType ElemType) {
  if (const auto *SC = dyn_cast<CXXStaticCastExpr>(E->IgnoreParens()))
    if (Ctx.hasSameUnqualifiedType(SC->getType(), ElemType))
      return SC->getSubExpr();
  return E;
}

/// The thread's own atomic of \p Value, as a statement at \p At: a value
/// that is the identity for some threads (`c ? x : 0`) becomes a condition
/// (`if (c) atomicAdd(p, x);`), the naive form.
std::string ownAtomic(ASTContext &Ctx, const ReversePlan &P, const std::string &Fn, const std::string &Address,
                      const Expr *Value, const Stmt *At) {
  const Expr *V = withoutElementCast(Ctx, Value->IgnoreParenImpCasts(), P.Atomic.ElemType);
  if (const auto *CO = dyn_cast<ConditionalOperator>(V->IgnoreParenImpCasts())) {
    Expr::EvalResult ER;
    const Expr *Else = CO->getFalseExpr()->IgnoreParens();
    auto Op = cuda::aggregateOf(P.Atomic.Fn.Op);
    if (Op && P.Atomic.Elem && !Else->isValueDependent() && Else->EvaluateAsRValue(ER, Ctx) &&
        cuda::isIdentityValue(*Op, *P.Atomic.Elem, ER.Val))
      return "if (" + nodeText(Ctx, CO->getCond()->IgnoreParens(), "") + ")\n" + lineIndent(Ctx, At->getBeginLoc()) +
             indentUnitOf(Ctx, P.Parent) + Fn + "(" + Address + ", " + nodeText(Ctx, CO->getTrueExpr(), "") + ");";
  }
  return Fn + "(" + Address + ", " + nodeText(Ctx, V, "") + ");";
}

/// The edits that turn each fold into \p Acc into the thread's own atomic:
/// possible when Acc is declared in the block of the leader's guard, before
/// the reduction, and is otherwise only folded into with the atomic's
/// operator, and the address means the same at every fold.
bool sinkIntoFolds(ASTContext &Ctx, const ReversePlan &P, const VarDecl *Acc, EditBuilder &B,
                   const std::string &Fn, const std::string &Address) {
  const ReductionMatch &M = *P.Match;
  if (!Acc || !Acc->hasLocalStorage() || isa<ParmVarDecl>(Acc) ||
      !Ctx.hasSameUnqualifiedType(Acc->getType(), P.Atomic.ElemType))
    return false;
  // Its declaration: a statement of the guard's block, before the reduction.
  const DeclStmt *Decl = nullptr;
  for (const Stmt *S : P.Parent->body())
    if (const auto *DS = dyn_cast<DeclStmt>(S); DS && DS->isSingleDecl() && DS->getSingleDecl() == Acc)
      Decl = DS;
  if (!Decl || beginOffset(Ctx, Decl) >= beginOffset(Ctx, M.Stmts.front()))
    return false;
  auto Op = cuda::aggregateOf(P.Atomic.Fn.Op);
  const analysis::FunctionFacts &Facts = analysis::AnalysisCache::of(Ctx).facts(P.Function);
  // The address must mean the same at every fold: its locals are declared
  // before the accumulator and never written after it.
  std::vector<const VarDecl *> AddrVars;
  analysis::Linearizer::collectVars(P.Atomic.Address, AddrVars);
  unsigned DeclAt = beginOffset(Ctx, Decl);
  if (!analysis::isPureExpr(P.Atomic.Address, Ctx))
    return false;
  for (const VarDecl *V : AddrVars) {
    if (!V->hasLocalStorage())
      continue;
    if (!isa<ParmVarDecl>(V) &&
        Ctx.getSourceManager().getFileOffset(Ctx.getSourceManager().getExpansionLoc(V->getLocation())) >= DeclAt)
      return false;
    for (const analysis::VarMod &Mod : Facts.mods(V))
      if (Mod.Begin >= DeclAt)
        return false;
  }
  // Every other use is a fold statement between the declaration and the
  // reduction.
  std::vector<const DeclRefExpr *> Uses;
  usesOf(P.Function->getBody(), Acc, Uses);
  std::vector<analysis::Fold> Folds;
  for (const DeclRefExpr *U : Uses) {
    bool InReduction = within(Ctx, P.Guard, U);
    for (const Stmt *S : M.Stmts)
      InReduction |= within(Ctx, S, U);
    if (InReduction)
      continue;
    if (beginOffset(Ctx, U) < DeclAt || beginOffset(Ctx, U) >= beginOffset(Ctx, M.Stmts.front()))
      return false;
    // U must be the left side of a fold that is a statement of its own.
    auto Parents = Ctx.getParents(*U);
    const Expr *Top = U;
    const Stmt *Statement = nullptr;
    while (!Parents.empty()) {
      if (const auto *E = Parents[0].get<Expr>()) {
        Top = E;
        Parents = Ctx.getParents(*E);
        continue;
      }
      Statement = Parents[0].get<Stmt>();
      break;
    }
    auto F = analysis::foldOf(Top);
    if (!Statement || !F || F->Var != Acc || !Op || F->Op != *Op)
      return false;
    std::vector<const DeclRefExpr *> Inner;
    usesOf(F->Operand, Acc, Inner);
    if (!Inner.empty() || Statement == nullptr || isa<Expr>(Statement))
      return false;
    if (none_of(Folds, [&](const analysis::Fold &G) { return G.E == F->E; }))
      Folds.push_back(*F);
  }
  // The declaration's start value: the identity goes, anything else is the
  // thread's first atomic.
  Expr::EvalResult ER;
  const Expr *Init = Acc->getInit();
  bool Identity = Init && !Init->isValueDependent() && Init->EvaluateAsRValue(ER, Ctx) && P.Atomic.Elem &&
                  Op && cuda::isIdentityValue(*Op, *P.Atomic.Elem, ER.Val);
  if (!Init)
    return false;
  if (Identity)
    B.removeStatement(Decl);
  else
    B.replaceStatement(Decl, ownAtomic(Ctx, P, Fn, Address, Init, Decl));
  for (const analysis::Fold &F : Folds)
    B.replace(F.E, Fn + "(" + Address + ", " +
                       nodeText(Ctx, withoutElementCast(Ctx, F.Operand, P.Atomic.ElemType), "") + ")");
  return true;
}

} // namespace

void reverse(const RewritePair &Pair, AnalysisContext &AC, const CallExpr &C) {
  ASTContext &Ctx = AC.ast();
  const FunctionDecl *FD = cuda::enclosingFunction(Ctx, C);
  if (!FD || FD->isDependentContext() || !cuda::isDeviceCode(FD))
    return;
  ReversePlan P = planReverse(Ctx, FD, &C);
  if (!P.Guard || !P.Leader)
    return; // not a leader's atomic: nothing aggregated here
  std::string Fn = cuda::atomicFunctionName(P.Atomic.Fn);
  Site &S = AC.addSite(Name, Direction::Reverse, C.getBeginLoc(), FD, "leader-atomic");
  S.Summary = "disaggregate '" + Fn + "': each thread does its own atomic, the reduction before it goes";
  S.Facts["atomic"] = Fn;
  PreconditionQuery Q{AC, FD, DynTypedNode::create(C)};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Reverse)
      S.check(Spec, Q);
  if (!P.Match || S.verdict() == Status::Fails)
    return;
  const ReductionMatch &M = *P.Match;
  S.Facts["reduction"] = M.Description;
  S.Facts["group"] = M.Over == ReductionMatch::Warp ? "warp" : "block";

  EditBuilder B(Ctx);
  for (const Stmt *St : M.Stmts)
    B.removeStatement(St);
  // Scratch declared elsewhere in the block (cub's TempStorage, the array a
  // BlockReduceSum(val, shared) is given): unused now, unless another
  // statement of the block still uses it.
  auto Mentions = [](const Stmt *S, const VarDecl *V) {
    bool Found = false;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *N) {
      if (!N || Found)
        return;
      if (const auto *R = dyn_cast<DeclRefExpr>(N); R && R->getDecl() == V)
        Found = true;
      for (const Stmt *C : N->children())
        Walk(C);
    };
    Walk(S);
    return Found;
  };
  for (const VarDecl *V : M.Scratch)
    for (const Stmt *St : P.Parent->body())
      if (const auto *DS = dyn_cast<DeclStmt>(St); DS && DS->isSingleDecl() && DS->getSingleDecl() == V &&
                                                   !is_contained(M.Stmts, St) &&
                                                   llvm::none_of(P.Parent->body(), [&](const Stmt *Other) {
                                                     return Other != DS && Other != P.Guard &&
                                                            !is_contained(M.Stmts, Other) && Mentions(Other, V);
                                                   }))
        B.removeStatement(DS);
  std::string Address = nodeText(Ctx, P.Atomic.Address, "");
  const VarDecl *Own = M.Contribution ? analysis::refVar(M.Contribution->IgnoreParenImpCasts()) : M.Var;
  if (Own && Own != M.Var && !Own->hasLocalStorage())
    Own = nullptr;
  if (Own && sinkIntoFolds(Ctx, P, Own, B, Fn, Address)) {
    B.removeStatement(P.Guard);
    S.Facts["sunk"] = Own->getName().str();
  } else {
    // The thread's value at the leader's place.
    std::string Text = M.Contribution ? ownAtomic(Ctx, P, Fn, Address, M.Contribution, P.Guard)
                                      : Fn + "(" + Address + ", " + M.Var->getName().str() + ");";
    B.replaceStatement(P.Guard, Text);
  }
  commit(B, S);
}

} // namespace atomic_aggregate
} // namespace klineage
