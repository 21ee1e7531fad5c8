"""A price for several of what the kind sells, compared per one: an 8-GPU instance's
"$23.92/hr (8 GPUs)" is 2.99 a GPU-hour, a pack of 10 classes for 180 € is 18 € a class.

A kind sells by a unit (a GPU, a class, a bottle) that pages price one at a time or in
bundles. Rank's ``bundle: {unit: GPU, words: [GPUs, GPU, x]}`` names it and the words a
page counts it with. When the line stating a candidate's price counts more than one of
them ("8x H100", "(8 GPUs)", "10 clases por 180 €"), or says it is a pack, case, box or set
of N ("pack of 6", "caja de 6 botellas", "bono de 10"), and does not say the price is per
one ("per GPU-hour", "$2.19/GPU/hr", "por GPU", "each"), the price is divided by the count
and flagged, so ``where`` and ``order_by`` compare it per unit and the report can say both
(``Candidate.bundle`` keeps the count: "1,60 US$/hora por 4 GPU").
"""

from __future__ import annotations

import math
import re

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.spec.stated import stated
from scout.text import fold

FLAG = N_("price of a bundle of {count}, divided by them to compare it per {unit}")

#: a bundle said without the unit's word: "pack of 6", "6-pack", "caja de 6", "bono de
#: 10", "lote de 3" (folded text)
_PACK = re.compile(
    r"\b(?:pack|pk|case|box|bundle|set|bono|caja|paquete|pack|lote|estuche)\s+(?:of|de)\s+"
    r"(\d{1,4})\b|\b(\d{1,4})\s*-?\s*pack\b")


def _words(words: list[str]) -> str:
    return "|".join(re.escape(fold(w).strip()) for w in words if w.strip())


def per_one(text: str, words: list[str]) -> bool:
    """Whether ``text`` says its price is one unit's: "per GPU-hour", "$2.19/GPU/hr",
    "0,35 $/h por GPU", "each GPU", "per-GPU" (folded, any of ``words``)."""
    alt = _words(words)
    if not alt:
        return False
    folded = fold(text)
    return re.search(r"(?:\bper|\bpor|\beach|\bcada|/)[\s-]*(?:" + alt + r")(?!\w)"
                     r"|(?<!\w)(?:" + alt + r")\s*-\s*(?:hour|hora|hr|h|day|dia|month|mes)\b",
                     folded) is not None


def bundle_count(text: str, words: list[str]) -> int | None:
    """How many units one price in ``text`` is for: the first count of one of ``words``
    ("8x H100", "4 GPUs", "10 clases"), or of a pack ("pack of 6"); None when it says the
    price is per one, or counts one or none, or a count no whole number."""
    if per_one(text, words):
        return None
    said = stated(text, *words, pick="first") if _words(words) else None
    if said is None:
        m = _PACK.search(fold(text))
        said = float(m.group(1) or m.group(2)) if m else None
    if said is None or not math.isfinite(said) or said != int(said) or not 1 < said < 10000:
        return None
    return int(said)


def for_bundle(c: Candidate, unit: str, words: list[str]) -> None:
    """Put ``c``'s price for several units on one's footing: divided by the count the
    line stating it gives, ``c.bundle`` set and flagged; left as it is otherwise (a price
    already per one, per a user or a person: ``each`` set)."""
    base = c.price_converted or c.price
    if base is None or base.each is not None or not base.amount or c.price is None:
        return
    price = c.price
    lines = [f"{e.title or ''} {e.text or ''}" for e in c.evidence
             if e.price is not None and e.price.amount == price.amount] \
        or [f"{e.title or ''} {e.text or ''}" for e in c.evidence]
    if any(per_one(t, words) for t in lines):
        return
    count = next((n for t in [*lines, c.name] if (n := bundle_count(t, words))), None)
    if count is None:
        return
    amount = round(base.amount / count, 4 if base.amount / count < 1 else 2)
    low = round(base.min / count, 2) if base.min is not None else None
    c.price_converted = base.model_copy(update={"amount": amount, "min": low})
    c.bundle = count
    c.flags.append(FLAG.format(count=count, unit=unit))
