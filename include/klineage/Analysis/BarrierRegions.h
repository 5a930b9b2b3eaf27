//===- BarrierRegions.h - Barriers, the regions between them, divergence -*- C++ -*-===//
//
// Part of KLineage. Every barrier of a device function (cuda::barrierScope:
// __syncthreads and its counting forms, __barrier_sync, __syncwarp,
// cooperative_groups sync), the regions of statements between consecutive
// barriers (a statement holding a barrier, such as a loop whose body syncs,
// also delimits regions, and its bodies are split in turn; a loop body's last
// region runs on into its first), and the barriers not every thread of their
// scope reaches: under a condition, a loop, a ?: or after an early exit that
// is not uniform at the barrier's scope (Uniformity::controlOf). That is the
// "all threads reach the barrier" precondition of shared-memory tiling.
// Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_BARRIERREGIONS_H
#define KLINEAGE_ANALYSIS_BARRIERREGIONS_H

#include "klineage/Analysis/Uniformity.h"
#include "klineage/Cuda/Intrinsics.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <set>
#include <vector>

namespace klineage {
namespace analysis {

struct Barrier {
  const clang::CallExpr *Call = nullptr;
  cuda::SyncScope Scope = cuda::SyncScope::Block;
  /// Set when some thread of the scope may not reach it: the condition or
  /// exit that diverges (Breaker) and why it is not uniform.
  std::optional<UniformityAnswer> Divergence;
};

/// Consecutive statements of one compound statement with no barrier in them.
struct BarrierRegion {
  const clang::CompoundStmt *Parent = nullptr;
  std::vector<const clang::Stmt *> Stmts;
  /// The barrier, or the statement holding one, on each side; null at the
  /// edges of Parent.
  const clang::Stmt *Before = nullptr, *After = nullptr;
  /// Parent is a loop body: after its last region comes its first again.
  bool InLoop = false;
};

class BarrierRegions {
public:
  /// The barriers and regions of \p U's function.
  explicit BarrierRegions(Uniformity &U);
  /// In source order.
  const std::vector<Barrier> &barriers() const { return Barriers; }
  const std::vector<BarrierRegion> &regions() const { return Regions; }
  /// The barriers some thread of their scope may not reach.
  std::vector<const Barrier *> divergent() const;
  /// \p S is or contains a barrier.
  bool holdsBarrier(const clang::Stmt *S) const;

private:
  void split(const clang::CompoundStmt *CS, bool InLoop);
  void descend(const clang::Stmt *S);
  Uniformity &U;
  std::vector<Barrier> Barriers;
  std::vector<BarrierRegion> Regions;
  std::set<const clang::Stmt *> Holders; ///< barriers and the statements around them
};

} // namespace analysis
} // namespace klineage

#endif
