"""Rating thresholds in free text, English and Spanish, normalised to the 0-10 scale.

Numbers need a cue that they are a rating: a word before them ("rated", "score of at
least", "puntuación de al menos", "valoración mínima", "nota de"), a scale ("8/10",
"4 out of 5", "4 sobre 5", after a threshold too: "4+ out of 5", "4 o más sobre 5"), a
unit ("4.5 stars", "3,5 estrellas", "8.5 points", "8,5 puntos") or "or better / or more
/ o más / +". Decimal commas are read. The scale is the
one written; else stars are out of 5, points out of 10 (out of 100 from 50: "más de 90
puntos", as critics score wine), and a bare number is out of 5 when it is 5 or less, out
of 10 otherwise, out of 100 from 50 after a rating word or a review source ("score of
85", "92+ Parker"); a kind names its own sources as its rating input's aliases. Words ("excellent reviews" / "excelentes
reseñas" → 9, "great reviews" / "muy buenas opiniones" → 8.5, "good reviews" / "buenas
reseñas" / "bien valorado" → the input's default, 8 without one) come after numbers.
Numbers in words are read too ("at least four stars", "nota de ocho o más").
"""

from __future__ import annotations

import re
from functools import lru_cache

from scout.task.numwords import digit_halves, rewrite, widen

# "8'5" is how many in Spain write 8,5; three digits only for a percentage ("100%")
_NUM = r"(?P<num>\d{1,3}(?:[.,'’]\d{1,2})?)"
_PRE = (r"(?P<pre>(?:with\s+an?\s+|con\s+una?\s+)?(?:rated|rating|ratings|score|scored|scoring|reviews?|"
        r"puntuacion|puntuada?o?s?|valoracion|valorad[oa]s?(?:\s+con(?:\s+una?)?)?|nota|calificacion|"
        r"calificad[oa]s?|puntajes?)(?:\s+con(?:\s+una?)?)?"  # "puntuado con más de 8"
        # "the reviews should be at least 8.5", "la nota tiene que ser de más de 8"
        r"(?:\s+(?:should|must|need\s+to|needs\s+to|has\s+to|have\s+to|would|will)\s+be|"
        r"\s+(?:is|are|be|sea|sean|es)|\s+(?:debe|deben|tiene\s+que|tienen\s+que)\s+ser)?"
        r"(?:\s+(?:of|de|minima|minimo|media))*"
        r"(?:\s*(?:>=|≥|>|:)|\s+(?:at\s+least|above|over|minimum|min|of|al\s+menos|minima?o?|"
        r"superior\s+a|mayor\s+(?:de|que|a)|por\s+encima\s+de|mas\s+de|more\s+than|de|"
        r"arriba\s+de|(?:mayor|superior)\s+o\s+igual\s+(?:a|que)|igual\s+o\s+(?:mayor|superior)\s+"
        r"(?:a|que)|a\s+partir\s+de))*\s*)")  # Latin America: "arriba de 8", "mayor o igual a"
_LEAD = (r"(?P<lead>(?:"
         # a floor said as what is refused: "nada por debajo de 8", "nothing below 8.5"
         r"(?:nada|ninguno|ninguna|nothing|none|no(?:thing)?)\s+(?:por\s+debajo\s+de|below|under|"
         r"less\s+than|lower\s+than|menos\s+de|inferior\s+a)|"
         r"at\s+least|minimum|al\s+menos|como\s+minimo|minimo|min\.?|more\s+than|"
         r"over|above|mas\s+de|superior\s+a|mayor\s+(?:de|que|a)|arriba\s+de|"
         r"mayor\s+o\s+igual\s+(?:a|que)|>=|≥|>)\s*)")
_SCALE = r"(?:\s*(?:/|out\s+of|sobre|de\s+(?=5\b|10\b))\s*(?P<scale>5|10|100)\b)"
# a threshold said between the number and its scale: "4+ out of 5", "8+/10", "4 o más sobre 5"
_POST_SCALE = (r"(?:\s*(?P<post_scale>\+|or\s+(?:better|more|higher|above)|o\s+(?:mas|mejor|superior))"
               r"(?=\s*(?:/|out\s+of|sobre)\s*(?:5|10|100)\b))")
# "4*" is four stars as "4★" is (a hotel's class or a threshold: "4* o más")
_STARS = ("star", "estrella", "★", "⭐", "*")
_UNIT = (r"(?:\s*(?P<unit>[★⭐*]|stars?|estrellas?|points?|puntos?|pts|ratings?|score|(?:de\s+)?(?:nota|"
         r"puntuacion|valoracion)))")
_POST = (r"(?:\s*(?P<post>\+|en\s+adelante|or\s+(?:better|more|higher|above)|and\s+(?:up|above)|o\s+(?:mas|"
         r"mejor|superior|superiores)|como\s+minimo|al\s+menos|minimum|minimo|or\s+over|"
         r"(?:para|hacia)\s+arriba|or\s+up)(?![\w]))")  # "8,5 para arriba" (Latin America)
# "8.5 on Booking", "4.5 en Google": a review site names the scale's owner, so it is a cue
_SITES = (r"booking(?:\.com)?|tripadvisor|google(?:\s+maps)?|airbnb|expedia|yelp|trivago|"
          r"hotels\.com|thefork|eltenedor|el\s+tenedor")
# a kind's own sources (its rating input's aliases: a critic, a guide, an app) stand in the
# same place, and may follow the number bare ("92+ Parker", "95 puntos Peñín")
_SITE = r"(?:\s*(?P<plus>\+)?\s+(?:on|in|at|en|de|by|from|según|segun)\s+(?P<site>{sites}))"
_OWN_SITE = r"(?:\s*(?P<plus>\+)?\s+(?:(?:on|in|at|en|de|by|from|según|segun)\s+)?(?P<site>{sites})\b)"
# Spanish grades a score with an article: "con un 8", "más de un 8,5" (a count agrees with
# a plural noun instead: "2 noches"); only after "con" / "de" or a rating word ("nota
# mínima un 8"), not "por un 5 más"
# a number that ends its clause: the end, punctuation or a function word next
_CLAUSE_END = re.compile(r"\s*(?:$|[,;!?)]|\.(?!\d)|(?:and|or|for|on|in|with|please|pls|y|o|para|"
                         r"en|con|que|porfa)\b)")
# English grades one too after "at least" / "minimum": "at least an 8", "minimum a 9";
# Spanish after "al menos" / "por lo menos" / "como mínimo": "que tenga al menos un 9"
_ART = (r"(?:(?(pre)|(?:(?<=con\s)|(?<=de\s)))(?P<art>una?\s+)|"
        r"(?:(?<=least\s)|(?<=minimum\s))(?P<art_en>an?\s+)|"
        r"(?:(?<=al\smenos\s)|(?<=lo\smenos\s)|(?<=minimo\s))(?P<art_es>una?\s+))")


@lru_cache(maxsize=64)
def _rating_re(sources: tuple[str, ...] = ()) -> re.Pattern[str]:
    """The rating pattern; ``sources`` (folded words) are review sources of the kind's own."""
    site = _SITE.format(sites=_SITES)
    if sources:
        site = _OWN_SITE.format(sites=_SITES + "|" + "|".join(
            r"\s+".join(map(re.escape, w.split())) for w in sorted(sources, key=len, reverse=True)))
    return re.compile(
        r"(?<![\w.,])(?:" + _PRE + r"|" + _LEAD + r")?" + _ART + r"?" + _NUM
        # "un 3º", "del 2ªB": an ordinal (a floor), no grade
        + r"(?![\d])(?!\s*[x×]\s*\d)(?!\.?\s?[ºª])(?P<pct>\s*%(?:\s+(?P<pos>positive|positivas?|favorables?)\b)?)?"
        + r"(?!\s*(?:%|€|\$|£|k\b))"
        # "92+ points", "más de 90+ puntos": a plus before the unit
        + r"(?:\s*\+(?=\s*(?:points?|puntos?|pts)\b))?"
        + _POST_SCALE + r"?" + _SCALE + r"?" + _UNIT + r"?" + site + r"?" + _POST + r"?"
    )


_RATING_RE = _rating_re()


@lru_cache(maxsize=64)
def _site_after(sources: tuple[str, ...] = ()) -> re.Pattern[str]:
    """A review site (or one of the kind's own ``sources``) named after a preposition."""
    sites = _SITES + "".join("|" + r"\s+".join(map(re.escape, w.split()))
                             for w in sorted(sources, key=len, reverse=True))
    return re.compile(_SITE.format(sites=sites) + r"\b")

# "bien valorado / puntuado / calificado / reseñado": well rated, in any of its verbs
_RATED = r"(?:valorad|puntuad|calificad|resenad|evaluad)[oa]s?"
_WORDS: list[tuple[str, float | None]] = [
    (r"excellent|exceptional|outstanding|superb|amazing|top[- ]rated|top|excelentes?|excepcionales?|"
     r"magnific[oa]s|extraordinari[oa]s|inmejorables|sobresalientes", 9.0),
    (r"great|very\s+good|highly\s+rated|well[- ]rated|well[- ]reviewed|muy\s+buen[oa]s?|"
     r"genial(?:es)?|fantastic[oa]s|muy\s+bien\s+" + _RATED, 8.5),
    (r"good|decent|positive|nice|solid|buen[oa]s?|positiv[oa]s|bien\s+" + _RATED, None),
]
_NOUN = (r"(?:reviews?|ratings?|scores?|feedback|resenas?|opiniones?|valoracion(?:es)?|"
         r"criticas?|puntuacion(?:es)?|comentarios|notas?|calificacion(?:es)?|"
         r"puntajes?)")
_STANDALONE = re.compile(r"\b(?P<w>muy\s+bien\s+" + _RATED + r"|bien\s+" + _RATED + r"|highly\s+rated|"
                         r"well[- ]rated|well[- ]reviewed|top[- ]rated)\b")


def find_rating(free: str, default: float | None,
                sources: tuple[str, ...] = ()) -> tuple[float, tuple[int, int]] | None:
    """The first rating threshold in ``free`` (folded) on the 0-10 scale, and its span.
    ``sources``: folded names of the kind's own review sources (its rating input's
    aliases), read as a cue as a review site is ("4,2 en Vivino", "92+ Parker")."""
    # "at least four stars", "nota de ocho o más", "4 and a half stars"
    folded, free = free, digit_halves(rewrite(free))
    # "buena nota (más de 9)", "good reviews (at least 9)": a bracket opens the value
    free = free.replace("(", " ")
    # a rating noun among the aliases ("reviews", "nota") names the field, not a source:
    # "50 reviews" is a count
    sources = tuple(w for w in sources if w.strip() and not re.fullmatch(_NOUN, w.strip()))
    pattern = _rating_re(sources) if sources else _RATING_RE
    for m in pattern.finditer(free):
        g = m.groupdict()
        if g["plus"] and not g["post"]:
            g["post"] = g["plus"]  # "92+ Parker"
        g["post"] = g["post"] or g["post_scale"]  # "4+ out of 5"
        g["art"] = g["art"] or g["art_en"] or g["art_es"]
        # "at least 2 people" is a count; "min. 8.5" (a decimal) or "at least an 8" a grade
        # ("nada por debajo de 8" at its clause's end: a floor refused is a grade's too)
        graded = bool(g["lead"] and (re.search(r"[.,'’]\d", g["num"]) or re.match(
            r"(?:nada|ninguno|ninguna|nothing|none|no)\b", g["lead"]))
                      and _CLAUSE_END.match(free, m.end()))  # not "at least 2.5 km"
        if g["pct"]:  # "reviews of 90% or more", "95% positive": a share of good reviews
            if not (g["pre"] or g["pos"]) or g["scale"] or g["unit"] or g["art"]:
                continue
        elif len(re.split(r"[.,'’]", g["num"])[0]) > 2:
            continue  # three digits are a percentage or not a rating at all
        if not (g["pre"] or g["scale"] or g["unit"] or g["post"] or g["site"] or g["art"]
                or g["pos"] or graded):
            continue
        if g["lead"] and not (g["unit"] or g["scale"] or g["site"] or g["art"] or graded):
            continue  # "at least 2 people"
        try:
            num = float(re.sub(r"[,'’]", ".", g["num"]))
        except ValueError:
            continue
        if g["pct"]:
            scale = 100.0
        elif g["scale"]:
            scale = float(g["scale"])
        elif g["unit"] and g["unit"].startswith(_STARS):
            scale = 5.0
        elif num >= 50 and (g["site"] or (g["pre"] and "review" not in g["pre"]) or (g["unit"] and g["unit"].startswith(
                ("point", "punto", "pts")))):
            scale = 100.0  # "más de 90 puntos", "92+ Parker", "score of 85": critics' 100
            # points, which start at 50 ("20 points" is no score)
        elif g["unit"] and g["unit"].startswith(("point", "punto", "pts")):
            scale = 10.0
        else:
            scale = 5.0 if num <= 5 else 10.0
        if scale <= 0 or num > scale:
            continue
        if (g["unit"] and g["unit"].startswith(("point", "punto", "pts")) and not (
                g["site"] or g["scale"] or g["post"])
                and re.match(r"\s+(?:de|del|of)\s+(?:las?\s+|los\s+|the\s+)?(?!(?:" + _NOUN + r"|media|average)\b)[a-z]",
                    free[m.end():])):
            continue  # "2 puntos de luz", "3 points of sale": a count of those things
        if g["unit"] and g["unit"].startswith(_STARS) and num == scale and not (
                g["pre"] or g["lead"] or g["post"]):
            continue  # "a 5-star hotel" / "hotel de 5 estrellas" is its category, not a minimum
        if _is_class(free, m):
            continue
        # "4,5 estrellas o más en Google": the site after the threshold's words is the
        # rating's too (claimed, so no place reader takes it for a neighbourhood)
        site = None if g["site"] else _site_after(sources).match(free, m.end())
        end = site.end() if site else m.end()
        return round(num * 10.0 / scale, 2), (widen(folded, free, m.start()), end)
    for words, value in _WORDS:
        w = re.search(r"\b(?:" + words + r")\s+(?:(?:guest|customer|user|de\s+clientes)\s+)?"
                      + _NOUN + r"\b", free) or re.search(
            r"\b" + _NOUN + r"\s+(?:that\s+are\s+|muy\s+)?(?:" + words + r")\b", free)
        if w is None:  # "rated excellent", "valorado como excelente": the verb, then the word
            w = re.search(r"\b(?:rated|reviewed|" + _RATED + r")\s+(?:as\s+|como\s+|de\s+)?(?:"
                          + words + r")\b", free)
        if w is None:
            s = _STANDALONE.search(free)
            if s and re.fullmatch(words, s.group("w")):
                w = s
        if w:
            base = default if default is not None else 8.0
            score = base if value is None else max(base, value)
            return score, w.span()
    return None


# Whole stars in a request about lodging are the establishment's class ("hotel de 4
# estrellas", "4 star hotel", "un hotel 5*", "hotel en Madrid de 3 estrellas"), which no
# guest rating measures: a class has no halves, no review word or site ("4 estrellas en
# Google", "opiniones de 4 estrellas"), and no threshold ("4 estrellas o más", "at least 4
# stars out of 5" ask for a minimum, read as a rating as the corpora label them).
_LODGING = (r"(?:hotel(?:es|s)?|hostal(?:es)?|hostels?|alojamientos?|resorts?|apartahotel(?:es)?|"
            r"aparthotels?|motel(?:es|s)?|paradore?s?|posadas?)")
_CLASS_BEFORE = re.compile(r"\b" + _LODGING + r"\s+(?:(?:de|of|con|with)\s+)?(?:una?\s+|an?\s+)?$")
_CLASS_AFTER = re.compile(r"[\s-]*" + _LODGING + r"\b")
# (or said where they are given: "4 estrellas en reseñas", "4 stars in the reviews")
_REVIEW_AFTER = re.compile(r"[\s-]*(?:(?:en|in|on|de)\s+(?:(?:las?|los|the)\s+)?)?(?:" + _NOUN
                           + r")\b")
_REVIEW_BEFORE = re.compile(r"\b" + _NOUN + r"\b(?:\s+[a-z]+){0,3}\s*$")
_RATING_CUE_AFTER = re.compile(r"\s*(?:(?:on|in|at|en|de)\s+(?:" + _SITES + r")|en\s+adelante|o\s+(?:mas|mejor|"
                               r"superior)|or\s+(?:more|better|higher|above|up)|and\s+(?:up|above)|"
                               r"\+|min(?:imum|imo)?\b|como\s+minimo|al\s+menos|out\s+of|sobre|/)")
_THRESHOLD_BEFORE = re.compile(r"(?:at\s+least|minimum|min\.?|al\s+menos|como\s+minimo|minimo|"
                               r"more\s+than|over|above|mas\s+de|superior\s+a|>=|≥|>)\s*$")
_CLASS_RE = re.compile(r"(?<![\w.,])(?P<num>[1-5])[\s-]*(?P<unit>stars?|estrellas?|\*|★|⭐)")


def _is_class(free: str, m: re.Match[str]) -> bool:
    g = m.groupdict()
    if not (g["unit"] and g["unit"].startswith(_STARS)):
        return False
    if g["pre"] or g["site"] or g["pct"] or g["lead"] or g["post"] or g["scale"] \
            or not re.fullmatch(r"[1-5]", g["num"]):
        return False  # "4 estrellas o más", "at least 4 stars out of 5": a threshold, a rating
    return _lodging_stars(free, m.start(), m.end())


def _lodging_stars(free: str, start: int, end: int) -> bool:
    """Whole stars in a request about lodging, with no review word just before or after
    them."""
    if _REVIEW_BEFORE.search(free, max(0, start - 40), start) or _REVIEW_AFTER.match(free, end):
        return False  # "opiniones de 4 estrellas", "5 star reviews": the guests' stars
    return bool(_CLASS_BEFORE.search(free, max(0, start - 40), start)
                or _CLASS_AFTER.match(free, end)
                or re.search(r"\b" + _LODGING + r"\b", free))


def star_class(free: str) -> tuple[str, tuple[int, int]] | None:
    """Whole stars named as a lodging's class ("hotel de 4 estrellas", "4-star hotel",
    "hotel 5*"): (the stars as written, span), for a note that they set no rating."""
    folded, free = free, rewrite(free)  # "hotel de cuatro estrellas"
    for m in _CLASS_RE.finditer(free):
        if _lodging_stars(free, m.start(), m.end()) and not _RATING_CUE_AFTER.match(
                free, m.end()) and not _THRESHOLD_BEFORE.search(free, max(0, m.start() - 20),
                                                                m.start()):
            start = widen(folded, free, m.start())
            return folded[start:m.end()], (start, m.end())
    return None
