//===- KernelExits.cpp - A kernel's early returns -------------------------===//
#include "klineage/Analysis/KernelExits.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <set>

using namespace clang;

namespace klineage {
namespace analysis {

const ReturnStmt *guardReturn(const IfStmt *If) {
  if (If->getElse() || If->getInit() || If->getConditionVariable() || If->isConstexpr() || If->isConsteval())
    return nullptr;
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
    Then = CS->body_front();
  const auto *R = dyn_cast<ReturnStmt>(Then);
  return R && !R->getRetValue() ? R : nullptr;
}

KernelExits kernelExits(const FunctionDecl *FD) {
  KernelExits X;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD ? FD->getBody() : nullptr);
  if (!Body)
    return X;
  std::set<const ReturnStmt *> Known;
  for (const Stmt *S : Body->body())
    if (const auto *If = dyn_cast<IfStmt>(S))
      if (const ReturnStmt *R = guardReturn(If)) {
        X.Guards.push_back(If);
        Known.insert(R);
      }
  if (!Body->body_empty())
    if (const auto *R = dyn_cast<ReturnStmt>(Body->body_back()); R && !R->getRetValue()) {
      X.Last = R;
      Known.insert(R);
    }
  struct Finder : RecursiveASTVisitor<Finder> {
    std::vector<const ReturnStmt *> Returns;
    std::vector<const GotoStmt *> Gotos;
    bool VisitReturnStmt(ReturnStmt *R) {
      Returns.push_back(R);
      return true;
    }
    bool VisitGotoStmt(GotoStmt *G) {
      Gotos.push_back(G);
      return true;
    }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  } F;
  F.TraverseStmt(const_cast<CompoundStmt *>(Body));
  for (const ReturnStmt *R : F.Returns)
    if (!Known.count(R))
      X.Others.push_back(R);
  X.Gotos = std::move(F.Gotos);
  return X;
}

} // namespace analysis
} // namespace klineage
