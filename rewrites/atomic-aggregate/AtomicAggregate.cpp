//===- AtomicAggregate.cpp - One atomic per block instead of one per thread ---===//
//
// Part of KLineage. Forward: an atomicAdd/Sub/Max/Min/And/Or/Xor (any scope)
// whose address is the same for the whole block becomes a fold into a
// per-thread accumulator, a block reduction (Edit/ReductionBuilders: warp
// shuffles, one shared-memory stage) at the first statement around it that
// every thread of the block executes, and one atomic from the block's
// rank-0 thread. Threads that skip the atomic (a bound test, a thread-
// varying loop) contribute the identity. Reverse (Reverse.cpp): a block-
// or warp-aggregated atomic becomes one atomic per thread again.
//
// Docs: docs/rewrites/atomic-aggregate.md.
//
//===----------------------------------------------------------------------===//
#include "AtomicAggregate.h"
#include "RewriteRegistry.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/KernelExits.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/PointerProvenance.h"
#include "klineage/Analysis/SharedMemory.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/ReductionBuilders.h"
#include "klineage/Rewrite/LaunchShape.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace atomic_aggregate {

using analysis::Level;
using analysis::UniformityAnswer;

const PreconditionSpec Specs[] = {
    {OperatorAssociative, Direction::Forward, 1501,
     "the atomic's operation is an associative, commutative reduction of a supported type "
     "(integer add/sub/max/min/and/or/xor; a float/double sum only with --assume=reassociate)",
     &checkOperatorAssociative},
    {ResultUnused, Direction::Forward, 1502,
     "the atomic is a statement of its own: nothing reads the old value it returns",
     &checkResultUnused},
    {AddressBlockUniform, Direction::Forward, 1503,
     "the address is the same for every thread of the block, has no side effects, and names "
     "only variables declared before the aggregated statement and unchanged inside it",
     &checkAddressBlockUniform},
    {BlockConverged, Direction::Forward, 1504,
     "the atomic is in a kernel's own body, where the whole block can be made to reach the "
     "reduction (not a __device__ function or a lambda, whose callers are not seen)",
     &checkBlockConverged},
    {NoEarlyExit, Direction::Forward, 1505,
     "no thread leaves the kernel (or the loop around the atomic) before the reduction: "
     "a block reduction waits for every thread",
     &checkNoEarlyExit},
    {TargetNotAccessed, Direction::Forward, 1506,
     "nothing else reads, writes or updates the atomic's target between the atomic and the next "
     "barrier after the reduction (the block's update now lands later)",
     &checkTargetNotAccessed},
    {SharedMemoryFits, Direction::Forward, 1507,
     "the kernel's shared memory plus the reduction's 32 partials fits the 48 KiB static limit",
     &checkSharedMemoryFits},
    {OperatorAssociative, Direction::Reverse, 1501,
     "the reduction's operator is one the atomic applies piecewise (float sums: "
     "--assume=reassociate)",
     &checkReverseOperator},
    {ReductionRecognised, Direction::Reverse, 1508,
     "the statements before the leader's atomic are a reduction of one value per thread with "
     "the atomic's operator (warp shuffles, shuffles plus a shared stage, a shared-memory tree, "
     "a helper returning one, cub::BlockReduce) and nothing else",
     &checkReductionRecognised},
    {ReductionCoversGroup, Direction::Reverse, 1509,
     "the reduction combines every thread of the leader's group exactly once (a warp: offsets "
     "16..1; a block: a linear rank, a power-of-two block for a halving tree)",
     &checkReductionCoversGroup},
    {ReductionPrivate, Direction::Reverse, 1510,
     "the reduced value and the scratch memory are read nowhere but by the reduction and the "
     "leader's atomic, so removing them changes nothing else",
     &checkReductionPrivate},
};

//===----------------------------------------------------------------------===//
// The atomic and where its block reduction goes
//===----------------------------------------------------------------------===//

std::optional<AtomicCall> atomicCallOf(const CallExpr *C) {
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier() || C->getNumArgs() < 2)
    return std::nullopt;
  auto Fn = cuda::atomicFunction(F->getName());
  if (!Fn)
    return std::nullopt;
  AtomicCall A;
  A.Call = C;
  A.Fn = *Fn;
  A.Address = C->getArg(0);
  A.Value = C->getArg(1);
  if (const auto *PT = F->getParamDecl(0)->getType()->getAs<PointerType>()) {
    A.ElemType = PT->getPointeeType().getUnqualifiedType();
    A.Elem = cuda::scalarTypeOf(A.ElemType);
  }
  return A;
}

/// The statement \p C is the whole expression of, and that expression
/// (the call, or `(void)call`); null when the value is used.
static std::pair<const Stmt *, const Expr *> statementOf(ASTContext &Ctx, const CallExpr *C) {
  const Expr *Top = C;
  for (;;) {
    auto Parents = Ctx.getParents(*Top);
    if (Parents.size() != 1)
      return {nullptr, nullptr};
    if (const auto *P = Parents[0].get<Expr>()) {
      bool Transparent = isa<ParenExpr>(P) || isa<ExprWithCleanups>(P) ||
                         (isa<ImplicitCastExpr>(P) && P->getType()->isVoidType()) ||
                         (isa<ExplicitCastExpr>(P) && P->getType()->isVoidType());
      if (!Transparent)
        return {nullptr, nullptr};
      Top = P;
      continue;
    }
    const auto *S = Parents[0].get<Stmt>();
    if (!S)
      return {nullptr, nullptr};
    // A statement position: a block, a branch or a loop body (not a
    // condition, a loop increment or an initialiser).
    bool Statement = isa<CompoundStmt>(S) || isa<LabelStmt>(S) || isa<AttributedStmt>(S) ||
                     isa<CaseStmt>(S) || isa<DefaultStmt>(S);
    if (const auto *I = dyn_cast<IfStmt>(S))
      Statement = Top == I->getThen() || Top == I->getElse();
    else if (const auto *F = dyn_cast<ForStmt>(S))
      Statement = Top == F->getBody();
    else if (const auto *W = dyn_cast<WhileStmt>(S))
      Statement = Top == W->getBody();
    else if (const auto *D = dyn_cast<DoStmt>(S))
      Statement = Top == D->getBody();
    else if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
      Statement = Top == R->getBody();
    return Statement ? std::make_pair(static_cast<const Stmt *>(Top), Top) : std::make_pair(nullptr, nullptr);
  }
}

static bool isLoop(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S);
}

/// The local variables \p E reads.
static void readVars(const Stmt *E, std::vector<const VarDecl *> &Out) {
  if (!E)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && V->hasLocalStorage())
      if (!is_contained(Out, V))
        Out.push_back(V);
  for (const Stmt *C : E->children())
    readVars(C, Out);
}

/// Exits inside \p S that leave it: return and goto anywhere, break and
/// continue whose loop (or, for break, switch) is outside \p S.
static void escapingExits(const Stmt *S, bool InLoop, bool InSwitch, std::vector<const Stmt *> &Out) {
  for (const Stmt *C : S->children()) {
    if (!C || isa<LambdaExpr>(C))
      continue;
    if (isa<ReturnStmt>(C) || isa<GotoStmt>(C) || (isa<BreakStmt>(C) && !InLoop && !InSwitch) ||
        (isa<ContinueStmt>(C) && !InLoop))
      Out.push_back(C);
    escapingExits(C, InLoop || isLoop(C), InSwitch || isa<SwitchStmt>(C), Out);
  }
}

/// The innermost statement around \p AtomicStmt, directly inside a block,
/// that every thread of the block (of the warp, at \p Need Warp) executes
/// and leaves at its end.
static Placement place(analysis::Uniformity &U, const Stmt *AtomicStmt, const Expr *Address, Level Need) {
  Placement P;
  ASTContext &Ctx = U.function()->getASTContext();
  for (const Stmt *Cur = AtomicStmt; Cur;) {
    const Stmt *Up = U.parent(Cur);
    if (!Up)
      break;
    if (const auto *CS = dyn_cast<CompoundStmt>(Up)) {
      UniformityAnswer C = U.controlOf(Cur);
      std::vector<const Stmt *> Exits;
      escapingExits(Cur, isLoop(Cur), isa<SwitchStmt>(Cur), Exits);
      if (C.atLeast(Need) && Exits.empty()) {
        P.Region = Cur;
        P.Parent = CS;
        break;
      }
      if (!C.atLeast(Need))
        P.Blocker = C;
      else
        P.Blocker = UniformityAnswer{Level::Varying, Exits.front(),
                                     "a thread may leave through `" +
                                         nodeText(U.function()->getASTContext(), Exits.front(), "an exit") +
                                         "` and skip what follows"};
    }
    Cur = Up;
  }
  // A loop around it that keeps the address (a constant-trip or block-
  // uniform loop): accumulate through the loop and reduce once after it,
  // not once per iteration. The outermost such loop.
  std::vector<const VarDecl *> AddressVars;
  readVars(Address, AddressVars);
  for (const Stmt *S = P.Region ? U.parent(P.Region) : nullptr; S; S = U.parent(S)) {
    if (!isLoop(S))
      continue;
    const Stmt *Cand = S;
    while (U.parent(Cand) && !isa<CompoundStmt>(U.parent(Cand)))
      Cand = U.parent(Cand);
    if (!U.parent(Cand))
      break;
    std::vector<const Stmt *> Exits;
    escapingExits(Cand, isLoop(Cand), isa<SwitchStmt>(Cand), Exits);
    unsigned B = beginOffset(Ctx, Cand), E = endOffset(Ctx, Cand);
    bool Keeps = Exits.empty() && U.controlOf(Cand).atLeast(Need);
    for (const VarDecl *V : AddressVars) {
      unsigned At = Ctx.getSourceManager().getFileOffset(Ctx.getSourceManager().getExpansionLoc(V->getLocation()));
      Keeps &= isa<ParmVarDecl>(V) || At < B || At >= E;
      Keeps &= !analysis::findModification(Ctx, Cand, V);
    }
    if (!Keeps)
      break;
    P.Region = Cand;
    P.Parent = cast<CompoundStmt>(U.parent(Cand));
  }
  if (P.Region)
    for (const Stmt *S = U.parent(P.Region); S; S = U.parent(S))
      P.InLoop |= isLoop(S);
  P.First = P.Last = P.Region;
  return P;
}

/// The atomics of \p FD's body.
static unsigned atomicCount(ASTContext &Ctx, const FunctionDecl *FD) {
  unsigned N = 0;
  for (const auto &B : match(findAll(callExpr().bind("c")), *FD->getBody(), Ctx))
    N += atomicCallOf(B.getNodeAs<CallExpr>("c")).has_value();
  return N;
}

/// No place inside the kernel that every thread reaches, because of
/// top-level guards `if (C) return;`: rewritten to enclose the rest of the
/// body, they make that rest such a place (the kernel's only atomic, no
/// other early exit, the first guard reached by the whole block).
static Placement placeAfterGuards(ASTContext &Ctx, analysis::Uniformity &U, const FunctionDecl *Kernel,
                                  const Stmt *AtomicStmt, Level Need) {
  Placement P;
  analysis::KernelExits X = analysis::kernelExits(Kernel);
  const auto *Body = cast<CompoundStmt>(Kernel->getBody());
  if (X.Guards.empty() || !X.restructurable() || atomicCount(Ctx, Kernel) != 1)
    return P;
  const Stmt *Top = AtomicStmt;
  while (Top && U.parent(Top) != Body)
    Top = U.parent(Top);
  if (!Top || !U.controlOf(X.Guards.front()).atLeast(Need))
    return P;
  std::vector<const Stmt *> Stmts(Body->body_begin(), Body->body_end());
  auto At = [&](const Stmt *S) { return std::find(Stmts.begin(), Stmts.end(), S) - Stmts.begin(); };
  if (At(Top) < At(X.Guards.front()))
    return P; // before every guard: its own placement failed for another reason
  const Stmt *Last = nullptr;
  for (const Stmt *S : Stmts)
    if (S != X.Last && !is_contained(X.Guards, S))
      Last = S;
  P.Guards = X.Guards;
  P.FinalReturn = X.Last;
  P.Region = X.Guards.front();
  P.Parent = Body;
  P.First = X.Guards.front();
  P.Last = Last;
  return P;
}

static bool isExit(const Stmt *S) {
  return S && (isa<ReturnStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<GotoStmt>(S));
}

bool warpGroups(const AnalysisContext &AC) { return AC.option("group").value_or("block") == "warp"; }

std::optional<analysis::Dim3> blockShape(const AnalysisContext &AC, const FunctionDecl *Kernel) {
  return knownBlockShape(AC, Kernel);
}

ForwardPlan planForward(const AnalysisContext &AC, const FunctionDecl *FD, const CallExpr *C) {
  ASTContext &Ctx = AC.ast();
  ForwardPlan Plan;
  auto A = atomicCallOf(C);
  if (!A || !FD)
    return Plan;
  Plan.Atomic = *A;
  std::tie(Plan.Statement, Plan.StatementExpr) = statementOf(Ctx, C);
  Plan.Kernel = cuda::isKernel(FD) && FD->getBody() ? FD : nullptr;
  if (!Plan.Kernel)
    return Plan;
  Plan.Shape = blockShape(AC, FD);
  Plan.U = std::make_shared<analysis::Uniformity>(Ctx, FD, Plan.Shape);
  if (Plan.Statement) {
    Level Need = warpGroups(AC) ? Level::Warp : Level::Block;
    Plan.Where = place(*Plan.U, Plan.Statement, Plan.Atomic.Address, Need);
    if (!Plan.Where.Region) {
      Placement G = placeAfterGuards(Ctx, *Plan.U, FD, Plan.Statement, Need);
      if (G.Region)
        Plan.Where = G;
    }
  }
  return Plan;
}

//===----------------------------------------------------------------------===//
// Preconditions (forward)
//===----------------------------------------------------------------------===//

static std::string quoted(const ASTContext &Ctx, const Stmt *S) {
  return "'" + nodeText(Ctx, S, "<expr>") + "'";
}

/// Which reduction the atomic amounts to, and whether its grouping matters.
Status operatorVerdict(const AnalysisContext &AC, cuda::AtomicFunction Fn,
                       std::optional<cuda::ScalarType> Elem, QualType ElemType, PreconditionResult &R) {
  std::string Name = cuda::atomicFunctionName(Fn);
  auto Op = cuda::aggregateOf(Fn.Op);
  if (!Op) {
    const char *Why = Fn.Op == cuda::AtomicOp::Exch ? "the last thread to write decides the value"
                      : Fn.Op == cuda::AtomicOp::CAS ? "each update depends on the value compared"
                                                     : "it wraps around at its bound";
    R.Reason = Name + " is no reduction (" + std::string(Why) +
               "): one atomic per block cannot stand for the threads' atomics";
    return Status::Fails;
  }
  if (!Elem) {
    R.Reason = Name + " on '" + ElemType.getAsString() +
               "': only int, unsigned, long long, unsigned long long, float and double are reduced "
               "(warp shuffles of that type)";
    return Status::Fails;
  }
  std::string What = std::string(cuda::reduceOpName(*Op)) + " of " + cuda::scalarTypeSpelling(*Elem);
  if (cuda::isOrderIndependent(*Op, *Elem)) {
    R.Reason = Name + ": a " + What + " is the same in any grouping and order" +
               (Fn.Op == cuda::AtomicOp::Sub ? " (the block subtracts the sum of its values once)" : "");
    return Status::Holds;
  }
  if (AC.assumptions().reassociate()) {
    R.Reason = Name + ": a " + What + ", regrouped per block; the rounding changes (allowed by " +
               AC.assumptions().reassociationSource() + ")";
    return Status::Holds;
  }
  R.Reason = Name + ": a " + What + " summed per block first adds in another order, so it rounds "
             "differently; whether the workload's tolerance allows that is not in the source";
  R.Assumable = "reassociate";
  return Status::Unknown;
}

Status checkOperatorAssociative(const PreconditionQuery &Q, PreconditionResult &R) {
  auto A = atomicCallOf(Q.Node.get<CallExpr>());
  if (!A) {
    R.Reason = "not a call of a CUDA atomic function";
    return Status::Fails;
  }
  return operatorVerdict(Q.AC, A->Fn, A->Elem, A->ElemType, R);
}

Status checkResultUnused(const PreconditionQuery &Q, PreconditionResult &R) {
  const auto *C = Q.Node.get<CallExpr>();
  ASTContext &Ctx = Q.AC.ast();
  if (statementOf(Ctx, C).first) {
    R.Reason = "the atomic is a statement of its own; the old value it returns is dropped";
    return Status::Holds;
  }
  // The first thing above the call that is not a cast or parentheses.
  DynTypedNode Up = DynTypedNode::create(*C);
  for (auto Parents = Ctx.getParents(*C); Parents.size() == 1; Parents = Ctx.getParents(Up)) {
    Up = Parents[0];
    const auto *E = Up.get<Expr>();
    if (!E || !(isa<ParenExpr>(E) || isa<ImplicitCastExpr>(E)))
      break;
  }
  const Stmt *User = Up.get<Stmt>();
  const auto *Var = Up.get<VarDecl>();
  R.Reason = "the old value the atomic returns is used" +
             (Var    ? " to initialise '" + Var->getName().str() + "'"
              : User ? " by " + quoted(Ctx, User)
                     : std::string()) +
             ": after aggregation only one thread of the block gets an old value, and not its own";
  if (Var)
    R.Evidence.push_back(evidenceAt(Ctx, Var->getLocation(), "use", "'" + Var->getName().str() + "' is initialised with it"));
  else if (User)
    R.Evidence.push_back(evidenceAt(Ctx, User->getBeginLoc(), "use", "the returned value is read here"));
  return Status::Fails;
}

Status checkBlockConverged(const PreconditionQuery &Q, PreconditionResult &R) {
  const FunctionDecl *FD = Q.Function;
  ASTContext &Ctx = Q.AC.ast();
  if (FD && cuda::isKernel(FD)) {
    R.Reason = "in the body of kernel '" + FD->getNameAsString() + "'";
    return Status::Holds;
  }
  const FunctionDecl *Dev = cuda::deviceContextOf(FD);
  std::string Who = FD && isa<CXXMethodDecl>(FD) && cast<CXXMethodDecl>(FD)->getParent()->isLambda()
                        ? std::string("a lambda")
                        : FD ? "__device__ function '" + FD->getNameAsString() + "'" : "no function";
  R.Reason = "the atomic is in " + Who +
             ": whether every thread of the block calls it, and from where, is its callers' matter; "
             "a block reduction there could wait for threads that never come";
  if (FD)
    R.Evidence.push_back(evidenceAt(Ctx, FD->getLocation(), "declaration",
                                    Dev && Dev != FD ? "called from device code of '" + Dev->getNameAsString() + "'"
                                                     : "declared here"));
  return Status::Fails;
}

Status checkNoEarlyExit(const PreconditionQuery &Q, PreconditionResult &R) {
  ForwardPlan P = planForward(Q.AC, Q.Function, Q.Node.get<CallExpr>());
  ASTContext &Ctx = Q.AC.ast();
  if (!P.Kernel || !P.Statement) {
    R.Reason = "decided by block-converged and result-unused";
    return Status::Unknown;
  }
  if (!P.Where.Guards.empty()) {
    R.Reason = std::to_string(P.Where.Guards.size()) + " top-level guard" + (P.Where.Guards.size() == 1 ? "" : "s") +
               " 'if (...) return;' become 'if (!...) { ... }' around the rest of the body: every thread of the "
               "block reaches the reduction after it";
    return Status::Holds;
  }
  if (P.Where.Region) {
    R.Reason = "every thread of the block reaches " +
               (P.Where.Region == P.Statement ? std::string("the atomic's statement")
                                              : "the statement around the atomic at line " +
                                                    std::to_string(expansionLine(Ctx, P.Where.Region)));
    return Status::Holds;
  }
  const UniformityAnswer &B = P.Where.Blocker;
  R.Reason = "some threads leave before the atomic: " + B.Why +
             "; a block reduction after it would wait for them forever (turn the early exit into a "
             "condition around the work)";
  if (B.Breaker)
    R.Evidence.push_back(evidenceAt(Ctx, B.Breaker->getBeginLoc(), isExit(B.Breaker) ? "exit" : "condition",
                                    isExit(B.Breaker) ? "a thread may leave here" : "decides which threads leave"));
  return Status::Fails;
}

Status checkAddressBlockUniform(const PreconditionQuery &Q, PreconditionResult &R) {
  ForwardPlan P = planForward(Q.AC, Q.Function, Q.Node.get<CallExpr>());
  ASTContext &Ctx = Q.AC.ast();
  if (!P.Kernel) {
    R.Reason = "not in a kernel (block-converged)";
    return Status::Unknown;
  }
  const Expr *Addr = P.Atomic.Address;
  std::string Text = quoted(Ctx, Addr);
  if (!analysis::isPureExpr(Addr, Ctx)) {
    R.Reason = "the address " + Text + " has side effects; every thread evaluated it, one thread would";
    return Status::Fails;
  }
  UniformityAnswer A = P.U->of(Addr);
  bool Warp = warpGroups(Q.AC);
  if (!A.atLeast(Warp ? Level::Warp : Level::Block)) {
    R.Reason = "the address " + Text + " is " + analysis::levelName(A.L) + ": " + A.Why + "; threads of one " +
               (Warp ? "warp" : "block") + " update different places";
    if (A.Breaker)
      R.Evidence.push_back(evidenceAt(Ctx, A.Breaker->getBeginLoc(), "varying", "differs between threads"));
    return Status::Fails;
  }
  std::string Level = analysis::levelName(A.L);
  if (!P.Where.Region) {
    R.Reason = "the address " + Text + " is " + Level + " (no aggregation point: no-early-exit)";
    return Status::Holds;
  }
  // The block's one atomic comes after the aggregated statement: what the
  // address names must exist there and mean the same.
  std::vector<const VarDecl *> Vars;
  readVars(Addr, Vars);
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned RegionBegin = beginOffset(Ctx, P.Where.First), RegionEnd = endOffset(Ctx, P.Where.Last);
  for (const VarDecl *V : Vars) {
    unsigned At = SM.getFileOffset(SM.getExpansionLoc(V->getLocation()));
    if (!isa<ParmVarDecl>(V) && At >= RegionBegin && At < RegionEnd) {
      R.Reason = "the address " + Text + " reads '" + V->getName().str() +
                 "', declared inside the statement every thread runs (line " +
                 std::to_string(expansionLine(Ctx, P.Where.Region)) +
                 "); the block's atomic after it cannot name it";
      R.Evidence.push_back(evidenceAt(Ctx, V->getLocation(), "declaration", "declared here"));
      return Status::Fails;
    }
    const Stmt *M = nullptr;
    for (const Stmt *S : P.Where.Parent->body())
      if (!M && beginOffset(Ctx, S) >= RegionBegin && endOffset(Ctx, S) <= RegionEnd)
        M = analysis::findModification(Ctx, S, V);
    if (M) {
      R.Reason = "the address " + Text + " reads '" + V->getName().str() + "', which " + quoted(Ctx, M) +
                 " changes inside the aggregated statement: one atomic after it would use the last value";
      R.Evidence.push_back(evidenceAt(Ctx, M->getBeginLoc(), "write", "changed here"));
      return Status::Fails;
    }
  }
  R.Reason = "the address " + Text + " is " + Level;
  return Status::Holds;
}

/// Statements a thread may run between its atomic and the next barrier
/// after the block's one atomic: the rest of the aggregated statement (all
/// of it when a loop around the atomic repeats it), then the statements
/// after it up to a barrier every thread reaches. Inside a loop, the whole
/// loop comes round again before any barrier orders the block's atomic:
/// every statement of the enclosing loops and after them counts.
static std::vector<std::pair<unsigned, unsigned>> delayWindow(ASTContext &Ctx, const ForwardPlan &P) {
  std::vector<std::pair<unsigned, unsigned>> W;
  const Stmt *Region = P.Where.Region;
  bool Repeats = false;
  for (const Stmt *S = P.U->parent(P.Statement); S && S != P.U->parent(Region); S = P.U->parent(S))
    Repeats |= isLoop(S);
  W.push_back({Repeats ? beginOffset(Ctx, P.Where.First) : endOffset(Ctx, P.Atomic.Call), endOffset(Ctx, P.Where.Last)});
  if (P.Where.InLoop) {
    for (const Stmt *S = P.U->parent(Region); S; S = P.U->parent(S))
      if (isLoop(S))
        W.push_back({beginOffset(Ctx, S), endOffset(Ctx, S)});
    W.push_back({endOffset(Ctx, Region), endOffset(Ctx, P.Kernel->getBody())});
    return W;
  }
  for (const Stmt *Cur = Region; Cur;) {
    const Stmt *Up = P.U->parent(Cur);
    if (!Up)
      break;
    if (const auto *CS = dyn_cast<CompoundStmt>(Up)) {
      bool After = false;
      for (const Stmt *S : CS->body()) {
        if (S == Cur) {
          After = true;
          continue;
        }
        if (!After)
          continue;
        if (const auto *Call = dyn_cast<CallExpr>(S->IgnoreContainers()))
          if (auto Scope = cuda::barrierScope(Call); Scope && *Scope != cuda::SyncScope::Warp)
            return W;
        W.push_back({beginOffset(Ctx, S), endOffset(Ctx, S)});
      }
    }
    Cur = Up;
  }
  return W;
}

Status checkTargetNotAccessed(const PreconditionQuery &Q, PreconditionResult &R) {
  ForwardPlan P = planForward(Q.AC, Q.Function, Q.Node.get<CallExpr>());
  ASTContext &Ctx = Q.AC.ast();
  if (!P.Kernel || !P.Where.Region) {
    R.Reason = "no aggregation point (block-converged, no-early-exit)";
    return Status::Unknown;
  }
  const analysis::FunctionFacts &Facts = analysis::AnalysisCache::of(Ctx).facts(P.Kernel);
  analysis::Linearizer Lin(Ctx);
  analysis::PointerProvenance PP(Ctx, Facts, Lin);
  analysis::Root Target = PP.rootOf(P.Atomic.Address);
  std::string TargetName = Target.Name.empty() ? quoted(Ctx, P.Atomic.Address) : "'" + Target.Name + "'";
  auto W = delayWindow(Ctx, P);
  auto InWindow = [&](unsigned Off) {
    return any_of(W, [&](const auto &Range) { return Off >= Range.first && Off < Range.second; });
  };
  auto SameMemory = [&](const analysis::Root &Other) -> Status {
    if (Target.K == analysis::Root::Unknown || Other.K == analysis::Root::Unknown)
      return Status::Unknown;
    return Target.D && Other.D == Target.D && Other.K == Target.K ? Status::Fails : Status::Holds;
  };
  std::optional<cuda::ReduceOp> Mine = cuda::aggregateOf(P.Atomic.Fn.Op);
  Status Verdict = Status::Holds;
  for (const analysis::MemEvent &Ev : Facts.events()) {
    if (Ev.E == P.Atomic.Call || !InWindow(Ev.Begin))
      continue;
    Status S = Status::Holds;
    std::string What;
    if (Ev.K == analysis::MemEvent::Call) {
      const auto *C = dyn_cast<CallExpr>(Ev.E);
      if (auto Other = atomicCallOf(C)) {
        // Another atomic of the same reduction commutes with this one
        // (when its old value is dropped): delaying this one past it
        // changes no result.
        if (cuda::aggregateOf(Other->Fn.Op) == Mine && Mine && statementOf(Ctx, C).first)
          continue;
        S = SameMemory(PP.rootOf(Other->Address));
        What = "another atomic";
      } else if (C && !cuda::barrierScope(C)) {
        // A function that is handed the target, or that can see a
        // __shared__/__device__ variable by name.
        bool Global = Target.K == analysis::Root::Shared || Target.K == analysis::Root::GlobalVar;
        S = Global ? Status::Fails : Status::Holds;
        for (const Expr *Arg : C->arguments())
          if (Arg->getType()->isPointerType() || Arg->getType()->isReferenceType())
            S = worse(S, SameMemory(PP.rootOf(Arg)));
        What = "a call that may use it";
      }
    } else {
      const Expr *Base = analysis::accessBasePointer(Ev.E);
      analysis::Root Other;
      if (Base)
        Other = PP.rootOf(Base);
      else if (const VarDecl *V = analysis::refVar(Ev.E)) {
        Other.K = cuda::isShared(V) ? analysis::Root::Shared
                  : V->hasGlobalStorage() ? analysis::Root::GlobalVar
                                          : analysis::Root::Unknown;
        Other.D = V;
      }
      S = SameMemory(Other);
      What = Ev.K == analysis::MemEvent::Read ? "a read" : "a write";
    }
    if (S == Status::Holds)
      continue;
    Verdict = worse(Verdict, S);
    R.Evidence.push_back(evidenceAt(Ctx, Ev.E->getBeginLoc(), "access",
                                    What + " of " + (S == Status::Fails ? "" : "what may be ") + TargetName));
  }
  if (Verdict == Status::Holds) {
    R.Reason = "nothing else touches " + TargetName + " between the atomic and the next barrier after the "
               "reduction";
    return Status::Holds;
  }
  R.Reason = TargetName + " is " + (Verdict == Status::Fails ? "" : "perhaps ") +
             "accessed after the atomic and before a barrier orders it after the block's one atomic, "
             "which lands later: a thread would no longer see its own update";
  if (Verdict == Status::Unknown && Target.isParam())
    R.Assumable = "noalias:" + Target.Name;
  return Verdict;
}

Status checkSharedMemoryFits(const PreconditionQuery &Q, PreconditionResult &R) {
  ForwardPlan P = planForward(Q.AC, Q.Function, Q.Node.get<CallExpr>());
  ASTContext &Ctx = Q.AC.ast();
  if (!P.Kernel || !P.Atomic.Elem) {
    R.Reason = "decided by block-converged and operator-associative";
    return Status::Unknown;
  }
  if (warpGroups(Q.AC)) {
    R.Reason = "group=warp: the warps reduce by shuffles alone, no shared memory";
    return Status::Holds;
  }
  uint64_t Added = 32 * Ctx.getTypeSizeInChars(P.Atomic.ElemType).getQuantity();
  // The dynamic size: the largest any launch asks for, when every launch
  // is known and says.
  cuda::KernelLauncherGraph Graph(Ctx);
  std::optional<uint64_t> Dynamic;
  if (Graph.allLaunchesKnown(P.Kernel)) {
    Dynamic = 0;
    for (const cuda::LaunchSite *L : Graph.launchesOf(P.Kernel)) {
      auto B = analysis::launchSharedBytes(Ctx, *L);
      if (!B) {
        Dynamic.reset();
        break;
      }
      Dynamic = std::max(*Dynamic, *B);
    }
  }
  analysis::SharedUsage U = analysis::sharedUsage(Ctx, P.Kernel, Dynamic);
  U.StaticBytes += Added;
  analysis::LimitCheck L = analysis::checkLimits(U);
  std::string Sum = std::to_string(U.StaticBytes - Added) + " + " + std::to_string(Added) +
                    " bytes of static shared memory";
  switch (L.V) {
  case analysis::LimitCheck::Fits:
    R.Reason = Sum + (U.UsesDynamic ? " with the dynamic part fits" : " fits");
    return Status::Holds;
  case analysis::LimitCheck::Unknown:
    R.Reason = Sum + ": " + L.Why;
    return Status::Unknown;
  case analysis::LimitCheck::NeedsOptIn:
  case analysis::LimitCheck::Exceeds:
    R.Reason = Sum + ": " + L.Why;
    return Status::Fails;
  }
  return Status::Unknown;
}

//===----------------------------------------------------------------------===//
// Forward edits
//===----------------------------------------------------------------------===//

/// How the element type is written where the edits go: a template
/// parameter as the template spells it (`T`), so every instantiation edits
/// the text alike; the canonical name otherwise.
static std::string elementSpelling(ASTContext &Ctx, const FunctionDecl *FD, const AtomicCall &A,
                                   bool &Dependent) {
  Dependent = false;
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern()) {
    SourceLocation Loc = A.Call->getBeginLoc();
    const CallExpr *Found = nullptr;
    std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
      if (!S || Found)
        return;
      if (const auto *C = dyn_cast<CallExpr>(S); C && C->getBeginLoc() == Loc && C->getNumArgs() >= 1)
        Found = C;
      for (const Stmt *Ch : S->children())
        Find(Ch);
    };
    Find(Pattern->getBody());
    if (Found && Found->getArg(0)->isTypeDependent()) {
      QualType T = Found->getArg(0)->getType();
      if (const auto *PT = T->getAs<PointerType>()) {
        Dependent = true;
        return PT->getPointeeType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
      }
    }
  }
  return cuda::scalarTypeSpelling(*A.Elem);
}

std::string FreshNamesByAnchor::stem(cuda::ReduceOp Op) {
  return std::string("block_") + cuda::reduceOpName(Op);
}

FreshNames FreshNamesByAnchor::namesFor(const FunctionDecl *Text, unsigned Anchor) {
  auto It = Before.find(Anchor);
  if (It != Before.end())
    return It->second;
  std::unique_ptr<FreshNames> &R = Run[Text];
  if (!R)
    R = std::make_unique<FreshNames>(Ctx);
  return Before.emplace(Anchor, *R).first->second;
}

void FreshNamesByAnchor::commit(const FunctionDecl *Text, unsigned Anchor, const FreshNames &After) {
  if (Committed.insert(Anchor).second)
    Run[Text] = std::make_unique<FreshNames>(After);
}

void forward(const RewritePair &Pair, AnalysisContext &AC, const CallExpr &C, FreshNamesByAnchor &Fresh) {
  ASTContext &Ctx = AC.ast();
  const FunctionDecl *FD = cuda::enclosingFunction(Ctx, C);
  if (!FD || FD->isDependentContext() || !cuda::isDeviceCode(FD))
    return;
  auto A = atomicCallOf(&C);
  // One thread per warp or block does it already: a reverse site.
  if (!A || isLeadersAtomic(Ctx, FD, &C))
    return;
  Site &S = AC.addSite(Name, Direction::Forward, C.getBeginLoc(), FD, "atomic-call");
  std::string Fn = cuda::atomicFunctionName(A->Fn);
  S.Summary = "aggregate '" + Fn + "' per block: a block reduction, then one " + Fn + " per block";
  S.Facts["atomic"] = Fn;
  PreconditionQuery Q{AC, FD, DynTypedNode::create(C)};
  for (const PreconditionSpec &P : Pair.preconditions())
    if (P.Dir == Direction::Forward)
      S.check(P, Q);
  if (S.verdict() == Status::Fails)
    return;

  ForwardPlan P = planForward(AC, FD, &C);
  auto Op = cuda::aggregateOf(A->Fn.Op);
  if (!P.Where.Region || !Op || !A->Elem)
    return;
  S.Facts["operator"] = cuda::reduceOpName(*Op);
  S.Facts["block-shape"] = P.Shape ? P.Shape->str() : "any";
  S.Facts["group"] = warpGroups(AC) ? "warp" : "block";

  bool Dependent = false;
  std::string Type = elementSpelling(Ctx, FD, *A, Dependent);
  std::string Identity = cuda::identityLiteral(*Op, *A->Elem);
  if (Dependent && *Op == cuda::ReduceOp::Add)
    Identity = Type + "(-0.0)"; // -0.0 for floating T, 0 for integer T
  else if (Dependent && (*Op == cuda::ReduceOp::Or || *Op == cuda::ReduceOp::Xor))
    Identity = Type + "(0)";
  else if (Dependent && *Op == cuda::ReduceOp::And)
    Identity = "~" + Type + "(0)";

  unsigned Anchor = C.getBeginLoc().getRawEncoding();
  const FunctionDecl *Text =
      FD->getTemplateInstantiationPattern() ? FD->getTemplateInstantiationPattern() : FD;
  FreshNames Names = Fresh.namesFor(Text->getCanonicalDecl(), Anchor);
  std::string Acc = Names.get(FreshNamesByAnchor::stem(*Op));
  ReductionRequest Req;
  Req.Op = *Op;
  Req.Type = Type;
  Req.Identity = Identity;
  Req.Value = Acc;
  Req.FullWarps = P.Shape && P.Shape->count() % 32 == 0;
  Req.OneDimensional = P.Shape && P.Shape->Y == 1 && P.Shape->Z == 1;
  Req.Reentrant = P.Where.InLoop;
  if (warpGroups(AC))
    Req.Over = ReductionRequest::Scope::Warp;
  Req.NameStem = Acc;
  std::string Unit = indentUnitOf(Ctx, P.Where.Parent);
  ReductionCode Code =
      buildReduction(Req, Names, Ctx.getTypeSizeInChars(A->ElemType).getQuantity(), Unit);
  Fresh.commit(Text->getCanonicalDecl(), Anchor, Names);

  // The value as the atomic converts it: a cast only where the argument's
  // type is not the element type already.
  const Expr *Value = A->Value;
  const Expr *Written = Value->IgnoreImpCasts();
  std::string ValueText = parenIf(needsParens(Written, prec::Assignment), nodeText(Ctx, Written, ""));
  if (!Ctx.hasSameUnqualifiedType(Written->getType(), A->ElemType))
    ValueText = "static_cast<" + Type + ">(" + nodeText(Ctx, Written, "") + ")";
  std::string AddressText = nodeText(Ctx, A->Address, "");

  EditBuilder B(Ctx);
  if (P.Where.Region == P.Statement) {
    // Every thread runs the atomic: its value is the accumulator's start.
    B.replace(P.StatementExpr, Type + " " + Acc + " = " + ValueText);
  } else {
    B.insertLineBefore(P.Where.Region->getBeginLoc(), Type + " " + Acc + " = " + Identity + ";");
    B.replace(P.StatementExpr, cuda::foldText(*Op, Acc, ValueText));
  }
  std::vector<std::string> Lines = Code.Lines;
  Lines.push_back("if (" + Code.LeaderCondition + ")");
  Lines.push_back(Unit + Fn + "(" + AddressText + ", " + Acc + ");");
  SourceLocation RegionBegin = Ctx.getSourceManager().getExpansionLoc(P.Where.Region->getBeginLoc());
  if (!P.Where.Guards.empty()) {
    // Each guard encloses the rest of the body, innermost first; the block
    // reduction follows the outermost brace, where every thread arrives.
    std::string Indent = lineIndent(Ctx, RegionBegin);
    std::vector<const Stmt *> Stmts(P.Where.Parent->body_begin(), P.Where.Parent->body_end());
    auto Pos = [&](const Stmt *S) { return std::find(Stmts.begin(), Stmts.end(), S) - Stmts.begin(); };
    for (size_t G = P.Where.Guards.size(); G-- > 0;) {
      const IfStmt *Guard = P.Where.Guards[G];
      if (Pos(P.Where.Last) < Pos(Guard)) {
        B.removeLines(Guard); // nothing after it to enclose
        continue;
      }
      std::optional<std::string> Keep = negatedText(Ctx, Guard->getCond());
      if (!Keep) {
        B.failWith("the guard's condition " + quoted(Ctx, Guard->getCond()) + " is not plain text to negate",
                   Guard->getBeginLoc());
        break;
      }
      std::string Depth;
      for (size_t I = 0; I < G; ++I)
        Depth += Unit;
      B.replaceStatement(Guard, "if (" + *Keep + ") {");
      B.indentLines(Stmts[Pos(Guard) + 1], P.Where.Last, Unit);
      B.appendAfter(P.Where.Last, "\n" + Indent + Depth + "}");
    }
    if (P.Where.FinalReturn)
      B.removeLines(P.Where.FinalReturn);
    std::string Text;
    for (const std::string &L : Lines)
      Text += "\n" + Indent + L;
    B.appendAfter(P.Where.Last, Text);
  } else {
    B.insertLineAfter(P.Where.Region, join(Lines, "\n" + lineIndent(Ctx, RegionBegin)));
  }
  S.Facts["accumulator"] = Acc;
  S.Facts["shared-bytes"] = std::to_string(Code.SharedBytes);
  commit(B, S);
}

//===----------------------------------------------------------------------===//
// The pair
//===----------------------------------------------------------------------===//

namespace {

class AtomicAggregate final : public RewritePair {
public:
  StringRef name() const override { return Name; }
  StringRef intent() const override {
    return "reduce within the block first (warp shuffles, one shared-memory stage), then one atomic "
           "per block instead of one per thread: contended atomics to one address serialise";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }
  ArrayRef<OptionSpec> options() const override {
    static const OptionSpec Options[] = {
        {"group", OptionSpec::Enum, "block",
         "forward: who shares one atomic: the block (shuffles, one shared-memory stage, a barrier) or "
         "each warp (shuffles only)",
         0, 0, {"block", "warp"}},
    };
    return Options;
  }

  void findSites(Direction D, AnalysisContext &AC) const override {
    MatchFinder Finder;
    Callback CB(*this, D, AC);
    Finder.addMatcher(traverse(TK_AsIs, callExpr(callee(functionDecl(matchesName("^::atomic[A-Z]"))))
                                            .bind("call")),
                      &CB);
    Finder.matchAST(AC.ast());
  }

private:
  struct Callback : MatchFinder::MatchCallback {
    Callback(const AtomicAggregate &P, Direction D, AnalysisContext &AC) : P(P), D(D), AC(AC), Fresh(AC.ast()) {}
    void run(const MatchFinder::MatchResult &R) override {
      const auto *C = R.Nodes.getNodeAs<CallExpr>("call");
      if (!C)
        return;
      if (D == Direction::Forward)
        forward(P, AC, *C, Fresh);
      else
        reverse(P, AC, *C);
    }
    const AtomicAggregate &P;
    Direction D;
    AnalysisContext &AC;
    FreshNamesByAnchor Fresh;
  };
};

} // namespace
} // namespace atomic_aggregate

std::unique_ptr<RewritePair> createAtomicAggregate() {
  return std::make_unique<atomic_aggregate::AtomicAggregate>();
}

} // namespace klineage
