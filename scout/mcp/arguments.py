"""The tools' arguments as a model meets them: what each takes (the descriptions in the
input schemas of ``tools/list``), a refusal of their JSON types said as scout's USE001,
and a hint in the CLI's words (``--set budget=200 EUR``) said as the tools take it.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any

from pydantic import Field, ValidationError

from scout.errors import UsageError

# What each argument takes, in the input schemas a model reads (tools/list): without
# these it sees only "File: string" and guesses what to pass.
FileArg = Annotated[str, Field(description=(
    "a pipeline file (a research kind: the kinds tool lists them, e.g. "
    "pipelines/hotel_research.yaml) or a kind: Mission file, relative to the framework "
    "root"))]
QueryArg = Annotated[str | None, Field(description=(
    "the person's request in their own words and language (Spanish or English), "
    "unchanged: places, months or dates, a budget with its currency, a minimum rating"))]
# a model writes a rating as 8.5 and a yes as true: values are typed by the kind's inputs
# (scout.task.values.coerce takes JSON's types), so the schema does not refuse them
SetValue = str | bool | int | float | list[str]
SetArg = Annotated[dict[str, SetValue] | None, Field(description=(
    "input names (the kinds tool lists each kind's inputs) to values, for what the query "
    "does not say or to correct how it was read, e.g. {\"budget\": \"200 EUR\", "
    "\"min_rating\": 8.5, \"download_photos\": true}"))]
MissionIdArg = Annotated[str, Field(description=(
    "a mission id exactly as plan, apply or runs returned it"))]
SinceArg = Annotated[str | None, Field(description=(
    "only lines since an ISO date (2026-09-01) or an age (2h, 7d)"))]


#: a hint's ``--set NAME=VALUE`` (one or several, as the CLI's errors write the fix); a
#: value runs to the next flag, a closing parenthesis, a semicolon or the end
_SET_FLAG = re.compile(r"--set (\w+)=(.+?)(?=\s+--set\s|\)|;|$)")
_FLAG = re.compile(r"--(query|set|max-cost|replay)\b")


def as_tool_arguments(hint: str) -> str:
    """A hint in the CLI's words (``e.g. --set budget=200 EUR``) said as this server's
    tools take it (``e.g. set {"budget": "200 EUR"}``): an agent has no ``--set``."""
    found = list(_SET_FLAG.finditer(hint))
    if found:
        values = {m.group(1): m.group(2).strip().strip("'\"") for m in found}
        hint = (hint[:found[0].start()] + "set " + json.dumps(values, ensure_ascii=False)
                + hint[found[-1].end():])
    return _FLAG.sub(lambda m: m.group(1).replace("-", "_"), hint)


#: what the SDK's argument check calls a JSON value's Python type, as JSON names it
_JSON_TYPES = {"str": "text", "int": "a number", "float": "a number", "bool": "true/false",
               "NoneType": "null", "list": "a list", "dict": "an object"}


def _union_member(part: Any) -> str | None:
    """What JSON calls the union member pydantic names ``part`` in an error's loc
    (``str``, ``list[str]``), or None when ``part`` is an argument or key."""
    if not isinstance(part, str):
        return None
    base = part.split("[", 1)[0]
    if base not in _JSON_TYPES or (base == part and base in ("list", "dict")):
        return None
    return _JSON_TYPES[base]


def bad_arguments(name: str, exc: ValidationError) -> UsageError:
    """The SDK's refusal of a tool's arguments (wrong JSON types, a missing one) as
    USE001 naming each argument and what it got (its type, never its value: the value
    is the caller's data), instead of pydantic's text and its errors.pydantic.dev link."""
    # an argument that takes several JSON types (`set`'s values) fails once per type, each
    # under a loc ending in the type's name: said once, as the types it takes
    grouped: dict[str, list[dict[str, Any]]] = {}
    for err in exc.errors():
        loc = list(err.get("loc", ()))
        tag = _union_member(loc[-1]) if loc else None
        where = ".".join(str(p) for p in (loc[:-1] if tag else loc)) or "arguments"
        grouped.setdefault(where, []).append({**err, "_tag": tag})
    parts = []
    for where, errs in list(grouped.items())[:5]:
        first = errs[0]
        got = _JSON_TYPES.get(type(first.get("input")).__name__, "another type")
        tags = list(dict.fromkeys(e["_tag"] for e in errs if e["_tag"]))
        said = ("expected " + " or ".join(tags)) if len(tags) > 1 else first.get("msg",
                                                                                  "invalid")
        parts.append(f"{where}: {said}" + ("" if first.get("type") == "missing"
                                           else f" (got {got})"))
    return UsageError(f"tool {name}: " + "; ".join(parts),
                      hint="the tool's inputSchema (tools/list) says what each argument takes")
