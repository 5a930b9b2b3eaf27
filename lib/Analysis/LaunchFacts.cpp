//===- LaunchFacts.cpp - Block and grid shape of a kernel's launches ------===//
#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Cuda/LaunchBounds.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace clang;
using namespace clang::ast_matchers;
namespace json = llvm::json;
using klineage::cuda::LaunchArg;
using klineage::cuda::LaunchSite;

namespace klineage {
namespace analysis {

std::string Dim3::str() const {
  return "(" + std::to_string(X) + ", " + std::to_string(Y) + ", " + std::to_string(Z) + ")";
}

const char *verdictName(ShapeFact::Verdict V) {
  switch (V) {
  case ShapeFact::Verdict::Known: return "known";
  case ShapeFact::Verdict::Conflicting: return "conflicting";
  case ShapeFact::Verdict::Unknown: return "unknown";
  }
  return "";
}

const char *sourceName(ShapeFact::Source S) {
  switch (S) {
  case ShapeFact::Source::Launch: return "launch";
  case ShapeFact::Source::Assumed: return "assumed";
  case ShapeFact::Source::LaunchBoundsOnly: return "launch-bounds-only";
  }
  return "";
}

/// The source text of \p E (its expansion, for an expression in a macro).
static std::string textOf(ASTContext &Ctx, const Expr *E) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(E->getSourceRange()),
                                               SM, Ctx.getLangOpts());
  if (R.isInvalid())
    R = SM.getExpansionRange(E->getSourceRange());
  return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
}

static unsigned lineOf(ASTContext &Ctx, SourceLocation L) {
  return Ctx.getSourceManager().getExpansionLineNumber(L);
}

namespace {

struct IntValue {
  std::optional<int64_t> V;
  std::string Why;
};

/// Evaluates launch-configuration expressions at one launch: the compiler's
/// constant evaluator, plus locals whose initialiser is a constant and which
/// nothing writes before the launch.
class ShapeEvaluator {
public:
  ShapeEvaluator(ASTContext &Ctx, const LaunchSite &Site) : Ctx(Ctx), Site(Site) {}

  ShapeValue shape(const Expr *E, unsigned Depth = 0) {
    E = cuda::stripDim3Conversions(E);
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      if (C->getConstructor()->isCopyOrMoveConstructor())
        return shape(C->getArg(0), Depth + 1);
      unsigned Integral = 0;
      for (const ParmVarDecl *P : C->getConstructor()->parameters())
        Integral += P->getType()->isIntegerType();
      if (Integral != C->getConstructor()->getNumParams())
        return {std::nullopt, "'" + textOf(Ctx, E) + "' is not built from integers"};
      uint64_t Dims[3] = {1, 1, 1};
      for (unsigned I = 0; I < C->getNumArgs() && I < 3; ++I) {
        IntValue V = integer(C->getArg(I), Depth + 1);
        if (!V.V)
          return {std::nullopt, V.Why};
        if (*V.V <= 0)
          return {std::nullopt, "'" + textOf(Ctx, C->getArg(I)) + "' is not positive"};
        Dims[I] = static_cast<uint64_t>(*V.V);
      }
      return {Dim3{Dims[0], Dims[1], Dims[2]}, ""};
    }
    if (E->getType()->isIntegerType()) {
      IntValue V = integer(E, Depth + 1);
      if (!V.V)
        return {std::nullopt, V.Why};
      if (*V.V <= 0)
        return {std::nullopt, "'" + textOf(Ctx, E) + "' is not positive"};
      return {Dim3{static_cast<uint64_t>(*V.V), 1, 1}, ""};
    }
    if (const VarDecl *V = localVariable(E)) {
      std::string Why = unchanged(V);
      if (!Why.empty())
        return {std::nullopt, Why};
      return shape(V->getInit(), Depth + 1);
    }
    return {std::nullopt, "'" + textOf(Ctx, E) + "' is not a constant"};
  }

private:
  IntValue integer(const Expr *E, unsigned Depth) {
    if (Depth > 16 || E->isValueDependent())
      return {std::nullopt, "'" + textOf(Ctx, E) + "' is not a constant"};
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx) && R.Val.getInt().getSignificantBits() <= 64)
      return {R.Val.getInt().getExtValue(), ""};
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      IntValue L = integer(B->getLHS(), Depth + 1);
      if (!L.V)
        return L;
      IntValue Rt = integer(B->getRHS(), Depth + 1);
      if (!Rt.V)
        return Rt;
      std::optional<int64_t> V;
      switch (B->getOpcode()) {
      case BO_Add: V = llvm::checkedAdd(*L.V, *Rt.V); break;
      case BO_Sub: V = llvm::checkedSub(*L.V, *Rt.V); break;
      case BO_Mul: V = llvm::checkedMul(*L.V, *Rt.V); break;
      case BO_Div: if (*Rt.V != 0) V = *L.V / *Rt.V; break;
      case BO_Rem: if (*Rt.V != 0) V = *L.V % *Rt.V; break;
      default: break;
      }
      if (!V)
        return {std::nullopt, "'" + textOf(Ctx, E) + "' is not a constant"};
      return {V, ""};
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl()))
        return {std::nullopt, "'" + P->getName().str() + "' is a parameter of '" +
                                  cast<FunctionDecl>(P->getDeclContext())->getNameAsString() + "'"};
    if (const VarDecl *V = localVariable(E)) {
      std::string Why = unchanged(V);
      if (!Why.empty())
        return {std::nullopt, Why};
      return integer(V->getInit(), Depth + 1);
    }
    return {std::nullopt, "'" + textOf(Ctx, E) + "' is not a constant"};
  }

  /// A non-static local with an initialiser, named by \p E.
  static const VarDecl *localVariable(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V || isa<ParmVarDecl>(V) || !V->isLocalVarDecl() || V->isStaticLocal() || !V->getInit())
      return nullptr;
    return V;
  }

  /// Empty when nothing may write \p V before the launch; else why not. A
  /// use that is not a read (an assignment, ++, &, a non-const reference)
  /// counts unless it comes after a launch that no loop repeats.
  std::string unchanged(const VarDecl *V) {
    const FunctionDecl *F = Site.Launcher;
    if (!F || !F->getBody())
      return "'" + V->getName().str() + "' is not in a function";
    const SourceManager &SM = Ctx.getSourceManager();
    bool Repeated = inLoop(Site.Call);
    for (const BoundNodes &B :
         match(findAll(declRefExpr(to(varDecl(equalsNode(V)))).bind("r")), *F->getBody(), Ctx)) {
      const auto *Ref = B.getNodeAs<DeclRefExpr>("r");
      if (isRead(Ref))
        continue;
      if (!Repeated && SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Site.Call->getEndLoc()),
                                                    SM.getExpansionLoc(Ref->getBeginLoc())))
        continue;
      return "'" + V->getName().str() + "' may be written at line " +
             std::to_string(lineOf(Ctx, Ref->getBeginLoc())) + " before the launch";
    }
    return "";
  }

  /// \p E (an lvalue) is only read: converted to a value, bound to a const
  /// reference, or a member of it is.
  bool isRead(const Expr *E) {
    while (true) {
      DynTypedNodeList Ps = Ctx.getParents(*E);
      if (Ps.empty())
        return false;
      if (const auto *P = Ps[0].get<ParenExpr>()) {
        E = P;
        continue;
      }
      if (const auto *M = Ps[0].get<MemberExpr>(); M && !M->isArrow()) {
        E = M;
        continue;
      }
      if (const auto *C = Ps[0].get<ImplicitCastExpr>())
        return C->getCastKind() == CK_LValueToRValue ||
               (C->getCastKind() == CK_NoOp && C->getType().isConstQualified());
      return Ps[0].get<UnaryExprOrTypeTraitExpr>() != nullptr;
    }
  }

  /// \p S may run more than once per call of the launcher: it is in a loop
  /// or a lambda.
  bool inLoop(const Stmt *S) {
    DynTypedNodeList Ps = Ctx.getParents(*S);
    while (!Ps.empty()) {
      const DynTypedNode &P = Ps[0];
      if (P.get<ForStmt>() || P.get<WhileStmt>() || P.get<DoStmt>() || P.get<CXXForRangeStmt>() ||
          P.get<LambdaExpr>())
        return true;
      if (P.get<FunctionDecl>())
        return false;
      Ps = Ctx.getParents(P);
    }
    return false;
  }

  ASTContext &Ctx;
  const LaunchSite &Site;
};

} // namespace

ShapeValue evaluateShape(ASTContext &Ctx, const LaunchSite &Site, const LaunchArg &Arg) {
  if (Arg.Defaulted)
    return {Dim3{}, ""}; // a value-initialised dim3 is (1, 1, 1)
  if (!Arg.E)
    return {std::nullopt, "the cudaLaunchConfig_t field is not set in a way that can be followed"};
  return ShapeEvaluator(Ctx, Site).shape(Arg.E);
}

static std::string launchName(ASTContext &Ctx, const LaunchSite &S) {
  std::string Name = std::string("the ") + cuda::launchFormName(S.Form) + " launch at line " +
                     std::to_string(lineOf(Ctx, S.Loc));
  if (S.Launcher)
    Name += " in '" + S.Launcher->getNameAsString() + "'";
  return Name;
}

static ShapeFact shapeFact(ASTContext &Ctx, const cuda::KernelLauncherGraph &Graph,
                           const FunctionDecl *Kernel, bool IsBlock, std::optional<Dim3> Assumed) {
  ShapeFact F;
  const char *What = IsBlock ? "block" : "grid";
  std::string KernelName = "'" + Kernel->getNameAsString() + "'";
  if (IsBlock)
    if (auto B = cuda::launchBounds(Kernel->getDefinition() ? Kernel->getDefinition() : Kernel)) {
      F.MaxThreads = B->MaxThreads;
      if (B->MaxThreads)
        F.Evidence.push_back({nullptr, B->Attr->getMaxThreads(), B->Attr->getLocation(),
                              "__launch_bounds__",
                              "at most " + std::to_string(*B->MaxThreads) + " threads"});
    }

  // Every launch's shape, and the first reason one has none.
  std::vector<std::pair<const LaunchSite *, Dim3>> Shapes;
  std::string LaunchWhy;
  std::string Conflict;
  for (const LaunchSite *S : Graph.launchesOf(Kernel)) {
    const LaunchArg &Arg = IsBlock ? S->Block : S->Grid;
    ShapeValue V = evaluateShape(Ctx, *S, Arg);
    F.Evidence.push_back({S, Arg.E, Arg.E ? Arg.E->getBeginLoc() : S->Loc,
                          std::string(What) + " of " + launchName(Ctx, *S),
                          V.Shape ? V.Shape->str() : V.Why});
    if (!V.Shape) {
      if (LaunchWhy.empty())
        LaunchWhy = std::string(What) + " of " + launchName(Ctx, *S) + " is not known: " + V.Why;
      continue;
    }
    // The instance's own bounds: a kernel template's may depend on its arguments.
    if (IsBlock)
      if (auto B = cuda::launchBounds(S->KernelInstance);
          B && B->MaxThreads && V.Shape->count() > *B->MaxThreads && Conflict.empty())
        Conflict = launchName(Ctx, *S) + " uses " + std::to_string(V.Shape->count()) +
                   " threads but __launch_bounds__ allows " + std::to_string(*B->MaxThreads);
    Shapes.push_back({S, *V.Shape});
  }
  for (const auto &[S, Shape] : Shapes)
    if (Shape != Shapes.front().second && Conflict.empty())
      Conflict = "launches disagree: " + launchName(Ctx, *Shapes.front().first) + " uses " +
                 Shapes.front().second.str() + ", " + launchName(Ctx, *S) + " uses " + Shape.str();
  if (!Conflict.empty()) {
    F.V = ShapeFact::Verdict::Conflicting;
    F.Reason = Conflict;
    return F;
  }

  if (Graph.launchesOf(Kernel).empty())
    LaunchWhy = "no launch of " + KernelName + " in this file";
  else if (!Graph.escapesOf(Kernel).empty())
    LaunchWhy = KernelName + " is also used at line " +
                std::to_string(lineOf(Ctx, Graph.escapesOf(Kernel).front()->getBeginLoc())) +
                " other than in a launch, so a launch may be unseen";
  if (Assumed)
    F.Evidence.push_back({nullptr, nullptr, SourceLocation(), "assumed", Assumed->str()});

  if (LaunchWhy.empty()) {
    Dim3 Shape = Shapes.front().second;
    if (Assumed && *Assumed != Shape) {
      F.V = ShapeFact::Verdict::Conflicting;
      F.Reason = std::string("the assumed ") + What + " " + Assumed->str() + " is not the " +
                 Shape.str() + " every launch uses";
      return F;
    }
    F.V = ShapeFact::Verdict::Known;
    F.Src = ShapeFact::Source::Launch;
    F.Shape = Shape;
    return F;
  }
  F.Reason = LaunchWhy;
  if (Assumed) {
    if (F.MaxThreads && Assumed->count() > *F.MaxThreads) {
      F.V = ShapeFact::Verdict::Conflicting;
      F.Reason = "the assumed block " + Assumed->str() + " has more threads than __launch_bounds__'s " +
                 std::to_string(*F.MaxThreads);
      return F;
    }
    F.V = ShapeFact::Verdict::Known;
    F.Src = ShapeFact::Source::Assumed;
    F.Shape = Assumed;
  } else if (F.MaxThreads) {
    F.V = ShapeFact::Verdict::Known;
    F.Src = ShapeFact::Source::LaunchBoundsOnly;
  }
  return F;
}

LaunchFacts launchFacts(ASTContext &Ctx, const cuda::KernelLauncherGraph &Graph,
                        const FunctionDecl *Kernel, const AssumedLaunch &Assumed) {
  return {shapeFact(Ctx, Graph, Kernel, /*IsBlock=*/true, Assumed.Block),
          shapeFact(Ctx, Graph, Kernel, /*IsBlock=*/false, Assumed.Grid)};
}

//===- --list-launches ----------------------------------------------------===//

static json::Value locationJson(ASTContext &Ctx, SourceLocation L) {
  if (L.isInvalid())
    return nullptr;
  PresumedLoc P = Ctx.getSourceManager().getPresumedLoc(Ctx.getSourceManager().getExpansionLoc(L));
  return json::Object{{"line", P.getLine()}, {"column", P.getColumn()}};
}

/// "t<128>" for a kernel template's specialization.
static std::string instanceName(ASTContext &Ctx, const FunctionDecl *FD) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  FD->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/false);
  return Name;
}

static json::Value argJson(ASTContext &Ctx, const LaunchArg &A) {
  if (A.Defaulted)
    return "default";
  if (!A.E)
    return nullptr;
  return textOf(Ctx, A.E);
}

static json::Value factJson(ASTContext &Ctx, const ShapeFact &F) {
  json::Object O{{"verdict", verdictName(F.V)}};
  if (F.V == ShapeFact::Verdict::Known)
    O["source"] = sourceName(F.Src);
  if (F.Shape)
    O["shape"] = json::Array{F.Shape->X, F.Shape->Y, F.Shape->Z};
  if (F.MaxThreads)
    O["max_threads"] = *F.MaxThreads;
  if (!F.Reason.empty())
    O["reason"] = F.Reason;
  json::Array Ev;
  for (const ShapeEvidence &E : F.Evidence) {
    json::Object J{{"role", E.Role}, {"value", E.Value}, {"at", locationJson(Ctx, E.Loc)}};
    if (E.E)
      J["text"] = textOf(Ctx, E.E);
    Ev.push_back(std::move(J));
  }
  O["evidence"] = std::move(Ev);
  return O;
}

json::Value launchReportJson(ASTContext &Ctx, AssumedLaunchFn Assumed) {
  cuda::KernelLauncherGraph Graph(Ctx);
  json::Array Kernels;
  for (const FunctionDecl *K : Graph.kernels()) {
    json::Array Launches;
    for (const LaunchSite *S : Graph.launchesOf(K))
      Launches.push_back(json::Object{
          {"form", cuda::launchFormName(S->Form)},
          {"at", locationJson(Ctx, S->Loc)},
          {"launcher", S->Launcher ? json::Value(S->Launcher->getQualifiedNameAsString()) : nullptr},
          {"kernel", instanceName(Ctx, S->KernelInstance)},
          {"grid", argJson(Ctx, S->Grid)},
          {"block", argJson(Ctx, S->Block)},
          {"shared_memory", argJson(Ctx, S->SharedMem)},
          {"stream", argJson(Ctx, S->Stream)},
          {"editable", S->Editable}});
    json::Array Escapes;
    for (const DeclRefExpr *E : Graph.escapesOf(K))
      Escapes.push_back(locationJson(Ctx, E->getBeginLoc()));
    json::Array Launchers;
    for (const FunctionDecl *L : Graph.launchersOf(K))
      Launchers.push_back(L->getQualifiedNameAsString());
    LaunchFacts F = launchFacts(Ctx, Graph, K, Assumed(K));
    Kernels.push_back(json::Object{{"kernel", K->getQualifiedNameAsString()},
                                   {"at", locationJson(Ctx, K->getLocation())},
                                   {"launchers", std::move(Launchers)},
                                   {"launches", std::move(Launches)},
                                   {"escapes", std::move(Escapes)},
                                   {"all_launches_known", Graph.allLaunchesKnown(K)},
                                   {"launches_editable", Graph.launchesEditable(K)},
                                   {"block", factJson(Ctx, F.Block)},
                                   {"grid", factJson(Ctx, F.Grid)}});
  }
  return Kernels;
}

static void printFact(raw_ostream &OS, const char *What, const ShapeFact &F) {
  OS << "    " << What << ": " << verdictName(F.V);
  if (F.V == ShapeFact::Verdict::Known)
    OS << " (" << sourceName(F.Src) << ")";
  if (F.Shape)
    OS << " " << F.Shape->str();
  if (F.MaxThreads)
    OS << ", at most " << *F.MaxThreads << " threads";
  if (!F.Reason.empty())
    OS << ": " << F.Reason;
  OS << "\n";
}

void printLaunchReport(raw_ostream &OS, ASTContext &Ctx, AssumedLaunchFn Assumed) {
  cuda::KernelLauncherGraph Graph(Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FunctionDecl *K : Graph.kernels()) {
    OS << K->getQualifiedNameAsString() << " (line " << lineOf(Ctx, K->getLocation()) << "): "
       << Graph.launchesOf(K).size() << " launch(es)"
       << (Graph.allLaunchesKnown(K) ? "" : ", not all known")
       << (Graph.launchesEditable(K) ? ", all editable" : "") << "\n";
    for (const LaunchSite *S : Graph.launchesOf(K)) {
      auto Arg = [&](const LaunchArg &A) -> std::string {
        return A.Defaulted ? "default" : A.E ? textOf(Ctx, A.E) : "?";
      };
      OS << "  " << SM.getFilename(SM.getExpansionLoc(S->Loc)) << ":" << lineOf(Ctx, S->Loc) << ":"
         << SM.getExpansionColumnNumber(S->Loc) << ": " << cuda::launchFormName(S->Form) << " in "
         << (S->Launcher ? S->Launcher->getQualifiedNameAsString() : "<global>")
         << ": grid " << Arg(S->Grid) << ", block " << Arg(S->Block) << ", smem " << Arg(S->SharedMem)
         << ", stream " << Arg(S->Stream) << (S->Editable ? "" : " (not editable)") << "\n";
    }
    for (const DeclRefExpr *E : Graph.escapesOf(K))
      OS << "  used at line " << lineOf(Ctx, E->getBeginLoc()) << " other than in a launch\n";
    LaunchFacts F = launchFacts(Ctx, Graph, K, Assumed(K));
    printFact(OS, "block", F.Block);
    printFact(OS, "grid", F.Grid);
  }
}

} // namespace analysis
} // namespace klineage
