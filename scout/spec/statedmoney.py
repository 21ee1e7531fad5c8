"""``stated`` over units in several currencies, read in one: a kind written for pages in
euros and in pounds asks ``c | stated('€/Wp', 'EUR/Wp', '£/Wp', 'GBP/Wp')`` and compares
the number with the request's budget, so a UK page's "£1.60/Wp" was compared as 1,60 €.
Where the units name two currencies or more, each currency's units are read apart and
their numbers converted to the currency rank compares in (the request's money, with the
config's dated rates: :data:`MONEY_VAR` in the scope), then picked among as ``stated``
picks (``first``: the compared currency's own, else the first unit's). A number in a
currency with no rate is not read (none, so the record is kept flagged, never compared as
a raw amount). Units in one currency are read as written: the author chose it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from scout.spec.evidence import record_texts

#: the scope's name for what ``stated`` converts to: (currency compared in, {code: rate per
#: the base}), set by rank (scout/steps/rank.py)
MONEY_VAR = "__scout_money__"
#: the scope's name for the tax basis rank compares prices on and the config's tax rates,
#: ``("included", {"EUR": 21.0}, said)`` with ``said(folded, span)`` the basis a text says
#: of the amount at a span (scout.task.taxbasis, which a spec may not import): a stated
#: amount said on the other basis ("45 €/h + IVA") is put on it (scout.spec.stated)
TAX_VAR = "__scout_tax__"
#: the scope's name for whether the currency compared in is written with a bare "$" (a
#: peso, the Canadian dollar: CLDR's symbols, read by rank), so a page's "$" is that money
DOLLAR_VAR = "__scout_local_dollar__"
#: what says a "$" on a page is the US dollar: its code, a prefix glued to the sign, the word
SAYS_USD = re.compile(r"\bUSD\b|\bU\.?S\.?\s?\$|U\$S|\bdollars?\b|\bd[oó]lar(?:es)?\b", re.I)

_SIGNS = {"€": "EUR", "£": "GBP", "$": "USD", "¥": "JPY", "₹": "INR"}
_UNIT = re.compile(r"^\s*(?P<sign>[€£$¥₹]|[A-Z]{3})(?:\s*/.*)?\s*$")


def unit_currency(unit: Any) -> str | None:
    """The currency a ``stated`` unit is priced in ("£/Wp" → GBP, "EUR/kWh" → EUR, "€" →
    EUR), or None for a unit that names none ("km", "p/kWh")."""
    m = _UNIT.match(str(unit))
    if m is None:
        return None
    sign = m.group("sign")
    return _SIGNS.get(sign, sign if len(sign) == 3 else None)


def by_currency(units: Sequence[Any]) -> dict[str, list[Any]] | None:
    """``units`` grouped by the currency each names, in their order; None unless they
    name two currencies or more and every unit names one."""
    groups: dict[str, list[Any]] = {}
    for u in units:
        code = unit_currency(u)
        if code is None:
            return None
        groups.setdefault(code, []).append(u)
    return groups if len(groups) > 1 else None


def one_currency(units: Sequence[Any]) -> str | None:
    """The one currency ``units`` are priced in ("€/h", "€" → EUR), else None."""
    codes = {unit_currency(u) for u in units}
    return next(iter(codes)) if len(codes) == 1 else None


def tax_for(tax: Any, currency: str | None) -> tuple[Any, ...] | None:
    """(the basis compared, ``currency``'s rate, the basis reader) from rank's ``(basis,
    tax_rates, said)`` (:data:`TAX_VAR`); None where rank set none or the currency has no
    rate, so its amounts are read as said."""
    if not tax or currency is None:
        return None
    basis, rates, said = tax
    rate = rates.get(currency)
    return (basis, float(rate), said) if basis and rate else None


def stated_in(read: Callable[..., Any], value: Any, units: Sequence[Any],
              money: tuple[str, dict[str, float]], kw: dict[str, Any],
              local_dollar: bool = False, tax: Any = None) -> Any:
    """``read(value, *units, **kw)`` (``stated``) with each currency's units read apart
    and converted to ``money``'s currency at its rates; as ``read`` is when the units name
    one currency or some none. ``local_dollar``: the currency compared in is written "$",
    so a "$" unit is read as it where the record never says the US dollar. ``tax``:
    rank's basis and tax rates (:data:`TAX_VAR`), each currency's amounts put on that
    basis at its own rate."""
    groups = by_currency(units)
    target, rates = money
    if groups is None or not target:
        return read(value, *units, **kw, **({"tax": tax_for(tax, one_currency(units))}
                                          if tax else {}))
    signs = [u for u in groups.get("USD", []) if str(u).lstrip().startswith("$")]
    if local_dollar and signs and target != "USD" \
            and not any(SAYS_USD.search(t) for t in record_texts(value)):
        # "mínimo $90.000" on a Chilean notary's page read for a request in CLP: the
        # request's pesos, as its price is (scout/steps/listprice.py), never 90,000 USD;
        # so too where the author also names the code ('$', 'USD'): a page that never says
        # the US dollar has no amount but its "$" ones for the code to read
        groups = {**{c: g for c, g in groups.items() if c != "USD"},
                  target: [*groups.get(target, []), *signs]}
    found: list[tuple[str, float]] = []
    for code, group in groups.items():
        got = read(value, *group, **kw, **({"tax": tax_for(tax, code)} if tax else {}))
        if got is None:
            continue
        if code != target:
            if code not in rates or target not in rates or not rates[code] > 0:
                continue  # no rate: never read as if it were the compared currency's
            got = round(got / rates[code] * rates[target], 4)
            if not math.isfinite(got):
                continue
        found.append((code, got))
    if not found:
        return None
    pick = kw.get("pick", "max")
    if pick == "first":
        own = [g for c, g in found if c == target]
        got = own[0] if own else found[0][1]
    else:
        got = max(g for _c, g in found) if pick == "max" else min(g for _c, g in found)
    return int(got) if float(got).is_integer() else got
