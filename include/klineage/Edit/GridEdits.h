//===- GridEdits.h - Divide a launch's grid, axis by axis --------*- C++ -*-===//
//
// Part of KLineage. The launch co-rewrite of every pair that gives each thread
// several elements along grid axes (thread-coarsen along x, register-tile
// along x and y): each divided component G becomes the ceil-division
// `(G + F - 1) / F`, so the smaller grid still covers every block's work.
// An integer grid is its x; `dim3(a, b)` has its components edited where
// written; a dim3 object `g` becomes `dim3((g.x + F - 1) / F, g.y, g.z)` at
// the launch (its declaration may serve other launches); a defaulted
// component is one block and stays. Edits go to the builder given, so a
// scratch builder can answer "could this launch be edited" for a
// precondition and the site's builder makes the same edits.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_EDIT_GRIDEDITS_H
#define KLINEAGE_EDIT_GRIDEDITS_H

#include "klineage/Cuda/LaunchSites.h"
#include "klineage/Edit/EditBuilder.h"
#include <array>
#include <optional>
#include <string>

namespace klineage {

/// "the <<<>>> launch at line 12 in 'run'".
std::string launchDescription(const clang::ASTContext &Ctx, const cuda::LaunchSite &L);

/// Divides component d of the grid of launch \p L by \p Factors[d] (1: kept)
/// into \p B. nullopt when done; otherwise why the launch cannot be edited
/// (nothing added to \p B).
std::optional<std::string> divideGrid(EditBuilder &B, clang::ASTContext &Ctx, const cuda::LaunchSite &L,
                                      std::array<unsigned, 3> Factors);

/// The inverse: multiplies component d of the grid of \p L by \p Factors[d]
/// into \p B. A component `(G + F - 1) / F` (what divideGrid wrote) becomes
/// G, and `dim3((g.x + F - 1) / F, g.y, g.z)` becomes `g` again; any other
/// component V becomes `V * F`. nullopt when done, else why not.
std::optional<std::string> multiplyGrid(EditBuilder &B, clang::ASTContext &Ctx, const cuda::LaunchSite &L,
                                        std::array<unsigned, 3> Factors);

/// Keeps a kernel launchable with the block it is launched with when a
/// rewrite may raise its register use (the smem-tile reverse reads global
/// memory where the tile was read, and ptxas then keeps more loads in
/// flight): without __launch_bounds__ ptxas may give a thread up to 255
/// registers, and a block of N threads needs N times a thread's registers
/// of the SM's 65536, so a block of more than 256 threads may fail to launch
/// (measured: siboehm's 32 x 32 shared-memory SGEMM without its tiles took
/// 128 registers, too many for its 1024 threads). For a known block of
/// \p Threads > 256 and a kernel without __launch_bounds__, every
/// declaration of \p Kernel (of its template, for an instantiation) gets
/// `__launch_bounds__(Threads)` before its name. Returns what it added, for
/// the site's facts; empty when nothing was needed.
std::string keepBlockLaunchable(EditBuilder &B, const clang::FunctionDecl *Kernel, uint64_t Threads);

} // namespace klineage

#endif
