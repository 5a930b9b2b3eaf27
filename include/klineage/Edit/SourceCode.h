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
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompoundStmt;
class Expr;
class Stmt;
} // namespace clang

namespace klineage {

/// Why the text at \p Loc cannot be edited, or nullopt when it can. Editable
/// text is plain text of the user's code, the main file or a user header
/// (Frontend's SourceOrigin): not produced by a macro expansion (a macro
/// argument's spelling is a file location: callers that accept it pass it),
/// not in a system header (system include directories, `-isystem`, the CUDA
/// and clang headers), not in the front end's prelude, not in a buffer
/// without a file. The reason reads after "cannot edit it: ". Which user
/// files one run may change (a header filter, the main file only) is the
/// engine's policy, not this query's.
std::optional<std::string> whyNotEditable(const clang::SourceManager &SM, clang::SourceLocation Loc);
inline bool isEditable(const clang::SourceManager &SM, clang::SourceLocation Loc) {
  return !whyNotEditable(SM, Loc);
}
/// The path TextEdit::File names the file holding the file location \p Loc
/// by: absolute (against the compile command's directory), dots removed.
std::string editFilePath(const clang::SourceManager &SM, clang::SourceLocation Loc);
/// \p Path (absolute, as editFilePath gives it) as seen from the absolute
/// directory \p Dir: `kern.cuh`, `sub/kern.cuh`, `../include/kern.cuh`.
std::string relativePath(llvm::StringRef Path, llvm::StringRef Dir);

/// The char range of the token range \p R in one editable file, or an
/// invalid range when it is not plain editable text (it starts or ends in a
/// macro body, spans two files, or lies in a file that is not editable).
/// Text spelled in one macro argument is plain.
clang::CharSourceRange editableRange(const clang::ASTContext &Ctx, clang::SourceRange R);

/// The text of \p Range (token range), or nullopt if it is not plain
/// editable text (see editableRange).
std::optional<std::string> sourceText(const clang::ASTContext &Ctx, clang::SourceRange Range);
/// The text of a file character range; nullopt when it is invalid or unreadable.
std::optional<std::string> rangeText(const clang::ASTContext &Ctx, clang::CharSourceRange Range);
/// Same, for a node (nullopt for null).
std::optional<std::string> sourceText(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// True if \p S is written directly in one editable file (editableRange):
/// neither end lies in a macro expansion, not even in a macro argument
/// (stricter than editableRange).
bool isUnexpandedText(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// The char range of the user's code (main file or a user header) that
/// covers \p S: its own text, or the whole macro use whose expansion is
/// exactly \p S (`FETCH(p[i])` for the expression it expands to). Invalid
/// when there is none.
clang::CharSourceRange writtenRange(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// The text of writtenRange; for reading only (nullopt outside the main
/// file and user headers).
std::optional<std::string> writtenText(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// The char range of statement \p S in one editable file (editableRange)
/// including the ';' that follows it (an expression statement's range
/// stops before it); invalid when it is not plain editable text.
clang::CharSourceRange statementRange(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// From the start of \p First to the end of \p Last (statementRange): a run
/// of statements with the comments between them.
clang::CharSourceRange statementsRange(const clang::ASTContext &Ctx, const clang::Stmt *First,
                                       const clang::Stmt *Last);
/// Text of \p S for messages: its source text, else an Expr pretty-printed,
/// else \p Fallback.
std::string nodeText(const clang::ASTContext &Ctx, const clang::Stmt *S, llvm::StringRef Fallback);

/// The unqualified type of \p V to write in new code beside it: inside a
/// template instance, as its declaration spells it (`T`, not the instance's
/// `float`), so the edit is right for every instance; else (or when the
/// spelling is `auto`, a macro, or carries more than cv-qualifiers) as
/// printed.
std::string declaredTypeText(const clang::ASTContext &Ctx, const clang::VarDecl *V);

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

/// The offset at which the line holding offset \p Off of \p Buf starts (0
/// for the first line; \p Off itself when it starts a line).
unsigned lineStartOffset(llvm::StringRef Buf, size_t Off);
/// The text of the line holding the file location \p Loc (no newline), with
/// its [Start, End) offsets in that file, End past the newline.
llvm::StringRef lineContaining(const clang::SourceManager &SM, clang::SourceLocation Loc,
                               unsigned &Start, unsigned &End);
/// The whitespace that starts the line holding \p Loc (for a directive line,
/// such as a `#pragma unroll` at column 0, the line of code after it).
std::string lineIndent(const clang::ASTContext &Ctx, clang::SourceLocation Loc);
/// The indentation one level of nesting adds in \p CS: its first
/// statement's indentation beyond that of the line of its `{`; two spaces
/// when that does not tell (an empty block, one line).
std::string indentUnitOf(const clang::ASTContext &Ctx, const clang::CompoundStmt *CS);

/// The file a node is written in (its expansion location's file): what the
/// offsets below are counted in.
clang::FileID fileOf(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// The location at byte \p Offset of \p File.
clang::SourceLocation fileLoc(const clang::ASTContext &Ctx, clang::FileID File, unsigned Offset);
/// The offset in \p File just past the ';' that follows \p Offset after
/// blanks (where an expression statement ending at \p Offset ends), or
/// nullopt when something else follows.
std::optional<unsigned> offsetPastSemicolon(const clang::ASTContext &Ctx, clang::FileID File,
                                            unsigned Offset);
/// The text of [\p Begin, \p End) of \p File with \p Edits (those of that
/// file, or naming none) applied: the text a range will have once edits inside it are made
/// (edits not inside it are ignored). nullopt when two edits overlap.
std::optional<std::string> textWithEdits(const clang::ASTContext &Ctx, clang::FileID File,
                                         unsigned Begin, unsigned End, std::vector<TextEdit> Edits);

} // namespace klineage

#endif
