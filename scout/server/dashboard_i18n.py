"""The dashboard's language: which one a page speaks, and its words for states.

A mission's page speaks the language of its request (the Task's ``lang`` in
``task.json``), like the mission's report; the other pages (missions, cost, errors) the
browser's ``Accept-Language`` (Spanish when it prefers it); ``?lang=es|en`` overrides
both. Words go through the same message catalogs as reports (scout/locales/), so one
Spanish catalog serves both. English pages show state names as the API spells them
(``failed_terminal``), which scripts and tests match; other languages show the
catalog's word for each (``fallida``).
"""

from __future__ import annotations

import functools
from typing import Any

from scout.i18n import LANGS, lang_of, translations

#: every phase state (DESIGN.md §3) and every mission status a page can show
STATES = ("pending", "running", "succeeded", "succeeded_partial", "failed_retryable",
          "failed_terminal", "skipped", "blocked_missing_input", "stale", "new", "failed",
          "interrupted", "stopped_budget")


def accept_language(header: str | None) -> str | None:
    """The first language of ``Accept-Language`` scout writes in (by q, then order)."""
    best: tuple[float, int, str] | None = None
    for order, part in enumerate((header or "").split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGS and q > 0 and (best is None or (-q, order) < (-best[0], best[1])):
            best = (q, order, lang)
    return best[2] if best else None


def page_lang(query_lang: str | None, task_lang: Any = None,
              accept: str | None = None) -> str:
    """``?lang=`` when it names a language scout writes in, else the request's, else the
    browser's, else English."""
    for lang in (query_lang, task_lang if isinstance(task_lang, str) else None,
                 accept_language(accept)):
        if lang in LANGS:
            return lang_of(lang)
    return "en"


@functools.lru_cache(maxsize=None)
def state_words(lang: str) -> dict[str, str]:
    """state → the word a page shows for it in ``lang``."""
    if lang_of(lang) == "en":
        return {s: s for s in STATES}
    _ = translations(lang).gettext
    return {s: _(s.replace("_", " ")) for s in STATES}
