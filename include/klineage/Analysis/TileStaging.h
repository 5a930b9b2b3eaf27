//===- TileStaging.h - Which global element each slot of a tile holds -*- C++ -*-===//
//
// Part of KLineage. After the statements of a staging region run, which
// global element does each slot of each __shared__ tile hold? The question
// smem-tile's reverse asks of a loader the forward did not write: counted
// loops that hand each thread several elements through its flat index
// (`f = tid + i * THREADS; r = f / (BK / 4); c = (f % (BK / 4)) * 4;
// As[c + q][r] = ...`), values carried through registers (`aStage[i].x =
// A[..];` then `As[..] = aStage[i].x;`), any subscript arithmetic.
//
// The region is run once per thread of the block (the launches' shape):
// integer locals that vary across the block take their values, counted
// loops and ifs on such values are followed, and what is the same for the
// whole block (parameters, blockIdx, the loop counter of the tiled loop,
// locals computed from them: Uniformity) stays symbolic as LinearForm
// atoms. Each store `T[s0][s1].. = G[g]` gives a slot (numbers) and an
// element index g (a form of block-uniform atoms). The tile's map is then
// g = Origin + sum_d s_d * Step_d, fitted on the slots and checked on
// every store; every slot of the tile must be staged, by one element. A
// flattened tile that fits no single step is fitted as rows (each divisor
// of its extent tried in turn).
//
// Anything else in the region (a write to memory other than a tile or a
// register, a call, a loop whose trip count is not a number, a condition
// that is not the same number for each thread) makes the answer a reason.
// Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_TILESTAGING_H
#define KLINEAGE_ANALYSIS_TILESTAGING_H

#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/LinearForm.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

/// What one __shared__ tile holds after the staging.
struct StagedTile {
  const clang::VarDecl *Tile = nullptr;
  /// The global pointer every element comes from (a parameter or a local
  /// the same for the whole block).
  const clang::VarDecl *Source = nullptr;
  std::vector<int64_t> Extents; ///< the tile's dimensions, outermost first
  /// Element index of slot (0, .., 0), and its change per unit of each
  /// subscript: slot s holds Source[Origin + sum_d s_d * Step[d]].
  LinearForm Origin;
  std::vector<LinearForm> Step;
  /// A one-dimensional tile that holds rows of this many elements (`As[r *
  /// BK + c]`): its slot s is (s / RowLength, s % RowLength) in Step; 0
  /// when the tile's own subscripts fit.
  int64_t RowLength = 0;
  /// The type the staged index is computed in (the widest of the stores').
  clang::QualType IndexType;
  std::vector<const clang::Expr *> Stores; ///< the tile elements written
};

struct StagingAnswer {
  std::vector<StagedTile> Tiles;
  /// Locals (not tiles) the region writes: registers carrying elements,
  /// integer locals it declares.
  std::vector<const clang::VarDecl *> Written;
  /// The region ran for every thread (a Why is then about what the
  /// stores leave in the tiles, not about the code).
  bool Ran = false;
  std::string Why;                  ///< empty: the tiles are known
  const clang::Stmt *At = nullptr;  ///< where Why is
  bool ok() const { return Why.empty(); }
};

/// Runs \p Region (statements of \p FD, in order) for every thread of a
/// \p Block-shaped block. \p Lin makes the atoms of the forms (its atoms
/// name them afterwards).
StagingAnswer stagedTiles(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                          llvm::ArrayRef<const clang::Stmt *> Region, Dim3 Block, Linearizer &Lin);

} // namespace analysis
} // namespace klineage

#endif
