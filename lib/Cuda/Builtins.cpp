//===- Builtins.cpp - CUDA builtin variables: indices and warpSize --------===//
#include "klineage/Cuda/Builtins.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprObjC.h"

using namespace clang;

namespace klineage {
namespace cuda {

const char *builtinVarName(BuiltinVar V) {
  switch (V) {
  case BuiltinVar::ThreadIdx: return "threadIdx";
  case BuiltinVar::BlockIdx: return "blockIdx";
  case BuiltinVar::BlockDim: return "blockDim";
  case BuiltinVar::GridDim: return "gridDim";
  }
  return "?";
}

std::string BuiltinIndex::name() const {
  return std::string(builtinVarName(Var)) + "." + "xyz"[Dim];
}

static std::optional<BuiltinVar> builtinVar(llvm::StringRef Name) {
  if (Name == "threadIdx") return BuiltinVar::ThreadIdx;
  if (Name == "blockIdx") return BuiltinVar::BlockIdx;
  if (Name == "blockDim") return BuiltinVar::BlockDim;
  if (Name == "gridDim") return BuiltinVar::GridDim;
  return std::nullopt;
}

std::optional<BuiltinIndex> builtinIndex(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  const auto *POE = dyn_cast<PseudoObjectExpr>(E);
  if (!POE)
    return std::nullopt;
  const auto *MS = dyn_cast<MSPropertyRefExpr>(POE->getSyntacticForm()->IgnoreParens());
  if (!MS)
    return std::nullopt;
  const Expr *Base = MS->getBaseExpr()->IgnoreParenImpCasts();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
    Base = OVE->getSourceExpr() ? OVE->getSourceExpr()->IgnoreParenImpCasts() : Base;
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  if (!DRE)
    return std::nullopt;
  std::optional<BuiltinVar> V = builtinVar(DRE->getDecl()->getName());
  if (!V)
    return std::nullopt;
  llvm::StringRef Field = MS->getPropertyDecl()->getName();
  if (Field.size() != 1 || Field[0] < 'x' || Field[0] > 'z')
    return std::nullopt;
  return BuiltinIndex{*V, unsigned(Field[0] - 'x')};
}

bool isBuiltinIndexGetterCall(const CallExpr *C) {
  if (const auto *ME = dyn_cast<MemberExpr>(C->getCallee()->IgnoreParenImpCasts()))
    return ME->getMemberDecl()->getName().starts_with("__fetch_builtin_");
  return false;
}

bool isWarpSize(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!DRE)
    return false;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  return VD && VD->getName() == "warpSize" && VD->getDeclContext()->isTranslationUnit();
}

static bool readsWarpSize(const Stmt *S, unsigned Depth) {
  if (!S || Depth > 8)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (isWarpSize(DRE))
      return true;
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && VD->getType().isConstQualified() && VD->getInit())
      return readsWarpSize(VD->getInit(), Depth + 1);
    return false;
  }
  for (const Stmt *C : S->children())
    if (readsWarpSize(C, Depth))
      return true;
  return false;
}

bool readsWarpSize(const Stmt *S) { return readsWarpSize(S, 0); }

} // namespace cuda
} // namespace klineage
