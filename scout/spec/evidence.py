"""The filters that read a record's own words (its name, aliases and evidence texts):
``mentions`` (words it names, with the pipeline's synonyms, not negated), ``on_dates`` (a
date inside the span asked), ``stated_date`` (the day it states, e.g. for a deadline) and
``stated_year`` (the year it came out: scout/spec/yearsaid.py), and what every record
reader shares: the record's texts (:func:`record_texts`) and the rules for ``pick`` and
``of``. ``stated`` (a quantity it states) is :mod:`scout.spec.stated`. Registered with
the other filters in :mod:`scout.spec.filters`; pure functions, no I/O.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from scout.spec.filtercall import EXPR, arg_rule
from scout.text import AT_NOON, fold

#: what ``pick`` may say when sources disagree
PICKS = ("max", "min", "first")


#: The characters of one text a record reader reads: a page's text is kept to the page
#: adapter's ``max_text_chars`` (20,000 by default), a snippet to a few hundred; a text
#: longer than this is no page a reader reads whole, and every reader's time grows with it
#: (tests/hardening/test_reader_cpu.py times each on 150 KB of hostile text)
READ_CHARS = 200_000


def record_texts(value: Any) -> list[str]:
    """The texts a record reader reads: a text itself, or a record's (a candidate, a
    source, a dict) name, title, text, aliases and its evidence's texts; each up to
    :data:`READ_CHARS` characters."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value[:READ_CHARS]]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in record_texts(v)]
    get = value.get if isinstance(value, dict) else (lambda k, d=None: getattr(value, k, d))
    out = [str(get("name", "") or ""), str(get("title", "") or ""), str(get("text", "") or "")]
    out += [str(a) for a in get("aliases", None) or []]
    for ev in get("evidence", None) or []:
        out += record_texts(ev)
    return [t[:READ_CHARS] for t in out if t]


def pick_problem(pick: Any) -> str | None:
    if pick not in PICKS:
        return f"pick must be one of {', '.join(PICKS)}, not {pick!r}"
    return None


def of_problem(of: Any, key: str = "of") -> str | None:
    if of is None or of is EXPR:
        return None
    words = [of] if isinstance(of, str) else of
    if not isinstance(words, (list, tuple)) or not words or \
            any(w is not EXPR and not str(w).strip() for w in words):
        must = "must not" if key == "not_of" else "must"
        return f"{key} names the words a value {must} stand next to: a word or a list of words"
    return None


#: the scope variable that carries the pipeline's synonym table to ``mentions`` (set by
#: the rank step and the phase scopes; a report finds it from ``pipeline``)
SYNONYMS_VAR = "_scout_synonyms"


def synonym_table(inputs: Any) -> dict[str, tuple[str, ...]]:
    """Folded word → every folded word of its group, from the inputs' ``enum`` and
    ``synonyms`` (``hybrid``, ``híbrido`` → both): ``mentions`` finds a canonical enum word
    by any of its synonyms in a listing, in either language, and the other way round."""
    table: dict[str, set[str]] = {}
    for spec in (inputs or {}).values():
        synonyms = getattr(spec, "synonyms", None) or {}
        for value in getattr(spec, "enum", None) or []:
            group = {fold(str(w)).strip() for w in [value, *synonyms.get(value, [])]} - {""}
            for word in group:
                table.setdefault(word, set()).update(group)
    return {word: tuple(sorted(group)) for word, group in table.items() if len(group) > 1}


def enum_words(inputs: Any) -> list[str]:
    """Every ``enum`` value and synonym of the inputs, as written: the kind's own words
    for the categories it lists (``dentist``, ``clínica dental``, ``hybrid``)."""
    words: list[str] = []
    for spec in (inputs or {}).values():
        synonyms = getattr(spec, "synonyms", None) or {}
        for value in getattr(spec, "enum", None) or []:
            words += [str(value), *(str(w) for w in synonyms.get(value, []))]
    return words


def enum_values(inputs: Any) -> list[list[tuple[str, ...]]]:
    """Per input with an ``enum``: each value's words (the value, then its synonyms), so
    a caller can tell two values of one input apart (``british`` from ``american``)."""
    out: list[list[tuple[str, ...]]] = []
    for spec in (inputs or {}).values():
        synonyms = getattr(spec, "synonyms", None) or {}
        values = [(str(v), *(str(w) for w in synonyms.get(v, []))) for v in getattr(spec, "enum", None) or []]
        if len(values) > 1:
            out.append(values)
    return out


def mentions(value: Any, words: Any, every: bool = True, *,
             synonyms: dict[str, tuple[str, ...]] | None = None) -> bool:
    """Whether a record (its name, aliases and evidence) or a text names ``words`` (one
    word or a list), accent- and case-blind: ``c | mentions(task.features)`` for required
    features. A word is found by any word of its synonym group (``synonyms``: the
    pipeline's, from :func:`synonym_table`; templates get it bound), so ``hybrid`` finds
    "híbrido". ``every=false``: any one of them is enough. No words: true."""
    wanted = [words] if isinstance(words, str) else list(words or [])
    folded = [fold(str(w)).strip() for w in wanted if str(w).strip()]
    if not folded:
        return True
    text = " ".join(fold(t) for t in record_texts(value))
    table = synonyms or {}

    def found(word: str) -> bool:
        return any(_named(alt, text) for alt in table.get(word, (word,)))

    hits = [found(w) for w in folded]
    return all(hits) if every else any(hits)


# A word a listing negates is not one it names: "no pets", "not furnished", "sin
# mascotas", "no se admiten mascotas", "mascotas: no", "furnished? no", and refused after
# it, as notices write it: "pets not allowed", "bikes are not permitted", "bicicletas no
# admitidas", "mascotas prohibidas", or said to be absent, as a product's spec sheet says of
# a part or an extra: "hydraulic brakes not fitted", "charger not included", "frenos
# hidráulicos no incluidos", "wifi no disponible". The negation reaches at most two words
# across and stops at punctuation ("no smoking, pets welcome" names pets).
_NEGATION = r"(?:no|not|non|sin|without|ni|nor|never|nunca)"
# A word joined by a hyphen to a prefix that negates or halves it is not named either:
# "non-refundable" is no refundable rate, "self-catered" no catered hall, "semi-furnished"
# no furnished flat, "en-suite" no suite; nor is one a "-free" or "-less" suffix rules out
# ("pet-free building", "smoke-free"), and "free" is not named by such a suffix
# ("gluten-free menu" is no free entry). A one-letter prefix still names the word ("e-bike",
# "T-shirt"), and so does a compound the word opens ("pet-friendly").
_JOINED_NOT = (r"(?:non|no|not|un|self|semi|half|part|partly|partially|pseudo|anti|ex|en|"
               r"sin|medio|media)")
_REFUSED = (r"(?:" + _NEGATION + r"\s+(?:be\s+)?(?:allowed|permitted|accepted|admitted|welcome|"
            r"admitid[oa]s?|permitid[oa]s?|aceptad[oa]s?|"
            # absent: "not fitted", "not included", "no incluidos", "no disponible"
            r"fitted|included|supplied|provided|installed|available|offered|"
            r"incluid[oa]s?|instalad[oa]s?|montad[oa]s?|disponibles?|ofrecid[oa]s?)|"
            r"prohibited|forbidden|banned|prohibid[oa]s?)(?!\w)")


def _named(word: str, text: str) -> bool:
    """Whether ``text`` (folded) names ``word`` at least once without negating it, each
    of its words singular or plural as the request reader reads an enum word (``teen``
    finds "teens", ``tapa blanda`` "tapas blandas", ``adolescent`` "adolescents")."""
    starts = [m.start() for m in _word_pattern(word).finditer(text)]
    if not starts:
        # every negation pattern holds the word itself (group 1): a text that does not
        # name it negates nothing, so a word no record names never compiles its six
        # negation patterns (the first compile of each was a mission's largest `re` cost)
        return False
    negated = {m.start(1) for rx in _negations(word) for m in rx.finditer(text)}
    # "salida al medio día" names the hour, not the half day a synonym "medio día" is
    noon = [m.span("noon") for m in AT_NOON.finditer(text)]
    return any(start not in negated and not any(a <= start < b for a, b in noon)
               for start in starts)


def _word_regex(word: str) -> str:
    """The regular expression that names ``word``, for :func:`_word_pattern` and the
    negations (:func:`_negations`) that hold it."""
    # a code of several parts is not named by a longer code that extends it: "cc-by" is
    # not in "CC-BY-NC-SA", "usb c" not in "USB C-3" (a plain word is: "pet-friendly")
    extended = r"(?!-\w)" if "-" in word or " " in word else ""
    return r"(?<!\w)" + r"\s+".join(
        re.escape(part) + (r"(?:e?s)?" if len(part) >= 3 and part[-1].isalpha() else "")
        for part in word.split()) + r"(?!\w)" + extended


@functools.lru_cache(maxsize=2048)
def _word_pattern(word: str) -> re.Pattern[str]:
    """The pattern that names ``word``, for :func:`_named`: built once per word, not once
    per record and filter call (a mission's filters ask the same words of every candidate)."""
    return re.compile(_word_regex(word))


@functools.lru_cache(maxsize=2048)
def _negations(word: str) -> tuple[re.Pattern[str], ...]:
    """The patterns that negate ``word`` (group 1: where the word stands), for
    :func:`_named`, built once per word and only for a word some text names."""
    w = _word_regex(word)
    # a phrase that says its own negation ("no waiting periods", "sin carencias") is not
    # undone by another before it: "no copayments and no waiting periods" names both
    negations = [re.compile("(" + w + r")\s*[:?=]\s*" + _NEGATION + r"(?!\w)"),
                 re.compile("(" + w + r")(?:\s+[^\W\d_]+){0,2}\s+" + _REFUSED),
                 re.compile(r"(?<![\w-])" + _JOINED_NOT + "-(" + w + ")"),
                 re.compile("(" + w + r")-(?:free|less)(?!\w)")]
    if not re.match(_NEGATION + r"\s", word):
        negations.append(re.compile(r"(?<!\w)" + _NEGATION + r"(?:\s+[^\W\d_]+){0,2}\s+(" + w + ")"))
    # "free" as the suffix of another word ("gluten-free menu", "car-free centre") is
    # free of that thing, not free of charge: no "free" named
    if word in ("free", "gratis"):
        negations.append(re.compile(r"[^\W\d_]-(" + w + ")"))
    return tuple(negations)


@arg_rule(lambda args, kwargs: of_problem(kwargs.get("of")))
def on_dates(value: Any, span: Any, of: Any = None) -> bool | None:
    """Whether a record (its name, aliases and evidence) or a text states a date inside
    ``span`` (a Task's date range, month or day): ``event | on_dates(task.dates)``. None
    when it states no date, so ``is not false`` keeps it (scout/spec/datesaid.py). A date
    labelled as a deadline, a sale or a publication is not the record's; ``of``: only the
    dates labelled with these words (``on_dates(task.dates, of=['deadline'])``)."""
    from scout.spec.datesaid import on_dates as said

    wrong = of_problem(of)
    if wrong:
        raise ValueError(f"on_dates: {wrong}")
    return said(record_texts(value), span, of)


def _stated_date_args(args: list[Any], kwargs: dict[str, Any]) -> str | None:
    if args:
        return "name the words with of=, e.g. stated_date(of=['deadline', 'plazo'])"
    pick = kwargs.get("pick", "max")
    return of_problem(kwargs.get("of")) or (None if pick is EXPR else pick_problem(pick))


@arg_rule(_stated_date_args)
def stated_date(value: Any, *, of: Any = None, pick: str = "max",
                near: Any = None) -> Any:
    """The day a record (its name, aliases and evidence) or a text states, as a date:
    labelled with the words ``of`` (``conf | stated_date(of=['deadline', 'plazo'])``, when
    the call for papers closes), else its own dates (``pick='min'``: when it starts).
    Sources that disagree: ``pick`` the ``max`` (default: an extended deadline is the
    later one), ``min`` or ``first``. A year left out is the one nearest ``near`` (a date;
    default today). ``none`` when nothing states one, so a ``where`` can keep the record:
    ``stated_date(...) is none or stated_date(...) >= task.today``."""
    import datetime as dt

    from scout.spec.datesaid import stated_date as said

    wrong = pick_problem(pick) or of_problem(of)
    if wrong:
        raise ValueError(f"stated_date: {wrong}")
    if near is not None and not isinstance(near, dt.date):
        try:
            near = dt.date.fromisoformat(str(near))
        except ValueError:
            raise ValueError(f"stated_date: near must be a date, not {near!r}") from None
    return said(record_texts(value), of, pick, near)


@arg_rule(lambda args, kwargs: of_problem(kwargs.get("of"))
          or (None if kwargs.get("pick", "max") is EXPR else pick_problem(kwargs.get("pick", "max"))))
def stated_year(value: Any, *, of: Any = None, pick: str = "max") -> int | None:
    """The year a record (its name, aliases and evidence) or a text states it came out:
    after ``of``'s words in their clause (default: published, publicado, publicación,
    year, año, ©: ``Published: 12 March 2024`` → 2024, ``publicado en 2022``), and with no
    ``of`` also a reference's ``(2023)``. Sources that disagree: ``pick`` the ``max``
    (default), ``min`` or ``first``. ``none`` when nothing states one, so ``where`` can
    keep the record: ``paper | stated_year is none or paper | stated_year >= task.since``."""
    from scout.spec.yearsaid import years_in

    wrong = pick_problem(pick) or of_problem(of)
    if wrong:
        raise ValueError(f"stated_year: {wrong}")
    words = None if of is None else ([of] if isinstance(of, str) else [str(w) for w in of])
    years = years_in(record_texts(value), words)
    if not years:
        return None
    return years[0] if pick == "first" else (max(years) if pick == "max" else min(years))
