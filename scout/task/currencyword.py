"""Which currency a word names, in free text (English and Spanish), for
:mod:`scout.task.money`: a symbol, an ISO 4217 code ("20 DAY" is none; the codes that are
everyday words only in capitals) or a currency name or head word, resolved by the place
(:func:`scout.task.cldr.pick`); and the text with every currency name marked by one
character, so the money regex needs one alternative instead of ~1,500 names.
"""

from __future__ import annotations

import functools
import re

from scout.task.cldr import PLACE_DOLLARS, currencies, pick
from scout.task.lang import fold

# ISO codes that are also everyday words: accepted only when written in capitals
_WORDY_CODES = frozenset({"all", "top", "try", "pen", "mad", "cup", "bob", "sos", "gel", "bam",
                          "mop", "ang", "cve", "lak", "php", "mur", "kes", "dop", "sar", "pyg",
                          "ron", "hnl", "ils", "lsl", "mga", "nio", "omr", "ern", "kgs", "mkd"})


@functools.lru_cache(maxsize=1)
def gap_re() -> re.Pattern[str]:
    """A currency symbol or code, then the spaces a number in words left when written as
    digits (right-aligned, the same length): "€    1500000" from "€1.5 million"."""
    cur = currencies()
    syms = sorted({fold(s) for s in cur.symbols} | {c.lower() for c in cur.iso},
                  key=len, reverse=True)
    return re.compile(r"(?<![a-z])(" + "|".join(re.escape(s) for s in syms) + r")( {2,})(?=\d)")


def close_gaps(before: str, after: str) -> str:
    """``after`` (``before`` with its numbers in words written as digits) with a currency
    written before such a number moved up to it ("$3 million" → "  $3000000", "EUR 2.5
    million" → "    EUR 2500000"), so it reads as the amount's currency again; spaces
    that were in ``before`` stay where they were."""
    if after == before:
        return after

    def close(m: re.Match[str]) -> str:
        gap = len(m.group(2)) - (1 if before[m.end(1):m.end(1) + 1] == " " else 0)
        return " " * gap + m.group(1) + " " * (len(m.group(2)) - gap)

    return gap_re().sub(close, after)


@functools.lru_cache(maxsize=1)
def own_signs() -> dict[str, str]:
    """Symbols a country writes its currency with that CLDR's English and Spanish lack
    ("₦85,000" in Lagos, "GH₵ 200", "R1 800" in Cape Town), folded, each to its code:
    a request from there writes them as its pages do (:func:`pageprices.own_symbols`).
    Two-letter ones are left out: "KM", "Ft", "Rp" are as often units or words."""
    from scout.task.pageprices import own_symbols

    return {fold(s.rstrip(".")): code for s, code in own_symbols().items()
            if len(s) != 2 or not s.isascii()}


@functools.lru_cache(maxsize=1)
def short_signs() -> dict[str, str]:
    """The two-letter Latin signs of :func:`pageprices.own_symbols` ("Ft", "Rp", "RM"),
    folded, each to its code: read only where the request's place pays in that currency
    (:func:`currency_token`), since elsewhere "20 ft" are feet."""
    from scout.task.pageprices import own_symbols

    signs = {fold(s.rstrip(".")): code for s, code in own_symbols().items()
             if len(s) == 2 and s.isascii()}
    return {**signs, **_GULF_SIGNS}


# the Gulf's Latin abbreviations of its dinars and riyals, which CLDR lacks ("50 KD" in
# Kuwait, "QR 200" in Doha): read as :func:`short_signs` are, where the place pays in them
_GULF_SIGNS = {"kd": "KWD", "bd": "BHD", "qr": "QAR", "sr": "SAR", "ro": "OMR"}


def letter_sign(sign: str, written: str, amount: str, territories: list[str]) -> bool:
    """Whether a one-letter sign before ``amount`` ("R1800", "Q500") is the currency: it
    must be a capital glued to the figure (``written`` is the text from the sign to the
    figure), and the currency the request's country's, or the figure written in groups
    ("R350 000", "R1,800"): "E300" or "D500" alone are car and camera models."""
    code = own_signs().get(sign)
    if code is None or not written[:1].isupper() or written[1:2].isspace():
        return False
    table = currencies().territory_currencies
    return any(code in table.get(t, ()) for t in territories) or bool(
        re.search(r"\d[ ,.\u00a0\u202f]\d{3}(?!\d)", amount))


MARK, PAD = "¤", "\x01"
_WORDS = re.compile(r"[a-z]+")


def place_head(word: str, territories: list[str]) -> str | None:
    """The currency of a head word CLDR has that is also an everyday word ("lei", "lek",
    "som"), where the request's place pays in it ("300 lei" in Bucharest); else None."""
    cur = currencies()
    return next((c for c in cur.place_heads.get(word, ()) for t in territories
                 if c in cur.territory_currencies.get(t, ())), None)


def mark(free: str, territories: list[str] | None = None) -> str:
    """``free`` with every currency name or head word ("dolares australianos", "pesos")
    replaced by ``¤`` (``MARK``) and padding of the same length: the money regex then needs one small
    alternative instead of ~1,500 names (which took ~0.7 s to compile). A head word that is
    also an everyday word counts where ``territories`` pay in it (:func:`place_head`)."""
    cur = currencies()
    words = list(_WORDS.finditer(free))
    out = list(free)
    i = 0
    while i < len(words):
        best = 0
        for n in (3, 2, 1):
            if i + n > len(words):
                continue
            chunk = words[i:i + n]
            if any(chunk[k + 1].start() != chunk[k].end() + 1 for k in range(n - 1)):
                continue
            key = " ".join(w.group(0) for w in chunk)
            if key in cur.names or (n == 1 and (key in cur.heads or (
                    territories and place_head(key, territories)))):
                best = n
                break
        if best:
            a, b = words[i].start(), words[i + best - 1].end()
            out[a:b] = [MARK] + [PAD] * (b - a - 1)
            i += best
        else:
            i += 1
    return "".join(out)


def currency_token(tok: str | None, original: str, territories: list[str],
              lang: str = "en") -> tuple[str | None, str | None]:
    """(code, word it was assumed from) for a currency token, or (None, None)."""
    if not tok:
        return None, None
    cur = currencies()
    t = tok.strip()
    if t in cur.names:
        return cur.names[t], None
    codes = cur.heads.get(t) or cur.symbols.get(t) or next(
        (v for s, v in cur.symbols.items() if fold(s) == t), None)
    if t == "kr":
        codes = cur.heads["kr"]
    if t == "$" and lang != "es":
        # "$" is a peso sign in Mexico or Argentina as Spanish writes it; in an English
        # request it is a dollar sign even there (the dollar of the place if it has one)
        codes = tuple(c for c in codes or () if c not in cur.heads.get("peso", ()))
    if codes:
        code, assumed = pick(codes, territories)
        return code, (original.strip() if assumed and t not in PLACE_DOLLARS else None)
    if re.fullmatch(r"[a-z]{3}", t) and t.upper() in cur.iso:
        if original.strip().isupper() or t not in _WORDY_CODES:
            return t.upper(), None
    if t in own_signs():  # "₦", "r": only the money pattern's own signs reach here
        return own_signs()[t], None
    if (local := place_head(t, territories)) is not None:  # "300 lei" in Bucharest
        return local, None
    short = short_signs().get(t)  # "20000 Ft" in Budapest, "Rp 500000" in Jakarta
    if short and any(short in cur.territory_currencies.get(x, ()) for x in territories):
        return short, None
    return None, None


def currency_of(token: str, territories: list[str] | None = None) -> str | None:
    """The ISO code for a currency symbol, code or name ("€", "sek", "pesos", "bucks")."""
    return currency_token(fold(token.strip()), token, territories or [])[0]


def shared_by(word: str) -> tuple[str, ...]:
    """The currencies a word or a sign is said for in several countries ("lucas": ARS,
    CLP, COP; "pesos": eight), () for one that names a single currency."""
    cur = currencies()
    t = fold(word.strip())
    codes = cur.heads.get(t) or cur.symbols.get(t) or ()
    return tuple(codes) if len(codes) > 1 else ()

