"""Deterministic free-text query parser: the query → typed values for declared inputs.

No model is involved: each declared input type has an extractor that finds candidate
spans in the query (money, month, date, rating, numbers, places, enum words, author
``pattern`` regexes). Extractors run in a fixed order and *claim* the text they use, so
"September 2026" is not also read as a place and "200 EUR" not as a rating. The parser
never raises on odd input: what it cannot read is reported in ``notes``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scout.schemas.task import DateRange, Money, Month
from scout.spec.models import InputSpec
from scout.task.values import MONTHS, coerce, currency_code, parse_rating

MAX_QUERY_CHARS = 2000  # a query longer than this is cut: parsing stays linear and bounded

_MONTH_WORD = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?" \
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_CUR_SYM = r"(?:[A-Za-z]{0,2}[$€£¥₹₩₽₺₫฿₱₪₴₦])"
_CUR_WORD = (r"(?:eur|euros?|usd|dollars?|bucks|gbp|pounds?|chf|francs?|jpy|yen|inr|rupees?"
             r"|cad|aud|(?-i:[A-Z]{3}))")
_AMOUNT = r"\d{1,3}(?:[.,\s]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?"

_CMP_WORDS: list[tuple[str, str]] = [
    (r"less than|lower than|cheaper than|under|below|max(?:imum)?|up to|at most|no more than"
     r"|not more than|within|<=|≤|<", "<="),
    (r"more than|over|above|at least|min(?:imum)?|>=|≥|>", ">="),
    (r"around|about|approximately|approx\.?|roughly|~", "~"),
]

_MONEY_RE = re.compile(
    r"(?:(?<![\w])(?P<cmp>" + "|".join(w for w, _ in _CMP_WORDS) + r"))?\s*"
    r"(?:(?P<sym>" + _CUR_SYM + r")\s?(?P<a1>" + _AMOUNT + r")"
    r"|(?P<a2>" + _AMOUNT + r")\s?(?P<post>" + _CUR_SYM + r"|" + _CUR_WORD + r")(?![A-Za-z])"
    r"|\b(?P<code>(?-i:[A-Z]{3}))\s?(?P<a3>" + _AMOUNT + r"))"
    r"(?P<per>\s*(?:/|per|a|an)\s*(?:night|day|person|month|week))?",
    re.I,
)

_RATING_WORDS: list[tuple[str, float | None]] = [
    (r"(?:excellent|exceptional|outstanding|superb|amazing|top[- ]rated)", 9.0),
    (r"(?:great|very good|highly rated|well[- ]rated|well[- ]reviewed)", 8.5),
    (r"(?:good|decent|positive|nice|solid)", None),  # None → the input's default
]
_RATING_NOUN = r"(?:reviews?|ratings?|scores?|feedback)"
_RATING_NUM = re.compile(
    r"(?:(?:rated|rating|score|scored|reviews?)\s*(?:of\s*)?(?:at least|above|over|>=|≥|>)?\s*)?"
    r"(?P<num>\d+(?:[.,]\d+)?)\s*(?:(?:/|out of)\s*(?P<scale>\d+))?\s*(?P<plus>\+)?"
    r"\s*(?P<stars>stars?)?(?:\s*(?:or (?:better|more|higher|above)|\+|and up))?",
    re.I,
)
_STOP_AFTER_PLACE = {
    "for", "under", "below", "with", "during", "next", "from", "this", "on", "at", "near",
    "in", "and", "or", "less", "max", "up", "that", "which", "rated", "cheaper", "around",
    "between", "without", "to", "by", "before", "after", "than", "over", "above", "within",
    "where", "who", "having", "offering", "close", "not", "but", "is", "are",
}
_PLACE_FILLERS = {"de", "del", "la", "las", "los", "el", "le", "les", "di", "da", "do", "of",
                  "upon", "sur", "am", "an", "der", "den", "saint", "st", "san", "santa"}
_NOT_PLACES = {"the", "a", "an", "my", "our", "town", "city", "centre", "center", "summer",
               "winter", "spring", "autumn", "fall", "december", "weekend", "budget", "total",
               "advance", "cash", "person", "general", "particular", "euros", "dollars"}


@dataclass
class Found:
    name: str
    value: Any
    span: tuple[int, int]
    text: str


@dataclass
class ParseResult:
    values: dict[str, Any] = field(default_factory=dict)
    spans: dict[str, str] = field(default_factory=dict)  # name → the text it came from
    notes: list[str] = field(default_factory=list)


class _Text:
    """The query with claimed spans blanked out, so extractors never read text twice."""

    def __init__(self, text: str) -> None:
        self.original = text
        self.free = text

    def claim(self, span: tuple[int, int]) -> None:
        a, b = span
        self.free = self.free[:a] + " " * (b - a) + self.free[b:]


def _next_year_for(month: int, today: dt.date) -> int:
    return today.year if month >= today.month else today.year + 1


def _find_month(text: _Text, today: dt.date) -> tuple[Month, tuple[int, int]] | None:
    t = text.free
    m = re.search(r"\b(?P<mon>" + _MONTH_WORD + r")\.?,?\s+(?P<year>(?:19|20|21)\d{2})\b", t, re.I)
    if m and m.group("mon").lower() in MONTHS:
        return Month(year=int(m.group("year")), month=MONTHS[m.group("mon").lower()]), m.span()
    m = re.search(r"\b(?P<year>(?:19|20|21)\d{2})-(?P<mon>0?[1-9]|1[0-2])\b(?!-\d)", t)
    if m:
        return Month(year=int(m.group("year")), month=int(m.group("mon"))), m.span()
    m = re.search(r"\b(?P<next>next\s+|this\s+)?(?P<mon>" + _MONTH_WORD + r")\b\.?", t, re.I)
    if m and m.group("mon").lower() in MONTHS:
        word = m.group("mon").lower()
        # "may" and "mar" are common words: only take them with a cue
        if word in ("may", "mar") and not m.group("next") and not re.search(
            r"\b(?:in|for|during|on)\s+$", t[: m.start()], re.I
        ):
            return None
        month = MONTHS[word]
        year = _next_year_for(month, today)
        if m.group("next") and m.group("next").strip().lower() == "next" and month == today.month:
            year = today.year + 1
        return Month(year=year, month=month), m.span()
    return None


def _find_date(text: _Text, today: dt.date) -> tuple[dt.date | DateRange, tuple[int, int]] | None:
    t = text.free
    m = re.search(r"\b(\d{4}-\d{2}-\d{2})(?:\s*(?:\.\.|to|-|–)\s*(\d{4}-\d{2}-\d{2}))?\b", t)
    if m:
        try:
            a = dt.date.fromisoformat(m.group(1))
            if m.group(2):
                b = dt.date.fromisoformat(m.group(2))
                if b >= a:
                    return DateRange(start=a, end=b), m.span()
            return a, m.span()
        except ValueError:
            pass
    # "15-20 Sept [2026]", "15 to 20 September", "15 Sept 2026"
    m = re.search(
        r"\b(?:from\s+)?(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?(?:\s*(?:-|–|to|until)\s*"
        r"(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?)?\s+(?:of\s+)?(?P<mon>" + _MONTH_WORD + r")\b\.?"
        r"(?:,?\s+(?P<year>(?:19|20|21)\d{2}))?",
        t, re.I,
    )
    if not m:
        # "Sept 15-20 [2026]"
        m = re.search(
            r"\b(?P<mon>" + _MONTH_WORD + r")\.?\s+(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?"
            r"(?:\s*(?:-|–|to|until)\s*(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?)?"
            r"(?:,?\s+(?P<year>(?:19|20|21)\d{2}))?\b",
            t, re.I,
        )
    if m and m.group("mon").lower() in MONTHS:
        month = MONTHS[m.group("mon").lower()]
        year = int(m.group("year")) if m.group("year") else _next_year_for(month, today)
        try:
            start = dt.date(year, month, int(m.group("d1")))
            end = dt.date(year, month, int(m.group("d2"))) if m.group("d2") else start
        except ValueError:
            return None
        if end < start:
            return None
        value: dt.date | DateRange = start if start == end else DateRange(start=start, end=end)
        return value, m.span()
    return None


def _find_money(text: _Text, currency_default: str | None) -> tuple[Money, tuple[int, int]] | None:
    for m in _MONEY_RE.finditer(text.free):
        cur_tok = m.group("sym") or m.group("post") or m.group("code")
        amount_s = m.group("a1") or m.group("a2") or m.group("a3")
        if not amount_s:
            continue
        cur = currency_code(cur_tok) if cur_tok else currency_default
        if cur is None:
            continue
        # a bare 3-letter word after a number is only a currency if we know it
        if m.group("post") and len(m.group("post")) == 3 and m.group("post").isalpha():
            if m.group("post").lower() not in ("eur", "usd", "gbp", "chf", "jpy", "inr", "cad",
                                               "aud") and not m.group("post").isupper():
                continue
        cmp_ = "<="
        if m.group("cmp"):
            word = m.group("cmp").lower()
            for pattern, sym in _CMP_WORDS:
                if re.fullmatch(pattern, word, re.I):
                    cmp_ = sym
                    break
        try:
            amount = _amount(amount_s)
        except ValueError:
            continue
        per = None
        if m.group("per"):
            per = re.sub(r".*?(night|day|person|month|week)$", r"\1", m.group("per").strip(), flags=re.I)
        return Money(amount=amount, currency=cur, comparator=cmp_, per=per), m.span()
    # "under 200" with no currency: only when the input gives us one by default
    if currency_default:
        m = re.search(r"\b(?P<cmp>under|below|less than|max(?:imum)?|up to|at most)\s+"
                      r"(?P<a>" + _AMOUNT + r")\b(?!\s*(?:/|out of|stars?|\+))", text.free, re.I)
        if m:
            return Money(amount=_amount(m.group("a")), currency=currency_default), m.span()
    return None


def _amount(s: str) -> float:
    s = s.replace(" ", "")
    if re.fullmatch(r"\d{1,3}([.,]\d{3})+", s):
        return float(re.sub(r"[.,]", "", s))
    if re.fullmatch(r"\d{1,3}(\.\d{3})+,\d{1,2}", s):
        return float(s.replace(".", "").replace(",", "."))
    if re.fullmatch(r"\d{1,3}(,\d{3})+\.\d{1,2}", s):
        return float(s.replace(",", ""))
    return float(s.replace(",", "."))


def _find_rating(text: _Text, default: float | None) -> tuple[float, tuple[int, int]] | None:
    t = text.free
    for m in _RATING_NUM.finditer(t):
        num_s = m.group("num")
        has_cue = bool(
            m.group("scale") or m.group("plus") or m.group("stars")
            or re.match(r"(?:rated|rating|score|scored|reviews?)", m.group(0), re.I)
        )
        if not has_cue:
            continue
        try:
            num = float(num_s.replace(",", "."))
        except ValueError:
            continue
        if m.group("scale"):
            scale = float(m.group("scale"))
        elif m.group("stars") or num <= 5:
            scale = 5.0
        else:
            scale = 10.0
        if scale <= 0 or num > scale:
            continue
        try:
            return parse_rating(f"{num}/{scale:g}"), m.span()
        except ValueError:
            continue
    for words, value in _RATING_WORDS:
        m = re.search(r"\b" + words + r"\s+" + _RATING_NOUN + r"\b", t, re.I) or re.search(
            r"\b" + _RATING_NOUN + r"\s+(?:that are\s+)?" + words + r"\b", t, re.I
        )
        if m:
            base = default if default is not None else 8.0
            score = base if value is None else max(base, value)
            return score, m.span()
    return None


def _find_place(text: _Text, spec: InputSpec, name: str) -> tuple[str, tuple[int, int]] | None:
    t = text.free
    cues = [re.escape(a) for a in spec.aliases] + [r"in", r"at", r"near", r"around", r"to",
                                                   r"visiting", r"inside"]
    for m in re.finditer(r"\b(?:" + "|".join(cues) + r")\s+(?P<rest>[^\s,.;!?()].*)", t, re.I):
        words = _place_words(m.group("rest"))
        if words:
            value = " ".join(words)
            start = m.start("rest")
            return _title(value), (start, start + len(value))
    # "Barcelona hotels": the first capitalised phrase that is not a command or a month
    for m in re.finditer(r"\b[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,3}", t):
        words = [w for w in m.group(0).split() if w.lower() not in _LEADING_WORDS]
        if words and all(w.lower() not in _NOT_PLACES and w.lower() not in MONTHS for w in words):
            value = " ".join(words)
            i = t.index(value, m.start())
            return value, (i, i + len(value))
    return None


_LEADING_WORDS = {"find", "best", "top", "cheap", "show", "search", "i", "we", "looking",
                  "need", "want", "get", "list", "recommend", "please", "hotels", "hotel",
                  "restaurants", "restaurant", "where", "what", "which"}


def _place_words(rest: str) -> list[str]:
    words: list[str] = []
    for raw in rest.split():
        w = raw.strip(",.;:!?()\"'")
        lw = w.lower()
        if not w or lw in _STOP_AFTER_PLACE or lw in MONTHS or re.match(r"^[\d$€£¥]", w):
            break
        if not re.fullmatch(r"[\w'’-]+", w):
            break
        words.append(w)
        if raw[-1:] in ",.;:!?" or len(words) >= 4:
            break
    while words and words[-1].lower() in _PLACE_FILLERS:
        words.pop()
    if not words or words[0].lower() in _NOT_PLACES or words[0].lower() in _PLACE_FILLERS:
        return []
    return words


def _title(value: str) -> str:
    if value.islower():
        return " ".join(w if w in _PLACE_FILLERS else w[:1].upper() + w[1:] for w in value.split())
    return value


def _find_number(text: _Text, spec: InputSpec, name: str, integer: bool) -> tuple[Any, tuple[int, int]] | None:
    words = [re.escape(w) for w in [name.replace("_", " "), *spec.aliases]]
    alt = "|".join(words)
    num = r"(?P<n>\d+)" if integer else r"(?P<n>\d+(?:[.,]\d+)?)"
    m = re.search(num + r"\s+(?:" + alt + r")\b", text.free, re.I) or re.search(
        r"\b(?:" + alt + r")\s*(?::|=|of)?\s*" + num, text.free, re.I
    )
    if not m:
        return None
    raw = m.group("n").replace(",", ".")
    return (int(raw) if integer else float(raw)), m.span()


def _find_boolean(text: _Text, spec: InputSpec, name: str) -> tuple[bool, tuple[int, int]] | None:
    words = [re.escape(w) for w in [name.replace("_", " "), *spec.aliases]]
    m = re.search(r"\b(?P<neg>no|without|not)?\s*(?:a\s+|an\s+)?(?:" + "|".join(words) + r")\b",
                  text.free, re.I)
    if not m:
        return None
    return (m.group("neg") is None), m.span()


def _find_enum(text: _Text, spec: InputSpec) -> tuple[Any, tuple[int, int]] | None:
    for option in sorted(spec.enum or [], key=len, reverse=True):
        m = re.search(r"\b" + re.escape(option) + r"\b", text.free, re.I)
        if m:
            return option, m.span()
    return None


def _find_pattern(text: _Text, spec: InputSpec) -> tuple[str, tuple[int, int]] | None:
    if not spec.pattern:
        return None
    m = re.search(spec.pattern, text.free, re.I)
    if not m:
        return None
    group = "value" if "value" in m.re.groupindex else (1 if m.re.groups else 0)
    value = m.group(group)
    if value is None or not value.strip():
        return None
    return value.strip(), m.span(group)


# Extraction order: the most specific readings claim their text first.
_ORDER = ["date", "month", "money", "rating", "integer", "number", "boolean", "place",
          "list", "string"]


def parse_query(
    query: str, inputs: dict[str, InputSpec], *, today: dt.date | None = None
) -> ParseResult:
    """Read values for ``inputs`` out of ``query``. Never raises on odd text."""
    today = today or dt.date.today()
    result = ParseResult()
    q = (query or "")[:MAX_QUERY_CHARS]
    if len(query or "") > MAX_QUERY_CHARS:
        result.notes.append(f"query cut to its first {MAX_QUERY_CHARS} characters")
    text = _Text(q)

    def found(name: str, value: Any, span: tuple[int, int]) -> None:
        result.values[name] = value
        result.spans[name] = q[span[0]:span[1]].strip()
        text.claim(span)

    ordered = sorted(inputs.items(), key=lambda kv: (
        0 if kv[1].pattern else 1, _ORDER.index(kv[1].type) if kv[1].type in _ORDER else 99))
    for name, spec in ordered:
        hit: tuple[Any, tuple[int, int]] | None = None
        try:
            if spec.pattern:
                raw = _find_pattern(text, spec)
                if raw is not None:
                    hit = (coerce(spec.type, raw[0], items=spec.items), raw[1])
            elif spec.enum:
                hit = _find_enum(text, spec)
            elif spec.type == "date":
                hit = _find_date(text, today)
            elif spec.type == "month":
                hit = _find_month(text, today)
            elif spec.type == "money":
                default_cur = None
                if spec.default is not None:
                    try:
                        default_cur = coerce("money", spec.default).currency
                    except ValueError:
                        default_cur = None
                hit = _find_money(text, default_cur)
            elif spec.type == "rating":
                default = None
                if spec.default is not None:
                    try:
                        default = coerce("rating", spec.default)
                    except ValueError:
                        default = None
                hit = _find_rating(text, default)
            elif spec.type in ("integer", "number"):
                hit = _find_number(text, spec, name, spec.type == "integer")
            elif spec.type == "boolean":
                hit = _find_boolean(text, spec, name)
            elif spec.type == "place":
                hit = _find_place(text, spec, name)
        except (ValueError, re.error) as exc:  # a bad pattern or value: note it, go on
            result.notes.append(f"{name}: {exc}")
            hit = None
        if hit is not None:
            found(name, hit[0], hit[1])

    # a month input can be read off a date the query gave ("15-20 Sept" → September)
    for name, spec in inputs.items():
        if spec.type == "month" and name not in result.values:
            for other, value in result.values.items():
                start = value.start if isinstance(value, DateRange) else value
                if inputs[other].type == "date" and isinstance(start, dt.date):
                    result.values[name] = Month(year=start.year, month=start.month)
                    result.spans[name] = result.spans[other]
                    break
    return result


#: For callers (and tests) that want one extractor directly.
EXTRACTORS: dict[str, Callable[..., Any]] = {
    "money": _find_money,
    "month": _find_month,
    "date": _find_date,
    "rating": _find_rating,
    "place": _find_place,
}


def find_amounts(text: str) -> list[tuple[Money, tuple[int, int]]]:
    """Every amount with a currency in ``text`` (for price extraction from snippets)."""
    out = []
    t = _Text(text[:MAX_QUERY_CHARS * 5])
    while True:
        hit = _find_money(t, None)
        if hit is None:
            return out
        out.append(hit)
        t.claim(hit[1])
