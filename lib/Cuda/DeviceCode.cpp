//===- DeviceCode.cpp - Which code runs on the device, by nvcc's rules ----===//
#include "klineage/Cuda/DeviceCode.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <set>

using namespace clang;

namespace klineage {
namespace cuda {

bool isKernel(const FunctionDecl *FD) { return FD && FD->hasAttr<CUDAGlobalAttr>(); }

std::vector<const FunctionDecl *> kernelDefinitions(ASTContext &Ctx) {
  struct Collector : RecursiveASTVisitor<Collector> {
    std::vector<const FunctionDecl *> Out;
    std::set<const FunctionDecl *> Seen;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitFunctionDecl(FunctionDecl *F) {
      if (F->isThisDeclarationADefinition() && F->hasBody() && !F->isDependentContext() && isKernel(F) &&
          Seen.insert(F).second)
        Out.push_back(F);
      return true;
    }
  } C;
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(C.Out);
}

bool isWrittenAsDevice(const FunctionDecl *FD) {
  if (!FD)
    return false;
  if (FD->hasAttr<CUDAGlobalAttr>())
    return true;
  const auto *A = FD->getAttr<CUDADeviceAttr>();
  return A && !A->isImplicit();
}

bool isImplicitlyDeviceForClang(const FunctionDecl *FD) {
  const auto *A = FD ? FD->getAttr<CUDADeviceAttr>() : nullptr;
  return A && A->isImplicit() && !isWrittenAsDevice(FD);
}

/// The function around a lambda's call operator, or null for other functions.
static const FunctionDecl *lambdaParent(const FunctionDecl *FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || !MD->getParent()->isLambda())
    return nullptr;
  return dyn_cast_or_null<FunctionDecl>(MD->getParent()->getParentFunctionOrMethod());
}

const FunctionDecl *deviceContextOf(const FunctionDecl *FD) {
  for (; FD; FD = lambdaParent(FD))
    if (isWrittenAsDevice(FD))
      return FD;
  return nullptr;
}

const FunctionDecl *hostContextOf(const FunctionDecl *FD) {
  while (FD)
    if (const FunctionDecl *Outer = lambdaParent(FD))
      FD = Outer;
    else
      return FD;
  return FD;
}

std::string executionSpace(const FunctionDecl *FD) {
  if (FD->hasAttr<CUDAGlobalAttr>())
    return "__global__";
  if (FD->hasAttr<CUDAHostAttr>() && !FD->getAttr<CUDAHostAttr>()->isImplicit())
    return "__host__ __device__";
  return "__device__";
}

const FunctionDecl *enclosingFunction(ASTContext &Ctx, const Stmt &S) {
  DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (const auto *FD = P.get<FunctionDecl>())
      return FD;
    if (const auto *LE = P.get<LambdaExpr>())
      return LE->getCallOperator();
    Parents = Ctx.getParents(P);
  }
  return nullptr;
}

const DeclRefExpr *functionReference(const Expr *E) {
  for (int Steps = 0; E && Steps < 8; ++Steps) {
    E = E->IgnoreParenCasts();
    if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      E = S->getReplacement();
    else if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr();
    else
      break;
  }
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E);
  return Ref && isa<FunctionDecl>(Ref->getDecl()) ? Ref : nullptr;
}

const FunctionDecl *calledFunction(const CallExpr *C) {
  if (!C)
    return nullptr;
  if (const FunctionDecl *F = C->getDirectCallee())
    return F;
  const DeclRefExpr *Ref = functionReference(C->getCallee());
  return Ref ? cast<FunctionDecl>(Ref->getDecl()) : nullptr;
}

} // namespace cuda
} // namespace klineage
