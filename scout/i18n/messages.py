"""Stored English messages in the reader's language: :func:`localize`.

Text that Python code stores in artifacts (a candidate's flags, skip notices, a phase's
reason) is English, written from a msgid marked with :func:`scout.i18n.N_` and filled with
``str.format``. :func:`localize` recognises the msgid again — the exact text, or a catalog
msgid with ``{placeholders}`` whose fixed words match — and localises the placeholder
values in turn (a number Python wrote, "0.50", in the reader's way). Text no msgid matches
(a provider's error message) is shown as it was written.

Text that merely has a msgid's shape is not ours: a placeholder matches only what it can
hold (:data:`TYPES`: a count digits, an adapter a config key, a link's result its words), a
msgid needs more fixed text than free placeholders (:func:`_anchored`), and what a
placeholder quotes from someone else (:data:`AS_WRITTEN`) is never translated. The catalogs are
:mod:`scout.i18n`'s.
"""

from __future__ import annotations

import functools
import gettext
import re
from typing import Any

from scout.i18n import _catalog, lang_of, translations
from scout.i18n.numbers import format_number

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")

#: longer text (a provider's error page pasted into a reason) is shown as written
MAX_LOCALIZED_CHARS = 4000
#: how deep placeholders are localised in turn: a phase's reason holds the chain's
#: failure, which holds its links, each holding its adapter's message ("HTTP 500 (server
#: error)")
MAX_DEPTH = 6
#: placeholders that hold a name, never words: the adapter "page" stays "page" (it read
#: "F3: página: 6 fallos" in Spanish, and "page" everywhere else in the report); a chain
#: is named in config/adapters.yaml ("la cadena 'synthesis'", not 'síntesis'), and a
#: failure kind named in ``retry.on`` is written as the config writes it, and what a phase
#: needs (an artifact, an input) as the pipeline names it
VERBATIM = frozenset({"adapter", "others", "phase", "chain", "failure", "need"})
#: placeholders that hold what someone else wrote (a page's words, a quote, the request's
#: text, a value a person typed, an author's condition, a candidate's name): shown exactly
#: as written, never read as scout's own words ("promotional price, compared at the price
#: after it: “yes”" keeps the page's "yes"; "F2 failed: {cause}", a mission's stop, keeps the
#: error that stopped it as it came). ``{name}`` is not one: it is an input's name
#: too, which the kind's catalog says in the reader's words
AS_WRITTEN = frozenset({"quote", "quotes", "words", "query", "url", "host", "text", "span",
                        "condition", "value", "stated", "example", "subject", "better",
                        "other", "cheap", "unknown", "a", "b", "cause"})
#: what a placeholder can hold, whatever msgid it is in: a text whose value there does not
#: fit is not that msgid ("Open in summer: yes" is no "{adapter} {result}: {reason}", and
#: "Pool skipped: closed in winter" no "{adapter} skipped: {reason}"). A name the
#: pipeline or the config gives is one word (PHASE_ID, a config key); scout's config and
#: every example name adapters in lower case, so a capitalised word (a sentence's first)
#: is not an adapter; a count Python wrote is digits.
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_CONFIG_KEY = re.compile(r"[a-z0-9][a-z0-9_.-]*")
#: what a chain link's attempt ended in (``LinkAttempt.result``), as synthesis notes say it
_LINK_RESULT = re.compile(r"ok|cache[ _]hit|error|skipped|circuit[ _]open|budget[ _]exceeded")
_ERROR_KIND = re.compile(r"[a-z][a-z0-9_]*")
#: an HTTP status, or a step's status word ("no transcript (unavailable: …)")
_STATUS = re.compile(r"\d{3}|[a-z][a-z_]*")
TYPES: dict[str, re.Pattern[str]] = {
    **dict.fromkeys(("count", "n", "failed", "total", "attempt", "attempts", "seconds",
                     "delay", "chars", "days", "estimate", "left", "cap", "spent", "held",
                     "quota", "limit"), _NUMBER),
    **dict.fromkeys(("phase", "chain", "failure", "pool"), _WORD),
    "adapter": _CONFIG_KEY,
    "result": _LINK_RESULT,
    "kind": _ERROR_KIND,  # a ProviderError's kind ("unavailable, HTTP 500")
    "status": _STATUS,
}
#: the fixed text's marks that anchor a match, beside its words; a pair counts once (its
#: opening mark: "{value} (stated {stated})" would read "Casa Camper (stated by the
#: owner)" as ours)
_MARKS = frozenset(":;([“«'\"")
_WORDS = re.compile(r"[A-Za-z]{2,}")


def _anchored(fixed: tuple[str, ...], names: tuple[str, ...]) -> bool:
    """Whether a msgid has enough fixed text to be told from a sentence that merely has its
    shape: its words, its marks and its typed placeholders must outnumber its free
    placeholders ("in {place}" would read any "in the old town" as ours, "{name}: read
    {value} from {span}" any "Menu: read reviews from guests")."""
    text = "".join(fixed)
    anchors = len(_WORDS.findall(text)) + sum(c in _MARKS for c in text.replace("''", "'")) \
        + sum(n in TYPES for n in names)
    return anchors > sum(n not in TYPES for n in names)


#: placeholders that hold a price's period ("price per {per} converted to per {target}"):
#: written with the catalog's "price unit" words, so a kind's own word for another sense
#: of "day" (an enum value `day`, a day camp: "de día") is not the period's
#: and a unit of work said once ("a page") and counted ("words") in a basis note
#: (scout.steps.periodnotes), with their articles and plurals
IN_CONTEXT = {"per": "price unit", "target": "price unit", "one": "work unit, one",
              "many": "work unit, many"}


#: one ``{placeholder}`` msgid as ``localize`` matches it: (fixed parts, names, msgid,
#: the plural msgid when the entry is a plural one, else None)
Pattern = tuple[tuple[str, ...], tuple[str, ...], str, "str | None"]


@functools.lru_cache(maxsize=None)
def _patterns(lang: str) -> tuple[Pattern, ...]:
    """Catalog msgids with ``{placeholders}``, most fixed text first. A placeholder must
    be followed by fixed text (``{a}{b}`` cannot be split). A plural entry gives two
    patterns, its English singular and plural, both keyed by the singular."""
    catalog = _catalog(lang)
    if catalog is None:
        return ()
    out = []
    for message in catalog:
        ids = message.id
        if not message.string or message.context:
            # a msgid with a context is said where it is written (the console's lines,
            # a column's word), never recognised in stored text: "{phase} {status} in
            # {duration}s" would read "Rooms available in most hotels" as a phase's end
            continue
        one, many = (ids[0], ids[1]) if isinstance(ids, tuple) else (ids, None)
        if not isinstance(one, str):
            continue
        for english in dict.fromkeys([one] + ([many] if many else [])):
            if "{" not in english:
                continue
            parts = _PLACEHOLDER.split(english)
            fixed, names = tuple(parts[0::2]), tuple(parts[1::2])
            if not names or len(set(names)) != len(names) or any(not f for f in fixed[1:-1]):
                continue
            if not _anchored(fixed, names):
                continue
            if not "".join(fixed).strip(" :;,.()") and names[0] not in TYPES:
                # all placeholders: would match anything; one that starts with a name
                # ("{adapter}: {error} ({message})", a chain's link) matches a one-word
                # label only, its parentheses nested (_match)
                continue
            if not fixed[0].strip() and not fixed[-1].strip() and names[0] != "count" \
                    and not any(c in ":;,()" for c in "".join(fixed)):
                # anchored at neither end by words only ("{start} to {end}"): it would
                # match any sentence with " to " in it and garble it ("Unable al download");
                # a plural's leading {count} anchors it (digits only, _match)
                continue
            out.append((sum(map(len, fixed)), fixed, names, one, many))
    out.sort(key=lambda t: (-t[0], t[3]))
    return tuple((fixed, names, one, many) for _, fixed, names, one, many in out)


def _count(values: dict[str, str]) -> int | None:
    """The number a plural entry agrees with: its ``{count}`` placeholder's value."""
    raw = values.get("count", "").strip()
    return int(raw) if raw.isdigit() else None


def _match(fixed: tuple[str, ...], names: tuple[str, ...], text: str) -> dict[str, str] | None:
    """The placeholder values if ``text`` is the msgid filled in, else None.

    Fixed parts are found left to right (each placeholder ends at the first occurrence of
    the text after it; the last one runs to the msgid's closing text): linear in the
    length of ``text``, so no input can make matching slow."""
    head, tail = fixed[0], fixed[-1]
    if not text.startswith(head) or not text.endswith(tail):
        return None
    # a msgid that starts with a placeholder and ends with one ("{adapter} skipped:
    # {reason}") is a label and its text: the label is one word (an adapter, a phase, an
    # input), so a sentence that merely contains " skipped: " is left as written
    unanchored = not head.strip() and not tail.strip()
    pos, stop = len(head), len(text) - len(tail)
    values: dict[str, str] = {}
    for i, name in enumerate(names):
        if i == len(names) - 1:
            end = stop
        else:
            end = text.find(fixed[i + 1], pos + 1)
            if end < 0 or end > stop:
                return None
        if end <= pos:
            return None
        if i == 0 and unanchored and any(c.isspace() for c in text[pos:end]):
            return None
        kind = TYPES.get(name)
        # a placeholder the msgid quotes ('{value}') holds what a person wrote, whose
        # parentheses need not close ("--set lang=a (b"): its quotes delimit it
        quoted = fixed[i].endswith("'") and fixed[i + 1].startswith("'")
        if not (quoted or _nested(text[pos:end])) \
                or (kind is not None and not kind.fullmatch(text[pos:end])):
            return None  # not what the placeholder holds: a plural's {count} is digits
        values[name] = text[pos:end]
        pos = end + (len(fixed[i + 1]) if i < len(names) - 1 else 0)
    return values


_DECIMAL = re.compile(r"\d+\.(\d+)")


def _decimal(value: str, lang: str) -> str | None:
    """A placeholder that is a number Python wrote with a decimal point ("0.50", a retry's
    delay) in the reader's way ("0,50"); None for anything else (a whole number may be a
    year or a name: it stays as written)."""
    m = _DECIMAL.fullmatch(value)
    return format_number(float(value), lang, len(m.group(1))) if m else None


def _nested(value: str) -> bool:
    """Whether the parentheses in ``value`` close in order: a placeholder never ends inside
    a parenthesis it opened, nor closes one it did not open (in "a: x (b: y (z)); c: w (v)"
    the link "{adapter}: {error} ({message})" is "a: x (b: y (z))", not the whole line)."""
    depth = 0
    for c in value:
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def _in_context(name: str, value: str, lang: str,
                catalog: gettext.NullTranslations | None) -> str | None:
    """``value`` of the placeholder ``name`` in its :data:`IN_CONTEXT` words; None when
    the placeholder has none or the catalog does not translate it there."""
    context = IN_CONTEXT.get(name)
    if context is None:
        return None
    done = (catalog or translations(lang)).pgettext(context, value)
    return done if done != value else None


def localize(text: Any, lang: str, _depth: int = 0, *,
             catalog: gettext.NullTranslations | None = None) -> str:
    """English text written by Python (from a msgid) in ``lang``; unknown text unchanged.
    ``catalog``: the translations to use (a report's, with its project's words merged in;
    default scout's own)."""
    text = "" if text is None else str(text)
    lang = lang_of(lang)
    if not text.strip() or len(text) > MAX_LOCALIZED_CHARS:
        return text
    if lang == "en":
        # the msgids are English; a project's locales/en catalog may still name its own
        # words (an enum value `dkv` shown "DKV"), as `_()` in its templates does
        return catalog.gettext(text) if catalog is not None else text
    said = _said(text, lang, _depth, catalog)
    return text if said is None else said[0]


def _word(value: str, lang: str, depth: int,
          catalog: gettext.NullTranslations | None) -> str:
    """A placeholder's ``value`` in ``lang``; one that names a request input with spaces
    for its underscores ("could not check: max pages", as the report's labels write
    ``max_pages``) by the input's msgid, its name."""
    done = localize(value, lang, depth + 1, catalog=catalog)
    name = value.strip().replace(" ", "_")
    if done == value and name != value.strip():
        named = (catalog or translations(lang)).gettext(name)
        return named if named != name else done
    return done


def _said(text: str, lang: str, depth: int,
          catalog: gettext.NullTranslations | None) -> tuple[str, bool] | None:
    """``text`` in ``lang`` when it is ours (a msgid, filled or not, or reasons joined with
    "; "), and whether it is a ``{placeholder}`` msgid filled in; None when it is not ours."""
    gt = (catalog or translations(lang)).gettext
    done = gt(text)
    if done != text or depth > MAX_DEPTH:
        return (done, False) if done != text else None
    for fixed, names, msgid, plural in _patterns(lang):
        found = _match(fixed, names, text)
        if found is None:
            continue
        values = {k: v if k in VERBATIM or k in AS_WRITTEN
                  else _decimal(v, lang) or _in_context(k, v, lang, catalog)
                  or _word(v, lang, depth, catalog) for k, v in found.items()}
        n = _count(found) if plural else None
        try:
            if plural:
                return (catalog or translations(lang)).ngettext(
                    msgid, plural, 1 if n is None else n).format(**values), True
            return gt(msgid).format(**values), True
        except (KeyError, IndexError, ValueError):  # a broken msgstr: keep the English
            return text, True
    if "; " in text:  # reasons joined into one line ("needs 'a' from F1, ...; needs 'b' ...")
        # ours when every part is, or when one is a filled msgid (a chain's links: "tavily:
        # unavailable (…); brave: skipped", the last as written): in a source's "Breakfast
        # included; yes" a lone "yes" is not scout's word
        split = text.split("; ")
        parts = [_said(part, lang, depth + 1, catalog) for part in split]
        filled = any(p is not None and p[1] for p in parts)
        if None in parts and not filled:
            return None
        return "; ".join(s if p is None else p[0] for s, p in zip(split, parts)), filled
    return None
