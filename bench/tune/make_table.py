#!/usr/bin/env python3
"""Turns a bench-workloads run folder into bench/workloads-<date>.json and bench/workloads.md.

Reads, from RUNDIR: gate-<w>.json (klineage gate --json) or the prebuilt drivers' event files
(<w>-<naive|expert>-check.jsonl / -profile.jsonl with <w>.compile.json), harness.json (cuBLAS,
device-to-device copy), seed, commit, nvidia-smi.csv. With --print, prints the table only.
"""
import datetime
import json
import os
import sys

WORKLOADS = ["sgemm", "conv2d", "softmax", "transpose", "histogram"]
INFO = {
    "sgemm": ("fp32 C = alpha*A*B + beta*C, row-major", "M, N % 128 == 0; K % 8 == 0",
              "128x128x8 block tile, 32x64 warp tiles (4x8 lanes x 2x2 sub-blocks of 4x4), 8x8 register "
              "tile per thread, float4 __ldg global loads, A transposed + padded in shared memory, float4 "
              "shared loads, double-buffered shared stages (register prefetch), full unrolling, "
              "__launch_bounds__(256, 2)"),
    "conv2d": ("5x5 cross-correlation, zero padding", "W % 4 == 0",
               "register streaming without shared memory: a warp walks a 128-column strip down a row "
               "segment (one-wave grid), one float4 __ldg per lane per input row, halo columns from "
               "neighbour lanes by warp shuffles (edge lanes: one 64-bit load), each input row added "
               "into 5x4 register accumulators (reuse across 5 output rows and 4 columns), float4 "
               "stores, next 5 rows loaded while the current 5 compute (register software pipelining), "
               "filter in constant memory, full unrolling"),
    "softmax": ("row softmax", "N % 4 == 0, 4 <= N <= 16384",
                "a row per warp group (1 warp for N <= 1024, up to 8 warps per row), row held in registers "
                "(float4 __ldg loads), per-thread (max, sum) merged online with warp shuffles and shared "
                "memory, float4 stores; one read and one write of the matrix"),
    "transpose": ("out = in^T, fp32", "R % 4 == 0, C % 4 == 0",
                  "64x64 tile through shared memory padded to 65 floats, 4 float4 loads and 4 float4 "
                  "stores per thread, warp laid out 4 rows x 32 columns so both shared phases are "
                  "conflict-free"),
    "histogram": ("256 bins over uint8 pixels (uniform random)", "any N",
                  "persistent grid, 128-bit pixel loads (16 pixels), 4 in flight per thread, shared "
                  "histogram privatized 32 ways as hist[bin][lane] (conflict-free shared atomics), "
                  "rotated conflict-free merge, one global atomic per bin per block"),
}


def load_jsonl(path):
    out = []
    if os.path.exists(path):
        for line in open(path):
            line = line.strip()
            if line:
                try:
                    out.append(json.loads(line))
                except ValueError:
                    pass
    return out


def candidate(run, w, c):
    """Returns dict: verdict, reason, profile (event dict), trials, kernels (compile)."""
    r = {"verdict": "not run", "reason": "", "profile": None, "trials": 0, "kernels": []}
    g = os.path.join(run, "gate-%s.json" % w)
    if os.path.exists(g):
        d = json.load(open(g))
        for cand in d.get("candidates", []):
            if cand["file"].endswith("/%s.cu" % c):
                st = cand.get("stages", {})
                r["verdict"] = cand.get("verdict", "?")
                r["reason"] = cand.get("reason", "")
                r["kernels"] = st.get("compile", {}).get("kernels", [])
                r["trials"] = len(st.get("correctness", {}).get("trials", []))
                p = st.get("profile")
                if p and "median_ms" in p:
                    r["profile"] = p
        r["source"] = "klineage gate"
        return r
    comp = os.path.join(run, "%s.compile.json" % w)
    if os.path.exists(comp):
        for cand in json.load(open(comp)).get("candidates", []):
            if cand["file"].endswith("/%s.cu" % c):
                r["kernels"] = cand.get("stages", {}).get("compile", {}).get("kernels", [])
    chk = load_jsonl(os.path.join(run, "%s-%s-check.jsonl" % (w, c)))
    prof = load_jsonl(os.path.join(run, "%s-%s-profile.jsonl" % (w, c)))
    r["trials"] = sum(1 for e in chk if e.get("event") == "trial")
    v = [e for e in chk if e.get("event") == "verdict"]
    if v:
        ok = v[-1].get("ok")
        r["verdict"] = "correct" if ok else "rejected (correctness)"
        r["reason"] = v[-1].get("reason", "")
    pv = [e for e in prof if e.get("event") == "verdict"]
    pe = [e for e in prof if e.get("event") == "profile"]
    ce = [e for e in prof if e.get("event") == "ceilings"]
    if pe:
        r["profile"] = dict(pe[-1])
        if ce:
            r["profile"].update({k: ce[-1][k] for k in ce[-1] if k != "event"})
        r["profile"]["verifications"] = [e for e in prof if e.get("event") == "verify"]
    if pv and r["verdict"] == "correct":
        r["verdict"] = "accepted" if pv[-1].get("ok") else "rejected (profile)"
        if not pv[-1].get("ok"):
            r["reason"] = pv[-1].get("reason", "")
    r["source"] = "gate drivers (prebuilt)"
    return r


def harness(run):
    p = os.path.join(run, "harness.json")
    return json.load(open(p)) if os.path.exists(p) else {"rows": []}


def hrow(h, w, v):
    for r in h.get("rows", []):
        if r["workload"] == w and r["variant"] == v:
            return r
    return None


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    only_print = "--print" in sys.argv
    run = args[0]
    h = harness(run)
    read = lambda f: open(os.path.join(run, f)).read().strip() if os.path.exists(os.path.join(run, f)) else ""
    commit, seed = read("commit"), read("seed")
    # A bundle prepared from a working tree records HEAD; sources_commit (optional) names the
    # commit that holds exactly the sources that were built.
    if read("sources_commit"):
        commit = read("sources_commit")
    smi = read("nvidia-smi.csv")
    copies = [r["rate"] for r in h.get("rows", []) if r["workload"] == "copy"]
    h_copy = max(copies) if copies else None
    rows, summary = [], []
    for w in WORKLOADS:
        n, e = candidate(run, w, "naive"), candidate(run, w, "expert")
        np_, ep = n["profile"] or {}, e["profile"] or {}
        res = {"workload": w, "naive": n, "expert": e}
        size = ep.get("size") or np_.get("size") or ""
        nm, em = np_.get("median_ms"), ep.get("median_ms")
        speed = nm / em if nm and em else None
        copy_bw = ep.get("copy_bw_measured") or np_.get("copy_bw_measured")
        fp32 = ep.get("fp32_measured")
        k = (e["kernels"] or [{}])
        regs = ",".join(str(x.get("registers")) for x in k)
        smem = ",".join(str(x.get("smem_bytes")) for x in k)
        if w == "sgemm":
            rate = ep.get("tflops")
            cub = hrow(h, "sgemm", "cublas")
            hexp = hrow(h, "sgemm", "expert")
            ceiling = ("%.1f%% of cuBLAS (%.2f TFLOP/s, harness, same run); %.1f%% of measured FP32 FMA peak"
                       % (100 * rate / cub["rate"], cub["rate"], 100 * rate * 1e12 / fp32)) if rate and cub and fp32 else "n/a"
            rate_s = "%.2f TFLOP/s" % rate if rate else "n/a"
            nrate = "%.2f TFLOP/s" % np_["tflops"] if np_.get("tflops") else "n/a"
            res.update(cublas_tflops=cub and cub["rate"], harness_expert_tflops=hexp and hexp["rate"])
        else:
            rate = ep.get("gbs")
            ceiling = "%.1f%% of D2D copy (%.0f GB/s, gate, same run)" % (100 * rate * 1e9 / copy_bw, copy_bw / 1e9) \
                if rate and copy_bw else "n/a"
            rate_s = "%.0f GB/s" % rate if rate else "n/a"
            nrate = "%.0f GB/s" % np_["gbs"] if np_.get("gbs") else "n/a"
        res.update(size=size, naive_ms=nm, expert_ms=em, speedup=speed, copy_bw=copy_bw, fp32_measured=fp32)
        summary.append(res)
        rows.append("| %s | %s | %s | %s (%s) | %s (%s) | %s | %s | %s | %s / %s | %s / %s |" % (
            w, INFO[w][0], size, "%.4f" % nm if nm else "n/a", nrate, "%.4f" % em if em else "n/a", rate_s,
            "%.1fx" % speed if speed else "n/a", ceiling, INFO[w][1], n["verdict"], e["verdict"], regs, smem))
    head = ("| workload | what | size | naive ms (rate) | expert ms (rate) | speedup | expert vs ceiling | "
            "expert domain | naive / expert verdict | expert regs / smem B |\n|---|---|---|---|---|---|---|---|---|---|")
    table = head + "\n" + "\n".join(rows)
    print(table)
    if h_copy:
        print("\nharness D2D copy: %.0f GB/s" % h_copy)
    for r in h.get("rows", []):
        print("harness %-10s %-30s %9.4f ms %10.2f %s" % (r["workload"], r["variant"], r["median_ms"], r["rate"], r["unit"]))
    if only_print:
        return
    date = datetime.datetime.utcnow().strftime("%Y-%m-%d")
    src = summary[0]["expert"].get("source", "?")
    out_json = os.path.join("bench", "workloads-%s.json" % date)
    json.dump({"date": date, "commit": commit, "seed": seed, "nvidia_smi": smi, "source": src,
               "workloads": summary, "harness": h}, open(out_json, "w"), indent=1, default=str)
    md = [
        "# Five expert workloads and their naive roots on the H200",
        "",
        "Generated by `scripts/bench-workloads.sh` (%s). Date %s, commit `%s`, seed %s." % (src, date, commit[:12], seed),
        "",
        "GPU: %s" % (smi.replace("\n", "; ") if smi else "see JSON"),
        "",
        "Times are the gate's CUPTI kernel (+ memcpy/memset) time per launcher call, median over the "
        "manifest's profile iterations, L2 flushed before every call; every timed call's output is "
        "verified, correctness ran on every manifest size with fresh random inputs and poisoned outputs "
        "against a CPU double-precision reference. GB/s counts the fewest bytes that must move (each input "
        "read once, each output written once, from the manifest); the copy ceiling is a 1 GiB "
        "device-to-device cudaMemcpy measured by the same driver process (bytes read + written). cuBLAS "
        "(fp32, no TF32) comes from the standalone harness `bench/tune/bench.cu` in the same device call.",
        "",
        table,
        "",
        "Raw numbers: `%s`." % out_json,
        "",
        "## What each expert does",
        "",
    ]
    for w in WORKLOADS:
        md.append("- **%s** (%s; domain: %s): %s." % (w, INFO[w][0], INFO[w][1], INFO[w][2]))
    md.append("")
    md.append("## Harness (same device call; cudaEvent timing incl. launcher overhead, L2 flushed)")
    md.append("")
    md.append("| workload | variant | size | median ms | rate |")
    md.append("|---|---|---|---|---|")
    for r in h.get("rows", []):
        md.append("| %s | %s | %s | %.4f | %.2f %s |" % (r["workload"], r["variant"], r["size"], r["median_ms"],
                                                         r["rate"], r["unit"]))
    md.append("")
    # Hand-written notes below the marker survive regeneration.
    marker = "<!-- notes: kept by make_table.py -->"
    path = os.path.join("bench", "workloads.md")
    notes = ""
    if os.path.exists(path):
        old = open(path).read()
        if marker in old:
            notes = old[old.index(marker):]
    md.append(notes if notes else marker + "\n")
    open(path, "w").write("\n".join(md).rstrip("\n") + "\n")
    print("wrote bench/workloads.md and", out_json)


if __name__ == "__main__":
    main()
