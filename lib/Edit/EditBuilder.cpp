//===- EditBuilder.cpp ----------------------------------------------------===//
#include "klineage/Edit/EditBuilder.h"
#include "llvm/Support/Path.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Transformer/SourceCode.h"
#include "klineage/Edit/SourceBuilders.h"
#include <algorithm>

using namespace llvm;
using namespace clang;

namespace klineage {

std::optional<unsigned> EditBuilder::fileOffset(SourceLocation Loc, const char *What) {
  if (auto Why = whyNotEditable(Ctx.getSourceManager(), Loc)) {
    fail("cannot edit " + std::string(What) + ": " + *Why, Loc);
    return std::nullopt;
  }
  return Ctx.getSourceManager().getFileOffset(Loc);
}

void EditBuilder::add(SourceLocation At, unsigned Offset, unsigned Length, std::string Text) {
  Edits.push_back({Offset, Length, std::move(Text), editFilePath(Ctx.getSourceManager(), At)});
}

void EditBuilder::failRange(const char *What, SourceRange Range) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = Range.getBegin();
  // Say why: a macro, a file that is not editable, or two files.
  std::string Why = "it is produced by a macro expansion";
  CharSourceRange CR =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Range), SM, Ctx.getLangOpts());
  if (CR.isValid()) {
    if (auto NotEditable = whyNotEditable(SM, CR.getBegin()))
      Why = *NotEditable;
    else if (SM.getFileID(CR.getBegin()) != SM.getFileID(CR.getEnd()))
      Why = "it spans two files";
  } else if (!B.isMacroID()) {
    Why = whyNotEditable(SM, B).value_or("it is not plain source text");
  }
  fail("cannot edit " + std::string(What) + ": " + Why, B);
}

EditBuilder &EditBuilder::replace(SourceRange Range, StringRef Text) {
  CharSourceRange CR = editableRange(Ctx, Range);
  if (CR.isInvalid()) {
    failRange("the code to change", Range);
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
  if (*E < *B || Ctx.getSourceManager().getFileID(Begin) != Ctx.getSourceManager().getFileID(End)) {
    fail("internal: inverted edit range or one across two files");
    return *this;
  }
  add(Begin, *B, *E - *B, Text.str());
  return *this;
}

EditBuilder &EditBuilder::insertBefore(SourceLocation Loc, StringRef Text) {
  if (auto Off = fileOffset(Loc, "the insertion point"))
    add(Loc, *Off, 0, Text.str());
  return *this;
}

EditBuilder &EditBuilder::insertAfterToken(SourceLocation TokenLoc, StringRef Text) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (TokenLoc.isMacroID()) {
    fail("cannot edit the insertion point: it is produced by a macro expansion", TokenLoc);
    return *this;
  }
  SourceLocation End = Lexer::getLocForEndOfToken(TokenLoc, 0, SM, Ctx.getLangOpts());
  return insertBefore(End, Text);
}

EditBuilder &EditBuilder::insertLineBefore(SourceLocation Loc, StringRef Line) {
  // A statement that a macro use starts (`CUDA_KERNEL_LOOP(i, n) {...}`):
  // the line goes above the use.
  SourceLocation Use;
  if (Loc.isMacroID() && Lexer::isAtStartOfMacroExpansion(Loc, Ctx.getSourceManager(), Ctx.getLangOpts(), &Use) &&
      Use.isFileID())
    Loc = Use;
  auto Off = fileOffset(Loc, "the insertion point");
  if (!Off)
    return *this;
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getFileID(Loc));
  size_t LineStart = lineStartOffset(Buf, *Off);
  StringRef Before = Buf.slice(LineStart, *Off);
  if (!Before.trim().empty()) {
    // Code precedes the anchor on its line: start a new line at the anchor,
    // taking the blanks before it so the split line keeps no trailing space.
    std::string Indent = lineIndent(Ctx, Loc);
    unsigned Blanks = static_cast<unsigned>(Before.size() - Before.rtrim(" \t").size());
    add(Loc, *Off - Blanks, Blanks, "\n" + Indent + Line.str() + "\n" + Indent);
    return *this;
  }
  add(Loc, static_cast<unsigned>(LineStart), 0, Before.str() + Line.str() + "\n");
  return *this;
}

EditBuilder &EditBuilder::insertLineAbovePragmas(const Stmt *S, StringRef Line) {
  auto Off = fileOffset(S->getBeginLoc(), "the insertion point");
  if (!Off)
    return *this;
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getFileID(SM.getExpansionLoc(S->getBeginLoc())));
  auto LineStart = [&](unsigned O) { return lineStartOffset(Buf, O); };
  unsigned LS = LineStart(*Off);
  if (!Buf.slice(LS, *Off).trim().empty())
    return insertLineBefore(S->getBeginLoc(), Line);
  while (LS > 0) {
    unsigned Above = LineStart(LS - 1);
    if (!Buf.slice(Above, LS).trim().starts_with("#pragma"))
      break;
    LS = Above;
  }
  add(SM.getExpansionLoc(S->getBeginLoc()), LS, 0, lineIndent(Ctx, S->getBeginLoc()) + Line.str() + "\n");
  return *this;
}

EditBuilder &EditBuilder::removeLines(SourceRange Range) {
  CharSourceRange CR = editableRange(Ctx, Range);
  if (CR.isInvalid()) {
    failRange("the line to remove", Range);
    return *this;
  }
  removeLines(CR, Range.getBegin());
  return *this;
}

EditBuilder &EditBuilder::removeLines(const Stmt *S) {
  CharSourceRange CR = wholeStatementRange(S);
  if (CR.isValid())
    removeLines(CR, S->getBeginLoc());
  return *this;
}

/// What follows a removed statement on its line is no code: blanks, or a
/// comment that ends the line (it speaks of the statement, and goes with it).
static bool trailingNoCode(StringRef Tail) {
  Tail = Tail.trim();
  if (Tail.empty() || (Tail.starts_with("//") && !Tail.ends_with("\\")))
    return true;
  if (!Tail.starts_with("/*"))
    return false;
  size_t End = Tail.find("*/", 2);
  return End != StringRef::npos && trailingNoCode(Tail.drop_front(End + 2));
}

void EditBuilder::removeLines(CharSourceRange CR, SourceLocation Loc) {
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getFileID(CR.getBegin()));
  unsigned B = SM.getFileOffset(CR.getBegin()), E = SM.getFileOffset(CR.getEnd());
  size_t LineStart = lineStartOffset(Buf, B);
  size_t LineEnd = Buf.find('\n', E);
  LineEnd = LineEnd == StringRef::npos ? Buf.size() : LineEnd + 1;
  if (!Buf.slice(LineStart, B).trim().empty() || !trailingNoCode(Buf.slice(E, LineEnd))) {
    fail("other code shares the line to remove", Loc);
    return;
  }
  add(CR.getBegin(), static_cast<unsigned>(LineStart), static_cast<unsigned>(LineEnd - LineStart), "");
}

CharSourceRange EditBuilder::statementRange(const Stmt *S) {
  CharSourceRange CR = klineage::statementRange(Ctx, S);
  if (CR.isInvalid())
    failRange("the statement", S->getSourceRange());
  return CR;
}

CharSourceRange EditBuilder::wholeStatementRange(const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  // A macro use that begins or ends the statement (`__shared__ float s[32];`)
  // goes with it; one that straddles its edge does not.
  CharSourceRange CR =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(S->getSourceRange()), SM, Ctx.getLangOpts());
  if (CR.isInvalid() || !isEditable(SM, CR.getBegin()) ||
      SM.getFileID(CR.getBegin()) != SM.getFileID(CR.getEnd())) {
    failRange("the statement", S->getSourceRange());
    return CharSourceRange();
  }
  CharSourceRange Ext = tooling::maybeExtendRange(CR, tok::semi, const_cast<ASTContext &>(Ctx));
  return Lexer::getAsCharRange(Ext, SM, Ctx.getLangOpts());
}

EditBuilder &EditBuilder::removeStatement(const Stmt *S) {
  CharSourceRange R = wholeStatementRange(S);
  if (R.isInvalid())
    return *this;
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getFileID(R.getBegin()));
  unsigned B = SM.getFileOffset(R.getBegin()), E = SM.getFileOffset(R.getEnd());
  size_t LineStart = lineStartOffset(Buf, B);
  size_t LineEnd = Buf.find('\n', E);
  LineEnd = LineEnd == StringRef::npos ? Buf.size() : LineEnd + 1;
  if (Buf.slice(LineStart, B).trim().empty() && trailingNoCode(Buf.slice(E, LineEnd))) {
    add(R.getBegin(), static_cast<unsigned>(LineStart), static_cast<unsigned>(LineEnd - LineStart), "");
    return *this;
  }
  add(R.getBegin(), B, E - B, "");
  return *this;
}

EditBuilder &EditBuilder::replaceStatement(const Stmt *S, StringRef Text) {
  CharSourceRange R = wholeStatementRange(S);
  if (R.isInvalid())
    return *this;
  // A loop under `#pragma unroll` is replaced from the pragma's `#`, often
  // at column 0: the text still starts at the loop's indentation.
  if (const auto *A = dyn_cast<AttributedStmt>(S)) {
    const SourceManager &SM = Ctx.getSourceManager();
    StringRef Buf = SM.getBufferData(SM.getFileID(R.getBegin()));
    unsigned B = SM.getFileOffset(R.getBegin());
    StringRef Lead = Buf.slice(lineStartOffset(Buf, B), B);
    std::string Indent = lineIndent(Ctx, SM.getExpansionLoc(A->getSubStmt()->getBeginLoc()));
    if (Lead.trim().empty() && Indent.size() > Lead.size() && StringRef(Indent).starts_with(Lead))
      return replaceChars(R.getBegin(), R.getEnd(), Indent.substr(Lead.size()) + Text.str());
  }
  return replaceChars(R.getBegin(), R.getEnd(), Text);
}

EditBuilder &EditBuilder::insertLineAfter(const Stmt *S, StringRef Line) {
  CharSourceRange R = wholeStatementRange(S);
  if (R.isInvalid())
    return *this;
  std::string Indent = lineIndent(Ctx, Ctx.getSourceManager().getExpansionLoc(S->getBeginLoc()));
  return insertBefore(R.getEnd(), "\n" + Indent + Line.str());
}

EditBuilder &EditBuilder::splitLine(SourceLocation Loc) {
  auto Off = fileOffset(Loc, "the line break");
  if (!Off)
    return *this;
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Start = 0, End = 0;
  StringRef Line = lineContaining(SM, Loc, Start, End);
  StringRef Before = Line.take_front(*Off - Start);
  unsigned Blanks = static_cast<unsigned>(Before.size() - Before.rtrim(" \t").size());
  add(Loc, *Off - Blanks, Blanks, "\n" + lineIndent(Ctx, Loc));
  return *this;
}

EditBuilder &EditBuilder::insertAtBodyTop(const FunctionDecl *FD, StringRef Line,
                                          StringRef IndentUnit) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body) {
    fail("'" + FD->getNameAsString() + "' has no body to insert into", FD->getLocation());
    return *this;
  }
  if (!Body->body_empty())
    return insertLineBefore(Body->body_front()->getBeginLoc(), Line);
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Indent = lineIndent(Ctx, Body->getLBracLoc());
  std::string Text = "\n" + Indent + IndentUnit.str() + Line.str();
  // `{}` on one line: the closing brace moves to a line of its own.
  if (SM.getExpansionLineNumber(Body->getLBracLoc()) == SM.getExpansionLineNumber(Body->getRBracLoc()))
    Text += "\n" + Indent;
  return insertAfterToken(Body->getLBracLoc(), Text);
}

EditBuilder &EditBuilder::insertInclude(const FunctionDecl *FD, StringRef Header) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End; ++It)
    if (llvm::sys::path::filename(It->first.getName()) == llvm::sys::path::filename(Header))
      return *this; // already part of the translation unit
  SourceLocation Loc = SM.getExpansionLoc(FD->getBeginLoc());
  FileID File = SM.getFileID(Loc);
  StringRef Buf = SM.getBufferData(File);
  // After the last `#include` line that starts a line (not inside a
  // conditional block's text: any such line will do, the header is
  // self-contained).
  size_t At = 0;
  for (size_t Pos = 0; Pos < Buf.size();) {
    size_t EOL = Buf.find('\n', Pos);
    StringRef Line = Buf.slice(Pos, EOL == StringRef::npos ? Buf.size() : EOL);
    if (Line.ltrim().starts_with("#include") || Line.ltrim().starts_with("# include"))
      At = EOL == StringRef::npos ? Buf.size() : EOL + 1;
    if (EOL == StringRef::npos)
      break;
    Pos = EOL + 1;
  }
  add(SM.getLocForStartOfFile(File).getLocWithOffset(At), unsigned(At), 0,
      "#include <" + Header.str() + ">\n");
  return *this;
}

EditBuilder &EditBuilder::insertBarrierBefore(const Stmt *S) {
  return insertLineBefore(S->getBeginLoc(), "__syncthreads();");
}

EditBuilder &EditBuilder::insertBarrierAfter(const Stmt *S) {
  return insertLineAfter(S, "__syncthreads();");
}

EditBuilder &EditBuilder::wrap(const Stmt *S, StringRef Head, StringRef IndentUnit) {
  CharSourceRange R = statementRange(S);
  if (R.isInvalid())
    return *this;
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned B = SM.getFileOffset(R.getBegin()), E = SM.getFileOffset(R.getEnd());
  StringRef Text = SM.getBufferData(SM.getFileID(R.getBegin())).slice(B, E);
  std::string Indent = lineIndent(Ctx, S->getBeginLoc());
  std::string Out = (Head.empty() ? "{" : Head.str() + " {") + "\n" + Indent + IndentUnit.str();
  Out += klineage::indentLines(Text, IndentUnit);
  Out += "\n" + Indent + "}";
  add(R.getBegin(), B, E - B, std::move(Out));
  return *this;
}

EditBuilder &EditBuilder::indentLines(const Stmt *First, const Stmt *Last, StringRef IndentUnit) {
  CharSourceRange FR = wholeStatementRange(First), LR = wholeStatementRange(Last);
  if (FR.isInvalid() || LR.isInvalid())
    return *this;
  const SourceManager &SM = Ctx.getSourceManager();
  if (SM.getFileID(FR.getBegin()) != SM.getFileID(LR.getEnd())) {
    fail("the statements to indent lie in two files", First->getBeginLoc());
    return *this;
  }
  StringRef Buf = SM.getBufferData(SM.getFileID(FR.getBegin()));
  std::string File = editFilePath(SM, FR.getBegin());
  unsigned B = SM.getFileOffset(FR.getBegin()), E = SM.getFileOffset(LR.getEnd());
  size_t LineStart = lineStartOffset(Buf, B);
  if (!Buf.slice(LineStart, B).trim().empty() || E < B) {
    fail("other code precedes the statements to indent on their first line", First->getBeginLoc());
    return *this;
  }
  // A line that starts inside text this builder already replaces is gone.
  auto Replaced = [&](size_t L) {
    return llvm::any_of(Edits, [&](const TextEdit &T) {
      return T.File == File && T.Length && T.Offset < L && L < T.Offset + T.Length;
    });
  };
  for (size_t L = LineStart; L < E;) {
    size_t Next = Buf.find('\n', L);
    Next = Next == StringRef::npos ? Buf.size() : Next + 1;
    if (!Buf.slice(L, std::min<size_t>(Next, E)).trim().empty() && !Replaced(L)) {
      // Nested indentations of one line add up in one insertion (the engine
      // applies identical edits once).
      auto Prior = llvm::find_if(Edits, [&](const TextEdit &T) {
        return T.File == File && T.Offset == L && T.Length == 0 && StringRef(T.Text).trim(" \t").empty();
      });
      if (Prior != Edits.end())
        Prior->Text += IndentUnit.str();
      else
        add(FR.getBegin(), static_cast<unsigned>(L), 0, IndentUnit.str());
    }
    L = Next;
  }
  return *this;
}

EditBuilder &EditBuilder::unwrap(const Stmt *S, const Stmt *Inner, StringRef IndentUnit) {
  CharSourceRange Whole = wholeStatementRange(S);
  CharSourceRange Body = wholeStatementRange(Inner);
  if (Whole.isInvalid() || Body.isInvalid())
    return *this;
  const SourceManager &SM = Ctx.getSourceManager();
  if (SM.getFileID(Whole.getBegin()) != SM.getFileID(Body.getBegin())) {
    fail("the statement and its body lie in two files", S->getBeginLoc());
    return *this;
  }
  StringRef Buf = SM.getBufferData(SM.getFileID(Whole.getBegin()));
  unsigned WB = SM.getFileOffset(Whole.getBegin()), WE = SM.getFileOffset(Whole.getEnd());
  unsigned BB = SM.getFileOffset(Body.getBegin()), BE = SM.getFileOffset(Body.getEnd());
  (void)BB;
  auto LineStartOf = [&](size_t At) { return size_t(lineStartOffset(Buf, At)); };
  auto LineEndOf = [&](size_t At) { // one past the newline
    size_t L = Buf.find('\n', At);
    return L == StringRef::npos ? Buf.size() : L + 1;
  };
  if (!Buf.slice(LineStartOf(WB), WB).trim().empty()) {
    fail("other code precedes the statement to unwrap on its line", S->getBeginLoc());
    return *this;
  }
  // The first and last character of what stays, and whether it is braced.
  size_t KeepB = BB, KeepE = BE;
  if (const auto *CS = dyn_cast<CompoundStmt>(Inner)) {
    KeepB = SM.getFileOffset(SM.getExpansionLoc(CS->getLBracLoc())) + 1;
    KeepE = SM.getFileOffset(SM.getExpansionLoc(CS->getRBracLoc()));
    while (KeepB < KeepE && (Buf[KeepB] == ' ' || Buf[KeepB] == '\t'))
      ++KeepB;
    if (KeepB < KeepE && Buf[KeepB] == '\n')
      ++KeepB;
    while (KeepE > KeepB && (Buf[KeepE - 1] == ' ' || Buf[KeepE - 1] == '\t'))
      --KeepE;
  }
  if (KeepB >= KeepE) { // an empty body: the whole statement goes
    removeLines(CharSourceRange::getCharRange(Whole.getBegin(), Whole.getEnd()), S->getBeginLoc());
    return *this;
  }
  // The head goes up to the body's first character; when the body starts
  // its own line, that line's indentation goes too (the head's stays).
  size_t First = KeepB;
  if (LineStartOf(KeepB) != LineStartOf(WB))
    while (First < KeepE && (Buf[First] == ' ' || Buf[First] == '\t'))
      ++First;
  add(Whole.getBegin(), WB, static_cast<unsigned>(First - WB), "");
  // Lines after the body's first: one unit shallower.
  std::string Deeper = Buf.slice(LineStartOf(WB), WB).str() + IndentUnit.str();
  for (size_t L = LineEndOf(First); L < KeepE; L = LineEndOf(L))
    if (Buf.substr(L).starts_with(Deeper))
      add(Whole.getBegin(), static_cast<unsigned>(L + Deeper.size() - IndentUnit.size()),
          static_cast<unsigned>(IndentUnit.size()), "");
  // The tail: the closing brace, with the line break before it when it
  // stands on its own line.
  size_t TailB = KeepE;
  if (TailB > First && Buf[TailB - 1] == '\n')
    --TailB;
  if (WE > TailB)
    add(Whole.getBegin(), static_cast<unsigned>(TailB), static_cast<unsigned>(WE - TailB), "");
  return *this;
}

EditBuilder &EditBuilder::wrapLines(const Stmt *First, const Stmt *Last, StringRef Head,
                                    StringRef IndentUnit) {
  std::string Indent = lineIndent(Ctx, First->getBeginLoc());
  insertLineBefore(First->getBeginLoc(), Head.str() + " {");
  indentLines(First, Last, IndentUnit);
  return appendAfter(Last, "\n" + Indent + "}");
}

EditBuilder &EditBuilder::appendAfter(const Stmt *S, StringRef Text) {
  CharSourceRange R = wholeStatementRange(S);
  if (R.isInvalid())
    return *this;
  return insertBefore(R.getEnd(), Text);
}

EditBuilder &EditBuilder::forEachDeclaration(
    const FunctionDecl *FD, function_ref<void(EditBuilder &, const FunctionDecl &)> Edit) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const FunctionDecl *> Decls(FD->redecls_begin(), FD->redecls_end());
  std::sort(Decls.begin(), Decls.end(), [&](const FunctionDecl *A, const FunctionDecl *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  for (const FunctionDecl *D : Decls) {
    SourceLocation L = D->getLocation();
    if (auto Why = whyNotEditable(SM, L)) {
      fail("cannot edit a declaration of '" + FD->getNameAsString() + "': " + *Why, L);
      return *this;
    }
  }
  for (const FunctionDecl *D : Decls)
    Edit(*this, *D);
  return *this;
}

EditBuilder &EditBuilder::setLaunchArg(const CUDAKernelCallExpr *Call, LaunchArg Which,
                                       StringRef Text) {
  const CallExpr *Config = Call->getConfig();
  unsigned Written = 0;
  while (Written < Config->getNumArgs() && !isa<CXXDefaultArgExpr>(Config->getArg(Written)))
    ++Written;
  unsigned I = static_cast<unsigned>(Which);
  if (I < Written)
    return replace(Config->getArg(I), Text);
  // The configuration call's right "paren" is the `>>>`.
  std::string Tail;
  for (unsigned K = Written; K < I; ++K)
    Tail += ", 0"; // only the shared-memory size can be missing before a stream
  return insertBefore(Config->getRParenLoc(), Tail + ", " + Text.str());
}

EditBuilder &EditBuilder::setLaunchArg(const cuda::LaunchSite &Site, LaunchArg Which,
                                       StringRef Text) {
  const cuda::LaunchArg *Args[] = {&Site.Grid, &Site.Block, &Site.SharedMem, &Site.Stream};
  const cuda::LaunchArg &A = *Args[static_cast<unsigned>(Which)];
  // A written argument's text, a whole macro use included (LaunchSites
  // reads it so), is replaced.
  if (!A.Defaulted && A.E && A.Range.isValid())
    return replaceChars(A.Range.getBegin(), A.Range.getEnd(), Text);
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(Site.Call))
    return setLaunchArg(K, Which, Text);
  fail(std::string("the launch's ") +
           (Which == LaunchArg::Grid    ? "grid"
            : Which == LaunchArg::Block ? "block"
            : Which == LaunchArg::Stream ? "stream"
                                         : "shared-memory size") +
           " is not written as main-file text at the " + cuda::launchFormName(Site.Form) + " call",
       Site.Loc);
  return *this;
}

} // namespace klineage
