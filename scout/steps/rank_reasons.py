"""What ``rank`` says about a record a ``where`` left out: its ``reasons``, compiled in the
request's language as the report reads them.

The locale filters write ``lang`` ("pesa 1,7 kg") and ratings on the kind's scale
("93/100"); ``_()`` / ``ngettext`` translate with the report's catalog, the project's own
(``locales/`` beside ``templates/``) merged over scout's; and a value a reason prints that
is one of the kind's ``enum`` words, or a list of them (``{{ task.fuel }}``,
``{{ task.features | join(', ') }}``, or a value given to ``_()``: ``_('no %(format)s
edition', format=task.format)``, ``_('not said to be in %(language)s',
language=task.language)``), is written as the report's "What you asked" writes it,
through ``l10n`` with that catalog: "le falta alguno de: cambio automático, navegador",
"sin edición en tapa blanda", "no dice estar en español", not the author's English enum
words in a Spanish report.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from pathlib import Path
from typing import Any

from jinja2 import TemplateError
from pydantic import BaseModel

from scout.report.kindwords import kind_words, with_kind_words

from scout.spec.scopefilters import in_language
from scout.spec.templating import DATA_ERRORS, make_env
from scout.stepkit.params import RankParams

#: the names through which a template translates its words (Jinja's i18n extension)
_GETTEXT = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext"})


def translates(params: RankParams) -> bool:
    """Some reason translates its words with ``_()`` (or another gettext name)."""
    from scout.spec.templating import JinjaCheckError, analyse

    for reason in params.reasons:
        try:
            if analyse(reason).names & _GETTEXT:
                return True
        except JinjaCheckError:
            continue  # the validator reports it; rendering it says the expression instead
    return False


def files_read(params: BaseModel, root: Path) -> list[Path]:
    """The project's catalogs when the phase has reasons (part of its fingerprint: a
    corrected translation, of a msgid or of an enum word a reason prints, ranks again);
    none otherwise."""
    from scout.report.files import catalog_files

    if not isinstance(params, RankParams) or not params.reasons:
        return []
    return catalog_files(root / "templates")


def reason_templates(params: RankParams, lang: str, root: Path, rating_scale: int = 10,
                     words: Collection[str] = (),
                     units: dict[str, str] | None = None) -> list[Any]:
    """The ``reasons``, compiled as the report reads them (the module's docstring says
    how); ``words``: the kind's enum values (:func:`scout.report.kindwords.enum_words`);
    ``units``: the request's (Task.shown_units), its lengths and weights written in them."""
    from scout.i18n import lang_of, reader_translations
    from scout.report.files import project_locales
    from scout.spec.filters import FILTERS

    lang = lang_of(lang)
    if not params.reasons:
        return []
    catalog = reader_translations(lang, project_locales(root / "templates"))
    l10n = functools.partial(FILTERS["l10n"], lang=lang, catalog=catalog)
    finalize = kind_words(words, l10n)
    env = in_language(make_env(finalize=finalize), lang, rating_scale, units)
    # the kind's words too, as in a report: an enum word as a printed one is written
    env.filters["l10n"] = lambda v: shown if (shown := finalize(v)) is not v else l10n(v)
    if translates(params):
        env.install_gettext_translations(catalog, newstyle=True)  # type: ignore[attr-defined]
        for name in _GETTEXT & set(env.globals):
            gettext = env.globals[name]
            if callable(gettext):
                env.globals[name] = with_kind_words(gettext, finalize)
    env.globals["lang"] = lang  # as in a report template
    return [env.from_string(r) for r in params.reasons]


def reason(reasons: list[Any], i: int, scope: dict[str, Any], expression: str) -> str:
    """What the report says about where[i]: the author's ``reasons[i]`` rendered for this
    record (its words in the request's language), else the expression as written."""
    if i >= len(reasons):
        return expression
    try:
        text = reasons[i].render(**scope).strip()
    except (TemplateError, AttributeError, *DATA_ERRORS):
        return expression
    return text or expression
