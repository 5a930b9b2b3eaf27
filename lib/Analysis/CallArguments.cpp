//===- CallArguments.cpp --------------------------------------------------===//
#include "klineage/Analysis/CallArguments.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace klineage {
namespace analysis {

namespace {

/// Every call in the user's code (not system headers), template instances
/// included, under its callee and, for an instance, its pattern too.
struct CallIndexer : RecursiveASTVisitor<CallIndexer> {
  const SourceManager &SM;
  std::map<const FunctionDecl *, std::vector<const CallExpr *>> &Index;
  CallIndexer(const SourceManager &SM, std::map<const FunctionDecl *, std::vector<const CallExpr *>> &Index)
      : SM(SM), Index(Index) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *G = C->getDirectCallee();
    if (!G)
      return true;
    Index[G->getCanonicalDecl()].push_back(C);
    if (const FunctionDecl *Pattern = G->getTemplateInstantiationPattern())
      if (Pattern->getCanonicalDecl() != G->getCanonicalDecl())
        Index[Pattern->getCanonicalDecl()].push_back(C);
    return true;
  }
};

} // namespace

const std::vector<const CallExpr *> &AnalysisCache::calls(const FunctionDecl *F) {
  if (!CallIndex) {
    CallIndex.emplace();
    CallIndexer(Ctx.getSourceManager(), *CallIndex).TraverseDecl(Ctx.getTranslationUnitDecl());
  }
  static const std::vector<const CallExpr *> None;
  auto It = F ? CallIndex->find(F->getCanonicalDecl()) : CallIndex->end();
  return It == CallIndex->end() ? None : It->second;
}

const std::vector<const CallExpr *> &callsOf(ASTContext &Ctx, const FunctionDecl *F) {
  return AnalysisCache::of(Ctx).calls(F);
}

std::optional<APValue> constantArgumentOf(ASTContext &Ctx, const ParmVarDecl *P) {
  const auto *F = P ? dyn_cast_or_null<FunctionDecl>(P->getDeclContext()) : nullptr;
  if (!F)
    return std::nullopt;
  unsigned Index = P->getFunctionScopeIndex();
  std::optional<APValue> Value;
  for (const CallExpr *C : callsOf(Ctx, F)) {
    if (Index >= C->getNumArgs())
      return std::nullopt;
    const Expr *A = C->getArg(Index);
    Expr::EvalResult R;
    if (A->isValueDependent() || !A->EvaluateAsRValue(R, Ctx) || R.HasSideEffects)
      return std::nullopt;
    if (!Value)
      Value = R.Val;
    else if (!Value->isInt() && !Value->isFloat())
      return std::nullopt;
    else if (Value->isInt() != R.Val.isInt() || (Value->isInt() && Value->getInt() != R.Val.getInt()) ||
             (Value->isFloat() && !Value->getFloat().bitwiseIsEqual(R.Val.getFloat())))
      return std::nullopt;
  }
  if (Value && !Value->isInt() && !Value->isFloat())
    return std::nullopt;
  return Value;
}

} // namespace analysis
} // namespace klineage
