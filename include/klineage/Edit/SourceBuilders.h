//===- SourceBuilders.h - Build expression text and fresh names -----------===//
//
// Part of KLineage. Small builders for replacement text, in the spirit of
// clang/Tooling/Transformer/SourceCodeBuilders.h: parenthesise an operand
// only where the operator around it needs it, and invent names that cannot
// capture or shadow anything the function can see.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_EDIT_SOURCEBUILDERS_H
#define KLINEAGE_EDIT_SOURCEBUILDERS_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/OperatorPrecedence.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include <cstdint>
#include <optional>
#include <string>

namespace clang {
class Expr;
class Stmt;
} // namespace clang

namespace klineage {
namespace analysis {
class FunctionFacts;
class Linearizer;
struct LinearForm;
}

/// True if \p E needs parentheses to be an operand of an operator of
/// precedence \p Parent (`a << b` under `+`: yes; `a * b` under `+`: no).
/// Same-level operands are not parenthesised: callers build sums and
/// products whose grouping does not matter.
bool needsParens(const clang::Expr *E, clang::prec::Level Parent);
/// True if \p E is a postfix-expression or tighter (can be subscripted or
/// have a member selected without parentheses).
bool isPostfixSafe(const clang::Expr *E);
/// \p Text in parentheses when \p Parenthesise.
std::string parenIf(bool Parenthesise, llvm::StringRef Text);
/// The sum `t1 + t2 + K` of \p Terms and \p Constant, with terms that are
/// integer literals folded into the constant (`4 * i + 5`, not
/// `4 * i + 4 + 1`); a negative constant is subtracted, a zero one dropped.
std::string sumText(llvm::ArrayRef<std::string> Terms, int64_t Constant);
/// The text of a LinearForm: terms `c * a * b` in the form's order, each
/// atom by its builtin name (`blockIdx.y`), its variable's name, or the text
/// of the expression it stands for (parenthesised); constants folded into
/// one. nullopt when an atom has no plain text.
std::optional<std::string> formText(const clang::ASTContext &Ctx, const analysis::Linearizer &Lin,
                                    const analysis::LinearForm &F);
/// A stem for names made from \p E: the variable or member it names, through
/// subscripts (`M[r]` gives "M"); \p Fallback otherwise.
std::string nameStem(const clang::Expr *E, llvm::StringRef Fallback);

/// The text of \p E as written, with each subexpression for which
/// \p Replace returns text replaced by it (the outermost such node wins;
/// nothing under it is asked): `A[row * K + k]` with k's references
/// replaced is the staged load of a tile. nullopt when \p E or a replaced
/// node is not plain text of one editable file (written in a macro).
std::optional<std::string>
substitutedText(const clang::ASTContext &Ctx, const clang::Expr *E,
                llvm::function_ref<std::optional<std::string>(const clang::Expr *)> Replace);

/// May \p Text (a name or a sum) replace expression \p X of \p F's
/// function without parentheses (a subscript, an operand of + or a
/// comparison, a call argument)?
bool bareIn(const analysis::FunctionFacts &F, const clang::Expr *X, llvm::StringRef Text);
/// The text of \p Cond negated: comparisons of integers and pointers flipped (`i >= n` -> `i < n`; a
/// floating comparison is `!(...)`, NaN-exact),
/// `a || b` through De Morgan, anything else `!(...)`; nullopt when not
/// plain text.
std::optional<std::string> negatedText(const clang::ASTContext &Ctx, const clang::Expr *Cond);

/// The same for statement \p S, its text including the `;` that ends it
/// (statementRange): a statement copied with names replaced.
std::optional<std::string>
substitutedStmtText(const clang::ASTContext &Ctx, const clang::Stmt *S,
                    llvm::function_ref<std::optional<std::string>(const clang::Expr *)> Replace);

/// \p Text with every line after the first moved \p Unit deeper (blank
/// lines stay blank): a statement's text placed one level deeper.
std::string indentLines(llvm::StringRef Text, llvm::StringRef Unit);
/// The inverse: every line after the first loses one leading \p Unit where
/// it starts with one.
std::string dedentLines(llvm::StringRef Text, llvm::StringRef Unit);

/// Names that cannot collide with anything visible anywhere in the
/// translation unit: a name the lexer never saw is no parameter, local,
/// global, member or macro, so it can neither capture nor shadow one. Names
/// handed out are remembered, so one generator never repeats itself.
class FreshNames {
public:
  explicit FreshNames(const clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// True if \p Name was never spelled in the translation unit nor handed out.
  bool isFree(llvm::StringRef Name) const;
  /// \p Stem if free, else Stem + "_" + N for the smallest free N >= 1.
  std::string get(llvm::StringRef Stem);
  /// \p Prefix + N for the smallest free N >= 0 (always numbered).
  std::string numbered(llvm::StringRef Prefix);
  /// A name for a variable declared around the statements \p Scope only:
  /// \p Stem (else Stem_N) when no macro has that name and nothing in the
  /// statements names it (their text, and the declarations they declare or
  /// refer to, through macro expansions too), so it can neither capture nor
  /// be shadowed there. Handed out names are remembered as with get().
  std::string getIn(llvm::StringRef Stem, llvm::ArrayRef<const clang::Stmt *> Scope);

private:
  std::string take(std::string Name);
  const clang::ASTContext &Ctx;
  llvm::StringSet<> Handed;
};

} // namespace klineage

#endif
