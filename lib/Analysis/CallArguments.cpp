//===- CallArguments.cpp --------------------------------------------------===//
#include "klineage/Analysis/CallArguments.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace klineage {
namespace analysis {

namespace {

/// The calls in the user's code (not system headers) of \p F, its
/// instances, or its pattern's instances.
struct CallCollector : RecursiveASTVisitor<CallCollector> {
  const FunctionDecl *Target;
  const SourceManager &SM;
  std::vector<const CallExpr *> Found;
  CallCollector(const FunctionDecl *F, const SourceManager &SM) : Target(F->getCanonicalDecl()), SM(SM) {}
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
    const FunctionDecl *Pattern = G->getTemplateInstantiationPattern();
    if (G->getCanonicalDecl() == Target || (Pattern && Pattern->getCanonicalDecl() == Target))
      Found.push_back(C);
    return true;
  }
};

} // namespace

std::vector<const CallExpr *> callsOf(ASTContext &Ctx, const FunctionDecl *F) {
  if (!F)
    return {};
  CallCollector Calls(F, Ctx.getSourceManager());
  Calls.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(Calls.Found);
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
