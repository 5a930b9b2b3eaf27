//===- WarpShuffleReduce.cpp - Shared-memory trees to warp shuffles --------===//
//
// Part of KLineage. Forward: a block's shared-memory halving tree (a loop
// from blockDim.x / 2 or a constant, unrolled `if (blockSize >= N)` steps,
// a volatile warp-synchronous tail; analysis/Reductions) becomes a block
// reduction through Edit/ReductionBuilders: shuffles within each warp and
// one shared-memory stage across warps, with no barrier per stride. The
// value each thread stored in the tree is the reduction's input; the
// tree's result, element 0, is read from the reduced register by the
// rank-0 thread's statement right after it, or written back to element 0
// (with a barrier) for any other reader. Reverse (Reverse.cpp): a warp
// shuffle reduction, with or without its shared stage, becomes a tree.
//
// Docs: docs/rewrites/warp-shuffle-reduce.md.
//
//===----------------------------------------------------------------------===//
#include "WarpShuffleReduce.h"
#include "RewriteRegistry.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/Uniformity.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/ReductionBuilders.h"
#include "klineage/Rewrite/LaunchShape.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace warp_shuffle_reduce {

using analysis::ReductionMatch;
using analysis::ThreadPlace;
using analysis::AnalysisCache;

static Status checkOperatorRecognised(const PreconditionQuery &Q, PreconditionResult &R);
static Status checkReassociation(const PreconditionQuery &Q, PreconditionResult &R);
static Status checkBlockMultipleOf32(const PreconditionQuery &Q, PreconditionResult &R);
static Status checkTreeCoversBlock(const PreconditionQuery &Q, PreconditionResult &R);
static Status checkNoLaneExits(const PreconditionQuery &Q, PreconditionResult &R);
static Status checkResultReadByHolders(const PreconditionQuery &Q, PreconditionResult &R);

const PreconditionSpec Specs[] = {
    {OperatorRecognised, Direction::Forward, 1901,
     "the tree combines with +, max, min, &, | or ^ elements of a type warp shuffles carry (int, unsigned, "
     "long long, unsigned long long, float, double)",
     &checkOperatorRecognised},
    {ReassociationAllowed, Direction::Forward, 1902,
     "the shuffles combine the values in another order than the tree: exact for integers, max and min; a "
     "floating-point sum only with --assume=reassociate (the workload's tolerance)",
     &checkReassociation},
    {BlockMultipleOf32, Direction::Forward, 1903,
     "every launch's block has a multiple of 32 threads (LaunchFacts, or --assume=block:N): every warp is "
     "full, so the shuffles need no lane guards",
     &checkBlockMultipleOf32},
    {TreeCoversBlock, Direction::Forward, 1904,
     "the tree combines every thread of the block once: a one-dimensional block whose blockDim.x is a power "
     "of two for a tree from blockDim.x / 2 (at least twice its written-out last strides), or twice a "
     "constant start",
     &checkTreeCoversBlock},
    {NoLaneExits, Direction::Forward, 1905,
     "every thread of the block reaches the tree (no return, goto or loop exit before it, no thread-varying "
     "branch around it): the shuffles and the barrier wait for all of them",
     &checkNoLaneExits},
    {ResultReadByHolders, Direction::Forward, 1906,
     "outside the tree its array is only read at element 0 (other trees on it aside), and a register copy "
     "the steps keep is read after it only by the rank-0 thread: the other elements and other threads' "
     "copies hold partials that the shuffles compute differently",
     &checkResultReadByHolders},
    {ReassociationAllowed, Direction::Reverse, 1902,
     "the tree combines the values in another order than the shuffles: exact for integers, max and min; a "
     "floating-point sum only with --assume=reassociate",
     &checkReverseReassociation},
    {BlockPowerOfTwo, Direction::Reverse, 1907,
     "the block shape is known (LaunchFacts, or --assume=block:N), its thread count a power of two (a "
     "multiple of 32 for a warp's tree), and the shuffle reduction covers it (its warp count is the block's)",
     &checkBlockPowerOfTwo},
    {NoLaneExits, Direction::Reverse, 1905,
     "every thread of the block reaches the reduction: the tree's barriers wait for all of them",
     &checkReverseNoLaneExits},
    {ResultReadByHolders, Direction::Reverse, 1906,
     "the reduced variable is read after the reduction only by the threads that hold the result (the "
     "rank-0 thread, lane 0, or every lane after a butterfly): the tree gives the others the total, not "
     "their partials",
     &checkReverseResultReadByHolders},
    {SharedMemoryFits, Direction::Reverse, 1507,
     "the kernel's shared memory plus the tree's one element per thread fits the 48 KiB static limit",
     &checkSharedMemoryFits},
};

//===----------------------------------------------------------------------===//
// Shared by both directions
//===----------------------------------------------------------------------===//

std::string blockAssumable(const FunctionDecl *FD) {
  return "block:" + (FD ? FD->getNameAsString() + ":" : std::string()) + "X";
}

std::optional<ReductionMatch> reductionStartingAt(ASTContext &Ctx, const FunctionDecl *FD, const Stmt *First,
                                                 const CompoundStmt *&Parent) {
  Parent = nullptr;
  if (!FD || !First)
    return std::nullopt;
  auto Parents = Ctx.getParents(*First);
  Parent = Parents.size() == 1 ? Parents[0].get<CompoundStmt>() : nullptr;
  if (!Parent)
    return std::nullopt;
  std::vector<const Stmt *> Body(Parent->body_begin(), Parent->body_end());
  size_t Index = std::find(Body.begin(), Body.end(), First) - Body.begin();
  std::string Why;
  return analysis::reductionAt(Ctx, Body, Index, AnalysisCache::of(Ctx).facts(FD), Why);
}

bool within(const ASTContext &Ctx, const Stmt *Outer, const Stmt *Inner) {
  return beginOffset(Ctx, Outer) <= beginOffset(Ctx, Inner) && endOffset(Ctx, Inner) <= endOffset(Ctx, Outer);
}

void refsTo(const Stmt *S, const VarDecl *V, std::vector<const DeclRefExpr *> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
    Out.push_back(DRE);
  for (const Stmt *C : S->children())
    refsTo(C, V, Out);
}

static bool isLoop(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S);
}

Status everyThreadReaches(ASTContext &Ctx, const FunctionDecl *FD, const Stmt *S, PreconditionResult &R,
                          analysis::Level Group, std::optional<analysis::Dim3> Block) {
  if (!FD || !cuda::isKernel(FD)) {
    R.Reason = "the reduction is in a __device__ function: which threads call it is not seen";
    return Status::Unknown;
  }
  analysis::Uniformity U(Ctx, FD, Block);
  const char *GroupName = Group == analysis::Level::Warp ? "warp" : "block";
  unsigned At = beginOffset(Ctx, S);
  // The loops around S: a break or continue in them skips it.
  std::vector<const Stmt *> Loops;
  for (auto P = Ctx.getParents(*S); P.size() == 1 && P[0].get<Stmt>(); P = Ctx.getParents(*P[0].get<Stmt>()))
    if (isLoop(P[0].get<Stmt>()))
      Loops.push_back(P[0].get<Stmt>());
  const Stmt *Exit = nullptr;
  std::function<void(const Stmt *, const Stmt *)> Find = [&](const Stmt *X, const Stmt *Loop) {
    if (!X || Exit || isa<LambdaExpr>(X))
      return;
    bool Before = beginOffset(Ctx, X) < At;
    bool LoopOfS = Loop && is_contained(Loops, Loop);
    // An exit under a condition uniform over the group (`if (row >= rows)
    // return;` with a row per warp) takes the whole group or none of it.
    if (Before && (isa<ReturnStmt>(X) || isa<GotoStmt>(X) ||
                   ((isa<BreakStmt>(X) || isa<ContinueStmt>(X)) && LoopOfS)) &&
        (isa<GotoStmt>(X) || !U.controlOf(X).atLeast(Group)))
      Exit = X;
    for (const Stmt *C : X->children())
      Find(C, isLoop(X) ? X : (isa<SwitchStmt>(X) ? nullptr : Loop));
  };
  Find(FD->getBody(), nullptr);
  if (Exit) {
    R.Reason = "a thread may leave at line " + std::to_string(expansionLine(Ctx, Exit)) +
               " before the reduction; the others would wait for it at the reduction's barrier";
    R.Evidence.push_back(evidenceAt(Ctx, Exit->getBeginLoc(), "exit", "a thread may leave here"));
    return Status::Fails;
  }
  analysis::UniformityAnswer C = U.controlOf(S);
  if (!C.atLeast(Group)) {
    R.Reason = "whether a thread reaches the reduction depends on the thread: " + C.Why;
    if (C.Breaker)
      R.Evidence.push_back(evidenceAt(Ctx, C.Breaker->getBeginLoc(), "condition", "decides which threads reach it"));
    return C.L == analysis::Level::Varying ? Status::Fails : Status::Unknown;
  }
  R.Reason = std::string("every thread of the ") + GroupName + " reaches the reduction" +
             (C.atLeast(analysis::Level::Block) ? "" : " (the conditions around it are warp-uniform)");
  return Status::Holds;
}

Status reassociationVerdict(const AnalysisContext &AC, cuda::ReduceOp Op, cuda::ScalarType T, PreconditionResult &R) {
  std::string What = std::string("a ") + cuda::reduceOpName(Op) + " of " + cuda::scalarTypeSpelling(T);
  if (cuda::isOrderIndependent(Op, T)) {
    R.Reason = What + " is the same in any grouping and order";
    return Status::Holds;
  }
  if (AC.assumptions().reassociate()) {
    R.Reason = What + ", regrouped; the rounding changes (allowed by " + AC.assumptions().reassociationSource() + ")";
    return Status::Holds;
  }
  R.Reason = What + " adds in another order, so it rounds differently; whether the workload's tolerance "
             "allows that is not in the source";
  R.Assumable = "reassociate";
  return Status::Unknown;
}

//===----------------------------------------------------------------------===//
// Forward: the tree
//===----------------------------------------------------------------------===//

namespace {

struct TreePlan {
  const FunctionDecl *Function = nullptr;
  const CompoundStmt *Parent = nullptr;
  std::optional<ReductionMatch> Match;
  std::optional<cuda::ScalarType> Elem;
  QualType ElemType;
};

/// The element type of a tree's array, or of the pointer standing for it
/// (`T *sdata = SharedMemory<T>();`).
QualType treeElementType(const ASTContext &Ctx, QualType T) {
  if (const auto *AT = Ctx.getAsArrayType(T))
    return AT->getElementType().getUnqualifiedType();
  if (const auto *PT = T->getAs<PointerType>())
    return PT->getPointeeType().getUnqualifiedType();
  return QualType();
}

TreePlan planTree(ASTContext &Ctx, const FunctionDecl *FD, const Stmt *Store) {
  TreePlan P;
  P.Function = FD;
  P.Match = reductionStartingAt(Ctx, FD, Store, P.Parent);
  if (P.Match && P.Match->Kind != ReductionMatch::SharedTree)
    P.Match.reset();
  if (P.Match) {
    P.ElemType = treeElementType(Ctx, P.Match->TreeArray->getType());
    P.Elem = P.ElemType.isNull() ? std::nullopt : cuda::scalarTypeOf(P.ElemType);
  }
  return P;
}

TreePlan planOf(const PreconditionQuery &Q) { return planTree(Q.AC.ast(), Q.Function, Q.Node.get<Stmt>()); }

/// Every shared tree on \p Arr in \p FD: their statements.
std::vector<std::vector<const Stmt *>> treesOn(ASTContext &Ctx, const FunctionDecl *FD, const VarDecl *Arr) {
  std::vector<std::vector<const Stmt *>> Out;
  const analysis::FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(FD);
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      std::vector<const Stmt *> Body(CS->body_begin(), CS->body_end());
      for (size_t I = 0; I < Body.size(); ++I) {
        std::string Why;
        if (auto M = analysis::reductionAt(Ctx, Body, I, Facts, Why);
            M && M->Kind == ReductionMatch::SharedTree && M->TreeArray == Arr) {
          Out.push_back(M->Stmts);
          I += M->Stmts.size() - 1;
        }
      }
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(FD->getBody());
  return Out;
}

/// The reads of element 0 of the tree outside every tree on it, or the
/// first other use (\p Other).
std::vector<const ArraySubscriptExpr *> resultReads(ASTContext &Ctx, const TreePlan &P, const DeclRefExpr *&Other) {
  std::vector<const ArraySubscriptExpr *> Reads;
  Other = nullptr;
  const VarDecl *Arr = P.Match->TreeArray;
  auto Trees = treesOn(Ctx, P.Function, Arr);
  std::vector<const DeclRefExpr *> Uses;
  refsTo(P.Function->getBody(), Arr, Uses);
  for (const DeclRefExpr *U : Uses) {
    bool InTree = false;
    for (const auto &T : Trees)
      for (const Stmt *S : T)
        InTree |= within(Ctx, S, U);
    if (InTree)
      continue;
    // `Arr[0]` as an rvalue.
    auto Parents = Ctx.getParents(*U);
    const Expr *Up = U;
    while (Parents.size() == 1 && Parents[0].get<ImplicitCastExpr>()) {
      Up = Parents[0].get<ImplicitCastExpr>();
      Parents = Ctx.getParents(*Up);
    }
    const auto *Sub = Parents.size() == 1 ? Parents[0].get<ArraySubscriptExpr>() : nullptr;
    Expr::EvalResult ER;
    bool Zero = Sub && Sub->getBase()->IgnoreParenImpCasts() == U && !Sub->getIdx()->isValueDependent() &&
                Sub->getIdx()->EvaluateAsInt(ER, Ctx) && ER.Val.getInt() == 0;
    bool Read = false;
    if (Zero) {
      auto SP = Ctx.getParents(*Sub);
      const auto *Cast = SP.size() == 1 ? SP[0].get<ImplicitCastExpr>() : nullptr;
      Read = Cast && Cast->getCastKind() == CK_LValueToRValue;
    }
    if (!Read) {
      Other = U;
      return Reads;
    }
    Reads.push_back(Sub);
  }
  return Reads;
}

/// The statement right after the tree when it is `if (rank == 0) ...`,
/// the rank the tree's.
const IfStmt *leaderAfter(ASTContext &Ctx, const TreePlan &P) {
  const Stmt *Last = P.Match->Stmts.back();
  auto It = std::find(P.Parent->body_begin(), P.Parent->body_end(), Last);
  if (It == P.Parent->body_end() || ++It == P.Parent->body_end())
    return nullptr;
  const auto *I = dyn_cast<IfStmt>(*It);
  if (!I || I->getElse())
    return nullptr;
  auto L = analysis::leaderOf(Ctx, I->getCond(), AnalysisCache::of(Ctx).facts(P.Function));
  return L && L->K == ThreadPlace::Rank && L->Dims >= P.Match->Needs.RankDims ? I : nullptr;
}

} // namespace

static Status checkOperatorRecognised(const PreconditionQuery &Q, PreconditionResult &R) {
  TreePlan P = planOf(Q);
  if (!P.Match) {
    R.Reason = "not a shared-memory tree";
    return Status::Fails;
  }
  std::string Op = cuda::reduceOpName(P.Match->Op);
  if (!P.Elem) {
    R.Reason = "a " + Op + " tree of '" + P.ElemType.getAsString() +
               "': only int, unsigned, long long, unsigned long long, float and double travel by warp shuffle here";
    return Status::Fails;
  }
  if (P.Match->Var && !Q.AC.ast().hasSameUnqualifiedType(P.Match->Var->getType(), P.ElemType)) {
    R.Reason = "the steps' register copy '" + P.Match->Var->getName().str() + "' has another type than the tree";
    return Status::Fails;
  }
  R.Reason = "a " + Op + " of " + cuda::scalarTypeSpelling(*P.Elem) + " (" + P.Match->Description + ")";
  return Status::Holds;
}

static Status checkReassociation(const PreconditionQuery &Q, PreconditionResult &R) {
  TreePlan P = planOf(Q);
  if (!P.Match || !P.Elem) {
    R.Reason = "decided by operator-recognised";
    return Status::Unknown;
  }
  return reassociationVerdict(Q.AC, P.Match->Op, *P.Elem, R);
}

static Status checkBlockMultipleOf32(const PreconditionQuery &Q, PreconditionResult &R) {
  const FunctionDecl *FD = Q.Function;
  if (!FD || !cuda::isKernel(FD)) {
    R.Reason = "the tree is in a __device__ function: its launches are not seen";
    return Status::Unknown;
  }
  auto Shape = knownBlockShape(Q.AC, FD);
  if (!Shape) {
    R.Reason = "the kernel's launches do not say its block shape";
    R.Assumable = blockAssumable(FD);
    return Status::Unknown;
  }
  if (Shape->count() % 32) {
    R.Reason = "blockDim " + Shape->str() + ": " + std::to_string(Shape->count()) +
               " threads leave the last warp partial";
    return Status::Fails;
  }
  R.Reason = "blockDim " + Shape->str() + ": every warp is full";
  return Status::Holds;
}

static Status checkTreeCoversBlock(const PreconditionQuery &Q, PreconditionResult &R) {
  TreePlan P = planOf(Q);
  const FunctionDecl *FD = Q.Function;
  if (!P.Match || !FD || !cuda::isKernel(FD)) {
    R.Reason = "no tree in a kernel (operator-recognised, block-multiple-of-32)";
    return Status::Unknown;
  }
  const analysis::Coverage &N = P.Match->Needs;
  auto Shape = knownBlockShape(Q.AC, FD);
  if (!Shape) {
    R.Reason = std::string("the tree covers the block only if it is one-dimensional") +
               (N.PowerOfTwoBlockX ? " and blockDim.x is a power of two" : "") +
               (N.MinBlockX ? " of at least " + std::to_string(*N.MinBlockX) : "") +
               (N.TreeBlockX ? " and blockDim.x is " + std::to_string(*N.TreeBlockX) : "") +
               "; the kernel's launches do not say its block shape";
    R.Assumable = blockAssumable(FD);
    return Status::Unknown;
  }
  std::string S = "blockDim " + Shape->str() + ": ";
  auto Fail = [&](const std::string &Why) {
    R.Reason = S + Why + "; the shuffles would combine threads the tree leaves out, or the tree reads elements "
               "no thread stored";
    return Status::Fails;
  };
  if ((N.RankDims <= 1 && (Shape->Y != 1 || Shape->Z != 1)) || (N.RankDims == 2 && Shape->Z != 1))
    return Fail("the tree's rank misses a dimension of the block");
  uint64_t X = Shape->X;
  // The threads the rank counts: x alone, or the whole block.
  uint64_t Ranked = N.RankDims >= 2 ? Shape->count() : X;
  if (N.PowerOfTwoBlockX && ((X & (X - 1)) || Ranked != X))
    return Fail(std::string(P.Match->Doubling
                                ? "a doubling tree up to blockDim.x pairs"
                                : "a tree from blockDim.x / 2 drops") +
                " values unless blockDim.x is a power of two and the whole block");
  if (N.MinBlockX && X < *N.MinBlockX)
    return Fail("the tree's written-out last steps read " + std::to_string(*N.MinBlockX) + " elements");
  if (N.TreeBlockX && *N.TreeBlockX != Ranked)
    return Fail("the tree is written for " + std::to_string(*N.TreeBlockX) + " threads");
  R.Reason = S + "the tree combines every thread once";
  return Status::Holds;
}

static Status checkNoLaneExits(const PreconditionQuery &Q, PreconditionResult &R) {
  return everyThreadReaches(Q.AC.ast(), Q.Function, Q.Node.get<Stmt>(), R);
}

static Status checkResultReadByHolders(const PreconditionQuery &Q, PreconditionResult &R) {
  TreePlan P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.Match) {
    R.Reason = "not a shared-memory tree";
    return Status::Unknown;
  }
  const DeclRefExpr *Other = nullptr;
  resultReads(Ctx, P, Other);
  std::string Arr = "'" + P.Match->TreeArray->getName().str() + "'";
  if (Other) {
    R.Reason = Arr + " is used at line " + std::to_string(expansionLine(Ctx, Other)) +
               " other than by a read of element 0: its other elements hold the tree's partials, which the "
               "shuffles no longer write";
    R.Evidence.push_back(evidenceAt(Ctx, Other->getBeginLoc(), "use", "uses the tree's array"));
    return Status::Fails;
  }
  if (const VarDecl *V = P.Match->Var) {
    const IfStmt *Leader = leaderAfter(Ctx, P);
    std::vector<const DeclRefExpr *> Uses;
    refsTo(P.Function->getBody(), V, Uses);
    unsigned End = endOffset(Ctx, P.Match->Stmts.back());
    for (const DeclRefExpr *U : Uses) {
      if (beginOffset(Ctx, U) < End || (Leader && within(Ctx, Leader, U)))
        continue;
      R.Reason = "'" + V->getName().str() + "' is read at line " + std::to_string(expansionLine(Ctx, U)) +
                 " by threads other than the rank-0 one: they hold partials the shuffles compute differently";
      R.Evidence.push_back(evidenceAt(Ctx, U->getBeginLoc(), "use", "read here"));
      return Status::Fails;
    }
  }
  R.Reason = "the tree's result is read only at element 0" +
             std::string(P.Match->Var ? " and through '" + P.Match->Var->getName().str() + "' by the rank-0 thread"
                                      : "");
  return Status::Holds;
}

//===----------------------------------------------------------------------===//
// Forward edits
//===----------------------------------------------------------------------===//

namespace {

/// How the tree's element type is written in the kernel's text: a template
/// parameter as the template spells it (every instance edits alike).
std::string elementSpelling(ASTContext &Ctx, const TreePlan &P, bool &Dependent) {
  Dependent = false;
  const VarDecl *Arr = P.Match->TreeArray;
  const VarDecl *PatternArr = nullptr;
  std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
    if (!S || PatternArr)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->getLocation() == Arr->getLocation())
          PatternArr = V;
    for (const Stmt *C : S->children())
      Find(C);
  };
  if (const FunctionDecl *Pattern = P.Function->getTemplateInstantiationPattern())
    Find(Pattern->getBody());
  if (PatternArr)
    if (QualType E = treeElementType(Ctx, PatternArr->getType()); !E.isNull() && E->isDependentType()) {
      Dependent = true;
      return E.getAsString(Ctx.getPrintingPolicy());
    }
  return cuda::scalarTypeSpelling(*P.Elem);
}

/// Fresh names that every template instance of one site shares, and that
/// two sites never share.
class SiteNames {
public:
  explicit SiteNames(const ASTContext &Ctx) : Running(std::make_unique<FreshNames>(Ctx)) {}
  FreshNames &at(unsigned Anchor) {
    auto It = Before.find(Anchor);
    if (It == Before.end())
      It = Before.emplace(Anchor, *Running).first;
    Scratch = std::make_unique<FreshNames>(It->second);
    return *Scratch;
  }
  void taken(unsigned Anchor) {
    if (Done.insert(Anchor).second)
      Running = std::make_unique<FreshNames>(*Scratch);
  }

private:
  std::unique_ptr<FreshNames> Running, Scratch;
  std::map<unsigned, FreshNames> Before;
  std::set<unsigned> Done;
};

bool isLoopAround(ASTContext &Ctx, const Stmt *S) {
  for (auto P = Ctx.getParents(*S); P.size() == 1 && P[0].get<Stmt>(); P = Ctx.getParents(*P[0].get<Stmt>()))
    if (isLoop(P[0].get<Stmt>()))
      return true;
  return false;
}

void forwardAt(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD, const Stmt *Store,
               SiteNames &Fresh) {
  ASTContext &Ctx = AC.ast();
  TreePlan P = planTree(Ctx, FD, Store);
  if (!P.Match)
    return;
  Site &S = AC.addSite(Name, Direction::Forward, Store->getBeginLoc(), FD, "shared-tree");
  S.Summary = "replace the shared-memory tree on '" + P.Match->TreeArray->getName().str() +
              "' by warp shuffles and one shared stage";
  S.Facts["tree"] = P.Match->Description;
  S.Facts["operator"] = cuda::reduceOpName(P.Match->Op);
  PreconditionQuery Q{AC, FD, DynTypedNode::create(*Store)};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Forward)
      S.check(Spec, Q);
  if (S.verdict() == Status::Fails || !P.Elem)
    return;
  const ReductionMatch &M = *P.Match;
  auto Shape = knownBlockShape(AC, FD);
  S.Facts["block-shape"] = Shape ? Shape->str() : "any";

  bool Dependent = false;
  std::string Type = elementSpelling(Ctx, P, Dependent);
  std::string Identity = cuda::identityLiteral(M.Op, *P.Elem);
  if (Dependent && M.Op == cuda::ReduceOp::Add)
    Identity = Type + "(-0.0)";
  else if (Dependent && (M.Op == cuda::ReduceOp::Or || M.Op == cuda::ReduceOp::Xor))
    Identity = Type + "(0)";
  else if (Dependent && M.Op == cuda::ReduceOp::And)
    Identity = "~" + Type + "(0)";

  unsigned Anchor = Store->getBeginLoc().getRawEncoding();
  FreshNames &Names = Fresh.at(Anchor);
  std::string Acc = M.Var ? M.Var->getName().str() : Names.get(std::string("block_") + cuda::reduceOpName(M.Op));
  ReductionRequest Req;
  Req.Op = M.Op;
  Req.Type = Type;
  Req.Identity = Identity;
  Req.Value = Acc;
  Req.FullWarps = Shape && Shape->count() % 32 == 0;
  Req.OneDimensional = Shape && Shape->Y == 1 && Shape->Z == 1;
  Req.Reentrant = isLoopAround(Ctx, Store);
  Req.NameStem = M.Var ? Acc + "_reduce" : Acc;
  std::string Unit = indentUnitOf(Ctx, P.Parent);
  ReductionCode Code = buildReduction(Req, Names, Ctx.getTypeSizeInChars(P.ElemType).getQuantity(), Unit);
  Fresh.taken(Anchor);

  // Who reads element 0: the rank-0 thread's statement right after the
  // tree reads the register; anyone else needs it written back.
  const DeclRefExpr *Other = nullptr;
  auto Reads = resultReads(Ctx, P, Other);
  const IfStmt *Leader = leaderAfter(Ctx, P);
  bool AllInLeader = Leader;
  for (const ArraySubscriptExpr *Rd : Reads)
    AllInLeader = AllInLeader && within(Ctx, Leader, Rd);
  std::vector<std::string> Lines = Code.Lines;
  EditBuilder B(Ctx);
  if (!Reads.empty() && !AllInLeader) {
    Lines.push_back("if (" + Code.LeaderCondition + ")");
    Lines.push_back(Unit + M.TreeArray->getName().str() + "[0] = " + Acc + ";");
    Lines.push_back("__syncthreads();");
  } else {
    for (const ArraySubscriptExpr *Rd : Reads)
      B.replace(Rd, Acc);
  }
  std::string Indent = lineIndent(Ctx, Ctx.getSourceManager().getExpansionLoc(Store->getBeginLoc()));
  std::string Text;
  if (!M.Var) {
    const auto *St = cast<BinaryOperator>(Store);
    const Expr *Value = St->getRHS()->IgnoreImpCasts();
    std::string ValueText = nodeText(Ctx, Value, "");
    if (!Ctx.hasSameUnqualifiedType(Value->getType(), P.ElemType))
      ValueText = "static_cast<" + Type + ">(" + ValueText + ")";
    Text = Type + " " + Acc + " = " + ValueText + ";\n" + Indent;
  }
  Text += join(Lines, "\n" + Indent);
  B.replaceStatement(Store, Text);
  for (size_t I = 1; I < M.Stmts.size(); ++I)
    B.removeStatement(M.Stmts[I]);
  S.Facts["accumulator"] = Acc;
  S.Facts["result"] = Reads.empty() ? "register" : AllInLeader ? "rank-0 thread" : "written back to element 0";
  commit(B, S);
}

class WarpShuffleReduce final : public RewritePair {
public:
  StringRef name() const override { return Name; }
  StringRef intent() const override {
    return "reduce a block with warp shuffles and one shared-memory stage instead of a shared-memory halving "
           "tree with a barrier per stride";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }

  void findSites(Direction D, AnalysisContext &AC) const override {
    MatchFinder Finder;
    Callback CB(*this, D, AC);
    Finder.addMatcher(traverse(TK_AsIs, compoundStmt().bind("block")), &CB);
    Finder.matchAST(AC.ast());
  }

private:
  struct Callback : MatchFinder::MatchCallback {
    Callback(const WarpShuffleReduce &P, Direction D, AnalysisContext &AC) : P(P), D(D), AC(AC), Fresh(AC.ast()) {}
    void run(const MatchFinder::MatchResult &R) override {
      const auto *CS = R.Nodes.getNodeAs<CompoundStmt>("block");
      ASTContext &Ctx = AC.ast();
      const FunctionDecl *FD = CS ? cuda::enclosingFunction(Ctx, *CS) : nullptr;
      if (!FD || FD->isDependentContext() || !cuda::isDeviceCode(FD))
        return;
      if (D == Direction::Reverse) {
        findReverseSites(P, AC, *CS);
        return;
      }
      const analysis::FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(FD);
      std::vector<const Stmt *> Body(CS->body_begin(), CS->body_end());
      for (size_t I = 0; I < Body.size(); ++I) {
        std::string Why;
        auto M = analysis::reductionAt(Ctx, Body, I, Facts, Why);
        if (!M || M->Kind != ReductionMatch::SharedTree)
          continue;
        forwardAt(P, AC, FD, Body[I], Fresh);
        I += M->Stmts.size() - 1;
      }
    }
    const WarpShuffleReduce &P;
    Direction D;
    AnalysisContext &AC;
    SiteNames Fresh;
  };
};

} // namespace
} // namespace warp_shuffle_reduce

std::unique_ptr<RewritePair> createWarpShuffleReduce() {
  return std::make_unique<warp_shuffle_reduce::WarpShuffleReduce>();
}

} // namespace klineage
