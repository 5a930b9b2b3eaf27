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
/// True if \p S is written directly in the main file: neither end lies in a
/// macro expansion, not even in a macro argument (stricter than
/// mainFileRange).
bool isUnexpandedMainFileText(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// The main-file char range that covers \p S: its own text, or the whole
/// macro use whose expansion is exactly \p S (`FETCH(p[i])` for the
/// expression it expands to). Invalid when there is none.
clang::CharSourceRange writtenRange(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// The text of writtenRange; for reading only (nullopt outside the main
/// file).
std::optional<std::string> writtenText(const clang::ASTContext &Ctx, const clang::Stmt *S);
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

/// The main-file location at byte \p Offset.
clang::SourceLocation mainFileLoc(const clang::ASTContext &Ctx, unsigned Offset);
/// The main-file offset just past the ';' that follows \p Offset after
/// blanks (where an expression statement ending at \p Offset ends), or
/// nullopt when something else follows.
std::optional<unsigned> offsetPastSemicolon(const clang::ASTContext &Ctx, unsigned Offset);
/// The main-file text of [\p Begin, \p End) with \p Edits applied: the text a
/// range will have once edits inside it are made (edits not inside it are
/// ignored). nullopt when two edits overlap.
std::optional<std::string> textWithEdits(const clang::ASTContext &Ctx, unsigned Begin,
                                         unsigned End, std::vector<TextEdit> Edits);

} // namespace klineage

#endif
