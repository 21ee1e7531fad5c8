"""The spec language's basic models, shared with config, the step kinds and providers.

* the strict model base (:class:`StrictModel`: ``extra="forbid"``, frozen, built on first
  use) and the cheap ``default_factory`` functions :func:`new_list` / :func:`new_dict`;
* lengths of time written with a unit (:data:`Duration`: ``500ms``, ``30s``, ``2m``);
* how often something is tried and how long to wait between tries (:class:`Backoff`,
  :class:`RetryPolicy`), read by a phase's ``retry:``/``call_retry:``, the pipeline's
  ``defaults:`` and an adapter's ``retry:`` in config/adapters.yaml;
* how many fan-out items may fail (:class:`MinSuccess`, written as :data:`AllowPartial`).

The documents built on them (Pipeline, Phase, Mission) are in :mod:`scout.spec.models`.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, WithJsonSchema

from scout.errors import ERROR_KINDS

_DURATION_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$")
_UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
DURATION_PATTERN = r"^\s*\d+(\.\d+)?\s*(ms|s|m|h|d)\s*$"


def parse_duration(value: Any) -> float:
    """'30s' → 30.0, '2m' → 120.0, '500ms' → 0.5. Bare numbers are refused: units matter."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        raise ValueError(f"write durations with a unit, e.g. '{value}s' or '{value}m'")
    if not isinstance(value, str):
        raise ValueError("a duration is text with a unit, e.g. '30s' or '2m'")
    m = _DURATION_RE.match(value)
    if not m:
        raise ValueError(f"'{value}' is not a duration; write e.g. 500ms, 30s, 2m, 1h or 1d")
    return float(m.group(1)) * _UNITS[m.group(2)]


def format_duration(seconds: float) -> str:
    for unit in ("d", "h", "m", "s"):
        size = _UNITS[unit]
        if seconds >= size and (seconds / size).is_integer():
            return f"{int(seconds / size)}{unit}"
    return f"{round(seconds * 1000)}ms"


Duration = Annotated[
    float,
    BeforeValidator(parse_duration),
    PlainSerializer(format_duration, return_type=str),
    WithJsonSchema({"type": "string", "pattern": DURATION_PATTERN, "examples": ["30s", "2m"]}),
]


def new_list() -> list[Any]:
    """``default_factory`` for an empty list. Not ``list``: building a model, pydantic
    asks each factory's signature, and for the builtins inspect parses their text
    signature with tokenize, whose first use compiles a large regex: ~10 ms of every
    `scout validate` (benchmarks/cli.py). A function's signature is read in microseconds."""
    return []


def new_dict() -> dict[Any, Any]:
    """``default_factory`` for an empty dict (see :func:`new_list`)."""
    return {}


class StrictModel(BaseModel):
    # each model is built on first use, not at import: a spec or config uses a few of
    # the step kinds' and adapters' models (benchmarks/cli.py, `scout validate`).
    # allow_inf_nan=False: YAML's .inf and .nan are no setting an author means, and they
    # passed every bound written `ge=0` (a tariff of .inf made each call cost Infinity,
    # which `scout plan --format json` then wrote: no JSON parser but Python's reads it)
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True,
                              defer_build=True, allow_inf_nan=False)


class Backoff(StrictModel):
    """Exponential backoff: wait ``initial * factor**n``, capped at ``max``."""

    initial: Duration = Field(default=1.0, description="first wait, e.g. 1s")
    factor: float = Field(default=2.0, ge=1.0, le=10.0)
    max: Duration = Field(default=30.0, description="longest single wait")
    jitter: Literal["full", "none"] = Field(
        default="full", description="full: wait a uniform random time in [0, backoff]"
    )

    # The one backoff strategy: the phase loop (orchestrator/outcomes.py) and every
    # call's retry loop (providers/retry.py) both wait with it.
    def ceiling(self, attempt: int) -> float:
        """The longest wait after failed attempt ``attempt`` (1-based):
        ``min(max, initial * factor ** (attempt - 1))``."""
        return min(self.max, self.initial * (self.factor ** max(0, attempt - 1)))

    def delay(self, attempt: int, rng: Any) -> float:
        """The wait after failed attempt ``attempt``: the ceiling, or (``jitter: full``) a
        uniform random time in ``[0, ceiling]`` drawn from ``rng``."""
        high = self.ceiling(attempt)
        return rng.uniform(0.0, high) if self.jitter == "full" else high


class RetryPolicy(StrictModel):
    """How often something is tried and how long to wait between tries. As ``retry:`` it
    counts a phase's attempts (a fan-out: its failed items); as ``call_retry:`` (or an
    adapter's ``retry:`` in config/adapters.yaml) the tries of one call to one chain link
    before the chain moves on (docs/authoring.md#retry)."""

    attempts: int = Field(default=1, ge=1, le=20, description="total tries, including the first")
    backoff: Backoff = Field(default_factory=lambda: Backoff())  # a model's signature is slow too
    on: list[Literal[ERROR_KINDS]] | None = Field(  # type: ignore[valid-type]
        default=None,
        description="error classes that are retried (default: every retryable one)",
    )


class MinSuccess(StrictModel):
    min_success: float = Field(ge=0.0, le=1.0, description="fraction of items that must succeed")


def _allow_partial(value: Any) -> Any:
    # true: any number of item failures is accepted; false: every item must succeed
    if isinstance(value, bool):
        return {"min_success": 0.0 if value else 1.0}
    if not isinstance(value, (dict, MinSuccess)):
        raise ValueError(
            f"must be true, false or {{min_success: 0.7}} (a fraction from 0 to 1); "
            f"got {value!r}"
        )
    return value



# One model type (not a Union) so a bad value yields one clear error, not one per branch.
AllowPartial = Annotated[
    MinSuccess,
    BeforeValidator(_allow_partial),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "boolean"},
                {
                    "type": "object",
                    "properties": {"min_success": {"type": "number", "minimum": 0, "maximum": 1}},
                    "required": ["min_success"],
                    "additionalProperties": False,
                },
            ]
        }
    ),
]
