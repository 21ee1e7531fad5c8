"""Render reports: the sandboxed template environment and numbered citations.

Markdown templates render with autoescape off; HTML templates (``*.html.j2``) with
autoescape on, so text from the web can never inject markup into ``report.html``. Both
use ``StrictUndefined``: a template typo fails the report phase loudly.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import FileSystemLoader, select_autoescape

from scout.i18n import translations
from scout.spec.templating import make_env


class Citations:
    """Numbers sources in order of first citation: ``cite(url, title)`` → 1, 2, ..."""

    def __init__(self) -> None:
        self._index: dict[str, int] = {}
        self.items: list[dict[str, str]] = []

    def cite(self, url: str, title: str = "", adapter: str = "", phase: str = "") -> int:
        if url not in self._index:
            self._index[url] = len(self.items) + 1
            self.items.append({"n": str(len(self.items) + 1), "url": url,
                               "title": title or url, "adapter": adapter, "phase": phase})
        return self._index[url]

    def __len__(self) -> int:
        return len(self.items)


def make_report_env(templates: Path, lang: str = "en"):
    env = make_env(
        loader=FileSystemLoader(str(templates)),
        autoescape=select_autoescape(enabled_extensions=("html.j2", "html"),
                                     default_for_string=False, default=False),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    # {{ _("...") }} in templates: the report's words in the request's language
    env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    return env


def template_files(templates: Path, names: list[str]) -> list[Path]:
    """The files a report reads: the named templates plus shared partials (``_*.j2``)."""
    files = [templates / n for n in names]
    files += sorted(p for p in templates.glob("_*.j2") if p.is_file())
    return files
