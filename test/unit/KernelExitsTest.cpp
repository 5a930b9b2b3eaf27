//===- KernelExitsTest.cpp - lib/Analysis: a kernel's early returns -------===//
#include "klineage/Analysis/KernelExits.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace klineage;
using namespace klineage::analysis;

TEST(KernelExits, TopLevelGuardsAndALastReturn) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const float *x, float *y, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      if (i >= n) return;
      if (x[i] < 0) { return; }
      y[i] = x[i];
      return;
    }
  )cu");
  ASSERT_TRUE(AST);
  KernelExits X = kernelExits(test::functionNamed(AST->ast(), "k"));
  EXPECT_EQ(X.Guards.size(), 2u);
  EXPECT_TRUE(X.Last);
  EXPECT_TRUE(X.Others.empty());
  EXPECT_TRUE(X.restructurable());
}

TEST(KernelExits, NestedReturnsGotosAndGuardsWithElseAreOthers) {
  auto AST = test::parseCuda(R"cu(
    __global__ void nested(const float *x, float *y, int n) {
      for (int i = threadIdx.x; i < n; i += blockDim.x) {
        if (x[i] < 0) return;   // inside a loop
        y[i] = x[i];
      }
    }
    __global__ void with_else(float *y, int n) {
      if (threadIdx.x >= n) return; else y[threadIdx.x] = 1;
    }
    __global__ void jumps(float *y, int n) {
      if (threadIdx.x >= n) goto done;
      y[threadIdx.x] = 1;
    done:
      return;
    }
    __global__ void lambda_return(float *y) {
      auto f = [](float v) { return v * 2; };   // a lambda's return is not the kernel's
      y[threadIdx.x] = f(1);
    }
  )cu");
  ASSERT_TRUE(AST);
  KernelExits N = kernelExits(test::functionNamed(AST->ast(), "nested"));
  EXPECT_TRUE(N.Guards.empty());
  EXPECT_EQ(N.Others.size(), 1u);
  EXPECT_FALSE(N.restructurable());
  KernelExits E = kernelExits(test::functionNamed(AST->ast(), "with_else"));
  EXPECT_TRUE(E.Guards.empty());
  EXPECT_EQ(E.Others.size(), 1u);
  KernelExits J = kernelExits(test::functionNamed(AST->ast(), "jumps"));
  EXPECT_EQ(J.Gotos.size(), 1u);
  EXPECT_FALSE(J.restructurable());
  KernelExits L = kernelExits(test::functionNamed(AST->ast(), "lambda_return"));
  EXPECT_TRUE(L.Others.empty());
  EXPECT_TRUE(L.restructurable());
}
