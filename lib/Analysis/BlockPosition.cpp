//===- BlockPosition.cpp - Which block statement holds a node -------------===//
#include "klineage/Analysis/BlockPosition.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace klineage {
namespace analysis {

/// How child \p Cur of \p P runs when \p P runs.
static Conditional childConditional(const Stmt *P, const Stmt *Cur) {
  auto Is = [&](Conditional::Kind K) { return Conditional{K, P}; };
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P))
    return Cur == CO->getCond() ? Conditional() : Is(Conditional::ConditionalOperator);
  if (const auto *BO = dyn_cast<BinaryOperator>(P))
    return BO->isLogicalOp() && Cur == BO->getRHS() ? Is(Conditional::LogicalRHS) : Conditional();
  if (const auto *IS = dyn_cast<IfStmt>(P))
    return Cur == IS->getThen() || Cur == IS->getElse() ? Is(Conditional::Branch) : Conditional();
  if (const auto *FS = dyn_cast<ForStmt>(P))
    return Cur == FS->getInit() ? Conditional() : Is(Conditional::Loop);
  if (isa<WhileStmt, DoStmt, CXXForRangeStmt>(P))
    return Is(Conditional::Loop);
  if (isa<SwitchStmt, SwitchCase>(P))
    return Is(Conditional::Switch);
  if (isa<LambdaExpr>(P))
    return Is(Conditional::Lambda);
  return Conditional();
}

BlockPosition blockPosition(const ParentMap &PM, const Stmt *S) {
  BlockPosition Pos;
  auto Note = [&](Conditional C) {
    if (Pos.Why.K == Conditional::None)
      Pos.Why = C;
  };
  const Stmt *Cur = S;
  while (true) {
    const Stmt *P = PM.getParent(Cur);
    if (!P) {
      Note({Conditional::Outside, nullptr});
      return Pos;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(P)) {
      Pos.Statement = Cur;
      Pos.Block = CS;
      break;
    }
    Conditional C = childConditional(P, Cur);
    if (C.K != Conditional::None)
      Note(C);
    if (const auto *IS = dyn_cast<IfStmt>(P);
        IS && Cur == IS->getThen() && !IS->getElse() && !Pos.Guard)
      Pos.Guard = IS;
    if (C.K == Conditional::Lambda)
      return Pos; // the lambda's body is another function's
    Cur = P;
  }
  if (Pos.Guard) {
    Pos.GuardBlock = Pos.Block;
    return Pos;
  }
  if (const auto *IS = dyn_cast_or_null<IfStmt>(PM.getParent(Pos.Block));
      IS && IS->getThen() == Pos.Block && !IS->getElse()) {
    Pos.Guard = IS;
    Pos.GuardBlock = dyn_cast_or_null<CompoundStmt>(PM.getParent(IS));
  }
  return Pos;
}

Conditional conditionalWithin(const ParentMap &PM, const Stmt *S, const Stmt *Within) {
  for (const Stmt *Cur = S; Cur != Within;) {
    const Stmt *P = PM.getParent(Cur);
    if (!P)
      return {Conditional::Outside, nullptr};
    if (Conditional C = childConditional(P, Cur); C.K != Conditional::None)
      return C;
    Cur = P;
  }
  return Conditional();
}

const Stmt *firstJump(const Stmt *S) {
  if (!S)
    return nullptr;
  if (isa<BreakStmt, ContinueStmt, ReturnStmt, GotoStmt, IndirectGotoStmt, LabelStmt, CXXThrowExpr,
          AsmStmt>(S))
    return S;
  if (isa<LambdaExpr>(S))
    return nullptr;
  for (const Stmt *C : S->children())
    if (const Stmt *X = firstJump(C))
      return X;
  return nullptr;
}

} // namespace analysis
} // namespace klineage
