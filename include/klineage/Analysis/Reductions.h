//===- Reductions.h - Warp and block reductions written in the source -*- C++ -*-===//
//
// Part of KLineage. Recognises the reductions kernels write by hand (and
// the ones Edit/ReductionBuilders emits), for the reverse directions of the
// pairs that introduce them:
//  - a thread's place in its block: its rank (threadIdx.x in a 1-D block,
//    the linear index over x, y, z), its lane (rank % 32) or its warp
//    (rank / 32), through locals set once;
//  - a condition true in one thread per warp or per block (`lane == 0`,
//    `tid == 0`, `!threadIdx.x`);
//  - a fold of a value into a variable (`v += e`, `v = max(v, e)`, ...);
//  - a pair fold: two variables a loop body changes together, an argmax or
//    argmin (a value and its index) or an online softmax (a running max and
//    a rescaled sum of exponentials), read by evaluating the statements
//    symbolically (row-parallelize forward);
//  - a warp shuffle reduction of a variable (a loop or five unrolled steps
//    of `__shfl_down_sync`/`__shfl_xor_sync` over offsets 16..1, guarded or
//    not), alone, followed by a shared-memory stage across warps, or inside
//    a __device__ helper that returns it; a shared-memory halving tree
//    (`for (s = blockDim.x / 2; s > 0; s >>= 1) { if (tid < s) sm[tid] +=
//    sm[tid + s]; __syncthreads(); }`, a constant start, unrolled steps
//    `if (tid < 128) ...; __syncthreads();` under `if (blockSize >= 256)`,
//    the register copy of `sm[tid] = v = v + sm[tid + s]`, and the volatile
//    warp-synchronous tail `if (tid < 32) { vs[tid] += vs[tid + 32]; ... }`
//    written out or in a helper `warpReduce(sm, tid)`); cub::BlockReduce's
//    Sum and Reduce.
// The matchers check the structure and the operator; what the launch must
// guarantee for the reduction to cover its group (a 1-D block, a
// power-of-two block for a halving tree, the warp count a shared stage
// reads) is returned for the caller to settle with LaunchFacts.
// Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_REDUCTIONS_H
#define KLINEAGE_ANALYSIS_REDUCTIONS_H

#include "klineage/Analysis/Mutation.h"
#include "klineage/Cuda/Intrinsics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

/// What an integer expression says about its thread's place in the block.
struct ThreadPlace {
  enum Kind { Rank, Lane, Warp } K = Rank;
  /// The threadIdx dimensions the rank is built from: 1 (threadIdx.x: the
  /// rank only in a 1-D block), 2 (x + y * blockDim.x: when blockDim.z is
  /// 1), 3 (the linear rank of any block).
  unsigned Dims = 1;
};
/// \p E as a rank, a lane (rank % 32, & 31, % warpSize, & (warpSize - 1))
/// or a warp (rank / 32, >> 5, / warpSize), through casts and locals that
/// are initialised once and never modified (\p Facts: the function's).
std::optional<ThreadPlace> threadPlaceOf(const clang::ASTContext &Ctx, const clang::Expr *E,
                                         const FunctionFacts &Facts);
/// A call of method \p Method (`size`, `num_threads`, `meta_group_size`, ...)
/// on a cooperative_groups::thread_block_tile<32>: a warp of the block.
bool isWarpTileCall(const clang::Expr *E, llvm::StringRef Method);

/// A condition true in exactly one thread per group: `X == 0`, `0 == X`,
/// `!X` with X a rank (one per block) or a lane (one per warp), and
/// `threadIdx.x == 0 && threadIdx.y == 0 [&& threadIdx.z == 0]`.
std::optional<ThreadPlace> leaderOf(const clang::ASTContext &Ctx, const clang::Expr *Cond,
                                    const FunctionFacts &Facts);

/// A statement folding a value into a variable: `v += e`, `v = v + e`,
/// `v = e + v`, `v = max(v, e)` (max/fmaxf/fmax, min/fminf/fmin, either
/// argument order), `v &= e`, `v |= e`, `v ^= e`, and the `v = v op e`
/// forms of those; and the compare-and-take spelling of max and min, `if
/// (e > v) v = e;` (`>=`, `v < e`; `<`, `<=`, `v > e` for min), e the same
/// side-effect-free expression in both places, no else.
struct Fold {
  const clang::VarDecl *Var = nullptr;
  cuda::ReduceOp Op = cuda::ReduceOp::Add;
  const clang::Expr *Operand = nullptr;
  const clang::Expr *E = nullptr;    ///< the folding expression (the assignment, for the if form)
  const clang::Stmt *Whole = nullptr; ///< the statement: E, or the if around it
};
std::optional<Fold> foldOf(const clang::Stmt *S);

/// Two locals that the statements of a loop body change together, one
/// element per iteration, which no single fold combines but a reduction of
/// pairs does:
///  - ArgMax / ArgMin: a value and the index where it was found. When the
///    element beats the value (`>`, `<`: the first of equal elements wins;
///    `>=`, `<=`: the last), the value takes the element and the index
///    takes Position; otherwise both stay. `if (v > best) { best = v;
///    arg = c; }`, the pair of ternaries `arg = v > best ? c : arg; best =
///    v > best ? v : best;`, `if (x[i] < lo) lo = x[i], at = i;`.
///  - OnlineSoftmax: a running maximum m and a sum s of exp(element - m),
///    rescaled when m grows: after the statements, m is max(m0, v) and s is
///    s0 * exp(m0 - m) + exp(v - m), as `float mn = fmaxf(m, v); s = s *
///    __expf(m - mn) + __expf(v - mn); m = mn;`, `if (v > m) { s = s *
///    expf(m - v) + 1.f; m = v; } else { s += expf(v - m); }` or `if (v > m)
///    { s *= expf(m - v); m = v; } s += expf(v - m);` compute it.
/// The statements are read for what they compute, not for how they are
/// spelled: they are evaluated symbolically (assignments, compound
/// assignments, declarations of temporaries, if/else, ?:, + - * /, unary
/// minus, exp/expf/__expf, max/fmaxf/fmax, min/fminf/fmin) into terms of the
/// two locals' values before the iteration and of the element, and each
/// side of the one comparison they branch on must give the pair's update.
struct PairFold {
  enum Kind { ArgMax, ArgMin, OnlineSoftmax } K = ArgMax;
  /// ArgMax/ArgMin: the value compared; OnlineSoftmax: the running max.
  const clang::VarDecl *Value = nullptr;
  /// ArgMax/ArgMin: the index; OnlineSoftmax: the rescaled sum.
  const clang::VarDecl *Other = nullptr;
  /// The element folded in each iteration (`v`, `x[r * cols + c]`).
  const clang::Expr *Candidate = nullptr;
  /// ArgMax/ArgMin: what the index takes when the element wins (`c`).
  const clang::Expr *Position = nullptr;
  /// ArgMax/ArgMin: an equal element wins too (`>=`, `<=`): of equal values
  /// the last is kept; otherwise the first.
  bool LastOnTies = false;
  /// OnlineSoftmax: the first exponential call (expf, __expf, exp, ...), so
  /// that a combined reduction uses the kernel's own.
  const clang::CallExpr *Exp = nullptr;
  /// The statements of the body that make up the pair, in order.
  std::vector<const clang::Stmt *> Stmts;
};

/// The pair fold that \p Var (a local declared outside \p Body) takes part
/// in, among the statements \p Body (a loop body's, in order): every
/// statement that reads or changes Var, another local from outside the body
/// that the body changes (\p Index, the loop's counter, aside: a `while`
/// loop steps it in its body), or a local of the body whose declaration
/// reads one of those. \p Facts: the function's.
/// nullopt and an empty \p Why: the statements change Var alone (a plain
/// fold, or something else a caller explains). nullopt and \p Why: they
/// change it with another local, or under a comparison with a local they
/// leave unchanged (an index moved without its value), in a way no pair
/// reduction combines; Why says what was found.
std::optional<PairFold> pairFoldOf(const clang::ASTContext &Ctx, llvm::ArrayRef<const clang::Stmt *> Body,
                                   const clang::VarDecl *Var, const clang::VarDecl *Index,
                                   const FunctionFacts &Facts, std::string &Why);

/// A reduction of a pair of locals per thread over a warp or a block, whose
/// every step is the pair's combine:
///  - OnlineSoftmax, (max, sum): (m1, s1) + (m2, s2) = (M, s1 exp(m1 - M) +
///    s2 exp(m2 - M)), M = max(m1, m2);
///  - ArgMax / ArgMin, (value, index): the larger (smaller) value with its
///    index, and of equal values the smaller index (LastOnTies: the larger),
///    as a serial loop keeps the first (last) of equal elements.
/// The combine is read for what it computes (the pair evaluator of
/// pairFoldOf, through __device__ helpers that take the pair by reference or
/// return a value, `&&`/`||` conditions; guards on an infinite maximum and
/// `m == M ? 1 : exp(m - M)` read as the exponential), not for how it is
/// spelled. Shapes:
///  - a warp stage: a loop over offsets 16..1 that shuffles both locals
///    (`__shfl_down_sync`/`__shfl_xor_sync`) and combines them with the
///    partners, perhaps under `lane + offset < count` (alone or `&&` the
///    combine's condition); then perhaps lane 0's pair to the warp
///    (`__shfl_sync(.., 0)` of both);
///  - then, across warps: lane 0 of each warp stores the pair in two
///    `__shared__` arrays at the warp's index, a barrier, and either warp 0
///    loads them (`if (rank < count) { a = A_[rank]; b = B_[rank]; }`) with a
///    guarded second warp stage and optionally broadcasts through element 0
///    (`if (rank == 0) {...} __syncthreads(); a = A_[0]; b = B_[0];`), or
///    every thread merges the partials in order (`a = A_[0]; b = B_[0]; for
///    (w = 1; w < W; ++w) combine(a, b, A_[w], B_[w]);`).
/// Returned as a ReductionMatch with Pair set (Var is Pair->Value); both
/// locals hold the result where ResultVar would.
struct PairReduction {
  PairFold::Kind K = PairFold::OnlineSoftmax;
  /// OnlineSoftmax: the running max; ArgMax/ArgMin: the value.
  const clang::VarDecl *Value = nullptr;
  /// OnlineSoftmax: the rescaled sum; ArgMax/ArgMin: the index.
  const clang::VarDecl *Other = nullptr;
  bool LastOnTies = false; ///< ArgMax/ArgMin: equal values keep the larger index
};

/// What the launch must satisfy for a reduction to combine every thread of
/// its group exactly once (the caller checks it against the block shape).
struct Coverage {
  /// The rank's dimensions (ThreadPlace::Dims); 0 for a warp-only reduction.
  unsigned RankDims = 0;
  /// A halving tree from blockDim.x / 2: blockDim.x must be a power of two.
  bool PowerOfTwoBlockX = false;
  /// A halving tree from a constant: blockDim.x must be twice it.
  std::optional<uint64_t> TreeBlockX;
  /// A tree from blockDim.x / 2 whose loop stops early and whose last
  /// strides are written out (a warp tail): blockDim.x must be at least this.
  std::optional<uint64_t> MinBlockX;
  /// A shared stage reads this many warp partials: it must be the number
  /// of warps, ceil(threads / 32) (null when written as exactly that).
  const clang::Expr *WarpCount = nullptr;
};

/// A reduction of one value per thread over a warp or a block.
struct ReductionMatch {
  enum Shape { WarpShuffle, ShuffleAndShared, SharedTree, Helper, CubBlockReduce } Kind = WarpShuffle;
  enum Group { Warp, Block } Over = Warp;
  cuda::ReduceOp Op = cuda::ReduceOp::Add;
  /// The variable holding each thread's value before and the result after
  /// (reduced in place), or null (SharedTree, a helper's result assigned to
  /// another variable).
  const clang::VarDecl *Var = nullptr;
  /// Each thread's value: Var, the value stored into the tree, the
  /// argument of a helper or of cub.
  const clang::Expr *Contribution = nullptr;
  /// Where the result is read: Var, the tree's element 0, the variable a
  /// helper's result initialises.
  const clang::VarDecl *ResultVar = nullptr;
  const clang::VarDecl *TreeArray = nullptr;
  /// The statements that make up the reduction, in order (contiguous).
  std::vector<const clang::Stmt *> Stmts;
  /// Declarations only the reduction uses (its shared arrays, lane/warp
  /// locals declared among Stmts).
  std::vector<const clang::VarDecl *> Scratch;
  Coverage Needs;
  /// Every thread of the group ends with the result (a butterfly of
  /// `__shfl_xor_sync`), not only the leader.
  bool EveryThreadHolds = false;
  /// SharedTree: its strides double from 1 (`tid % (2 * s) == 0`), not halve.
  bool Doubling = false;
  std::string Description; ///< "warp shuffles (__shfl_down_sync) and a shared stage"
  /// A pair reduction (pairReductionAt): Var is the running max, this the sum.
  std::optional<PairReduction> Pair;
  /// Helper: the shape of the helper's body (a cooperative_groups reduce is
  /// the library's warp shuffles).
  Shape HelperShape = WarpShuffle;
};

/// A reduction made of the statements \p Body[Begin, End) exactly, whose
/// result the statement Body[End] reads through \p Result (the variable
/// reduced in place, or an element of a tree). \p Facts: the function's.
/// When nothing matches, \p Why says what was expected where.
std::optional<ReductionMatch> matchReduction(clang::ASTContext &Ctx,
                                             llvm::ArrayRef<const clang::Stmt *> Body, size_t Begin,
                                             size_t End, const clang::Expr *Result,
                                             const FunctionFacts &Facts, std::string &Why);

/// The reductions that end right before Body[End] and read into \p Result:
/// the longest match over the statements before it.
std::optional<ReductionMatch> reductionBefore(clang::ASTContext &Ctx,
                                              llvm::ArrayRef<const clang::Stmt *> Body, size_t End,
                                              const clang::Expr *Result, const FunctionFacts &Facts,
                                              std::string &Why);

/// The longest reduction (of any shape) that starts at Body[Begin], for
/// rewrites that replace one wherever it is written; its result is
/// ResultVar, or TreeArray's element 0 for a tree.
std::optional<ReductionMatch> reductionAt(clang::ASTContext &Ctx, llvm::ArrayRef<const clang::Stmt *> Body,
                                          size_t Begin, const FunctionFacts &Facts, std::string &Why);

/// The longest pair reduction (see PairReduction) that starts at
/// Body[Begin]; nullopt and \p Why when the statements shuffle two locals
/// but do not combine them as a pair.
std::optional<ReductionMatch> pairReductionAt(clang::ASTContext &Ctx, llvm::ArrayRef<const clang::Stmt *> Body,
                                              size_t Begin, const FunctionFacts &Facts, std::string &Why);

/// How a reduction's result reaches every thread of its group, in the
/// statements right after it:
///  - Butterfly: none needed (xor shuffles leave it in every lane);
///  - ShuffleLane0: `v = __shfl_sync(mask, v, 0)` (or `T w = ...`), a warp;
///  - SharedSlot: `if (leader) S = v;` (S a `__shared__` scalar or an element
///    at a constant index), a barrier (`__syncthreads()`, `__syncwarp()`
///    for a warp), then optionally `v = S;` / `T w = S;` -- without the
///    copy, later statements read S itself;
///  - TreeRoot: a halving tree whose last step ends in a barrier (or is
///    followed by one): every thread may read element 0.
struct ResultBroadcast {
  enum Kind { Butterfly, ShuffleLane0, SharedSlot, TreeRoot } K = Butterfly;
  /// The broadcast's statements after the reduction (may be empty).
  std::vector<const clang::Stmt *> Stmts;
  /// The local every thread holds the result in after Stmts (the reduced
  /// variable, or the one the copy declares); null when it is read from
  /// Slot.
  const clang::VarDecl *Var = nullptr;
  /// Slot (without a copy) or TreeRoot: the shared variable or array whose
  /// element SlotIndex holds the result for every thread.
  const clang::VarDecl *Slot = nullptr;
  std::optional<int64_t> SlotIndex; ///< null: Slot is a scalar
};
/// The broadcast of reduction \p M's result that starts at Body[After], or
/// nullopt when the result stays with the leader (lane 0, rank 0).
std::optional<ResultBroadcast> broadcastAfter(clang::ASTContext &Ctx, llvm::ArrayRef<const clang::Stmt *> Body,
                                              size_t After, const ReductionMatch &M, const FunctionFacts &Facts);
/// Whether \p E reads the element (or scalar) that \p B's Slot names.
bool readsSlot(const clang::ASTContext &Ctx, const clang::Expr *E, const ResultBroadcast &B,
               const FunctionFacts &Facts);

/// How many declarations right before Body[Begin] belong to reduction
/// \p Found (its shared arrays, lanes, warps, widths: declared from thread
/// indices alone and used nowhere but in it), given that statements from
/// Body[ReadFrom] on are not part of it.
size_t scratchBefore(llvm::ArrayRef<const clang::Stmt *> Body, size_t Begin, size_t ReadFrom,
                     const ReductionMatch &Found, const FunctionFacts &Facts);

/// The value of integer expression \p E in a block of shape (\p X, \p Y,
/// \p Z): constants, warpSize (32), blockDim, locals set once, + - * / % >>
/// <<; nullopt for anything else.
std::optional<int64_t> evaluateInBlock(const clang::ASTContext &Ctx, const clang::Expr *E,
                                       const FunctionFacts &Facts, uint64_t X, uint64_t Y, uint64_t Z);

} // namespace analysis
} // namespace klineage

#endif
