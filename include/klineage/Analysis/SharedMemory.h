//===- SharedMemory.h - __shared__ arrays: sizes, limits, banks ----*- C++ -*-===//
//
// Part of KLineage. The __shared__ variables a kernel uses (declared in it,
// in the __device__ functions it calls — the instantiation called, so a
// template's dependent sizes are evaluated per instantiation — or at file
// scope), their bytes per block (static; dynamic `extern __shared__ T s[]`
// from a launch's smem argument, given by the caller), checked against the
// static and opt-in limits; how a function uses one array (element accesses,
// vector accesses through an element's address, or uses that depend on its
// size or layout: rows as pointers, sizeof, the array passed on); and for an
// access `s[i]..[j]` its 4-byte word index as a LinearForm and the
// bank-conflict degree across the lanes of a warp, by evaluating the indices
// for every lane (conflict): with the block shape when the caller knows it,
// else for warps of 32 consecutive threadIdx.x with threadIdx.y and .z the
// same across a warp (blockDim.x a multiple of 32, or a one-dimensional
// block). Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_SHAREDMEMORY_H
#define KLINEAGE_ANALYSIS_SHAREDMEMORY_H

#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/Uniformity.h"
#include "klineage/Cuda/LaunchSites.h"
#include "clang/AST/ASTContext.h"
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

struct SharedDecl {
  const clang::VarDecl *Var = nullptr;
  /// The function declaring it (the kernel or a helper); null at file scope.
  const clang::FunctionDecl *Function = nullptr;
  bool Dynamic = false;          ///< `extern __shared__ T s[]`: sized at launch
  std::vector<uint64_t> Dims;    ///< known extents, outermost first
  uint64_t ElemBytes = 0;        ///< of the innermost element (0 when dependent)
  std::optional<uint64_t> Bytes; ///< static size; unset when dynamic or dependent
};

/// The __shared__ array \p V stands for: V itself when it is one; for a
/// local pointer never changed after its initialiser, the array that
/// initialiser carries (through casts: `reinterpret_cast<T *>(smem)`, or a
/// call whose one return carries one: the CUDA samples' `SharedMemory<T>()`);
/// for a pointer parameter of a __device__ function, the array every call of
/// the function passes there (PyTorch's `BlockReduceSum(val, shared)`), when
/// all calls in the user's code pass the same one or each passes one --
/// then the first; null when a call passes anything else or none is seen.
/// Calls of a template instance's pattern count for the pattern's
/// parameters. Followed through at most three such parameters.
const clang::VarDecl *sharedArrayOf(clang::ASTContext &Ctx, const clang::VarDecl *V);

/// \p V described: dynamic or not, its extents, element and total bytes
/// (\p F: the function declaring it, null at file scope).
SharedDecl sharedDecl(clang::ASTContext &Ctx, const clang::VarDecl *V, const clang::FunctionDecl *F = nullptr);

struct SharedUsage {
  std::vector<SharedDecl> Decls;
  uint64_t StaticBytes = 0;
  bool StaticKnown = true; ///< every static size was evaluated
  bool UsesDynamic = false;
  std::optional<uint64_t> DynamicBytes; ///< as given by the caller
};

/// The shared memory of one block of \p Kernel (an instantiation for a
/// kernel template); \p DynamicBytes: the launch's smem argument when known.
SharedUsage sharedUsage(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
                        std::optional<uint64_t> DynamicBytes = std::nullopt);

/// A launch's dynamic shared memory: 0 when not written, the value of a
/// constant expression, else nullopt.
std::optional<uint64_t> launchSharedBytes(const clang::ASTContext &Ctx, const cuda::LaunchSite &Site);

/// Per-block limits: static allocations stop at 48 KiB; more (static plus
/// dynamic) needs cudaFuncAttributeMaxDynamicSharedMemorySize, up to
/// 227 KiB on sm_90.
struct SharedLimits {
  uint64_t StaticMax = 48 * 1024;
  uint64_t OptInMax = 227 * 1024;
};

struct LimitCheck {
  enum Verdict { Fits, NeedsOptIn, Exceeds, Unknown } V = Unknown;
  uint64_t Bytes = 0; ///< static plus dynamic, as far as known
  std::string Why;
};
LimitCheck checkLimits(const SharedUsage &U, const SharedLimits &L = {});

/// One access to a __shared__ array element: `s[i][j]` (every dimension
/// subscripted), or a vector access through an element's address
/// (`*reinterpret_cast<float4 *>(&s[i][j])`, `reinterpret_cast<float4 *>(&s[i][j])[0]`),
/// which reads or writes AccessBytes from that element on.
struct SharedAccess {
  const clang::Expr *E = nullptr;
  const clang::VarDecl *Array = nullptr;
  uint64_t ElemBytes = 0;
  /// Bytes one lane moves: ElemBytes, or the vector's size (Vector).
  uint64_t AccessBytes = 0;
  bool Vector = false;
  /// The element's subscript expressions, outermost first, and the
  /// array's extents (as many).
  std::vector<const clang::Expr *> Indices;
  std::vector<uint64_t> Extents;
  /// The 4-byte word index from the array's start (its bank is this mod
  /// 32); unset when an index has no linear form or an element is not a
  /// whole number of words (Why).
  std::optional<LinearForm> Words;
  std::string Why;
};

/// The warps a bank-conflict degree is computed for.
struct WarpModel {
  /// The blockDim of every launch, when known: every warp of such a block
  /// is evaluated (threads numbered x fastest, the last warp perhaps
  /// partial). Unset: warps of 32 consecutive threadIdx.x (up to 1024),
  /// threadIdx.y and .z the same in a warp, blockDim unknown.
  std::optional<Dim3> Block;
  /// The innermost extent (elements) to lay the array out with instead of
  /// the declared one: the degree of the same access in a padded array.
  std::optional<uint64_t> RowLength;
};

struct BankConflict {
  /// The worst over the warps evaluated: the most distinct 4-byte words one
  /// bank serves in one phase of the access (1: conflict-free, or a
  /// broadcast).
  std::optional<unsigned> Degree;
  std::optional<int64_t> LaneStride;   ///< words between neighbouring lanes (a linear threadIdx.x form)
  std::string Why;                     ///< when Degree is unset
  /// Without a block shape: the degree read threadIdx.y/.z (assumed the
  /// same across a warp) or blockDim (then Degree is unset), so it holds
  /// only for the assumed warps; a WarpModel::Block settles it.
  bool ShapeDependent = false;
  /// Every lane of each warp evaluated is on one row (the subscripts above
  /// the innermost agree; known even when the innermost has no value): the
  /// row length cannot change the degree.
  bool SameRow = false;
  /// The term that made Degree unknown (a load, a call, a variable that
  /// differs between lanes), when there is one.
  const clang::Expr *Breaker = nullptr;
};

/// How a function uses a __shared__ array: element accesses are what the
/// bank analysis reads; anything else depends on the array's size or
/// layout (Why).
struct SharedUse {
  enum Kind {
    Element,        ///< `s[i][j]`, read or written (or its address handed to an atomic)
    VectorElement,  ///< a vector access from an element's address (SharedAccess::Vector)
    LayoutDependent ///< a row or the array as a pointer, sizeof, a cast, passed on, ...
  } K = LayoutDependent;
  const clang::DeclRefExpr *Ref = nullptr;
  /// Element: the subscript; VectorElement: the dereference; otherwise the
  /// expression that depends on the layout.
  const clang::Expr *At = nullptr;
  std::string Why; ///< LayoutDependent: "row 'tile[r]' used as a pointer", ...
};

/// Every use of \p Array in \p FD's body (uninstantiated templates are
/// searched as written), in source order. An element's address passed to
/// an atomic (`atomicAdd(&s[i][j], v)`) is an Element; a vector access is
/// recognised through `reinterpret_cast`, a C-style or `static_cast` of the
/// element's address to a pointer to a type of 8 or 16 bytes.
std::vector<SharedUse> sharedUses(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                                  const clang::VarDecl *Array);

/// Shared accesses of the function of \p U (whose levels tell which terms
/// are the same for every lane).
class SharedBanks {
public:
  SharedBanks(clang::ASTContext &Ctx, Uniformity &U) : Ctx(Ctx), U(U), Lin(Ctx) {}
  /// \p E as an element of a __shared__ array (or a vector access through
  /// an element's address), or nullopt when it is not one.
  std::optional<SharedAccess> access(const clang::Expr *E);
  /// The degree under the default model (no block shape, declared extents).
  BankConflict conflict(const SharedAccess &A) { return conflict(A, WarpModel()); }
  /// The degree of \p A across every warp of \p M: each index is evaluated
  /// per lane (threadIdx from the lane, blockDim from the shape, locals set
  /// once through their initialisers, a loop's counter as its start plus a
  /// multiple of its step, `/`, `%`, shifts and masks exactly); terms the same
  /// across the warp (Uniformity) take sample values, three rounds, the worst
  /// kept, unless one scales or reshapes a lane term (`threadIdx.x * n`: no
  /// degree, Why). Lanes are all taken to run the access (guards are not read: the
  /// degree is an upper bound). An access of 4 bytes or less is served in one
  /// phase, 8 bytes in two half-warps, 16 bytes in four quarter-warps.
  BankConflict conflict(const SharedAccess &A, const WarpModel &M);

private:
  struct LaneIndices; // per warp and lane: the evaluated subscripts
  const LaneIndices &lanes(const SharedAccess &A, const std::optional<Dim3> &Block);
  clang::ASTContext &Ctx;
  Uniformity &U;
  Linearizer Lin;
  std::map<std::pair<const clang::Expr *, std::string>, std::shared_ptr<LaneIndices>> Cache;
};

} // namespace analysis
} // namespace klineage

#endif
