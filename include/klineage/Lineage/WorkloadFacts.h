//===- WorkloadFacts.h - A workload's promises as kernel facts -----*- C++ -*-===//
//
// Part of KLineage. A gate manifest promises things about its launcher's
// parameters: its domain (`N % 4 == 0`, translated by the manifest into
// `multiple:N:4`) and its buffers (each input and output is an allocation of
// its own, from cudaMalloc: 256-byte aligned, aliasing no other). The gate
// only ever runs the kernel so. Restated for the kernel parameters that
// receive those launcher parameters unchanged (analysis::launcherParamsOf),
// they are --assume facts a walk or a search can use for that workload:
// `multiple:K.n:4`, `aligned:K.x:256`, and `noalias:K.x` when every pointer
// parameter of K receives a distinct buffer.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_LINEAGE_WORKLOADFACTS_H
#define KLINEAGE_LINEAGE_WORKLOADFACTS_H

#include "klineage/Gate/Manifest.h"
#include "clang/AST/ASTContext.h"
#include <string>
#include <vector>

namespace klineage {
namespace lineage {

/// The facts, in --assume spelling, for the kernels the manifest's launcher
/// launches in the parsed file; \p Notes says, per kernel parameter that gets
/// none although the workload has a promise for some launcher parameter, why.
std::vector<std::string> workloadFacts(clang::ASTContext &Ctx, const gate::Manifest &M,
                                       std::vector<std::string> &Notes);

} // namespace lineage
} // namespace klineage

#endif
