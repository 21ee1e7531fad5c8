"""Names the parser reads, from CLDR through Babel: months, currencies, territories.

Nothing here is a hand-written word list of months or currencies: month names and
abbreviations (English and Spanish), currency names in both languages (singular and
plural, e.g. "dólares australianos", "Swedish kronor"), currency symbols and the ISO 4217
codes in use today all come from Babel's CLDR data. The few additions CLDR does not
have are named as such below (colloquial words: "bucks", "quid", "crowns", "kr",
"reais", "lucas" (a thousand pesos), the Mexican abbreviations "dls" / "dlls" of
"dólares"; Peru's "S/" and Uruguay's "$U"; Russia's and Ukraine's written "руб." / "грн"; the Spanish variant "setiembre"). Two spoken forms are derived from CLDR's by
rule: Spanish diminutives of a currency word ("euritos", "pesitos"), and the country
prefixes people glue to "$" (CLDR has "US$", "MX$", "CA$"; "AR$", "CL$", "CO$" and the
River Plate "U$S" / "U$D" follow from the code, and a one-letter prefix that starts a
single dollar's code: "C$" Canadian, "A$" Australian, "U$" US).

Babel is imported on first use (inside the functions), never when the CLI starts; the
tables are built once per process (~30 ms) and cached.

Ambiguous currency words ("pesos", "dollars", "coronas", "pounds") resolve by the place:
a country named in the request (any CLDR territory name, English or Spanish: "México",
"Chile") or the place the request is about (:data:`scout.task.gazetteer.CITY_TERRITORY`),
when one of that territory's current currencies is a candidate. Otherwise the default is
the most widely used candidate, in the order of :data:`DEFAULT_ORDER` (dollars → USD,
pesos → MXN, pounds → GBP, francs → CHF, rupees → INR, crowns → SEK; dinars → TND, the
dinar of the country travellers visit most: a design choice, noted), and the Task notes
say which code was assumed (not for USD, the usual reading). The sign "$" resolves like
"dollars", and in a Spanish request also to the peso of a peso country ("$3,000" in Cancún
is MXN; in an English request it is USD).
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import dataclass, field

from scout.task.lang import fold

# CLDR has no entry for these spoken forms; they map to CLDR head words or codes.
_EXTRA_HEADS: dict[str, tuple[str, ...]] = {
    "quid": ("GBP",), "reais": ("BRL",),
    # Venezuela's and the Caribbean's "verdes" (greenbacks) are US dollars
    "verdes": ("USD",),
    "crown": ("CZK", "DKK", "ISK", "NOK", "SEK"), "crowns": ("CZK", "DKK", "ISK", "NOK", "SEK"),
    "kr": ("DKK", "ISK", "NOK", "SEK"), "yenes": ("JPY",), "euro": ("EUR",), "euros": ("EUR",),
    # "80 lucas" is 80,000 pesos where people say it (money.py multiplies)
    "luca": ("ARS", "CLP", "COP"), "lucas": ("ARS", "CLP", "COP"),
    "luka": ("ARS", "CLP", "COP"), "lukas": ("ARS", "CLP", "COP"),
    # "15 grand": thousands (money.py multiplies) of dollars, of pounds where the place is
    # Britain's; Spain's "50 pavos" are euros (only after a number: "pavo" is a turkey),
    # and so are its "60 pelas" (once pesetas, now the money in general; "pelas" alone is
    # a verb)
    "grand": ("GBP", "USD"), "pavos": ("EUR",), "pelas": ("EUR",),
    # "medio palo", "6 palos": millions of pesos (Colombia, Chile, Argentina); "200 varos":
    # Mexican pesos; "1.5 lakh", "2 crore": hundred-thousands and ten-millions of rupees
    # (South Asia writes them with no currency word: "CTC 12 lakh per annum")
    "palo": ("COP", "CLP", "ARS"), "palos": ("COP", "CLP", "ARS"), "varo": ("MXN",),
    "varos": ("MXN",), "lakh": ("INR", "PKR", "NPR"), "lakhs": ("INR", "PKR", "NPR"),
    "lac": ("INR", "PKR", "NPR"), "lacs": ("INR", "PKR", "NPR"),
    "crore": ("INR", "PKR", "NPR"), "crores": ("INR", "PKR", "NPR"),
}
# Slang for the dollar of wherever the request is ("fifty bucks" in Sydney are AUD), US
# dollars with no place named: that default is the word's, not an assumption to note
PLACE_DOLLARS = ("buck", "bucks")
# Abbreviations of "dólares" (Mexico, Central America): resolve as the word does
_DOLLAR_ABBREVIATIONS = ("dls", "dlls", "dlrs", "dolls")
# Head words of CLDR names that are ordinary words next to a number; never a currency alone.
_NOT_HEADS = frozenset({"nuevo", "nuevos", "gold", "sum", "sums", "bat", "bats", "mark", "marks",
                        "marco", "marcos", "kip", "kips", "tala", "talas", "lev", "leu", "lei",
                        "leus", "real", "sol", "dong", "dongs", "kina", "pula", "som",
                        "soms", "lek", "dram", "drams", "loti", "vatu"})
# "real"/"sol" are real currencies but everyday words: they count only in the plural forms
# ("reales", "soles") or written in full ("real brasileño"), which stay in the tables.
DEFAULT_ORDER = ("USD", "EUR", "GBP", "MXN", "CHF", "INR", "JPY", "SEK", "DKK", "NOK", "CNY",
                 "RUB", "KRW", "AED", "SAR", "KES", "RON", "TND", "EGP")
_MONTH_VARIANTS = {"setiembre": 9, "sept": 9, "sep": 9, "setiembre.": 9}


@dataclass
class Currencies:
    iso: frozenset[str]                      # ISO 4217 codes in use in some territory today
    names: dict[str, str]                    # folded full name → code ("pesos mexicanos")
    heads: dict[str, tuple[str, ...]]        # folded head word → candidate codes
    symbols: dict[str, tuple[str, ...]]      # symbol as written → candidate codes
    territory_names: dict[str, str]          # folded territory name → alpha-2 code
    territory_currencies: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # head words left out as everyday words ("lei", "lek", "som"): read only where the
    # request's place pays in that currency ("300 lei" in Bucharest)
    place_heads: dict[str, tuple[str, ...]] = field(default_factory=dict)


@functools.lru_cache(maxsize=1)
def months() -> dict[str, tuple[int, bool]]:
    """Folded month word → (month number, is a full name). English and Spanish, CLDR."""
    from babel.dates import get_month_names

    out: dict[str, tuple[int, bool]] = {}
    for loc in ("en", "es"):
        for width in ("abbreviated", "wide"):
            for ctx in ("format", "stand-alone"):
                for num, name in get_month_names(width, ctx, loc).items():
                    key = fold(str(name)).rstrip(".")
                    full = width == "wide"
                    if key not in out or full:
                        out[key] = (int(num), full)
    for word, num in _MONTH_VARIANTS.items():
        out.setdefault(word.rstrip("."), (num, word == "setiembre"))
    out["setiembre"] = (9, True)
    return out


@functools.lru_cache(maxsize=1)
def weekdays() -> dict[str, int]:
    """Folded weekday name → ISO weekday index (Monday 0), both languages."""
    from babel.dates import get_day_names

    out: dict[str, int] = {}
    for loc in ("en", "es"):
        for width in ("wide", "abbreviated"):
            for num, name in get_day_names(width, "format", loc).items():
                out[fold(str(name)).rstrip(".")] = int(num)
    return out


@functools.lru_cache(maxsize=1)
def currencies() -> Currencies:
    from babel import Locale
    from babel.numbers import get_currency_name, get_currency_symbol, get_territory_currencies

    today = dt.date.today()
    territory_currencies: dict[str, tuple[str, ...]] = {}
    for code in Locale("en").territories:
        if isinstance(code, str) and len(code) == 2 and code.isalpha():  # babel's keys: str
            cur = tuple(get_territory_currencies(code, today))
            if cur:
                territory_currencies[code] = cur
    iso = frozenset(c for cs in territory_currencies.values() for c in cs) | {"EUR"}
    names: dict[str, str] = {}
    heads: dict[str, set[str]] = {}
    place_heads: dict[str, set[str]] = {}
    symbols: dict[str, set[str]] = {}
    for code in iso:
        for loc in ("en", "es"):
            for count in (1, 2):
                name = fold(get_currency_name(code, count=count, locale=loc))
                words = name.split()
                if not words:
                    continue
                names[name] = code
                head = words[-1] if loc == "en" else words[0]
                if re.fullmatch(r"[a-z]+", head):
                    (place_heads if head in _NOT_HEADS else heads).setdefault(head, set()).add(code)
            sym = get_currency_symbol(code, loc)
            if sym and sym != code:
                symbols.setdefault(sym, set()).add(code)
    for word, codes in _EXTRA_HEADS.items():
        heads.setdefault(word, set()).update(codes)
    for word in _DOLLAR_ABBREVIATIONS:
        heads.setdefault(word, set()).update(heads.get("dolares", ()))
    for word in PLACE_DOLLARS:  # "thirty bucks" in Sydney are Australian dollars
        heads.setdefault(word, set()).update(heads.get("dollars", ()))
    for word, found in list(heads.items()):
        for small in _diminutives(word):
            heads.setdefault(small, set()).update(found)
    # "$" is written for pesos as well as dollars; it resolves like the word "dollar" does,
    # with the peso countries added (a "$" in Mexico City is a peso price).
    symbols["$"] = set(heads.get("dollar", ())) | set(heads.get("peso", ())) | {"USD"}
    _prefixed_dollar_signs(symbols, set(heads.get("dollar", ())))
    symbols["S/"] = {"PEN"}  # CLDR has these under es_PE and pl only
    symbols["S/."] = {"PEN"}  # Peru's older writing, still common ("S/. 200")
    symbols["$U"] = {"UYU"}  # Uruguay's own sign ("$U 45.000"); CLDR writes its peso "$" alone
    symbols["zł"] = {"PLN"}
    # Russia's and Ukraine's written abbreviations of "рубль" / "гривня" (CLDR has only ₽, ₴)
    symbols["руб."] = symbols["руб"] = {"RUB"}
    symbols["грн."] = symbols["грн"] = {"UAH"}
    # "Rs 8,000", "Rs. 5000": South Asia's abbreviation, before an amount only
    symbols["Rs"] = symbols["Rs."] = set(heads.get("rupees", ()))
    territory_names: dict[str, str] = {}
    for loc in ("en", "es"):
        for code, name in Locale(loc).territories.items():
            if code in territory_currencies:
                for spelling in spellings(fold(name)):
                    territory_names[spelling] = code
    return Currencies(
        iso=iso, names=names,
        heads={h: tuple(sorted(c)) for h, c in heads.items()},
        symbols={s: tuple(sorted(c)) for s, c in symbols.items()},
        territory_names=territory_names, territory_currencies=territory_currencies,
        place_heads={h: tuple(sorted(c)) for h, c in place_heads.items()},
    )


def spellings(name: str) -> list[str]:
    """A folded CLDR name as people also write it out: CLDR's English shortens "and" to
    "&" and "Saint" to "St." ("trinidad & tobago", "st. kitts & nevis"), which a request
    writes "Trinidad and Tobago", "Saint Kitts and Nevis", "St Kitts & Nevis"."""
    out = [name]
    for short, words in (("&", ("and",)), ("st.", ("saint", "st"))):
        out = [re.sub(r"(?<!\S)" + re.escape(short) + r"(?!\S)", w, n) for n in out
               for w in words] + out if any(short in n.split() for n in out) else out
    return list(dict.fromkeys(out))


def _diminutives(word: str) -> list[str]:
    """Spanish diminutives of a currency word: "euros" → "euritos", "peso" → "pesito"."""
    for end, small in (("os", "itos"), ("as", "itas"), ("o", "ito"), ("a", "ita")):
        if word.endswith(end) and len(word) > len(end) + 2:
            return [word[: -len(end)] + small]
    return []


def _prefixed_dollar_signs(symbols: dict[str, set[str]], dollars: set[str]) -> None:
    """Add "AR$", "CL$", "U$S", "C$"… for the currencies written with "$"."""
    for code in sorted(symbols.get("$", ())):
        two = code[:2] + "$"
        if two not in symbols:
            symbols[two] = {code}
        if symbols[two] == {code}:  # "US$" is also written "U$S" (River Plate)
            symbols.setdefault(code[0] + "$" + code[1], set()).add(code)
    for letter in {c[0] for c in dollars}:
        same = [c for c in dollars if c[0] == letter]
        if len(same) == 1:  # "C$", "A$", and "U$D" as "U$S" is written
            symbols.setdefault(letter + "$", {same[0]})
            symbols.setdefault(letter + "$D", {same[0]})


def pick(candidates: tuple[str, ...], territories: list[str]) -> tuple[str | None, bool]:
    """One code out of ``candidates``: the place's, else the most used. (code, assumed?)"""
    if not candidates:
        return None, False
    if len(candidates) == 1:
        return candidates[0], False
    table = currencies().territory_currencies
    for terr in territories:
        for code in table.get(terr, ()):
            if code in candidates:
                return code, False
    for code in DEFAULT_ORDER:
        if code in candidates:
            return code, True
    return candidates[0], True
