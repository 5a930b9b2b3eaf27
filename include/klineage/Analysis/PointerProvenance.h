//===- PointerProvenance.h - Where a pointer comes from ----------*- C++ -*-===//
//
// Part of KLineage. The root of a pointer expression: a kernel parameter, a
// __device__ function's parameter, a __device__ (global) array, a __shared__
// array, a local array or scalar, a struct member, or unknown (with why);
// the named local pointers on the way (`const float *row = A + r * lda;`),
// the byte offset from the root as a LinearForm, an alignment from
// __builtin_assume_aligned, and in-place advances of a parameter (`A += BK`).
// mayAlias compares two roots from the source alone (facts the user asserts
// are the caller's business). carriesPointer is the one derivation step of
// the model: rootOf follows it backwards, pointerFlow (PointerFlow.h)
// forwards. Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_POINTERPROVENANCE_H
#define KLINEAGE_ANALYSIS_POINTERPROVENANCE_H

#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/Mutation.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
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
  /// Moves \p R, the root of \p From, by the step to \p E (carriedPointer).
  void step(Root &R, const clang::Expr *E, const clang::Expr *From);

  const clang::ASTContext &Ctx;
  const FunctionFacts &Facts;
  Linearizer &Lin;
};

/// The one step by which a pointer value derives from another: \p E's
/// value is \p Operand's pointer, converted or moved within the same memory.
/// True for parentheses, a cast to a pointer type, `p + i` / `i + p` /
/// `p - i` (also of dependent type in a template), `p++` / `--p`, `q = p`,
/// `p += i` / `p -= i`, the right operand of a comma, and
/// `__builtin_assume_aligned(p, N)`. A `c ? p : q` carries one of two
/// pointers, which is not one step: pointerFlow treats its value as mixed,
/// rootOf as unknown. Memory reached through the pointer (`&p[i]`,
/// `p->arr`) is not a step either: each direction follows it on its own.
bool carriesPointer(const clang::Expr *E, const clang::Expr *Operand);
/// The operand whose pointer \p E carries (carriesPointer), when exactly one
/// operand of pointer or array type does; else null.
const clang::Expr *carriedPointer(const clang::Expr *E);
/// \p E without parentheses, implicit casts and explicit casts from a
/// pointer or array to a pointer (`const_cast<T *>(p)`, `(T *)smem`,
/// `reinterpret_cast<float4 *>(static_cast<void *>(q))`): the same address.
const clang::Expr *throughPointerCasts(const clang::Expr *E);

/// Whether \p A and \p B certainly denote the same pointer: the same
/// variable, member path, element, address or sum, spelled alike
/// (parentheses and casts aside).
bool samePointerExpr(const clang::Expr *A, const clang::Expr *B);

/// A call or launch of \p Fn (any redeclaration, or instantiation of its
/// template) in the translation unit that passes the same pointer
/// (samePointerExpr) as parameter \p Index and as one of the parameters
/// \p Others -- evidence that the two alias; sets \p Other to that
/// parameter. Null when there is none.
const clang::CallExpr *callPassingSamePointer(clang::ASTContext &Ctx, const clang::FunctionDecl &Fn,
                                              unsigned Index, llvm::ArrayRef<unsigned> Others,
                                              unsigned &Other);

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
