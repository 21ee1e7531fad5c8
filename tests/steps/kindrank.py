"""Rank an example kind's listings with its own rank phase, offline and without the rest
of its pipeline: the request read as ``scout apply`` reads it (tests.kinds.parse_request),
each listing one candidate whose one source states its text (its price read as extract
reads it), with the kind's own config (its currency and tax rates). For the price-basis tests that check a rule on kinds someone else wrote."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path
from typing import Any

from scout.config.loader import load_config
from scout.schemas.records import Candidate, Candidates, Evidence, Shortlist
from scout.steps import rank
from scout.steps.extract import find_price
from scout.stepkit.params import RankParams
from tests.kinds import _pipeline, parse_request
from tests.steps.test_extract_rank import _ctx

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def kind_file(kind: str) -> Path:
    return next((EXAMPLES / kind / "pipelines").glob("*.yaml"))


def listing(key: str, text: str) -> Candidate:
    url = f"https://{key}.test/"
    return Candidate(key=key, name=key, url=url, evidence=[Evidence(
        id=key, kind="snippet", subject=key, url=url, text=text, price=find_price(text))])


def rank_kind(kind: str, query: str, listings: dict[str, str],
              today: dt.date = dt.date(2026, 12, 7), **override: Any) -> Shortlist:
    """``kind``'s first rank phase over ``listings`` (key: text) for ``query``;
    ``override``: rank's ``with`` keys replaced (a variant of the kind's phase)."""
    path = kind_file(kind)
    model = _pipeline(path.resolve())
    phase = next(p for p in model.phases.values() if p.uses == "rank")
    params = RankParams.model_validate({**phase.with_, **override})
    task = parse_request(path, query, today)
    items = Candidates(items=[listing(k, t) for k, t in listings.items()])
    ctx = _ctx(params, {params.items: items}, task)
    config = EXAMPLES / kind / "config" / "adapters.yaml"  # its rates, tax rates
    if config.is_file():
        ctx = dataclasses.replace(ctx, config=load_config(config))
    return rank.run(dataclasses.replace(ctx, pipeline=model, phase=phase))


def kept(short: Shortlist) -> dict[str, Candidate]:
    return {i.candidate.key: i.candidate for i in short.items}


def left_out(short: Shortlist) -> dict[str, Candidate]:
    return {c.key: c for c, _ in short.excluded}
