//===- ElementWork.cpp - The element code thread-coarsen moves ------------===//
#include "ElementWork.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Edit/SourceCode.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;
using namespace klineage::analysis;

namespace klineage {
namespace coarsen {

bool holds(const Stmt *S, const Stmt *E) {
  if (!S || !E)
    return false;
  if (S == E)
    return true;
  for (const Stmt *C : S->children())
    if (holds(C, E))
      return true;
  return false;
}

namespace {

std::optional<int64_t> intValue(ASTContext &Ctx, const Expr *E) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

/// The position of top-level statement \p S (or of the AttributedStmt
/// around it) in \p Body.
std::optional<size_t> position(const CompoundStmt *Body, const Stmt *S, const Stmt **Outer) {
  size_t I = 0;
  for (const Stmt *Top : Body->body()) {
    const Stmt *Inner = Top;
    while (const auto *A = dyn_cast<AttributedStmt>(Inner))
      Inner = A->getSubStmt();
    if (Inner == S) {
      if (Outer)
        *Outer = Top;
      return I;
    }
    ++I;
  }
  return std::nullopt;
}

/// `return;` or `{ return; }`.
bool isPlainReturn(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    S = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *R = dyn_cast_or_null<ReturnStmt>(S);
  return R && !R->getRetValue();
}

/// The first top-level DeclStmt before position \p Before that declares
/// \p V alone.
const DeclStmt *declarationOf(const CompoundStmt *Body, const VarDecl *V, size_t Before,
                              size_t *At = nullptr) {
  size_t I = 0;
  for (const Stmt *Top : Body->body()) {
    if (I >= Before)
      break;
    if (const auto *DS = dyn_cast<DeclStmt>(Top);
        DS && DS->isSingleDecl() && DS->getSingleDecl() == V) {
      if (At)
        *At = I;
      return DS;
    }
    ++I;
  }
  return nullptr;
}

/// `for (int k = S; k < E; <inc>)` with an integer k: k, the bound
/// expression and the start value; the increment is checked by the caller.
struct LaneLoop {
  const VarDecl *K = nullptr;
  const Expr *Bound = nullptr;
  int64_t Start = 0;
};
std::optional<LaneLoop> laneLoop(ASTContext &Ctx, const ForStmt *F) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(F ? F->getInit() : nullptr);
  const auto *K = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  if (!K || !K->getType()->isIntegerType() || !K->getInit())
    return std::nullopt;
  auto Start = intValue(Ctx, K->getInit());
  auto Test = boundTestOf(F->getCond(), K);
  if (!Start || !Test || Test->Negated)
    return std::nullopt;
  return LaneLoop{K, Test->Bound, *Start};
}

/// \p E increments \p V by one (`++v`, `v++`, `v += 1`).
bool incrementsByOne(ASTContext &Ctx, const Expr *E, const VarDecl *V) {
  E = E ? E->IgnoreParenImpCasts() : nullptr;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(E))
    return U->isIncrementOp() && refVar(U->getSubExpr()) == V;
  if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(E))
    return CA->getOpcode() == BO_AddAssign && refVar(CA->getLHS()) == V &&
           intValue(Ctx, CA->getRHS()) == 1;
  return false;
}

/// The bound without implicit casts and parentheses, unless what they
/// hold is not text of the file while they are: a macro's own parentheses
/// (`#define N (33 * 1024)`) stay, so the bound is the macro's name, which a
/// launcher can spell too; `(n)` of a macro's argument n goes.
const Expr *boundAsWritten(const ASTContext &Ctx, const Expr *E) {
  E = E->IgnoreImpCasts();
  while (const auto *P = dyn_cast<ParenExpr>(E)) {
    const Expr *Inner = P->getSubExpr()->IgnoreImpCasts();
    if (P->getBeginLoc().isMacroID() && editableRange(Ctx, Inner->getSourceRange()).isInvalid())
      break;
    E = Inner;
  }
  return E;
}

/// The per-thread statements: every top-level statement but those in \p Skip.
std::vector<const Stmt *> others(const CompoundStmt *Body,
                                 std::initializer_list<const Stmt *> Skip) {
  std::vector<const Stmt *> Out;
  for (const Stmt *Top : Body->body())
    if (std::find(Skip.begin(), Skip.end(), Top) == Skip.end())
      Out.push_back(Top);
  return Out;
}

/// A guard at the top of a lane loop's body: `if (i < N) S` as the whole
/// body, or `if (i >= N) break|continue|return;` first.
void laneGuard(ElementWork &W) {
  const Stmt *Body = cast<ForStmt>(W.Loop)->getBody();
  const Stmt *First = Body;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    First = CS->body_empty() ? nullptr : CS->body_front();
  const auto *If = dyn_cast_or_null<IfStmt>(First);
  auto Test = If ? boundTestOf(If->getCond(), W.Index) : std::nullopt;
  if (!Test) {
    W.Missing =
        "the loop body does not start with a bound test on '" + W.Index->getName().str() + "'";
    return;
  }
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then))
    Then = CS->size() == 1 ? CS->body_front() : nullptr;
  bool Exit = isa_and_nonnull<BreakStmt, ContinueStmt>(Then) || isPlainReturn(Then);
  bool Whole = !isa<CompoundStmt>(Body) || cast<CompoundStmt>(Body)->size() == 1;
  if (If->getElse() || (Test->Negated ? !Exit : !Whole)) {
    W.Missing = "the bound test on '" + W.Index->getName().str() +
                "' does not guard the whole element (" +
                (Test->Negated ? "its branch does more than leave the element"
                               : "other statements follow it, or it has an else") +
                ")";
    return;
  }
  W.Guard = If;
  W.Bound = *Test;
  W.BoundExpr = boundAsWritten(W.Kernel->getASTContext(), Test->Bound);
}

} // namespace

std::optional<ElementWork> forwardWork(ASTContext &Ctx, const FunctionDecl *Kernel,
                                       const VarDecl *Index, std::optional<uint64_t> BlockX) {
  const auto *Body = Kernel ? dyn_cast_or_null<CompoundStmt>(Kernel->getBody()) : nullptr;
  if (!Body || !Index || !Index->getInit() || !Index->getType()->isIntegerType())
    return std::nullopt;
  size_t At = 0;
  const DeclStmt *Decl = declarationOf(Body, Index, Body->size(), &At);
  if (!Decl)
    return std::nullopt;
  const FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(Kernel);
  Linearizer Lin(Ctx);
  auto Grid = globalIdOf(Lin, Facts, Index->getInit(), BlockX);
  if (!Grid)
    return std::nullopt;
  ElementWork W;
  W.Kernel = Kernel;
  W.Body = Body;
  W.Index = Index;
  W.IndexDecl = Decl;
  W.ElementVars = {Index};
  W.IdExprs = {Index->getInit()};
  W.Grid = *Grid;
  std::vector<const Stmt *> Stmts(Body->body_begin(), Body->body_end());
  for (size_t Q = At + 1; Q < Stmts.size(); ++Q) {
    const auto *If = dyn_cast<IfStmt>(Stmts[Q]);
    if (!If)
      continue;
    // `i < N && P && Q`: the bound is the leftmost conjunct.
    const Expr *Cond = If->getCond()->IgnoreParenImpCasts();
    const Expr *Leftmost = Cond;
    std::vector<const Expr *> Rest;
    while (const auto *And = dyn_cast<BinaryOperator>(Leftmost)) {
      if (And->getOpcode() != BO_LAnd)
        break;
      Rest.insert(Rest.begin(), And->getRHS());
      Leftmost = And->getLHS()->IgnoreParenImpCasts();
    }
    // `i >= N || P`: the bound is the leftmost disjunct; P an exit of its own.
    std::vector<const Expr *> Or;
    if (Rest.empty())
      while (const auto *Either = dyn_cast<BinaryOperator>(Leftmost)) {
        if (Either->getOpcode() != BO_LOr)
          break;
        Or.insert(Or.begin(), Either->getRHS());
        Leftmost = Either->getLHS()->IgnoreParenImpCasts();
      }
    auto Test = boundTestOf(Leftmost, Index);
    if (!Test || (Test->Negated && !Rest.empty()) || (!Test->Negated && !Or.empty()))
      continue;
    W.Bound = *Test;
    W.BoundExpr = boundAsWritten(Ctx, Test->Bound);
    W.Guard = If;
    W.PerThread.assign(Stmts.begin(), Stmts.begin() + At);
    W.PerThread.insert(W.PerThread.end(), Stmts.begin() + At + 1, Stmts.begin() + Q);
    if (!Test->Negated) {
      W.Kind = Shape::GuardedIf;
      W.ExtraCond = Rest.empty() ? nullptr : Rest.front();
      W.Element = {If->getThen()};
      W.Else = If->getElse();
      W.AfterGuard.assign(Stmts.begin() + Q + 1, Stmts.end());
      return W;
    }
    if (!isPlainReturn(If->getThen()) || If->getElse()) {
      W.Bound = {};
      W.BoundExpr = nullptr;
      W.Guard = nullptr;
      W.Missing = "the test 'if (" + Index->getName().str() +
                  " >= ...)' does more than return: it is not a bound guard";
      W.Element.assign(Stmts.begin() + Q, Stmts.end());
      return W;
    }
    W.Kind = Shape::EarlyReturn;
    W.ExitAlso = Or.empty() ? nullptr : Or.front();
    W.Element.assign(Stmts.begin() + Q + 1, Stmts.end());
    return W;
  }
  W.Missing = "no 'if (" + Index->getName().str() + " < N)' or 'if (" + Index->getName().str() +
              " >= N) return;' follows the declaration of '" + Index->getName().str() + "'";
  W.PerThread.assign(Stmts.begin(), Stmts.begin() + At);
  W.Element.assign(Stmts.begin() + At + 1, Stmts.end());
  return W;
}

namespace {
/// The grid shape whose global id, times \p C (minus (C - 1) * threadIdx.x
/// when \p Strided), initialises the index \p I: a coarsened kernel's first
/// element of a thread. nullopt when neither shape does.
std::optional<GridShape> coarsenedIndexShape(Linearizer &Lin, const FunctionFacts &Facts, const VarDecl *I,
                                             int64_t C, bool Strided, std::optional<uint64_t> BlockX) {
  auto Init = expandedForm(Lin, Facts, I->getInit());
  if (!Init)
    return std::nullopt;
  std::optional<GridShape> Grid;
  for (GridShape Sh : {GridShape::Linear, GridShape::Flat2D}) {
    LinearForm Want;
    Want.add(globalIdForm(Sh), C);
    if (Strided) {
      LinearForm T;
      T.Terms[Monomial{"b:threadIdx.x"}] = 1;
      Want.add(T, -(C - 1));
    }
    if (sameIndexForm(*Init, Want, BlockX))
      Grid = Sh;
  }
  return Grid;
}

/// The fields every lane-loop shape (stepped, group-guarded) sets alike.
void laneLoopWork(ElementWork &W, Shape K, const VarDecl *I, const DeclStmt *Decl, const VarDecl *Lane,
                  GridShape Grid, int64_t C, const Stmt *Body) {
  W.Kind = K;
  W.Index = I;
  W.IndexDecl = Decl;
  W.Lane = Lane;
  W.ElementVars = {I, Lane};
  W.IdExprs = {I->getInit()};
  W.Grid = Grid;
  W.Factor = unsigned(C);
  W.Element = {Body};
}

/// `T i = C * <id>; if (i < N) { for (k = 0; k < C; ++k) S }`: the lane loop
/// alone under a test of the group's first element, no else.
std::optional<ElementWork> groupGuarded(ASTContext &Ctx, Linearizer &Lin, const FunctionFacts &Facts,
                                        ElementWork W, const IfStmt *If, const BinaryOperator *Cond,
                                        const VarDecl *I, const DeclStmt *Decl, const CompoundStmt *Body,
                                        std::optional<uint64_t> BlockX) {
  if (!Decl || !I->getInit() || !I->getType()->isIntegerType() || If->getElse() || If->getInit() ||
      If->getConditionVariable())
    return std::nullopt;
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then))
    Then = CS->size() == 1 ? CS->body_front() : nullptr;
  while (const auto *A = dyn_cast_or_null<AttributedStmt>(Then))
    Then = A->getSubStmt();
  const auto *Full = dyn_cast_or_null<ForStmt>(Then);
  auto Lane = laneLoop(Ctx, Full);
  auto C = Lane ? intValue(Ctx, Lane->Bound) : std::nullopt;
  if (!Lane || Lane->Start != 0 || !C || *C < 2 || *C > 64 || !incrementsByOne(Ctx, Full->getInc(), Lane->K))
    return std::nullopt;
  auto Grid = coarsenedIndexShape(Lin, Facts, I, *C, /*Strided=*/false, BlockX);
  if (!Grid)
    return std::nullopt;
  laneLoopWork(W, Shape::GroupGuarded, I, Decl, Lane->K, *Grid, *C, Full->getBody());
  W.FullLoop = Full;
  W.Bound = {Cond, Cond->getRHS(), false};
  W.BoundExpr = Cond->getRHS();
  W.Guard = If;
  W.PerThread = others(Body, {Decl, If});
  return W;
}
} // namespace

std::optional<ElementWork> reverseWork(ASTContext &Ctx, const FunctionDecl *Kernel,
                                       const Stmt *Anchor, std::optional<uint64_t> BlockX) {
  const auto *Body = Kernel ? dyn_cast_or_null<CompoundStmt>(Kernel->getBody()) : nullptr;
  if (!Body || !Anchor)
    return std::nullopt;
  const Stmt *Outer = nullptr;
  auto Pos = position(Body, Anchor, &Outer);
  if (!Pos)
    return std::nullopt;
  const FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(Kernel);
  Linearizer Lin(Ctx);
  ElementWork W;
  W.Kernel = Kernel;
  W.Body = Body;
  W.Loop = Anchor;
  W.LoopWithHints = Outer;

  // The fields a grid-stride loop sets, written with for or while.
  auto GridStride = [&](const auto &G) {
    W.Kind = Shape::GridStride;
    W.Index = G.Index;
    W.ElementVars = {G.Index};
    W.IdExprs = {G.Start, G.Step};
    W.Grid = G.Shape;
    W.Bound = G.Bound;
    W.BoundExpr = boundAsWritten(Ctx, G.Bound.Bound);
    W.PerThread = others(Body, {Outer});
  };
  if (const auto *Wh = dyn_cast<WhileStmt>(Anchor)) {
    auto G = gridStrideWhile(Ctx, Lin, Facts, Wh, BlockX);
    if (!G)
      return std::nullopt;
    GridStride(*G);
    W.Increment = G->Increment;
    const auto *LoopBody = cast<CompoundStmt>(Wh->getBody());
    W.Element.assign(LoopBody->body_begin(), LoopBody->body_end() - 1);
    return W;
  }
  if (const auto *F = dyn_cast<ForStmt>(Anchor)) {
    if (auto G = gridStrideLoop(Ctx, Lin, Facts, F, BlockX)) {
      GridStride(*G);
      W.Element = {F->getBody()};
      return W;
    }
    // for (k = 0; k < C; ++k, i += step) with i = C * <id> [- (C-1) * threadIdx.x].
    auto Lane = laneLoop(Ctx, F);
    auto C = Lane ? intValue(Ctx, Lane->Bound) : std::nullopt;
    const auto *Comma = dyn_cast_or_null<BinaryOperator>(
        F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr);
    if (!Lane || Lane->Start != 0 || !C || *C < 2 || *C > 64 || !Comma ||
        Comma->getOpcode() != BO_Comma)
      return std::nullopt;
    bool LeftCounts = incrementsByOne(Ctx, Comma->getLHS(), Lane->K);
    if (LeftCounts == incrementsByOne(Ctx, Comma->getRHS(), Lane->K))
      return std::nullopt;
    const Expr *Step = LeftCounts ? Comma->getRHS() : Comma->getLHS();
    // The element index and its step.
    const Expr *S = Step->IgnoreParenImpCasts();
    const VarDecl *I = nullptr;
    bool Strided = false;
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementOp()) {
      I = refVar(U->getSubExpr());
    } else if (const auto *CA = dyn_cast<CompoundAssignOperator>(S);
               CA && CA->getOpcode() == BO_AddAssign) {
      I = refVar(CA->getLHS());
      auto B = cuda::builtinIndex(stripIntCasts(CA->getRHS()));
      if (B && B->Var == cuda::BuiltinVar::BlockDim && B->Dim == 0)
        Strided = true;
      else if (intValue(Ctx, CA->getRHS()) != 1)
        return std::nullopt;
    }
    size_t DeclAt = 0;
    const DeclStmt *Decl = I ? declarationOf(Body, I, *Pos, &DeclAt) : nullptr;
    if (!Decl || !I->getType()->isIntegerType() || !I->getInit())
      return std::nullopt;
    auto Grid = coarsenedIndexShape(Lin, Facts, I, *C, Strided, BlockX);
    if (!Grid)
      return std::nullopt;
    laneLoopWork(W, Shape::SteppedLoop, I, Decl, Lane->K, *Grid, *C, F->getBody());
    W.Strided = Strided;
    W.PerThread = others(Body, {Decl, Outer});
    laneGuard(W);
    return W;
  }

  // The canonical consecutive shape: if (i < N / C) { lanes } else if (i == N / C) { tail }.
  const auto *If = dyn_cast<IfStmt>(Anchor);
  if (!If)
    return std::nullopt;
  auto Cond = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
  const VarDecl *I = Cond ? refVar(stripIntCasts(Cond->getLHS())) : nullptr;
  if (!I || Cond->getOpcode() != BO_LT)
    return std::nullopt;
  const auto *Div = dyn_cast<BinaryOperator>(Cond->getRHS()->IgnoreParenImpCasts());
  auto C = Div && Div->getOpcode() == BO_Div ? intValue(Ctx, Div->getRHS()) : std::nullopt;
  const DeclStmt *Decl = declarationOf(Body, I, *Pos);
  if (!C)
    return groupGuarded(Ctx, Lin, Facts, W, If, Cond, I, Decl, Body, BlockX);
  if (!C || *C < 2 || *C > 64 || !Decl || !I->getInit() || !globalIdOf(Lin, Facts, I->getInit(), BlockX))
    return std::nullopt;
  auto LoneLoop = [](const Stmt *S) -> std::pair<const ForStmt *, const Stmt *> {
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
      S = CS->size() == 1 ? CS->body_front() : nullptr;
    const Stmt *Outer = S;
    while (const auto *A = dyn_cast_or_null<AttributedStmt>(S))
      S = A->getSubStmt();
    return {dyn_cast_or_null<ForStmt>(S), Outer};
  };
  auto [Full, FullOuter] = LoneLoop(If->getThen());
  auto FullLane = laneLoop(Ctx, Full);
  if (!FullLane || FullLane->Start != 0 || intValue(Ctx, FullLane->Bound) != *C ||
      !incrementsByOne(Ctx, Full->getInc(), FullLane->K))
    return std::nullopt;
  auto NForm = Lin.linearize(Div->getLHS());
  W.Kind = Shape::Consecutive;
  W.Index = I;
  W.IndexDecl = Decl;
  W.Lane = FullLane->K;
  W.ElementVars = {I, FullLane->K};
  W.IdExprs = {I->getInit()};
  W.Grid = *globalIdOf(Lin, Facts, I->getInit(), BlockX);
  W.Factor = unsigned(*C);
  W.FullLoop = Full;
  W.Bound = {Cond, Cond->getRHS(), false};
  W.BoundExpr = Div->getLHS();
  W.Guard = If;
  W.Element = {Full->getBody()};
  W.PerThread = others(Body, {Decl, If});
  // The tail: else if (i == N / C) { for (k = 0; k < N % C; ++k) ... }.
  auto Same = [&](const Expr *E) {
    auto F = Lin.linearize(E);
    if (!F || !NForm)
      return false;
    F->add(*NForm, -1);
    return F->Terms.empty();
  };
  const auto *Else = dyn_cast_or_null<IfStmt>(If->getElse());
  const auto *Eq =
      Else ? dyn_cast<BinaryOperator>(Else->getCond()->IgnoreParenImpCasts()) : nullptr;
  const auto *EqDiv = Eq ? dyn_cast<BinaryOperator>(Eq->getRHS()->IgnoreParenImpCasts()) : nullptr;
  if (!Eq || Eq->getOpcode() != BO_EQ || refVar(stripIntCasts(Eq->getLHS())) != I || !EqDiv ||
      EqDiv->getOpcode() != BO_Div || intValue(Ctx, EqDiv->getRHS()) != *C ||
      !Same(EqDiv->getLHS()) || Else->getElse())
    return W;
  auto [Tail, TailOuter] = LoneLoop(Else->getThen());
  auto TailLane = laneLoop(Ctx, Tail);
  const auto *Rem =
      TailLane ? dyn_cast<BinaryOperator>(TailLane->Bound->IgnoreParenImpCasts()) : nullptr;
  if (!TailLane || TailLane->Start != 0 || !incrementsByOne(Ctx, Tail->getInc(), TailLane->K) ||
      !Rem || Rem->getOpcode() != BO_Rem || intValue(Ctx, Rem->getRHS()) != *C ||
      !Same(Rem->getLHS()))
    return W;
  W.TailLoop = Tail;
  return W;
}

} // namespace coarsen
} // namespace klineage
