//===- Analysis.cpp - Facts vectorize-global-access needs -----------------===//
#include "Analysis.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Frontend/SourcePositions.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <numeric>

using namespace clang;
using namespace llvm;

namespace klineage {
namespace vga {

const char *const LaneNames[4] = {"x", "y", "z", "w"};

//===----------------------------------------------------------------------===//
// FunctionFacts
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Analyzer
//===----------------------------------------------------------------------===//

std::string Analyzer::fnName() const {
  const FunctionDecl *FD = Facts.function();
  return FD->getIdentifier() ? FD->getName().str() : FD->getNameAsString();
}

Analyzer::Analyzer(const ASTContext &Ctx, const Assumptions &Assume, const FunctionFacts &Facts)
    : Ctx(Ctx), Assume(Assume), Facts(Facts), Lin(Ctx), Prov(Ctx, Facts, Lin),
      Div(Facts, Lin, [this](const VarDecl *VD, int64_t N) {
        return this->Assume.multipleOf(fnName(), VD->getName(), unsigned(N));
      }) {}

Status Analyzer::multipleOf(const LinearForm &F, int64_t N, std::string &Reason,
                            std::string &Assumable) {
  analysis::Divisibility::Answer A = Div.multipleOf(F, N);
  if (A.T == analysis::Truth::Holds) {
    Reason = "every term is a multiple of " + std::to_string(N);
    return Status::Holds;
  }
  if (A.T == analysis::Truth::Fails) {
    Reason = "it is a multiple of " + std::to_string(N) + " plus " + std::to_string(A.Remainder);
    return Status::Fails;
  }
  if (A.Unproven.empty()) {
    Reason = "not provable";
    return Status::Unknown;
  }
  // Name the first unproven term; if it is a lone variable, it can be asserted.
  std::string Desc;
  for (const std::string &K : A.Unproven) {
    const Atom *At = Lin.atom(K);
    std::string T = At && At->Var ? At->Var->getName().str()
                    : At && At->E ? writtenText(Ctx, At->E).value_or("?")
                                  : "?";
    Desc += (Desc.empty() ? "" : "*") + T;
  }
  Reason = "'" + Desc + "' is not known to be a multiple of " + std::to_string(A.Need);
  if (A.Unproven.size() == 1 && F.constant() % N == 0) {
    const Atom *At = Lin.atom(A.Unproven.front());
    if (At && At->Var)
      Assumable = "multiple:" + At->Var->getName().str() + ":" + std::to_string(A.Need);
  }
  return Status::Unknown;
}

Status Analyzer::globalPointer(const Root &R, std::string &Reason) {
  switch (R.K) {
  case Root::KernelParam:
    Reason = "'" + R.Name + "' is a pointer parameter of kernel '" + fnName() + "'";
    return Status::Holds;
  case Root::GlobalVar:
    Reason = "'" + R.Name + "' is a __device__ array";
    return Status::Holds;
  case Root::DeviceParam:
    Reason = "'" + R.Name + "' is a parameter of __device__ function '" + fnName() +
             "'; it may point to shared or local memory";
    return Status::Unknown;
  case Root::Shared:
    Reason = "'" + R.Name + "' is a __shared__ array (shared-memory vectorization is a different rewrite)";
    return Status::Fails;
  case Root::LocalArray:
  case Root::LocalScalar:
    Reason = "'" + R.Name + "' is local (register/stack) memory, not global memory";
    return Status::Fails;
  case Root::Member:
    Reason = R.Why.empty() ? "the pointer comes from a struct" : R.Why;
    return Status::Unknown;
  case Root::Unknown:
    Reason = R.Why.empty() ? "the pointer's origin is unknown" : R.Why;
    return Status::Unknown;
  }
  return Status::Unknown;
}

Status Analyzer::baseAligned(const Root &R, unsigned Bytes, const std::string &UseName,
                             std::string &Reason, std::string &Assumable) {
  std::string B = std::to_string(Bytes);
  std::string Fn = fnName();
  // An assertion on the pointer as used (or a named pointer on the way) settles it.
  for (const std::string &N : R.Chain)
    if (auto A = Assume.alignment(Fn, N); A && *A >= Bytes) {
      Reason = "'" + N + "' is asserted " + std::to_string(*A) + "-byte aligned";
      return Status::Holds;
    }
  std::string Use = UseName.empty() ? (R.Chain.empty() ? R.Name : R.Chain.front()) : UseName;
  std::string Ask = Use.empty() ? "" : "aligned:" + Use + ":" + B;
  // Base alignment of the root.
  std::optional<unsigned> RootAlign = R.AlignBytes;
  std::string RootWhy;
  if (RootAlign) {
    RootWhy = "__builtin_assume_aligned(" + R.Name + ", " + std::to_string(*RootAlign) + ")";
  } else if (R.K == Root::KernelParam || R.K == Root::DeviceParam) {
    if (auto A = Assume.alignment(Fn, R.Name)) {
      RootAlign = *A;
      RootWhy = "'" + R.Name + "' is asserted " + std::to_string(*A) + "-byte aligned";
    }
  } else if ((R.K == Root::GlobalVar || R.K == Root::Shared || R.K == Root::LocalArray) && R.D) {
    RootAlign = unsigned(Ctx.getDeclAlign(R.D).getQuantity());
    RootWhy = "'" + R.Name + "' is declared with " + std::to_string(*RootAlign) + "-byte alignment";
  }
  // A parameter advanced in place: each advance must keep the alignment.
  for (const Expr *Adv : R.Advances) {
    auto F = Lin.linearizeValue(Adv);
    int64_t Need = int64_t(Bytes) / std::gcd(R.AdvanceElemBytes > 0 ? R.AdvanceElemBytes : 1,
                                             int64_t(Bytes));
    if (!F || R.AdvanceElemBytes <= 0 || !formMultiple(*F, Need)) {
      Reason = "parameter '" + R.Name + "' is advanced by '" + writtenText(Ctx, Adv).value_or("?") +
               "' elements, not known to be a multiple of " + B + " bytes";
      Assumable.clear(); // an alignment assertion on the parameter would not settle it
      return Status::Unknown;
    }
  }
  // The offset from the root.
  if (!R.OffsetKnown) {
    Reason = R.Why.empty() ? "the offset of the pointer from '" + R.Name + "' cannot be analysed"
                           : R.Why + "; its offset cannot be analysed";
    Assumable = Ask;
    return Status::Unknown;
  }
  LinearForm Off = R.OffsetBytes;
  bool OffSym = !Off.isConstant();
  int64_t OffC = Off.constant();
  if (!OffSym && OffC % int64_t(Bytes) != 0 && R.K != Root::Member) {
    Reason = "the pointer is '" + R.Name + "' + " + std::to_string(OffC) +
             " bytes, which is not a multiple of " + B + " even if '" + R.Name + "' is aligned";
    return Status::Fails;
  }
  if (R.K == Root::Member) {
    if (OffC % int64_t(Bytes) != 0 || OffSym) {
      Reason = "the pointer points into a struct (field '" + R.Name + "' at byte offset " +
               std::to_string(OffC) + "), not " + B + "-byte aligned";
      return OffSym ? Status::Unknown : Status::Fails;
    }
    Reason = R.Why.empty() ? "the pointer comes from a struct" : R.Why;
    Assumable = Ask;
    return Status::Unknown;
  }
  if (OffSym) {
    std::string Why, Ask2;
    if (!formMultiple(Off.symbolic(), Bytes)) {
      Reason = "the offset of the pointer from '" + R.Name + "' is not known to be a multiple of " +
               B + " bytes";
      Assumable = Ask;
      return Status::Unknown;
    }
  }
  if (!RootAlign) {
    if (R.K == Root::KernelParam || R.K == Root::DeviceParam) {
      Reason = "'" + R.Name + "' is a plain pointer parameter; cudaMalloc gives 256-byte alignment "
               "but the launcher may pass an offset pointer";
      Assumable = "aligned:" + (R.Chain.empty() || !OffSym ? R.Name : Use) + ":" + B;
      if (!R.Chain.empty() && !OffSym)
        Assumable = "aligned:" + R.Name + ":" + B;
    } else {
      Reason = R.Why.empty() ? "the pointer's alignment is unknown" : R.Why;
      Assumable = Ask;
    }
    return Status::Unknown;
  }
  if (*RootAlign < Bytes) {
    Reason = RootWhy + ", less than the " + B + " bytes the vector access needs";
    return R.AlignBytes ? Status::Fails
           : (R.K == Root::KernelParam || R.K == Root::DeviceParam) ? Status::Unknown
                                                                      : Status::Fails;
  }
  Reason = RootWhy + (Off.Terms.empty() ? "" : " and the offset from it is a multiple of " + B);
  return Status::Holds;
}

int Analyzer::mayAlias(const Root &A, const Root &B, std::string &Why) {
  std::string W;
  analysis::Alias R = analysis::mayAlias(A, B, W);
  if (R == analysis::Alias::No)
    return 0;
  // Two plain pointer parameters: the user may assert that they do not alias.
  if (R == analysis::Alias::May && A.isParam() && B.isParam()) {
    std::string Fn = fnName();
    if (Assume.noAlias(Fn, A.Name) || Assume.noAlias(Fn, B.Name))
      return 0;
  }
  Why = W;
  return R == analysis::Alias::Same ? 2 : 1;
}

} // namespace vga
} // namespace klineage
