//===- SourceCode.cpp -----------------------------------------------------===//
#include "klineage/Edit/SourceCode.h"
#include "klineage/Frontend/CudaFrontend.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Transformer/SourceCode.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace llvm;
using namespace clang;

namespace klineage {

std::optional<std::string> whyNotEditable(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return std::string("it has no source location");
  if (Loc.isMacroID())
    return std::string("it is produced by a macro expansion");
  switch (sourceOrigin(SM, Loc)) {
  case SourceOrigin::MainFile:
  case SourceOrigin::UserHeader:
    return std::nullopt;
  case SourceOrigin::SystemHeader:
    return "it is in system header '" + SM.getFilename(Loc).str() + "'";
  case SourceOrigin::Prelude:
    return std::string("it is in the front end's prelude, not in the user's code");
  case SourceOrigin::NoFile:
    break;
  }
  return std::string("it is not in a file");
}

std::string editFilePath(const SourceManager &SM, SourceLocation Loc) {
  SmallString<256> Path(SM.getFilename(SM.getFileLoc(Loc)));
  SM.getFileManager().makeAbsolutePath(Path);
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

std::string relativePath(StringRef Path, StringRef Dir) {
  SmallVector<StringRef> P(sys::path::begin(Path), sys::path::end(Path));
  SmallVector<StringRef> D(sys::path::begin(Dir), sys::path::end(Dir));
  size_t Common = 0;
  while (Common < P.size() && Common < D.size() && P[Common] == D[Common])
    ++Common;
  SmallString<256> Out;
  for (size_t I = Common; I < D.size(); ++I)
    sys::path::append(Out, "..");
  for (size_t I = Common; I < P.size(); ++I)
    sys::path::append(Out, P[I]);
  return std::string(Out);
}

CharSourceRange editableRange(const ASTContext &Ctx, SourceRange R) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
  if (CR.isInvalid() || !isEditable(SM, CR.getBegin()) ||
      SM.getFileID(CR.getBegin()) != SM.getFileID(CR.getEnd()))
    return CharSourceRange();
  // makeFileCharRange accepts a whole macro expansion; we do not: rewriting
  // an expansion rewrites the macro's use, not the code that was matched.
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID()) {
    // One end in file text, the other the edge of an object-like macro's
    // whole use (`j += WARP`): the use is replaced whole, the macro is not
    // touched (makeFileCharRange checked the end is the expansion's edge).
    // Nested object-like macros (`-FLT_MAX`, FLT_MAX expanding to
    // __FLT_MAX__) count as one use: no argument anywhere up the chain.
    SourceLocation MacroEnd = R.getBegin().isMacroID() ? R.getBegin() : R.getEnd();
    bool WholeUseAtEdge = R.getBegin().isFileID() || R.getEnd().isFileID();
    for (SourceLocation L = MacroEnd; WholeUseAtEdge && L.isMacroID(); L = SM.getImmediateMacroCallerLoc(L))
      WholeUseAtEdge = !SM.isMacroArgExpansion(L);
    if (WholeUseAtEdge)
      return CR;
    if (!SM.isMacroArgExpansion(R.getBegin()) || !SM.isMacroArgExpansion(R.getEnd()))
      return CharSourceRange();
    // Both ends inside macro arguments: only fine if they are spelled in the
    // same argument text contiguously, which makeFileCharRange verified.
  }
  return CR;
}

std::optional<std::string> rangeText(const ASTContext &Ctx, CharSourceRange CR) {
  if (CR.isInvalid())
    return std::nullopt;
  bool Invalid = false;
  StringRef Text = Lexer::getSourceText(CR, Ctx.getSourceManager(), Ctx.getLangOpts(), &Invalid);
  if (Invalid)
    return std::nullopt;
  return Text.str();
}

std::optional<std::string> sourceText(const ASTContext &Ctx, SourceRange Range) {
  return rangeText(Ctx, editableRange(Ctx, Range));
}

std::optional<std::string> sourceText(const ASTContext &Ctx, const Stmt *S) {
  return S ? sourceText(Ctx, S->getSourceRange()) : std::nullopt;
}

bool isUnexpandedText(const ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = S->getBeginLoc(), E = S->getEndLoc();
  return B.isFileID() && E.isFileID() && SM.getFileID(B) == SM.getFileID(E) && isEditable(SM, B);
}

CharSourceRange writtenRange(const ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(S->getSourceRange()),
                                                SM, Ctx.getLangOpts());
  if (CR.isInvalid() || !isUserCode(sourceOrigin(SM, CR.getBegin())) ||
      SM.getFileID(CR.getBegin()) != SM.getFileID(CR.getEnd()))
    return CharSourceRange();
  return CR;
}

std::optional<std::string> writtenText(const ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR = writtenRange(Ctx, S);
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

unsigned lineStartOffset(StringRef Buf, size_t Off) {
  size_t LS = Buf.rfind('\n', Off); // the last newline before Off
  return LS == StringRef::npos ? 0 : unsigned(LS + 1);
}

StringRef lineContaining(const SourceManager &SM, SourceLocation Loc, unsigned &Start,
                         unsigned &End) {
  auto [FID, Off] = SM.getDecomposedLoc(Loc);
  StringRef Buf = SM.getBufferData(FID);
  Start = lineStartOffset(Buf, Off);
  size_t LE = Buf.find('\n', Off);
  End = LE == StringRef::npos ? Buf.size() : LE + 1;
  return Buf.slice(Start, LE == StringRef::npos ? Buf.size() : LE);
}

std::string lineIndent(const ASTContext &Ctx, SourceLocation Loc) {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Start = 0, End = 0;
  SourceLocation At = SM.getFileLoc(Loc);
  StringRef Line = lineContaining(SM, At, Start, End);
  // A directive (`#pragma unroll` before a loop) is often written at column
  // 0 whatever its nesting: the code it precedes says the indentation.
  StringRef Buf = SM.getBufferData(SM.getFileID(At));
  while (Line.ltrim().starts_with("#") && End < Buf.size()) {
    size_t Next = Buf.find('\n', End);
    Line = Buf.slice(End, Next == StringRef::npos ? Buf.size() : Next);
    End = Next == StringRef::npos ? Buf.size() : Next + 1;
  }
  return Line.take_while([](char C) { return C == ' ' || C == '\t'; }).str();
}

std::string indentUnitOf(const ASTContext &Ctx, const CompoundStmt *CS) {
  if (CS && !CS->body_empty()) {
    std::string Outer = lineIndent(Ctx, CS->getLBracLoc());
    std::string Inner = lineIndent(Ctx, CS->body_front()->getBeginLoc());
    if (Inner.size() > Outer.size() && StringRef(Inner).starts_with(Outer))
      return Inner.substr(Outer.size());
  }
  return "  ";
}

FileID fileOf(const ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.getFileID(SM.getExpansionLoc(S->getBeginLoc()));
}

SourceLocation fileLoc(const ASTContext &Ctx, FileID File, unsigned Offset) {
  return Ctx.getSourceManager().getLocForStartOfFile(File).getLocWithOffset(Offset);
}

std::optional<unsigned> offsetPastSemicolon(const ASTContext &Ctx, FileID File, unsigned Offset) {
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(File);
  size_t P = Offset;
  while (P < Buf.size() && isspace(static_cast<unsigned char>(Buf[P])))
    ++P;
  if (P < Buf.size() && Buf[P] == ';')
    return unsigned(P + 1);
  return std::nullopt;
}

CharSourceRange statementRange(const ASTContext &Ctx, const Stmt *S) {
  CharSourceRange CR = editableRange(Ctx, S->getSourceRange());
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

std::optional<std::string> textWithEdits(const ASTContext &Ctx, FileID File, unsigned Begin,
                                         unsigned End, std::vector<TextEdit> Edits) {
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(File);
  std::string Path = editFilePath(SM, SM.getLocForStartOfFile(File));
  std::sort(Edits.begin(), Edits.end());
  std::string Out;
  unsigned Pos = Begin;
  for (const TextEdit &E : Edits) {
    if ((!E.File.empty() && E.File != Path) || E.Offset < Begin || E.Offset + E.Length > End)
      continue;
    if (E.Offset < Pos)
      return std::nullopt;
    Out += Buf.slice(Pos, E.Offset);
    Out += E.Text;
    Pos = E.Offset + E.Length;
  }
  Out += Buf.slice(Pos, End);
  return Out;
}

std::string declaredTypeText(const clang::ASTContext &Ctx, const clang::VarDecl *V) {
  std::string Printed = V->getType().getNonReferenceType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  const auto *F = llvm::dyn_cast_or_null<clang::FunctionDecl>(V->getDeclContext());
  const clang::TypeSourceInfo *TSI = V->getTypeSourceInfo();
  if (!F || !F->isTemplateInstantiation() || !TSI || V->getType()->isReferenceType())
    return Printed;
  auto Text = sourceText(Ctx, TSI->getTypeLoc().getSourceRange());
  if (!Text)
    return Printed;
  llvm::StringRef T = llvm::StringRef(*Text).trim();
  for (bool Again = true; Again;) {
    Again = false;
    for (llvm::StringRef Q : {"const ", "volatile "})
      if (T.consume_front(Q)) {
        T = T.ltrim();
        Again = true;
      }
  }
  if (T.empty() || T.contains("auto") || T.contains("decltype") || T.contains('*') || T.contains('&') ||
      T.contains("const") || T.contains("volatile"))
    return Printed;
  return T.str();
}

} // namespace klineage
