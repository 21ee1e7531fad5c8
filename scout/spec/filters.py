"""Jinja filters available in every template and expression (reports and specs alike).

They live beside the spec layer because the validator must know their names to reject
an unknown filter before anything runs; they are pure functions with no I/O. The locale
filters import their formatting (scout.i18n.numbers, .values, .messages) when called:
``scout validate`` loads this module for the names alone and formats nothing.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, TypeGuard

from scout import i18n
from scout.i18n import N_
from scout.schemas.task import INPUT_TYPES, RATING_SCALES, Money
from scout.spec.evidence import (
    SYNONYMS_VAR,
    mentions,
    on_dates,
    stated_date,
    stated_year,
    synonym_table,
)
from scout.spec.filtercall import EXPR, arg_rule
from scout.spec.stated import stated
from scout.spec.tiersaid import tier_price
from scout.lazyre import lazy_re

__all__ = ["FILTERS", "SYNONYMS_VAR", "arg_rule", "mentions", "on_dates", "stated", "stated_date",
           "stated_year", "synonym_table", "tier_price"]

FILTERS: dict[str, Any] = {}


def _filter(fn: Any) -> Any:
    FILTERS[fn.__name__.rstrip("_")] = fn
    return fn




_CURRENCY = lazy_re(r"[A-Za-z]{3}")


def _money_args(args: list[Any], kwargs: dict[str, Any]) -> str | None:
    given = [a for a in (*args, kwargs.get("currency")) if isinstance(a, str)]
    if len(given) > 1:
        return "name one currency (money(0, 'EUR'): the decimals, then the currency)"
    bad = next((c for c in given if not _CURRENCY.fullmatch(c)), None)
    return None if bad is None else (f"{bad!r} is no currency: write its ISO 4217 code "
                                     "('EUR', 'USD', 'GBP')")


@_filter
@arg_rule(_money_args)
def money(value: Any, digits: int | str | None = None, currency: str | None = None, *,
          lang: str = "en") -> str:
    """200 EUR → '200 EUR' (en), '200 €' (es), 14.5 EUR → '14.50 EUR' (cents under 100); ``digits`` fixes
    the decimals (``money(0)`` rounds); None → '—'. A mapping a template builds is money
    too when it is one (``{"amount": p.amount / m2, "currency": p.currency}``: a price per
    m²), never the dict's Python text; so is a Jinja ``namespace(amount=..., currency=...)``,
    as a template author first writes one, never its ``<Namespace {...}>``. A bare number
    is money in the ``currency`` given (``total | money('EUR')``, ``| money(0, 'EUR')``,
    ``| money(currency=c.price.currency)``): a number has none of its own."""
    from scout.i18n.values import format_money

    if isinstance(digits, str):  # money('EUR'): the currency, the decimals left as usual
        digits, currency = None, currency or digits
    if isinstance(currency, str) and isinstance(value, (int, float)) \
            and not isinstance(value, bool):
        value = {"amount": value, "currency": currency.upper()}
    if not isinstance(value, (Mapping, Money)) and all(
            hasattr(value, k) for k in ("amount", "currency")):
        value = {k: getattr(value, k) for k in Money.model_fields if hasattr(value, k)}
    if isinstance(value, Mapping) and "amount" in value and "currency" in value:
        try:
            value = Money.model_validate(dict(value))
        except ValueError:
            pass  # not money after all: written as it is
    if isinstance(value, Money):
        return format_money(value, lang, digits)
    return "—" if value is None else str(value)


def _rating_args(args: list[Any], kwargs: dict[str, Any]) -> str | None:
    given = args[0] if args else kwargs.get("scale")
    if given is EXPR or given is None or _a_scale(given):
        return None
    return (f"{given!r} is not a rating scale (one of "
            f"{', '.join(str(s) for s in RATING_SCALES)}, or none for the kind's)")


def _a_scale(scale: Any) -> TypeGuard[int]:
    return not isinstance(scale, bool) and scale in RATING_SCALES


@_filter
@arg_rule(_rating_args)
def rating(value: Any, scale: int | None = None, *, lang: str = "en",
           rating_scale: int = 10) -> str:
    """8.25 → '8.2/10' (en), '8,2/10' (es); None → '—'. On ``scale`` when the template
    names one (``rating(100)`` → '93/100'), else on the kind's (``rating_scale``: its
    rating input's declared ``scale``, which a report's environment binds). A scale no
    rating input may declare (one computed: 0, -5, 7, "100") is the kind's: "-4.2/-5"
    reads as no rating."""
    from scout.i18n.numbers import format_rating

    return format_rating(value, lang, scale if _a_scale(scale) else rating_scale)


# Locale-aware filters: every template may use them; the report environment binds
# ``lang`` to the request's language (scout/report/render.py), elsewhere it is English.
@_filter
def number(value: Any, digits: int | None = None, *, lang: str = "en") -> str:
    """3120 → '3,120' (en), '3120' (es); ``number(1)`` fixes one decimal."""
    from scout.i18n.numbers import format_number

    return format_number(value, lang, digits)


@_filter
def unit(value: Any, word: str = "", digits: int | None = None, *, lang: str = "en") -> str:
    """A number with a unit everyone writes as a word, in the reader's language and the
    number's singular or plural: ``40 | unit("hours")`` → '40 hours', '40 horas';
    ``1 | unit("noches")`` → '1 night', '1 noche' (scout.i18n.unitwords); a word it does
    not know is written as given. None → '—'."""
    from scout.i18n.numbers import format_number
    from scout.i18n.unitwords import say_unit

    if value is None:
        return "—"
    shown = format_number(value, lang, digits)
    return f"{shown} {say_unit(word, i18n.lang_of(lang), value)}" if word else shown


def _listed_args(args: list[Any], kwargs: dict[str, Any]) -> str | None:
    from scout.i18n.lists import CONJUNCTIONS

    given = args[0] if args else kwargs.get("conjunction", "and")
    if given is EXPR or given in CONJUNCTIONS:
        return None
    return f"{given!r} is no conjunction it says: one of {', '.join(CONJUNCTIONS)}"


@_filter
@arg_rule(_listed_args)
def listed(value: Any, conjunction: str = "and", *, lang: str = "en") -> str:
    """A list as a sentence says it, in the reader's language: ``['cut', 'colour',
    'beard'] | listed`` → 'cut, colour and beard', 'cut, colour y beard' (each item as
    given: pass the kind's words through ``l10n`` or ``_`` first when they need it);
    ``listed('or')`` → 'a or b', 'a o b'. A string is one item; None → ''."""
    from scout.i18n.lists import say_list

    if value is None:
        return ""
    items = [value] if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__") \
        else list(value)
    return say_list(items, i18n.lang_of(lang), conjunction)


@_filter
def date(value: Any, form: str = "long", *, lang: str = "en") -> str:
    """A date (or ISO string) in words: 'September 15, 2026', '15 de septiembre de 2026'."""
    from scout.i18n.values import format_date

    return format_date(value, lang, form)


@_filter
def month(value: Any, *, lang: str = "en") -> str:
    """A month: 'September 2026' (en), 'septiembre de 2026' (es)."""
    from scout.i18n.values import format_month

    return format_month(value, lang)


def _value_args(args: list[Any], kwargs: dict[str, Any]) -> str | None:
    given = args[0] if args else kwargs.get("type_name", "")
    if given is EXPR or given == "" or given in INPUT_TYPES:
        return None
    return f"'{given}' is not an input type (one of {', '.join(INPUT_TYPES)})"


@_filter
@arg_rule(_value_args)
def value(v: Any, type_name: str = "", *, lang: str = "en", rating_scale: int = 10,
          units: Mapping[str, str] | None = None) -> str:
    """A Task value by its declared type (money, rating, month, date range, date…); a
    rating on the kind's scale (``rating_scale``, bound as for ``rating``); a length, a
    weight, an area or a volume in the unit the request wrote it in (``units``: Task.shown_units, bound the
    same way: '5 mi (8.05 km)')."""
    from scout.i18n.values import format_value
    from scout.units import display_unit

    # "kms", "millas", "lbs": the parser's spellings, as the display's codes
    shown = {k: display_unit(k, u) for k, u in units.items()} if units else units
    return format_value(v, type_name, lang, rating_scale, shown)


@_filter
def l10n(text: Any, *, lang: str = "en", catalog: Any = None) -> str:
    """English text a step wrote from a msgid (a flag, a notice), in the report's language
    (``catalog``: the report's translations, the project's words included)."""
    from scout.i18n.messages import localize

    return localize(text, lang, catalog=catalog)


#: what an input named for its direction (``min_value``, ``max_km``) is labelled: the
#: word in full, never the name's abbreviation (Spanish "{label} mín.": no gender to agree)
_BOUNDS = {"min": N_("minimum {label}"), "max": N_("maximum {label}")}


def bounded(name: str) -> str | None:
    """The name a leading ``min``/``max`` bounds (``duration`` for ``max_duration``), whose
    label then names the input in a report ("duración máx."), or None."""
    words = [w for w in name.split("_") if w]
    return "_".join(words[1:]) if len(words) > 1 and words[0].lower() in _BOUNDS else None


def _readable(name: str, declared: str, lang: str, catalog: Any) -> str:
    """An input's name as words in ``lang``, where no catalog names it: the underscores as
    spaces, a leading ``min``/``max`` in full ("minimum value", "valor mín." where the
    catalog names "value"), and a word its own description or aliases write in capitals
    or with a hyphen as they write it (``cpv``, "CPV code": "CPV"; ``signup_fee``,
    "sign-up fee": "sign-up fee")."""
    words = [w for w in name.split("_") if w]
    bound = words.pop(0).lower() if bounded(name) else None
    said = [next((m.group(0) for m in re.finditer(_spelt(w), declared, re.I)
                  if m.group(0) != w.lower()), w)
            for w in words]
    rest = " ".join(said) or name
    label = l10n("_".join(words), lang=lang, catalog=catalog) if bound else rest
    if bound is None:
        return rest
    if label == "_".join(words):  # the words themselves, as the name writes them
        label = rest
    gettext = (catalog or i18n.translations(i18n.lang_of(lang))).gettext
    return str(gettext(_BOUNDS[bound])).format(label=label)


def _spelt(word: str) -> str:
    """Where the kind's declared words write ``word`` their own way: in capitals ("CPV"
    for ``cpv``) or with a hyphen inside ("sign-up" for ``signup``, an alias "sign-up
    fee"): a label nobody wrote is the identifier's words as the kind spells them."""
    return r"(?<![\w-])" + "-?".join(map(re.escape, word)) + r"(?![\w-])"


def _declared(spec: Any) -> str:
    """The words an input's declaration says it with: its description and aliases."""
    if isinstance(spec, Mapping):
        spec = type("Spec", (), dict(spec))
    aliases = getattr(spec, "aliases", None) or []
    return " ".join([str(getattr(spec, "description", None) or ""),
                     *(str(a) for a in aliases)])


@_filter
def input_labels(names: Any, inputs: Any = None, *, lang: str = "en",
                 catalog: Any = None) -> dict[str, str]:
    """Each request input's label where a request is shown (the report's "What you
    asked" table, the dashboard's request): its name in the reader's language (``l10n``),
    or, where no catalog names it, its name as words (``_readable``: "minimum value" for
    ``min_value``, "CPV" for ``cpv`` when ``inputs``, the kind's declarations, write it
    so), with the name itself beside it when another input's label reads the same
    ("field" and "campo" both "campo": "campo (field)"). The one rule both reports and
    the dashboard follow."""
    names = list(names or [])
    specs = inputs if isinstance(inputs, Mapping) else {}
    labels = {}
    for n in names:
        label = l10n(n, lang=lang, catalog=catalog)
        if label == n:  # no catalog names it: words, never the identifier
            label = _readable(n, _declared(specs.get(n)), lang, catalog)
        labels[n] = label
    said = list(labels.values())
    return {n: f"{label} ({n.replace('_', ' ')})"
            if label != n.replace("_", " ") and said.count(label) > 1 else label
            for n, label in labels.items()}


@_filter
def input_unit(text: Any, spec: Any = None, label: Any = None, *, lang: str = "en",
               catalog: Any = None) -> str:
    """A plain number input's value as shown (``text``) with the unit its declaration
    says (``scout.spec.inputunit``: "600" → "600 Mbps" for a speed described "in Mbps");
    a unit everyone writes as a word in the reader's language and the number's singular
    or plural ("1 mes", "3 nights": scout.i18n.unitwords), another ("fathoms") through
    the kind's catalog, left out where the catalog does not say it in that language, or where the
    input's ``label`` as shown says it already ("temperature (°C)", "edad en meses").
    Unchanged for any other input."""
    from scout.i18n.unitwords import say_unit, unit_of
    from scout.spec.inputunit import declared_unit, is_word, with_unit

    unit = declared_unit(spec) if spec is not None else None
    code = i18n.lang_of(lang)
    known = unit_of(unit)
    if known is not None:  # hours, nights: in the reader's words, as many as the number
        unit = say_unit(known, code, text)
    elif unit is not None and is_word(unit):
        said = l10n(unit, lang=lang, catalog=catalog)
        unit = said if said != unit or code == "en" else None
    if unit is not None and isinstance(label, str) and (re.search(
            rf"(?<!\w){re.escape(unit)}(?!\w)", label, re.I) or known is not None and any(
            unit_of(w) == known for w in re.findall(r"[^\W\d_]+", label))):
        unit = None
    return with_unit(str(text), unit, code)


@_filter
def usd(value: Any, *, lang: str = "en") -> str:
    """A cost in dollars, cents shown to four places below one cent: '$0.0050' (en),
    '0,0050 US$' (es)."""
    from scout.i18n.numbers import format_money_parts

    if value is None:
        return "—"
    v = float(value)
    digits = 4 if 0 < v < 0.01 else 2
    if i18n.lang_of(lang) == "en":
        return f"${v:.{digits}f}"
    return format_money_parts(v, "USD", lang, digits)


@_filter
def pct(value: Any) -> str:
    return "—" if value is None else f"{float(value) * 100:.0f}%"


#: what makes a line something else than a paragraph's text: a heading, a quote, a
#: list item, a thematic break or setext underline, a code fence
_BLOCK_START = lazy_re(r"^(?:[#>=]|[-+*](?=\s|$)|[-*_](?=\s*[-*_]\s*[-*_])|`{3}|~{3})")
_NUMBERED = lazy_re(r"^(\d{1,9})([.)])(?=\s|$)")
_WEB_ADDRESS = lazy_re(r"\b((?:https?|ftp)):(?=//)", re.I)
#: ``www.`` where GFM's extended autolink starts: a line's start, after a space or ( * _ ~
_WWW = lazy_re(r"(?:(?<=^)|(?<=[\s(*_~]))(www)\.", re.I | re.M)


def no_autolink(text: str) -> str:
    """``text`` with no bare address a viewer would link: ``https\\://`` and
    ``www\\.`` still read "https://" and "www.", but GitHub and GitLab, which link a
    bare address in Markdown, make no link of an address a page or a model wrote."""
    text = _WEB_ADDRESS.sub(r"\1\\:", text)
    return _WWW.sub(r"\1\\.", text) if "ww" in text.lower() else text



def literal_line(text: str) -> str:
    """A line of text with its leading block marker (``#``, ``>``, ``-``, ``1.``, ``===``,
    a code fence) escaped, so it reads as the text it is at a Markdown line's start."""
    if _BLOCK_START.match(text):
        return "\\" + text
    return _NUMBERED.sub(r"\1\\\2", text)


@_filter
def md_cell(value: Any) -> str:
    """Outside text as one line of Markdown text, safe inside a table cell and at a line's
    start: no newlines; pipes, brackets and backslashes escaped (a ``|`` splits a cell,
    ``[x](url)`` is a link the text's author chose and ``[3]`` a page's own footnote mark,
    never one of the report's citations); a web address's ``:`` escaped, so no viewer
    makes a link of it (nor of a bare ``www.``); and a leading block marker escaped, so a hotel
    named "# Best" or a model's sentence "1. ..." stays the text it is where a template
    writes it first on a line."""
    text = re.sub(r"\s+", " ", str("" if value is None else value)).strip()
    text = re.sub(r"([\\|\[\]])", r"\\\1", text)
    return literal_line(no_autolink(text))


@_filter
def duration(seconds: Any, lang: str = "en") -> str:
    """Seconds as a length people read: 912 → '15 min 12 s', 5400 → '1 h 30 min'."""
    from scout.i18n.numbers import format_duration

    return format_duration(seconds, lang)


@_filter
def timestamp(seconds: Any) -> str:
    """95 → '1:35'; '—' for what is no moment of a video (NaN, infinite, negative: a
    provider's broken figure, which int() raised on)."""
    try:
        raw = float(seconds or 0)
    except (TypeError, ValueError):
        return "—"
    if not 0 <= raw < math.inf:
        return "—"
    s = int(raw)
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


@_filter
def isodate(value: Any) -> str:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return str(value or "")


@_filter
def shorten(value: Any, width: int = 200) -> str:
    text = re.sub(r"\s+", " ", str(value or "")).strip()
    return text if len(text) <= width else text[: width - 1].rsplit(" ", 1)[0] + "…"


#: the filters that read a record's own words (scout.spec.evidence, scout.spec.stated)
RECORD_READERS = (stated, mentions, on_dates, stated_date, stated_year, tier_price)
for _fn in RECORD_READERS:
    _filter(_fn)


@lru_cache(maxsize=1)
def field_words() -> tuple[str, ...]:
    """Every word rank's "could not check: {criterion}" may name a guarded value by
    (scout.steps.rank_unknown): the fields a ``where`` reads on a candidate or a video
    (``view_count`` → view count) and the filters that read a record's words. The report
    says them in the reader's language ("no se pudo comprobar: duración"), so each is a
    msgid (scout.report.messages), taken from the models: a new field is a new msgid."""
    from scout.schemas.records import Candidate
    from scout.schemas.sources import Video

    names = {*Candidate.model_fields, *Video.model_fields, "evidence_count", "year",
             *(fn.__name__ for fn in RECORD_READERS)}
    return tuple(sorted(n.replace("_", " ") for n in names))
