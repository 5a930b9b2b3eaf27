//===- LoopUnroll.cpp - #pragma unroll on device loops, and back ----------===//
//
// Part of KLineage. Forward: put `#pragma unroll` (full) or `#pragma unroll N`
// (--option=unroll-factor=N) on its own line above a `for`, `while`, `do` or
// range-`for` loop in device code. Reverse: remove such a pragma line.
//
// Full unrolling is only asked for when the trip count is a compile-time
// constant in every template instantiation and small enough (option
// max-full-unroll, default 64): a full unroll of an unknown or huge trip count
// is either ignored by nvcc (a warning, no effect) or bloats the code past
// the instruction cache. A factor unroll needs neither.
//
// `#pragma unroll 1` and `#pragma nounroll` are *anti*-unroll hints: the
// reverse direction does not match them (removing one would let the compiler
// unroll), and the forward direction refuses loops that carry them.
//
// Docs: docs/rewrites/loop-unroll.md.
//
//===----------------------------------------------------------------------===//
#include "RewriteRegistry.h"
#include "klineage/Analysis/LoopInfo.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace {

/// clang 22 has no matcher for AttributedStmt; this is the one the forward
/// and reverse matchers share.
const internal::VariadicDynCastAllOfMatcher<Stmt, AttributedStmt> attributedStmt;

/// The loop hint(s) on an AttributedStmt, whatever the pragma spelling.
AST_MATCHER(AttributedStmt, hasLoopHint) {
  return llvm::any_of(Node.getAttrs(), [](const Attr *A) { return isa<LoopHintAttr>(A); });
}

/// Bound-node ids shared by the forward and the reverse matchers.
namespace ids {
constexpr char Loop[] = "loop";       ///< the for/while/do/range-for statement
constexpr char Hinted[] = "hinted";   ///< the AttributedStmt carrying loop hints
} // namespace ids

/// The loops this pair works on; both directions start from it.
StatementMatcher loopStmt() {
  return stmt(anyOf(forStmt(), whileStmt(), doStmt(), cxxForRangeStmt()));
}

constexpr char Name[] = "loop-unroll";
constexpr char DeviceCode[] = "device-code";
constexpr char NoExistingPragma[] = "no-existing-pragma";
constexpr char ConstantTripCount[] = "constant-trip-count";
constexpr char TripCountLimit[] = "trip-count-limit";
constexpr char FactorValid[] = "unroll-factor-valid";
constexpr char PragmaRemovable[] = "pragma-removable";
constexpr char LoopRepeats[] = "loop-repeats";

Status checkDeviceCode(const PreconditionQuery &Q, PreconditionResult &R);

const PreconditionSpec Specs[] = {
    {DeviceCode, Direction::Forward, 1201,
     "the loop is in device code (__global__/__device__ function, or a lambda inside one)",
     &checkDeviceCode},
    {NoExistingPragma, Direction::Forward, 1202,
     "the loop carries no loop hint yet (#pragma unroll/nounroll/clang loop)"},
    {ConstantTripCount, Direction::Forward, 1203,
     "full unroll: the trip count is a compile-time constant in every instantiation"},
    {TripCountLimit, Direction::Forward, 1204,
     "full unroll: the trip count is at most max-full-unroll (default 64)"},
    {FactorValid, Direction::Forward, 1205,
     "option unroll-factor is 'full' or an integer from 2 to 1024"},
    {PragmaRemovable, Direction::Reverse, 1206,
     "the pragma is a plain '#pragma unroll [N]' line of the main file, not from a macro/_Pragma"},
    {LoopRepeats, Direction::Forward, 1207,
     "the loop can repeat: its condition is not constant false (do { ... } while (0) is a "
     "statement wrapper, not a loop)"},
};

constexpr unsigned DefaultMaxFullUnroll = 64;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// device-code: the loop's function (Q.Function) runs on the device. When it
/// does not, the evidence is the host function's declaration.
Status checkDeviceCode(const PreconditionQuery &Q, PreconditionResult &R) {
  const FunctionDecl *FD = Q.Function;
  if (const FunctionDecl *Dev = cuda::deviceContextOf(FD)) {
    R.Reason = "in " + cuda::executionSpace(Dev) + " function '" + Dev->getNameAsString() + "'";
    return Status::Holds;
  }
  if (!FD) {
    R.Reason = "the loop is not inside a function";
    return Status::Fails;
  }
  const FunctionDecl *Host = cuda::hostContextOf(FD);
  std::string Who = "'" + Host->getNameAsString() + "'";
  if (Host != FD)
    Who = "a lambda in " + Who + ", which";
  std::string Why = Who + " is host code";
  if (Host->isConstexpr() && cuda::isImplicitlyDeviceForClang(Host))
    Why += " (constexpr without __device__: nvcc compiles it for the host only)";
  else if (Host != FD)
    Why += " (a lambda without __device__ runs where the function around it runs)";
  R.Reason = Why + ": nvcc's host compiler ignores #pragma unroll there";
  R.Evidence.push_back(evidenceAt(Q.AC.ast(), Host->getLocation(), "declaration",
                                  "'" + Host->getNameAsString() + "' is declared here as host code"));
  return Status::Fails;
}


std::string hintSpelling(ASTContext &Ctx, const LoopHintAttr *A) {
  // Prefer the pragma line as written.
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = A->getLocation();
  if (isEditable(SM, L)) {
    StringRef Buf = SM.getBufferData(SM.getFileID(L));
    unsigned Off = SM.getFileOffset(L);
    size_t LE = Buf.find('\n', Off);
    StringRef Line = Buf.slice(lineStartOffset(Buf, Off), LE == StringRef::npos ? Buf.size() : LE)
                         .split("//").first.trim();
    if (Line.starts_with("#"))
      return Line.str();
  }
  std::string Out;
  raw_string_ostream OS(Out);
  A->printPretty(OS, Ctx.getPrintingPolicy());
  return StringRef(Out).trim().str();
}

//===----------------------------------------------------------------------===//
// Trip count (analysis::LoopInfo), worded
//===----------------------------------------------------------------------===//

using analysis::NonConstant;
using analysis::NotPointerPos;
using analysis::TripCount;

std::string quoted(ASTContext &Ctx, const Stmt *S) { return "'" + nodeText(Ctx, S, "<expr>") + "'"; }

std::string lineOf(ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  return std::to_string(SM.getPresumedLineNumber(SM.getFileLoc(S->getBeginLoc())));
}

std::string nonConstantReason(ASTContext &Ctx, const NonConstant &N) {
  switch (N.K) {
  case NonConstant::Dependent:
    return quoted(Ctx, N.E) + " depends on a template parameter (decided per instantiation)";
  case NonConstant::WarpSize:
    return quoted(Ctx, N.E) +
           " is not a compile-time constant for nvcc ('warpSize' is read from the %WARP_SZ "
           "register at run time; only clang's headers make it 32); write 32 if that is meant";
  case NonConstant::RunTime:
    break;
  }
  std::string Why = quoted(Ctx, N.E) + " is not a compile-time constant";
  if (N.Culprit) {
    const auto *DRE = dyn_cast<DeclRefExpr>(N.Culprit);
    Why += " ('" + (DRE ? DRE->getNameInfo().getAsString() : nodeText(Ctx, N.Culprit, "<expr>")) +
           "' is known only at run time)";
  }
  return Why;
}

std::string notPointerPosReason(ASTContext &Ctx, const NotPointerPos &N) {
  switch (N.K) {
  case NotPointerPos::NotFixedPointer: return quoted(Ctx, N.E) + " is not a fixed pointer";
  case NotPointerPos::NotPointer: return quoted(Ctx, N.E) + " is not a pointer";
  case NotPointerPos::OffsetNotConstant:
    return "the offset " + quoted(Ctx, N.E) + " is not a compile-time constant";
  case NotPointerPos::IndexNotConstant:
    return "the index " + quoted(Ctx, N.E) + " is not a compile-time constant";
  case NotPointerPos::NotBasePlusConstant:
    break;
  }
  return quoted(Ctx, N.E) + " is not a pointer variable plus a constant";
}

/// The words for a trip-count result: the count, or why there is none.
std::string tripCountReason(ASTContext &Ctx, const TripCount &T) {
  std::string IV = T.Index ? T.Index->getName().str() : "";
  auto Iterations = [](uint64_t N) {
    return std::to_string(N) + " iteration" + (N == 1 ? "" : "s");
  };
  switch (T.Why) {
  case TripCount::Counted:
    if (T.Range)
      return "the range is an array of " + std::to_string(*T.Count) + " elements";
    if (T.OverCap)
      return "'" + IV + "' runs more than " + std::to_string(analysis::TripCountSimulationCap) +
             " iterations";
    if (T.Index->getType()->isPointerType())
      return "pointer '" + IV + "' from " + quoted(Ctx, T.Start) + " while " + quoted(Ctx, T.Cond) +
             ", step " + quoted(Ctx, T.Step) + ": " + Iterations(*T.Count);
    return "'" + IV + "' from " + toString(*T.StartValue, 10) + " while " + quoted(Ctx, T.Cond) +
           (T.Bound ? " (bound " + toString(*T.BoundValue, 10) + ")" : " (!= 0)") + ", step " +
           quoted(Ctx, T.Step) + ": " + Iterations(*T.Count);
  case TripCount::NoCondition: return "the loop has no condition";
  case TripCount::NotComparison:
    return "the condition " + quoted(Ctx, T.Cond) + " is not a comparison of the index with a bound";
  case TripCount::NoIntegerIndex:
    return "the condition " + quoted(Ctx, T.Cond) + " does not compare an integer index variable";
  case TripCount::ConditionUpdatesIndex:
    return "the condition " + quoted(Ctx, T.Cond) + " also updates '" + T.Var->getName().str() +
           "'; the trip count is only read when the update is the step";
  case TripCount::EqualityTest:
    return "the condition " + quoted(Ctx, T.Cond) + " is an equality test";
  case TripCount::DependentCondition:
    return "the condition " + quoted(Ctx, T.Cond) +
           " depends on a template parameter (decided per instantiation)";
  case TripCount::NoStart:
    return "the start value of '" + IV + "' is not set " +
           (T.Shape == analysis::CountedLoop::For ? "in the loop header"
                                                  : "by the statement right before the loop") +
           ", nor by its declaration in the loop's block with no write or escape (&" + IV +
           ", a label) in between";
  case TripCount::StartNotConstant: return "start value: " + nonConstantReason(Ctx, T.Operand);
  case TripCount::BoundNotConstant: return "bound: " + nonConstantReason(Ctx, T.Operand);
  case TripCount::StepNotConstant: return "step: " + nonConstantReason(Ctx, T.Operand);
  case TripCount::StepNotUpdate:
    return "the step " + quoted(Ctx, T.LoopInc) + " is not a constant update of '" + IV + "'";
  case TripCount::NoStep: return "the loop has no step expression";
  case TripCount::BodyDoesNotUpdate:
    return "the body does not end with an update of '" + IV + "'";
  case TripCount::ContinueSkipsUpdate:
    return "'continue' at line " + lineOf(Ctx, T.At) + " skips the update of '" + IV +
           "' at the end of the body";
  case TripCount::ModifiedInBody:
    return "'" + IV + "' is modified or escapes inside the body (line " + lineOf(Ctx, T.At) + ")";
  case TripCount::ConditionModifies: return "the condition modifies '" + IV + "'";
  case TripCount::ZeroStep: return "the step of '" + IV + "' is zero: the loop never ends";
  case TripCount::StepDoesNotMove:
    return "the step of '" + IV + "' (multiply/divide by " + toString(*T.StepValue, 10) +
           ") does not move the index";
  case TripCount::ShiftDoesNotMove:
    return "the shift of '" + IV + "' by " + toString(*T.StepValue, 10) +
           " does not move the index";
  case TripCount::UnsignedAlwaysTrue:
    return "the condition " + quoted(Ctx, T.Cond) + " is always true for unsigned '" + IV +
           "': the loop never ends by its condition (only by break/return)";
  case TripCount::StopsChanging:
    return "'" + IV + "' stops changing at " + toString(*T.StuckAt, 10) + ": the loop never ends";
  case TripCount::PointerNotStepped:
    return "the condition " + quoted(Ctx, T.Cond) + " does not compare a pointer that the step moves";
  case TripCount::PointerNoStart:
    return "the start value of '" + IV + "' is not set in the loop header";
  case TripCount::PointerStartNotPos: return "start value: " + notPointerPosReason(Ctx, T.Pointer);
  case TripCount::PointerBoundNotPos: return "bound: " + notPointerPosReason(Ctx, T.Pointer);
  case TripCount::DifferentBases:
    return "the start " + quoted(Ctx, T.Start) + " and the bound " + quoted(Ctx, T.Bound) +
           " are not offsets of the same pointer";
  case TripCount::ElementSizesDiffer:
    return "'" + IV + "' and '" + T.Var->getName().str() +
           "' do not step over elements of the same size";
  case TripCount::PointerStepNotConstant:
    return "the step " + quoted(Ctx, T.LoopInc) + " is not a constant, non-zero move of '" + IV + "'";
  case TripCount::PointerContinue:
    return "a 'continue' skips the update of '" + IV + "' at the end of the body";
  case TripCount::PointerModified:
    return "'" + T.Var->getName().str() + "' is modified or escapes inside the loop (line " +
           lineOf(Ctx, T.At) + ")";
  case TripCount::NeverReaches:
    return "'" + IV + "' never reaches the bound " + quoted(Ctx, T.Bound);
  case TripCount::DependentRange:
    return "the range depends on a template parameter (decided per instantiation)";
  case TripCount::RangeNotFixedArray:
    return "the range " + quoted(Ctx, T.Range) +
           " is not a fixed-size array; its length is not a compile-time constant";
  }
  llvm_unreachable("unhandled trip-count reason");
}

//===----------------------------------------------------------------------===//
// The pair
//===----------------------------------------------------------------------===//

class LoopUnroll final : public RewritePair {
public:
  StringRef name() const override { return Name; }
  StringRef intent() const override {
    return "unroll a device loop (#pragma unroll [N]): fewer branches and index updates, "
           "independent loads and FMAs the scheduler can overlap, constant-indexed register "
           "arrays";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }
  ArrayRef<OptionSpec> options() const override {
    static const OptionSpec Options[] = {
        {"unroll-factor", OptionSpec::Int, "full",
         "unroll factor of the inserted pragma: 'full' (#pragma unroll) or N (#pragma unroll N)", 2,
         1024, {"full"}, "unroll-factor-valid"},
        {"max-full-unroll", OptionSpec::Int, "64",
         "the largest constant trip count a full unroll accepts (trip-count-limit)", 1, 1 << 20},
    };
    return Options;
  }

  void findSites(Direction D, AnalysisContext &AC) const override {
    ASTContext &Ctx = AC.ast();
    MatchFinder Finder;
    Callback CB(*this, D, AC);
    if (D == Direction::Forward) {
      // Every loop; the one already hinted binds its AttributedStmt so that
      // no-existing-pragma can name the hint.
      Finder.addMatcher(
          traverse(TK_AsIs, stmt(loopStmt(), optionally(hasParent(
                                                 attributedStmt(hasLoopHint()).bind(ids::Hinted))))
                                .bind(ids::Loop)),
          &CB);
    } else {
      // The mirror: a hinted loop statement.
      Finder.addMatcher(
          traverse(TK_AsIs, attributedStmt(hasLoopHint(), has(stmt(loopStmt()).bind(ids::Loop)))
                                .bind(ids::Hinted)),
          &CB);
    }
    Finder.matchAST(Ctx);
  }

private:
  struct Callback : MatchFinder::MatchCallback {
    Callback(const LoopUnroll &P, Direction D, AnalysisContext &AC) : P(P), D(D), AC(AC) {}
    void run(const MatchFinder::MatchResult &R) override {
      const auto *Loop = R.Nodes.getNodeAs<Stmt>(ids::Loop);
      const auto *Hinted = R.Nodes.getNodeAs<AttributedStmt>(ids::Hinted);
      if (!Loop)
        return;
      if (D == Direction::Forward)
        P.forward(AC, *Loop, Hinted);
      else if (Hinted)
        P.reverse(AC, *Loop, *Hinted);
    }
    const LoopUnroll &P;
    Direction D;
    AnalysisContext &AC;
  };

  static const char *loopKind(const Stmt &Loop) {
    if (isa<WhileStmt>(Loop))
      return "while";
    if (isa<DoStmt>(Loop))
      return "do";
    if (isa<CXXForRangeStmt>(Loop))
      return "range-for";
    return "for";
  }

  /// Reads --option=unroll-factor: 0 means full. Sets \p Bad on a bad value.
  static unsigned factorOption(const AnalysisContext &AC, std::string &Bad) {
    auto V = AC.option("unroll-factor");
    if (!V || *V == "full" || V->empty())
      return 0;
    unsigned F = 0;
    if (StringRef(*V).getAsInteger(10, F) || F < 2 || F > 1024)
      Bad = "unroll-factor='" + *V + "' is not 'full' or an integer from 2 to 1024" +
            (F == 1 ? " (a factor of 1 forbids unrolling: that is #pragma unroll 1, not this rewrite)"
                    : "");
    return F;
  }

  static unsigned maxFullOption(const AnalysisContext &AC) {
    unsigned M = DefaultMaxFullUnroll;
    if (auto V = AC.option("max-full-unroll"))
      if (StringRef(*V).getAsInteger(10, M))
        M = DefaultMaxFullUnroll;
    return M;
  }

  void forward(AnalysisContext &AC, const Stmt &Loop, const AttributedStmt *Hinted) const {
    ASTContext &Ctx = AC.ast();
    const FunctionDecl *FD = cuda::enclosingFunction(Ctx, Loop);
    Site &S = AC.addSite(Name, Direction::Forward, Loop.getBeginLoc(), FD, "loop");
    std::string BadFactor;
    unsigned Factor = factorOption(AC, BadFactor);
    std::string Pragma = Factor ? "#pragma unroll " + std::to_string(Factor) : "#pragma unroll";
    S.Summary = "insert '" + Pragma + "' above the " + loopKind(Loop) + " loop";
    S.Facts["loop"] = loopKind(Loop);
    S.Facts["unroll-factor"] = Factor ? std::to_string(Factor) : "full";

    S.check(*findPrecondition(DeviceCode), {AC, FD, {}});

    if (Hinted) {
      std::string Hints;
      for (const Attr *A : Hinted->getAttrs())
        if (const auto *LH = dyn_cast<LoopHintAttr>(A))
          Hints += (Hints.empty() ? "'" : ", '") + hintSpelling(Ctx, LH) + "'";
      S.addPrecondition(NoExistingPragma, Status::Fails,
                        "the loop already carries " + Hints + "; remove it first (reverse)");
    } else {
      S.addPrecondition(NoExistingPragma, Status::Holds, "the loop carries no loop hint");
    }

    if (!BadFactor.empty())
      S.addPrecondition(FactorValid, Status::Fails, BadFactor);
    else
      S.addPrecondition(FactorValid, Status::Holds,
                        Factor ? "factor " + std::to_string(Factor) : "full unroll");

    checkLoopRepeats(S, Ctx, Loop);

    if (Factor == 0)
      checkTripCount(S, Ctx, Loop, FD, maxFullOption(AC));

    // A loop whose first token is the first token of a macro use
    // (`FOR_EACH(i, 8) body`, `#define LOOP4 for (...)`): the pragma goes on
    // its own line above the macro use, where it attaches to the statement the
    // expansion starts with -- this loop.
    SourceLocation At = Loop.getBeginLoc();
    const SourceManager &SM = Ctx.getSourceManager();
    if (At.isMacroID()) {
      SourceLocation Use;
      if (Lexer::isAtStartOfMacroExpansion(At, SM, Ctx.getLangOpts(), &Use) && isEditable(SM, Use)) {
        std::string Macro =
            Lexer::getSourceText(CharSourceRange::getTokenRange(Use), SM, Ctx.getLangOpts()).str();
        S.Summary += " (its header is spelled by macro '" + Macro + "': above the macro's use)";
        S.Facts["macro"] = Macro;
        At = Use;
      }
    }

    EditBuilder B(Ctx);
    B.insertLineBefore(At, Pragma);
    commit(B, S);
  }

  /// constant-trip-count and trip-count-limit (full unroll only): the trip
  /// count is a compile-time constant, and at most \p Max.
  static void checkTripCount(Site &S, ASTContext &Ctx, const Stmt &Loop, const FunctionDecl *FD,
                             unsigned Max) {
    TripCount T = analysis::analyseTripCount(Ctx, Loop, FD ? FD->getBody() : nullptr);
    Status St = T.counted() ? Status::Holds : T.Dependent ? Status::Unknown : Status::Fails;
    std::string Reason = tripCountReason(Ctx, T);
    S.addPrecondition(ConstantTripCount, St,
                      St == Status::Fails ? Reason + "; a full unroll needs a constant trip count "
                                                     "(use --option=unroll-factor=N instead)"
                                          : Reason);
    if (St != Status::Holds) {
      S.addPrecondition(TripCountLimit, St,
                        "no constant trip count to compare with max-full-unroll");
      return;
    }
    if (T.Count)
      S.Facts["trip-count"] = std::to_string(*T.Count);
    bool TooMany = T.OverCap || *T.Count > Max;
    S.addPrecondition(TripCountLimit, TooMany ? Status::Fails : Status::Holds,
                      TooMany ? (T.OverCap ? "more than " +
                                                 std::to_string(analysis::TripCountSimulationCap)
                                           : std::to_string(*T.Count)) +
                                    " iterations exceed max-full-unroll=" + std::to_string(Max) +
                                    ": fully unrolled, the body would bloat the code "
                                    "(instruction cache, registers); use "
                                    "--option=unroll-factor=N"
                              : std::to_string(*T.Count) + " iterations <= max-full-unroll=" +
                                    std::to_string(Max));
  }

  /// loop-repeats: a condition that is constant false makes the "loop" run
  /// its body at most once (`do { ... } while (0)` in statement macros).
  static void checkLoopRepeats(Site &S, ASTContext &Ctx, const Stmt &Loop) {
    const Expr *Cond = nullptr;
    if (const auto *F = dyn_cast<ForStmt>(&Loop))
      Cond = F->getCond();
    else if (const auto *W = dyn_cast<WhileStmt>(&Loop))
      Cond = W->getCond();
    else if (const auto *D = dyn_cast<DoStmt>(&Loop))
      Cond = D->getCond();
    if (!Cond) {
      S.addPrecondition(LoopRepeats, Status::Holds,
                        isa<CXXForRangeStmt>(Loop) ? "a range-for" : "the loop has no condition");
      return;
    }
    if (Cond->isValueDependent() || Cond->isTypeDependent()) {
      // A condition that reads a non-const local (the index) is not a
      // constant, whatever the template arguments.
      std::function<const VarDecl *(const Stmt *)> ReadsLocal =
          [&](const Stmt *St) -> const VarDecl * {
        if (!St)
          return nullptr;
        if (const auto *DRE = dyn_cast<DeclRefExpr>(St))
          if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
              VD && VD->hasLocalStorage() && !VD->isConstexpr() &&
              !VD->getType().isConstQualified())
            return VD;
        for (const Stmt *C : St->children())
          if (const VarDecl *V = ReadsLocal(C))
            return V;
        return nullptr;
      };
      if (const VarDecl *V = ReadsLocal(Cond)) {
        S.addPrecondition(LoopRepeats, Status::Holds,
                          "the condition reads '" + V->getName().str() +
                              "', a variable: it is not constant false");
        return;
      }
      S.addPrecondition(LoopRepeats, Status::Unknown,
                        "the condition '" + nodeText(Ctx, Cond, "<expr>") +
                            "' depends on a template parameter (decided per instantiation)");
      return;
    }
    bool Value = true;
    if (Cond->EvaluateAsBooleanCondition(Value, Ctx) && !Value) {
      S.addPrecondition(LoopRepeats, Status::Fails,
                        "the condition '" + nodeText(Ctx, Cond, "<expr>") + "' is always false: the " +
                            loopKind(Loop) +
                            " runs its body at most once (a statement wrapper, not a loop); "
                            "there is nothing to unroll");
      return;
    }
    S.addPrecondition(LoopRepeats, Status::Holds,
                      "the condition '" + nodeText(Ctx, Cond, "<expr>") + "' is not constant false");
  }

  void reverse(AnalysisContext &AC, const Stmt &Loop, const AttributedStmt &Hinted) const {
    ASTContext &Ctx = AC.ast();
    const SourceManager &SM = Ctx.getSourceManager();
    const FunctionDecl *FD = cuda::enclosingFunction(Ctx, Loop);
    // Only the unroll hints are ours: `#pragma unroll` / `#pragma unroll N`
    // with N != 1. `#pragma unroll 1`, nounroll and `#pragma clang loop` are
    // not unroll requests and are left alone (no site).
    std::vector<const LoopHintAttr *> Ours;
    for (const Attr *A : Hinted.getAttrs()) {
      const auto *LH = dyn_cast<LoopHintAttr>(A);
      if (!LH || LH->getSemanticSpelling() != LoopHintAttr::Pragma_unroll)
        continue;
      if (LH->getOption() == LoopHintAttr::UnrollCount) {
        if (const Expr *V = LH->getValue()) {
          Expr::EvalResult ER;
          if (!V->isValueDependent() && V->EvaluateAsInt(ER, Ctx) && ER.Val.getInt() == 1)
            continue; // `#pragma unroll 1`: a "do not unroll" request.
        }
      } else if (LH->getOption() != LoopHintAttr::Unroll ||
                 LH->getState() == LoopHintAttr::Disable) {
        continue;
      }
      Ours.push_back(LH);
    }
    if (Ours.empty())
      return;
    if (!cuda::deviceContextOf(FD))
      return; // host loops: not this pair's domain (see device-code, forward).

    const LoopHintAttr *LH = Ours.front();
    // Anchor: the pragma's own line; for a _Pragma from a macro, the macro's
    // use in the loop's file.
    SourceLocation Anchor = LH->getLocation();
    SourceLocation LoopAt = SM.getExpansionLoc(Hinted.getBeginLoc());
    if (Anchor.isInvalid() || SM.getFileID(SM.getFileLoc(Anchor)) != SM.getFileID(LoopAt))
      Anchor = LoopAt;
    if (!isEditable(SM, SM.getExpansionLoc(Anchor)))
      Anchor = Loop.getBeginLoc();
    Site &S = AC.addSite(Name, Direction::Reverse, Anchor, FD, "unroll-pragma");
    S.Summary = std::string("remove '") + hintSpelling(Ctx, LH) + "' above the " + loopKind(Loop) +
                " loop";
    S.Facts["loop"] = loopKind(Loop);
    // What forward would need to re-create it (--option=unroll-factor=...).
    S.Facts["unroll-factor"] = "full";
    if (LH->getOption() == LoopHintAttr::UnrollCount)
      if (const Expr *V = LH->getValue()) {
        Expr::EvalResult ER;
        S.Facts["unroll-factor"] = !V->isValueDependent() && V->EvaluateAsInt(ER, Ctx)
                                       ? toString(ER.Val.getInt(), 10)
                                       : nodeText(Ctx, V, "<expr>");
      }

    EditBuilder B(Ctx);
    std::string Why;
    for (const LoopHintAttr *H : Ours) {
      SourceLocation L = H->getLocation();
      if (!isEditable(SM, L)) {
        Why = "'" + hintSpelling(Ctx, H) +
              "' comes from _Pragma or a macro expansion; edit the macro instead";
        break;
      }
      unsigned Start = 0, End = 0;
      StringRef Line = lineContaining(SM, L, Start, End);
      StringRef T = Line.trim();
      // Tolerate a trailing // comment; anything else on the line is code.
      StringRef Code = T.split("//").first.rtrim();
      bool Plain = Code.consume_front("#");
      Code = Code.ltrim();
      Plain = Plain && Code.consume_front("pragma");
      Code = Code.ltrim();
      Plain = Plain && Code.starts_with("unroll");
      if (!Plain) {
        Why = "the line holding the hint is not a plain '#pragma unroll' line: '" + T.str() + "'";
        break;
      }
      B.replaceChars(SM.getComposedLoc(SM.getFileID(L), Start),
                     SM.getComposedLoc(SM.getFileID(L), End), "");
    }
    if (!Why.empty()) {
      S.addPrecondition(PragmaRemovable, Status::Fails, Why);
      return;
    }
    S.addPrecondition(PragmaRemovable, Status::Holds, "a plain '#pragma unroll' line");
    commit(B, S);
  }
};

} // namespace

std::unique_ptr<RewritePair> createLoopUnroll() { return std::make_unique<LoopUnroll>(); }

} // namespace klineage
