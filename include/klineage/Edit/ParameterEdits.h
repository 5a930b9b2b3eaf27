//===- ParameterEdits.h - Edit a parameter's type in every declaration ----===//
//
// Part of KLineage. "Edit every declaration of a function" for one
// parameter's type: every place in the user's code (the main file and user
// headers) that spells it (the
// function's redeclarations -- prototypes and the definition, of the
// primary template for an instantiation -- and the explicit instantiations
// of a function template, which spell the parameter types again as plain
// text), and the qualifier edits on them: `const` on a pointer's pointee,
// `__restrict__` after its `*`, or removing `__restrict__`.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_EDIT_PARAMETEREDITS_H
#define KLINEAGE_EDIT_PARAMETEREDITS_H

#include "klineage/Edit/EditBuilder.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/TypeLoc.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace klineage {

/// The PointerTypeLoc of a declarator's type, through qualifiers,
/// attributes and parentheses; nullopt when the type is not spelled `T *`
/// (a typedef, a template parameter).
std::optional<clang::PointerTypeLoc> spelledPointerLoc(clang::TypeLoc TL);

/// One place in the user's code that spells a parameter's type.
struct ParamSpelling {
  const clang::ParmVarDecl *Param = nullptr; ///< a redeclaration's parameter, or
  unsigned Begin = 0, End = 0;               ///< ... the text of an explicit instantiation's parameter
  bool Textual = false;
  clang::FileID File;                        ///< the file the spelling is in
};

/// Every spelling of one parameter, and why one of them cannot be edited.
struct ParamSpellings {
  std::vector<ParamSpelling> Spellings;
  std::string Problem;              ///< empty: every one can be edited
  clang::SourceLocation ProblemLoc; ///< the declaration the problem is about
  bool ok() const { return Problem.empty(); }
};

/// Every spelling of parameter \p Index of \p Fn (an instantiation stands
/// for its template) in the user's code. \p TypeChanges: the edit changes the
/// function's type (`const` on the pointee); a top-level `__restrict__`
/// alone does not, so declarations in files other than the definition's and
/// explicit specializations may then keep their spelling. Otherwise they are
/// problems: a declaration that cannot be edited (a system header, a macro),
/// an explicit specialization, an explicit instantiation that cannot be
/// edited or read.
ParamSpellings parameterSpellings(const clang::ASTContext &Ctx, const clang::FunctionDecl &Fn, unsigned Index,
                                  bool TypeChanges = true);

/// Why a qualifier cannot be added to some spelling in \p S: one that is
/// not `T *` text (a typedef, a template parameter). Empty when there is
/// none; sets \p Where to the spelling's declaration.
std::string pointerSpellingProblem(const clang::ASTContext &Ctx, const ParamSpellings &S,
                                   clang::SourceLocation &Where);

/// Adds `const ` before the type token at \p Loc. Written as a replacement
/// of that token, not an insertion: two sites that both const-qualify a
/// shared declaration (a helper's parameter) then conflict -- the engine
/// applies the first and refuses the second ("apply it in a second run") --
/// instead of producing `const const`. A location in a macro or another
/// file makes \p B fail.
void prependConst(EditBuilder &B, clang::SourceLocation Loc);

/// Adds `const` to the pointee (when not const yet) and/or `__restrict__`
/// after the `*` (when not restrict yet) of every spelling in \p S that is
/// `T *` text (pointerSpellingProblem names the others).
void addPointerQualifiers(EditBuilder &B, const ParamSpellings &S, bool AddConst, bool AddRestrict);

/// The [begin, end) offsets in their file of the `__restrict__` / `__restrict` /
/// `restrict` token of every spelling in \p S, or the problem: a
/// declaration from a macro, or a restrict that is not in the parameter's
/// text (a macro or typedef). \p Name names the parameter in the problem.
struct RestrictTokens {
  struct Token {
    clang::FileID File;
    unsigned Begin = 0, End = 0;
  };
  std::vector<Token> Tokens;
  std::string Problem;
  clang::SourceLocation ProblemLoc;
};
RestrictTokens restrictTokens(const clang::ASTContext &Ctx, const ParamSpellings &S, llvm::StringRef Name);
/// Removes the word at [\p Begin, \p End) of \p File with the blanks on one
/// side: after it when a `*` precedes it (`float *__restrict__ p` ->
/// `float *p`), else before it (`float *const __restrict__` -> `float
/// *const`).
void removeWord(EditBuilder &B, clang::FileID File, unsigned Begin, unsigned End);

/// The [begin, end) offsets of declaration \p D's text in its file (an
/// unnamed parameter's trailing qualifiers included), or nullopt for a
/// declaration from a macro or a file that cannot be edited.
std::optional<std::pair<unsigned, unsigned>> declarationRange(const clang::ASTContext &Ctx,
                                                              const clang::Decl *D);

} // namespace klineage

#endif
