"""What the keyless synthesis knows before it writes: the request's constraints, read by
input *type* (the first ``money`` input given, in declaration order, as rank reads it
(:func:`scout.schemas.task.asked_money`), is the budget when its comparator is an upper bound;
one asked as a floor, or a kind that declares one named ``min_...``, is money the reader
wants more of: a salary, a tender's value),
the first ``rating`` input the minimum rating, a ``month`` or ``date`` input the period,
and whether the kind declares a ``rating`` or a ``money`` input at all; nothing here knows about hotels), each candidate with its evidence and the
values its checks use, and the citation numbers, one per URL in order of first use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scout.adapters.contract import EvidenceItem, SubjectBrief
from scout.schemas.sources import Citation
from scout.schemas.task import Money, asked_money, money_is_floor


_UPPER = ("<=", "<", "=", "~")


@dataclass
class Constraints:
    budget: Money | None = None
    min_rating: float | None = None
    period: Any = None
    #: whether the kind is about ratings (declares a ``rating`` input, asked or not): a
    #: concert or a flat with no rating is not worth a note saying so
    rated: bool = True
    #: whether the kind is about prices (declares a ``money`` input): a paper or a talk
    #: with no price is not worth a note saying so, nor "no known price" as a verdict
    priced: bool = True
    #: whether the request's money is a floor, an amount one wants more of (a salary, a
    #: grant): asked as one ("more than 40,000 EUR a year") or the input named
    #: ``min_...``, as quantities are named for their direction. Then it is no budget, and
    #: the lowest amount is no "cheapest option" but the worst paid
    floor: bool = False
    #: the input ``budget`` is the value of (its name): the kind's first money input is
    #: the budget; another (a cap on a rate) is said by its own label
    budget_input: str | None = None

    @classmethod
    def of(cls, task: dict[str, Any], types: dict[str, str]) -> "Constraints":
        out = cls()
        raw = task.get("values")
        values: dict[str, Any] = raw if isinstance(raw, dict) else task
        if not types and isinstance(task.get("types"), dict):  # a whole Task dump
            types = {k: str(v) for k, v in task["types"].items()}
        if types:
            out.rated = "rating" in types.values()
            out.priced = "money" in types.values()
        else:  # an older caller: infer the types from the values' shapes
            types = {k: _infer_type(k, v) for k, v in values.items()}
        # a kind that declares a floor (``min_...``) asks for amounts one wants more of,
        # also when it declares their cap beside it (a tender's value "between 50,000 and
        # 200,000 EUR": ``min_budget`` and ``max_budget``): no budget, no "cheapest"
        out.floor = any(k == "money" and money_is_floor(n, None) for n, k in types.items())
        # the money asked as rank reads it (the first money input given, in the kind's
        # declaration order): the limit the synthesis speaks of is the one rank checked
        asked = asked_money(types, values)
        if asked is not None:
            name, money = asked
            out.floor = out.floor or money_is_floor(name, money.comparator)
            if money.comparator in _UPPER and not out.floor:
                out.budget, out.budget_input = money, name
        for name, kind in types.items():
            value = values.get(name)
            if value is None:
                continue
            if kind == "rating" and out.min_rating is None and _is_number(value):
                out.min_rating = float(value)
            # a ``date`` input holds a day or a range ("this weekend"); "daterange" is what
            # _infer_type calls a range for callers that send no types
            elif kind in ("month", "date", "daterange") and out.period is None:
                out.period = value
        return out


def _infer_type(name: str, value: Any) -> str:
    if isinstance(value, dict) and "amount" in value and "currency" in value:
        return "money"
    if isinstance(value, dict) and "year" in value and "month" in value:
        return "month"
    if isinstance(value, dict) and "start" in value and "end" in value:
        return "daterange"
    if _is_number(value) and "rating" in name:
        return "rating"
    return "other"


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class Cites:
    """Synthesis citation numbers, one per URL, in order of first use."""

    def __init__(self) -> None:
        self.items: list[Citation] = []
        self._index: dict[str, int] = {}

    def of(self, items: list[EvidenceItem]) -> list[int]:
        out: list[int] = []
        for item in items:
            if item.url not in self._index:
                self._index[item.url] = len(self.items) + 1
                self.items.append(Citation(index=len(self.items) + 1, url=item.url,
                                           title=item.title))
            n = self._index[item.url]
            if n not in out:
                out.append(n)
        return out


@dataclass
class Subject:
    """A candidate with its evidence and the values its checks use."""

    brief: SubjectBrief
    evidence: list[EvidenceItem] = field(default_factory=list)
    #: evidence about no candidate in particular that names this one (quoted only where a
    #: sentence names it; never a source of its price or rating)
    loose: list[EvidenceItem] = field(default_factory=list)
    rating: float | None = None
    price: Money | None = None  # as stated
    checked: Money | None = None  # what the budget check compares (converted when it was)

    @property
    def name(self) -> str:
        return self.brief.name
