"""A price's tax basis where it is said: with the tax (VAT, IVA, sales tax) in it or on top
of it, in English, Spanish and the French shops' "HT" / "TTC".

Read next to an amount, in a request ("menos de 6.000 € IVA incluido", "under 200k EUR
excl. VAT", "20 mil euros + IVA", "$900 plus tax", "500 € all-in") and on a page or a
listing ("4.600 € + IVA", "€5,490 inc. VAT", "1 299,00 € HT", "Presupuesto base de
licitación (IVA incluido): 242.000 €"): the words right after the amount, else a label
right before it. Nothing said is no basis (``None``): such a price compares as any other.

:func:`on_basis` puts an amount on the other basis at a rate (percent), the config's
``tax_rates`` (docs/authoring.md, rank).
"""

from __future__ import annotations

import re
from scout.schemas.task import Money, TaxBasis
from scout.task.lang import fold

__all__ = ["TaxBasis", "basis_at", "basis_end", "blank_tax_words", "on_basis", "page_basis",
           "stated_rate", "with_basis"]

# the taxes a price is said with or without (folded: lower case, no accents)
_TAX = r"(?:i\.?v\.?a\.?|vat|igv|igic|gst|hst|tax(?:es)?|sales\s+tax|impuestos?)"
# a tax's name alone, as an enum word may be one ("IVA" of a gestoría's filings): no basis
_TAX_NAME = re.compile(_TAX)
# Spanish "tasas" are fees (an airport's, a tourist tax, a council's charge), no VAT: said
# beside an amount ("máximo 200 € con tasas", "300 € + tasas") they are no tax basis, which
# rank would put the price on at a VAT rate, but their words are still the amount's
# (:func:`blank_tax_words`: "+ tasas" is no floor); a fee on top is an extra
# (scout/steps/extracharge.py)
_FEES = r"(?:tasas(?:\s+(?:aeroportuarias|turisticas|de\s+aeropuerto))?)"


def _excluded(tax: str) -> tuple[str, ...]:
    return (
        r"\+\s*" + tax,
        r"(?:mas|plus|add|plus\s+applicable)\s+" + tax,
        r"(?:sin|ex(?:cl?)?\.?|excluding|exclusive\s+of|excluded|before|pre-?|net\s+of|w/o|"
        r"without|antes\s+de)\s*" + tax,
        tax + r"\s*(?:excluid[oa]s?|no\s+incluid[oa]s?|aparte|excl\.?|excluded|not\s+included|"
        r"extra|exclusive)",
        r"ht|htva|hors\s+taxes?",
    )


def _included(tax: str) -> tuple[str, ...]:
    return (
        tax + r"\s*(?:incluid[oa]s?|incl?\.?|included|inclusive|incluso)",
        r"(?:con|incl?\.?|including|inclusive\s+of|incluid[oa]s?|with|w/|after)\s*" + tax,
        r"ttc|toutes\s+taxes\s+comprises|all[- ]in(?![- ]?clusive)",
    )


# a tax said with the fees beside it is the tax's basis: "IVA y tasas incluidos", "tasas e
# IVA incluidos"
_TAXED = (r"(?:" + _FEES + r"\s+(?:y|e|and|&)\s+)?" + _TAX + r"(?:\s+(?:y|e|and|&)\s+"
          + _FEES + r")?")
_EXCLUDED, _INCLUDED = _excluded(_TAXED), _included(_TAXED)
# a tax or the fees alone said beside an amount: their words are blanked all the same
_TAX_OR_FEES = r"(?:" + _TAXED + r"|" + _FEES + r")"


def _alt(words: tuple[str, ...]) -> str:
    return "(?:" + "|".join(words) + r")(?![\w])"


# right after an amount: spaces, a bracket, a comma or a dash may come between
_AFTER = re.compile(r"[\s(\[,\-–]{0,3}(?:(?P<ex>" + _alt(_EXCLUDED) + r")|(?P<inc>"
                    + _alt(_INCLUDED) + "))")
# inside the amount's own span, which may have taken the words in ("€500 all-in" is a
# price for everything: a total)
_WITHIN = re.compile(r"(?<![\w])(?:(?P<ex>" + _alt(_EXCLUDED) + r")|(?P<inc>"
                     + _alt(_INCLUDED) + "))")
# a label right before an amount: "(IVA incluido): 242.000 €", "sin IVA 200.000 €"
_BEFORE = re.compile(r"(?<![\w])(?:(?P<ex>" + _alt(_EXCLUDED) + r")|(?P<inc>"
                     + _alt(_INCLUDED) + r"))[\s)\]:=\-–]{0,4}$")


# any basis said, to blank: "£120 + VAT per night max" is a cap of £120 a night (the "+"
# is no floor, and the unit after it is the amount's)
_SAID = re.compile(r"(?<![\w+])\(?(?:(?P<ex>" + _alt(_excluded(_TAX_OR_FEES)) + r")|(?P<inc>"
                   + _alt(_included(_TAX_OR_FEES)) + r"))\)?")


def blank_tax_words(free: str) -> str:
    """``free`` (folded) with every tax basis said in it blanked, the same length: the
    money reader reads amounts past them, and :func:`basis_at` reads them on the text
    before blanking."""
    return _SAID.sub(lambda m: " " * len(m.group(0)), free)


# what one amount is for, said between it and its basis when the money reader does not
# know the unit: "£40 per socket, plus VAT", "35 € por enchufe + IVA", "£65 each + VAT"
_UNIT_GAP = re.compile(r"\s*(?:/\s*[^\W\d_]+|\b(?:per|por|cada|the|el|la)\s+[^\W\d_]+|\beach\b)")


def basis_at(folded: str, span: tuple[int, int]) -> TaxBasis | None:
    """The tax basis said of the amount at ``span`` in ``folded`` (lower case, no
    accents): words the amount's span took in, the words after it, a label before it;
    None when none says."""
    unit = _UNIT_GAP.match(folded, span[1])
    m = _WITHIN.search(folded, span[0], span[1]) or _AFTER.match(folded, span[1]) \
        or (_AFTER.match(folded, unit.end()) if unit else None) \
        or _BEFORE.search(folded, max(0, span[0] - 40), span[0])
    if m is None:
        return None
    return "excluded" if m.group("ex") else "included"


# a basis said of a page's prices as a whole, away from any amount: "precios sin IVA", "todos
# los precios + IVA", "los precios no incluyen IVA", "prices exclude VAT", "all prices are
# ex VAT", "our rates include VAT", "IVA no incluido en los precios", "VAT not included in
# our prices" (a tradesperson's, a caterer's, a supplier's price list). Prices in the
# plural only: a price labelled one by one says its basis beside its amount (basis_at)
_PRICES = (r"(?:todos\s+)?(?:(?:los|las|nuestr[oa]s|estos|these|our|the|all|all\s+our|all\s+the)"
           r"\s+)?(?:precios|tarifas|importes|presupuestos|prices|rates|quotes|charges)")
_VERB_EX = (r"(?:no\s+incluyen|no\s+llevan|(?:are\s+|is\s+)?not\s+including|do\s+not\s+include|"
            r"don'?t\s+include|exclude|are\s+exclusive\s+of|are\s+subject\s+to|"
            r"estan\s+sujet[oa]s\s+a)\s+(?:el\s+|la\s+|los\s+)?" + _TAX)
_VERB_INC = (r"(?:incluyen|llevan|include|includes|are\s+inclusive\s+of)\s+(?:el\s+|la\s+|los\s+)?"
             + _TAX)
_PAGE = re.compile(
    r"(?<![\w])" + _PRICES + r"(?:\s*[:(]|\s+(?:shown|listed|quoted|indicados|mostrados|publicados|"
    r"are|son|estan|expresados)){0,2}\s*(?:(?P<ex>" + _VERB_EX + "|" + _alt(_EXCLUDED)
    + r")|(?P<inc>" + _VERB_INC + "|" + _alt(_INCLUDED) + r"))(?![\w])"
    r"|(?<![\w])(?:(?P<ex2>" + _TAX + r"\s*(?:no\s+incluid[oa]|not\s+included|excluded)|"
    r"(?:\+|mas|plus)\s*" + _TAX + r")|(?P<inc2>" + _TAX + r"\s*(?:incluid[oa]|included)))"
    r"\s+(?:en|in|on)\s+(?:todos\s+|all\s+)?(?:los\s+|las\s+|nuestr[oa]s\s+|our\s+|the\s+)?"
    r"(?:precios|tarifas|prices|rates|quotes)(?![\w])")


def page_basis(text: str) -> TaxBasis | None:
    """The tax basis a page says of its prices as a whole ("precios sin IVA", "all prices
    exclude VAT", "IVA incluido en todos los precios"), for an amount that says none of
    its own; None when it says none, or says both."""
    said: set[TaxBasis] = {"excluded" if m.group("ex") or m.group("ex2") else "included"
                           for m in _PAGE.finditer(fold(text))}
    return said.pop() if len(said) == 1 else None


def basis_end(folded: str, end: int) -> int:
    """Where the basis said right after an amount ending at ``end`` ends ("under 200k EUR
    excl. VAT"), so a request's words are the amount's, never a place's; ``end`` when
    none is said there."""
    m = _AFTER.match(folded, end)
    return m.end() if m else end


def on_basis(money: Money, basis: TaxBasis, rate: float) -> Money:
    """``money`` on ``basis``: with ``rate`` percent added or taken out. A price with no
    basis, or on ``basis`` already, is returned as it is."""
    if money.tax is None or money.tax == basis:
        return money
    factor = 1 + rate / 100 if basis == "included" else 1 / (1 + rate / 100)
    low = round(money.min * factor, 2) if money.min is not None else None
    top = round(money.max * factor, 2) if money.max is not None else None
    return money.model_copy(update={"amount": round(money.amount * factor, 2), "min": low,
                                    "max": top, "tax": basis})


def stated_rate(stated: Money, converted: Money) -> float | None:
    """The rate (percent) ``converted`` was put on its basis at from ``stated``, when it
    is the same amount on the other basis; None otherwise."""
    if stated.tax is None or converted.tax is None or stated.tax == converted.tax \
            or stated.currency != converted.currency or not stated.amount or not converted.amount:
        return None
    ratio = converted.amount / stated.amount if converted.tax == "included" \
        else stated.amount / converted.amount
    return round((ratio - 1) * 100, 1)


def with_basis(folded: str, span: tuple[int, int], rivals: list[str]) -> tuple[int, int]:
    """A request's amount at ``span`` widened over the basis said right after it ("under
    200k EUR excl. VAT": the words are the amount's, never a place), unless another
    input's enum words (``rivals``) are there: a kind that reads the basis itself keeps
    reading it. An enum word that only names the tax ("IVA", "VAT": a filing a gestoría
    does, a VAT number) says no basis: "máximo 150 €/mes + IVA", "£150 a month plus
    VAT" are the amount's basis, never that value asked."""
    end = basis_end(folded, span[1])
    said = folded[span[1]:end]
    if end == span[1] or any(re.search(r"(?<!\w)" + re.escape(word) + r"(?!\w)", said)
                             for word in (fold(w).strip() for w in rivals)
                             if word and not _TAX_NAME.fullmatch(word)):
        return span
    return span[0], end
