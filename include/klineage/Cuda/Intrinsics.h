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

#include "clang/AST/APValue.h"
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
/// A call to \p F writes no memory: isPureCallee's table, a function marked
/// `const` or `pure`, or a Clang builtin that is (`__builtin_inff`, which
/// INFINITY expands to; `__builtin_fabsf`).
bool isPureFunction(const clang::FunctionDecl *F);
/// Functions that write memory atomically or through a store hint
/// (atomicAdd, __nv_atomic_*, red.*, __stcg, ...): always a write.
bool isAtomicOrStoreCallee(llvm::StringRef Name);
/// The atomic read-modify-write family alone (atomicAdd, atomicCAS, ...).
bool isAtomicCallee(llvm::StringRef Name);
/// Cache-hinted loads: __ldg, __ldca, __ldcg, __ldcs, __ldlu, __ldcv.
bool isCacheHintLoad(llvm::StringRef Name);
/// The cache-hinted load that reads the element \p Element names:
/// `__ldg(&a[i])` (parens and casts around the address allowed) for the
/// subscript `a[i]`; null when \p Element is read otherwise. A rewrite that
/// replaces the read replaces this call, not the subscript under it (a
/// cache-hinted load of a shared or local address is wrong).
const clang::CallExpr *cacheHintLoadOf(const clang::Expr *Element, clang::ASTContext &Ctx);
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
//===----------------------------------------------------------------------===//
// Atomics and reductions
//===----------------------------------------------------------------------===//

/// The read-modify-write an atomic function performs.
enum class AtomicOp { Add, Sub, Max, Min, And, Or, Xor, Inc, Dec, Exch, CAS };
/// Which threads the atomicity is promised to: atomicAdd (the device),
/// atomicAdd_block (the block), atomicAdd_system (host and peer devices too).
enum class AtomicScope { Device, Block, System };
struct AtomicFunction {
  AtomicOp Op;
  AtomicScope Scope;
};
/// atomicAdd, atomicMax_block, atomicCAS_system, ... by name; nullopt for
/// any other name (atomicAdd_explicit, __nv_atomic_*, cuda::atomic_ref).
std::optional<AtomicFunction> atomicFunction(llvm::StringRef Name);
/// "atomicAdd", "atomicMax_block", ...: the name atomicFunction reads.
std::string atomicFunctionName(AtomicFunction F);

/// The element types of CUDA's integer and floating-point atomics and of
/// the reductions built for them.
enum class ScalarType { Int, UInt, LongLong, ULongLong, Float, Double };
/// \p T (canonical, qualifiers dropped) as one of them: `int`, `unsigned`,
/// `long long`, `unsigned long long`, `float`, `double`; nullopt for any
/// other type (`long`, `__half`, vectors, volatile or not).
std::optional<ScalarType> scalarTypeOf(clang::QualType T);
/// "int", "unsigned int", "long long", "unsigned long long", "float", "double".
const char *scalarTypeSpelling(ScalarType T);
bool isFloatingPoint(ScalarType T);
/// Whether CUDA 13 declares atomic \p Op for \p T (device_atomic_functions.h,
/// sm_20/32/60_atomic_functions.h; every one in the _block and _system scopes
/// too): atomicAdd for all six but `long long`, atomicSub/Inc/Dec for 32-bit
/// integers, atomicMax/Min/And/Or/Xor for the four integer types,
/// atomicExch/CAS for the integers and float (Exch) -- no float max/min.
bool hasAtomic(AtomicOp Op, ScalarType T);

/// An associative, commutative operator a reduction combines values with.
enum class ReduceOp { Add, Max, Min, And, Or, Xor };
/// "sum", "max", "min", "and", "or", "xor".
const char *reduceOpName(ReduceOp Op);
/// The reduction that one atomic applies as the atomics of its operands
/// would, one by one: Add for atomicAdd and atomicSub (`atomicSub(p, a + b)`
/// is `atomicSub(p, a)` then `atomicSub(p, b)` in modular arithmetic), the
/// operator itself for Max/Min/And/Or/Xor. None for Inc/Dec (they wrap at a
/// bound), Exch and CAS (the last writer or the comparison decides).
std::optional<ReduceOp> aggregateOf(AtomicOp Op);
/// Whether \p Op applies to \p T: bitwise operators need an integer.
bool reduceSupports(ReduceOp Op, ScalarType T);
/// Whether the result is the same in any grouping and order: integer
/// operators (modular arithmetic) and min/max; not floating-point addition,
/// whose rounding depends on the grouping (reassociation).
bool isOrderIndependent(ReduceOp Op, ScalarType T);
/// The identity of \p Op for \p T as a literal of that type: `-0.0f` for a
/// float sum (-0 + x == x for every x, +0 would turn a -0 into +0), `0u`,
/// `~0ull` for and, the type's lowest value for max (`(-2147483647 - 1)`),
/// its highest for min.
std::string identityLiteral(ReduceOp Op, ScalarType T);
/// Whether constant \p V is the identity of \p Op for \p T (an integer
/// or floating-point value as the AST evaluates it; a float 0 of either
/// sign counts for a sum).
bool isIdentityValue(ReduceOp Op, ScalarType T, const clang::APValue &V);
/// The statement expression that folds \p Value into \p Acc: `acc += v`,
/// `acc = max(acc, v)` (CUDA's integer overloads), `acc |= v`, ...
std::string foldText(ReduceOp Op, llvm::StringRef Acc, llvm::StringRef Value);

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
