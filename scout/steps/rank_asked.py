"""What the Task asks, as the ``rank`` step (:mod:`scout.steps.rank`) reads it through
its parameters: the ``variants:`` input's versions and the ones asked, the ``tiers:``
inputs' readers, how many people (or pets) it is for, whether a return trip is asked, the
kind's own words for the people and pets it counts, and the money input its prices are held
to."""

from __future__ import annotations

import math
from typing import Any

from scout.schemas.task import asked_money, declared_first, held_to
from scout.stepkit.context import StepContext
from scout.stepkit.params import TIER_TYPES, RankParams
from scout.steps.costorder import reads_price
from scout.steps.rank_unknown import fields_and_inputs


def variants(ctx: StepContext, name: str | None
              ) -> tuple[dict[str, list[str]], list[str]] | None:
    """The ``variants:`` input's versions (each enum value with its synonyms) and the
    ones the Task asks for, or None when the phase names none."""
    spec = (getattr(ctx.pipeline, "inputs", None) or {}).get(name) if name else None
    if spec is None or not spec.enum:
        return None  # scout validate refuses it (SPEC080): nothing to read prices by
    labels = {str(v): [str(v), *spec.synonyms.get(str(v), [])] for v in spec.enum}
    value = ctx.task.values.get(name) if ctx.task is not None else None
    asked = [str(v) for v in (value if isinstance(value, list) else [value])
             if str(v) in labels]
    return labels, asked


def tiers(ctx: StepContext, names: str | list[str] | None
           ) -> list[tuple[Any, float | None, bool]]:
    """The readers of ``tiers:``'s inputs (:func:`scout.steps.tierprice.restate_tiers`):
    each input's label pattern, the value the Task asks, and whether a bigger size holds
    it (an area's). An input of another type reads nothing (scout validate: SPEC080)."""
    from scout.steps.tierprice import label_pattern

    inputs = getattr(ctx.pipeline, "inputs", None) or {}
    values = getattr(ctx.task, "values", None) or {}
    out: list[tuple[Any, float | None, bool]] = []
    for name in [names] if isinstance(names, str) else names or []:
        spec = inputs.get(name)
        if spec is None or spec.type not in TIER_TYPES:
            continue
        value = values.get(name)
        asked = float(value) if isinstance(value, (int, float)) and not isinstance(
            value, bool) and math.isfinite(value) else None
        area = spec.type == "area"
        out.append((label_pattern([] if area else [name.replace("_", " "), *spec.aliases],
                                  area), asked, area))
    return out


def people(ctx: StepContext, names: str | list[str] | None) -> int | None:
    """How many people (or pets: rank's ``heads``) the request is for: the integer input rank's ``people`` names, or
    the sum of those it lists that the request gives (adults and children: "2 adultos y
    un niño" is 3; scout validate refuses another type: SPEC080); None when unnamed or
    none is given."""
    values = getattr(ctx.task, "values", None) or {}
    counts = [v for n in ([names] if isinstance(names, str) else names or [])
              if isinstance(v := values.get(n), int) and not isinstance(v, bool) and v > 0]
    return sum(counts) if counts else None


#: a month as a duration input holds it: a year of 365.25 days over twelve
_MONTH_S = 365.25 * 86400 / 12


def term_asked(ctx: StepContext, name: str | None) -> int | None:
    """The months the request buys for: the duration input rank's ``term_cost`` names as
    its ``term`` ("for 3 years" is 36, "durante 18 meses" 18), rounded to whole months;
    None when unnamed, not given, or under a month (a term is bought by the month)."""
    if not name:
        return None
    value = (getattr(ctx.task, "values", None) or {}).get(name)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not (
            math.isfinite(value) and value > 0):
        return None
    months = round(value / _MONTH_S)
    return months if 1 <= months <= 1200 else None


def return_asked(ctx: StepContext, names: str | list[str] | None) -> bool | None:
    """Whether the request asks a return trip: one of the inputs rank's ``return_trip``
    names holds a value (a yes/no said yes, a return date); None when it names none. A
    yes/no said no ("one way", "solo ida") is no return whatever else holds a value: a
    kind whose only date input is the return's may have read the outward day there."""
    if not names:
        return None
    values = getattr(ctx.task, "values", None) or {}
    named = [names] if isinstance(names, str) else names
    if any(values.get(n) is False for n in named):
        return False
    return any(values.get(n) not in (None, False, "", []) for n in named)


def head_words(ctx: StepContext, params: RankParams) -> tuple[list[str], list[str]]:
    """The kind's own words for the people and the pets it counts: the aliases of the
    inputs rank's ``people`` and ``heads`` name ("esquiadores", "campers"), with which a
    page says a price is one head's (:func:`scout.steps.headprice.as_heads`)."""
    inputs = getattr(ctx.pipeline, "inputs", None) or {}

    def words(names: str | list[str] | None) -> list[str]:
        named = [names] if isinstance(names, str) else names or []
        return [w for n in named if (spec := inputs.get(n)) is not None
                for w in (n.replace("_", " "), *spec.aliases)]

    pets = [w for basis, names in params.heads.items() if basis == "pet" for w in words(names)]
    people = [*words(params.people),
              *(w for basis, names in params.heads.items() if basis != "pet"
                for w in words(names))]
    return people, pets


def capped_input(ctx: StepContext, where: list[str], name: str) -> str | None:
    """The money input the prices are held to, as rank's ``where`` names it: the first
    input of type ``money`` the request gives a value that a ``where`` reading the
    record's price, or an amount it states, compares (``total <= task.budget.amount``,
    its named values written out); else the first money input given in the kind's
    declaration order (:func:`scout.schemas.task.asked_money`), the one the prices are
    put on the period and currency of. None with no money asked. The report's "price vs
    budget" column reads this name, so it holds each price to the cap rank checked, never
    to another money input a kind declares first (a deposit, a rate's cap)."""
    task = ctx.task
    values = getattr(task, "values", None) or {}
    order = list(getattr(ctx.pipeline, "inputs", None) or {})
    types = declared_first(getattr(task, "types", None) or {}, order)
    money = [n for n, t in types.items() if t == "money"]
    for expression in where:
        found = fields_and_inputs(expression, name)
        if found is None or not reads_price(expression, name):
            continue
        # of the money inputs the where reads, the ones named as a cap (``budget``): a
        # cost worked out from another (a fee that is a share of a property's value,
        # written out from its named value) reads that one too, yet it is no budget
        named = [n for n in money if n in found[1]]
        capped = [n for n in named if held_to(n)]
        given = [n for n in (capped or named) if values.get(n) is not None]
        if given:
            return given[0]
    asked = asked_money(types, values)
    return asked[0] if asked is not None else None
