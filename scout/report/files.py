"""Which file a report template name loads: the project's ``templates/``, else the
templates shipped with scout. No jinja2 here: the validator resolves templates it
answers from its cache (scout.validate.templates) without loading the renderer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scout.i18n import LANGS, catalog_path
from scout.paths import BUILTIN_TEMPLATES

#: templates shipped inside the package, found after the project's own templates/ (a
#: project file of the same name wins): the default report, the HTML wrapper, the shared
#: report sections every kind imports (``_report.md.j2``, ``_synthesis.md.j2``) and the
#: page of a mission that stopped before its report (failed, cost cap, Ctrl-C), so a
#: project made by ``scout init`` anywhere has them all
BUILTIN = BUILTIN_TEMPLATES
DEFAULT_TEMPLATE = "default_report.md.j2"
HTML_WRAPPER_NAME = "report.html.j2"
#: how a report template's text is read (besides scout.spec.templating.SYNTAX, every
#: template's): the report's environment and the validator's parse-only one
#: (scout.validate.template_facts.parse_env) share them, so both read the same tree
REPORT_SYNTAX: dict[str, Any] = {"trim_blocks": True, "lstrip_blocks": True}


def resolve_template(templates: Path, name: str) -> Path | None:
    """The file a template name loads: the project's, else the built-in one."""
    for folder in (templates, BUILTIN):
        if (folder / name).is_file():
            return folder / name
    return None


def outside(path: Path, folder: Path) -> bool:
    """Whether the template ``path`` found in ``folder`` is a link to a file elsewhere
    (``templates/x.md.j2 -> ~/.aws/credentials``): a kind written by someone else would
    have it rendered into the report, which a phase may e-mail. Neither the renderer nor
    the validator reads such a file."""
    try:
        return folder.resolve() not in path.resolve().parents
    except (OSError, RuntimeError):  # a loop of links
        return True


def template_files(templates: Path, names: list[str]) -> list[Path]:
    """The files a report reads: the named templates plus the shared partials (``_*.j2``,
    the project's own or else the built-in one of that name)."""
    files = [resolve_template(templates, n) or templates / n for n in names]
    partials = {p.name for folder in (templates, BUILTIN) for p in folder.glob("_*.j2")}
    files += [p for p in (resolve_template(templates, n) for n in sorted(partials)) if p]
    return files


def project_locales(templates: Path) -> Path:
    """The project's own message catalogs: ``locales/`` beside its ``templates/``."""
    return templates.parent / "locales"


def catalog_files(templates: Path) -> list[Path]:
    """The project's ``.po`` files a report reads (part of the report phase's fingerprint:
    a corrected translation renders the report again); none for a project without any."""
    folder = project_locales(templates)
    return [p for p in (catalog_path(folder, lang) for lang in LANGS) if p.is_file()]
