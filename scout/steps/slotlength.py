"""A page pricing slots of several lengths, for ``rank``: the one the request asks.

A tutor's "Clase 45 min 30 €, 60 min 38 €", a spa's "masaje 30 min 25 € / 60 min 45 €", a
studio's "60-minute session £55 | 90-minute session £75" sell each length at its own
price. With the length the request asks known (rank's ``volume: {hour: …}`` or ``{minute:
…}``, else the one length of time the request gives, under half a day, that rank reads no
other way) each source's price is the listed length's asked: 60 min is 38 €, never the
first 30 € (nor two 45-minute slots). A page listing none of exactly that length is
compared at the cheapest it lists that lasts as long (``list none for exactly the 50 min
asked: compared at the next length up, “60 min 38 €”``), else at its longest (``none as
long as the 120 min asked``: a kind declaring the length in ``volume`` then books as many
of it as the length needs, :mod:`scout.steps.slotprice`). Flagged only then, both
languages. A source stating one length, or none, is left as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from scout.i18n import N_
from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import Money
from scout.steps.slotprice import LONGEST_SLOT, slots_listed
from scout.steps.workbasis import Work

NEXT_LENGTH = N_("its prices by length list none for exactly the {minutes} min asked: "
                 "compared at the next length up, “{words}”")
LONGEST_LENGTH = N_("its prices by length list none as long as the {minutes} min asked: "
                    "compared at the longest, “{words}”")


def asked_minutes(task: Any, work: Work | None, bounds: Collection[str]) -> float | None:
    """The length the request asks a slot to last, in minutes: the hours or minutes of
    rank's ``volume``, else the one ``duration`` input the request gives of half a day at
    most that is none of ``bounds`` (the inputs rank compares or counts otherwise: a
    tour's longest time, the hours a week); None without one, or with two."""
    if work is not None:
        if (hours := work.times("hour")) is not None and hours > 0:
            return hours * 60
        if (minutes := work.times("minute")) is not None and minutes > 0:
            return minutes
    types = getattr(task, "types", None) or {}
    values = getattr(task, "values", None) or {}
    said = [float(v) / 60 for name, kind in types.items()
            if kind == "duration" and name not in bounds
            and isinstance(v := values.get(name), (int, float)) and not isinstance(v, bool)
            and 0 < v <= LONGEST_SLOT]
    return said[0] if len(said) == 1 else None


def restate_lengths(evidence: list[Evidence], minutes: float | None,
                    amount: Callable[[Money], float]
                    ) -> tuple[list[Evidence], dict[str, str]]:
    """``evidence`` with each source's price, where it prices two lengths or more, the
    length's asked (``minutes``), else the cheapest longer one's, else the longest's
    (``amount`` puts an amount on the footing compared); and, per source not priced at
    exactly the length asked, the flag."""
    said: dict[str, str] = {}
    if not minutes:
        return evidence, said
    out: list[Evidence] = []
    for e in evidence:
        listed = slots_listed(f"{e.title or ''}. {e.text or ''}") \
            if e.price is not None and e.price.per is None else []
        if len({m for m, _money, _w in listed}) < 2 or e.price is None:
            out.append(e)
            continue
        exact = [(m, money, w) for m, money, w in listed if abs(m - minutes) < 0.5]
        longer = [(m, money, w) for m, money, w in listed if m > minutes]
        if exact:
            _m, money, words = min(exact, key=lambda s: amount(s[1]))
        elif longer:
            _m, money, words = min(longer, key=lambda s: (amount(s[1]), s[0]))
            said[e.id] = NEXT_LENGTH.format(minutes=f"{minutes:g}", words=words)
        else:
            _m, money, words = max(listed, key=lambda s: (s[0], -amount(s[1])))
            said[e.id] = LONGEST_LENGTH.format(minutes=f"{minutes:g}", words=words)
        price = money.model_copy(update={"comparator": e.price.comparator})
        out.append(e.model_copy(update={"price": price}))
    return out, said


def flag_length(c: Candidate, said: dict[str, str]) -> None:
    """Flag ``c`` when the price it is compared at is a source's priced at a length other
    than the one asked (:func:`restate_lengths`)."""
    if c.price is None:
        return
    for e in c.evidence:
        if e.id in said and e.price is not None and e.price.amount == c.price.amount:
            if said[e.id] not in c.flags:
                c.flags.append(said[e.id])
            return
