//===- Optimizer.h - Apply skills to a new kernel under the gate ---*- C++ -*-===//
//
// Part of KLineage. `klineage optimize KERNEL.cu --workload M.yaml --budget N
// -o DIR` (docs/optimize.md) is a lineage walk forwards: at each step the
// forward rewrites' sites that the method admits are the moves, each move a
// candidate kernel, every candidate compiled (in parallel) and, on a GPU,
// gated against the kernel before it; a move is kept only when the gate
// accepts it and it is faster, and the fastest is taken (greedy). The budget
// counts the GPU gate evaluations. The record is a lineage record
// (direction "forward"), so `klineage report` draws the trajectory; the best
// kernel is DIR/best.cu. configureSearch sets the walk up; lineage::walk
// runs it.
//
// Methods (the same gate, the same budget):
//   skills         a move is a site where a skill card's conditions hold
//                  (checkSkill); rewrites ranked by what their holding
//                  cards' measured effects promise in this kernel's
//                  measured context (expectedGain), gated in that order, the
//                  first accepted faster move kept (few gate evaluations);
//                  each rewrite tried with its cards' options first, then
//                  its defaults and their neighbours (optionChoices).
//                  Cards of the --exclude workload are left out
//                  (leave-one-out).
//   catalogue      every applicable forward site (preconditions consulted,
//                  skills ignored), in catalogue order;
//   unconditioned  every forward site whose preconditions do not fail
//                  outright (--assume=all), in a random order (--seed);
//   replay         the stored lineages' trajectories replayed forwards, the
//                  first applicable step first (a memory-based agent).
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_OPTIMIZER_OPTIMIZER_H
#define KLINEAGE_OPTIMIZER_OPTIMIZER_H

#include "klineage/Lineage/Lineage.h"
#include "klineage/Skills/Skills.h"
#include <optional>

namespace klineage {
namespace optimizer {

enum class Method { Skills, Catalogue, Unconditioned, Replay };
llvm::StringRef methodName(Method M);
std::optional<Method> parseMethod(llvm::StringRef S);

struct SearchOptions {
  Method M = Method::Skills;
  std::string SkillsDir;   ///< skills: the cards (<dir>/<rewrite>/<id>.yaml)
  std::string LineagesDir; ///< replay: lineage folders (<dir>/<name>/lineage.json)
  /// Leave-one-out: a workload whose cards (skills) or lineage (replay) are
  /// not used, named as in a card id (`<rewrite>/<workload>-step<N>`) or a
  /// lineage folder.
  std::string Exclude;
  unsigned Seed = 1; ///< unconditioned: the order of the moves
  unsigned Budget = 0; ///< GPU gate evaluations (0: no limit)
};

/// What a card's measured effect promises at a kernel of context \p K: its
/// speedup, halved (the part above 1x) when it paid off on a kernel of the
/// other bound (memory vs compute), and capped by this kernel's headroom
/// (at P% of its ceiling it can gain at most 100/P). An unmeasured card
/// promises UnmeasuredPrior. \p Why says how the effect was read.
constexpr double UnmeasuredPrior = 1.05;
struct Expectation {
  double Gain = 1;
  std::string Why;
};
Expectation expectedGain(const skills::SkillCard &C, const lineage::KernelContext &K);

/// What a rewrite promises at a kernel of context \p K from its cards whose
/// conditions hold there (\p Holding, not empty): the best expectedGain among
/// the measured ones; UnmeasuredPrior only when none is measured (an expert
/// step of unknown effect does not outweigh measurements of the same rewrite).
Expectation rewriteExpectation(llvm::ArrayRef<const skills::SkillCard *> Holding, const lineage::KernelContext &K);

/// The option sets the skills method tries for rewrite \p R, in order: the
/// options of \p Cards (the best measured first; keys R does not declare,
/// values it would refuse and values equal to the default dropped), the
/// defaults (an empty set), then the neighbours of each typed option's
/// default (an int's double and half within its range, an enum's other
/// values, a bool's negation); duplicates dropped, at most \p Max sets.
std::vector<RewriteOptions> optionChoices(const RewritePair &R, const std::vector<const skills::SkillCard *> &Cards,
                                          size_t Max);
constexpr size_t MaxOptionChoices = 3;

/// Fills the walk's direction, policy, moves, order, budget and record
/// fields for the method: cards or trajectories are loaded here (errors:
/// none found, a malformed card). \p Log says what was loaded.
llvm::Error configureSearch(const SearchOptions &S, lineage::WalkOptions &O, skills::RewriteLookup Find,
                            llvm::raw_ostream &Log);

} // namespace optimizer
} // namespace klineage

#endif
