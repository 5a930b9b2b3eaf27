//===- EditBuilder.cpp ----------------------------------------------------===//
#include "klineage/Rewrite/EditBuilder.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace llvm;
using namespace clang;

namespace klineage {

/// The main-file char range of a token range, or an invalid range.
static CharSourceRange mainFileRange(const ASTContext &Ctx, SourceRange R) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
  if (CR.isInvalid() || !SM.isInMainFile(CR.getBegin()) || !SM.isInMainFile(CR.getEnd()))
    return CharSourceRange();
  // makeFileCharRange accepts a whole macro expansion; we do not: rewriting
  // an expansion rewrites the macro's use, not the code that was matched.
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID()) {
    if (!SM.isMacroArgExpansion(R.getBegin()) || !SM.isMacroArgExpansion(R.getEnd()))
      return CharSourceRange();
    // Both ends inside macro arguments: only fine if they are spelled in the
    // same argument text contiguously, which makeFileCharRange verified.
  }
  return CR;
}

std::optional<std::string> sourceText(const ASTContext &Ctx, SourceRange Range) {
  CharSourceRange CR = mainFileRange(Ctx, Range);
  if (CR.isInvalid())
    return std::nullopt;
  bool Invalid = false;
  StringRef Text = Lexer::getSourceText(CR, Ctx.getSourceManager(), Ctx.getLangOpts(), &Invalid);
  if (Invalid)
    return std::nullopt;
  return Text.str();
}

std::optional<std::string> sourceText(const ASTContext &Ctx, const Stmt *S) {
  return S ? sourceText(Ctx, S->getSourceRange()) : std::nullopt;
}

std::string lineIndent(const ASTContext &Ctx, SourceLocation Loc) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  auto [FID, Off] = SM.getDecomposedLoc(FileLoc);
  StringRef Buf = SM.getBufferData(FID);
  size_t LineStart = Buf.rfind('\n', Off ? Off - 1 : 0);
  LineStart = (LineStart == StringRef::npos || Off == 0) ? 0 : LineStart + 1;
  size_t End = LineStart;
  while (End < Buf.size() && (Buf[End] == ' ' || Buf[End] == '\t'))
    ++End;
  return Buf.slice(LineStart, End).str();
}

std::optional<unsigned> EditBuilder::fileOffset(SourceLocation Loc, const char *What) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (Loc.isInvalid() || Loc.isMacroID() || !SM.isInMainFile(Loc)) {
    fail(std::string(What) + " is inside a macro expansion or outside the main file");
    return std::nullopt;
  }
  return SM.getFileOffset(Loc);
}

EditBuilder &EditBuilder::replace(SourceRange Range, StringRef Text) {
  CharSourceRange CR = mainFileRange(Ctx, Range);
  if (CR.isInvalid()) {
    fail("the code to change is produced by a macro expansion or lies outside the main file");
    return *this;
  }
  return replaceChars(CR.getBegin(), CR.getEnd(), Text);
}

EditBuilder &EditBuilder::replace(const Stmt *S, StringRef Text) {
  return replace(S->getSourceRange(), Text);
}

EditBuilder &EditBuilder::replaceChars(SourceLocation Begin, SourceLocation End, StringRef Text) {
  auto B = fileOffset(Begin, "the start of the change");
  auto E = fileOffset(End, "the end of the change");
  if (!B || !E)
    return *this;
  if (*E < *B) {
    fail("internal: inverted edit range");
    return *this;
  }
  Edits.push_back({*B, *E - *B, Text.str()});
  return *this;
}

EditBuilder &EditBuilder::insertBefore(SourceLocation Loc, StringRef Text) {
  if (auto Off = fileOffset(Loc, "the insertion point"))
    Edits.push_back({*Off, 0, Text.str()});
  return *this;
}

EditBuilder &EditBuilder::insertAfterToken(SourceLocation TokenLoc, StringRef Text) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (TokenLoc.isMacroID()) {
    fail("the insertion point is inside a macro expansion");
    return *this;
  }
  SourceLocation End = Lexer::getLocForEndOfToken(TokenLoc, 0, SM, Ctx.getLangOpts());
  return insertBefore(End, Text);
}

EditBuilder &EditBuilder::insertLineBefore(SourceLocation Loc, StringRef Line) {
  auto Off = fileOffset(Loc, "the insertion point");
  if (!Off)
    return *this;
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  size_t LineStart = *Off == 0 ? 0 : Buf.rfind('\n', *Off - 1);
  LineStart = LineStart == StringRef::npos ? 0 : (*Off == 0 ? 0 : LineStart + 1);
  StringRef Before = Buf.slice(LineStart, *Off);
  if (!Before.trim().empty()) {
    // Code precedes the anchor on its line: start a new line at the anchor,
    // taking the blanks before it so the split line keeps no trailing space.
    std::string Indent = lineIndent(Ctx, Loc);
    unsigned Blanks = static_cast<unsigned>(Before.size() - Before.rtrim(" \t").size());
    Edits.push_back({*Off - Blanks, Blanks, "\n" + Indent + Line.str() + "\n" + Indent});
    return *this;
  }
  Edits.push_back({static_cast<unsigned>(LineStart), 0, Before.str() + Line.str() + "\n"});
  return *this;
}

EditBuilder &EditBuilder::removeLines(SourceRange Range) {
  CharSourceRange CR = mainFileRange(Ctx, Range);
  if (CR.isInvalid()) {
    fail("the line to remove is produced by a macro expansion or lies outside the main file");
    return *this;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  unsigned B = SM.getFileOffset(CR.getBegin()), E = SM.getFileOffset(CR.getEnd());
  size_t LineStart = B == 0 ? StringRef::npos : Buf.rfind('\n', B - 1);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  size_t LineEnd = Buf.find('\n', E);
  LineEnd = LineEnd == StringRef::npos ? Buf.size() : LineEnd + 1;
  if (!Buf.slice(LineStart, B).trim().empty() || !Buf.slice(E, LineEnd).trim().empty()) {
    fail("other code shares the line to remove");
    return *this;
  }
  Edits.push_back({static_cast<unsigned>(LineStart), static_cast<unsigned>(LineEnd - LineStart), ""});
  return *this;
}

void EditBuilder::commit(Site &S) {
  if (!ok()) {
    S.addPrecondition(SourceRewritable, Status::Fails, Failure);
    Edits.clear();
    return;
  }
  S.addPrecondition(SourceRewritable, Status::Holds, "all edited text is plain main-file source");
  for (TextEdit &E : Edits)
    S.Edits.push_back(std::move(E));
  Edits.clear();
}

} // namespace klineage
