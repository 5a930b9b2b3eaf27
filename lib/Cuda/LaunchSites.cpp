//===- LaunchSites.cpp - Kernel launches: <<<>>> and the runtime API ------===//
#include "klineage/Cuda/LaunchSites.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Frontend/CudaFrontend.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

using namespace clang;
using namespace clang::ast_matchers;
using llvm::StringSwitch;

namespace klineage {
namespace cuda {

const char *launchFormName(LaunchForm F) {
  switch (F) {
  case LaunchForm::Chevron: return "<<<>>>";
  case LaunchForm::LaunchKernel: return "cudaLaunchKernel";
  case LaunchForm::LaunchKernelEx: return "cudaLaunchKernelEx";
  case LaunchForm::LaunchCooperativeKernel: return "cudaLaunchCooperativeKernel";
  }
  return "";
}

const FunctionDecl *kernelOf(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  if (const FunctionTemplateDecl *T = FD->getPrimaryTemplate())
    FD = T->getTemplatedDecl();
  return FD->getCanonicalDecl();
}

const DeclRefExpr *kernelReference(const Expr *E) {
  const DeclRefExpr *Ref = functionReference(E);
  return Ref && isKernel(cast<FunctionDecl>(Ref->getDecl())) ? Ref : nullptr;
}

/// A function of the CUDA runtime: declared at global scope in a system
/// header (a user function of the same name is not the runtime's).
static bool isRuntimeFunction(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier() || !FD->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  return SM.isInSystemHeader(FD->getLocation());
}

/// The launch API \p Callee is, if any. The _ptsz names are what the API
/// macros expand to under --default-stream per-thread.
static std::optional<LaunchForm> launchApi(const FunctionDecl *Callee) {
  if (!isRuntimeFunction(Callee))
    return std::nullopt;
  return StringSwitch<std::optional<LaunchForm>>(Callee->getName())
      .Cases({"cudaLaunchKernel", "cudaLaunchKernel_ptsz"}, LaunchForm::LaunchKernel)
      .Cases({"cudaLaunchKernelEx", "cudaLaunchKernelExC", "cudaLaunchKernelExC_ptsz"}, LaunchForm::LaunchKernelEx)
      .Cases({"cudaLaunchCooperativeKernel", "cudaLaunchCooperativeKernel_ptsz"}, LaunchForm::LaunchCooperativeKernel)
      .Default(std::nullopt);
}

std::optional<LaunchForm> launchFormOf(const CallExpr *C) {
  if (isa<CUDAKernelCallExpr>(C))
    return LaunchForm::Chevron;
  return launchApi(C->getDirectCallee());
}

bool isKernelQueryCallee(const FunctionDecl *Callee) {
  if (!isRuntimeFunction(Callee))
    return false;
  return StringSwitch<bool>(Callee->getName())
      .Cases({"cudaFuncSetAttribute", "cudaFuncGetAttributes", "cudaFuncSetCacheConfig", "cudaFuncSetSharedMemConfig", "cudaFuncGetName"}, true)
      .Cases({"cudaOccupancyMaxActiveBlocksPerMultiprocessor", "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", "cudaOccupancyAvailableDynamicSMemPerBlock", "cudaOccupancyMaxPotentialClusterSize", "cudaOccupancyMaxActiveClusters"}, true)
      .Cases({"cudaOccupancyMaxPotentialBlockSize", "cudaOccupancyMaxPotentialBlockSizeWithFlags", "cudaOccupancyMaxPotentialBlockSizeVariableSMem", "cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags"}, true)
      .Default(false);
}

const Expr *stripDim3Conversions(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<CastExpr>(E);
        C && (C->getCastKind() == CK_ConstructorConversion || C->getCastKind() == CK_NoOp ||
              isa<CXXFunctionalCastExpr>(C)))
      E = C->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *F = dyn_cast<FullExpr>(E))
      E = F->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else
      return E;
  }
  return E;
}

Dim3Component dim3Component(const Expr *E, unsigned Dim) {
  Dim3Component Out;
  E = stripDim3Conversions(E);
  if (!E)
    return Out;
  if (E->getType()->isIntegerType()) {
    if (Dim == 0)
      Out.Value = E;
    else
      Out.Defaulted = true;
    Out.Whole = Dim == 0;
    return Out;
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    if (C->getConstructor()->isCopyOrMoveConstructor() && C->getNumArgs() == 1)
      return dim3Component(C->getArg(0), Dim);
    bool Integral = llvm::all_of(C->getConstructor()->parameters(), [](const ParmVarDecl *P) {
      return P->getType()->isIntegerType();
    });
    if (Integral) {
      const Expr *A = Dim < C->getNumArgs() ? C->getArg(Dim) : nullptr;
      if (!A || isa<CXXDefaultArgExpr>(A))
        Out.Defaulted = true;
      else
        Out.Value = A;
      // `<<<n / 256, ...>>>`: the constructor is the implicit conversion.
      Out.Whole = Out.Value && Dim == 0 && !isa<CXXTemporaryObjectExpr>(C) &&
                  C->getParenOrBraceRange().isInvalid();
      return Out;
    }
  }
  Out.Object = E;
  return Out;
}

/// The local `void *args[]` array \p E names, when it is initialised with
/// a list and only ever passed whole to calls.
static const VarDecl *argumentArray(ASTContext &Ctx, const Expr *E, const FunctionDecl *Launcher) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  const auto *Arr = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Arr || !Arr->isLocalVarDecl() || !Arr->getType()->isArrayType() || !Arr->getInit() ||
      !Launcher || !Launcher->getBody())
    return nullptr;
  for (const BoundNodes &B :
       match(findAll(declRefExpr(to(varDecl(equalsNode(Arr)))).bind("r")), *Launcher->getBody(), Ctx)) {
    const auto *Use = B.getNodeAs<DeclRefExpr>("r");
    bool Passed = false;
    for (const BoundNodes &C : match(findAll(callExpr().bind("c")), *Launcher->getBody(), Ctx))
      for (const Expr *A : C.getNodeAs<CallExpr>("c")->arguments())
        Passed = Passed || A->IgnoreParenCasts() == Use;
    if (!Passed)
      return nullptr;
  }
  return Arr;
}

const Expr *launchArgument(ASTContext &Ctx, const LaunchSite &Site, unsigned Param) {
  const CallExpr *C = Site.Call;
  auto Written = [](const Expr *A) -> const Expr * {
    return A && !isa<CXXDefaultArgExpr>(A) ? A : nullptr;
  };
  switch (Site.Form) {
  case LaunchForm::Chevron:
    return Param < C->getNumArgs() ? Written(C->getArg(Param)) : nullptr;
  case LaunchForm::LaunchKernelEx:
    return Param + 2 < C->getNumArgs() ? Written(C->getArg(Param + 2)) : nullptr;
  case LaunchForm::LaunchKernel:
  case LaunchForm::LaunchCooperativeKernel: {
    if (C->getNumArgs() < 4)
      return nullptr;
    const VarDecl *Arr = argumentArray(Ctx, C->getArg(3), Site.Launcher);
    const auto *Init = Arr ? dyn_cast<InitListExpr>(Arr->getInit()->IgnoreImplicit()) : nullptr;
    if (!Init || Param >= Init->getNumInits())
      return nullptr;
    const auto *Addr = dyn_cast<UnaryOperator>(Init->getInit(Param)->IgnoreParenCasts());
    if (!Addr || Addr->getOpcode() != UO_AddrOf)
      return nullptr;
    return Addr->getSubExpr();
  }
  }
  return nullptr;
}

const FunctionDecl *functionIdentity(const FunctionDecl *FD) {
  if (const FunctionDecl *Pat = FD->getTemplateInstantiationPattern())
    FD = Pat;
  return FD->getCanonicalDecl();
}

namespace {

class SiteBuilder {
public:
  SiteBuilder(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  /// The argument \p E as written (null or a default argument: defaulted).
  LaunchArg arg(const Expr *E) {
    LaunchArg A;
    if (!E || isa<CXXDefaultArgExpr>(E)) {
      A.Defaulted = true;
      return A;
    }
    A.E = E;
    A.Range = editableRange(E);
    return A;
  }

  /// \p E's text in the user's code (the main file or a user header): a
  /// whole macro use (`BLOCK`) or a macro argument counts, part of a macro's
  /// body does not.
  CharSourceRange editableRange(const Expr *E) {
    CharSourceRange R = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(E->getSourceRange()), SM,
                                                 Ctx.getLangOpts());
    return R.isValid() && isUserCode(sourceOrigin(SM, R.getBegin())) ? R : CharSourceRange();
  }

  /// cudaLaunchKernelEx: the value field \p Name of \p Cfg holds at \p Launch:
  /// the last whole-field assignment before it in \p Launcher, else the
  /// variable's initialiser. Unresolved when the field is written partially
  /// (`cfg.gridDim.x = 2`) or the variable is not a local initialised here.
  LaunchArg configField(const VarDecl *Cfg, StringRef Name, const CallExpr *Launch,
                        const FunctionDecl *Launcher) {
    const FieldDecl *Field = nullptr;
    if (const RecordDecl *RD = Cfg->getType()->getAsRecordDecl())
      for (const FieldDecl *F : RD->fields())
        if (F->getName() == Name)
          Field = F;
    if (!Field || !Launcher || !Launcher->getBody())
      return {};
    const Expr *Last = nullptr;
    bool Partial = false;
    auto Uses = match(findAll(memberExpr(member(equalsNode(Field)),
                                         hasObjectExpression(ignoringParenImpCasts(
                                             declRefExpr(to(varDecl(equalsNode(Cfg)))))))
                                  .bind("m")),
                      *Launcher->getBody(), Ctx);
    for (const BoundNodes &B : Uses) {
      const auto *M = B.getNodeAs<MemberExpr>("m");
      if (!SM.isBeforeInTranslationUnit(M->getBeginLoc(), Launch->getBeginLoc()))
        continue;
      const Expr *Value = assignedValue(M);
      if (Value)
        Last = Value;
      else if (writesPart(M))
        Partial = true;
    }
    if (Partial)
      return {};
    if (Last)
      return arg(Last);
    const auto *Init = dyn_cast_or_null<InitListExpr>(Cfg->getInit() ? Cfg->getInit()->IgnoreImplicit()
                                                                     : nullptr);
    if (!Init)
      return {};
    if (Init->isSyntacticForm() && Init->getSemanticForm())
      Init = Init->getSemanticForm();
    unsigned Index = Field->getFieldIndex();
    const Expr *E = Index < Init->getNumInits() ? Init->getInit(Index) : nullptr;
    const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(E);
    if (!E || isa<ImplicitValueInitExpr>(E) || (Construct && Construct->getNumArgs() == 0))
      return arg(nullptr);
    return arg(E);
  }

  std::optional<LaunchSite> site(const CallExpr *C) {
    const FunctionDecl *Context = enclosingFunction(Ctx, *C);
    // A template's pattern launches through its instantiations.
    if (Context && Context->isDependentContext())
      return std::nullopt;
    LaunchSite S;
    S.Call = C;
    S.Launcher = Context ? hostContextOf(Context) : nullptr;
    S.Loc = SM.getExpansionLoc(C->getBeginLoc());
    const Expr *KernelArg = nullptr;
    if (const auto *K = dyn_cast<CUDAKernelCallExpr>(C)) {
      S.Form = LaunchForm::Chevron;
      KernelArg = K->getCallee();
      const CallExpr *Config = K->getConfig();
      auto ConfigArg = [&](unsigned I) { return I < Config->getNumArgs() ? Config->getArg(I) : nullptr; };
      S.Grid = arg(ConfigArg(0));
      S.Block = arg(ConfigArg(1));
      S.SharedMem = arg(ConfigArg(2));
      S.Stream = arg(ConfigArg(3));
    } else if (auto Form = launchApi(C->getDirectCallee())) {
      S.Form = *Form;
      if (C->getNumArgs() < 2)
        return std::nullopt;
      if (S.Form == LaunchForm::LaunchKernelEx) {
        KernelArg = C->getArg(1);
        const auto *CfgRef = dyn_cast<DeclRefExpr>(C->getArg(0)->IgnoreParenImpCasts());
        if (const auto *U = dyn_cast<UnaryOperator>(C->getArg(0)->IgnoreParenImpCasts());
            U && U->getOpcode() == UO_AddrOf)
          CfgRef = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts());
        S.Config = CfgRef ? dyn_cast<VarDecl>(CfgRef->getDecl()) : nullptr;
        if (S.Config && S.Config->isLocalVarDecl()) {
          S.Grid = configField(S.Config, "gridDim", C, Context);
          S.Block = configField(S.Config, "blockDim", C, Context);
          S.SharedMem = configField(S.Config, "dynamicSmemBytes", C, Context);
          S.Stream = configField(S.Config, "stream", C, Context);
        }
      } else {
        // (func, gridDim, blockDim, args, sharedMem, stream)
        KernelArg = C->getArg(0);
        auto Arg = [&](unsigned I) { return I < C->getNumArgs() ? C->getArg(I) : nullptr; };
        S.Grid = arg(Arg(1));
        S.Block = arg(Arg(2));
        S.SharedMem = arg(Arg(4));
        S.Stream = arg(Arg(5));
      }
    } else {
      return std::nullopt;
    }
    S.KernelRef = kernelReference(KernelArg);
    if (S.KernelRef) {
      S.KernelInstance = cast<FunctionDecl>(S.KernelRef->getDecl());
      S.Kernel = kernelOf(S.KernelInstance);
    }
    // The call itself must not come from a macro: a macro's body is shared
    // by its every use.
    S.Editable = C->getBeginLoc().isFileID() && C->getEndLoc().isFileID() && editableRange(C).isValid();
    for (const LaunchArg *A : {&S.Grid, &S.Block, &S.SharedMem, &S.Stream})
      if (!A->Defaulted && !A->Range.isValid())
        S.Editable = false;
    return S;
  }

private:
  /// The value assigned when \p M is the left side of a plain assignment.
  const Expr *assignedValue(const MemberExpr *M) {
    for (const DynTypedNode &P : Ctx.getParents(*M)) {
      if (const auto *B = P.get<BinaryOperator>(); B && B->getOpcode() == BO_Assign &&
                                                   B->getLHS()->IgnoreParens() == M)
        return B->getRHS();
      if (const auto *O = P.get<CXXOperatorCallExpr>(); O && O->getOperator() == OO_Equal &&
                                                       O->getArg(0)->IgnoreParens() == M)
        return O->getArg(1);
    }
    return nullptr;
  }

  /// \p M's value changes other than by a whole assignment: a member of it
  /// is assigned or incremented, or its address escapes.
  bool writesPart(const MemberExpr *M) {
    for (const DynTypedNode &P : Ctx.getParents(*M)) {
      if (const auto *Sub = P.get<MemberExpr>())
        for (const DynTypedNode &PP : Ctx.getParents(*Sub)) {
          if (const auto *B = PP.get<BinaryOperator>(); B && B->isAssignmentOp())
            return true;
          if (const auto *U = PP.get<UnaryOperator>(); U && (U->isIncrementDecrementOp() ||
                                                             U->getOpcode() == UO_AddrOf))
            return true;
          if (PP.get<CXXOperatorCallExpr>())
            return true;
        }
      if (const auto *U = P.get<UnaryOperator>(); U && U->getOpcode() == UO_AddrOf)
        return true;
      if (const auto *B = P.get<BinaryOperator>(); B && B->isCompoundAssignmentOp())
        return true;
    }
    return false;
  }

  ASTContext &Ctx;
  SourceManager &SM;
};

} // namespace

std::vector<LaunchSite> findLaunchSites(ASTContext &Ctx) {
  SiteBuilder Builder(Ctx);
  std::vector<LaunchSite> Sites;
  for (const BoundNodes &B : match(callExpr().bind("c"), Ctx))
    if (auto S = Builder.site(B.getNodeAs<CallExpr>("c")))
      Sites.push_back(*S);
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Sites.begin(), Sites.end(), [&](const LaunchSite &A, const LaunchSite &B) {
    return SM.isBeforeInTranslationUnit(A.Loc, B.Loc);
  });
  return Sites;
}

} // namespace cuda
} // namespace klineage
