"""Rank's prices on one tax basis: a listing's "4.600 € + IVA" and another's "5.490 € IVA
incluido" (each price's basis as :mod:`scout.task.taxbasis` read it) are compared with
each other and with the budget on the same one.

The basis compared on is the request's when it says one of its amounts ("menos de 6.000 €
IVA incluido"); with none said, and listings stating both, the price with the tax in it
(what is paid), when each can be put on it. A price on the other basis is put on it at
the config's ``tax_rates`` for its currency (docs/authoring.md, rank), and flagged with
the rate; with no rate for it, it is flagged and the budget check never reads it as if it
were on the budget's basis (``<as>.price`` is none for it, as for a currency with no
exchange rate). A price whose basis is not said compares as any other. Money the reader
wants more of is never converted (a salary's "before tax" is gross pay, no VAT: rank.run),
only left uncompared with an amount on the other basis.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.schemas.task import Money, TaxBasis
from scout.task.taxbasis import on_basis

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
    when the candidates' prices state both bases and each said before tax has a rate;
    None when there is nothing to put on one (prices with no budget are then ordered as
    said)."""
    if asked is not None:
        return asked
    said = {c.price.tax for c in candidates if c.price is not None and c.price.tax}
    rated = all(c.price.currency in rates for c in candidates
                if c.price is not None and c.price.tax == "excluded")
    return "included" if len(said) > 1 and rated else None


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
