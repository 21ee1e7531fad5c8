"""A listing's price per a noun the money reader knows no unit for, counted by the request:
"€45 per headshot", "90 € por sesión", "£12 per bag", "3 € por etiqueta".

:mod:`scout.task.moneyunits` reads a price's period, head or unit of work; any other noun
after the amount ("per headshot") leaves it with no unit, so "€45 per headshot" was
compared as the whole job's price against "under 400 € for 8 headshots". Where the kind
has an integer input that counts that noun (its name or an alias, in either number: the
rule :func:`scout.task.itemcount.counted_price` reads a request's "80 € por muestra" by)
and the request gives the count, the price is one of them's: rank compares the count
times it with a budget for all of them, flagged ``N × price``. A budget per one of them
(``Money.each`` "unit") compares it as it is; an input counting people is rank's
``people`` (:mod:`scout.steps.rank_heads`), never this.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.schemas.task import Money
from scout.task.amounts import listed_amounts
from scout.task.lang import fold

#: the flag said of a price put on the count asked ("8 × 45 EUR per headshot")
FLAG = N_("{count} × {price} per {noun}, the number asked")

# what joins an amount to the noun it is one of: "€45 per headshot", "90 € por sesión",
# "$45/headshot", "45 € cada retrato", "£12 a bag", "3 € por cada etiqueta", Spanish's
# article alone or after "por" ("90 € la sesión", "45 € por el retrato")
_JOIN = re.compile(r"\s*(?:/\s*|(?:per|por|each|cada|an?|el|la)\s+)"
                   r"(?:(?:cada|each|one|un|una|single|el|la|the)\s+)?(?P<noun>[a-z][a-z-]{2,})\b")


def counted_inputs(inputs: Mapping[str, Any], values: Mapping[str, Any],
                   expressions: Iterable[str] = ()) -> list[tuple[str, int]]:
    """The kind's integer inputs that count things, not people, with the count the request
    gives: (a regex of their names as people write them, the count). One the rank's own
    ``expressions`` read (``task.samples``) is left out: that kind works out what the count
    costs itself (``per_sample * n``), and a price already times it would be counted twice."""
    from scout.task.partycount import counts_people
    from scout.task.readers import name_forms

    said = " ".join(expressions)
    found = []
    for name, spec in inputs.items():
        if re.search(r"\btask\s*(?:\.\s*" + re.escape(name) + r"\b|\[\s*['\"]"
                     + re.escape(name) + r"['\"])", said):
            continue
        value = values.get(name)
        if getattr(spec, "type", None) != "integer" or isinstance(value, bool) \
                or not isinstance(value, int) or value < 1:
            continue
        aliases = list(getattr(spec, "aliases", None) or [])
        if counts_people(name, aliases):
            continue
        words = [w for w in (name.replace("_", " "), *aliases) if w.strip()]
        found.append((name_forms(words), value))
    return found


def noun_after(price: Money, text: str) -> tuple[str, str] | None:
    """The noun ``text`` states ``price`` (stating no unit) per, as written and folded:
    "€45 per headshot" → ("headshot", "headshot"); None when it states none."""
    if price.per is not None or price.each is not None:
        return None
    folded = fold(text)
    for found, (_start, end) in listed_amounts(text):
        if found.amount != price.amount or found.per is not None:
            continue
        m = _JOIN.match(folded, end)
        if m is not None:
            return text[m.start("noun"):m.end("noun")], m.group("noun")
    return None


def for_nouns(c: Candidate, counts: Iterable[tuple[str, int]]) -> None:
    """Put ``c``'s price per a noun the request counts (``counts``: :func:`counted_inputs`)
    on the count asked: that many times it, flagged; left as it is otherwise."""
    base = c.price_converted or c.price
    if base is None or c.price is None or base.per is not None or base.each is not None \
            or not base.amount:
        return
    counts = list(counts)
    if not counts:
        return
    for e in c.evidence:
        if e.price is None or e.price.amount != c.price.amount:
            continue
        said = noun_after(e.price, f"{e.title} {e.text}")
        if said is None:
            continue
        count = next((n for forms, n in counts if re.fullmatch(forms, said[1])), None)
        if count is None:
            return
        update: dict[str, object] = {"amount": round(base.amount * count, 2)}
        for end in ("min", "max"):
            if getattr(base, end) is not None:
                update[end] = round(getattr(base, end) * count, 2)
        c.price_converted = base.model_copy(update=update)
        c.flags.append(FLAG.format(count=count, price=str(base), noun=said[0]))
        return
