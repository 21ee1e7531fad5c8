"""Embedding throughput of the local model: texts/second on CPU by batch size, and on an
accelerator (CUDA or Apple MPS, when torch sees one) fp32, fp16 and bf16 side by side.

    python benchmarks/embed.py                 # table
    python benchmarks/embed.py --json          # one JSON object
    python benchmarks/embed.py --texts 256 --batch-sizes 1,16,64

Every figure in one run comes from the same texts and the same loaded weights, so the
ratios (batch N vs batch 1, fp16/bf16 vs fp32) are measured side by side. The embedding
cache is bypassed: this measures the model. bf16 runs only where the hardware has it
natively (scout.ml.backends refuses emulated bf16); otherwise its column says why not.
Needs the ml extra (pip install "scout[ml]").
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scout.config.models import MLSettings  # noqa: E402
from scout.errors import ScoutError  # noqa: E402

WORDS = ("quiet rooms near the beach", "rooftop pool with views", "friendly staff at check-in",
         "breakfast was excellent", "a short walk from the metro", "noisy street at night",
         "great value for Barcelona in September", "spacious suite with a balcony",
         "the spa was closed", "modern design and clean bathrooms", "rated 9/10 by guests",
         "price around 180 EUR per night", "close to the Gothic Quarter")


def make_texts(n: int, seed: int = 7) -> list[str]:
    """Review-like sentences of varied length (about 8 to 60 words), deterministic."""
    rng = random.Random(seed)
    return [f"Review {i}: " + ", ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 9)))
            + "." for i in range(n)]


def _encode_seconds(model: Any, texts: list[str], batch_size: int) -> float:
    t0 = time.perf_counter()
    model.encode(texts, batch_size=batch_size, convert_to_numpy=True,
                 normalize_embeddings=True, show_progress_bar=False)
    return time.perf_counter() - t0


def throughputs(model: Any, texts: list[str], batch_sizes: list[int],
                repeats: int) -> dict[int, float]:
    """Best-of-``repeats`` texts/second per batch size. Rounds interleave the batch sizes,
    so a burst of load from other processes hits every size alike, not just one."""
    for b in batch_sizes:  # warm-up: allocator, thread pool, kernels
        model.encode(texts[:b], batch_size=b, show_progress_bar=False)
    best = {b: float("inf") for b in batch_sizes}
    for _ in range(repeats):
        for b in batch_sizes:
            best[b] = min(best[b], _encode_seconds(model, texts, b))
    return {b: len(texts) / t for b, t in best.items()}


def run(args: argparse.Namespace) -> dict[str, Any]:
    import torch

    from scout.ml.backends import select_backend
    from scout.ml.embed import load_model, resolve_model

    settings = MLSettings(model=args.model) if args.model else MLSettings()
    resolved = resolve_model(settings.model, Path(args.root))
    texts = make_texts(args.texts)
    batch_sizes = [int(b) for b in args.batch_sizes.split(",")]
    out: dict[str, Any] = {
        "benchmark": "embed", "model": settings.model, "model_source": resolved.source,
        "torch": torch.__version__, "texts": len(texts), "repeats": args.repeats,
    }

    cpu = select_backend("cpu", "auto")
    model = load_model(resolved, cpu, allow_download=False)
    per_batch = throughputs(model, texts, batch_sizes, args.repeats)
    base = per_batch[batch_sizes[0]]
    out["cpu"] = {
        "device": "cpu", "dtype": cpu.dtype, "threads": torch.get_num_threads(),
        "cores": os.cpu_count(),
        "load_avg_1m_at_start": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "texts_per_s": {str(b): round(v, 1) for b, v in per_batch.items()},
        f"ratio_vs_batch_{batch_sizes[0]}": {str(b): round(v / base, 2)
                                             for b, v in per_batch.items()},
    }
    del model

    auto = select_backend("auto", "auto")
    if auto.device == "cpu":
        out["accelerator"] = None
        out["accelerator_note"] = ("no CUDA or MPS device visible to torch: fp32/fp16/bf16 "
                                   "accelerator figures not measured on this machine")
        return out
    b = args.accel_batch_size
    acc: dict[str, Any] = {"device": auto.device, "hardware": auto.hardware,
                           "auto_dtype": auto.dtype, "batch_size": b,
                           "texts_per_s": {}, "skipped": {}}
    models: dict[str, Any] = {}
    for dtype in ("float32", "float16", "bfloat16"):
        try:
            backend = select_backend(auto.device, dtype)
        except ScoutError as exc:  # e.g. bf16 on sm_75: refused, never run emulated
            acc["skipped"][dtype] = exc.message
            continue
        models[dtype] = load_model(resolved, backend, allow_download=False)
    # the three precisions interleaved round by round, like the batch sizes on CPU
    for dtype, m in models.items():
        m.encode(texts[:b], batch_size=b, show_progress_bar=False)
    best = {dtype: float("inf") for dtype in models}
    for _ in range(args.repeats):
        for dtype, m in models.items():
            best[dtype] = min(best[dtype], _encode_seconds(m, texts, b))
    for dtype in ("float32", "float16", "bfloat16"):
        acc["texts_per_s"][dtype] = round(len(texts) / best[dtype], 1) if dtype in best else None
    fp32 = acc["texts_per_s"]["float32"]
    acc["ratio_vs_fp32"] = {k: (round(v / fp32, 2) if v and fp32 else None)
                            for k, v in acc["texts_per_s"].items()}
    out["accelerator"] = acc
    return out


def print_table(r: dict[str, Any]) -> None:
    print(f"embed benchmark: {r['model']} ({r['model_source']}), torch {r['torch']}, "
          f"{r['texts']} texts, best of {r['repeats']}")
    cpu = r["cpu"]
    ratio_key = next(k for k in cpu if k.startswith("ratio_vs_batch_"))
    print(f"\nCPU ({cpu['dtype']}, {cpu['threads']} torch threads, {cpu['cores']} cores, "
          f"load average {cpu['load_avg_1m_at_start']} at start)")
    print(f"{'batch':>7} {'texts/s':>10} {ratio_key.replace('_', ' '):>20}")
    for b, v in cpu["texts_per_s"].items():
        print(f"{b:>7} {v:>10.1f} {cpu[ratio_key][b]:>19.2f}x")
    acc = r.get("accelerator")
    if not acc:
        print(f"\naccelerator: {r.get('accelerator_note')}")
        return
    print(f"\n{acc['device']} {acc['hardware']} (auto dtype {acc['auto_dtype']}), "
          f"batch {acc['batch_size']}")
    print(f"{'':>7} " + " ".join(f"{d:>10}" for d in acc["texts_per_s"]))
    print(f"{'texts/s':>7} " + " ".join(f"{v:>10.1f}" if v else f"{'-':>10}"
                                         for v in acc["texts_per_s"].values()))
    print(f"{'vs fp32':>7} " + " ".join(f"{v:>9.2f}x" if v else f"{'-':>10}"
                                         for v in acc["ratio_vs_fp32"].values()))
    for d, why in acc["skipped"].items():
        print(f"  {d} skipped: {why}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--texts", type=int, default=256)
    p.add_argument("--batch-sizes", default="1,8,32,128")
    p.add_argument("--accel-batch-size", type=int, default=128)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--model", default=None, help="ml.model (default: the bundled MiniLM)")
    p.add_argument("--root", default=".", help="framework root for relative model folders")
    args = p.parse_args(argv)
    try:
        result = run(args)
    except (ScoutError, ImportError) as exc:
        # without the ml extra (no torch) there is nothing to measure: say so, in the
        # requested format, instead of a traceback
        hint = getattr(exc, "hint", None) or 'install the ml extra: pip install "scout[ml]"'
        code = exc.exit_code if isinstance(exc, ScoutError) else 3
        if args.json:
            print(json.dumps({"benchmark": "embed", "error": str(exc), "hint": hint}))
        else:
            print(f"{exc}\n  hint: {hint}", file=sys.stderr)
        return code
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
