//===- PointerUses.h - How a function uses the memory behind a pointer -*- C++ -*-===//
//
// Part of KLineage. Every use of one pointer variable (a parameter, or a
// local pointer or array) in a function body, and of the local pointers
// initialised from it without an offset (`unsigned *h = hist;`), classified
// by what it does to the memory: an atomic read-modify-write of an element
// (`atomicAdd(&p[i], v)`, `atomicMax(p + i, v)`, `atomicOr(p, v)`) with its
// element index and whether its result is used; a load; a store; a plain
// read-modify-write (`p[i] += v`, `p[i]++`); or an escape, where the pointer
// or an element's address goes somewhere this analysis does not follow (a
// call, another variable, an offset alias, a comparison, a reassignment).
// The declaration of an alias is a use too (Alias), and the alias's uses
// follow it.
// The question "is every access of this array an atomic update?" for the
// privatisation and aggregation rewrites. Lambdas' bodies are not searched
// (a capture of the pointer is an escape). Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_POINTERUSES_H
#define KLINEAGE_ANALYSIS_POINTERUSES_H

#include "klineage/Cuda/Intrinsics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

struct PointerUse {
  enum Kind { AtomicUpdate, Load, Store, ReadModifyWrite, Alias, Escape } K = Escape;
  /// The reference to the pointer (or to the alias it goes through).
  const clang::DeclRefExpr *Ref = nullptr;
  /// The nearest local pointer the use goes through (`h` in `h = hist;
  /// h[i]`), or null.
  const clang::VarDecl *Via = nullptr;
  /// Alias: the local pointer initialised from it.
  const clang::VarDecl *Copy = nullptr;
  /// The expression that uses it: the atomic call, the element lvalue, or
  /// the expression the pointer escapes into.
  const clang::Expr *At = nullptr;
  /// The element index (`i` in `&p[i]`, `p + i`, `*(p + i)`); null for
  /// element 0 (`*p`, `atomicAdd(p, v)`).
  const clang::Expr *Index = nullptr;
  /// AtomicUpdate: the function and whether its returned value is used.
  std::optional<cuda::AtomicFunction> Atomic;
  bool ResultUsed = false;
  /// Escape: why the use is not followed ("passed to 'f'", ...).
  std::string Why;
};

/// Every use of \p Ptr in \p FD's body, in source order.
std::vector<PointerUse> pointerUses(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                                    const clang::VarDecl *Ptr);

/// Whether the value of expression \p E (in \p FD's body) is used: false for
/// an expression statement, the left side of a comma, a `(void)` cast, a
/// for-loop's increment.
bool valueIsUsed(clang::ASTContext &Ctx, const clang::FunctionDecl *FD, const clang::Expr *E);

} // namespace analysis
} // namespace klineage

#endif
