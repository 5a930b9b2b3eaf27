//===- Optimizer.cpp - Apply skills to a new kernel under the gate -------===//
#include "klineage/Optimizer/Optimizer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>
#include <memory>
#include <random>

using namespace llvm;

namespace klineage {
namespace optimizer {

StringRef methodName(Method M) {
  switch (M) {
  case Method::Skills: return "skills";
  case Method::Catalogue: return "catalogue";
  case Method::Unconditioned: return "unconditioned";
  case Method::Replay: return "replay";
  }
  return "skills";
}

std::optional<Method> parseMethod(StringRef S) {
  for (Method M : {Method::Skills, Method::Catalogue, Method::Unconditioned, Method::Replay})
    if (S == methodName(M))
      return M;
  return std::nullopt;
}

Expectation expectedGain(const skills::SkillCard &C, const lineage::KernelContext &K) {
  // An unmeasured card is still a step an expert took: it ranks above the
  // cards measured to do nothing, below those measured to pay.
  if (!C.Measured || C.Speedup <= 0)
    return {UnmeasuredPrior, formatv("{0}: effect unmeasured, {1:F2}x assumed", C.Id, UnmeasuredPrior).str()};
  Expectation E{C.Speedup, formatv("{0}: {1:F3}x measured", C.Id, C.Speedup).str()};
  if (!K.B)
    return E;
  auto It = C.Context.find("bound");
  StringRef CardBound = It == C.Context.end() ? StringRef() : StringRef(It->second);
  if (!CardBound.empty() && CardBound != K.B->Kind && E.Gain > 1) {
    E.Gain = 1 + (E.Gain - 1) / 2;
    E.Why += formatv(", halved to {0:F3}x (it paid off on a {1}-bound kernel, this one is {2}-bound)", E.Gain,
                     CardBound, K.B->Kind)
                 .str();
  }
  if (K.B->Pct > 0) {
    double Room = std::max(1.0, 100.0 / K.B->Pct);
    if (E.Gain > Room) {
      E.Gain = Room;
      E.Why += formatv(", capped at {0:F3}x (this kernel runs at {1:F0}% of the {2} ceiling)", Room, K.B->Pct,
                       K.B->Kind == "memory" ? "copy bandwidth" : "FP32 peak")
                   .str();
    }
  }
  return E;
}

Expectation rewriteExpectation(ArrayRef<const skills::SkillCard *> Holding, const lineage::KernelContext &K) {
  std::optional<Expectation> Best;
  bool BestMeasured = false;
  for (const skills::SkillCard *C : Holding) {
    bool Measured = C->Measured && C->Speedup > 0;
    if (BestMeasured && !Measured)
      continue;
    Expectation E = expectedGain(*C, K);
    if (!Best || (Measured && !BestMeasured) || E.Gain > Best->Gain) {
      Best = std::move(E);
      BestMeasured = Measured;
    }
  }
  return Best ? *Best : Expectation{UnmeasuredPrior, "no card"};
}

std::vector<RewriteOptions> optionChoices(const RewritePair &R, const std::vector<const skills::SkillCard *> &Cards,
                                          size_t Max) {
  std::vector<RewriteOptions> Out;
  auto Add = [&](RewriteOptions X) {
    if (Out.size() < Max && !is_contained(Out, X))
      Out.push_back(std::move(X));
  };
  std::vector<const skills::SkillCard *> Sorted(Cards.begin(), Cards.end());
  std::stable_sort(Sorted.begin(), Sorted.end(), [](const skills::SkillCard *A, const skills::SkillCard *B) {
    return (A->Measured ? A->Speedup : 0) > (B->Measured ? B->Speedup : 0);
  });
  for (const skills::SkillCard *C : Sorted) {
    RewriteOptions X;
    for (const auto &[K, V] : C->Options) {
      const OptionSpec *Sp = R.findOption(K);
      if (!Sp || V == Sp->Default)
        continue;
      if (Error E = validateOptionValue(*Sp, V)) {
        consumeError(std::move(E));
        continue;
      }
      X[K] = V;
    }
    Add(std::move(X));
  }
  Add(RewriteOptions());
  for (const OptionSpec &Sp : R.options()) {
    std::vector<std::string> Values;
    int64_t D = 0;
    if (Sp.Type == OptionSpec::Int && to_integer(StringRef(Sp.Default), D))
      for (int64_t V : {D * 2, D / 2})
        if (V >= Sp.Min && V <= Sp.Max && V != D)
          Values.push_back(std::to_string(V));
    if (Sp.Type == OptionSpec::Enum)
      for (const std::string &V : Sp.Allowed)
        if (V != Sp.Default)
          Values.push_back(V);
    if (Sp.Type == OptionSpec::Bool)
      Values.push_back(StringRef(Sp.Default) == "true" ? "false" : "true");
    for (const std::string &V : Values) {
      if (Error E = validateOptionValue(Sp, V)) {
        consumeError(std::move(E));
        continue;
      }
      Add(RewriteOptions{{Sp.Name, V}});
    }
  }
  return Out;
}

namespace {

/// The workload of a card id `<rewrite>/<workload>-step<N>`.
StringRef cardWorkload(StringRef Id) { return Id.rsplit('/').second.rsplit("-step").first; }

/// A probed risk that went wrong when forced: the result did not parse or
/// compile, or the gate rejected it (an inconclusive "compiles, no workload"
/// is not).
bool riskMaterialized(const skills::SkillRisk &K) {
  if (K.Probe != "probed")
    return false;
  StringRef O(K.Outcome);
  return O.contains("does not parse") || O.contains("does not compile") || O.contains("rejected");
}

/// The forward order: the lineage's reverse order read backwards (the
/// instructions a kernel is made of before the structure around them), as a
/// lineage read from its root applies them.
std::vector<const RewritePair *> forwardOrder(const lineage::WalkOptions &O) {
  std::vector<const RewritePair *> Out(O.Rewrites.rbegin(), O.Rewrites.rend());
  return Out;
}

Error loadCards(const SearchOptions &S, std::vector<skills::SkillCard> &Cards, raw_ostream &Log) {
  unsigned Excluded = 0;
  for (const std::string &F : skills::skillCardFiles(S.SkillsDir)) {
    auto C = skills::loadSkillCard(F);
    if (!C)
      return C.takeError();
    if (C->Direction != "forward")
      continue;
    if (!S.Exclude.empty() && cardWorkload(C->Id) == S.Exclude) {
      ++Excluded;
      continue;
    }
    Cards.push_back(std::move(*C));
  }
  if (Cards.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no forward skill cards in " + S.SkillsDir +
                                 (Excluded ? formatv(" besides the {0} of '{1}' (--exclude)", Excluded, S.Exclude).str()
                                           : std::string()));
  Log << formatv("optimize: {0} skill cards from {1}", Cards.size(), S.SkillsDir)
      << (Excluded ? formatv(" ({0} of '{1}' left out)", Excluded, S.Exclude).str() : std::string()) << "\n";
  return Error::success();
}

/// The forward rewrite sequences of the stored lineages (their chains read
/// from the root up), each with its folder's name.
Error loadTrajectories(const SearchOptions &S, std::vector<std::vector<std::string>> &Out, raw_ostream &Log) {
  std::error_code EC;
  std::vector<std::string> Dirs;
  for (sys::fs::directory_iterator It(S.LineagesDir, EC), End; It != End && !EC; It.increment(EC))
    if (sys::fs::exists(It->path() + "/lineage.json"))
      Dirs.push_back(It->path());
  llvm::sort(Dirs);
  unsigned Excluded = 0;
  for (const std::string &D : Dirs) {
    auto R = lineage::loadRecord(D);
    if (!R)
      return R.takeError();
    // Its workload: the folder, or the manifest's name (what card ids use).
    StringRef Manifest = sys::path::stem(R->getString("workload").value_or(""));
    if (!S.Exclude.empty() && (sys::path::filename(D) == S.Exclude || Manifest == S.Exclude)) {
      ++Excluded;
      continue;
    }
    std::vector<std::string> Seq;
    if (const json::Array *Steps = R->getArray("steps"))
      for (const json::Value &V : llvm::reverse(*Steps))
        if (const json::Object *St = V.getAsObject())
          if (auto Rw = St->getString("rewrite"))
            Seq.push_back(Rw->str());
    if (!Seq.empty())
      Out.push_back(std::move(Seq));
  }
  if (Out.empty())
    return createStringError(inconvertibleErrorCode(), "no lineage with steps in " + S.LineagesDir);
  Log << formatv("optimize: {0} stored trajectories from {1}", Out.size(), S.LineagesDir)
      << (Excluded ? formatv(" ('{0}' left out)", S.Exclude).str() : std::string()) << "\n";
  return Error::success();
}

} // namespace

Error configureSearch(const SearchOptions &S, lineage::WalkOptions &O, skills::RewriteLookup Find,
                      raw_ostream &Log) {
  O.Dir = Direction::Forward;
  O.Pol = S.M == Method::Replay ? lineage::Policy::First : lineage::Policy::MostCostly;
  O.GateBudget = S.Budget;
  O.Extra["mode"] = "optimize";
  O.Extra["method"] = methodName(S.M).str();
  O.Extra["budget"] = S.Budget;
  if (!S.Exclude.empty())
    O.Extra["exclude"] = S.Exclude;
  std::vector<const RewritePair *> Forward = forwardOrder(O);
  switch (S.M) {
  case Method::Catalogue:
    O.StepOrder = [Forward](Session &, unsigned, const lineage::KernelContext &) { return Forward; };
    return Error::success();
  case Method::Unconditioned: {
    if (!O.Session.Assume.all())
      return createStringError(inconvertibleErrorCode(),
                               "the unconditioned method needs --assume=all (preconditions not consulted)");
    O.Extra["seed"] = S.Seed;
    unsigned Seed = S.Seed;
    O.StepOrder = [Forward, Seed](Session &, unsigned Step, const lineage::KernelContext &) {
      std::vector<const RewritePair *> Order = Forward;
      std::mt19937 G(Seed * 7919u + Step);
      std::shuffle(Order.begin(), Order.end(), G);
      return Order;
    };
    return Error::success();
  }
  case Method::Replay: {
    std::vector<std::vector<std::string>> Ts;
    if (Error E = loadTrajectories(S, Ts, Log))
      return E;
    std::vector<const RewritePair *> Order;
    for (const auto &T : Ts)
      for (const std::string &N : T)
        if (const RewritePair *R = Find(N); R && !is_contained(Order, R))
          Order.push_back(R);
    O.StepOrder = [Order](Session &, unsigned, const lineage::KernelContext &) { return Order; };
    return Error::success();
  }
  case Method::Skills: {
    auto Cards = std::make_shared<std::vector<skills::SkillCard>>();
    if (Error E = loadCards(S, *Cards, Log))
      return E;
    // Gate in the ranked order and keep the first accepted faster move: the
    // ranking is what saves gate evaluations.
    O.Pol = lineage::Policy::First;
    O.Extra["ranking"] = "expected gain in context";
    // Per step: each rewrite's expectation from the cards that hold
    // somewhere in the kernel (rewriteExpectation; Moves cites it).
    auto Ranked = std::make_shared<std::map<const RewritePair *, Expectation>>();
    O.StepOrder = [Cards, Find, Forward, Ranked](Session &Sess, unsigned, const lineage::KernelContext &K) {
      Ranked->clear();
      std::map<const RewritePair *, std::vector<const skills::SkillCard *>> Holding;
      for (const skills::SkillCard &C : *Cards) {
        const RewritePair *R = Find(C.Rewrite);
        if (!R)
          continue;
        auto Vs = skills::checkSkill(C, Sess, Find);
        if (!Vs) {
          consumeError(Vs.takeError());
          continue;
        }
        if (llvm::any_of(*Vs, [](const skills::SkillVerdict &V) { return V.St == Status::Holds; }))
          Holding[R].push_back(&C);
      }
      for (const auto &[R, Cs] : Holding)
        (*Ranked)[R] = rewriteExpectation(Cs, K);
      std::vector<const RewritePair *> Order;
      for (const RewritePair *R : Forward)
        if (Ranked->count(R))
          Order.push_back(R);
      // Ties keep the forward order.
      std::stable_sort(Order.begin(), Order.end(), [&](const RewritePair *A, const RewritePair *B) {
        return Ranked->at(A).Gain > Ranked->at(B).Gain;
      });
      return Order;
    };
    O.OptionChoices = [Cards](Session &, const RewritePair &R) {
      std::vector<const skills::SkillCard *> Mine;
      for (const skills::SkillCard &C : *Cards)
        if (C.Rewrite == R.name())
          Mine.push_back(&C);
      return optionChoices(R, Mine, MaxOptionChoices);
    };
    O.Moves = [Cards, Find, Ranked](Session &Sess, const RewritePair &R, std::vector<const Site *> Applicable,
                            std::string &Note) {
      std::vector<const Site *> Kept;
      std::vector<std::string> Used, Risky;
      for (const skills::SkillCard &C : *Cards) {
        if (C.Rewrite != R.name())
          continue;
        auto Vs = skills::checkSkill(C, Sess, Find);
        if (!Vs) {
          consumeError(Vs.takeError());
          continue;
        }
        bool Any = false;
        for (const skills::SkillVerdict &V : *Vs) {
          if (V.St != Status::Holds || !is_contained(Applicable, V.At) || is_contained(Kept, V.At))
            continue;
          // A precondition taken on trust here (assumed, not proven) whose
          // counterfactual probe went wrong: the card's risk applies.
          std::string Risk;
          for (const skills::SkillRisk &K : C.Risks)
            if (riskMaterialized(K))
              for (const PreconditionResult &P : V.At->Preconditions)
                if (P.Name == K.Precondition && P.St != Status::Holds && Risk.empty())
                  Risk = K.Precondition;
          if (!Risk.empty()) {
            Risky.push_back(C.Id + " at line " + std::to_string(V.At->Line) + " (" + Risk + ")");
            continue;
          }
          Kept.push_back(V.At);
          Any = true;
        }
        if (Any)
          Used.push_back(C.Id);
      }
      // Keep the sites in the file's order (the rewrite applies them so).
      std::vector<const Site *> Out;
      for (const Site *X : Applicable)
        if (is_contained(Kept, X))
          Out.push_back(X);
      Note = Out.empty() ? "no skill card's conditions hold at an applicable site"
                         : formatv("{0} of {1} applicable sites admitted by {2}", Out.size(), Applicable.size(),
                                   join(Used, ", "))
                               .str();
      if (!Risky.empty())
        Note += "; skipped where a card's probed risk applies: " + join(Risky, ", ");
      if (auto It = Ranked->find(&R); It != Ranked->end() && !Out.empty())
        Note += formatv("; expected {0:F3}x ({1})", It->second.Gain, It->second.Why).str();
      return Out;
    };
    return Error::success();
  }
  }
  return Error::success();
}

} // namespace optimizer
} // namespace klineage
