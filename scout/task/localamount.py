"""An amount said with no currency, read in the currency of the place the request is about
where nothing else could be meant: "hasta 40.000" for a ride in Buenos Aires is 40,000 ARS,
"studio nyc under 2500/mo" 2,500 USD a month, "mensualidad máx 150 mil" in Medellín COP.

The rule (docs/authoring.md, "Amounts with no currency"): the countries the request names
or is about (:func:`scout.task.readers.query_territories`) all pay in one currency; the
request is written in a language those countries speak (a Spanish request about Bogotá, an
English one about New York: the person counts in the place's money, not a traveller's own);
and no amount in the request names a currency at all. Then the amount is read in that
currency, with its cap, unit and scale as :func:`scout.task.money.find_money` reads them
when the code is written, and the Task's notes say the currency was taken from the place.
Anywhere else ("hotel en Londres, máximo 150": a Spanish speaker may count in euros) the
amount stays unread and the note asks for the currency, as before.
"""

from __future__ import annotations

import re

from scout.schemas.task import Money
from scout.task.readers import QueryText

# the words that scale an amount, kept with it before the code is written after them
_SCALE = re.compile(r"\s?(?:k|mil|millones|millon|millions?|palos?|lucas?|grand)\b")


def _speaks(territory: str, lang: str) -> bool:
    from babel.languages import get_official_languages

    return lang in get_official_languages(territory, de_facto=True)


def local_currency(text: QueryText, lang: str) -> str | None:
    """The one currency an amount with no currency in ``text`` is in, by the rule above,
    or None."""
    from scout.task.cldr import currencies
    from scout.task.money import iter_money
    from scout.task.readers import query_territories

    places = query_territories(text, lang)
    paying = currencies().territory_currencies
    codes = {c for t in places for c in paying.get(t, ())}
    if len(codes) != 1 or not places or not all(_speaks(t, lang) for t in places):
        return None
    code = next(iter(codes))
    # any amount said with a currency (even the place's) leaves the bare one to the note:
    # "máximo 0,14 €/kWh" beside an annual budget is the rate's, not a second amount's
    said = next(iter_money(text.folded, text.original, places, lang=lang), None)
    return code if said is None else None


def local_money(free: str, text: QueryText, lang: str,
                ) -> tuple[Money, tuple[int, int], tuple[str, str, str, str]] | None:
    """The amount with no currency in ``free`` (``text.free`` with other parts blanked)
    read in the place's currency by the rule above → (Money, its span in ``free``, (the
    code, the currency's name and the country's, in ``lang``, and the amount as written,
    for the note)); else None.
    An amount in a clause of an earlier time ("el año pasado pagamos 300") is none."""
    from babel import Locale
    from babel.numbers import get_currency_name

    from scout.task.bareamount import find_bare_amount
    from scout.task.money import find_money
    from scout.task.readers import query_territories
    from scout.task.residence import told_before

    bare = find_bare_amount(free)
    if bare is None or any(a <= bare[1][0] < b for a, b in told_before(text.folded)):
        return None
    code = local_currency(text, lang)
    if code is None:
        return None
    a, b = bare[1]
    at = free.find(bare[0], a, b)
    if at < 0:
        return None
    end = at + len(bare[0])
    if (scale := _SCALE.match(free, end, b)) is not None:
        end = scale.end()
    elif bare[2] is None and len(re.sub(r"\D", "", bare[0])) < 2 and not _SCALE.search(bare[0]):
        return None  # "mesa para máximo 6", "nota hasta 9": one digit alone is a count's
    # the code in capitals in the original's copy: "120 PEN" is a code, "120 pen" a pen
    added = " " + code
    written = free[:end] + added.lower() + free[end:]
    hit = find_money(written, text.original[:end] + added + text.original[end:], [], lang=lang)
    if hit is None or hit[0].currency != code or not hit[1][0] <= end < hit[1][1]:
        return None
    if hit[0].comparator in (">=", ">") and hit[0].min is None:
        # "nota mínima 8", "valorado con más de 8,5": a floor with no currency is far more
        # often a rating's or a count's than a price's (read before them: left to them)
        return None
    span = (hit[1][0], hit[1][1] - len(added))
    country = query_territories(text, lang)[0]
    return hit[0], span, (code, str(get_currency_name(code, count=2, locale=lang)),
                          str(Locale(lang).territories.get(country, country)), bare[0])
