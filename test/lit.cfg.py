# -*- Python -*-  lit configuration for KLineage.
import os
import shutil
import subprocess

import lit.formats
import lit.util

config.name = "KLineage"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "check_rewrite.py", "check_header_cache.py", "expect_exit.py", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.klineage_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.klineage_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
config.environment["CUDA_PATH"] = config.cuda_path
# The front end's header cache (precompiled preambles) lives in the build
# tree, never in $HOME; tests that check the cache itself use their own.
config.environment["KLINEAGE_CACHE_DIR"] = os.path.join(config.klineage_obj_root, "test", "header-cache")

nvcc = os.path.join(config.cuda_path, "bin", "nvcc")
have_nvcc = os.path.exists(nvcc)
if have_nvcc:
    config.available_features.add("nvcc")


def have_gpu():
    """A GPU this process can use: nvidia-smi lists one."""
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=20)
        return out.returncode == 0 and "GPU" in out.stdout
    except Exception:
        return False


if have_gpu():
    config.available_features.add("gpu")

tool = os.path.join(config.klineage_tools_dir, "klineage-rewrite")
filecheck = os.path.join(config.llvm_tools_dir, "FileCheck")
harness = os.path.join(config.klineage_src_root, "test", "check_rewrite.py")
harness_cmd = "python3 %s --tool=%s --filecheck=%s --nvcc=%s" % (
    harness, tool, filecheck, nvcc if have_nvcc else "")

config.substitutions.append(("%klineage-rewrite", tool))
config.substitutions.append(("%klineage-unittests",
                             os.path.join(config.klineage_tools_dir, "klineage-unittests")))
config.substitutions.append(("%klineage", os.path.join(config.klineage_tools_dir, "klineage")))
config.substitutions.append(("%check-roundtrip", harness_cmd + " --roundtrip"))
config.substitutions.append(("%check-rewrite", harness_cmd))
config.substitutions.append(("%nvcc", nvcc))
config.substitutions.append(("%cuda-path", config.cuda_path))
config.substitutions.append(("%src-root", config.klineage_src_root))
config.substitutions.append(("%expect-exit", "python3 " + os.path.join(config.klineage_src_root, "test", "expect_exit.py")))
config.substitutions.append(("%python", "python3"))

# Real clients of the editor and agent servers (test/integration): each test
# is UNSUPPORTED (skipped, counted) where its client is not installed.
# scripts/setup.sh installs them: neovim and chromium (apt), the npm packages
# of test/integration/clients into build/clients.
clients = os.path.join(config.klineage_obj_root, "clients")
node = shutil.which("node")
config.substitutions.append(("%clients", clients))
config.substitutions.append(("%klineage-mcp", os.path.join(config.klineage_tools_dir, "klineage-mcp")))
config.substitutions.append(("%klineage-lsp", os.path.join(config.klineage_tools_dir, "klineage-lsp")))
if node and os.path.isdir(os.path.join(clients, "node_modules", "@modelcontextprotocol", "sdk")):
    config.available_features.add("mcp-sdk")
if node and os.path.isdir(os.path.join(clients, "node_modules", "playwright-core")) and shutil.which("chromium"):
    config.available_features.add("chromium")
if shutil.which("nvim"):
    config.available_features.add("nvim")
