"""Chat shorthand typed on a phone, written out in the request's language before any reader.

People typing a request as a chat message shorten the small words the readers key on, so
the value after them went unread or kept the shorthand: Spanish "menos d 100 €", "20 d
dic", "conciertos d jazz" (de), "x 2 noches", "x persona", "x la tarde", "tapas x
Sevilla" (por), "pa mañana", "pal visado" (para, para el), "q no pase", "k tenga" (que),
"tb" / "tmb" (también), "xfa" / "porfa" (por favor), "presu" (presupuesto), "mñn"
(mañana), words clipped in speech: "furgo" (furgoneta), "intro" (introducción); English "nxt wknd", "this w/e", "nxt wk", "tmrw", "2nite", "frm jan", "til sun", "b4 friday",
"gd reviews", "intro course" (introductory), "fri", "back sun", "sat 10am", "200k+ usd a yr" (or more), "5 yrs exp", "€180/nt", "looking 4 a studio" (for) and "madrid
2 lisbon" (to). :func:`written_out` writes each as its word, so the date reader sees
"next weekend", the money reader "por persona" and the subject reader "conciertos de jazz".

Each is a word of its own (never part of one: "dni", "pasa", "q1", "x2", "4x4"), and the
ambiguous ones only where they cannot be something else: "x" not between numbers ("1920 x
1080", "2 x 100 €" are times, "model x" a name), "k" not after a number ("2 k" is thousands), "4" only
before what "for" introduces ("4 a studio", "4 new year's eve": "4 nights" is a count),
"2" only between two names the gazetteer knows ("london 2 manchester": "for 2 people" is
a count). The Spanish ones only in a Spanish request ("pa", "d" and "x" are other things
in English), the English ones only in an English one.
"""

from __future__ import annotations

import functools
import re

from scout.task.lang import fold

# a shorthand word stands alone: no letter, digit or joining mark right before or after it
_ALONE_BEFORE = r"(?<![\w'’.\-/@#])"
_ALONE_AFTER = r"(?![\w'’\-/@])"

_SPANISH: list[tuple[str, str]] = [
    # "de" / "por" / "que" before the word they introduce ("d jazz", "x persona", "q no"),
    # "por" not between numbers ("2 x 100 €"), "que" as "k" not after one ("2 k euros")
    (r"d(?=[ \t]+[\w€$£])", "de"),
    (r"(?<!\d[ \t])(?<!model[ \t])(?<!modelo[ \t])(?<!iphone[ \t])(?<!serie[ \t])"
     r"(?<!talla[ \t])x(?=[ \t]+[\w€$£])", "por"),  # not "model x", "talla x l"
    (r"q(?=[ \t]+[^\W\d_])", "que"),
    (r"(?<!\d[ \t])k(?=[ \t]+[^\W\d_])", "que"),
    (r"pal(?=[ \t]+\w)", "para el"),
    (r"pa['’]l(?=[ \t]+\w)", "para el"),
    (r"(?:pa|xa)['’]?(?=[ \t]+[\w¿])", "para"),
    (r"(?<!\d[ \t])(?:tb|tmb|tbn)", "también"),  # "1 tb" is a terabyte
    (r"xfa|xfavor|porfa|porfi", "por favor"),
    (r"presu", "presupuesto"),
    # words clipped as Spain speaks them: "q me recojan con furgo", "curso intro de python"
    (r"furgo|furgos", "furgoneta"),
    (r"intro(?![ \t]+(?:a|al)\b)", "introducción"),  # "una intro a R" is a noun's
    (r"mñn|mñna", "mañana"),
]

# "I sat 2 hours": a verb after its subject
_NOT_AFTER_PRONOUN = r"(?<!\bi[ \t])(?<!\bwe[ \t])(?<!\bhe[ \t])(?<!\bshe[ \t])(?<!\bthey[ \t])(?<!\byou[ \t])"

_ENGLISH: list[tuple[str, str]] = [
    (r"nxt", "next"),
    (r"wknd|wkend|wkd", "weekend"),
    (r"wks", "weeks"),
    (r"wk", "week"),
    (r"tmrw|tmrow|tmrrw|tmw|tmr|2moro|2morrow|2mrw", "tomorrow"),
    (r"2nite|2night|tonite", "tonight"),
    (r"frm", "from"),
    (r"til|till|untill", "until"),
    (r"b4", "before"),
    (r"gd", "good"),
    (r"nr(?=[ \t]+(?:me|us|here|the|my|our|an?)\b)", "near"),  # "nr 5" is a number
    (r"yrs", "years"),
    (r"yr", "year"),
    (r"(?<=years[ \t])exp", "experience"),
    # a course's level clipped: "intro data science course", "an intro class" ("an intro
    # to statistics" is the noun, an introduction, and its topic)
    (r"intro(?![ \t]+(?:to|into|music|song|video|scene|section|track)\b)", "introductory"),
    # weekdays shortened: "fri", "thurs"; the ones that are also words ("sun", "sat",
    # "wed", "mon") only after what names a day ("back sun", "until sat", "this wed"),
    # before a part of the day ("sat night") or a length of time ("sat 2hrs": a terse
    # request's day, not a verb's past; before an hour see :func:`weekdays_before_hours`)
    (r"fri|tues?|thu|thurs?|weds", "{day}"),
    (r"(?:sun|sat|wed|mon)(?=[ \t]+(?:night|morning|afternoon|evening|am|pm)\b)", "{day}"),
    (_NOT_AFTER_PRONOUN + r"(?:sun|sat|wed|mon)(?=[ \t]+\d{1,2}[ \t]*(?:h|hrs?|hours?)\b)", "{day}"),
    # "for" before what it introduces: an article, a possessive, a feast or a day
    (r"(?<=[^\W\d_][ \t])4(?=[ \t]+(?:an?|the|my|our|me|us|this|that|next|new|christmas|"
     r"xmas|easter|nye|tonight|tomorrow|the)\b)", "for"),
]

# the weekdays that are also words, after what names a day: "back sun", "until sat"
_DAY_AFTER_CUE = re.compile(r"(?P<cue>\b(?:on|this|next|until|back|from|by|before|every|and|"
                            r"to|or)[ \t]+)(?P<day>sun|sat|wed|mon)" + _ALONE_AFTER
                            # not a name's first word: "to sun valley"
                            + r"(?![ \t]+(?!(?:and|or|to|until|night|morning|afternoon|evening)\b)"
                            r"[^\W\d_])", re.IGNORECASE)
# British chat's "w/e" after what names a weekend: "this w/e", "next w/e" ("w/e" alone is
# also "whatever")
_WEEKEND = re.compile(r"(?P<cue>\b(?:this|next|nxt|the|that|every|over\s+the)[ \t]+)w/e(?![\w/])",
                      re.IGNORECASE)
# "200k+ usd", "150+ €": an amount and "+" before its currency, "or more" said short
_PLUS = re.compile(r"(?<![\w.,])(?P<n>\d[\d.,]*[kKmM]?)\+[ \t]*(?P<cur>[^\W\d_]+|[€$£¥₹])(?!\w)")
_OR_MORE = {"es": "o más", "en": "or more"}
# "max 700e", "hasta 90 e/noche", "500-700e": an "e" typed for the euro sign after an
# amount, in either language, only where the amount is money by what is around it: a cap's
# or a floor's word before it, a range's other end, or a period or a head after it ("16e"
# and "E300" alone are models; "e" before a name is the Spanish "y")
_CAP_WORD = (r"(?:m[aá]x(?:imo|imum)?\.?|m[ií]n(?:imo|imum)?\.?|hasta|under|below|up[ \t]+to|"
             r"at[ \t]+most|at[ \t]+least|budget(?:[ \t]+of)?|presupuesto(?:[ \t]+de)?|"
             r"tope(?:[ \t]+de)?|(?:less|more|cheaper)[ \t]+than|over|around|about|unos|desde|"
             r"from|(?:por[ \t]+)?menos[ \t]+de|(?:no[ \t]+)?m[aá]s[ \t]+de|por[ \t]+debajo[ \t]+de|"
             r"por[ \t]+encima[ \t]+de|entre|between)")
_E_AMOUNT = r"\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?"
# the "e" glued to the amount, or apart from it only at the clause's end or before a unit's
# word ("max 700 e", "90 e al mes"; "2 e Ibiza" is "2 and Ibiza")
_E = (r"(?:e|[ \t]e(?=[ \t]*(?:$|[^\w\s]|(?:al|la|el|por|per|a|each|cada|x)\b)))"
      r"(?![\w'’@+-])")
_E_AFTER_CAP = re.compile(r"(?P<cue>\b" + _CAP_WORD + r"[ \t]+)(?P<n>" + _E_AMOUNT + r")"
                          + _E, re.IGNORECASE)
# a range's second end: "500-700e", "entre 500e y 700e" (its first end read by the cap's)
_E_RANGE = re.compile(r"(?<![\w.,])(?P<cue>(?:" + _E_AMOUNT + r")[ \t]*(?:(?:e|€)[ \t]*)?"
                      r"(?:[-–]|(?:y|and|to|a)(?=[ \t]))[ \t]*)"
                      r"(?P<n>" + _E_AMOUNT + r")" + _E, re.IGNORECASE)
_E_PER = re.compile(r"(?<![\w.,])(?P<cue>)(?P<n>" + _E_AMOUNT + r")[ \t]?e(?![\w'’@+-])"
                    r"(?=[ \t]*/[ \t]*[^\W\d_]|[ \t]+(?:al|la|el|por|per|a|an|each|cada|x)[ \t]+"
                    r"(?:mes|month|noche|night|d[ií]a|day|semana|week|a[nñ]o|year|persona|person|"
                    r"pax|cabeza|head|hora|hour)s?\b)", re.IGNORECASE)
# "/nt": a night, in either language ("€180/nt", "90€/nt")
_PER_NIGHT = re.compile(r"/[ \t]*nt\b", re.IGNORECASE)
# "X 2 Y": the digit between two words, "to" when both are places the gazetteer knows
_TWO = re.compile(r"(?P<before>(?:[^\W\d_]+[ \t]+){0,2}[^\W\d_]+)[ \t]+2[ \t]+(?P<after>[^\W\d_]+)")


_DAYS = {"fri": "friday", "tue": "tuesday", "tues": "tuesday", "thu": "thursday",
         "thur": "thursday", "thurs": "thursday", "weds": "wednesday", "wed": "wednesday",
         "sun": "sunday", "sat": "saturday", "mon": "monday"}


def _compiled(table: list[tuple[str, str]], flags: int = 0) -> list[tuple[re.Pattern[str], str]]:
    return [(re.compile(_ALONE_BEFORE + "(?:" + p + ")" + _ALONE_AFTER, flags), full)
            for p, full in table]


# Spanish shorthand typed in lower case only: "PA", "D", "TB" in capitals amid ordinary
# writing are initials ("sala con PA y proyector"); a request typed all in capitals is
# written in lower case before (scout.task.chat.unshouted). English's "Fri", "NXT" are it.
_BY_LANG = {"es": _compiled(_SPANISH), "en": _compiled(_ENGLISH, re.IGNORECASE)}


def _places_either_side(m: re.Match[str]) -> bool:
    """The words before the "2" end a known place's name and the word after starts one."""
    from scout.task.gazetteer import known_place_words

    before = fold(m.group("before")).split()
    ends_place = any(known_place_words(before[-n:]) == n for n in range(1, len(before) + 1))
    return ends_place and known_place_words([fold(m.group("after"))]) >= 1


def _to_between_places(text: str) -> str:
    out, last = [], 0
    for m in _TWO.finditer(text):
        if _places_either_side(m):
            two = text.index("2", m.end("before"))
            out += [text[last:two], "to"]
            last = two + 1
    return "".join(out) + text[last:]


# the weekdays that are also words, before an hour: "sat 10am", "sun 18:00"
_HOUR_DAY = re.compile(_ALONE_BEFORE + _NOT_AFTER_PRONOUN + r"(?P<day>sun|sat|wed|mon)(?=[ \t]+(?:at[ \t]+)?"
                       r"\d{1,2}(?:(?:[:.]\d{2})?[ \t]*(?:am|pm|a\.m\.|p\.m\.)|:\d{2})(?!\w))",
                       re.IGNORECASE)


def weekdays_before_hours(text: str, lang: str) -> str:
    """``text`` with an English weekday's short form that is also a word written out
    before an hour ("sat 10am", "sun at 6pm", "wed 18:00"); run before the times of day
    are taken out of the request (:func:`scout.task.noise.untimed`), which would leave
    "sat" alone."""
    if lang != "en":
        return text
    return _HOUR_DAY.sub(lambda m: _cased(m.group("day"), _DAYS[m.group("day").lower()]), text)


def written_out(text: str, lang: str) -> str:
    """``text`` with the chat shorthand of its language (``lang``: "es" or "en") written
    out; other text unchanged."""
    if not text:
        return text
    text = _PER_NIGHT.sub("/night", text)
    if "e" in text or "E" in text:
        text = euro_e(text)
    for pattern, full in _BY_LANG.get(lang, []):
        text = pattern.sub(functools.partial(_full, full), text)
    if lang == "en":
        text = _WEEKEND.sub(lambda m: m.group("cue") + "weekend", text)
        text = _DAY_AFTER_CUE.sub(lambda m: m.group("cue") + _cased(
            m.group("day"), _DAYS[m.group("day").lower()]), text)
    if "+" in text:
        text = _PLUS.sub(lambda m: _or_more(m, lang), text)
    if " 2 " in text or "\t2" in text:
        text = _to_between_places(text)
    return text


def euro_e(text: str) -> str:
    """``text`` with an "e" typed for the euro sign after an amount written "€" where the
    amount is money by its words (:data:`_E_AFTER_CAP`, :data:`_E_RANGE`, :data:`_E_PER`):
    "max 700e" → "max 700€", "hasta 90 e/noche" → "hasta 90€/noche"."""
    for pattern in (_E_AFTER_CAP, _E_RANGE, _E_PER):
        text = pattern.sub(lambda m: m.group("cue") + m.group("n") + "€", text)
    return text


def _full(full: str, m: re.Match[str]) -> str:
    """What the shorthand ``m`` stands for ("{day}": the weekday it shortens)."""
    typed = m.group(0)
    return _cased(typed, _DAYS[typed.lower()] if full == "{day}" else full)


def _or_more(m: re.Match[str], lang: str) -> str:
    """"200k+ usd" as "200k usd or more" when the word after the "+" is a currency's."""
    from scout.task.cldr import currencies

    cur = m.group("cur")
    money = currencies()
    if cur.upper() in money.iso or fold(cur) in money.heads or cur in money.symbols \
            or fold(cur) in money.names:
        return f"{m.group('n')} {cur} {_OR_MORE.get(lang, 'or more')}"
    return m.group(0)


def _cased(typed: str, full: str) -> str:
    """``full`` as ``typed`` was written: "NXT" → "NEXT" (a shouted request stays so)."""
    return full.upper() if typed.isupper() and len(typed) > 1 else full
