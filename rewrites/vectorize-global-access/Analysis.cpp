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
      Div(Facts, Lin,
          [this](const VarDecl *VD, int64_t N) {
            return this->Assume.multipleOf(fnName(), VD->getName(), unsigned(N));
          }),
      Align(Ctx, Lin, Div, [this](StringRef Name) { return this->Assume.alignment(fnName(), Name); }) {}

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
  using analysis::AlignmentAnswer;
  using analysis::RootAlignment;
  std::string B = std::to_string(Bytes);
  AlignmentAnswer A = Align.alignedTo(R, Bytes);
  std::string Use = UseName.empty() ? (R.Chain.empty() ? R.Name : R.Chain.front()) : UseName;
  std::string Ask = Use.empty() ? "" : "aligned:" + Use + ":" + B;
  std::string RA = std::to_string(A.Root.Bytes);
  auto RootWhy = [&]() -> std::string {
    switch (A.Root.From) {
    case RootAlignment::AssumeAligned:
      return "__builtin_assume_aligned(" + R.Name + ", " + RA + ")";
    case RootAlignment::Asserted: return "'" + R.Name + "' is asserted " + RA + "-byte aligned";
    case RootAlignment::Declared:
      return "'" + R.Name + "' is declared with " + RA + "-byte alignment";
    case RootAlignment::PointeeType:
      return "'" + R.Name + "' points to '" +
             R.D->getType()->getPointeeType().getUnqualifiedType().getAsString() + "', " + RA +
             "-byte aligned by its type";
    case RootAlignment::RecordType:
      return "'" + R.Name + "' is a member of a struct type aligned to " + RA + " bytes";
    case RootAlignment::None: break;
    }
    return "the pointer's alignment is unknown";
  };
  // A parameter whose alignment only its launcher knows.
  auto PlainParameter = [&] {
    Reason = "'" + R.Name + "' is a " +
             (A.Root.Bytes > 4 ? "pointer to a " + RA + "-byte aligned type"
                               : std::string("plain pointer parameter")) +
             "; cudaMalloc gives 256-byte alignment but the launcher may pass an offset pointer";
    Assumable = "aligned:" + (R.Chain.empty() || !A.SymbolicOffset ? R.Name : Use) + ":" + B;
    return Status::Unknown;
  };
  switch (A.Why) {
  case AlignmentAnswer::AssertedOnTheWay:
    Reason = "'" + A.Name + "' is asserted " + std::to_string(A.AssertedBytes) + "-byte aligned";
    return Status::Holds;
  case AlignmentAnswer::AdvanceNotMultiple:
    // An alignment assertion on the parameter would not settle it.
    Reason = "parameter '" + R.Name + "' is advanced by '" +
             writtenText(Ctx, A.Advance).value_or("?") + "' elements, not known to be a multiple of " +
             B + " bytes";
    return Status::Unknown;
  case AlignmentAnswer::OffsetUnknown:
    Reason = R.Why.empty() ? "the offset of the pointer from '" + R.Name + "' cannot be analysed"
                           : R.Why + "; its offset cannot be analysed";
    Assumable = Ask;
    return Status::Unknown;
  case AlignmentAnswer::ConstantOffset:
    Reason = A.SymbolicOffset
                 ? "the pointer is '" + R.Name + "' + a multiple of " + B + " + " +
                       std::to_string(A.Offset) + " bytes, which is not a multiple of " + B +
                       " even if '" + R.Name + "' is aligned"
                 : "the pointer is '" + R.Name + "' + " + std::to_string(A.Offset) +
                       " bytes, which is not a multiple of " + B + " even if '" + R.Name +
                       "' is aligned";
    return Status::Fails;
  case AlignmentAnswer::FieldOffset:
    Reason = "the pointer points into a struct (field '" + R.Name + "' at byte offset " +
             std::to_string(A.Offset) + "), not " + B + "-byte aligned";
    return A.T == analysis::Truth::Fails ? Status::Fails : Status::Unknown;
  case AlignmentAnswer::FieldInStruct:
    Reason = (R.Why.empty() ? std::string("the pointer comes from a struct") : R.Why) +
             ", and its struct type is aligned to " + RA + " bytes only";
    Assumable = Ask;
    return Status::Unknown;
  case AlignmentAnswer::OffsetNotMultiple:
    Reason = "the offset of the pointer from '" + R.Name + "' is not known to be a multiple of " +
             B + " bytes";
    Assumable = Ask;
    return Status::Unknown;
  case AlignmentAnswer::RootUnknown:
    if (R.isParam())
      return PlainParameter();
    Reason = R.Why.empty() ? "the pointer's alignment is unknown" : R.Why;
    Assumable = Ask;
    return Status::Unknown;
  case AlignmentAnswer::RootTooSmall:
    if (A.Root.From == RootAlignment::PointeeType) {
      if (R.isParam())
        return PlainParameter();
      Reason = R.Why.empty() ? "the pointer's alignment is unknown" : R.Why;
      Assumable = Ask;
      return Status::Unknown;
    }
    Reason = RootWhy() + ", less than the " + B + " bytes the vector access needs";
    return A.T == analysis::Truth::Fails ? Status::Fails : Status::Unknown;
  case AlignmentAnswer::Aligned:
    Reason = RootWhy() +
             (R.OffsetBytes.Terms.empty() ? "" : " and the offset from it is a multiple of " + B);
    return Status::Holds;
  }
  return Status::Unknown;
}

/// --assume=noalias facts: two plain pointer parameters the user asserts
/// do not alias.
static bool assertedNoAlias(const Assumptions &Assume, StringRef Fn, const Root &A, const Root &B) {
  return A.isParam() && B.isParam() && (Assume.noAlias(Fn, A.Name) || Assume.noAlias(Fn, B.Name));
}

int Analyzer::mayAlias(const Root &A, const Root &B, std::string &Why) {
  std::string W;
  analysis::Alias R = analysis::mayAlias(A, B, W);
  if (R == analysis::Alias::No ||
      (R == analysis::Alias::May && assertedNoAlias(Assume, fnName(), A, B)))
    return 0;
  Why = W;
  return R == analysis::Alias::Same ? 2 : 1;
}

std::vector<analysis::Interference> Analyzer::interferences(const Root &P, unsigned Begin,
                                                            unsigned End, bool Reads) {
  return analysis::interferences(Facts, Prov, P, Begin, End, Reads,
                                 [this](const Root &A, const Root &B) {
                                   return assertedNoAlias(Assume, fnName(), A, B);
                                 });
}

} // namespace vga
} // namespace klineage
