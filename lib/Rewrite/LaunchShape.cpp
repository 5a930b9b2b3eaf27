//===- LaunchShape.cpp - A kernel's block shape for the pairs -------------===//
#include "klineage/Rewrite/LaunchShape.h"
#include "klineage/Cuda/KernelLauncherGraph.h"

namespace klineage {

std::optional<analysis::Dim3> knownBlockShape(const AnalysisContext &AC, const clang::FunctionDecl *Kernel) {
  clang::ASTContext &Ctx = AC.ast();
  cuda::KernelLauncherGraph Graph(Ctx);
  analysis::AssumedLaunch Assumed;
  if (auto B = AC.assumptions().block(Kernel->getName()))
    Assumed.Block = analysis::Dim3{(*B)[0], (*B)[1], (*B)[2]};
  analysis::LaunchFacts F = analysis::launchFacts(Ctx, Graph, Kernel, Assumed);
  if (F.Block.V == analysis::ShapeFact::Verdict::Known && F.Block.Shape)
    return F.Block.Shape;
  return std::nullopt;
}

} // namespace klineage
