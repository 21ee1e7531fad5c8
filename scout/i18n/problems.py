"""What ``scout validate`` says, in the author's language: :func:`author_lang`, :func:`said`.

``scout validate`` speaks English unless the author asks for Spanish: ``--lang es``, else a
Spanish locale in the environment, read as gettext reads it (the first of ``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set; ``es_ES.UTF-8``, ``es_MX``, ``es``). A
problem's code and its ``error``/``warning``/``hint:`` labels stay as they are in every
language (scout.cli.render); its message and hint are said from scout's catalog of
problems, ``scout/locales/<lang>/LC_MESSAGES/problems.po``, kept apart from the report's
``messages.po`` so that no report text is ever read as a problem's words:

- ``msgctxt "code"``: each code's gist ("SPEC021" → "una fase necesita algo que nada
  produce"), said before the English message when no entry below says the whole of it;
- ``msgctxt "SPEC021"`` (a code): that code's messages, the English with ``{placeholders}``
  where the author's names and values go;
- ``msgctxt "hint"``: hints, whichever code gives them;
- ``msgctxt "validate"``: the command's own lines (the summary).

A placeholder holds what the author wrote (a phase, a key, a value, a path) and is shown
exactly as written, never translated; one of :data:`NESTED` holds a message of its own
(``{message}`` in ``"{field}: {message}"``), said in turn. An author who asked for English
never reads the catalog: nothing here imports Babel or opens a file until Spanish is
asked (``scout validate``'s start stays as fast as before, benchmarks/README.md).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scout.errors import Problem

#: the catalogs of problems, beside scout's report catalogs
_LOCALES = Path(__file__).parent.parent / "locales"
#: the environment variables that name a locale, in gettext's order (the first set wins)
LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: placeholders that hold a message of scout's own (a model's check, a step's refusal):
#: said in turn; every other placeholder holds the author's words, shown as written
NESTED = frozenset({"message", "reason", "detail", "problem"})
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_NAME = re.compile(r"[a-z]{2}")


def author_lang(flag: str | None, environ: Mapping[str, str]) -> str:
    """The language validate speaks: ``flag`` (``--lang``) when given, else the locale the
    environment names (``es_ES.UTF-8`` → ``es``), English for any other or none (``C``,
    ``POSIX``, ``en_GB``, a language scout does not write)."""
    from scout.i18n import lang_of

    if flag:
        return lang_of(flag)
    for var in LOCALE_VARS:
        value = environ.get(var, "").strip()
        if value:
            # LANGUAGE is a list ("es:en"); a locale is lang_TERRITORY.codeset@modifier
            first = value.split(":")[0]
            m = _NAME.match(first.lower())
            code = m.group() if m and first[2:3] in ("", "_", ".", "@", "-") else ""
            return lang_of(code)
    return "en"


@functools.lru_cache(maxsize=None)
def _catalog(lang: str) -> dict[tuple[str, str], str]:
    """``(context, msgid) → msgstr`` of the problems catalog of ``lang``; empty for English
    (the msgids are English) or a language without one."""
    path = _LOCALES / lang / "LC_MESSAGES" / "problems.po"
    if lang == "en" or not path.is_file():
        return {}
    from babel.messages.pofile import read_po  # lazy: only a Spanish validate reads it

    with path.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    return {(m.context or "", m.id): m.string for m in catalog
            if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string}


Pattern = tuple[tuple[str, ...], tuple[str, ...], str]


@functools.lru_cache(maxsize=None)
def _patterns(lang: str, context: str) -> tuple[Pattern, ...]:
    """The ``{placeholder}`` msgids of one context, the most fixed text first (the more
    specific message wins: "unknown key '{key}' in {where}" before "unknown key '{key}'")."""
    out = []
    for (ctx, msgid), msgstr in _catalog(lang).items():
        if ctx != context or "{" not in msgid:
            continue
        parts = _PLACEHOLDER.split(msgid)
        fixed, names = tuple(parts[0::2]), tuple(parts[1::2])
        if not names or len(set(names)) != len(names) or any(not f for f in fixed[1:-1]):
            continue  # "{a}{b}" cannot be split: such an entry says its text whole only
        out.append((sum(map(len, fixed)), fixed, names, msgstr))
    out.sort(key=lambda t: -t[0])
    return tuple((fixed, names, msgstr) for _, fixed, names, msgstr in out)


def _match(fixed: tuple[str, ...], names: tuple[str, ...], text: str) -> dict[str, str] | None:
    """The placeholder values when ``text`` is the msgid filled in, else None. Each
    placeholder ends where the fixed text after it is first found: linear in the text's
    length. (A name that holds the msgid's own words, a key ``a' in b``, may split
    otherwise than it was filled; every character of it is still shown.)"""
    head, tail = fixed[0], fixed[-1]
    if not text.startswith(head) or not text.endswith(tail) or len(text) < len(head) + len(tail):
        return None
    pos, stop = len(head), len(text) - len(tail)
    values: dict[str, str] = {}
    for i, name in enumerate(names):
        if i == len(names) - 1:
            end = stop
        else:
            end = text.find(fixed[i + 1], pos)
            if end < 0 or end > stop:
                return None
        values[name] = text[pos:end]
        pos = end + (len(fixed[i + 1]) if i < len(names) - 1 else 0)
    return values


def say(text: str, contexts: tuple[str, ...], lang: str, _depth: int = 0) -> str | None:
    """``text`` in ``lang`` by the first of ``contexts`` whose entry says it, whole or with
    its placeholders filled; None when no entry does."""
    catalog = _catalog(lang) if lang != "en" else {}
    if not catalog or not text or _depth > 4:
        return None
    for context in contexts:
        done = catalog.get((context, text))
        if done is not None:
            return done
    for context in contexts:
        for fixed, names, msgstr in _patterns(lang, context):
            found = _match(fixed, names, text)
            if found is None:
                continue
            values = dict(found)
            for k in NESTED & found.keys():
                inner = say(found[k], contexts + ("message",), lang, _depth + 1)
                if inner is None:  # "{field}: {message}" with an English message is not
                    break  # said: the gist and the English say it (:func:`said`)
                values[k] = inner
            else:
                inner = ""
            if inner is None:
                continue
            return _filled(msgstr, values)
    return None


def _filled(msgstr: str, values: Mapping[str, str]) -> str:
    """``msgstr`` with each ``{placeholder}`` replaced by its value, and nothing else
    read: a Jinja example in it (``{{ task.{name} }}``) keeps its two braces, which
    ``str.format`` would make one."""
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group()), msgstr)


def said(problem: Problem, lang: str) -> Problem:
    """``problem`` with its message and hint in ``lang``. A message no entry says whole is
    the code's gist in ``lang`` and the English after it, so the author reads what is
    wrong in their language and the exact detail (names, lines) too; a hint no entry says
    stays as it is. English, or a language without a catalog: ``problem`` unchanged."""
    if lang == "en" or not _catalog(lang):
        return problem
    message = say(problem.message, (problem.code, "message"), lang)
    if message is None:
        gist = _catalog(lang).get(("code", problem.code))
        if gist:
            message = line("{gist} (in English: {message})", lang, gist=gist,
                           message=problem.message)
    hint = say(problem.hint, ("hint", problem.code), lang) if problem.hint else None
    return dataclasses.replace(problem, message=message or problem.message,
                               hint=hint or problem.hint)


def line(msgid: str, lang: str, **values: Any) -> str:
    """One of validate's own lines (``msgctxt "validate"``), filled in ``lang``."""
    text = msgid if lang == "en" else _catalog(lang).get(("validate", msgid), msgid)
    return _filled(text, {k: str(v) for k, v in values.items()})


def codes_said(lang: str) -> set[str]:
    """The codes whose gist the catalog of ``lang`` says (tests: every SPEC code has one)."""
    return {msgid for ctx, msgid in _catalog(lang) if ctx == "code"}


def error_said(problem: Problem, lang: str) -> Problem:
    """An error's ``problem`` (``scout apply``'s USE060, a config's CFG…) in ``lang``: its
    message and hint by the report's catalog when scout wrote them from a msgid (said
    whole), else as :func:`said` says a spec's problem (the code's gist before the
    English), so no code reaches a Spanish reader in English alone."""
    if lang == "en" or not _catalog(lang):
        return problem
    from scout.i18n.messages import localize

    message = localize(problem.message, lang)
    hint = localize(problem.hint, lang) if problem.hint else problem.hint
    rest = said(dataclasses.replace(problem, hint=problem.hint if hint == problem.hint
                                    else None), lang)
    return dataclasses.replace(problem,
                               message=message if message != problem.message
                               else rest.message,
                               hint=hint if hint != problem.hint else rest.hint)
