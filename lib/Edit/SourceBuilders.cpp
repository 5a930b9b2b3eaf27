//===- SourceBuilders.cpp -------------------------------------------------===//
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Analysis/LinearForm.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Analysis/Mutation.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>

using namespace llvm;
using namespace clang;

namespace klineage {

/// The precedence of \p E's own operator; nullopt for unary, postfix and
/// primary expressions (tighter than every binary operator).
static std::optional<prec::Level> precedenceOf(const Expr *E) {
  E = E->IgnoreImpCasts();
  if (isa<ConditionalOperator, BinaryConditionalOperator>(E))
    return prec::Conditional;
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  switch (B->getOpcode()) {
  case BO_PtrMemD:
  case BO_PtrMemI: return prec::PointerToMember;
  case BO_Mul:
  case BO_Div:
  case BO_Rem: return prec::Multiplicative;
  case BO_Add:
  case BO_Sub: return prec::Additive;
  case BO_Shl:
  case BO_Shr: return prec::Shift;
  case BO_Cmp: return prec::Spaceship;
  case BO_LT:
  case BO_GT:
  case BO_LE:
  case BO_GE: return prec::Relational;
  case BO_EQ:
  case BO_NE: return prec::Equality;
  case BO_And: return prec::And;
  case BO_Xor: return prec::ExclusiveOr;
  case BO_Or: return prec::InclusiveOr;
  case BO_LAnd: return prec::LogicalAnd;
  case BO_LOr: return prec::LogicalOr;
  case BO_Comma: return prec::Comma;
  default: return prec::Assignment; // = and every compound assignment
  }
}

bool needsParens(const Expr *E, prec::Level Parent) {
  auto Own = precedenceOf(E);
  return Own && *Own < Parent;
}

bool isPostfixSafe(const Expr *E) {
  E = E->IgnoreImpCasts();
  return isa<DeclRefExpr, ParenExpr, ArraySubscriptExpr, MemberExpr, CallExpr, IntegerLiteral,
             CXXThisExpr>(E) &&
         !isa<CXXOperatorCallExpr>(E);
}

std::string parenIf(bool Parenthesise, StringRef Text) {
  return Parenthesise ? ("(" + Text + ")").str() : Text.str();
}

std::string indentLines(StringRef Text, StringRef Unit) {
  SmallVector<StringRef> Lines;
  Text.split(Lines, '\n');
  std::string Out;
  for (size_t I = 0; I < Lines.size(); ++I) {
    if (I)
      Out += "\n" + (Lines[I].trim().empty() ? "" : Unit.str());
    Out += Lines[I];
  }
  return Out;
}

std::string dedentLines(StringRef Text, StringRef Unit) {
  SmallVector<StringRef> Lines;
  Text.split(Lines, '\n');
  std::string Out;
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I];
    if (I) {
      Out += "\n";
      if (!Unit.empty())
        L.consume_front(Unit);
    }
    Out += L;
  }
  return Out;
}

std::string sumText(ArrayRef<std::string> Terms, int64_t Constant) {
  std::string S;
  for (const std::string &T : Terms) {
    int64_t C;
    if (!StringRef(T).getAsInteger(10, C)) {
      Constant += C;
      continue;
    }
    S += (S.empty() ? "" : " + ") + T;
  }
  if (S.empty())
    return std::to_string(Constant);
  if (Constant > 0)
    S += " + " + std::to_string(Constant);
  else if (Constant < 0)
    S += " - " + std::to_string(-Constant);
  return S;
}

std::optional<std::string> formText(const ASTContext &Ctx, const analysis::Linearizer &Lin,
                                    const analysis::LinearForm &F) {
  std::vector<std::string> Terms;
  for (const auto &[Mono, Coeff] : F.Terms) {
    if (Mono.empty() || Coeff == 0)
      continue;
    std::vector<std::string> Factors;
    for (const std::string &K : Mono) {
      const analysis::Atom *A = Lin.atom(K);
      if (StringRef(K).starts_with("b:")) {
        Factors.push_back(K.substr(2));
      } else if (A && A->Var) {
        Factors.push_back(A->Var->getName().str());
      } else if (A && A->E) {
        auto T = sourceText(Ctx, A->E);
        if (!T)
          return std::nullopt;
        Factors.push_back(needsParens(A->E, prec::Multiplicative) ? "(" + *T + ")" : *T);
      } else {
        return std::nullopt;
      }
    }
    std::string Term = join(Factors, " * ");
    if (Coeff == -1)
      Term = "-" + Term;
    else if (Coeff != 1)
      Term = std::to_string(Coeff) + " * " + Term;
    Terms.push_back(Term);
  }
  std::string S;
  for (const std::string &T : Terms)
    S += S.empty() ? T : (T[0] == '-' ? " - " + T.substr(1) : " + " + T);
  return sumText(S.empty() ? ArrayRef<std::string>() : ArrayRef<std::string>(S), F.constant());
}

namespace {
std::optional<std::string>
substitutedIn(const ASTContext &Ctx, const Stmt *E, CharSourceRange Whole,
              function_ref<std::optional<std::string>(const Expr *)> Replace);
} // namespace

std::optional<std::string>
substitutedText(const ASTContext &Ctx, const Expr *E,
                function_ref<std::optional<std::string>(const Expr *)> Replace) {
  if (auto T = Replace(E))
    return T;
  // Written text: plain file text, or a macro's whole use (`k < TILE`).
  return substitutedIn(Ctx, E, writtenRange(Ctx, E), Replace);
}

std::optional<std::string>
substitutedStmtText(const ASTContext &Ctx, const Stmt *S,
                    function_ref<std::optional<std::string>(const Expr *)> Replace) {
  CharSourceRange Whole = statementRange(Ctx, S);
  if (const auto *E = dyn_cast<Expr>(S))
    if (auto T = Replace(E)) {
      // The whole expression replaced: the statement keeps its `;`.
      auto Text = rangeText(Ctx, Whole);
      return *T + (Text && StringRef(*Text).rtrim().ends_with(";") ? ";" : "");
    }
  return substitutedIn(Ctx, S, Whole, Replace);
}

namespace {
std::optional<std::string>
substitutedIn(const ASTContext &Ctx, const Stmt *E, CharSourceRange Whole,
              function_ref<std::optional<std::string>(const Expr *)> Replace) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (Whole.isInvalid())
    return std::nullopt;
  std::vector<TextEdit> Edits;
  bool Ok = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    for (const Stmt *C : S->children()) {
      if (!C || !Ok)
        continue;
      if (const auto *CE = dyn_cast<Expr>(C))
        if (auto T = Replace(CE)) {
          CharSourceRange R = writtenRange(Ctx, CE);
          if (R.isInvalid() || SM.getFileID(R.getBegin()) != SM.getFileID(Whole.getBegin())) {
            Ok = false;
            return;
          }
          unsigned B = SM.getFileOffset(R.getBegin()), En = SM.getFileOffset(R.getEnd());
          Edits.push_back({B, En - B, *T});
          continue;
        }
      Walk(C);
    }
  };
  Walk(E);
  if (!Ok)
    return std::nullopt;
  // Implicit nodes share their operand's range: keep one edit per range.
  std::sort(Edits.begin(), Edits.end(),
            [](const TextEdit &A, const TextEdit &B) { return A.Offset < B.Offset; });
  Edits.erase(std::unique(Edits.begin(), Edits.end(),
                          [](const TextEdit &A, const TextEdit &B) {
                            return A.Offset == B.Offset && A.Length == B.Length;
                          }),
              Edits.end());
  return textWithEdits(Ctx, SM.getFileID(Whole.getBegin()), SM.getFileOffset(Whole.getBegin()),
                       SM.getFileOffset(Whole.getEnd()), Edits);
}
} // namespace

std::string nameStem(const Expr *E, StringRef Fallback) {
  E = E->IgnoreParenImpCasts();
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    E = AS->getBase()->IgnoreParenImpCasts();
  StringRef Stem;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    Stem = DRE->getDecl()->getName();
  else if (const auto *ME = dyn_cast<MemberExpr>(E))
    Stem = ME->getMemberDecl()->getName();
  return (Stem.empty() ? Fallback : Stem).str();
}

bool FreshNames::isFree(StringRef Name) const {
  if (Handed.contains(Name) || Ctx.Idents.find(Name) != Ctx.Idents.end())
    return false;
  // With the header cache, identifiers spelled only in the headers stay in
  // the precompiled preamble until looked up: ask it too, so a name is free
  // exactly when it would be with the headers parsed from source.
  if (IdentifierInfoLookup *External = Ctx.Idents.getExternalIdentifierLookup())
    return External->get(Name) == nullptr;
  return true;
}

std::string FreshNames::take(std::string Name) {
  Handed.insert(Name);
  return Name;
}

std::string FreshNames::get(StringRef Stem) {
  if (isFree(Stem))
    return take(Stem.str());
  for (unsigned N = 1;; ++N)
    if (std::string Cand = (Stem + "_" + Twine(N)).str(); isFree(Cand))
      return take(std::move(Cand));
}

std::string FreshNames::getIn(StringRef Stem, ArrayRef<const Stmt *> Scope) {
  // Every identifier the statements spell or reach.
  llvm::StringSet<> Used;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      Used.insert(Ref->getDecl()->getName());
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *ND = dyn_cast<NamedDecl>(D); ND && ND->getIdentifier())
          Used.insert(ND->getName());
    for (const Stmt *C : S->children())
      Walk(C);
  };
  for (const Stmt *S : Scope) {
    Walk(S);
    if (auto Text = writtenText(Ctx, S)) {
      StringRef T(*Text);
      while (!T.empty()) {
        T = T.drop_until([](char C) { return isAlpha(C) || C == '_'; });
        StringRef Word = T.take_while([](char C) { return isAlnum(C) || C == '_'; });
        Used.insert(Word);
        T = T.drop_front(Word.size());
      }
    }
  }
  auto Free = [&](StringRef Name) {
    if (Handed.contains(Name) || Used.contains(Name))
      return false;
    auto It = Ctx.Idents.find(Name);
    return It == Ctx.Idents.end() || !It->getValue()->hasMacroDefinition();
  };
  if (Free(Stem))
    return take(Stem.str());
  for (unsigned N = 1;; ++N)
    if (std::string Cand = (Stem + "_" + Twine(N)).str(); Free(Cand))
      return take(std::move(Cand));
}

std::string FreshNames::numbered(StringRef Prefix) {
  for (unsigned N = 0;; ++N)
    if (std::string Cand = (Prefix + Twine(N)).str(); isFree(Cand))
      return take(std::move(Cand));
}

/// May \p Text (a name or a sum) replace \p X without parentheses?
bool bareIn(const analysis::FunctionFacts &F, const Expr *X, StringRef Text) {
  if (all_of(Text, [](char C) { return isAlnum(C) || C == '_'; }))
    return true;
  const Stmt *Child = X, *P = F.parentOf(X);
  while (P && isa<ImplicitCastExpr>(P)) {
    Child = P;
    P = F.parentOf(P);
  }
  if (!P || isa<ParenExpr, CallExpr>(P))
    return true;
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(P))
    return A->getIdx() == Child;
  if (const auto *B = dyn_cast<BinaryOperator>(P))
    return B->isComparisonOp() || B->isLogicalOp() || B->isAssignmentOp() || B->getOpcode() == BO_Add ||
           (B->getOpcode() == BO_Sub && B->getLHS() == Child);
  return false;
}

std::optional<std::string> negatedText(const ASTContext &Ctx, const Expr *Cond) {
  // An operand that is a whole macro use (`i < R`) is copied as written.
  auto sourceText = [&](const Expr *E) {
    auto T = klineage::sourceText(Ctx, E);
    return T ? T : writtenText(Ctx, E);
  };
  const Expr *C = Cond->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(C)) {
    if (B->getOpcode() == BO_LOr) {
      auto L = negatedText(Ctx, B->getLHS()), R = negatedText(Ctx, B->getRHS());
      if (!L || !R)
        return std::nullopt;
      return *L + " && " + *R;
    }
    const char *Flip = nullptr;
    switch (B->getOpcode()) {
    case BO_LT: Flip = ">="; break;
    case BO_LE: Flip = ">"; break;
    case BO_GT: Flip = "<="; break;
    case BO_GE: Flip = "<"; break;
    case BO_EQ: Flip = "!="; break;
    case BO_NE: Flip = "=="; break;
    default: break;
    }
    // A floating comparison is not flipped: with a NaN operand both `a < b`
    // and `a >= b` are false.
    QualType Operand = B->getLHS()->IgnoreImpCasts()->getType();
    bool Exact = !Operand->isRealFloatingType() && !B->getRHS()->IgnoreImpCasts()->getType()->isRealFloatingType();
    if (Flip && Exact) {
      auto L = sourceText(B->getLHS()), R = sourceText(B->getRHS());
      if (!L || !R)
        return std::nullopt;
      return *L + " " + Flip + " " + *R;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(C); U && U->getOpcode() == UO_LNot)
    return sourceText(U->getSubExpr());
  auto T = sourceText(Cond);
  if (!T)
    return std::nullopt;
  return "!(" + *T + ")";
}

} // namespace klineage
