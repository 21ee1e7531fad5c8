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
without importing it); otherwise the template is parsed as before. The file is
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

from scout.report.files import BUILTIN
from scout.spec.factcache import module_file

FORMAT = 1
PATH = BUILTIN / "facts.json"
REGENERATE = "python scripts/builtin_facts.py"
_VERSION = re.compile(r"""^__version__\s*=\s*["']([^"']+)["']""", re.M)


def jinja2_version() -> str | None:
    """The installed jinja2's version, without importing it when it is not loaded yet."""
    loaded = sys.modules.get("jinja2")
    if loaded is not None:
        return getattr(loaded, "__version__", None)
    origin = module_file("jinja2")
    if origin is None:
        return None
    try:
        with open(origin, encoding="utf-8") as f:
            m = _VERSION.search(f.read(65536))
    except (OSError, UnicodeDecodeError):
        return None
    return m.group(1) if m else None


@lru_cache(maxsize=1)
def shipped() -> dict[str, Any]:
    """SHA-256 of a built-in template's text -> its encoded facts; empty when the file is
    missing, not ours, or made with another jinja2."""
    try:
        doc = json.loads(PATH.read_bytes())
    except (OSError, ValueError):
        return {}
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return {}
    if doc.get("jinja2") != jinja2_version():
        return {}
    templates = doc.get("templates")
    if not isinstance(templates, dict):
        return {}
    return {sha: entry["facts"] for sha, entry in templates.items()
            if isinstance(entry, dict) and "facts" in entry}


def render() -> str:
    """The content ``facts.json`` should have: every built-in template parsed now."""
    import jinja2

    from scout.validate.template_facts import encode, facts_of, parse_env

    templates = {}
    for path in sorted(BUILTIN.glob("*.j2")):
        source = path.read_text(encoding="utf-8")
        ast = parse_env().parse(source, name=path.name, filename=str(path))
        sha = hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()
        templates[sha] = {"file": path.name, "facts": encode(facts_of(ast))}
    # one template a line: small to read back, and a diff names the template that changed
    lines = [f" {json.dumps(sha)}: {json.dumps(entry, sort_keys=True, separators=(',', ':'))}"
             for sha, entry in sorted(templates.items(), key=lambda kv: kv[1]["file"])]
    return ("{\n" + f' "format": {FORMAT},\n "jinja2": {json.dumps(jinja2.__version__)},\n'
            f' "regenerate": {json.dumps(REGENERATE)},\n "templates": {{\n'
            + ",\n".join(lines) + "\n }\n}\n")


def write() -> Path:
    from scout.fsutil import write_atomic

    write_atomic(PATH, render())
    return PATH
