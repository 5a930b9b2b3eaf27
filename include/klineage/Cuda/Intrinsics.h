//===- Intrinsics.h - Tables of CUDA functions and types ----------*- C++ -*-===//
//
// Part of KLineage. One table each for what the pairs must know about CUDA's
// device functions and vector types: which calls are pure, which write
// memory atomically, which are cache-hinted loads and stores, which are warp
// shuffles, and which record types are the built-in vector types.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_CUDA_INTRINSICS_H
#define KLINEAGE_CUDA_INTRINSICS_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <utility>

namespace klineage {
namespace cuda {

/// Math, conversion, bit and warp-vote functions without side effects on
/// memory (make_float4, __expf, __popc, __shfl_sync, __ldg, ...).
bool isPureCallee(llvm::StringRef Name);
/// Functions that write memory atomically or through a store hint
/// (atomicAdd, __nv_atomic_*, red.*, __stcg, ...): always a write.
bool isAtomicOrStoreCallee(llvm::StringRef Name);
/// The atomic read-modify-write family alone (atomicAdd, atomicCAS, ...).
bool isAtomicCallee(llvm::StringRef Name);
/// Cache-hinted loads: __ldg, __ldca, __ldcg, __ldcs, __ldlu, __ldcv.
bool isCacheHintLoad(llvm::StringRef Name);
/// Cache-hinted stores: __stcg, __stcs, __stwb, __stwt.
bool isCacheHintStore(llvm::StringRef Name);
/// Warp shuffles (__shfl_sync, __shfl_down_sync, ..., legacy __shfl*).
bool isWarpShuffle(llvm::StringRef Name);
/// Warp-level collectives whose result depends on which threads run them
/// together: shuffles, votes (__ballot_sync, __any_sync, __all_sync,
/// __activemask, legacy __ballot/__any/__all), matches (__match_*_sync),
/// warp reductions (__reduce_*_sync), __syncwarp and lane masks.
bool isWarpCollective(llvm::StringRef Name);
/// Block barriers by name: __syncthreads and its counting forms,
/// __barrier_sync and the bar.sync builtins (barrierScope sees the rest).
bool isBlockBarrier(llvm::StringRef Name);

/// The threads a barrier waits for.
enum class SyncScope { Warp, Block, Grid };
const char *syncScopeName(SyncScope S); ///< "warp", "block", "grid"
/// The scope call \p C synchronises: a block barrier by name (block),
/// __syncwarp (warp), or a cooperative_groups sync, `g.sync()` or
/// `cg::sync(g)`, by g's type (thread_block: block; grid_group and
/// multi_grid_group: grid; tiles and coalesced groups: warp). nullopt for
/// any other call.
std::optional<SyncScope> barrierScope(const clang::CallExpr *C);

/// The 4-byte scalar element kinds the vector rewrites handle: "float",
/// "int", "uint"; nullopt for anything else (and for volatile).
std::optional<std::string> scalarKind(clang::QualType T);
/// float2/float4/int2/int4/uint2/uint4: element kind and width.
std::optional<std::pair<std::string, unsigned>> vectorKind(clang::QualType T);
inline std::string vectorTypeName(llvm::StringRef Elem, unsigned V) {
  return (Elem + llvm::Twine(V)).str();
}
/// A member (an operator, a conversion, a constructor) of CUDA's 16-bit
/// float types __half, __nv_bfloat16 and their x2 pairs: arithmetic on
/// registers, no memory access (`(float)h`, `h * g`).
bool isHalfPrecisionMember(const clang::FunctionDecl *F);
/// Whether the translation unit declares `__ldg(const T *)` for the
/// (canonical, unqualified) pointee \p Pointee.
bool ldgSupports(clang::ASTContext &Ctx, clang::QualType Pointee);

} // namespace cuda
} // namespace klineage

#endif
