//===- LinearForm.h - Index expressions as sums of constant * monomial ---===//
//
// Part of KLineage. `4*i+1`, `1+i*4`, `(i<<2)+1` and `i*4+1` all become
// {i: 4, 1: 1}. A monomial is a sorted list of atoms (a variable, a CUDA
// builtin such as threadIdx.x, or an opaque side-effect-free subexpression
// keyed by its structural profile), so `row*ld + 4*c` and `ld*row + c*4`
// agree too. Pure: nothing is cached here (a Linearizer only remembers the
// atoms it made), and an expression with side effects has no form.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_LINEARFORM_H
#define KLINEAGE_ANALYSIS_LINEARFORM_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

/// One atom of a monomial.
struct Atom {
  std::string Key;                     ///< identity (decl pointer or profile)
  const clang::VarDecl *Var = nullptr; ///< set when the atom is a variable
  const clang::Expr *E = nullptr;      ///< a representative expression
};

using Monomial = std::vector<std::string>; ///< sorted atom keys; empty = constant

/// sum of Coeff * Monomial; the empty monomial holds the constant.
struct LinearForm {
  std::map<Monomial, int64_t> Terms;

  int64_t constant() const;
  /// The form without its constant term.
  LinearForm symbolic() const;
  /// A canonical string of the symbolic part (grouping key).
  std::string symbolicKey() const;
  bool isConstant() const { return symbolic().Terms.empty(); }
  void add(const LinearForm &O, int64_t Scale = 1);
  void normalize();
};

/// Turns integer expressions into linear forms. Atoms are remembered so the
/// caller can ask about the variables behind them.
class Linearizer {
public:
  explicit Linearizer(const clang::ASTContext &Ctx) : Ctx(Ctx) {}
  const clang::ASTContext &context() const { return Ctx; }
  /// nullopt if \p E has side effects, is value-dependent or too large.
  std::optional<LinearForm> linearize(const clang::Expr *E);
  /// Like linearize, but a subexpression with side effects (a call such as
  /// `gtid()`) becomes an opaque atom of its own, unique to that expression.
  /// Only for divisibility of a value computed once (`int i = gtid() * 4;`),
  /// never for comparing two indices.
  std::optional<LinearForm> linearizeValue(const clang::Expr *E);
  const Atom *atom(const std::string &Key) const {
    auto It = Atoms.find(Key);
    return It == Atoms.end() ? nullptr : &It->second;
  }
  /// Variables referenced anywhere in \p E (for "not modified between").
  static void collectVars(const clang::Expr *E, std::vector<const clang::VarDecl *> &Out);

private:
  std::optional<LinearForm> lin(const clang::Expr *E, unsigned Depth);
  std::optional<LinearForm> atomForm(const clang::Expr *E);
  const clang::ASTContext &Ctx;
  std::map<std::string, Atom> Atoms;
  bool AllowImpure = false;
};

/// The product of two forms; nullopt past the degree and term limits.
std::optional<LinearForm> product(const LinearForm &A, const LinearForm &B);

/// \p F with each atom whose key \p Replace maps to a form replaced by that
/// form (the others kept); nullopt past the degree and term limits.
std::optional<LinearForm>
substitute(const LinearForm &F,
           llvm::function_ref<std::optional<LinearForm>(const std::string &Key)> Replace);

/// Strips parens, implicit casts and explicit integral/no-op casts.
const clang::Expr *stripIntCasts(const clang::Expr *E);
/// True if \p E has no side effects we care about (CUDA builtin index reads
/// are calls in the AST but pure).
bool isPureExpr(const clang::Expr *E, const clang::ASTContext &Ctx);

} // namespace analysis
} // namespace klineage

#endif
