"""The request parser's worst case: parse time on adversarial inputs of growing length.

A request reaches scout from a person or an agent, pasted, possibly hostile. The parser
(``scout.task.parser.parse_query``) cuts a query at ``MAX_QUERY_CHARS`` (2,000 characters)
and must stay fast up to it, and linear-ish in the length: a reader that does a text-long
pass once per position is quadratic, and a regex with nested quantifiers over the same
characters can backtrack exponentially. This script builds one input per *shape* (what it
stresses: short tokens and punctuation, capitalised runs, numbers and currency signs,
month names and "de" joins, unicode, long words, nested brackets...) at each size
(default 1k, 2k, 4k, 8k, 16k characters), parses it with every shipped kind's inputs
(``pipelines/`` and ``examples/*/pipelines/``), and prints, per shape, the slowest kind's
parse time at each size and the growth ratio time(2n) / time(n) side by side.

The cap is lifted for the run (sizes past it would all parse the same 2,000 characters),
so the growth shows; the ``cap`` column is the time at 2,000 characters, what the longest
request a user can send costs. A shape is flagged when a ratio on the last doublings is
above ~2.6 (linear is 2) or its time at the cap is above 200 ms. A shape stops growing
once one parse takes more than ``--budget`` seconds (a quadratic shape at 16k would take
minutes). Each time is the best of ``--repeat`` runs (one when a run is slow).
``--amounts`` also times ``find_amounts`` (the extract step's reader of page text, cut at
five times the cap) on the same inputs. ``--json`` prints one JSON object.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = (1000, 2000, 4000, 8000, 16000)
SLOW_MS = 200.0  # at the cap: a request's parse is ~1 ms; this is far past any real one
LINEAR = 2.6  # time(2n) / time(n): 2 is linear; noise on a shared machine adds some
TODAY = dt.date(2026, 12, 6)


def _repeat(unit: str) -> Callable[[int], str]:
    """``unit`` over and over, cut to the size."""
    return lambda n: (unit * (n // len(unit) + 1))[:n]


def _nested(n: int) -> str:
    half = n // 2
    return ("([{" * half)[:half] + ("}])" * half)[:n - half]


# name -> (what it stresses, the input of a size)
SHAPES: dict[str, tuple[str, Callable[[int], str]]] = {
    "dots": ("one-letter tokens and periods (abbreviations, place words)", _repeat("a.")),
    "punct": ("short words, commas, semicolons, stop words", _repeat("de, la; y. en: a ")),
    "abbrev": ("capitalised abbreviations with periods", _repeat("St. Mt. Dr. ")),
    "caps": ("capitalised place-name heads", _repeat("Santa Cruz de Isla Puerto ")),
    "places": ("known place names in a row", _repeat("Madrid Buenos Aires New York Lima ")),
    "capwords": ("unknown capitalised words", _repeat("Zorblat Quimby Vexar ")),
    "lower": ("lower-case words, no cue", _repeat("hotel barato cerca playa ")),
    "cues": ("place and date cue words", _repeat("in en near para from hasta ")),
    "numbers": ("numbers and currency signs", _repeat("12 € $3 1.000,50 EUR ")),
    "digits": ("one long digit run", lambda n: "7" * n),
    "ranges": ("numeric ranges and dashes", _repeat("1-2-3/4 ")),
    "ratings": ("ratings and stars", _repeat("9/10 4.5 stars ")),
    "numwords": ("numbers in words", _repeat("ciento veinte mil two hundred ")),
    "months": ("day numbers, month names and 'de' joins", _repeat("12 de mayo de ")),
    "dates": ("dates and ranges in both languages", _repeat("del 1 al 2 de enero, May 3-4, ")),
    "weekdays": ("weekdays and relative dates", _repeat("next friday el lunes que viene ")),
    "de": ("'de' joins only", _repeat("de ")),
    "combining": ("combining marks", _repeat("e\u0301a\u0308 ")),
    "rtl": ("right-to-left scripts", _repeat("\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627 ")),
    "emoji": ("emoji with modifiers and joiners", _repeat("\U0001f600\U0001f44d\U0001f3fd\u200d ")),
    "casefold": ("letters whose fold changes length", _repeat("Straße ﬁ İ ")),
    "longword": ("one long word", lambda n: "x" * n),
    "longname": ("one long capitalised word", lambda n: "M" + "a" * (n - 1)),
    "spaces": ("a word, then whitespace", lambda n: "Madrid" + " " * (n - 6)),
    "padded": ("a date after a long run of whitespace", lambda n: "hotel" + " " * (n - 14)
               + "1 de mayo"),
    "brackets": ("nested brackets", _nested),
    "quotes": ("quotes and guillemets", _repeat("«a» \"b\" 'c' ")),
    "email": ("e-mail-like runs", _repeat("a.b@c.d@")),
    "mixed": ("a real request over and over",
              _repeat("Hotel en Sevilla del 3 al 5 de mayo, menos de 120 € la noche, nota 8. ")),
}


def kinds() -> dict[str, dict[str, Any]]:
    """Every shipped kind's inputs, by kind name."""
    import yaml

    from scout.spec.models import InputSpec

    paths = sorted([*(ROOT / "pipelines").glob("*.yaml"),
                    *(ROOT / "examples").glob("*/pipelines/*.yaml")])
    out: dict[str, dict[str, Any]] = {}
    for path in paths:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(doc, dict) and isinstance(doc.get("inputs"), dict):
            out[str(doc.get("name") or path.stem)] = {
                n: InputSpec(**spec) for n, spec in doc["inputs"].items()}
    return out


def _best(call: Callable[[], object], repeat: int) -> float:
    """The best of ``repeat`` runs, in ms (one run when the first is slow)."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        call()
        times.append((time.perf_counter() - t0) * 1000)
        if times[-1] > 250:
            break
    return min(times)


def measure(shape: Callable[[int], str], sizes: list[int], all_kinds: dict[str, dict[str, Any]],
            repeat: int, budget_s: float, amounts: bool) -> dict[str, Any]:
    """Per size: the slowest kind's parse time (ms) and which kind; None past the budget."""
    from scout.task.amounts import find_amounts
    from scout.task.parser import parse_query

    rows: dict[str, Any] = {"ms": [], "kind": [], "amounts_ms": []}
    over = False
    for n in sizes:
        if over:
            rows["ms"].append(None)
            rows["kind"].append(None)
            rows["amounts_ms"].append(None)
            continue
        q = shape(n)
        worst, who = 0.0, ""
        for name, inputs in all_kinds.items():
            ms = _best(lambda: parse_query(q, inputs, today=TODAY, kind=name), repeat)
            if ms >= worst:
                worst, who = ms, name
        rows["ms"].append(round(worst, 2))
        rows["kind"].append(who)
        am = _best(lambda: find_amounts(q), repeat) if amounts else None
        rows["amounts_ms"].append(None if am is None else round(am, 2))
        over = worst > budget_s * 1000 or (am or 0) > budget_s * 1000
    return rows


def ratios(ms: list[float | None]) -> list[float | None]:
    return [round(b / a, 2) if a and b else None for a, b in zip(ms, ms[1:])]


def verdict(ms: list[float | None], sizes: list[int], cap: int,
            budget: float | None = None) -> list[str]:
    """Why a shape is flagged: slow at the cap, or growing worse than linear."""
    why = []
    at_cap = dict(zip(sizes, ms)).get(cap)
    if at_cap is not None and at_cap > SLOW_MS:
        why.append(f"{at_cap:.0f} ms at the cap")
    grow = [r for r in ratios(ms)[-2:] if r is not None]
    big = [t for t in ms if t is not None]
    # the last doublings, where the time is large enough to read a ratio from
    if grow and max(big) > 5 and min(grow) > LINEAR:
        why.append(f"grows x{min(grow):.1f} per doubling")
    if ms and ms[-1] is None and budget is not None and max(big, default=0) > budget * 1000:
        why.append("stopped past the budget")
    return why


def _cell(x: float | None) -> str:
    if x is None:
        return "—"
    return f"{x:.0f}" if x >= 100 else f"{x:.1f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="input lengths")
    ap.add_argument("--shapes", nargs="+", choices=sorted(SHAPES), help="only these shapes")
    ap.add_argument("--kinds", nargs="+", help="only these kinds (default: every shipped one)")
    ap.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    ap.add_argument("--budget", type=float, default=1.0,
                    help="stop growing a shape once one parse takes this many seconds")
    ap.add_argument("--amounts", action="store_true", help="also time find_amounts")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)

    from scout.task import parser

    all_kinds = kinds()
    if args.kinds:
        unknown = sorted(set(args.kinds) - set(all_kinds))
        if unknown:
            ap.error(f"unknown kinds {unknown}; known: {sorted(all_kinds)}")
        all_kinds = {k: v for k, v in all_kinds.items() if k in args.kinds}
    sizes = sorted(set(args.sizes))
    cap = parser.MAX_QUERY_CHARS
    for name, inputs in all_kinds.items():  # the lazy loads (CLDR, catalogs) are not counted
        parser.parse_query("hotel in Paris in May 2027 under 200 EUR", inputs, today=TODAY,
                           kind=name)
    load = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
    results: dict[str, Any] = {}
    parser.MAX_QUERY_CHARS = max(sizes + [cap])  # lifted: the growth past the cap shows
    try:
        for name in args.shapes or SHAPES:
            what, make = SHAPES[name]
            rows = measure(make, sizes, all_kinds, args.repeat, args.budget, args.amounts)
            results[name] = {"stresses": what, **rows, "ratios": ratios(rows["ms"]),
                             "flags": verdict(rows["ms"], sizes, cap, args.budget)}
            if args.amounts:
                results[name]["amounts_ratios"] = ratios(rows["amounts_ms"])
                results[name]["amounts_flags"] = verdict(rows["amounts_ms"], sizes, cap * 5,
                                                         args.budget)
            if not args.json:
                _print_row(name, results[name], sizes, args.amounts, first=len(results) == 1)
    finally:
        parser.MAX_QUERY_CHARS = cap
    flagged = sorted(n for n, r in results.items() if r["flags"] or r.get("amounts_flags"))
    out = {"benchmark": "parse_worst", "sizes": sizes, "cap": cap, "kinds": sorted(all_kinds),
           "slow_ms": SLOW_MS, "linear_ratio": LINEAR, "shapes": results, "flagged": flagged,
           "load_1min": load,
           "load_after": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None}
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(f"\n{len(all_kinds)} kinds, best of {args.repeat}; cap {cap} characters; "
          f"load {load} before, {out['load_after']} after")
    print("flagged: " + (", ".join(flagged) if flagged else "none"))
    return 0


def _print_row(name: str, row: dict[str, Any], sizes: list[int], amounts: bool,
               first: bool) -> None:
    if first:
        head = " ".join(f"{n // 1000 if n >= 1000 else n:>6}{'k' if n >= 1000 else ''}"
                        for n in sizes)
        print(f"{'shape':<10} {'parse ms at':<11}{head}   x per doubling")
    cells = " ".join(f"{_cell(x):>7}" for x in row["ms"])
    grow = " ".join(_cell(r) for r in row["ratios"])
    print(f"{name:<10} {'':<11}{cells}   {grow}  {'; '.join(row['flags'])}", flush=True)
    if amounts:
        cells = " ".join(f"{_cell(x):>7}" for x in row["amounts_ms"])
        grow = " ".join(_cell(r) for r in row["amounts_ratios"])
        print(f"{'':<10} {'amounts':<11}{cells}   {grow}  {'; '.join(row['amounts_flags'])}",
              flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
