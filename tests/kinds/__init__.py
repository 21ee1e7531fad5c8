"""Tests of the example kinds (examples/*), and what their test files share: parsing a
request as ``scout apply`` does, reading a run's shortlist and the words a report writes
itself."""

from __future__ import annotations

import datetime as dt
import functools
import re
from pathlib import Path
from typing import Any


@functools.lru_cache(maxsize=None)
def _pipeline(path: Path) -> Any:
    from scout.spec.loader import load_pipeline

    return load_pipeline(path).model


def parse_request(kind: Path, query: str, today: dt.date, **kw: Any) -> Any:
    """The Task ``scout apply`` starts from for ``query`` on the kind whose pipeline file
    is ``kind``: read as its task phase reads it (scout/steps/task.py), with the kind's
    inputs, its name, its ``nouns`` and its catalogs (``locales/`` beside
    ``templates/``); ``kw``: what else the request gives (``overrides``...)."""
    from scout.report.files import project_locales
    from scout.task.build import build_task

    model = _pipeline(Path(kind).resolve())
    return build_task(query, model.inputs, today=today,
                      locales=project_locales(Path(kind).resolve().parents[1] / "templates"),
                      kind=model.name, nouns=model.nouns, **kw)


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
