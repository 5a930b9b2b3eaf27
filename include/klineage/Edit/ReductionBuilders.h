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
// (they hold a barrier at block scope); the caller checks that.
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

/// \p Code's lines as text to insert after a statement: each on a new line
/// starting with \p Indent (the statement's indentation).
std::string indentLines(const std::vector<std::string> &Lines, llvm::StringRef Indent);

} // namespace klineage

#endif
