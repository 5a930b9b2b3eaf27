//===- LaunchBounds.cpp - __launch_bounds__ of a kernel -------------------===//
#include "klineage/Cuda/LaunchBounds.h"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace klineage {
namespace cuda {

static std::optional<uint64_t> constant(const ASTContext &Ctx, const Expr *E) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx) || R.Val.getInt().isNegative())
    return std::nullopt;
  return R.Val.getInt().getZExtValue();
}

std::optional<LaunchBounds> launchBounds(const FunctionDecl *Kernel) {
  const auto *A = Kernel ? Kernel->getAttr<CUDALaunchBoundsAttr>() : nullptr;
  if (!A)
    return std::nullopt;
  const ASTContext &Ctx = Kernel->getASTContext();
  LaunchBounds B;
  B.Attr = A;
  B.MaxThreads = constant(Ctx, A->getMaxThreads());
  B.MinBlocks = constant(Ctx, A->getMinBlocks());
  B.MaxBlocksPerCluster = constant(Ctx, A->getMaxBlocks());
  return B;
}

} // namespace cuda
} // namespace klineage
