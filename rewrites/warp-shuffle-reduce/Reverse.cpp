//===- Reverse.cpp - warp-shuffle-reduce, reverse: a shared-memory tree ---===//
//
// Part of KLineage. A warp shuffle reduction of one variable (a loop or
// five unrolled steps, analysis/Reductions), alone over each warp or with a
// shared stage across the block's warps, becomes a shared-memory halving
// tree (Edit/ReductionBuilders' buildSharedTree): each thread stores its
// value, the strides halve from half the block (16 for a warp) with a
// barrier each, and every thread reads the result back into the variable.
// A pair reduction (online softmax's (max, sum), argmax/argmin's (value,
// index): analysis::pairReductionAt) becomes the same tree over two arrays
// whose steps are the pair's combine (buildSharedPairTree).
//
//===----------------------------------------------------------------------===//
#include "WarpShuffleReduce.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/SharedMemory.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "klineage/Edit/ReductionBuilders.h"
#include "klineage/Rewrite/LaunchShape.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>

using namespace clang;
using namespace llvm;

namespace klineage {
namespace warp_shuffle_reduce {

using analysis::ReductionMatch;
using analysis::ThreadPlace;
using analysis::AnalysisCache;

namespace {

struct ShufflePlan {
  const FunctionDecl *Function = nullptr;
  const CompoundStmt *Parent = nullptr;
  std::optional<ReductionMatch> Match;
  std::optional<cuda::ScalarType> Elem;
};

bool isShuffleShape(const ReductionMatch &M) {
  auto Shuffles = [](ReductionMatch::Shape K) {
    return K == ReductionMatch::WarpShuffle || K == ReductionMatch::ShuffleAndShared;
  };
  // `v = warpReduceSum(v)`, `float s = blockReduceSum(x)`: a helper whose
  // body shuffles.
  if (M.Kind == ReductionMatch::Helper)
    return Shuffles(M.HelperShape) && M.ResultVar;
  return Shuffles(M.Kind);
}

/// A helper's result variable is reduced in place by the tree, after its
/// argument is copied into it (`float s = v;`).
void reduceIntoResult(ReductionMatch &M) {
  if (M.Kind == ReductionMatch::Helper && !M.Var)
    M.Var = M.ResultVar;
}

/// The shuffle reduction of one local, or of a pair, that starts at
/// Body[Begin].
std::optional<ReductionMatch> shuffleReductionAt(ASTContext &Ctx, ArrayRef<const Stmt *> Body, size_t Begin,
                                                 const analysis::FunctionFacts &Facts) {
  std::string Why;
  auto M = analysis::reductionAt(Ctx, Body, Begin, Facts, Why);
  if (M)
    reduceIntoResult(*M);
  if (!M || !isShuffleShape(*M) || !M->Var)
    M = analysis::pairReductionAt(Ctx, Body, Begin, Facts, Why);
  if (M && (!isShuffleShape(*M) || !M->Var))
    M.reset();
  return M;
}

/// Bytes per thread the tree stores: the local, or both of a pair.
uint64_t treeBytesPerThread(const ASTContext &Ctx, const ReductionMatch &M) {
  uint64_t B = Ctx.getTypeSizeInChars(M.Var->getType()).getQuantity();
  if (M.Pair)
    B += Ctx.getTypeSizeInChars(M.Pair->Other->getType()).getQuantity();
  return B;
}

/// The exponential an online-softmax combine among \p Stmts calls (looked
/// for in the __device__ helpers they call too), so that the tree scales
/// with the kernel's own; \p Fallback when none is seen.
std::string exponentialOf(ArrayRef<const Stmt *> Stmts, std::string Fallback) {
  std::string Found;
  std::function<void(const Stmt *, unsigned)> Walk = [&](const Stmt *S, unsigned Depth) {
    if (!S || !Found.empty())
      return;
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = C->getDirectCallee()) {
        StringRef N = Callee->getName();
        if (N == "expf" || N == "__expf" || N == "exp")
          Found = N.str();
        else if (Depth < 2 && Callee->hasBody())
          Walk(Callee->getBody(), Depth + 1);
      }
    for (const Stmt *Child : S->children())
      Walk(Child, Depth);
  };
  for (const Stmt *S : Stmts)
    Walk(S, 0);
  return Found.empty() ? Fallback : Found;
}

ShufflePlan planShuffles(ASTContext &Ctx, const FunctionDecl *FD, const Stmt *First) {
  ShufflePlan P;
  P.Function = FD;
  if (!FD || !First)
    return P;
  auto Parents = Ctx.getParents(*First);
  P.Parent = Parents.size() == 1 ? Parents[0].get<CompoundStmt>() : nullptr;
  if (!P.Parent)
    return P;
  std::vector<const Stmt *> Body(P.Parent->body_begin(), P.Parent->body_end());
  size_t At = std::find(Body.begin(), Body.end(), First) - Body.begin();
  P.Match = shuffleReductionAt(Ctx, Body, At, AnalysisCache::of(Ctx).facts(FD));
  if (P.Match)
    P.Elem = cuda::scalarTypeOf(P.Match->Var->getType());
  return P;
}

ShufflePlan planOf(const PreconditionQuery &Q) { return planShuffles(Q.AC.ast(), Q.Function, Q.Node.get<Stmt>()); }

/// \p S lies in a statement that a reduction starting earlier in an
/// enclosing block covers (warp 0's stage of a block reduction).
bool insideLargerReduction(ASTContext &Ctx, const FunctionDecl *FD, const Stmt *S) {
  const analysis::FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(FD);
  for (const Stmt *Cur = S;;) {
    auto Parents = Ctx.getParents(*Cur);
    const Stmt *Up = Parents.size() == 1 ? Parents[0].get<Stmt>() : nullptr;
    if (!Up)
      return false;
    if (const auto *CS = dyn_cast<CompoundStmt>(Up); CS && Cur != S) {
      std::vector<const Stmt *> Body(CS->body_begin(), CS->body_end());
      size_t J = std::find(Body.begin(), Body.end(), Cur) - Body.begin();
      for (size_t I = J >= 23 ? J - 23 : 0; I <= J && J < Body.size(); ++I) {
        std::string Why;
        auto M = analysis::reductionAt(Ctx, Body, I, Facts, Why);
        if (!M)
          M = analysis::pairReductionAt(Ctx, Body, I, Facts, Why);
        if (M && I + M->Stmts.size() > J)
          return true;
      }
    }
    Cur = Up;
  }
}

} // namespace

Status checkReverseReassociation(const PreconditionQuery &Q, PreconditionResult &R) {
  ShufflePlan P = planOf(Q);
  if (!P.Match || !P.Elem) {
    R.Reason = "the reduced variable's type is not one the tree is built for";
    return Status::Fails;
  }
  if (const auto &Pair = P.Match->Pair) {
    if (Pair->K != analysis::PairFold::OnlineSoftmax) {
      // A total order on (value, index): any grouping keeps the same pair.
      R.Reason = std::string(Pair->K == analysis::PairFold::ArgMax ? "an argmax" : "an argmin") +
                 " that breaks ties by index picks the same pair in any grouping";
      return Status::Holds;
    }
    // The maxima are exact; the rescaled sums add in another grouping.
    auto SumType = cuda::scalarTypeOf(Pair->Other->getType());
    if (!SumType) {
      R.Reason = "the online softmax's sum has a type the tree is not built for";
      return Status::Fails;
    }
    return reassociationVerdict(Q.AC, cuda::ReduceOp::Add, *SumType, R);
  }
  return reassociationVerdict(Q.AC, P.Match->Op, *P.Elem, R);
}

Status checkBlockPowerOfTwo(const PreconditionQuery &Q, PreconditionResult &R) {
  ShufflePlan P = planOf(Q);
  const FunctionDecl *FD = Q.Function;
  if (!P.Match || !FD || !cuda::isKernel(FD)) {
    R.Reason = "the reduction is not in a kernel: its block shape is not seen";
    return Status::Unknown;
  }
  auto Shape = knownBlockShape(Q.AC, FD);
  if (!Shape) {
    R.Reason = "the tree holds one element per thread of the block, whose shape the kernel's launches do not say";
    R.Assumable = blockAssumable(FD);
    return Status::Unknown;
  }
  const ReductionMatch &M = *P.Match;
  uint64_t N = Shape->count();
  std::string S = "blockDim " + Shape->str() + ": ";
  bool Warp = M.Over == ReductionMatch::Warp;
  if (Warp ? N % 32 != 0 : (N & (N - 1)) != 0) {
    R.Reason = S + std::to_string(N) + " threads" +
               (Warp ? " leave a warp partial; the warp's tree reads 32 elements"
                     : " are no power of two: a halving tree would drop values");
    return Status::Fails;
  }
  unsigned Dims = M.Needs.RankDims;
  if ((Dims == 1 && (Shape->Y != 1 || Shape->Z != 1)) || (Dims == 2 && Shape->Z != 1)) {
    R.Reason = S + "the shuffle reduction's rank misses a dimension of the block";
    return Status::Fails;
  }
  if (M.Needs.WarpCount) {
    const analysis::FunctionFacts &Facts = AnalysisCache::of(Q.AC.ast()).facts(FD);
    auto W = analysis::evaluateInBlock(Q.AC.ast(), M.Needs.WarpCount, Facts, Shape->X, Shape->Y, Shape->Z);
    if (!W || static_cast<uint64_t>(*W) != (N + 31) / 32) {
      R.Reason = S + "the shared stage reads " + (W ? std::to_string(*W) : std::string("an unknown number of")) +
                 " warp partials of " + std::to_string((N + 31) / 32);
      return Status::Fails;
    }
  }
  R.Reason = S + "a tree of " + std::to_string(N) + " elements combines the same threads";
  return Status::Holds;
}

Status checkReverseNoLaneExits(const PreconditionQuery &Q, PreconditionResult &R) {
  // A warp's tree waits only for its warp (__syncwarp).
  ShufflePlan P = planOf(Q);
  bool Warp = P.Match && P.Match->Over == ReductionMatch::Warp;
  std::optional<analysis::Dim3> Block =
      Q.Function && cuda::isKernel(Q.Function) ? knownBlockShape(Q.AC, Q.Function) : std::nullopt;
  return everyThreadReaches(Q.AC.ast(), Q.Function, Q.Node.get<Stmt>(), R,
                            Warp ? analysis::Level::Warp : analysis::Level::Block, Block);
}

Status checkReverseResultReadByHolders(const PreconditionQuery &Q, PreconditionResult &R) {
  ShufflePlan P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.Match) {
    R.Reason = "no shuffle reduction";
    return Status::Unknown;
  }
  const ReductionMatch &M = *P.Match;
  // A butterfly leaves the result in every lane; a pair's stage may end in
  // every thread (merged in order, or broadcast through element 0).
  if (M.EveryThreadHolds) {
    R.Reason = M.Kind == ReductionMatch::WarpShuffle
                   ? "the butterfly leaves the result in every lane, as the tree does"
                   : "every thread ends with the result, as with the tree";
    return Status::Holds;
  }
  const analysis::FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(P.Function);
  // A broadcast right after it (`if (rank == 0) slot = v; __syncthreads();
  // v = slot;`) hands the leader's result to every thread: the tree's total
  // reaches them the same way.
  if (P.Parent) {
    std::vector<const Stmt *> Body(P.Parent->body_begin(), P.Parent->body_end());
    size_t After = std::find(Body.begin(), Body.end(), M.Stmts.back()) - Body.begin() + 1;
    if (After <= Body.size())
      if (auto B = analysis::broadcastAfter(Ctx, Body, After, M, Facts); B && B->K != analysis::ResultBroadcast::Butterfly) {
        R.Reason = "the result is broadcast to every thread after the reduction, as the tree's total would be";
        return Status::Holds;
      }
  }
  unsigned Begin = beginOffset(Ctx, M.Stmts.front()), End = endOffset(Ctx, M.Stmts.back());
  // A loop around the reduction reads what it left in the next round.
  const Stmt *Loop = nullptr, *Inner = nullptr;
  for (auto Ps = Ctx.getParents(*M.Stmts.front()); Ps.size() == 1 && Ps[0].get<Stmt>();
       Ps = Ctx.getParents(*Ps[0].get<Stmt>()))
    if (const Stmt *S = Ps[0].get<Stmt>(); isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S)) {
      Loop = S;
      Inner = Inner ? Inner : S;
    }
  // Where `V = <no V>;`, a statement of the innermost loop's body before the
  // reduction, overwrites V every round: reads after it read the new value.
  auto ResetOffset = [&](const VarDecl *V) -> std::optional<unsigned> {
    const Stmt *LB = !Inner                      ? nullptr
                     : isa<ForStmt>(Inner)       ? cast<ForStmt>(Inner)->getBody()
                     : isa<WhileStmt>(Inner)     ? cast<WhileStmt>(Inner)->getBody()
                                                 : cast<DoStmt>(Inner)->getBody();
    const auto *CB = dyn_cast_or_null<CompoundStmt>(LB);
    if (!CB)
      return std::nullopt;
    for (const Stmt *St : CB->body()) {
      if (beginOffset(Ctx, St) >= beginOffset(Ctx, M.Stmts.front()))
        break;
      const auto *A = dyn_cast<BinaryOperator>(St);
      const auto *L = A && A->getOpcode() == BO_Assign ? dyn_cast<DeclRefExpr>(A->getLHS()->IgnoreParens()) : nullptr;
      if (!L || L->getDecl() != V)
        continue;
      std::vector<const DeclRefExpr *> InRhs;
      refsTo(A->getRHS(), V, InRhs);
      if (InRhs.empty())
        return endOffset(Ctx, St);
    }
    return std::nullopt;
  };
  for (const VarDecl *V : {M.Var, M.ResultVar, M.Pair ? M.Pair->Other : nullptr}) {
    if (!V)
      continue;
    std::vector<const DeclRefExpr *> Uses;
    refsTo(P.Function->getBody(), V, Uses);
    // A local declared inside the loop starts afresh every round: the
    // loop's next round does not read what the reduction left.
    const SourceManager &SM = Ctx.getSourceManager();
    unsigned DeclAt = SM.getFileOffset(SM.getExpansionLoc(V->getLocation()));
    bool LivesAcrossRounds = Loop && !(beginOffset(Ctx, Loop) <= DeclAt && DeclAt < endOffset(Ctx, Loop));
    std::optional<unsigned> Reset = LivesAcrossRounds ? ResetOffset(V) : std::nullopt;
    for (const DeclRefExpr *U : Uses) {
      unsigned At = beginOffset(Ctx, U);
      bool ReadsReset = Reset && within(Ctx, Inner, U) && At >= *Reset;
      bool After = At >= End || (LivesAcrossRounds && within(Ctx, Loop, U) && At < Begin && !ReadsReset);
      if (!After)
        continue;
      // `v = ...` writes the variable: it does not read the partial.
      auto Ps = Ctx.getParents(*U);
      if (const auto *A = Ps.size() == 1 ? Ps[0].get<BinaryOperator>() : nullptr;
          A && A->getOpcode() == BO_Assign && A->getLHS()->IgnoreParens() == U)
        continue;
      // Inside `if (leader)`: the rank-0 thread (lane 0 for a warp).
      bool ByHolder = false;
      for (auto Ps = Ctx.getParents(*U); Ps.size() == 1 && Ps[0].get<Stmt>() && !ByHolder;
           Ps = Ctx.getParents(*Ps[0].get<Stmt>()))
        if (const auto *I = dyn_cast<IfStmt>(Ps[0].get<Stmt>()); I && I->getThen() && within(Ctx, I->getThen(), U)) {
          auto L = analysis::leaderOf(Ctx, I->getCond(), Facts);
          ByHolder = L && (L->K == ThreadPlace::Rank || (M.Over == ReductionMatch::Warp && L->K == ThreadPlace::Lane));
        }
      if (ByHolder)
        continue;
      R.Reason = "'" + V->getName().str() + "' is read at line " + std::to_string(expansionLine(Ctx, U)) +
                 " by threads that hold partials after the shuffles; the tree would give them the total";
      R.Evidence.push_back(evidenceAt(Ctx, U->getBeginLoc(), "use", "read here"));
      return Status::Fails;
    }
  }
  R.Reason = "the reduced value is read after the reduction only by the thread that holds the result";
  return Status::Holds;
}

Status checkSharedMemoryFits(const PreconditionQuery &Q, PreconditionResult &R) {
  ShufflePlan P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  const FunctionDecl *FD = Q.Function;
  auto Shape = P.Match && FD && cuda::isKernel(FD) ? knownBlockShape(Q.AC, FD) : std::nullopt;
  if (!Shape) {
    R.Reason = "decided by block-power-of-two";
    return Status::Unknown;
  }
  uint64_t Added = Shape->count() * treeBytesPerThread(Ctx, *P.Match);
  cuda::KernelLauncherGraph Graph(Ctx);
  std::optional<uint64_t> Dynamic;
  if (Graph.allLaunchesKnown(FD)) {
    Dynamic = 0;
    for (const cuda::LaunchSite *L : Graph.launchesOf(FD)) {
      auto B = analysis::launchSharedBytes(Ctx, *L);
      Dynamic = B ? std::optional<uint64_t>(std::max(*Dynamic, *B)) : std::nullopt;
      if (!Dynamic)
        break;
    }
  }
  analysis::SharedUsage U = analysis::sharedUsage(Ctx, FD, Dynamic);
  U.StaticBytes += Added;
  analysis::LimitCheck L = analysis::checkLimits(U);
  std::string Sum = std::to_string(U.StaticBytes - Added) + " + " + std::to_string(Added) +
                    " bytes of static shared memory";
  R.Reason = Sum + (L.V == analysis::LimitCheck::Fits ? " fits" : ": " + L.Why);
  return L.V == analysis::LimitCheck::Fits ? Status::Holds
         : L.V == analysis::LimitCheck::Unknown ? Status::Unknown
                                                : Status::Fails;
}

void findReverseSites(const RewritePair &Pair, AnalysisContext &AC, const CompoundStmt &CS) {
  ASTContext &Ctx = AC.ast();
  const FunctionDecl *FD = cuda::enclosingFunction(Ctx, CS);
  const analysis::FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(FD);
  std::vector<const Stmt *> Body(CS.body_begin(), CS.body_end());
  // One set of fresh names for the block: two trees in it (two reductions
  // of one variable) must not declare the same array.
  FreshNames Names(Ctx);
  for (size_t I = 0; I < Body.size(); ++I) {
    auto M = shuffleReductionAt(Ctx, Body, I, Facts);
    if (!M || insideLargerReduction(Ctx, FD, &CS))
      continue;
    // The body of a helper (`float warpReduceSum(float v) { ...; return v; }`):
    // its calls in the kernels are the sites.
    if (FD && !cuda::isKernel(FD) && FD->getNumParams() == 1 && M->Var == FD->getParamDecl(0))
      continue;
    size_t Count = M->Stmts.size();
    const auto &Two = M->Pair;
    Site &S = AC.addSite(Name, Direction::Reverse, Body[I]->getBeginLoc(), FD, "shuffle-reduction");
    S.Summary = "replace the warp shuffle reduction of '" + M->Var->getName().str() +
                (Two ? "' and '" + Two->Other->getName().str() + "'" : std::string("'")) +
                " by a shared-memory tree";
    S.Facts["reduction"] = M->Description;
    S.Facts["operator"] = !Two                                        ? cuda::reduceOpName(M->Op)
                          : Two->K == analysis::PairFold::OnlineSoftmax ? "online-softmax"
                          : Two->K == analysis::PairFold::ArgMax        ? "argmax"
                                                                         : "argmin";
    S.Facts["group"] = M->Over == ReductionMatch::Warp ? "warp" : "block";
    PreconditionQuery Q{AC, FD, DynTypedNode::create(*Body[I])};
    for (const PreconditionSpec &Spec : Pair.preconditions())
      if (Spec.Dir == Direction::Reverse)
        S.check(Spec, Q);
    I += Count - 1;
    auto Shape = knownBlockShape(AC, FD);
    if (S.verdict() == Status::Fails || !Shape)
      continue;
    const PrintingPolicy &PP = Ctx.getPrintingPolicy();
    auto Spelled = [&](const VarDecl *V) { return declaredTypeText(Ctx, V); };
    auto Bytes = [&](const VarDecl *V) { return unsigned(Ctx.getTypeSizeInChars(V->getType()).getQuantity()); };
    auto Scope = M->Over == ReductionMatch::Warp ? ReductionRequest::Scope::Warp : ReductionRequest::Scope::Block;
    bool InLoop = false;
    for (auto Ps = Ctx.getParents(CS); Ps.size() == 1 && Ps[0].get<Stmt>(); Ps = Ctx.getParents(*Ps[0].get<Stmt>()))
      InLoop |= isa<ForStmt>(Ps[0].get<Stmt>()) || isa<WhileStmt>(Ps[0].get<Stmt>()) || isa<DoStmt>(Ps[0].get<Stmt>());
    ReductionCode Code;
    if (Two) {
      PairReductionRequest Req;
      Req.K = Two->K == analysis::PairFold::OnlineSoftmax ? PairReductionRequest::Kind::OnlineSoftmax
              : Two->K == analysis::PairFold::ArgMax      ? PairReductionRequest::Kind::ArgMax
                                                           : PairReductionRequest::Kind::ArgMin;
      Req.LastOnTies = Two->LastOnTies;
      Req.Value = Two->Value->getName().str();
      Req.ValueType = Spelled(Two->Value);
      Req.Other = Two->Other->getName().str();
      Req.OtherType = Spelled(Two->Other);
      bool Double = Two->Value->getType()->isSpecificBuiltinType(BuiltinType::Double);
      Req.Exp = exponentialOf(M->Stmts, Double ? "exp" : "expf");
      Req.Over = Scope;
      Req.OneDimensional = Shape->Y == 1 && Shape->Z == 1;
      Req.Reentrant = InLoop;
      Req.NameStem = Req.Value;
      Code = buildSharedPairTree(Req, Shape->count(), Names, Bytes(Two->Value), Bytes(Two->Other),
                                 indentUnitOf(Ctx, &CS));
    } else {
      ReductionRequest Req;
      Req.Op = M->Op;
      Req.Type = Spelled(M->Var);
      Req.Value = M->Var->getName().str();
      Req.Over = Scope;
      Req.OneDimensional = Shape->Y == 1 && Shape->Z == 1;
      Req.Reentrant = InLoop;
      Req.NameStem = Req.Value;
      Code = buildSharedTree(Req, Shape->count(), Names, Bytes(M->Var), indentUnitOf(Ctx, &CS));
    }
    std::vector<std::string> Lines = Code.Lines;
    const auto *ArgRef = M->Contribution ? dyn_cast<DeclRefExpr>(M->Contribution->IgnoreParenImpCasts()) : nullptr;
    if (M->Kind == ReductionMatch::Helper && !(ArgRef && ArgRef->getDecl() == M->Var)) {
      // `float s = warpReduceSum(v);`: s takes v, then the tree reduces s.
      const auto *DS = dyn_cast<DeclStmt>(M->Stmts.front());
      auto Arg = sourceText(Ctx, M->Contribution);
      if (!Arg) {
        S.addPrecondition(SourceRewritable, Status::Fails, "the helper's argument is not plain source text");
        continue;
      }
      // `const float s = f(v);` loses its const: the tree writes s.
      Lines.insert(Lines.begin(), (DS ? M->Var->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) + " "
                                      : std::string()) +
                                      M->Var->getName().str() + " = " + *Arg + ";");
    }
    if (!Two && M->Kind != ReductionMatch::Helper && M->ResultVar && M->ResultVar != M->Var) {
      // The variable warp 0 loaded the partials into: declared by one of
      // the statements that go (declare it again), inside one of them (out
      // of scope after it: nothing to do), or before them (assign it).
      const SourceManager &SM = Ctx.getSourceManager();
      unsigned DeclAt = SM.getFileOffset(SM.getExpansionLoc(M->ResultVar->getLocation()));
      bool Declares = false, Nested = false;
      for (const Stmt *St : M->Stmts) {
        const auto *DS = dyn_cast<DeclStmt>(St);
        if (DS && DS->isSingleDecl() && DS->getSingleDecl() == M->ResultVar)
          Declares = true;
        else if (beginOffset(Ctx, St) <= DeclAt && DeclAt < endOffset(Ctx, St))
          Nested = true;
      }
      if (!Nested)
        Lines.push_back((Declares ? M->ResultVar->getType().getAsString(Ctx.getPrintingPolicy()) + " " : "") +
                        M->ResultVar->getName().str() + " = " + M->Var->getName().str() + ";");
    }
    EditBuilder B(Ctx);
    const Stmt *Head = Body[I + 1 - Count];
    if (const auto *A = dyn_cast<AttributedStmt>(Head)) // `#pragma unroll`: the loop's line
      Head = A->getSubStmt();
    std::string Indent = lineIndent(Ctx, Ctx.getSourceManager().getExpansionLoc(Head->getBeginLoc()));
    B.replaceStatement(M->Stmts.front(), join(Lines, "\n" + Indent));
    for (size_t K = 1; K < M->Stmts.size(); ++K)
      B.removeStatement(M->Stmts[K]);
    // The reduction's own declarations right before it (its lane, warp and
    // partials) go with it.
    size_t First = I + 1 - Count;
    for (size_t K = First - analysis::scratchBefore(Body, First, I + 1, *M, Facts); K < First; ++K)
      B.removeStatement(Body[K]);
    // Lane 0's result shuffled to its warp (`v = __shfl_sync(mask, v, 0)`):
    // every thread already reads the total from the tree.
    if (!Two)
      if (auto BC = analysis::broadcastAfter(Ctx, Body, I + 1, *M, Facts);
          BC && BC->K == analysis::ResultBroadcast::ShuffleLane0 && BC->Var == M->Var) {
        for (const Stmt *St : BC->Stmts)
          B.removeStatement(St);
        I += BC->Stmts.size();
      }
    S.Facts["shared-bytes"] = std::to_string(Code.SharedBytes);
    commit(B, S);
  }
}

} // namespace warp_shuffle_reduce
} // namespace klineage
