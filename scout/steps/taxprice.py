"""Rank's prices on one tax basis: a listing's "4.600 € + IVA" and another's "5.490 € IVA
incluido" (each price's basis as :mod:`scout.task.taxbasis` read it) are compared with
each other and with the budget on the same one.

The basis compared on is the request's when it says one of its amounts ("menos de 6.000 €
IVA incluido"); with none said, the price with the tax in it (what is paid), when each
said before tax can be put on it: even where every listing is a business's "+ IVA", like
with like, and the shortlist's note says so (:func:`compared_basis`). A price on the other basis is put on it at
the config's ``tax_rates`` for its currency (docs/authoring.md, rank), and flagged with
the rate; with no rate for it, it is flagged and the budget check never reads it as if it
were on the budget's basis (``<as>.price`` is none for it, as for a currency with no
exchange rate). A price whose basis is not said compares as any other. A page that states one price on
both bases ("1.000 € + IVA (1.210 € IVA incluido)") is read on the basis compared
(:func:`stated_on_basis`), never converted at a rate, nor left uncompared for want of one. Money the reader
wants more of is never converted (a salary's "before tax" is gross pay, no VAT: rank.run),
only left uncompared with an amount on the other basis.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.schemas.task import Money, TaxBasis
from scout.task.amounts import listed_amounts
from scout.task.lang import fold
from scout.task.taxbasis import blank_tax_words, on_basis

# rates as "21" or "5.5", never "21.0"
_RATE = "{:g}"


def asked_basis(task: Any) -> TaxBasis | None:
    """The tax basis the request says its amounts on: the first of its money values that
    says one ("de más de 50.000 € y de menos de 200.000 € sin impuestos" says it once, of
    both)."""
    values = getattr(task, "values", None) or {}
    return next((v.tax for v in values.values() if isinstance(v, Money) and v.tax), None)


def compared_basis(asked: TaxBasis | None, candidates: list[Candidate],
                   rates: Mapping[str, float]) -> TaxBasis | None:
    """The tax basis prices are compared on: the request's (``asked``), else "included"
    when a candidate's price is said before tax and each so said has a rate; None when
    there is nothing to put on one (prices with no budget are then ordered as said).

    A design choice: a request that says no basis ("centrífuga por menos de 5.000 €") is
    what its reader pays, the tax in it (a lab, a household, most buyers pay the VAT they
    cannot reclaim), so a business's "4.600 € + IVA", "£3,950 excl. VAT", is compared with
    it at the tax added, even where every listing states that basis: like with like, and
    said (:data:`BASIS_NOTE`). A reader comparing before tax says so ("menos de 5.000 €
    sin IVA"), and the prices with it are put on that basis."""
    if asked is not None:
        return asked
    excluded = [c.price for c in candidates if c.price is not None and c.price.tax == "excluded"]
    rated = all(p.currency in rates for p in excluded)
    return "included" if excluded and rated else None


#: the shortlist's note when prices said before tax were put on the basis with it because
#: the request says none: which basis was compared, and why
BASIS_NOTE = N_("prices said before tax were compared with the tax added ({rates}), as the "
                "request says no basis: what is paid")


def basis_note(candidates: list[Candidate], basis: TaxBasis | None, asked: TaxBasis | None,
               rates: Mapping[str, float]) -> str | None:
    """:data:`BASIS_NOTE` for the rates used, when the request says no basis and some
    price said before tax was put on the one with it; None otherwise."""
    if asked is not None or basis != "included":
        return None
    used = sorted({c.price.currency for c in candidates if c.price is not None
                   and c.price.tax == "excluded" and c.price.currency in rates})
    if not used:
        return None
    return BASIS_NOTE.format(rates=", ".join(
        f"{_RATE.format(rates[cur])} % {cur}" for cur in used))


def put_on_basis(c: Candidate, basis: TaxBasis | None, rates: Mapping[str, float],
                 budget: bool) -> None:
    """``c``'s compared price (``price_converted``) on ``basis`` at the rate for its
    stated currency, with a flag that says so; flagged when there is no rate for it and
    ``budget`` (a budget said on the other basis)."""
    stated = c.price
    if basis is None or stated is None or stated.tax is None or stated.tax == basis:
        return
    rate = rates.get(stated.currency)
    if rate is None:
        if budget:
            c.flags.append(N_("amount stated before tax, the one asked with tax: no tax rate "
                              "to compare them") if stated.tax == "excluded" else
                           N_("amount stated with tax, the one asked before tax: no tax rate "
                              "to compare them"))
        return
    base = (c.price_converted or stated).model_copy(update={"tax": stated.tax})
    c.price_converted = on_basis(base, basis, rate)
    c.flags.append((N_("amount stated before tax, {rate} % tax added to compare it")
                    if stated.tax == "excluded" else
                    N_("amount stated with tax, {rate} % tax taken out to compare it")
                    ).format(rate=_RATE.format(rate)))


def off_basis(price: Money | None, basis: TaxBasis | None) -> bool:
    """Whether ``price`` is said on another basis than the one compared on: never
    compared as if it were on it."""
    return price is not None and basis is not None and price.tax is not None \
        and price.tax != basis


#: the most the amount with tax may be over the one before it to be the same price on both
#: bases, said side by side: the highest VAT rates are 27 %; further apart, two are two items
_MOST_TAX = 1.3
#: the most characters between the two amounts of one price on both bases ("1.000 € + IVA
#: (1.210 € IVA incluido)"): further apart, they are two lines of a list
_PAIRED_WITHIN = 40
#: the words that may join one price's two amounts besides its tax words ("1.000 € + IVA,
#: o 1.210 € IVA incluido", "i.e."): any other word between them names another thing
#: ("4.600 € + IVA. Centrífuga Y: 5.400 € IVA incluido" is two centrifuges)
_JOINERS = frozenset({"o", "or", "u", "ie", "i.e", "es", "decir", "that", "is"})
#: how far an amount with tax may be from the one before it at a known rate (the cents a
#: listing rounds away, or a tenth of a percent): 1.000 € at 21 % is "1.210 €" or "1.209 €"
_RATE_SLACK = 0.002


def _same_price(text: str, first: tuple[int, int], second: tuple[int, int],
                excluded: float, included: float, rate: float | None) -> bool:
    """Whether two amounts on the two bases, side by side in ``text``, are one price:
    the one with tax is the other at the currency's known ``rate`` (config tax_rates),
    or nothing but tax words and punctuation stand between them (the rate may then be
    any: a reduced one, another market's)."""
    if rate is not None and abs(included - excluded * (1 + rate / 100)) \
            <= max(1.0, included * _RATE_SLACK):
        return True
    between = blank_tax_words(fold(text[first[1]:second[0]]))
    return all(w in _JOINERS for w in re.findall(r"[^\W\d_]+(?:\.[^\W\d_]+)*", between))


def stated_on_basis(price: Money, text: str, basis: TaxBasis | None,
                    rates: Mapping[str, float] | None = None) -> Money:
    """``price``, read from ``text``, or the amount ``text`` states beside it for the same
    thing on ``basis`` when ``price`` is said on the other: "1.000 € + IVA (1.210 € IVA
    incluido)" is 1.210 € with tax in it. The two are one price when they are next to each
    other in the text, in one currency, the one with tax above the other by no more than a
    tax rate, and either at the currency's rate (``rates``: the config's tax_rates) or with
    no other word between them (:func:`_same_price`): two things priced side by side, one
    before tax and one with it, are two prices. The one kept keeps ``price``'s period and
    unit where it says none."""
    if basis is None or price.tax is None or price.tax == basis:
        return price
    found = listed_amounts(text)
    at = next((i for i, (m, _) in enumerate(found) if m.amount == price.amount
               and m.currency == price.currency and m.tax == price.tax), None)
    if at is None:
        return price
    for j in (at + 1, at - 1):
        if not 0 <= j < len(found):
            continue
        other, span = found[j]
        first, second = sorted((found[at][1], span))
        if other.tax != basis or other.currency != price.currency \
                or second[0] - first[1] > _PAIRED_WITHIN:
            continue
        low, high = sorted((price.amount, other.amount))
        excluded, included = (price.amount, other.amount) if basis == "included" \
            else (other.amount, price.amount)
        if low > 0 and excluded < included <= excluded * _MOST_TAX and high == included \
                and _same_price(text, first, second, excluded, included,
                                (rates or {}).get(price.currency)):
            return other.model_copy(update={
                "comparator": price.comparator, "per": other.per or price.per,
                "each": other.each or price.each, "min": None, "max": None})
    return price
