//===- Alignment.h - Is a pointer aligned to N bytes? -------------*- C++ -*-===//
//
// Part of KLineage. Whether a pointer, given as its root and byte offset
// (PointerProvenance), is aligned to N bytes. The root's alignment comes from
// what the source guarantees:
//  - `__builtin_assume_aligned(p, A)` on the way to the access;
//  - a declared array (global, `__shared__`, local): its declared alignment
//    (`alignas`, `__align__`, the element type's own);
//  - a parameter's pointee type: a `float4 *` points to 16-byte aligned
//    memory; a `float *` only promises 4 (what cudaMalloc returned is the
//    launcher's business: unknown unless the caller asserts it);
//  - an array member of a struct: the struct type's alignment;
//  - facts the caller asserts (--assume=aligned:NAME:A), through
//    AssertedAlignment, for the root or a named pointer on the way;
// and the byte offset from the root must be a provable multiple of N
// (Divisibility), as must every in-place advance of a parameter.
// Results are structured for the caller to word. Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_ALIGNMENT_H
#define KLINEAGE_ANALYSIS_ALIGNMENT_H

#include "klineage/Analysis/Divisibility.h"
#include "klineage/Analysis/PointerProvenance.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <optional>
#include <string>

namespace klineage {
namespace analysis {

/// The alignment a pointer root is known to have, and what says so.
struct RootAlignment {
  enum Source {
    None,          ///< nothing known
    AssumeAligned, ///< __builtin_assume_aligned(root, Bytes)
    Declared,      ///< the declared alignment of an array variable
    PointeeType,   ///< a parameter's pointee type (alignof(T) of a T *)
    RecordType,    ///< the alignment of the struct holding an array member
    Asserted,      ///< a fact the caller asserts about the root
  } From = None;
  unsigned Bytes = 0;
  /// A guarantee of the source (decided): a smaller alignment than needed
  /// fails. The pointee type and asserted facts are lower bounds only.
  bool exact() const { return From == AssumeAligned || From == Declared || From == RecordType; }
};

/// Whether a pointer is aligned to Need bytes, and why.
struct AlignmentAnswer {
  Truth T = Truth::Unknown;
  enum Reason {
    AssertedOnTheWay,  ///< Holds: named pointer Name on the way is asserted AssertedBytes
    AdvanceNotMultiple,///< Unknown: a parameter advanced in place by Advance elements
    OffsetUnknown,     ///< Unknown: the offset from the root cannot be analysed
    ConstantOffset,    ///< Fails: the root plus Offset bytes, not a multiple of Need
    FieldOffset,       ///< Fails (constant) / Unknown (symbolic): an array member at
                       ///< byte Offset of a struct not known to be Need-aligned
    FieldInStruct,     ///< Unknown: an array member at a multiple of Need, in a struct
                       ///< whose alignment is less
    OffsetNotMultiple, ///< Unknown: the symbolic offset is not a provable multiple
    RootUnknown,       ///< Unknown: nothing is known of the root's alignment
    RootTooSmall,      ///< Fails (exact source) / Unknown: Root.Bytes < Need
    Aligned,           ///< Holds: Root.Bytes >= Need and the offset a multiple
  } Why = RootUnknown;
  unsigned Need = 0;
  RootAlignment Root;
  std::string Name;           ///< AssertedOnTheWay: the pointer asserted
  unsigned AssertedBytes = 0; ///< AssertedOnTheWay: its asserted alignment
  const clang::Expr *Advance = nullptr; ///< AdvanceNotMultiple
  int64_t Offset = 0;         ///< the constant part of the byte offset
  bool SymbolicOffset = false;///< the offset has terms other than a constant
};

class Alignment {
public:
  /// The alignment the caller asserts for pointer \p Name (a parameter or a
  /// named local pointer), if any.
  using AssertedAlignment = std::function<std::optional<unsigned>(llvm::StringRef Name)>;
  Alignment(const clang::ASTContext &Ctx, Linearizer &Lin, Divisibility &Div,
            AssertedAlignment Asserted = {})
      : Ctx(Ctx), Lin(Lin), Div(Div), Asserted(std::move(Asserted)) {}

  /// The best alignment known for \p R's root itself (offset not counted).
  RootAlignment rootAlignment(const Root &R) const;
  /// Is the pointer \p R (root + offset) aligned to \p Need bytes?
  AlignmentAnswer alignedTo(const Root &R, unsigned Need);

private:
  const clang::ASTContext &Ctx;
  Linearizer &Lin;
  Divisibility &Div;
  AssertedAlignment Asserted;
};

} // namespace analysis
} // namespace klineage

#endif
