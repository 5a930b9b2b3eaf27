//===- Launches.h - thread-coarsen's launch co-rewrite -----------*- C++ -*-===//
//
// Part of KLineage. Forward divides every launch's grid by C (a ceil-div of
// its x component); reverse makes every launch's grid cover the element
// count again: kept when it provably does, the forward's `(G + C - 1) / C`
// unwrapped when G does, else rewritten to `(N + B - 1) / B` from the
// launch's own arguments. Both run on a scratch builder for the
// preconditions (launch-editable, grid-covers-elements) and on the site's
// builder for the edits, so the verdict and the edits cannot disagree.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_THREADCOARSEN_LAUNCHES_H
#define KLINEAGE_REWRITES_THREADCOARSEN_LAUNCHES_H

#include "ElementWork.h"
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "klineage/Edit/EditBuilder.h"
#include <string>
#include <vector>

namespace klineage {
namespace coarsen {

/// One launch that could not be handled, and why.
struct LaunchProblem {
  const cuda::LaunchSite *Site = nullptr;
  std::string Why;
};

/// The distinct launches of \p W's kernel (one per source location: a host
/// template's instantiations share theirs).
std::vector<const cuda::LaunchSite *> distinctLaunches(const clang::ASTContext &Ctx,
                                                       const cuda::KernelLauncherGraph &G,
                                                       const ElementWork &W);

/// Forward: divides the grid of \p L by \p Factor into \p B.
std::optional<LaunchProblem> divideGrid(EditBuilder &B, clang::ASTContext &Ctx,
                                        const cuda::LaunchSite &L, unsigned Factor);

/// Reverse: makes the grid of \p L cover \p W's element count into \p B.
/// \p Kept is set when the grid already covers it (nothing edited).
std::optional<LaunchProblem> coverGrid(EditBuilder &B, clang::ASTContext &Ctx,
                                       const cuda::LaunchSite &L, const ElementWork &W, bool &Kept);

/// The bound \p W tests, written at launch \p L: its parameters replaced by
/// the launch's arguments, its locals by their initialisers. nullopt with
/// \p Why when a part of it cannot be evaluated there.
std::optional<std::string> boundAtLaunch(clang::ASTContext &Ctx, const cuda::LaunchSite &L,
                                         const ElementWork &W, std::string &Why);

/// How many threads launch \p L starts at most, from its grid and block:
/// a constant shape, or a grid that is a ceil-division of the bound by the
/// block size (then at most \p BoundMax + the block size). nullopt with
/// \p Why when neither.
std::optional<uint64_t> threadsAtMost(clang::ASTContext &Ctx, const cuda::LaunchSite &L,
                                      const ElementWork &W, uint64_t BoundMax, std::string &Why);

} // namespace coarsen
} // namespace klineage

#endif
