//===- LaunchShape.h - A kernel's block shape for the pairs -----*- C++ -*-===//
//
// Part of KLineage. The block shape every launch of a kernel has, as the
// launches in the translation unit (analysis::launchFacts) and the user's
// --assume=block:[KERNEL:]X[,Y,Z] say: the one question the pairs that
// change who does the work ask before they rely on the block.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITE_LAUNCHSHAPE_H
#define KLINEAGE_REWRITE_LAUNCHSHAPE_H

#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Rewrite/RewritePair.h"
#include <optional>

namespace klineage {

/// blockDim of every launch of \p Kernel when known (every launch found and
/// all agree, or asserted); nullopt otherwise.
std::optional<analysis::Dim3> knownBlockShape(const AnalysisContext &AC, const clang::FunctionDecl *Kernel);

} // namespace klineage

#endif
