//===- SourceCode.cpp -----------------------------------------------------===//
#include "klineage/Edit/SourceCode.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Transformer/SourceCode.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace llvm;
using namespace clang;

namespace klineage {

CharSourceRange mainFileRange(const ASTContext &Ctx, SourceRange R) {
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

std::optional<std::string> rewrittenText(const ASTContext &Ctx, CharSourceRange CR,
                                         std::vector<TextEdit> Edits) {
  if (CR.isInvalid())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Begin = SM.getFileOffset(CR.getBegin()), End = SM.getFileOffset(CR.getEnd());
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  std::sort(Edits.begin(), Edits.end());
  std::string Out;
  unsigned At = Begin;
  for (const TextEdit &E : Edits) {
    if (E.Offset < At || E.Offset + E.Length > End)
      return std::nullopt;
    Out += Buf.slice(At, E.Offset);
    Out += E.Text;
    At = E.Offset + E.Length;
  }
  Out += Buf.slice(At, End);
  return Out;
}

CharSourceRange statementRange(const ASTContext &Ctx, const Stmt *S) {
  CharSourceRange CR = mainFileRange(Ctx, S->getSourceRange());
  if (CR.isInvalid())
    return CR;
  // An expression statement's range stops before its ';' (Transformer's
  // statement selector extends it the same way).
  CharSourceRange Ext = tooling::maybeExtendRange(CR, tok::semi, const_cast<ASTContext &>(Ctx));
  return Lexer::getAsCharRange(Ext, Ctx.getSourceManager(), Ctx.getLangOpts());
}

CharSourceRange statementsRange(const ASTContext &Ctx, const Stmt *First, const Stmt *Last) {
  CharSourceRange A = statementRange(Ctx, First), B = statementRange(Ctx, Last);
  if (A.isInvalid() || B.isInvalid())
    return CharSourceRange();
  return CharSourceRange::getCharRange(A.getBegin(), B.getEnd());
}

CharSourceRange writtenRange(const ASTContext &Ctx, SourceRange R) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
  if (CR.isInvalid() || !SM.isInMainFile(CR.getBegin()))
    return CharSourceRange();
  return CR;
}

std::optional<std::string> writtenText(const ASTContext &Ctx, const Stmt *S) {
  CharSourceRange CR = writtenRange(Ctx, S->getSourceRange());
  if (CR.isInvalid())
    return std::nullopt;
  bool Invalid = false;
  StringRef T = Lexer::getSourceText(CR, Ctx.getSourceManager(), Ctx.getLangOpts(), &Invalid);
  if (Invalid)
    return std::nullopt;
  return T.str();
}

std::string nodeText(const ASTContext &Ctx, const Stmt *S, StringRef Fallback) {
  if (auto T = sourceText(Ctx, S))
    return *T;
  if (const auto *E = dyn_cast_or_null<Expr>(S)) {
    std::string Out;
    raw_string_ostream OS(Out);
    E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
    return Out;
  }
  return Fallback.str();
}

unsigned fileLine(const ASTContext &Ctx, SourceLocation Loc) {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.getPresumedLineNumber(SM.getFileLoc(Loc));
}

std::string where(const ASTContext &Ctx, const Stmt *S) {
  return "line " + std::to_string(fileLine(Ctx, S->getBeginLoc())) + " ('" + nodeText(Ctx, S, "") +
         "')";
}

StringRef lineContaining(const SourceManager &SM, SourceLocation Loc, unsigned &Start,
                         unsigned &End) {
  auto [FID, Off] = SM.getDecomposedLoc(Loc);
  StringRef Buf = SM.getBufferData(FID);
  size_t LS = Off == 0 ? StringRef::npos : Buf.rfind('\n', Off - 1);
  Start = LS == StringRef::npos ? 0 : LS + 1;
  size_t LE = Buf.find('\n', Off);
  End = LE == StringRef::npos ? Buf.size() : LE + 1;
  return Buf.slice(Start, LE == StringRef::npos ? Buf.size() : LE);
}

std::string lineIndent(const ASTContext &Ctx, SourceLocation Loc) {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Start = 0, End = 0;
  StringRef Line = lineContaining(SM, SM.getFileLoc(Loc), Start, End);
  return Line.take_while([](char C) { return C == ' ' || C == '\t'; }).str();
}

} // namespace klineage
