//===- SourceCode.h - Text, offsets and lines of AST nodes ----------------===//
//
// Part of KLineage. Read-only views of the source behind AST nodes, for
// building edits and for the reasons preconditions give. Two notions of
// "where" coexist on purpose: the *expansion* position (a macro's use, what
// edit ordering needs) and the *file* position (where the text is written:
// the spelling of a macro argument, what a reader looks for).
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_EDIT_SOURCECODE_H
#define KLINEAGE_EDIT_SOURCECODE_H

#include "klineage/Edit/TextEdit.h"
#include "klineage/Frontend/SourcePositions.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Expr;
class Stmt;
} // namespace clang

namespace klineage {

/// The main-file char range of the token range \p R, or an invalid range when
/// it is not plain main-file text (it starts or ends in a macro body, or lies
/// in another file). Text spelled in one macro argument is plain.
clang::CharSourceRange mainFileRange(const clang::ASTContext &Ctx, clang::SourceRange R);

/// The main-file text of \p Range (token range), or nullopt if it is not
/// plain main-file text (see mainFileRange).
std::optional<std::string> sourceText(const clang::ASTContext &Ctx, clang::SourceRange Range);
/// Same, for a node (nullopt for null).
std::optional<std::string> sourceText(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// The main-file char range that covers \p R with every macro use it
/// starts or ends in taken whole (invalid outside the main file or when an
/// end lies inside a macro's body text). Replacing it replaces whole macro
/// uses, never part of a macro's definition.
clang::CharSourceRange writtenRange(const clang::ASTContext &Ctx, clang::SourceRange R);
/// The main-file text that covers \p S, a whole macro use included (its
/// writtenRange); nullopt outside the main file.
std::optional<std::string> writtenText(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// The main-file text of \p Range (a char range) with \p Edits applied, each
/// of which must lie inside it (offsets of the main file, as TextEdit):
/// the text of a statement as it reads after some of its parts change, to
/// be placed elsewhere. nullopt if the range is not plain main-file text or
/// an edit lies outside it or overlaps another.
std::optional<std::string> rewrittenText(const clang::ASTContext &Ctx, clang::CharSourceRange Range,
                                         std::vector<TextEdit> Edits);
/// The main-file char range of statement \p S including the ';' that ends
/// an expression statement; invalid when it is not plain main-file text.
clang::CharSourceRange statementRange(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// From the start of \p First to the end of \p Last (statementRange): a run
/// of statements with the comments between them.
clang::CharSourceRange statementsRange(const clang::ASTContext &Ctx, const clang::Stmt *First,
                                       const clang::Stmt *Last);
/// Text of \p S for messages: its source text, else an Expr pretty-printed,
/// else \p Fallback.
std::string nodeText(const clang::ASTContext &Ctx, const clang::Stmt *S, llvm::StringRef Fallback);

/// Offsets and expansion lines of nodes are position facts the analyses need
/// too; they live below this layer (Frontend/SourcePositions.h).
using positions::beginOffset;
using positions::endOffset;
/// 1-based line of a node's macro use or text (expansion position).
inline unsigned expansionLine(const clang::ASTContext &Ctx, const clang::Stmt *S) {
  return positions::lineOf(Ctx, S);
}
/// 1-based line where the text at \p Loc is written (file position;
/// honours #line).
unsigned fileLine(const clang::ASTContext &Ctx, clang::SourceLocation Loc);
/// "line N ('text')": where a node is, for reasons.
std::string where(const clang::ASTContext &Ctx, const clang::Stmt *S);

/// The text of the line holding the file location \p Loc (no newline), with
/// its [Start, End) offsets in that file, End past the newline.
llvm::StringRef lineContaining(const clang::SourceManager &SM, clang::SourceLocation Loc,
                               unsigned &Start, unsigned &End);
/// The whitespace that starts the line holding \p Loc.
std::string lineIndent(const clang::ASTContext &Ctx, clang::SourceLocation Loc);

} // namespace klineage

#endif
