//===- EditBuilder.h - All-or-nothing text edits from AST nodes -----------===//
//
// Part of KLineage. Rewrites describe their edits through an EditBuilder.
// Every range must be plain text of the main file: a range that starts or
// ends inside a macro expansion, or lies in another file, makes the whole
// site non-rewritable (precondition "source-rewritable" fails) and no edit of
// that site is kept -- Transformer's all-or-nothing rule.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITE_EDITBUILDER_H
#define KLINEAGE_REWRITE_EDITBUILDER_H

#include "klineage/Rewrite/RewritePair.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include <optional>
#include <string>
#include <vector>

namespace klineage {

/// Name of the generic precondition an EditBuilder reports on failure.
inline constexpr const char *SourceRewritable = "source-rewritable";

/// The main-file text of \p Range (token range), or nullopt if it is not
/// plain main-file text (macro expansion, other file).
std::optional<std::string> sourceText(const clang::ASTContext &Ctx, clang::SourceRange Range);
/// Same, for a node.
std::optional<std::string> sourceText(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// The whitespace that starts the line holding \p Loc.
std::string lineIndent(const clang::ASTContext &Ctx, clang::SourceLocation Loc);

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
  /// \p Loc, with that line's indentation.
  EditBuilder &insertLineBefore(clang::SourceLocation Loc, llvm::StringRef Line);
  /// Removes whole lines covering the token range (including the final
  /// newline); fails if other code shares those lines.
  EditBuilder &removeLines(clang::SourceRange Range);
  /// Removes a token range.
  EditBuilder &remove(clang::SourceRange Range) { return replace(Range, ""); }

  bool ok() const { return Failure.empty(); }
  llvm::StringRef failure() const { return Failure; }
  /// Moves the edits into \p S and records precondition "source-rewritable"
  /// (holds, or fails with the reason and no edits kept).
  void commit(Site &S);

private:
  std::optional<unsigned> fileOffset(clang::SourceLocation Loc, const char *What);
  void fail(const std::string &Why) {
    if (Failure.empty())
      Failure = Why;
  }
  const clang::ASTContext &Ctx;
  std::vector<TextEdit> Edits;
  std::string Failure;
};

} // namespace klineage

#endif
