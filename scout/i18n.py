"""The languages scout writes in (en, es): message catalogs and locale formatting.

Catalogs are gettext ``.po`` files under ``scout/locales/<lang>/LC_MESSAGES/messages.po``,
read with Babel at run time (no compiled ``.mo`` to keep in step). English is the source
language: its catalog is the identity. Report templates get these translations through
Jinja's i18n extension; Python code that writes user-facing text (the synthesis, notes)
calls :func:`translations` directly.

Text that Python code stores in artifacts (a candidate's flags, skip notices, a phase's
reason) is written in English from a msgid marked with :func:`N_` and formatted with
``str.format`` (``N_("price in {currency}, no rate to {target}")``). The report turns it
into the reader's language with :func:`localize`, which recognises the msgid again — the
exact text, or a catalog msgid with ``{placeholders}`` whose fixed words match — and
localises the placeholder values in turn. Text no msgid matches (a provider's error
message) is shown as it was written.

A project adds its own words beside its templates: ``locales/<lang>/LC_MESSAGES/messages.po``
in the project root (next to ``templates/`` and ``config/``), read the same way and merged
over scout's catalog, the project's translations winning (:func:`translations` with
``locales=``). A broken project catalog is the author's mistake, located at its
``file:line`` (:class:`~scout.errors.CatalogInvalid`, SPEC058).

Numbers, money and dates are formatted with Babel's CLDR data (:func:`format_number`,
:func:`format_money`, :func:`format_month`, …). English keeps the ISO currency code after
the amount (``200 EUR``), as scout's English reports always wrote it; other languages use
their CLDR currency pattern (``200 €``).
"""

from __future__ import annotations

import datetime as dt
import functools
import gettext
import io
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

from scout.errors import CatalogInvalid, Location

LANGS = ("en", "es")
_LOCALES = Path(__file__).parent / "locales"
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalog without translating it (stored text stays English)."""
    return msgid


def N_plural(singular: str, plural: str, count: int) -> str:
    """The English form for ``count`` (one → ``singular``), marked for the catalog like
    :func:`N_`: ``N_plural("{count} attempt", "{count} attempts", n).format(count=n)``.
    The catalog entry is a plural one keyed by ``singular``; :func:`localize` picks the
    reader's form from the ``{count}`` placeholder's value."""
    return singular if count == 1 else plural


def lang_of(lang: Any) -> str:
    """A language scout writes in: ``lang`` when known, else English."""
    return lang if lang in LANGS else "en"


def catalog_path(locales: Path, lang: str) -> Path:
    """Where the catalog of ``lang`` is under a ``locales`` folder (gettext's layout)."""
    return locales / lang / "LC_MESSAGES" / "messages.po"


@functools.lru_cache(maxsize=None)
def _catalog(lang: str) -> Any:
    path = catalog_path(_LOCALES, lang)
    if lang == "en" or not path.is_file():
        return None
    from babel.messages.pofile import read_po  # lazy: only reports and synthesis need Babel

    with path.open("rb") as fh:
        return read_po(fh, locale=lang)


_PO_STRING = r'"(?:[^"\\]|\\.)*"'
_PO_KEYWORD = re.compile(r"\s*(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+" + _PO_STRING + r"\s*")
_PO_CONTINUED = re.compile(r"\s*" + _PO_STRING + r"\s*")


def po_shape_problem(text: str) -> tuple[int, str] | None:
    """The first line (1-based) that is not a line of a ``.po`` file, and why; None when
    every line is a comment, a blank, ``keyword "string"`` or a quoted continuation, and
    every msgid has its msgstr. Babel lets an unclosed quote through (the entry would be
    silently untranslated) and numbers its own errors oddly; this says the line."""
    pending: int | None = None  # the line of a msgid still waiting for its msgstr
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _PO_KEYWORD.fullmatch(line)
        if m is None and _PO_CONTINUED.fullmatch(line) is None:
            if line.count('"') % 2:
                return n, "a quoted string is not closed"
            return n, f"not a .po line: {line.strip()[:60]!r} (expected msgid \"…\", msgstr \"…\" " \
                      "or a quoted continuation)"
        if m is None:
            continue
        keyword = m.group(1)
        if keyword in ("msgctxt", "msgid"):
            if pending is not None:
                return pending, "this msgid has no msgstr"
            pending = n if keyword == "msgid" else None
        elif keyword.startswith("msgstr"):
            pending = None
    if pending is not None:
        return pending, "this msgid has no msgstr"
    return None


def read_catalog(path: Path, lang: str) -> Any:
    """A project's ``.po`` file as a Babel catalog; :class:`CatalogInvalid` (with the file
    and line) when it cannot be read or does not parse."""
    from babel.messages.pofile import PoFileError, read_po

    hint = ("a .po entry is a msgid line and a msgstr line, each a quoted string (see "
            "docs/authoring.md \"A kind's own words\")")
    try:
        data = path.read_bytes()
        shape = po_shape_problem(data.decode("utf-8"))
        if shape is not None:
            line, what = shape
            raise CatalogInvalid(f"the message catalog does not parse: {what}",
                                 location=Location(str(path), line, 1), hint=hint)
        # abort_invalid: a line Babel cannot read is an error here, not a warning in
        # a log nobody reads (the entry would silently stay untranslated)
        return read_po(io.BytesIO(data), locale=lang, abort_invalid=True)
    except PoFileError as exc:
        line = exc.lineno + 1  # Babel counts from 0
        raise CatalogInvalid("the message catalog does not parse: "
                             f"{exc.args[0] if exc.args else 'invalid entry'}",
                             location=Location(str(path), line, 1), hint=hint) from None
    except (OSError, UnicodeDecodeError, ValueError, LookupError) as exc:
        # ValueError/LookupError: a header Babel refuses (an unknown charset or locale)
        raise CatalogInvalid(f"the message catalog cannot be read: {exc}",
                             location=Location(str(path)), hint=hint) from None


def _compiled(catalog: Any) -> Any:
    from babel.messages.mofile import write_mo
    from babel.support import Translations

    buf = io.BytesIO()
    write_mo(buf, catalog)  # compiled in memory: plural forms and fuzzy rules as gettext has them
    buf.seek(0)
    return Translations(fp=buf, domain="messages")


@functools.lru_cache(maxsize=None)
def _scout_translations(lang: str) -> gettext.NullTranslations:
    catalog = _catalog(lang)
    return gettext.NullTranslations() if catalog is None else _compiled(catalog)


@functools.lru_cache(maxsize=32)
def _merged(lang: str, path: str, stamp: tuple[int, int]) -> gettext.NullTranslations:
    # keyed by the file's mtime and size: an edited catalog is read again (server, MCP)
    ours = _compiled(read_catalog(Path(path), lang))
    base = _catalog(lang)
    if base is None:  # English, or a language scout has no catalog for
        return ours
    return _compiled(base).merge(ours)  # a fresh copy of scout's: the project's win


def translations(lang: str, locales: Path | None = None) -> gettext.NullTranslations:
    """The catalog for ``lang`` (a NullTranslations for English or an unknown language),
    with the project's catalog under ``locales`` merged over it when there is one."""
    if locales is not None:
        path = catalog_path(locales, lang)
        try:
            st = path.stat()
        except OSError:
            st = None
        if st is not None:
            return _merged(lang, str(path), (st.st_mtime_ns, st.st_size))
    return _scout_translations(lang)


def gettext_for(lang: str) -> Any:
    """``_`` for Python code writing in ``lang``: ``_("Recommendation")``."""
    return translations(lang_of(lang)).gettext


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
#: the names among them that are one word: a text whose value there has a space is not
#: that msgid ("Error: the quota was exceeded (see docs)" is no "{adapter}: {error} (…)")
ONE_WORD = frozenset({"adapter", "phase", "chain", "failure"})


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
        if not message.string:
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
            if not "".join(fixed).strip(" :;,.()") and names[0] not in ONE_WORD:
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
        if (i == 0 and unanchored or name in ONE_WORD) \
                and any(c.isspace() for c in text[pos:end]):
            return None
        if not _nested(text[pos:end]) or (name == "count" and not text[pos:end].isdigit()):
            return None  # a plural's {count} is a number: it anchors "{count} results ..."
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


def localize(text: Any, lang: str, _depth: int = 0, *,
             catalog: gettext.NullTranslations | None = None) -> str:
    """English text written by Python (from a msgid) in ``lang``; unknown text unchanged.
    ``catalog``: the translations to use (a report's, with its project's words merged in;
    default scout's own)."""
    text = "" if text is None else str(text)
    lang = lang_of(lang)
    if lang == "en" or not text.strip() or len(text) > MAX_LOCALIZED_CHARS:
        return text
    gt = (catalog or translations(lang)).gettext
    done = gt(text)
    if done != text or _depth > MAX_DEPTH:
        return done
    for fixed, names, msgid, plural in _patterns(lang):
        found = _match(fixed, names, text)
        if found is None:
            continue
        values = {k: v if k in VERBATIM else _decimal(v, lang)
                  or localize(v, lang, _depth + 1, catalog=catalog) for k, v in found.items()}
        n = _count(found) if plural else None
        try:
            if plural:
                return (catalog or translations(lang)).ngettext(msgid, plural, 1 if n is None else n
                                                   ).format(**values)
            return gt(msgid).format(**values)
        except (KeyError, IndexError, ValueError):  # a broken msgstr: keep the English
            return text
    if "; " in text:  # reasons joined into one line ("needs 'a' from F1, ...; needs 'b' ...")
        return "; ".join(localize(part, lang, _depth + 1, catalog=catalog) for part in text.split("; "))
    return text


# ---- locale formatting (Babel / CLDR) -----------------------------------------------

_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2009": " "})


def _plain(text: str) -> str:
    # CLDR puts no-break and thin spaces in "200 €" and "3 – 7": plain spaces read the
    # same in Markdown, and a reader searching for "200 €" finds it
    return text.translate(_SPACES)


def _rounded(value: Any, digits: int) -> Decimal:
    # Python's own rounding first, so every language shows the same digits English did
    return Decimal(f"{float(value):.{max(digits, 0)}f}")


def _fraction(digits: int) -> str:
    return "." + "0" * digits if digits > 0 else ""


def format_number(value: Any, lang: str = "en", digits: int | None = None) -> str:
    """1234.5 → '1,234.5' (en), '1234,5' (es); ``digits`` fixes the decimals."""
    if value is None:
        return "—"
    from babel.numbers import format_decimal

    if digits is None:
        return _plain(format_decimal(value, locale=lang_of(lang)))
    return _plain(format_decimal(_rounded(value, digits), format="#,##0" + _fraction(digits),
                          locale=lang_of(lang)))


def format_money_parts(amount: Any, currency: str, lang: str = "en", digits: int = 0) -> str:
    """200, 'EUR' → '200 EUR' (en), '200 €' (es)."""
    from babel.numbers import format_currency

    lang = lang_of(lang)
    if lang == "en":
        pattern = "#,##0" + _fraction(digits) + " ¤¤"
    else:
        from babel import Locale

        standard = Locale.parse(lang).currency_formats["standard"].pattern.split(";")[0]
        pattern = re.sub(r"0\.0+", "0" + _fraction(digits), standard)
    try:
        return _plain(format_currency(_rounded(amount, digits), currency, format=pattern,
                                      currency_digits=False, locale=lang))
    except Exception:  # an unknown currency code from the web: say it plainly
        return f"{format_number(amount, lang, digits)} {currency}"


def format_money(value: Any, lang: str = "en", digits: int = 0) -> str:
    """A Money value with its unit: '180 EUR/night' (en), '180 €/noche' (es)."""
    if value is None:
        return "—"
    amount, currency = getattr(value, "amount", None), getattr(value, "currency", None)
    if amount is None or not currency:
        return str(value)
    text = format_money_parts(amount, currency, lang, digits)
    low = getattr(value, "min", None)
    if low is not None:  # a range: '80-120 EUR' (en), '80-120 €' (es)
        low_text = format_number(low, lang, digits)
        text = low_text + "-" + text
    per = getattr(value, "per", None)
    return f"{text}/{localize(per, lang)}" if per else text


def format_rating(value: Any, lang: str = "en", scale: int = 10) -> str:
    """8.25 → '8.2/10' (en), '8,2/10' (es)."""
    if value is None:
        return "—"
    return f"{format_number(float(value) * scale / 10, lang, 1)}/{scale}"


def format_date(value: Any, lang: str = "en", form: str = "long") -> str:
    """A date: 'September 15, 2026' (en), '15 de septiembre de 2026' (es)."""
    if value is None:
        return "—"
    if isinstance(value, str):
        try:
            value = dt.date.fromisoformat(value[:10])
        except ValueError:
            return value
    from babel.dates import format_date as babel_date

    if isinstance(value, dt.datetime):
        value = value.date()
    return _plain(babel_date(value, form, locale=lang_of(lang)))


def format_month(value: Any, lang: str = "en") -> str:
    """A Month (or date): 'September 2026' (en), 'septiembre de 2026' (es)."""
    if value is None:
        return "—"
    year, month = getattr(value, "year", None), getattr(value, "month", None)
    if not isinstance(year, int) or not isinstance(month, int):
        return str(value)
    from babel.dates import format_skeleton

    return _plain(format_skeleton("yMMMM", dt.date(year, month, 1), locale=lang_of(lang)))


def format_range(start: dt.date, end: dt.date, lang: str = "en") -> str:
    """3–7 June 2027 as CLDR writes an interval: 'Jun 3 – 7, 2027', '3–7 jun 2027'."""
    if start == end:
        return format_date(start, lang)
    from babel.dates import format_interval

    return _plain(format_interval(start, end, "yMMMd", locale=lang_of(lang)))


def format_duration(seconds: Any, lang: str = "en") -> str:
    """A length of time as people write it: 912 → '15 min 12 s', 5400 → '1 h 30 min',
    1.5 → '1.5 s' ('1,5 s' in Spanish); the units read the same in English and Spanish."""
    if seconds is None:
        return "—"
    s = float(seconds)
    if s < 1:
        return f"{s * 1000:.0f} ms"
    if s < 60:
        return format_number(round(s, 1), lang) + " s"
    h, rest = divmod(int(round(s)), 3600)
    m, sec = divmod(rest, 60)
    parts = ([f"{h} h"] if h else []) + ([f"{m} min"] if m else []) + \
        ([f"{sec} s"] if sec and not h else [])
    return " ".join(parts)


def format_data_size(gigabytes: Any, lang: str = "en") -> str:
    """A data size in gigabytes as products state it: 16 → '16 GB', 1000 → '1 TB', 1500 →
    '1.5 TB' ('1,5 TB' in Spanish), 0.5 → '512 MB'... in decimal units (1 TB = 1,000 GB)."""
    v = float(gigabytes)
    if v >= 1000 and round(v / 1000, 1) * 1000 == round(v, 6):
        return f"{format_number(round(v / 1000, 1), lang)} TB"
    if 0 < v < 1:
        return f"{format_number(round(v * 1000, 1), lang)} MB"
    return f"{format_number(round(v, 2), lang)} GB"


def format_value(value: Any, type_name: str = "", lang: str = "en") -> str:
    """A Task value as the reader's language writes it, by its declared type."""
    if value is None or value == "":
        return "—"
    if type_name == "money" or (hasattr(value, "currency") and hasattr(value, "amount")):
        return format_money(value, lang)
    if type_name == "rating":
        return format_rating(value, lang)
    if type_name == "area" and isinstance(value, (int, float)):
        return f"{format_number(value, lang, 0 if float(value).is_integer() else 1)} m²"
    if type_name == "data_size" and isinstance(value, (int, float)):
        return format_data_size(value, lang)
    if type_name == "weight" and isinstance(value, (int, float)):
        return f"{format_number(round(float(value), 2), lang)} kg"
    if type_name == "year" and isinstance(value, int) and not isinstance(value, bool):
        return str(value)  # a year is a name, not a quantity: never '2,019' or '2.019'
    if type_name == "duration" and isinstance(value, (int, float)):
        return format_duration(value, lang)
    start, end = getattr(value, "start", None), getattr(value, "end", None)
    if isinstance(start, dt.date) and isinstance(end, dt.date):
        return format_range(start, end, lang)
    if type_name == "month" or (hasattr(value, "year") and hasattr(value, "month")
                                and not isinstance(value, dt.date)):
        return format_month(value, lang)
    if isinstance(value, dt.date):
        return format_date(value, lang)
    if isinstance(value, bool):
        return gettext_for(lang)("yes" if value else "no")
    if isinstance(value, (int, float)):
        return format_number(value, lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(format_value(v, "", lang) for v in value)
    return str(value)


#: Small counts written as words in both languages ("dos habitaciones", "two bedrooms",
#: "una habitación"): people spell the counts of rooms, guests and seats, in requests and
#: in listings alike (the query parser and the ``stated`` filter read them).
COUNT_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
    "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12,
}
