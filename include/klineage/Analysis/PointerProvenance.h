//===- PointerProvenance.h - Where a pointer comes from ----------*- C++ -*-===//
//
// Part of KLineage. The root of a pointer expression: a kernel parameter, a
// __device__ function's parameter, a __device__ (global) array, a __shared__
// array, a local array or scalar, a struct member, or unknown (with why);
// the named local pointers on the way (`const float *row = A + r * lda;`),
// the byte offset from the root as a LinearForm, an alignment from
// __builtin_assume_aligned, and in-place advances of a parameter (`A += BK`).
// mayAlias compares two roots from the source alone (facts the user asserts
// are the caller's business). Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_POINTERPROVENANCE_H
#define KLINEAGE_ANALYSIS_POINTERPROVENANCE_H

#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/Mutation.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

/// Where a pointer comes from.
struct Root {
  enum Kind { KernelParam, DeviceParam, GlobalVar, Shared, LocalArray, LocalScalar, Member, Unknown };
  Kind K = Unknown;
  const clang::ValueDecl *D = nullptr;
  bool Restrict = false;
  std::string Name;                ///< the root's name (parameter, array, field)
  std::vector<std::string> Chain;  ///< named local pointers from the use back to the root
  LinearForm OffsetBytes;          ///< byte offset from the root (when known)
  bool OffsetKnown = true;
  std::optional<unsigned> AlignBytes; ///< from __builtin_assume_aligned
  /// A parameter advanced in place (`x += e`, `x -= e`): the element counts
  /// added; the offset is a multiple of N bytes if every one is.
  std::vector<const clang::Expr *> Advances;
  int64_t AdvanceElemBytes = 0;
  std::string Why;                 ///< for Unknown
  bool isParam() const { return K == KernelParam || K == DeviceParam; }
  bool isLocal() const { return K == LocalArray || K == LocalScalar; }
};

/// Roots of pointers inside one function (whose FunctionFacts it reads).
class PointerProvenance {
public:
  PointerProvenance(const clang::ASTContext &Ctx, const FunctionFacts &Facts, Linearizer &Lin)
      : Ctx(Ctx), Facts(Facts), Lin(Lin) {}
  Root rootOf(const clang::Expr *Ptr, unsigned Depth = 0);

private:
  const clang::ASTContext &Ctx;
  const FunctionFacts &Facts;
  Linearizer &Lin;
};

/// Pointer expression under a memory access lvalue (x in x[i], *(x+i), p->f,
/// __ldg(p)).
const clang::Expr *accessBasePointer(const clang::Expr *Access);

enum class Alias { No, May, Same };
/// Whether memory through \p A and \p B may overlap, from the source alone
/// (distinct memory spaces, distinct arrays, both __restrict__); \p Why says
/// what they share or why they may alias.
Alias mayAlias(const Root &A, const Root &B, std::string &Why);

} // namespace analysis
} // namespace klineage

#endif
