"""'Did you mean ...?' for every registry and name lookup in scout."""

from __future__ import annotations

from collections.abc import Iterable


def closest(name: str, candidates: Iterable[str], *, cutoff: float = 0.6) -> str | None:
    """The candidate most similar to ``name``, or None when nothing is close."""
    pool = [c for c in candidates if c != name]
    if not pool:
        return None
    lowered = {c.lower(): c for c in pool}
    if name.lower() in lowered:  # differs only by case
        return lowered[name.lower()]
    import difflib  # on a miss only: every CLI start imports this module

    hits = difflib.get_close_matches(name, pool, n=1, cutoff=cutoff)
    if hits:
        return hits[0]
    # plural/singular slips ("candidate" for "candidates") fall under the cutoff on short names
    for c in pool:
        if c.rstrip("s") == name.rstrip("s"):
            return c
    return None


def did_you_mean(name: str, candidates: Iterable[str], *, what: str = "") -> str | None:
    """A hint string: "did you mean 'x'?" or the list of valid names when there are few."""
    cands = sorted(set(candidates))
    hit = closest(name, cands)
    if hit is not None:
        return f"did you mean '{hit}'?"
    if cands and len(cands) <= 12:
        label = f"valid {what}: " if what else "valid names: "
        return label + ", ".join(cands)
    return None
