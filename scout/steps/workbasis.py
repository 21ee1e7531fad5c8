"""Prices per a unit of work for ``rank``: a translator's word or page, a transcriber's
audio minute or hour, a job's item (:data:`scout.units.WORK_UNITS`); and rates per a
measure, a mover's m³ or a taxi's km (:data:`scout.units.MEASURE_UNITS`), times the
measure the request asks (``volume: {m3: volume, km: distance}``).

A kind says how its units count in each other (rank's ``units: {page: 250 words}``; an
hour is 60 minutes for every kind) and which inputs say how much work is asked (rank's
``volume: {word: words, minute: length}``). With them a price per page is compared with
a budget per word (divided by 250), and a price per word with a budget for the whole job
(one stating no unit, or a total: "8000 palabras, menos de 800 €") times the words
asked. A budget per a unit of work is compared with prices per that unit, or one that
converts to it, only: a price stating no unit ("desde 25 €") is no price per word, and a
price per word with no amount of work asked is no price for the whole job. Neither is
compared; both are flagged and noted (:mod:`scout.steps.rank_periods`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scout.schemas.task import Money
from scout.units import MEASURE_OF_TYPE, RATE_UNITS, TOTAL, Bases, parse_bases, work_amount


@dataclass(frozen=True)
class Work:
    """A rank's units of work: ``bases`` (a page in words), ``volume`` (the work asked,
    by unit: {"word": 8000.0}), and ``whole``: the budget is for the whole job (the kind
    declares a volume and the budget states no unit)."""

    bases: Bases = field(default_factory=dict)
    volume: dict[str, float] = field(default_factory=dict)
    whole: bool = False

    def times(self, per: str | None) -> float | None:
        """What a price per ``per`` is multiplied by to be the whole job's: the work asked
        in that unit; None when none is (or ``per`` is no unit of work)."""
        return work_amount(per, self.volume, self.bases) if per in RATE_UNITS else None


def asked_volume(task: Any, volume: dict[str, str]) -> dict[str, float]:
    """The work the request asks for, by unit, from the inputs rank's ``volume`` names:
    an integer input's count of the unit (8000 words), a duration input's seconds in
    minutes or hours (20 hours of audio: 1200 minutes), a measure input's value in the
    measure (a ``length`` of 25,000 m is 25 km, a ``volume`` in m³, an ``area`` in m²:
    :data:`scout.units.MEASURE_OF_TYPE`); inputs the request left unset are left out."""
    values = getattr(task, "values", None) or {}
    types = getattr(task, "types", None) or {}
    asked: dict[str, float] = {}
    for unit, name in volume.items():
        value = values.get(name)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            continue
        if types.get(name) == "duration":
            seconds = {"minute": 60.0, "hour": 3600.0}.get(unit)
            if seconds is None:
                continue  # a length of time counts no words or pages
            asked[unit] = float(value) / seconds
        elif (scale := MEASURE_OF_TYPE.get(str(types.get(name)))) is not None:
            if unit not in scale:
                continue  # an area counts no km, a length no m³
            asked[unit] = float(value) / scale[unit]
        else:
            asked[unit] = float(value)
    return asked


def rank_work(params: Any, task: Any, budget: Money | None, floor: bool) -> Work | None:
    """The :class:`Work` of a rank phase (its ``units`` and ``volume``); None when it
    declares neither. The ``budget`` is the whole job's when the phase declares a volume
    and it states no unit (or says it is the total)."""
    units, volume = getattr(params, "units", None), getattr(params, "volume", None)
    if not units and not volume:
        return None
    whole = bool(volume) and budget is not None and budget.per in (None, TOTAL) and not floor
    return Work(bases=parse_bases(units or {}), volume=asked_volume(task, volume or {}),
                whole=whole)
