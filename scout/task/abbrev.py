"""Abbreviations a researcher types, written out before any reader runs.

Notes and chat shorten the words the readers know: "aprox. 35 €" and "approx. €40/day"
(about), "mín. 80 m²" and "min. $100k" (at least), "máx. 50 €/día" (at most), "35 € p/p" and
"15 lucas c/u" (a person, each), "6 ppl" (people), "w/ lift" and "w/o pool" (with, without),
"3 hab." and "2 dorm." (rooms, bedrooms), "1br apt" and "depto." (a flat), "la 1ª quincena"
(the first), "US-based" (based in the US), and chat shorthand: "dnd" (dónde), "q" before a verb (que), "xq" (porque),
"NYE" (New Year's Eve), "alt to" (alternative to). :func:`expanded` writes each out in its own language, so the money reader sees
"aproximadamente", the count readers "dormitorios" and the month-part reader "primera"
without learning every shorthand.

"min." after a number is minutes ("charlas de 20 min."), not a floor: only a "min." / "máx."
before a number or after a word is expanded; "apto" is left alone (Spanish "apto para
niños" is "suitable").
"""

from __future__ import annotations

import re

from scout.lazyre import compiled

# (pattern, what it stands for); a pattern's dot is the abbreviation's own
_WORDS: list[tuple[str, str]] = [
    (r"\baprox\.", "aproximadamente"),
    (r"\bapprox\.", "approximately"),
    (r"\bp/p\b", "pp"),
    (r"\bc/u\b", "cada uno"),
    (r"\bppl\b", "people"),
    (r"\bw/o(?=\s)", "without"),
    (r"\bw/(?=\s)", "with"),
    (r"\bhabs?\.", "habitaciones"),
    (r"\bdorms?\.", "dormitorios"),
    (r"\bapts?\b\.?", "apartment"),
    (r"\bdeptos?\b\.?", "departamento"),
    # chat and SMS shorthand: "dnd comer sushi?", "xq hay ruido", "Lisbon on NYE"
    (r"\bdnd\b", "dónde"),
    (r"(?<![\w&'’-])q(?=[ \t]+(?:no|sea|sean|tenga|tengan|acepte|admita|abra|empiece|est[eé])\b)",
     "que"),
    (r"\bxq\b", "porque"),
    (r"\bNYE\b", "New Year's Eve"),
    # "alt to Overleaf": an alternative to, as "an alternative to Slack" is read
    (r"\balts(?=[ \t]+to\b)", "alternatives"),
    (r"\balt(?=[ \t]+to\b)", "alternative"),
]
# "mín." / "min." and "máx." / "max." as the floor and cap they shorten, unless a number
# comes right before them (minutes: "20 min.")
_MIN_MAX = re.compile(r"\b(?P<w>m[íi]n|m[áa]x)\.", re.IGNORECASE)
_AFTER_NUMBER = re.compile(r"\d\s*$")
_FULL = {"mín": "mínimo", "min": "minimum", "máx": "máximo", "max": "maximum"}
# Spanish ordinals written with a superscript: "1ª quincena", "2ª semana"
_ORDINALS = {"1": "primera", "2": "segunda", "3": "tercera", "4": "cuarta", "5": "quinta"}
_ORDINAL = re.compile(r"\b(?P<n>[1-5])\s?[ªa]\.?(?=\s+(?:quincena|semana|mitad)\b)", re.IGNORECASE)


# "US-based", "Madrid-based": where someone is based, as the cue a place input knows
_BASED = re.compile(r"\b(?P<place>[A-Z][\w.]*(?:[ \t][A-Z][\w.]*){0,2})-based\b")


def expanded(text: str) -> str:
    """``text`` with the shorthand above written out; other text unchanged."""
    text = _BASED.sub(lambda m: "based in " + m.group("place"), text)
    for pattern, full in _WORDS:
        text = compiled(pattern, re.IGNORECASE).sub(full, text)
    text = _MIN_MAX.sub(lambda m: m.group(0) if _AFTER_NUMBER.search(text, 0, m.start())
                        else _FULL[m.group("w").lower()], text)
    return _ORDINAL.sub(lambda m: _ORDINALS[m.group("n")], text)
