//===- EditBuilder.h - All-or-nothing text edits from AST nodes -----------===//
//
// Part of KLineage. Rewrites describe their edits through an EditBuilder.
// Every range must be plain text of one editable file (the main file or a
// user header, SourceCode.h's whyNotEditable): a range that starts or ends
// inside a macro expansion, spans two files, or lies in a system header makes
// the whole builder fail, and no edit of it may be kept -- Transformer's
// all-or-nothing rule. One builder may edit several files (a kernel in a
// header and its launch in the main file). The builder only records the failure (reason and location); the
// rewrite engine turns it into precondition "source-rewritable"
// (klineage/Rewrite/SiteEdits.h).
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_EDIT_EDITBUILDER_H
#define KLINEAGE_EDIT_EDITBUILDER_H

#include "klineage/Cuda/LaunchSites.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Edit/TextEdit.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CUDAKernelCallExpr;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace klineage {

/// The arguments of a launch configuration `<<<grid, block, smem, stream>>>`.
enum class LaunchArg : unsigned { Grid = 0, Block = 1, SharedMem = 2, Stream = 3 };

class EditBuilder {
public:
  explicit EditBuilder(const clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// Replaces the text of a token range / node.
  EditBuilder &replace(clang::SourceRange Range, llvm::StringRef Text);
  EditBuilder &replace(const clang::Stmt *S, llvm::StringRef Text);
  /// Replaces a character range [Begin, End).
  EditBuilder &replaceChars(clang::SourceLocation Begin, clang::SourceLocation End,
                            llvm::StringRef Text);
  EditBuilder &insertBefore(clang::SourceLocation Loc, llvm::StringRef Text);
  /// Inserts after the token that starts at \p TokenLoc.
  EditBuilder &insertAfterToken(clang::SourceLocation TokenLoc, llvm::StringRef Text);
  /// Inserts \p Line (no trailing newline) as a new line above the line of
  /// \p Loc, with that line's indentation; above the macro use when \p Loc
  /// starts a macro's expansion.
  EditBuilder &insertLineBefore(clang::SourceLocation Loc, llvm::StringRef Line);
  /// Inserts \p Line as a new line above statement \p S and above the
  /// `#pragma` lines right before it (a loop keeps its `#pragma unroll`),
  /// with the indentation of \p S's line; like insertLineBefore when code
  /// precedes \p S on its line.
  EditBuilder &insertLineAbovePragmas(const clang::Stmt *S, llvm::StringRef Line);
  /// Inserts \p Line as a new line below statement \p S (after its ';', or
  /// after a macro use that ends it), with the indentation of the line \p S starts on.
  EditBuilder &insertLineAfter(const clang::Stmt *S, llvm::StringRef Line);
  /// Breaks the line at \p Loc: the code from \p Loc on moves to a new line
  /// with the same indentation; the blanks before \p Loc are dropped.
  EditBuilder &splitLine(clang::SourceLocation Loc);
  /// Removes whole lines covering the token range (including the final
  /// newline, and a comment that ends the last line: it speaks of what
  /// goes); fails if other code shares those lines.
  EditBuilder &removeLines(clang::SourceRange Range);
  /// The same for statement \p S with its ';'.
  EditBuilder &removeLines(const clang::Stmt *S);
  /// Removes a token range.
  EditBuilder &remove(clang::SourceRange Range) { return replace(Range, ""); }
  /// Removes statement \p S with its ';' (and a macro use that begins or
  /// ends it, such as `__shared__`): the whole lines it spans, with a
  /// comment that ends them, when no other code shares them, else only its
  /// text.
  EditBuilder &removeStatement(const clang::Stmt *S);
  /// Replaces statement \p S, with its ';', by \p Text (which brings its
  /// own ';' where it needs one).
  EditBuilder &replaceStatement(const clang::Stmt *S, llvm::StringRef Text);

  /// Inserts \p Line as the first line of \p FD's body, indented like the
  /// body's first statement (or one \p IndentUnit deeper than the function).
  EditBuilder &insertAtBodyTop(const clang::FunctionDecl *FD, llvm::StringRef Line,
                               llvm::StringRef IndentUnit = "  ");
  /// `#include <Header>` for the file that declares \p FD, unless the
  /// translation unit already includes a file of that name: a line after
  /// the file's last top-level `#include` (else at its top). Edits made for
  /// several sites of one file insert the same line once (the engine
  /// merges equal edits).
  EditBuilder &insertInclude(const clang::FunctionDecl *FD, llvm::StringRef Header);
  /// A `__syncthreads();` line above / below statement \p S.
  EditBuilder &insertBarrierBefore(const clang::Stmt *S);
  EditBuilder &insertBarrierAfter(const clang::Stmt *S);
  /// Wraps statement \p S (with its ';') in `Head {` ... `}`: the statement
  /// moves one \p IndentUnit deeper, every line of it re-indented; the braces
  /// take the indentation of the line \p S starts on. \p Head is e.g.
  /// "if (i < n)" or "for (int k = 0; k < 4; ++k)"; empty: a plain block.
  EditBuilder &wrap(const clang::Stmt *S, llvm::StringRef Head, llvm::StringRef IndentUnit = "  ");
  /// Wraps the consecutive statements \p First .. \p Last of one compound
  /// statement in `Head {` ... `}` without rewriting their text: a line
  /// `Head {` above \p First's line, the lines indented (indentLines) and
  /// `}` after \p Last, the braces with \p First's indentation, so other
  /// edits inside the statements stay valid (wrap() replaces the text
  /// instead). \p First must start its line.
  EditBuilder &wrapLines(const clang::Stmt *First, const clang::Stmt *Last, llvm::StringRef Head,
                         llvm::StringRef IndentUnit = "  ");
  /// One \p IndentUnit inserted at the start of every non-blank line from
  /// \p First's line to \p Last's end, by insertions only; lines that start
  /// inside text this builder already replaces are skipped (replace nested
  /// statements first). \p First must start its line.
  EditBuilder &indentLines(const clang::Stmt *First, const clang::Stmt *Last,
                           llvm::StringRef IndentUnit = "  ");
  /// The inverse of wrap: `if (C) { A; B; }` (or `if (C) A;`, any
  /// statement with one body) becomes `A; B;` one \p IndentUnit shallower,
  /// by removals only, so edits inside the body stay valid. \p S is the
  /// whole statement, \p Inner its body.
  EditBuilder &unwrap(const clang::Stmt *S, const clang::Stmt *Inner, llvm::StringRef IndentUnit = "  ");
  /// Inserts \p Text right after statement \p S (after its ';'), as given:
  /// the caller writes the newlines and indentation.
  EditBuilder &appendAfter(const clang::Stmt *S, llvm::StringRef Text);
  /// Calls \p Edit for every declaration of \p FD (prototypes and the
  /// definition, in source order); fails if one is not editable text, since
  /// editing some declarations but not others would not compile.
  EditBuilder &
  forEachDeclaration(const clang::FunctionDecl *FD,
                     llvm::function_ref<void(EditBuilder &, const clang::FunctionDecl &)> Edit);
  /// Sets argument \p Which of the launch configuration of \p Call to
  /// \p Text: replaces it when written, else appends it (writing `0` for a
  /// missing shared-memory size before a stream).
  EditBuilder &setLaunchArg(const clang::CUDAKernelCallExpr *Call, LaunchArg Which,
                            llvm::StringRef Text);
  /// The same for a launch of any form (cuda::LaunchSite): a written
  /// argument's text is replaced (a whole macro use counts: `<<<GRID, ...>>>`),
  /// a missing `<<<>>>` argument is appended as above, and a runtime-API
  /// argument (cudaLaunchKernel, a cudaLaunchKernelEx config field) that is
  /// not written fails.
  EditBuilder &setLaunchArg(const cuda::LaunchSite &Site, LaunchArg Which, llvm::StringRef Text);

  /// Records that the caller cannot build an edit it needs (a text it
  /// cannot read or place): the builder fails as if an edit had.
  EditBuilder &failWith(const std::string &Why, clang::SourceLocation Loc = {}) {
    fail(Why, Loc);
    return *this;
  }

  bool ok() const { return Failure.empty(); }
  llvm::StringRef failure() const { return Failure; }
  /// Where the first failure was found (invalid if it has no location).
  clang::SourceLocation failureLoc() const { return FailureLoc; }
  const clang::ASTContext &context() const { return Ctx; }
  /// The edits made so far; empties the builder.
  std::vector<TextEdit> takeEdits() { return std::move(Edits); }

private:
  /// The offset of \p Loc in its file, or nullopt (and the builder fails)
  /// when that text is not editable.
  std::optional<unsigned> fileOffset(clang::SourceLocation Loc, const char *What);
  /// Records an edit of the file that holds \p At.
  void add(clang::SourceLocation At, unsigned Offset, unsigned Length, std::string Text);
  /// Fails with why the token range \p Range is not editable text.
  void failRange(const char *What, clang::SourceRange Range);
  /// The editable char range of statement \p S including a following ';'.
  clang::CharSourceRange statementRange(const clang::Stmt *S);
  /// The same, with macro uses that begin or end \p S included whole.
  clang::CharSourceRange wholeStatementRange(const clang::Stmt *S);
  void removeLines(clang::CharSourceRange CR, clang::SourceLocation Loc);
  void fail(const std::string &Why, clang::SourceLocation Loc = {}) {
    if (Failure.empty()) {
      Failure = Why;
      FailureLoc = Loc;
    }
  }
  const clang::ASTContext &Ctx;
  std::vector<TextEdit> Edits;
  std::string Failure;
  clang::SourceLocation FailureLoc;
};

} // namespace klineage

#endif
