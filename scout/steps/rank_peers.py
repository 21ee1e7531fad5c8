"""The footing listings are compared on with each other when the request states no money,
for ``rank``: the period most of them state a price per (:func:`peer_period`: a nightly
price among nightly ones) and, when they state several currencies, one currency
(:func:`peer_currency`: the config's base), read from each candidate's own price and the
evidence about it.
"""

from __future__ import annotations

from collections.abc import Callable

from scout.schemas.records import Candidate, EvidenceSet
from scout.schemas.task import Money
from scout.units import PERIOD_DAYS, RATE_UNITS


def _stated(candidates: list[Candidate], evidence_sets: list[EvidenceSet],
            field: Callable[[Money], str | None]) -> dict[str, int]:
    """How many candidates state a price with each value of ``field`` (its period, its
    currency), from their own price and every evidence line about them."""
    stated: dict[str, set[str]] = {c.key: set() for c in candidates}
    prices: list[tuple[str, Money | None]] = [(c.key, c.price) for c in candidates]
    prices += [(c.key, e.price) for c in candidates for e in c.evidence]
    prices += [(e.subject or "", e.price) for es in evidence_sets for e in es.items]
    for key, price in prices:
        value = field(price) if price is not None else None
        if key in stated and value:
            stated[key].add(value)
    counts: dict[str, int] = {}
    for values in stated.values():
        for value in values:
            counts[value] = counts.get(value, 0) + 1
    return counts


def peer_currency(candidates: list[Candidate], evidence_sets: list[EvidenceSet],
                  base: str | None) -> str | None:
    """The currency the candidates' prices are compared in when the request states none:
    the config's ``base`` (its rates convert to it), else the one most candidates state.
    None when they all state one — the amounts are then compared as they are."""
    counts = _stated(candidates, evidence_sets, lambda p: p.currency)
    if len(counts) < 2:
        return None
    return base or min(counts, key=lambda c: (-counts[c], c))


def peer_period(candidates: list[Candidate], evidence_sets: list[EvidenceSet]) -> str | None:
    """The period the candidates' prices are compared per when the request states none:
    the one most candidates state a price per (the shorter on a tie, so a nightly and a
    weekly listing read per night). None when fewer than two periods are stated — the
    amounts are then compared as they are."""
    counts = _stated(candidates, evidence_sets, lambda p: p.per)
    if len(counts) < 2:
        return None
    # "person" is no period to convert to; a unit of work (a word, a page) is a basis
    timed = [p for p in counts if p in PERIOD_DAYS or p in RATE_UNITS]
    if not timed:
        return None
    return min(timed, key=lambda p: (-counts[p], PERIOD_DAYS.get(p, 0.0), p))


def sole_rate(candidates: list[Candidate], evidence_sets: list[EvidenceSet]) -> str | None:
    """The unit of work (an hour, a page) the listings' prices are stated per when it is
    the only unit any states and the request states no money: a pack stating no unit
    ("Bono de 8 horas por 160 €") is divided by the units it buys to stand beside them
    (:func:`scout.steps.packprice.for_pack`), where no peer period puts them on one."""
    counts = _stated(candidates, evidence_sets, lambda p: p.per)
    return next(iter(counts)) if len(counts) == 1 and set(counts) <= RATE_UNITS else None
