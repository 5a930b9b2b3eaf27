//===- ReplicatedCopies.h - A shared array as C copies of B bins -*- C++ -*-===//
//
// Part of KLineage. Is a __shared__ array a set of C replicated copies of a
// B-bin array, laid out copy[bin * C + k] with k in [0, C) (typically
// `threadIdx.x % C`, so the lanes of a warp update different banks) or
// copy-major, copy[k * B + bin] (one whole histogram per warp), and does a
// loop body merge, for one bin b, the combination of its C copies (read in
// any order per bin, `(c + b) % C` included) into a global array element
// `g[b]`? The questions privatize-shared's reverse asks of a replicated
// private histogram.
//
//  - copyAccesses follows the array everywhere the kernel sends it: its own
//    accesses (PointerUses), local pointers set once to an offset into it
//    (`unsigned *mine = hist + threadIdx.x % C;`, `&hist[lane]`, sums of
//    offsets), and device functions that receive it (`countWord(mine, w)`,
//    function templates' specializations included), whose parameter's uses
//    are followed in the function's body.
//  - copySlot writes one atomic update's element offset (the offsets on the
//    way and its index, as LinearForms) as C * bin + k (or k * B + bin) and
//    bounds both parts with ValueRange, each term in the function that
//    writes it (a helper's parameters take the call's constant arguments,
//    `stride`, and the other arguments' ranges; threadIdx the launches'
//    block shape): k in [0, C) and the bin in [0, B) prove the update hits
//    copy k of that bin. The bin must be written in the update itself.
//  - binMerge recognises the merge of bin b, `T acc = init; for (c ...) acc
//    op= copy[f(b, c)]; [if (test)] atomicOp(&g[b], acc);` (acc may start
//    from one copy), and proves that {f(b, c)} is {b * C + k : k in [0, C)}
//    (or {k * B + b}), each once, for every b in [0, B), by evaluating f in
//    the types the source gives it.
//
// Structured answers (what was found, or why not, with the node involved);
// the caller words the diagnostics. Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_REPLICATEDCOPIES_H
#define KLINEAGE_ANALYSIS_REPLICATEDCOPIES_H

#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/PointerUses.h"
#include "klineage/Analysis/ValueRange.h"
#include "klineage/Cuda/Intrinsics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

/// How C copies of B bins are laid out.
enum class CopyLayout {
  Interleaved, ///< element bin * C + k: a bin's copies are adjacent (one per lane)
  Blocked,     ///< element k * B + bin: each copy is a whole B-bin array (one per warp)
};
/// "bin * C + k", "k * B + bin".
const char *layoutName(CopyLayout L);

/// An element offset written in one function.
struct OffsetPart {
  const clang::Expr *E = nullptr; ///< null: element 0
  const clang::FunctionDecl *In = nullptr;
};

/// One use of the array, in the kernel or in a device function it reaches.
struct CopyAccess {
  PointerUse Use;                            ///< in function In
  const clang::FunctionDecl *In = nullptr;   ///< the kernel or a helper
  const clang::ParmVarDecl *Param = nullptr; ///< helper: its parameter that holds the copy
  /// Helper: the call that passed the copy into In; its constant arguments
  /// (a stride of C) stand for In's parameters in copySlot, and the ranges
  /// of the others bound them.
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *CallIn = nullptr; ///< the function that makes Call
  /// The offsets added on the way, outermost first (the kernel's offset
  /// pointers, the arguments of the helper calls); Use.Index is not in it.
  std::vector<OffsetPart> Offsets;
  /// The expression of the kernel that this use happens under: Use.At in
  /// the kernel, else the kernel's call that passes the copy on.
  const clang::Expr *KernelAt = nullptr;
  bool isUpdate() const { return Use.K == PointerUse::AtomicUpdate; }
};

/// `T *p = copy + e;` (or `copy - e`, `&copy[e]`), p never modified.
struct OffsetAlias {
  const clang::VarDecl *Var = nullptr;
  const clang::DeclStmt *Decl = nullptr;
  const clang::FunctionDecl *In = nullptr;
};

/// A call that passes the copy (or a pointer into it) to a device function.
struct CopyCall {
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *In = nullptr;     ///< the caller
  unsigned Arg = 0;
  const clang::FunctionDecl *Callee = nullptr; ///< the definition
  const clang::ParmVarDecl *Param = nullptr;   ///< the callee's parameter
  /// A helper's call: the caller's parameter that holds the copy.
  const clang::ParmVarDecl *Holder = nullptr;
};

struct CopyAccesses {
  std::vector<CopyAccess> Uses;       ///< source order within each function
  std::vector<OffsetAlias> Aliases;
  std::vector<CopyCall> Calls;
  /// Uses not followed: passed to a function without a definition, a
  /// template, a second parameter of one call, recursion; Use.Why says why.
  std::vector<CopyAccess> Unfollowed;
};

/// Every use of \p Array (a variable of \p Kernel) in the kernel and in the
/// device functions it passes the array to.
CopyAccesses copyAccesses(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
                          const clang::VarDecl *Array);

/// Where one atomic update lands in C copies of B bins.
struct CopySlot {
  bool Strided = false;
  std::string Why;                  ///< when not
  const clang::Expr *WhyAt = nullptr;
  LinearForm Bin;                   ///< in atoms of the update's function
  IntRange BinRange, CopyRange;
  /// The bin as source text of the update's function: the operand of
  /// `X * C` when the index is written so, else the form spelled out.
  std::string BinText;
};

/// Decomposes \p A (an atomic update) into bin * C + k (or k * B + bin)
/// with \p Copies = C and \p Bins = B. The terms of the bin must be written
/// in the update itself (its index, or the offsets of its address); the
/// offset pointers and call arguments on the way may only choose the copy.
/// \p Block: the kernel's block shape when its launches show it (bounds
/// threadIdx in the ranges).
CopySlot copySlot(clang::ASTContext &Ctx, const CopyAccess &A, uint64_t Copies, uint64_t Bins,
                  CopyLayout Layout = CopyLayout::Interleaved,
                  std::optional<Dim3> Block = std::nullopt);

/// The merge of one bin: the body of a loop over the bins (variable Bin).
struct BinMerge {
  /// Whether the body has the shape: an accumulator, a loop combining
  /// elements of the copy into it, one atomic of the accumulator into g[b].
  bool Shaped = false;
  std::string ShapeWhy;
  const clang::Stmt *ShapeAt = nullptr;
  const clang::VarDecl *Acc = nullptr;
  const clang::Expr *Init = nullptr;        ///< Acc's initial value
  /// Set when Acc starts from an element of the copy (`acc = copy[b * C]`,
  /// the loop then combining the others): that element's index or pointer.
  const clang::Expr *InitRead = nullptr;
  std::optional<cuda::ReduceOp> Op;         ///< how the loop combines
  const clang::Stmt *CopyLoop = nullptr;
  const clang::Expr *Read = nullptr;        ///< the element read, `copy[f(b, c)]`
  const clang::Expr *Test = nullptr;        ///< `if (Test) atomic`, or null
  const clang::CallExpr *Atomic = nullptr;  ///< `atomicOp(&g[b], acc)`
  const clang::DeclRefExpr *Target = nullptr;
  /// Whether each bin's C copies are each read once (needs Shaped), in
  /// Layout: interleaved, else blocked.
  bool Summed = false;
  CopyLayout Layout = CopyLayout::Interleaved;
  std::string SummedWhy;
};

/// \p Body (the loop body over bins \p Bin in [0, \p Bins)) as the merge of
/// one bin of \p Copies copies of \p Array, in either layout (interleaved
/// tried first).
BinMerge binMerge(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel, const clang::Stmt *Body,
                  const clang::VarDecl *Bin, const clang::VarDecl *Array, uint64_t Copies,
                  uint64_t Bins);

/// The multiset {\p Index(b, c) : c in \p CopyValues} is {b * C + k : k in
/// [0, C)} (blocked: {k * B + b}) for every b in [0, \p Bins): nullopt when
/// so, else why. \p Index
/// may use \p B, \p C and constants only; with \p Array it may also be a
/// pointer into it (`hist + 8 * b + c`), evaluated as the element offset.
/// \p First: one more element read before the loop, of \p B only (the
/// accumulator's start).
std::optional<std::string> readsEveryCopyOnce(const clang::ASTContext &Ctx, const clang::Expr *Index,
                                              const clang::VarDecl *B, const clang::VarDecl *C,
                                              const std::vector<int64_t> &CopyValues,
                                              uint64_t Copies, uint64_t Bins,
                                              const clang::VarDecl *Array = nullptr,
                                              CopyLayout Layout = CopyLayout::Interleaved,
                                              const clang::Expr *First = nullptr);

} // namespace analysis
} // namespace klineage

#endif
