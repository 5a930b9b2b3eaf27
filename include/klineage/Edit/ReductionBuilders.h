//===- ReductionBuilders.h - Warp and block reductions as source text -*- C++ -*-===//
//
// Part of KLineage. The statements of a warp- or block-wide reduction of one
// value per thread, for rewrites that introduce one (atomic-aggregate,
// row-parallelize, warp-shuffle-reduce): shuffles within each warp
// (`__shfl_down_sync`, offsets 16, 8, 4, 2, 1), then, for a block, one
// shared-memory stage (lane 0 of every warp stores its partial, a barrier,
// warp 0 reduces the partials). The code is correct for any block shape:
// the rank is the linear thread index over x, y and z, and unless the
// caller knows every warp is full, a lane adds a neighbour's value only
// when that lane exists (a partial last warp shuffles with the mask of its
// existing lanes). Every thread of the scope must execute the statements
// (they hold a barrier at block scope); the caller checks that. Pairs of
// values (argmax/argmin, online softmax) go through buildPairReduction.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_EDIT_REDUCTIONBUILDERS_H
#define KLINEAGE_EDIT_REDUCTIONBUILDERS_H

#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Edit/SourceBuilders.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>
#include <vector>

namespace klineage {

/// What to reduce, over which threads, under which launch facts. Text is
/// spelled as it must appear in the output.
struct ReductionRequest {
  cuda::ReduceOp Op = cuda::ReduceOp::Add;
  /// The element type as written at the insertion point ("float",
  /// "unsigned long long", a template's "T"); one of cuda::ScalarType's.
  std::string Type;
  /// The identity of Op for Type (cuda::identityLiteral, or `T(0)` for a
  /// template parameter).
  std::string Identity;
  /// A modifiable local of Type that holds each thread's value before and
  /// the result after.
  std::string Value;
  enum class Scope { Warp, Block } Over = Scope::Block;
  /// Who holds the result: the leader (lane 0 of each warp, or the block's
  /// thread of rank 0) or every thread of the scope (a broadcast).
  enum class Holder { Leader, All } ResultIn = Holder::Leader;
  /// blockDim.x * y * z is a multiple of 32: every warp has its 32 lanes
  /// (LaunchFacts); drops the lane guards.
  bool FullWarps = false;
  /// blockDim.y == blockDim.z == 1: the rank is threadIdx.x.
  bool OneDimensional = false;
  /// The statements run more than once (inside a loop): a block reduction
  /// waits at a barrier before its warps store their partials, so that none
  /// overwrites them before warp 0 has read the previous round's.
  bool Reentrant = false;
  /// Stem of the fresh names (FreshNames makes them unique).
  std::string NameStem = "reduce";
};

struct ReductionCode {
  /// The statements to insert, one per line, nested lines starting with
  /// the indent unit given to buildReduction; the `__shared__` array of a
  /// block reduction is the first line.
  std::vector<std::string> Lines;
  /// An expression, valid after the statements, that is true in exactly
  /// the threads holding a result: lane 0 of each warp (Warp) or the rank-0
  /// thread of the block (Block). Empty when every thread holds it.
  std::string LeaderCondition;
  /// Bytes of static shared memory the statements declare.
  unsigned SharedBytes = 0;
};

/// The statements of reduction \p R; fresh names come from \p Names.
/// \p ElementBytes: sizeof(Type), for SharedBytes.
ReductionCode buildReduction(const ReductionRequest &R, FreshNames &Names, unsigned ElementBytes,
                             llvm::StringRef IndentUnit = "  ");

/// A reduction of two locals per thread that combine as a pair
/// (Analysis/Reductions' PairFold), over a warp or a block, with the result
/// broadcast to every thread of the scope:
///  - ArgMax / ArgMin: (value, index): the larger (smaller) value wins; of
///    equal values the smaller index (FirstOnTies, the serial loop's `>`),
///    or the larger (`>=`);
///  - OnlineSoftmax: (m, s), a running maximum and a sum of exp(x - m):
///    M = max(m1, m2), s = s1 * exp(m1 - M) + s2 * exp(m2 - M), where a
///    side whose m is M is scaled by 1, not by exp(m - M) (two empty sides,
///    m = -inf, give s1 + s2 = 0, not exp(-inf + inf) = NaN).
/// Shuffles within each warp (both locals, offsets 16..1), then for a block
/// one shared stage (lane 0 of every warp stores both, a barrier, warp 0
/// combines the partials of the existing warps), then rank 0 stores the
/// result in both shared arrays and every thread reads it after a barrier
/// (`__shfl_sync(.., 0)` of both for a warp).
struct PairReductionRequest {
  enum class Kind { ArgMax, ArgMin, OnlineSoftmax } K = Kind::ArgMax;
  /// ArgMax/ArgMin: of equal values the larger index wins.
  bool LastOnTies = false;
  /// The two locals (the value and its index; m and s), modifiable, with
  /// their types as written at the insertion point.
  std::string Value, ValueType, Other, OtherType;
  /// OnlineSoftmax: the exponential to scale with, as the kernel spells it
  /// (`expf`, `__expf`, `exp`).
  std::string Exp = "expf";
  ReductionRequest::Scope Over = ReductionRequest::Scope::Block;
  bool FullWarps = false;      ///< as ReductionRequest
  bool OneDimensional = false; ///< as ReductionRequest
  bool Reentrant = false;      ///< as ReductionRequest
  std::string NameStem = "pair";
};

/// The statements of pair reduction \p R; fresh names come from \p Names.
/// \p ValueBytes, \p OtherBytes: the sizes of the two types, for
/// SharedBytes. LeaderCondition is empty (every thread holds the result).
ReductionCode buildPairReduction(const PairReductionRequest &R, FreshNames &Names, unsigned ValueBytes,
                                 unsigned OtherBytes, llvm::StringRef IndentUnit = "  ");

/// The statements of reduction \p R as a shared-memory halving tree (the
/// form the warp-shuffle reductions replaced, for the reverse direction of
/// warp-shuffle-reduce): each thread stores its value in a `__shared__`
/// array of \p Threads elements (the block's thread count, a power of two;
/// a multiple of 32 for a warp scope), then `if (rank < s) tree[rank] op=
/// tree[rank + s]` for s = Threads / 2 (16 for a warp) down to 1, a barrier
/// after each step (__syncthreads, or __syncwarp for a warp). Every thread
/// of the scope ends with the result in R.Value (LeaderCondition is empty).
ReductionCode buildSharedTree(const ReductionRequest &R, uint64_t Threads, FreshNames &Names,
                              unsigned ElementBytes, llvm::StringRef IndentUnit = "  ");

/// The pair reduction \p R as a shared-memory halving tree (the reverse of
/// a pair's warp shuffles): both locals stored in two `__shared__` arrays of
/// \p Threads elements (as buildSharedTree), then for s = Threads / 2 (16
/// for a warp) down to 1 the ranks below s combine the pair s above theirs
/// into their locals (buildPairReduction's combine) and store it back, a
/// barrier after each step. Every thread of the scope ends with the result
/// in both locals.
ReductionCode buildSharedPairTree(const PairReductionRequest &R, uint64_t Threads, FreshNames &Names,
                                  unsigned ValueBytes, unsigned OtherBytes, llvm::StringRef IndentUnit = "  ");

/// \p Code's lines as text to insert after a statement: each on a new line
/// starting with \p Indent (the statement's indentation).
std::string indentLines(const std::vector<std::string> &Lines, llvm::StringRef Indent);

} // namespace klineage

#endif
