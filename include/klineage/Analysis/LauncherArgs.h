//===- LauncherArgs.h - Kernel parameters a launcher passes through -*- C++ -*-===//
//
// Part of KLineage. Which parameter of a launcher each parameter of a kernel
// receives unchanged: every launch of the kernel is known (the kernel <->
// launcher graph: launches, no escapes) and written in the launcher (a
// lambda's counts for its function), each passes the launcher's parameter
// itself (`k<<<g, b>>>(n, x)`, cudaLaunchKernelEx, a `void *args[]` array:
// Cuda/LaunchSites' launchArgument, through parentheses and implicit
// conversions only), and the launcher never writes that parameter (Mutation:
// no assignment, increment, address taken or non-const reference). So what a
// caller of the launcher promises about its argument -- a workload's domain
// (`N % 4 == 0`), a buffer of its own -- holds for the kernel's parameter.
// Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_LAUNCHERARGS_H
#define KLINEAGE_ANALYSIS_LAUNCHERARGS_H

#include "klineage/Cuda/KernelLauncherGraph.h"
#include "clang/AST/ASTContext.h"
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

/// For each parameter of \p Kernel, in order: the parameter of \p Launcher
/// it receives unchanged at every launch, or null with the reason in
/// \p Why (when given) at the same index.
std::vector<const clang::ParmVarDecl *> launcherParamsOf(clang::ASTContext &Ctx, const cuda::KernelLauncherGraph &G,
                                                         const clang::FunctionDecl *Kernel,
                                                         const clang::FunctionDecl *Launcher,
                                                         std::vector<std::string> *Why = nullptr);

/// The parameter of \p Root that parameter \p P (of a function In) always
/// holds, unchanged: In is Root, or every use of In is a call from Root
/// (directly, or through one more such function) passing it, never written on
/// the way -- a kernel's `W` in its `__device__` helper `loadRows(.., W, ..)`.
/// Null, with the reason in \p Why, otherwise.
const clang::ParmVarDecl *rootParamOf(clang::ASTContext &Ctx, const clang::ParmVarDecl *P,
                                      const clang::FunctionDecl *Root, std::string *Why = nullptr);

} // namespace analysis
} // namespace klineage

#endif
