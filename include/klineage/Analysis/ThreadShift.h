//===- ThreadShift.h - How an index moves with the thread indices -*- C++ -*-===//
//
// Part of KLineage. Questions a stencil's reads raise about their index
// forms (LinearForm, locals already expanded), asked by smem-tile's halo
// sites and answered once here:
//  - does a form depend on threadIdx.a and a tap counter v only through
//    their sum (`in[(y + i) * W + x]`: F(t, v) == F(t + v, 0))?
//  - by which monomial and coefficient does threadIdx.a enter a form (`W`
//    for the row of `in[(y + dy) * W + x]`, 1 for its column)?
//  - is one form another shifted by whole steps of the thread indices
//    (`u[idx + nx]` is `u[idx - 1]` one row down and one column right)?
// Pure functions of the forms; the atom keys are LinearForm's.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_THREADSHIFT_H
#define KLINEAGE_ANALYSIS_THREADSHIFT_H

#include "klineage/Analysis/LinearForm.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace klineage {
namespace analysis {

/// LinearForm's atom key of threadIdx.x (\p Dim 0), .y (1) or .z (2).
std::string threadIdxKey(unsigned Dim);

/// \p F mentions atom \p Key in some monomial.
bool mentionsAtom(const LinearForm &F, const std::string &Key);

/// \p F depends on the atoms \p T and \p V only through T + V:
/// substituting V := 0, T := T + V gives F back.
bool dependsOnlyOnSum(const LinearForm &F, const std::string &T, const std::string &V);

/// How an atom enters a form: \p F's terms holding atom T (once) are
/// Coeff * Mono * T.
struct AtomStep {
  Monomial Mono; ///< the other atoms of the term, sorted; empty: a constant step
  int64_t Coeff = 0;
  bool operator==(const AtomStep &O) const { return Mono == O.Mono && Coeff == O.Coeff; }
  bool operator!=(const AtomStep &O) const { return !(*this == O); }
};
/// The one term of \p F holding \p T (degree one); none when no term or
/// several do, or one holds T twice.
std::optional<AtomStep> atomStep(const LinearForm &F, const std::string &T);

/// \p A - \p B as whole steps: with each of \p Steps' atoms entering both
/// forms by its step (the same in both), the integers n_i such that
/// A - B == sum_i n_i * Coeff_i * Mono_i; none when the difference is
/// anything else (another term, a step that does not divide).
std::optional<std::vector<int64_t>> shiftBetween(const LinearForm &A, const LinearForm &B,
                                                 const std::vector<AtomStep> &Steps);

} // namespace analysis
} // namespace klineage

#endif
