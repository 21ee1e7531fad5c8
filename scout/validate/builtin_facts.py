"""The template facts of scout's built-in report templates, shipped with the package.

Every pipeline's report imports the shared sections built into scout
(``_report.md.j2``, ``_synthesis.md.j2``; scout/report/builtin), and parsing them was
most of what a cold ``scout validate`` spent on templates (the first run after a scout
or jinja2 upgrade, when the on-disk cache, scout.spec.factcache, is empty; issue 15,
benchmarks/cli.py). Their facts depend only on their text, scout's code and jinja2, all
three shipped together, so they are computed once and shipped in
``scout/report/builtin/facts.json``; a cold run parses only the project's own templates.

An entry is used only for a text whose SHA-256 it names (an edited copy is parsed) and
only with the jinja2 release that computed them (read from jinja2's ``__init__.py``,
without importing it); otherwise the template is parsed as before.

The same file keeps which msgids scout's own catalogs translate (scout/locales), for
the check that a project template's ``_()`` texts are translated
(scout.validate.catalogs): reading a ``.po`` file needs Babel (its import and the parse
were most of a warm ``scout validate`` once a project's report used ``_()``). Used only
for the catalog text whose SHA-256 it names and the Babel release that read it. The file is
regenerated with ``python scripts/builtin_facts.py`` and
tests/spec/test_builtin_facts.py fails while it is stale, like the JSON schemas.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from scout.i18n import _LOCALES, LANGS, catalog_path
from scout.report.files import BUILTIN
from scout.spec.factcache import module_file

FORMAT = 1
PATH = BUILTIN / "facts.json"
REGENERATE = "python scripts/builtin_facts.py"
_VERSION = re.compile(r"""^__version__\s*=\s*["']([^"']+)["']""", re.M)


def jinja2_version() -> str | None:
    """The installed jinja2's version, without importing it when it is not loaded yet."""
    return _version("jinja2")


def _version(package: str) -> str | None:
    loaded = sys.modules.get(package)
    if loaded is not None:
        return getattr(loaded, "__version__", None)
    origin = module_file(package)
    if origin is None:
        return None
    try:
        with open(origin, encoding="utf-8") as f:
            m = _VERSION.search(f.read(65536))
    except (OSError, UnicodeDecodeError):
        return None
    return m.group(1) if m else None


@lru_cache(maxsize=1)
def _doc() -> dict[str, Any]:
    try:
        doc = json.loads(PATH.read_bytes())
    except (OSError, ValueError):
        return {}
    return doc if isinstance(doc, dict) and doc.get("format") == FORMAT else {}


@lru_cache(maxsize=1)
def shipped() -> dict[str, Any]:
    """SHA-256 of a built-in template's text -> its encoded facts; empty when the file is
    missing, not ours, or made with another jinja2."""
    doc = _doc()
    if not doc or doc.get("jinja2") != jinja2_version():
        return {}
    templates = doc.get("templates")
    if not isinstance(templates, dict):
        return {}
    return {sha: entry["facts"] for sha, entry in templates.items()
            if isinstance(entry, dict) and "facts" in entry}


@lru_cache(maxsize=None)
def translated(lang: str) -> frozenset[tuple[str, str | None]] | None:
    """The (msgid, context) keys scout's own catalog of ``lang`` translates (not fuzzy,
    every form filled), as Babel's ``Catalog.get`` finds them; None when the shipped list
    is not for the catalog on disk or the Babel installed (then read the catalog)."""
    entry = _doc().get("catalogs", {}).get(lang) if isinstance(_doc().get("catalogs"), dict) \
        else None
    if not isinstance(entry, dict) or _doc().get("babel") != _version("babel"):
        return None
    try:
        data = catalog_path(_LOCALES, lang).read_bytes()
    except OSError:
        return None
    if entry.get("sha256") != hashlib.sha256(data).hexdigest():
        return None
    keys = entry.get("translated")
    if not isinstance(keys, list) or not all(
            isinstance(k, list) and len(k) == 2 and type(k[0]) is str
            and (k[1] is None or type(k[1]) is str) for k in keys):
        return None
    return frozenset((k[0], k[1]) for k in keys)


def _translated_keys(catalog: Any) -> list[list[str | None]]:
    """What :func:`translated` lists, from a Babel catalog (as catalogs._translated asks)."""
    out = []
    for message in catalog:
        if not message.id:
            continue  # the header
        text = message.string
        if message.fuzzy or not (all(text) if isinstance(text, (tuple, list)) else text):
            continue
        key = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
        out.append([key, message.context])
    return sorted(out, key=lambda k: (k[0], k[1] or ""))


def render() -> str:
    """The content ``facts.json`` should have: every built-in template parsed now."""
    import jinja2

    from scout.validate.template_facts import encode, facts_of, parse_env

    templates: dict[str, dict[str, Any]] = {}
    for path in sorted(BUILTIN.glob("*.j2")):
        source = path.read_text(encoding="utf-8")
        ast = parse_env().parse(source, name=path.name, filename=str(path))
        sha = hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()
        templates[sha] = {"file": path.name, "facts": encode(facts_of(ast))}
    import babel

    from scout.i18n import _catalog

    catalogs = {}
    for lang in LANGS:
        path = catalog_path(_LOCALES, lang)
        if lang == "en" or not path.is_file():
            continue
        catalogs[lang] = {"sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
                          "translated": _translated_keys(_catalog(lang))}
    # one template a line: small to read back, and a diff names the template that changed
    lines = [f" {json.dumps(sha)}: {json.dumps(entry, sort_keys=True, separators=(',', ':'))}"
             for sha, entry in sorted(templates.items(), key=lambda kv: kv[1]["file"])]
    return ("{\n" + f' "format": {FORMAT},\n "jinja2": {json.dumps(jinja2.__version__)},\n'
            f' "regenerate": {json.dumps(REGENERATE)},\n "templates": {{\n'
            + ",\n".join(lines) + "\n },\n"
            + f' "babel": {json.dumps(babel.__version__)},\n'
            + f' "catalogs": {json.dumps(catalogs, sort_keys=True, ensure_ascii=False)}\n}}\n')


def write() -> Path:
    from scout.fsutil import write_atomic

    write_atomic(PATH, render())
    return PATH
