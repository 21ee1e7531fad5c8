"""Tests of the example kinds (examples/*), and what their test files share: reading a
run's shortlist and the words a report writes itself."""

from __future__ import annotations

import re
from typing import Any


def shortlist_names(run: Any) -> list[str]:
    """The shortlisted candidates' names, in rank order."""
    return [i["candidate"]["name"] for i in run.artifact("shortlist")["items"]]


def excluded_reasons(run: Any) -> dict[str, list[str]]:
    """Each left-out candidate's name and the reasons it was left out."""
    return {c["name"]: reasons for c, reasons in run.artifact("shortlist")["excluded"]}


def own_words(report: str, listings: list[Any]) -> str:
    """The report less what it quotes (the request, the listings, URLs, the DAG)."""
    text = report.split("```mermaid")[0]
    text = re.sub(r"^> .*$", " ", text, flags=re.M)
    for r in listings:
        text = text.replace(r.title, " ").replace(r.snippet, " ")
    text = re.sub(r"“[^”]*”|«[^»]*»|'[^']*'", " ", text)
    return re.sub(r"https?://\S+", " ", text)
