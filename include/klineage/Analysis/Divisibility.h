//===- Divisibility.h - Is an integer a provable multiple of N? ---*- C++ -*-===//
//
// Part of KLineage. A LinearForm is a multiple of N when every term is: a
// coefficient that N divides, or an atom that is — a variable every
// definition of which (initialiser, =, +=, -=) is a multiple, one that
// __builtin_assume(v % N == 0) says is, or one the caller's facts say is
// (--assume, through AssertedMultiple). Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_DIVISIBILITY_H
#define KLINEAGE_ANALYSIS_DIVISIBILITY_H

#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/Mutation.h"
#include <cstdint>
#include <functional>

namespace klineage {
namespace analysis {

enum class Truth { Holds, Fails, Unknown };

class Divisibility {
public:
  /// Facts from outside the source: is variable \p V a multiple of \p N?
  using AssertedMultiple = std::function<bool(const clang::VarDecl *V, int64_t N)>;
  Divisibility(const FunctionFacts &Facts, Linearizer &Lin, AssertedMultiple Asserted = {})
      : Facts(Facts), Lin(Lin), Asserted(std::move(Asserted)) {}

  /// Is atom \p AtomKey (of Lin) a provable multiple of \p N?
  bool atomMultiple(const std::string &AtomKey, int64_t N, unsigned Depth = 0);
  /// Is every term of \p F a provable multiple of \p N?
  bool formMultiple(const LinearForm &F, int64_t N, unsigned Depth = 0);

  struct Answer {
    Truth T = Truth::Unknown;
    int64_t Remainder = 0;  ///< Fails: the constant's remainder
    Monomial Unproven;      ///< Unknown: the first term not proven
    int64_t Need = 0;       ///< ...and the factor its atoms would need
  };
  /// Holds: \p F is a multiple of \p N; Fails: its symbolic part is, and its
  /// constant is not; Unknown: a term is not provable (named in the answer).
  Answer multipleOf(const LinearForm &F, int64_t N);

private:
  const FunctionFacts &Facts;
  Linearizer &Lin;
  AssertedMultiple Asserted;
};

} // namespace analysis
} // namespace klineage

#endif
