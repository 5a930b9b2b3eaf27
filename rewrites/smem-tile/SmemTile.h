//===- SmemTile.h - What the pair's two directions share --------*- C++ -*-===//
//
// Part of KLineage. The precondition names of smem-tile, the forward plan of
// one loop (its counter, the reads it stages, the guard it restructures) and
// the helpers both directions use: which thread axes an expression depends
// on and what a statement touches come from Analysis/ThreadAxes.h.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_SMEMTILE_H
#define KLINEAGE_REWRITES_SMEMTILE_H

#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/Mutation.h"
#include "klineage/Analysis/ThreadAxes.h"
#include "klineage/Analysis/Uniformity.h"
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Rewrite/RewritePair.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace smem_tile {

inline constexpr char Name[] = "smem-tile";
// Forward.
inline constexpr char LoopCounted[] = "loop-counted";
inline constexpr char ReusedReadsAffine[] = "reused-reads-affine";
inline constexpr char SourceNotWritten[] = "source-not-written";
inline constexpr char BlockShapeKnown[] = "block-shape-known";
inline constexpr char TilesAgree[] = "tiles-agree";
inline constexpr char SharedMemoryFits[] = "shared-memory-fits";
inline constexpr char BarriersReachable[] = "barriers-reachable";
inline constexpr char LoadsInFootprint[] = "loads-in-footprint";
inline constexpr char WriteTransposed[] = "write-transposed";
// Reverse.
inline constexpr char TilesStagedOnce[] = "tiles-staged-once";
inline constexpr char ReadsBetweenBarriers[] = "reads-between-barriers";
inline constexpr char StagedIndexStable[] = "staged-index-stable";

using analysis::AxisOther;
using analysis::AxisX;
using analysis::AxisY;
using analysis::AxisZ;
using analysis::axesText;
using analysis::conjunctsOf;
using analysis::firstBarrier;
using analysis::firstMemoryAccess;
using analysis::isBarrierStmt;
using analysis::isLocalArrayElement;
using analysis::ThreadAxes;

/// Row: shared by a block row (reads threadIdx.y); Col: by a block column;
/// Uniform: by the whole block; Halo: by neighbouring threads, whose
/// indices plus a tap counter address it (`in[(y + i) * W + x + j]`).
enum class OperandKind { Row, Col, Uniform, Halo };

/// A halo tile's extent along one thread axis: threads t of the block and
/// taps v in [Lo, Hi] read coordinate t + v, so the tile holds
/// Block + Hi - Lo elements; a dimension without a tap (Tap null) holds the
/// block's extent, one per thread.
struct HaloDim {
  unsigned Axis = 0; ///< AxisX or AxisY
  const clang::VarDecl *Tap = nullptr;
  const clang::ForStmt *TapLoop = nullptr;
  int64_t Lo = 0, Hi = 0;
  uint64_t Extent = 0;
};

/// The reads of one global element form, staged in one tile.
struct Operand {
  OperandKind K = OperandKind::Row;
  std::vector<const clang::ArraySubscriptExpr *> Reads;
  /// What each read's tile element replaces: the read, or the selection
  /// `c ? G[g] : 0` that pads it.
  std::vector<const clang::Expr *> Values;
  unsigned Axes = 0;
  std::string ElemType;
  uint64_t ElemBytes = 0;
  /// The tile length one load per thread fills: blockDim.x for row and
  /// block operands, blockDim.y for column operands.
  uint64_t Steps = 0;
  std::string Tile;   ///< the tile's name
  /// Guard conjuncts the staging load keeps.
  std::vector<const clang::Expr *> Kept;
  /// A copy loop around the reads (`for (int i = 0; i < 4; ++i)` of a
  /// thread computing several outputs, register-tile's): the operand's rows
  /// (columns) are `threadIdx + i * blockDim`, the tile holds Copies of
  /// them, each thread stages one per copy.
  const clang::ForStmt *Copy = nullptr;
  const clang::VarDecl *CopyVar = nullptr;
  uint64_t Copies = 1;
  /// Halo: the tile's dimensions, outermost (y) first, and the conditions
  /// of the loop nest the reads run under (`yy >= 0 && ...`), each about
  /// the element's own coordinates.
  std::vector<HaloDim> Dims;
  std::vector<const clang::Expr *> Conds;
  /// Halo without taps: each read's offset along each of Dims (Lo..Hi
  /// span them).
  std::vector<std::vector<int64_t>> Offsets;
  /// Halo: how each Kept guard term is restated for a tile slot: 0 as
  /// written (uniform, or about an axis without taps), 1 at the lowest
  /// thread that reads the slot (a bound that holds for low indices), 2 at
  /// the highest.
  std::vector<int> HaloAt;
};

struct Rejected {
  const clang::ArraySubscriptExpr *Read = nullptr;
  std::string Why;
  /// No two threads of the block read it: no reuse to stage, and no reason
  /// to list the loop for it alone.
  bool Unshared = false;
};

enum class GuardShape { None, If, EarlyReturn, Unreachable };

/// A loop to tile (a `k` loop), or with Halo the outermost tap loop of a
/// stencil's nest, whose halo tiles are staged once before it.
struct LoopPlan : SiteSubject {
  bool Halo = false;
  /// Halo: the tap loops (constant bounds) from the outermost in.
  std::vector<HaloDim> Taps;
  /// Halo: global reads of the nest whose address no thread or block index
  /// reaches (a filter's weights): every thread reads the same elements.
  std::vector<const clang::Expr *> GridUniform;
  /// Halo without tap loops: the statement holding reads at constant
  /// offsets (`in[i - 1] + in[i + 1]`); the staging goes before it.
  const clang::Stmt *Region = nullptr;
  /// The last statement of the region (statements of one block).
  const clang::Stmt *RegionEnd = nullptr;
  /// The statement the staging precedes and the edits replace.
  const clang::Stmt *anchor() const { return Region ? Region : static_cast<const clang::Stmt *>(Loop); }
  /// --option=tile=N: the tile's length along the counter (0: the block's).
  uint64_t TileAsked = 0;
  const clang::ForStmt *Loop = nullptr;
  /// The counter's start, and whether the header declares the counter
  /// (else `k = start`, the counter declared before the loop and not read
  /// after it).
  const clang::Expr *Start = nullptr;
  bool Declares = true;
  /// The loop as a statement of its block: the loop, or the attributed
  /// statement a `#pragma unroll` makes of it.
  const clang::Stmt *Outer = nullptr;
  const clang::VarDecl *Counter = nullptr;
  const clang::BinaryOperator *Cond = nullptr;
  std::string LoopWhy;
  const clang::Stmt *LoopAt = nullptr;
  std::optional<analysis::Dim3> Block;
  std::vector<Operand> Ops;
  std::vector<Rejected> Rejects;
  // The guard.
  GuardShape G = GuardShape::None;
  const clang::IfStmt *GuardIf = nullptr;     ///< If: the if; EarlyReturn: the `if (...) return;`
  const clang::CompoundStmt *Scope = nullptr; ///< the compound holding the loop
  std::vector<const clang::Stmt *> Pre, Post;
  std::vector<const clang::Expr *> Conjuncts; ///< of the condition under which threads run the loop
  std::vector<unsigned> ConjunctAxes;
  std::string GuardWhy;
  const clang::Stmt *GuardAt = nullptr;
  // Writes in the loop.
  const clang::Expr *WriteAt = nullptr;
  // Footprint.
  std::string FootprintWhy;
  const clang::Stmt *FootprintAt = nullptr;
};


const LoopPlan &loopPlanOf(const PreconditionQuery &Q);

// Parts of a plan (SmemTile.cpp), for the halo plan too (Halo.cpp).
/// The loop's counter, start, condition and step, or P.LoopWhy.
void readLoop(clang::ASTContext &Ctx, ThreadAxes &TA, LoopPlan &P);
/// Who runs the loop: every thread, or a guard to split, or P.GuardWhy.
void readGuard(clang::ASTContext &Ctx, ThreadAxes &TA, LoopPlan &P);
/// The element type of \p Base's pointee as written.
std::string elementTypeText(clang::ASTContext &Ctx, const clang::Expr *Base, const clang::ArraySubscriptExpr *Read);
/// The global reads of \p Body that a tile may replace: element reads
/// through a pointer that is not shared memory nor a local array.
std::vector<const clang::ArraySubscriptExpr *> globalReadsIn(clang::ASTContext &Ctx, const clang::Stmt *Body);
/// What replacing the read \p R replaces: R, or the cache-hinted load
/// `__ldg(&R)` around it.
const clang::Expr *readValue(clang::ASTContext &Ctx, const clang::ArraySubscriptExpr *R);
/// Replaces the loop with \p Text (its `#pragma` lines kept above the loop
/// inside \p Text by the caller: see pragmaLines) and splits the guard as
/// the plan says. False (and \p Why) when the text around is not plain.
bool placeLoopText(clang::ASTContext &Ctx, ThreadAxes &TA, const LoopPlan &P, EditBuilder &B,
                   const std::string &Text, llvm::StringRef Unit, std::string &Why, const clang::Stmt *&At);
/// The `#pragma` lines on the loop (an AttributedStmt), which placeLoopText
/// removes; false when an attribute is not a `#pragma` line.
bool pragmaLines(clang::ASTContext &Ctx, const LoopPlan &P, std::vector<std::string> &Lines);

/// shared-memory-fits for \p Extra more bytes of static shared memory in
/// \p FD (\p What: "the tiles", "the tile").
Status tilesFit(clang::ASTContext &Ctx, const clang::FunctionDecl *FD, uint64_t Extra, llvm::StringRef What,
                PreconditionResult &R);

// Transposing stores (Transpose.cpp).
/// Forward sites of a kernel whose one store strides along threadIdx.x.
void findTransposeSites(const RewritePair &Pair, AnalysisContext &AC, const clang::FunctionDecl *FD);
/// The shared preconditions asked of a transpose site: true (and \p Out)
/// when \p Q is one.
bool transposeChecks(const PreconditionQuery &Q, llvm::StringRef Name, PreconditionResult &R, Status &Out);
Status checkWriteTransposed(const PreconditionQuery &Q, PreconditionResult &R);

// Halo (Halo.cpp).
/// Root: the loop is the outermost tap loop of a stencil nest (`for (i =
/// -R; i <= R; ++i)` over `in[(y + i) * W + x]`), planned; Inner: a tap loop
/// inside such a nest (the site is the root's); None: no read of it pairs a
/// tap with a thread index.
enum class HaloRole { None, Inner, Root };
HaloRole planHalo(const AnalysisContext &AC, const clang::FunctionDecl *FD, const clang::ForStmt *Root, LoopPlan &P);
/// The halo sites without tap loops of \p FD: reads of one array at
/// constant offsets of the thread indices (Halo.cpp).
void findOffsetHaloSites(const RewritePair &Pair, AnalysisContext &AC, const clang::FunctionDecl *FD);
/// The checks and edits of a forward site (SmemTile.cpp).
void checkAndEdit(const RewritePair &Pair, AnalysisContext &AC, const clang::FunctionDecl *FD, LoopPlan &P, Site &S);
/// The forward edits of a halo plan whose preconditions hold.
void haloEdits(AnalysisContext &AC, const clang::FunctionDecl *FD, LoopPlan &P, Site &S);

/// "line 12 ('A[row * K + k]')".
std::string describe(const clang::ASTContext &Ctx, const clang::Stmt *S);

// Reverse preconditions (Reverse.cpp); the subject is the tiled loop's plan.
Status checkTilesStagedOnce(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReadsBetweenBarriers(const PreconditionQuery &Q, PreconditionResult &R);
Status checkStagedIndexStable(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReverseSourceNotWritten(const PreconditionQuery &Q, PreconditionResult &R);

/// Reverse: the sites of tiled loops (Reverse.cpp).
void findReverseSites(const RewritePair &Pair, AnalysisContext &AC, const clang::FunctionDecl *FD);

} // namespace smem_tile
} // namespace klineage

#endif
