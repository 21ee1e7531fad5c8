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

A kind sold by the hour also says which input counts the hours a period holds (rank's
``hours_per: {week: weekly_hours}``): with "2 horas a la semana" asked, a price per hour is
compared with a budget per month at the ~8.7 hours a month holds, and a price per month
that states no hours with a budget per hour over them (a page that says its hours, "80 € al
mes por 4 clases de 1,5 horas", is put on an hour by them: :mod:`scout.steps.packprice`).
A kind used some days a week (a day centre, a nursery part-time) says which input counts
them (rank's ``days_per_week: days``): with "3 días por semana" asked, a price per day is
~13 days' a month, not a month of days.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scout.schemas.task import Money
from scout.units import (MEASURE_OF_TYPE, PERIOD_DAYS, RATE_UNITS, TOTAL, Bases, parse_bases,
                         work_amount)


@dataclass(frozen=True)
class Work:
    """A rank's units of work: ``bases`` (a page in words), ``volume`` (the work asked,
    by unit: {"word": 8000.0}), ``whole``: the budget is for the whole job (the kind
    declares a volume and the budget states no unit), and ``hours``: the hours asked a
    period holds ({"week": 2.0}: rank's ``hours_per``), ``week_days``: the days a week
    asked (3 for "3 días por semana": rank's ``days_per_week``), at which a price per day
    is put on a week's or a month's footing."""

    bases: Bases = field(default_factory=dict)
    volume: dict[str, float] = field(default_factory=dict)
    whole: bool = False
    hours: dict[str, float] = field(default_factory=dict)
    week_days: float | None = None

    def hours_in(self, period: str | None) -> float | None:
        """How many of the hours asked ``period`` (a month, a week...) holds: 2 a week
        are ~8.7 a month; None when no hours are asked or ``period`` is no period."""
        if period not in PERIOD_DAYS:
            return None
        said, hours = next(iter(self.hours.items()), (None, 0.0))
        if said not in PERIOD_DAYS or hours <= 0:
            return None
        return hours * PERIOD_DAYS[period] / PERIOD_DAYS[said]

    def paced(self, per: str | None, target: str | None) -> float | None:
        """What a price per ``per`` is multiplied by to be one per ``target`` at the hours
        asked: an hour's price times the hours a month holds, a month's over them; None
        unless one is an hour, the other a period, and hours are asked."""
        if per == "hour" and (hours := self.hours_in(target)):
            return hours
        if target == "hour" and (hours := self.hours_in(per)):
            return 1 / hours
        return None

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


def asked_hours(task: Any, hours_per: dict[str, str]) -> dict[str, float]:
    """The hours the request asks a period to hold, from the input rank's ``hours_per``
    names for it ({"week": "weekly_hours"}: "2 horas a la semana" is {"week": 2.0}): a
    duration input's seconds in hours, an integer or number input's count of hours; inputs
    the request left unset are left out."""
    values = getattr(task, "values", None) or {}
    types = getattr(task, "types", None) or {}
    asked: dict[str, float] = {}
    for period, name in hours_per.items():
        value = values.get(name)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            continue
        asked[period] = float(value) / 3600 if types.get(name) == "duration" else float(value)
    return asked


def rank_work(params: Any, task: Any, budget: Money | None, floor: bool) -> Work | None:
    """The :class:`Work` of a rank phase (its ``units``, ``volume`` and ``hours_per``);
    None when it declares none. The ``budget`` is the whole job's when the phase declares
    a volume and it states no unit (or says it is the total), never when it is one unit's
    ("under £4 per coat": ``each`` "unit", one coat's, not the ten coats')."""
    units, volume = getattr(params, "units", None), getattr(params, "volume", None)
    hours_per = getattr(params, "hours_per", None)
    days_per_week = getattr(params, "days_per_week", None)
    if not units and not volume and not hours_per and not days_per_week:
        return None
    whole = bool(volume) and budget is not None and budget.per in (None, TOTAL) \
        and budget.each != "unit" and not floor
    return Work(bases=parse_bases(units or {}), volume=asked_volume(task, volume or {}),
                whole=whole, hours=asked_hours(task, hours_per or {}) if not floor else {},
                week_days=asked_week_days(task, days_per_week))


def asked_week_days(task: Any, name: str | None) -> float | None:
    """The days a week the request asks, from the input rank's ``days_per_week`` names
    (1 to 7); None when it names none or the request left it unset."""
    value = (getattr(task, "values", None) or {}).get(name) if name else None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 7:
        return None
    return float(value)
