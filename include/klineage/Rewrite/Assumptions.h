//===- Assumptions.h - Facts the AST cannot prove, asserted by the user ---===//
//
// Part of KLineage. Alignment of a pointer parameter, absence of aliasing and
// divisibility of a size are facts about the *workload*, not the source. An
// unproven fact makes a precondition `unknown`; forward application on
// `unknown` is refused unless the user asserts the fact with --assume:
//
//   aligned:NAME:BYTES   pointer NAME is aligned to BYTES (a power of two)
//   noalias:NAME         NAME aliases no other pointer parameter of its function
//   noalias              no two pointer parameters of any function alias
//   multiple:NAME:N      integer NAME is a multiple of N
//   block:[KERNEL:]X[,Y,Z]  every launch of KERNEL (of every kernel when
//                        omitted) has blockDim (X, Y, Z); Y and Z default to 1
//   grid:[KERNEL:]X[,Y,Z]   the same for gridDim
//   reassociate          floating-point sums may be regrouped (the rounding
//                        changes; the workload's tolerance must allow it)
//   max:NAME:N           integer NAME is at most N (a bound on a size)
//   grid-edit-external[:KERNEL]  the launches of KERNEL (of every kernel when
//                        omitted) are adjusted outside this file: a rewrite
//                        that changes the launch shape may apply without
//                        finding or editing them
//   bins:NAME:N          every index into array NAME lies in [0, N)
//   all                  every unknown precondition is asserted (use with care)
//
// NAME is a parameter/variable name, optionally qualified by its function:
// "saxpy.x". Facts in the source itself (__restrict__, __builtin_assume_aligned,
// __builtin_assume(n % 4 == 0)) are read by the rewrites from the AST.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITE_ASSUMPTIONS_H
#define KLINEAGE_REWRITE_ASSUMPTIONS_H

#include "klineage/Analysis/ValueRange.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace klineage {

class Assumptions {
public:
  /// Parses --assume values; each may hold several facts separated by ','.
  static llvm::Expected<Assumptions> parse(llvm::ArrayRef<std::string> Specs);

  /// Largest asserted alignment (bytes) of pointer \p Name in \p Function.
  std::optional<unsigned> alignment(llvm::StringRef Function, llvm::StringRef Name) const;
  /// True if \p Name in \p Function is asserted to alias no other pointer.
  bool noAlias(llvm::StringRef Function, llvm::StringRef Name) const;
  /// True if \p Name in \p Function is asserted to be a multiple of \p N.
  bool multipleOf(llvm::StringRef Function, llvm::StringRef Name, unsigned N) const;
  /// multipleOf for the variables of \p Function, as analysis::Divisibility
  /// takes outside facts (its AssertedMultiple). Holds a reference to this.
  std::function<bool(const clang::VarDecl *, int64_t)> multiplesIn(const clang::FunctionDecl *Function) const;
  /// The smallest asserted upper bound of integer \p Name in \p Function.
  std::optional<uint64_t> maxValue(llvm::StringRef Function, llvm::StringRef Name) const;
  /// \p Function's integer parameters bounded by `max:` facts, by index, as
  /// analysis::ValueRanges takes what callers know of them (nullopt: the
  /// parameter's type range).
  std::vector<std::optional<analysis::IntRange>> parameterRanges(const clang::FunctionDecl *Function) const;
  /// True if the user takes care of \p Kernel's launches
  /// (grid-edit-external[:KERNEL]).
  bool gridEditExternal(llvm::StringRef Kernel) const;
  /// The asserted blockDim / gridDim of \p Kernel's launches: a fact naming
  /// the kernel wins over one for every kernel.
  std::optional<std::array<uint64_t, 3>> block(llvm::StringRef Kernel) const;
  std::optional<std::array<uint64_t, 3>> grid(llvm::StringRef Kernel) const;
  /// The asserted element count of array \p Name in \p Function: every
  /// index into it lies in [0, N).
  std::optional<unsigned> bins(llvm::StringRef Function, llvm::StringRef Name) const;
  /// True if floating-point reductions may be reassociated (--assume=reassociate,
  /// --assume=all, or a workload whose tolerance allows it: allowReassociation).
  bool reassociate() const { return Reassociate || AssumeAll || !ReassociationSource.empty(); }
  /// Floating-point regrouping is allowed by \p Source (a workload
  /// manifest's nonzero tolerance, which the gate then checks).
  void allowReassociation(std::string Source) { ReassociationSource = std::move(Source); }
  /// What allows the regrouping, for reasons: "--assume=reassociate",
  /// "--assume=all" or allowReassociation's source (empty: nothing).
  std::string reassociationSource() const;
  /// True if the user asserted every unknown precondition (--assume=all).
  bool all() const { return AssumeAll; }
  /// The facts in canonical spelling, for reports.
  std::vector<std::string> describe() const;

private:
  struct Fact {
    enum Kind { Aligned, NoAlias, Multiple, Max, Block, Grid, GridEditExternal, Bins } K;
    std::string Function; ///< empty: any function (Block, Grid, GridEditExternal: the kernel)
    std::string Name;     ///< empty (NoAlias only): every pointer
    unsigned Value = 0;
    uint64_t Bound = 0; ///< Max
    std::vector<uint64_t> Dims; ///< Block, Grid: X[, Y[, Z]] as written
  };
  std::optional<std::array<uint64_t, 3>> shape(Fact::Kind K, llvm::StringRef Kernel) const;
  bool matches(const Fact &F, llvm::StringRef Function, llvm::StringRef Name) const;
  std::vector<Fact> Facts;
  bool AssumeAll = false;
  bool Reassociate = false;
  std::string ReassociationSource; ///< allowReassociation's
};

} // namespace klineage

#endif
