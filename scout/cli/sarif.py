"""``scout validate --format sarif``: problems as a SARIF 2.1.0 log, for code scanning.

One run, one tool (``scout``), one rule per error code (its help names the code's
section of docs/errors.md), one result per problem. Paths are written relative to the current
directory under ``%SRCROOT%`` when they lie inside it, so GitHub code scanning maps each
result onto the repository's file; others stay as given.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scout import __version__
from scout.cli.render import relative_path
from scout.errors import Problem

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def to_sarif(problems: list[Problem], *, base: Path | None = None) -> dict[str, Any]:
    base = base or Path.cwd()
    rules: dict[str, dict[str, Any]] = {}
    results = []
    for p in problems:
        rules.setdefault(p.code, {
            "id": p.code,
            "shortDescription": {"text": f"scout {p.code}"},
            "help": {"text": f"see the section {p.code} of docs/errors.md"},
        })
        text = p.message + (f" (hint: {p.hint})" if p.hint else "")
        result: dict[str, Any] = {
            "ruleId": p.code,
            "level": "error" if p.severity == "error" else "warning",
            "message": {"text": text},
        }
        if p.location is not None and p.location.file:
            uri, inside = relative_path(p.location.file, base)
            artifact: dict[str, Any] = {"uri": uri}
            if inside:
                artifact["uriBaseId"] = "%SRCROOT%"
            physical: dict[str, Any] = {"artifactLocation": artifact}
            if p.location.line:
                physical["region"] = {"startLine": max(1, p.location.line),
                                      "startColumn": max(1, p.location.col or 1)}
            result["locations"] = [{"physicalLocation": physical}]
        results.append(result)
    ids = list(rules)
    for r in results:
        r["ruleIndex"] = ids.index(r["ruleId"])
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "scout", "version": __version__,
                                "rules": list(rules.values())}},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": base.resolve().as_uri() + "/"}},
            "results": results,
        }],
    }


def sarif_text(problems: list[Problem], *, base: Path | None = None) -> str:
    return json.dumps(to_sarif(problems, base=base), indent=2)
