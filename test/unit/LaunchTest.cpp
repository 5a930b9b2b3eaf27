//===- LaunchTest.cpp - lib/Cuda launches, graph; lib/Analysis LaunchFacts ===//
#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/LauncherArgs.h"
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "klineage/Cuda/LaunchBounds.h"
#include "klineage/Cuda/LaunchSites.h"
#include "CudaTestSupport.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace klineage;
using namespace klineage::cuda;
using namespace klineage::analysis;
using Verdict = ShapeFact::Verdict;
using Source = ShapeFact::Source;

namespace {

/// The declaration of \p Name written in the file (a template's pattern).
const FunctionDecl *function(ASTContext &Ctx, llvm::StringRef Name) {
  auto M = match(functionDecl(hasName(Name), isDefinition(), unless(isTemplateInstantiation())).bind("f"), Ctx);
  return M.empty() ? nullptr : M[0].getNodeAs<FunctionDecl>("f");
}

std::string text(ASTContext &Ctx, const LaunchArg &A) {
  if (A.Defaulted)
    return "<default>";
  if (!A.E)
    return "<unresolved>";
  return Lexer::getSourceText(CharSourceRange::getTokenRange(A.E->getSourceRange()), Ctx.getSourceManager(),
                              Ctx.getLangOpts())
      .str();
}

unsigned line(ASTContext &Ctx, SourceLocation L) { return Ctx.getSourceManager().getExpansionLineNumber(L); }

TEST(LaunchSites, EveryForm) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *p, int n) {}
    void run(float *p, int n, cudaStream_t s) {
      k<<<n / 256, 256, 64, s>>>(p, n);
      k<<<1, 32>>>(p, n);
      void *args[] = {&p, &n};
      cudaLaunchKernel((void *)k, dim3(2), dim3(64), args, 0, s);
      cudaLaunchKernel(k, dim3(3), dim3(96), args);
      cudaLaunchConfig_t cfg = {};
      cfg.gridDim = dim3(8);
      cfg.blockDim = dim3(128);
      cfg.stream = s;
      cudaLaunchKernelEx(&cfg, k, p, n);
      cudaLaunchCooperativeKernel((void *)k, 4, 512, args, 16, s);
    }
  )cu");
  ASTContext &Ctx = AST->ast();
  std::vector<LaunchSite> Sites = findLaunchSites(Ctx);
  ASSERT_EQ(Sites.size(), 6u);
  const FunctionDecl *K = function(Ctx, "k"), *Run = function(Ctx, "run");
  for (const LaunchSite &S : Sites) {
    EXPECT_EQ(S.Kernel, K->getCanonicalDecl());
    EXPECT_EQ(S.Launcher, Run);
    EXPECT_TRUE(S.Editable);
  }
  EXPECT_EQ(Sites[0].Form, LaunchForm::Chevron);
  EXPECT_EQ(text(Ctx, Sites[0].Grid), "n / 256");
  EXPECT_EQ(text(Ctx, Sites[0].Block), "256");
  EXPECT_EQ(text(Ctx, Sites[0].SharedMem), "64");
  EXPECT_EQ(text(Ctx, Sites[0].Stream), "s");
  EXPECT_TRUE(Sites[0].Grid.Range.isValid());
  EXPECT_EQ(text(Ctx, Sites[1].SharedMem), "<default>") << "<<<g, b>>> defaults smem and stream";
  EXPECT_EQ(text(Ctx, Sites[1].Stream), "<default>");
  EXPECT_EQ(Sites[2].Form, LaunchForm::LaunchKernel);
  EXPECT_EQ(text(Ctx, Sites[2].Block), "dim3(64)");
  EXPECT_EQ(Sites[3].Form, LaunchForm::LaunchKernel) << "the templated overload";
  EXPECT_EQ(text(Ctx, Sites[3].Grid), "dim3(3)");
  EXPECT_EQ(text(Ctx, Sites[3].SharedMem), "<default>");
  EXPECT_EQ(Sites[4].Form, LaunchForm::LaunchKernelEx);
  EXPECT_EQ(Sites[4].Config->getName(), "cfg");
  EXPECT_EQ(text(Ctx, Sites[4].Grid), "dim3(8)");
  EXPECT_EQ(text(Ctx, Sites[4].Block), "dim3(128)");
  EXPECT_EQ(text(Ctx, Sites[4].SharedMem), "<default>") << "value-initialised, never assigned";
  EXPECT_EQ(text(Ctx, Sites[4].Stream), "s");
  EXPECT_EQ(Sites[5].Form, LaunchForm::LaunchCooperativeKernel);
  EXPECT_EQ(text(Ctx, Sites[5].Block), "512");
  EXPECT_EQ(text(Ctx, Sites[5].SharedMem), "16");
}

TEST(LaunchSites, ExConfigFromInitialiserAndPartialWrites) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k() {}
    void run() {
      cudaLaunchConfig_t a = {dim3(4), dim3(32, 4), 128, 0};
      cudaLaunchKernelEx(&a, k);
      cudaLaunchConfig_t b = {};
      b.blockDim = dim3(64);
      b.blockDim.x = 16;           // member-wise: not followed
      cudaLaunchKernelEx(&b, k);
    }
  )cu");
  ASTContext &Ctx = AST->ast();
  std::vector<LaunchSite> Sites = findLaunchSites(Ctx);
  ASSERT_EQ(Sites.size(), 2u);
  EXPECT_EQ(text(Ctx, Sites[0].Block), "dim3(32, 4)");
  EXPECT_EQ(text(Ctx, Sites[0].SharedMem), "128");
  EXPECT_EQ(evaluateShape(Ctx, Sites[0], Sites[0].Block).Shape, (Dim3{32, 4, 1}));
  EXPECT_EQ(text(Ctx, Sites[1].Block), "<unresolved>");
  EXPECT_FALSE(Sites[1].Editable);
}

TEST(LaunchSites, TemplatesLambdasAndMacros) {
  auto AST = test::parseCuda(R"cu(
    template <int B> __global__ void __launch_bounds__(B) t(float *p) {}
    __global__ void k(float *p) {}
    #define LAUNCH(g, b) k<<<g, b>>>(nullptr)
    template <int B> void host(float *p) { t<B><<<1, B>>>(p); }
    void run(float *p) {
      host<128>(p);
      host<256>(p);
      auto l = [&] { k<<<1, 64>>>(p); };
      l();
      LAUNCH(1, 64);
    }
  )cu");
  ASTContext &Ctx = AST->ast();
  KernelLauncherGraph G(Ctx);
  const FunctionDecl *T = function(Ctx, "t"), *K = function(Ctx, "k"), *Run = function(Ctx, "run");
  // The host template launches through its two instantiations, each a launcher.
  auto TL = G.launchesOf(T);
  ASSERT_EQ(TL.size(), 2u);
  EXPECT_EQ(TL[0]->Kernel, T->getCanonicalDecl()) << "the primary template";
  EXPECT_NE(TL[0]->KernelInstance, TL[1]->KernelInstance);
  EXPECT_EQ(G.launchersOf(T).size(), 2u);
  std::vector<uint64_t> Bounds;
  for (const LaunchSite *S : TL)
    Bounds.push_back(*launchBounds(S->KernelInstance)->MaxThreads);
  llvm::sort(Bounds);
  EXPECT_EQ(Bounds, (std::vector<uint64_t>{128, 256})) << "template arguments evaluated per instance";
  EXPECT_FALSE(launchBounds(T)->MaxThreads) << "dependent in the pattern";
  // Two instances, two blocks: one kernel text, so its block is not one shape.
  EXPECT_EQ(launchFacts(Ctx, G, T).Block.V, Verdict::Conflicting);
  // The lambda's launch belongs to run; the macro's is found but not editable.
  auto KL = G.launchesOf(K);
  ASSERT_EQ(KL.size(), 2u);
  EXPECT_EQ(KL[0]->Launcher, Run);
  EXPECT_TRUE(KL[0]->Editable);
  EXPECT_EQ(KL[1]->Launcher, Run);
  EXPECT_FALSE(KL[1]->Editable);
  EXPECT_TRUE(G.allLaunchesKnown(K));
  EXPECT_FALSE(G.launchesEditable(K));
  LaunchFacts F = launchFacts(Ctx, G, K);
  EXPECT_EQ(F.Block.V, Verdict::Known) << F.Block.Reason;
  EXPECT_EQ(F.Block.Shape, (Dim3{64, 1, 1}));
  EXPECT_EQ(G.kernelsLaunchedBy(Run), (std::vector<const FunctionDecl *>{K->getCanonicalDecl()}));
}

TEST(KernelLauncherGraph, TwoLaunchersOfOneKernel) {
  auto AST = test::parseCuda(R"cu(
    __global__ void same(float *p) {}
    __global__ void differ(float *p) {}
    void a(float *p) { same<<<1, 256>>>(p); differ<<<1, 256>>>(p); }
    void b(float *p) { same<<<2, dim3(256)>>>(p); differ<<<1, 128>>>(p); }
  )cu");
  ASTContext &Ctx = AST->ast();
  KernelLauncherGraph G(Ctx);
  const FunctionDecl *Same = function(Ctx, "same"), *Differ = function(Ctx, "differ");
  const FunctionDecl *A = function(Ctx, "a"), *B = function(Ctx, "b");
  EXPECT_EQ(G.kernels().size(), 2u);
  EXPECT_EQ(G.launchersOf(Same), (std::vector<const FunctionDecl *>{A, B}));
  EXPECT_EQ(G.launchesIn(B).size(), 2u);
  EXPECT_TRUE(G.launchesEditable(Same));

  LaunchFacts S = launchFacts(Ctx, G, Same);
  EXPECT_EQ(S.Block.V, Verdict::Known);
  EXPECT_EQ(S.Block.Src, Source::Launch);
  EXPECT_EQ(S.Block.Shape, (Dim3{256, 1, 1}));
  EXPECT_EQ(S.Block.Evidence.size(), 2u);
  EXPECT_EQ(S.Grid.V, Verdict::Conflicting);

  LaunchFacts D = launchFacts(Ctx, G, Differ);
  EXPECT_EQ(D.Block.V, Verdict::Conflicting);
  EXPECT_NE(D.Block.Reason.find("in 'a' uses (256, 1, 1)"), std::string::npos) << D.Block.Reason;
  EXPECT_NE(D.Block.Reason.find("in 'b' uses (128, 1, 1)"), std::string::npos) << D.Block.Reason;
}

TEST(KernelLauncherGraph, AddressTakenMakesLaunchSetIncomplete) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *p) {}
    void run(float *p) {
      cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);  // a query: no launch
      k<<<1, 128>>>(p);
      void (*fp)(float *) = k;
      fp<<<1, 64>>>(p);
    }
  )cu");
  ASTContext &Ctx = AST->ast();
  KernelLauncherGraph G(Ctx);
  const FunctionDecl *K = function(Ctx, "k");
  ASSERT_EQ(G.sites().size(), 2u);
  EXPECT_EQ(G.sites()[1].Kernel, nullptr) << "a launch through a pointer names no kernel";
  EXPECT_EQ(G.launchesOf(K).size(), 1u);
  ASSERT_EQ(G.escapesOf(K).size(), 1u);
  EXPECT_EQ(line(Ctx, G.escapesOf(K)[0]->getBeginLoc()), 6u);
  EXPECT_FALSE(G.allLaunchesKnown(K));
  LaunchFacts F = launchFacts(Ctx, G, K);
  EXPECT_EQ(F.Block.V, Verdict::Unknown);
  EXPECT_NE(F.Block.Reason.find("also used at line 6"), std::string::npos) << F.Block.Reason;
  // The assumption settles it.
  F = launchFacts(Ctx, G, K, AssumedLaunch{Dim3{128, 1, 1}, std::nullopt});
  EXPECT_EQ(F.Block.V, Verdict::Known);
  EXPECT_EQ(F.Block.Src, Source::Assumed);
}

TEST(LaunchFacts, LaunchBounds) {
  auto AST = test::parseCuda(R"cu(
    __global__ void __launch_bounds__(256) bounded(float *p) {}
    __global__ void __launch_bounds__(128, 4) small(float *p) {}
    __global__ void free_(float *p) {}
    void run(float *p) { small<<<1, 256>>>(p); }
  )cu");
  ASTContext &Ctx = AST->ast();
  KernelLauncherGraph G(Ctx);
  auto B = launchBounds(function(Ctx, "bounded"));
  ASSERT_TRUE(B);
  EXPECT_EQ(B->MaxThreads, 256u);
  EXPECT_FALSE(B->MinBlocks);
  EXPECT_EQ(launchBounds(function(Ctx, "small"))->MinBlocks, 4u);
  EXPECT_FALSE(launchBounds(function(Ctx, "free_")));

  LaunchFacts F = launchFacts(Ctx, G, function(Ctx, "bounded"));
  EXPECT_EQ(F.Block.V, Verdict::Known);
  EXPECT_EQ(F.Block.Src, Source::LaunchBoundsOnly);
  EXPECT_FALSE(F.Block.Shape);
  EXPECT_EQ(F.Block.MaxThreads, 256u);
  EXPECT_NE(F.Block.Reason.find("no launch of 'bounded'"), std::string::npos);
  // An assumption above the bound contradicts it.
  F = launchFacts(Ctx, G, function(Ctx, "bounded"), AssumedLaunch{Dim3{512, 1, 1}, std::nullopt});
  EXPECT_EQ(F.Block.V, Verdict::Conflicting);
  // A launch above the bound would fail.
  F = launchFacts(Ctx, G, function(Ctx, "small"));
  EXPECT_EQ(F.Block.V, Verdict::Conflicting);
  EXPECT_NE(F.Block.Reason.find("256 threads but __launch_bounds__ allows 128"), std::string::npos);
  EXPECT_EQ(launchFacts(Ctx, G, function(Ctx, "free_")).Block.V, Verdict::Unknown);
}

TEST(LaunchFacts, BlockFromTheLaunchersValues) {
  auto AST = test::parseCuda(R"cu(
    #define THREADS 64
    __global__ void dim(float *p) {}
    __global__ void cexpr(float *p) {}
    __global__ void plain(float *p) {}
    __global__ void reassigned(float *p) {}
    __global__ void param(float *p) {}
    __global__ void macro(float *p) {}
    __global__ void later(float *p) {}
    __global__ void loop(float *p) {}
    void run(float *p, int n) {
      dim3 block(32, 8);
      dim<<<1, block>>>(p);
      constexpr int T = 128;
      cexpr<<<n, T>>>(p);
      int threads = 256;
      plain<<<1, threads>>>(p);
      int t2 = 256;
      if (n > 4) t2 = 512;
      reassigned<<<1, t2>>>(p);
      param<<<1, n>>>(p);
      macro<<<1, THREADS * 2>>>(p);
      int t3 = 32;
      later<<<1, t3>>>(p);
      t3 = 64;
      for (int i = 0; i < 2; ++i) {
        int t4 = 32;
        loop<<<1, t4>>>(p);
        t4 = 64;
      }
    }
  )cu");
  ASTContext &Ctx = AST->ast();
  KernelLauncherGraph G(Ctx);
  auto Block = [&](llvm::StringRef K) { return launchFacts(Ctx, G, function(Ctx, K)).Block; };
  EXPECT_EQ(Block("dim").Shape, (Dim3{32, 8, 1}));
  EXPECT_EQ(Block("cexpr").Shape, (Dim3{128, 1, 1}));
  EXPECT_EQ(Block("plain").Shape, (Dim3{256, 1, 1})) << Block("plain").Reason;
  ShapeFact R = Block("reassigned");
  EXPECT_EQ(R.V, Verdict::Unknown);
  EXPECT_NE(R.Reason.find("'t2' may be written at line 19 before the launch"), std::string::npos) << R.Reason;
  ASSERT_EQ(R.Evidence.size(), 1u);
  EXPECT_EQ(line(Ctx, R.Evidence[0].Loc), 20u);
  EXPECT_NE(Block("param").Reason.find("'n' is a parameter of 'run'"), std::string::npos);
  EXPECT_EQ(Block("macro").Shape, (Dim3{128, 1, 1}));
  EXPECT_EQ(Block("later").Shape, (Dim3{32, 1, 1})) << "written only after a launch no loop repeats";
  EXPECT_EQ(Block("loop").V, Verdict::Unknown) << "the next iteration's launch is not the first's";
  // The grid: n is a parameter.
  ShapeFact Grid = launchFacts(Ctx, G, function(Ctx, "cexpr")).Grid;
  EXPECT_EQ(Grid.V, Verdict::Unknown);
  // The assumption does not override a launch it contradicts.
  ShapeFact A = launchFacts(Ctx, G, function(Ctx, "dim"), AssumedLaunch{Dim3{256, 1, 1}, std::nullopt}).Block;
  EXPECT_EQ(A.V, Verdict::Conflicting);
  A = launchFacts(Ctx, G, function(Ctx, "param"), AssumedLaunch{Dim3{16, 16, 1}, std::nullopt}).Block;
  EXPECT_EQ(A.V, Verdict::Known);
  EXPECT_EQ(A.Src, Source::Assumed);
  EXPECT_EQ(A.Shape, (Dim3{16, 16, 1}));
}

TEST(LaunchFacts, ExConfigFollowedWhenPlainElseTheWriteIsEvidence) {
  auto AST = test::parseCuda(R"cu(
    __global__ void plain(float *p) {}
    __global__ void pointer(float *p) {}
    __global__ void viaPointer(float *p) {}
    __global__ void conditional(float *p) {}
    __global__ void helper(float *p) {}
    __global__ void looped(float *p) {}
    void setup(cudaLaunchConfig_t &c) { c.blockDim = dim3(32); }
    void run(float *p, int n) {
      cudaLaunchAttribute attrs[1];
      attrs[0].id = cudaLaunchAttributeClusterDimension;
      attrs[0].val.clusterDim.x = 2;
      cudaLaunchConfig_t a = {};
      a.gridDim = dim3(8);
      a.blockDim = dim3(128);
      a.attrs = attrs;
      a.numAttrs = 1;
      cudaLaunchKernelEx(&a, plain, p);
      cudaLaunchKernelEx(&a, plain, p);
      cudaLaunchConfig_t b = {dim3(1), dim3(64), 0, 0};
      cudaLaunchConfig_t *pb = &b;
      pb->blockDim = dim3(256);
      cudaLaunchKernelEx(&b, pointer, p);
      cudaLaunchKernelEx(pb, viaPointer, p);
      cudaLaunchConfig_t c = {};
      c.blockDim = dim3(64);
      if (n > 4) c.blockDim = dim3(128);
      cudaLaunchKernelEx(&c, conditional, p);
      cudaLaunchConfig_t d = {};
      d.blockDim = dim3(64);
      setup(d);
      cudaLaunchKernelEx(&d, helper, p);
      cudaLaunchConfig_t e = {};
      e.blockDim = dim3(64);
      for (int i = 0; i < 2; ++i) {
        cudaLaunchKernelEx(&e, looped, p);
        e.blockDim = dim3(32);
      }
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  KernelLauncherGraph G(Ctx);
  auto Block = [&](llvm::StringRef K) { return launchFacts(Ctx, G, function(Ctx, K)).Block; };
  // Other fields (attrs, numAttrs) and `&a` handed to the launches do not matter.
  ShapeFact Plain = Block("plain");
  EXPECT_EQ(Plain.V, Verdict::Known) << Plain.Reason;
  EXPECT_EQ(Plain.Shape, (Dim3{128, 1, 1}));
  EXPECT_EQ(launchFacts(Ctx, G, function(Ctx, "plain")).Grid.Shape, (Dim3{8, 1, 1}));
  // Each unfollowed value names the write, as a reason and as evidence.
  struct Case {
    const char *Kernel, *Reason;
    unsigned WriteLine;
  } Cases[] = {
      {"pointer", "'b' may be written at line 21 before the launch (through pointer 'pb')", 22},
      {"viaPointer", "the configuration is passed through pointer 'pb'", 22},
      {"conditional", "'c.blockDim' is assigned at line 27 under a condition", 27},
      {"helper", "'d' may be written at line 31 before the launch (it is passed to a non-const reference parameter)", 31},
      {"looped", "'e.blockDim' may be written at line 37 before the launch", 37},
  };
  for (const Case &C : Cases) {
    ShapeFact F = Block(C.Kernel);
    EXPECT_EQ(F.V, Verdict::Unknown) << C.Kernel;
    EXPECT_NE(F.Reason.find(C.Reason), std::string::npos) << C.Kernel << ": " << F.Reason;
    ASSERT_EQ(F.Evidence.size(), 1u) << C.Kernel;
    ASSERT_TRUE(F.Evidence[0].Write) << C.Kernel;
    EXPECT_EQ(line(Ctx, F.Evidence[0].Write->getBeginLoc()), C.WriteLine) << C.Kernel;
  }
}

TEST(LaunchFacts, TwoLaunchersOfOneKernelThroughExConfigs) {
  auto AST = test::parseCuda(R"cu(
    __global__ void agree(float *p) {}
    __global__ void disagree(float *p) {}
    __global__ void unseen(float *p) {}
    void first(float *p, int n) {
      cudaLaunchConfig_t cfg = {};
      cfg.gridDim = dim3(4);
      cfg.blockDim = dim3(256);
      cudaLaunchKernelEx(&cfg, agree, p);
      cfg.blockDim = dim3(128);
      cudaLaunchKernelEx(&cfg, disagree, p);
      cudaLaunchKernelEx(&cfg, unseen, p);
    }
    void second(float *p, int n) {
      agree<<<4, 256>>>(p);
      cudaLaunchConfig_t cfg = {dim3(4), dim3(64), 0, 0};
      cudaLaunchKernelEx(&cfg, disagree, p);
      cfg.blockDim = dim3(n);
      cudaLaunchKernelEx(&cfg, unseen, p);
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  KernelLauncherGraph G(Ctx);
  const FunctionDecl *Agree = function(Ctx, "agree"), *Disagree = function(Ctx, "disagree"),
                     *Unseen = function(Ctx, "unseen");
  EXPECT_EQ(G.launchersOf(Agree).size(), 2u);
  ShapeFact A = launchFacts(Ctx, G, Agree).Block;
  EXPECT_EQ(A.V, Verdict::Known) << A.Reason;
  EXPECT_EQ(A.Shape, (Dim3{256, 1, 1}));
  EXPECT_EQ(A.Evidence.size(), 2u);
  EXPECT_EQ(launchFacts(Ctx, G, Agree).Grid.Shape, (Dim3{4, 1, 1}));
  ShapeFact D = launchFacts(Ctx, G, Disagree).Block;
  EXPECT_EQ(D.V, Verdict::Conflicting);
  EXPECT_NE(D.Reason.find("in 'first' uses (128, 1, 1)"), std::string::npos) << D.Reason;
  EXPECT_NE(D.Reason.find("in 'second' uses (64, 1, 1)"), std::string::npos) << D.Reason;
  ShapeFact U = launchFacts(Ctx, G, Unseen).Block;
  EXPECT_EQ(U.V, Verdict::Unknown);
  EXPECT_NE(U.Reason.find("'n' is a parameter of 'second'"), std::string::npos) << U.Reason;
}

TEST(LaunchFacts, WorkloadValuesForLauncherParameters) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *p) {}
    __global__ void sized(float *p) {}
    __global__ void written(float *p) {}
    namespace ns {
    void launch(float *p, int n, int threads, int perSize) {
      k<<<n / threads, threads>>>(p);
      sized<<<1, perSize>>>(p);
    }
    }
    void other(float *p, int threads) {
      threads += 32;
      written<<<1, threads>>>(p);
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  KernelLauncherGraph G(Ctx);
  LaunchFactSource Source;
  Source.Params = {{"ns::launch", 2, 4, "256", 256, "w.yaml:7:5"},
                   {"ns::launch", 3, 4, "N", std::nullopt, "w.yaml:8:5"},
                   {"other", 1, 2, "64", 64, "w.yaml:9:5"}};
  LaunchFacts K = launchFacts(Ctx, G, function(Ctx, "k"), Source);
  EXPECT_EQ(K.Block.V, Verdict::Known) << K.Block.Reason;
  EXPECT_EQ(K.Block.Src, Source::Workload);
  EXPECT_EQ(K.Block.Shape, (Dim3{256, 1, 1}));
  ASSERT_EQ(K.Block.Evidence.size(), 1u);
  EXPECT_NE(K.Block.Evidence[0].Value.find("'threads' = 256 from the workload (w.yaml:7:5)"), std::string::npos)
      << K.Block.Evidence[0].Value;
  EXPECT_EQ(K.Grid.V, Verdict::Unknown) << "n has no workload value";
  ShapeFact Sized = launchFacts(Ctx, G, function(Ctx, "sized"), Source).Block;
  EXPECT_EQ(Sized.V, Verdict::Unknown);
  EXPECT_NE(Sized.Reason.find("sets to 'N' (w.yaml:8:5): it depends on the sizes"), std::string::npos)
      << Sized.Reason;
  ShapeFact Written = launchFacts(Ctx, G, function(Ctx, "written"), Source).Block;
  EXPECT_EQ(Written.V, Verdict::Unknown);
  EXPECT_NE(Written.Reason.find("'threads' may be written at line 12 before the launch"), std::string::npos)
      << Written.Reason;
  // Without the workload, the launcher's parameter is all the file shows.
  EXPECT_EQ(launchFacts(Ctx, G, function(Ctx, "k")).Block.V, Verdict::Unknown);
}

TEST(KernelLauncherGraph, TypedAddressUseThroughDeducedParameters) {
  auto AST = test::parseCuda(R"cu(
    __global__ void launched(float *p) {}
    __global__ void typedInside(float *p) {}
    __global__ void typedTwoDeep(float *p) {}
    __global__ void queried(float *p) {}
    __global__ void viaAuto(float *p) {}
    __global__ void explicitArgs(float *p) {}
    __global__ void typedOutside(float *p) {}
    template <class F> void launchOnly(F f, float *p) { f<<<1, 32>>>(p); }
    template <class F> void pinInside(F f, float *p) { void (*typed)(float *) = f; typed<<<1, 32>>>(p); }
    template <class F> void forward(F f, float *p) { launchOnly(f, p); }
    template <class F> void forwardToPin(F f, float *p) { pinInside(f, p); }
    void run(float *p) {
      launchOnly(launched, p);
      forward(launched, p);
      pinInside(typedInside, p);
      forwardToPin(typedTwoDeep, p);
      cudaFuncSetAttribute(queried, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
      void *args[] = {&p};
      cudaLaunchKernel(queried, dim3(1), dim3(1), args);
      auto a = viaAuto;
      a<<<1, 1>>>(p);
      launchOnly<void (*)(float *)>(explicitArgs, p);
      void (*fp)(float *) = typedOutside;
      fp<<<1, 1>>>(p);
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  auto Typed = [&](llvm::StringRef K) { return typedAddressUse(Ctx, function(Ctx, K)); };
  EXPECT_FALSE(Typed("launched")) << "launched through deduced parameters, one and two calls deep";
  EXPECT_FALSE(Typed("queried")) << "the runtime's templates cast it to void *";
  EXPECT_FALSE(Typed("viaAuto")) << "an auto variable that is only launched";
  const DeclRefExpr *Inside = Typed("typedInside");
  ASSERT_TRUE(Inside) << "a typed pointer inside the template";
  EXPECT_EQ(line(Ctx, Inside->getBeginLoc()), 16u) << "named where the file passes it";
  EXPECT_TRUE(Typed("typedTwoDeep"));
  EXPECT_TRUE(Typed("explicitArgs")) << "written-out template arguments fix the type";
  EXPECT_TRUE(Typed("typedOutside"));
}

TEST(LaunchSites, Dim3ComponentsAndArguments) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *p, int n) {}
    void run(float *p, int n, cudaStream_t s) {
      dim3 g(n / 64, 2);
      k<<<n / 256, 256>>>(p, n);
      k<<<dim3(n, 3), dim3(64)>>>(p, n + 1);
      k<<<g, 128, 0, s>>>(p, n);
      void *args[] = {&p, &n};
      cudaLaunchKernel((void *)k, dim3(2), dim3(64), args, 0, s);
      void *leaked[] = {&p, &n};
      void **alias = leaked;
      cudaLaunchKernel((void *)k, dim3(2), dim3(64), leaked, 0, s);
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  std::vector<LaunchSite> Sites = findLaunchSites(Ctx);
  ASSERT_EQ(Sites.size(), 5u);
  auto Text = [&](const Expr *E) {
    return E ? Lexer::getSourceText(CharSourceRange::getTokenRange(E->getSourceRange()),
                                    Ctx.getSourceManager(), Ctx.getLangOpts())
                   .str()
             : std::string("<null>");
  };
  Dim3Component X0 = dim3Component(Sites[0].Grid.E, 0), Y0 = dim3Component(Sites[0].Grid.E, 1);
  EXPECT_EQ(Text(X0.Value), "n / 256");
  EXPECT_TRUE(X0.Whole) << "an integer converted to dim3 is the whole argument";
  EXPECT_TRUE(Y0.Defaulted);
  Dim3Component X1 = dim3Component(Sites[1].Grid.E, 0), Y1 = dim3Component(Sites[1].Grid.E, 1),
                Z1 = dim3Component(Sites[1].Grid.E, 2);
  EXPECT_EQ(Text(X1.Value), "n");
  EXPECT_FALSE(X1.Whole);
  EXPECT_EQ(Text(Y1.Value), "3");
  EXPECT_TRUE(Z1.Defaulted);
  Dim3Component X2 = dim3Component(Sites[2].Grid.E, 0);
  EXPECT_FALSE(X2.Value);
  EXPECT_EQ(Text(X2.Object), "g") << "a dim3 variable is an object";
  EXPECT_EQ(Text(launchArgument(Ctx, Sites[1], 1)), "n + 1");
  EXPECT_EQ(Text(launchArgument(Ctx, Sites[3], 1)), "n") << "through the args array";
  EXPECT_EQ(launchArgument(Ctx, Sites[4], 1), nullptr) << "an array that escapes is not followed";
  EXPECT_EQ(launchArgument(Ctx, Sites[0], 5), nullptr);
}


std::vector<std::string> names(const std::vector<const ParmVarDecl *> &Ps) {
  std::vector<std::string> Out;
  for (const ParmVarDecl *P : Ps)
    Out.push_back(P ? P->getName().str() : "-");
  return Out;
}

TEST(LauncherArgs, ParametersPassedThrough) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(int n, const float *x, float *y) {}
    __global__ void k2(int n, const float *x, float *y) {}
    __global__ void k3(int n, const float *x, float *y) {}
    __global__ void k4(int n, const float *x, float *y) {}
    void run(int n, const float *x, float *y, cudaStream_t s) {
      k<<<(n + 255) / 256, 256, 0, s>>>(n, (x), y);
      k<<<1, 32>>>(n, x, y);
      k2<<<1, 32>>>(n / 2, x + 1, y);
      void *args[] = {&n, &x, &y};
      cudaLaunchKernel((void *)k3, dim3(1), dim3(32), args, 0, s);
    }
    void resized(int n, const float *x, float *y) {
      n &= ~3;
      k4<<<1, 32>>>(n, x, y);
    }
    void other(float *p) { k4<<<1, 32>>>(0, p, p); }
  )cu");
  ASTContext &Ctx = AST->ast();
  KernelLauncherGraph G(Ctx);
  const FunctionDecl *Run = function(Ctx, "run"), *Resized = function(Ctx, "resized");
  std::vector<std::string> Why;
  EXPECT_EQ(names(launcherParamsOf(Ctx, G, function(Ctx, "k"), Run, &Why)),
            (std::vector<std::string>{"n", "x", "y"}));
  EXPECT_EQ(names(launcherParamsOf(Ctx, G, function(Ctx, "k2"), Run, &Why)),
            (std::vector<std::string>{"-", "-", "y"}));
  EXPECT_EQ(Why[0], "a launch passes something other than a parameter of the launcher");
  // Through the args array: taking the addresses for the launch is not a write.
  EXPECT_EQ(names(launcherParamsOf(Ctx, G, function(Ctx, "k3"), Run, &Why)),
            (std::vector<std::string>{"n", "x", "y"}));
  // k4 is also launched by `other`: what `resized` promises does not cover it.
  EXPECT_EQ(names(launcherParamsOf(Ctx, G, function(Ctx, "k4"), Resized, &Why)),
            (std::vector<std::string>{"-", "-", "-"}));
  EXPECT_EQ(Why[1], "the kernel is launched outside the launcher");
}

TEST(LauncherArgs, PointerCastsKeepTheBuffer) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(long size, unsigned char *buf, unsigned *bins) {}
    __global__ void k2(int n, float *x) {}
    void run(int n, const unsigned char *pixels, unsigned *bins, const float *x) {
      k<<<1, 32>>>(n, const_cast<unsigned char *>(pixels), (unsigned *)bins);
      k2<<<1, 32>>>((int)(n / 2), (float *)x);
    }
  )cu");
  ASTContext &Ctx = AST->ast();
  KernelLauncherGraph G(Ctx);
  const FunctionDecl *Run = function(Ctx, "run");
  std::vector<std::string> Why;
  EXPECT_EQ(names(launcherParamsOf(Ctx, G, function(Ctx, "k"), Run, &Why)),
            (std::vector<std::string>{"n", "pixels", "bins"}));
  EXPECT_EQ(names(launcherParamsOf(Ctx, G, function(Ctx, "k2"), Run, &Why)),
            (std::vector<std::string>{"-", "x"}))
      << "a cast of an integer is another value; of a pointer, the same buffer";
}

TEST(LauncherArgs, WrittenParameter) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(int n, float *y) {}
    void run(int n, float *y) {
      n = n / 4 * 4;
      k<<<1, 32>>>(n, y);
    }
  )cu");
  ASTContext &Ctx = AST->ast();
  KernelLauncherGraph G(Ctx);
  std::vector<std::string> Why;
  EXPECT_EQ(names(launcherParamsOf(Ctx, G, function(Ctx, "k"), function(Ctx, "run"), &Why)),
            (std::vector<std::string>{"-", "y"}));
  EXPECT_EQ(Why[0], "'run' may change 'n' (it is assigned)");
}

TEST(LauncherArgs, ThroughALaunchHelper) {
  auto AST = test::parseCuda(R"cu(
    template <int V> __global__ void k(int n, float *y) {}
    template <int B> void launchB(int n, float *y) { k<B / 32><<<n / B, B>>>(n, y); }
    void run(int n, float *y, int which) {
      if (which) launchB<128>(n, y);
      else launchB<256>(n, y);
    }
    __global__ void k2(int n, float *y) {}
    void helper(int n, float *y) { k2<<<1, 32>>>(n, y); }
    void run2(int n, float *y) { helper(n, y); helper(n / 2, y); }
  )cu");
  ASTContext &Ctx = AST->ast();
  KernelLauncherGraph G(Ctx);
  std::vector<std::string> Why;
  EXPECT_EQ(names(launcherParamsOf(Ctx, G, function(Ctx, "k"), function(Ctx, "run"), &Why)),
            (std::vector<std::string>{"n", "y"}));
  // One call of the helper passes n / 2.
  EXPECT_EQ(names(launcherParamsOf(Ctx, G, function(Ctx, "k2"), function(Ctx, "run2"), &Why)),
            (std::vector<std::string>{"-", "y"}));
  EXPECT_EQ(Why[0], "a launch passes something other than a parameter of the launcher");
}

TEST(LauncherArgs, DeviceHelperParameters) {
  auto AST = test::parseCuda(R"cu(
    __device__ float load(const float *p, int w, int r) { return p[r * w]; }
    __device__ float twice(const float *p, int w) { return load(p, w, 0) + load(p, w, 1); }
    __device__ float shifted(const float *p, int w) { return p[w]; }
    __global__ void k(const float *in, int w, float *out) {
      out[0] = twice(in, w) + shifted(in + 1, w);
    }
    __global__ void k2(const float *in, int w, float *out) { out[0] = shifted(in, 2 * w); }
  )cu");
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = function(Ctx, "k");
  auto Param = [&](const char *F, unsigned I) { return function(Ctx, F)->getParamDecl(I); };
  std::string Why;
  // Through one helper (twice) to the next (load): still k's parameters.
  EXPECT_EQ(rootParamOf(Ctx, Param("load", 0), K, &Why), K->getParamDecl(0));
  EXPECT_EQ(rootParamOf(Ctx, Param("load", 1), K, &Why), K->getParamDecl(1));
  // shifted gets `in + 1` from k, and is called from k2 too.
  EXPECT_EQ(rootParamOf(Ctx, Param("shifted", 0), K, &Why), nullptr);
  EXPECT_EQ(Why, "a launch passes something other than a parameter of the launcher");
  EXPECT_EQ(rootParamOf(Ctx, Param("shifted", 1), K, &Why), nullptr);
}

} // namespace
