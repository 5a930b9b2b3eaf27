//===- ValueRange.h - Which values an integer expression may take -*- C++ -*-===//
//
// Part of KLineage. An interval [Lo, Hi] that holds every value an integer
// expression of a device function may take where it is evaluated: "is this
// index within [0, 256)?". One forward walk over the function's structured
// code (abstract interpretation over intervals) keeps a range per integer
// local and parameter, narrows it by the conditions that guard each branch
// (`if (b < NUM_BINS)`, `if (x >= w) return;`, `c ? a : b`, `&&`, `||`) and
// by clamps (`if (b > 63) b = 63;`), widens what a loop modifies (a signed
// index that only grows keeps its start as lower bound), and evaluates
// operators with C's conversions (unsigned wrap-around gives the type's
// whole range): `& M`, `% N`, `>> s`, `min`/`max`, loads of narrow types
// (`unsigned char` gives [0, 255]), builtin indices, and calls of device
// functions (the union of their returns for the argument ranges).
//
// When one written expression sets the upper bound (`b < NUM_BINS` gives
// Hi = NUM_BINS - 1), the range remembers it, so a rewrite can size an array
// by the name the code uses (the same text in every template instantiation).
//
// Sound over-approximation: every value the expression can take at run time
// is in the range. Anything not understood gives the range of its type;
// a variable whose address is taken, that is bound to a non-const
// reference, or a function with goto, gives its type's range.
// Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_VALUERANGE_H
#define KLINEAGE_ANALYSIS_VALUERANGE_H

#include "klineage/Analysis/LaunchFacts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

/// A closed interval of integers. Bounds saturate at the int64 limits: Hi ==
/// INT64_MAX means "unbounded above" (an unsigned 64-bit value may exceed it).
struct IntRange {
  int64_t Lo = INT64_MIN, Hi = INT64_MAX;
  /// Where Hi comes from when one written expression sets it: Hi equals the
  /// value of HiExpr plus HiAdjust (`b < NUM_BINS`: NUM_BINS, -1). Null when
  /// Hi comes from a type or from arithmetic.
  const clang::Expr *HiExpr = nullptr;
  int64_t HiAdjust = 0;

  static IntRange exactly(int64_t V) { return {V, V}; }
  /// Every value of integer type \p T (bool: [0, 1]).
  static IntRange ofType(const clang::ASTContext &Ctx, clang::QualType T);
  bool isExact() const { return Lo == Hi; }
  bool boundedAbove() const { return Hi != INT64_MAX; }
  bool boundedBelow() const { return Lo != INT64_MIN; }
  /// [Lo, Hi] lies within [L, H].
  bool within(int64_t L, int64_t H) const { return Lo >= L && Hi <= H; }
  /// "[0, 255]", "[-inf, 7]".
  std::string str() const;
};

/// The smallest interval holding both (an empty side is ignored by callers).
IntRange hull(const IntRange &A, const IntRange &B);

/// Ranges of the integer expressions of one function.
class ValueRanges {
public:
  /// \p ParamRanges: what the caller knows of \p FD's parameters, by index
  /// (nullopt or missing: the parameter's type range). \p Block: the block
  /// shape of every launch \p FD runs under (LaunchFacts), which bounds
  /// threadIdx and fixes blockDim; nullopt: CUDA's limits.
  ValueRanges(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
              std::vector<std::optional<IntRange>> ParamRanges = {},
              std::optional<Dim3> Block = std::nullopt);
  ~ValueRanges();
  ValueRanges(const ValueRanges &) = delete;
  ValueRanges &operator=(const ValueRanges &) = delete;

  /// The values \p E may take each time it is evaluated; nullopt when \p E
  /// is not an integer (or enum, bool) expression of the function's body
  /// that the walk reaches (dead code, a lambda's body).
  std::optional<IntRange> rangeOf(const clang::Expr *E);
  /// The union of the values the function returns (nullopt: it returns no
  /// integer, or never returns).
  std::optional<IntRange> returnRange();

  struct Walk;

private:
  void run();
  clang::ASTContext &Ctx;
  const clang::FunctionDecl *FD;
  std::vector<std::optional<IntRange>> Params;
  std::optional<Dim3> Block;
  unsigned Depth = 0;
  bool Ran = false;
  std::map<const clang::Expr *, IntRange> Seen;
  std::optional<IntRange> Returns;
  friend struct Walk;
};

} // namespace analysis
} // namespace klineage

#endif
