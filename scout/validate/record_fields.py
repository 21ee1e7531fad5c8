"""The fields a record in scope has, where scout knows them: a fan-out item over
candidates or videos, and the record ``rank`` names (``with.as``).

``{{ place.nmae }}`` in a fan-out query fails at run time, once per item, after the
phases before it were paid for; ``place.prcie <= task.budget.amount`` in ``rank.where``
does not fail at all: every record becomes "could not check". Candidates and videos are
closed models (no extra fields), so any other attribute is a mistake. Records of other
artifacts (a ``python:`` step's, a plug-in's) are not judged.
"""

from __future__ import annotations

import re
from functools import cache

from pydantic import BaseModel

from scout.spec.models import Phase, Pipeline
from scout.stepkit.params import RankParams
from scout.validate.rankable import holds


def _names(model: type[BaseModel]) -> frozenset[str]:
    """Fields and public properties (``evidence_count``) of ``model``."""
    props = {n for n in dir(model) if not n.startswith(("_", "model_"))
             and isinstance(getattr(model, n, None), property)}
    return frozenset(set(model.model_fields) | props)


#: the fields and public properties of ``Candidate`` and ``Video``, written out so that
#: ``scout validate`` does not import (and build) the artifact models to learn them
#: (benchmarks/cli.py: ~4% of a warm run); tests/spec/test_record_fields_table.py fails when
#: a model gains or loses a field and this table does not follow
CANDIDATE_FIELDS = frozenset({
    "adapter", "aliases", "bundle", "domain", "extras_added", "evidence", "evidence_count", "flags", "key",
    "name",
    "intro_offer", "offers", "price", "price_converted", "rating", "rating_count", "relevance", "sources", "term", "url",
    "unchecked_flags", "video"})
VIDEO_FIELDS = frozenset({
    "adapter", "channel", "duration", "id", "title", "upload_date", "url", "view_count"})


@cache
def _known() -> dict[str, tuple[str, frozenset[str]]]:
    candidate, video = CANDIDATE_FIELDS, VIDEO_FIELDS
    return {
        "candidates": ("a candidate", candidate),
        "videos": ("a video", video),
        # rank sees a video as a candidate whose missing fields come from the video
        "ranked videos": ("a video", candidate | video | {"year"}),
    }


def _of(artifact: str, pipeline: Pipeline, ranked: bool) -> tuple[str, frozenset[str]] | None:
    makers = [ph for ph in pipeline.phases.values() if artifact in ph.produces]
    if len(makers) != 1 or artifact in pipeline.inputs:
        return None  # SPEC020/SPEC021 say so; an input is not a record
    holding = holds(makers[0])
    if holding == "videos" and ranked:
        holding = "ranked videos"
    return _known().get(holding or "")


def record_scope(phase: Phase, params: BaseModel | None,
                 pipeline: Pipeline) -> dict[str, tuple[str, frozenset[str]]]:
    """Name in scope → (what it is, its fields), for the records whose fields are known."""
    out = {}
    if phase.for_each and phase.item_var:
        found = _of(phase.for_each, pipeline, ranked=False)
        if found:
            out[phase.item_var] = found
    if isinstance(params, RankParams):
        found = _of(params.items, pipeline, ranked=True)
        if found:
            out[params.as_] = found
    return out


@cache
def _value_fields() -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Input type → (what a value of it has: fields and methods, its fields to suggest)."""
    from scout.schemas.task import Money, Month

    def public(model: type[BaseModel], *shown: str) -> tuple[frozenset[str], frozenset[str]]:
        fields = set(model.model_fields) | set(shown)
        return (frozenset(fields | {n for n in dir(model)
                                    if not n.startswith(("_", "model_"))}), frozenset(fields))
    return {"money": public(Money), "month": public(Month, "iso", "name")}


_CHAIN = re.compile(r"(?<![\w.'\"])([A-Za-z_]\w*)\.([A-Za-z_]\w*)\.([A-Za-z_]\w*)")


def value_field_slips(text: str, pipeline: Pipeline, task_is_task: bool,
                      records: dict[str, tuple[str, frozenset[str]]]
                      ) -> list[tuple[str, str, str, frozenset[str]]]:
    """``(written, field, value type, its fields)`` for each ``task.budget.amout`` or ``place.price.amout``
    in ``text``: a field a money or month value does not have (``amount``, ``currency``,
    ``per``, ``min``; ``year``, ``month``). In a query it fails at run time; in
    ``rank.where`` every record would be "could not check"."""
    fields_of = _value_fields()
    bare = re.sub(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", "''", text)
    out = []
    for m in _CHAIN.finditer(bare):
        name, attr, sub = m.groups()
        kind = None
        if name == "task" and task_is_task and attr in pipeline.inputs:
            kind = pipeline.inputs[attr].type
        elif name in records and attr in ("price", "price_converted"):
            kind = "money"
        found = fields_of.get(kind or "")
        if found is not None and sub not in found[0]:
            out.append((m.group(0), sub, str(kind), found[1]))
    return out


# a value right before or after an ordering operator, with no field after it: "x.y >=",
# ">= x.y" (read as written, like _CHAIN, so validating needs no Jinja parse)
_ORDERED = re.compile(r"(?<![\w.'\"])([A-Za-z_]\w*)\.([A-Za-z_]\w*)(?![\w.(])\s*(?=[<>])"
                      r"|(?<=[<>])=?\s*([A-Za-z_]\w*)\.([A-Za-z_]\w*)(?![\w.(])")


def money_compared_whole(text: str, pipeline: Pipeline, task_is_task: bool,
                         records: dict[str, tuple[str, frozenset[str]]]) -> list[list[str]]:
    """The money values each comparison of ``text`` (an expression) orders whole:
    ``grant.price >= task.min_amount``, ``task.budget < 100``. A money value is a record of
    its own (amount, currency, period), so the comparison fails for every record, and
    ``rank`` keeps them all as "could not check"; its ``.amount`` is what compares."""
    bare = re.sub(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", "''", text)

    def money(name: str, attr: str) -> bool:
        if name == "task" and task_is_task and attr in pipeline.inputs:
            return pipeline.inputs[attr].type == "money"
        return name in records and attr in ("price", "price_converted")

    out: list[list[str]] = []
    # one comparison per clause: "a is none or x.price >= task.budget" is split at
    # "and" / "or", so each list names the values one comparison orders
    for clause in re.split(r"\b(?:and|or|not)\b|[,()]", bare):
        whole: list[str] = []
        for m in _ORDERED.finditer(clause):
            name, attr = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            written = f"{name}.{attr}"
            if money(name, attr) and written not in whole:
                whole.append(written)
        if whole and whole not in out:
            out.append(whole)
    return out
