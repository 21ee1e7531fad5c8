"""Pydantic models of the spec language: Pipeline and Mission documents.

The models are strict (``extra="forbid"``) and frozen: a misspelled key is an error,
never silently ignored, and a loaded spec cannot be changed by the code that runs it.
The base they share with config and the step kinds, durations and the retry and
partial-success policies are :mod:`scout.spec.basics`.
``schemas/pipeline.schema.json`` is generated from these same models (``scout schema``).

Only shape is checked here. Cross-references (needs/produces, chains, Jinja scope,
``with:`` against the step kind) are checked in ``scout.validate.checks`` and the graph
rules in ``scout.spec.dag``.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, ConfigDict, Field, WithJsonSchema, field_validator, model_validator
from pydantic_core import PydanticCustomError

from scout.schemas.task import BUDGET_BASES, INPUT_TYPES, RATING_SCALES
from scout.spec.basics import AllowPartial, Duration, RetryPolicy, StrictModel, new_dict, new_list
from scout.spec.regexcheck import check_regex
from scout.termsafe import quoted

API_VERSION = "scout/v1"
SLUG = r"^[a-z0-9][a-z0-9._-]{0,127}$"
IDENT = r"^[A-Za-z_][A-Za-z0-9_]*$"
PHASE_ID = r"^[A-Za-z][A-Za-z0-9_-]{0,63}$"
ARTIFACT_NAME = r"^[A-Za-z_][A-Za-z0-9_]*$"
NEED_NAME = r"^[A-Za-z_][A-Za-z0-9_]*\??$"
#: the most words a kind declares in one list (its nouns, an input's aliases, its enum
#: values, one value's synonyms): every request of the kind is read against each, so a
#: kind written by someone else with 20,000 nouns made each `plan` of it take 10 s.
#: Shipped kinds declare under 20 (an enum of the world's countries fits)
MAX_KIND_WORDS = 500
#: the most phases and inputs a kind may declare: shipped kinds have at most 13 phases
#: and 16 inputs; a kind written by someone else with 10,000 phases took 44 s to
#: validate (10,000 warnings) and `scout graph` of it never ended
MAX_PHASES = 1000
MAX_INPUTS = 500
#: the longest such word or phrase ('espacio de coworking'; shipped ones are under 30)
MAX_WORD_CHARS = 100
#: one of those words: not blank (an empty noun or alias names nothing), at most
#: MAX_WORD_CHARS characters
KindWord = Annotated[str, Field(min_length=1, max_length=MAX_WORD_CHARS, pattern=r"\S")]


def bad_key(message: str, at: str, hint: str | None = None) -> PydanticCustomError:
    """A key of a mapping that is not allowed as a name, located at that key."""
    ctx: dict[str, str] = {"at": at}
    if hint:
        ctx["hint"] = hint
    return PydanticCustomError("spec_key", message, ctx)


def _quoted(names: list[str]) -> str:
    return ", ".join(quoted(n) for n in names)


def conflict(message: str, at: str, hint: str | None = None) -> PydanticCustomError:
    """A rule across keys, located at key ``at`` (see scout.spec.located)."""
    ctx: dict[str, str] = {"at": at}
    if hint:
        ctx["hint"] = hint
    return PydanticCustomError("spec_conflict", message, ctx)



def _group(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


GroupName = Annotated[
    str,
    BeforeValidator(_group),
    WithJsonSchema({"anyOf": [{"type": "integer"}, {"type": "string"}]}),
]


class InputSpec(StrictModel):
    """A field of the Task. F0 fills it from --query; defaults, missions and --set override."""

    type: Literal[INPUT_TYPES]  # type: ignore[valid-type]
    required: bool = False
    default: Any = None
    description: str | None = None
    items: Literal[INPUT_TYPES] | None = Field(  # type: ignore[valid-type]
        default=None, description="item type of a list input"
    )
    enum: list[KindWord] | None = Field(default=None, max_length=MAX_KIND_WORDS,
                                        description="allowed values (strings)")
    synonyms: dict[str, Annotated[list[KindWord], Field(max_length=MAX_KIND_WORDS)]] = Field(
        default_factory=new_dict,
        description="other words for an enum value, e.g. {hybrid: [híbrido]}: a query, a "
        "mission or --set that says one gets the enum value")
    aliases: list[KindWord] = Field(
        default_factory=new_list, max_length=MAX_KIND_WORDS,
        description="extra words that name this field in a query"
    )
    pattern: str | None = Field(
        default=None,
        description="regex that finds the value in a query (group 'value', else group 1)",
    )
    labelled: bool = Field(
        default=False,
        description="read an enum word from a query only next to the input's name or an "
        "alias ('plan Pro', 'Team plan'): for enum words that are everyday words ('team "
        "chat', 'small business')")
    scale: Literal[RATING_SCALES] | None = Field(  # type: ignore[valid-type]
        default=None,
        description="a rating input's scale, the one its kind's readers think in: 100 "
        "(critics' points), 5 (stars) or 10 (the default). Values stay 0-10; reports and "
        "the synthesis show them on this scale, and a bare number asked is read on it")

    from_times: bool = Field(
        default=False,
        description="a duration input that also reads a slot between two clock times as "
        "its length ('de 19 a 21' is 2 hours, '6-7:30pm' 90 minutes): for a kind booked by "
        "the slot (a court, a room); never a window to start in ('entre las 8 y las 10')")

    per: Literal[BUDGET_BASES] | None = Field(  # type: ignore[valid-type]
        default=None,
        description="a money input's basis when the request says none: 'total' for a "
        "budget for the whole of the dates or the length asked (a hire, a charter: "
        "'3 días, máximo 400 €' is 400 € for the three days, so a price a day is compared "
        "times them), or a period ('day', 'month') for a kind whose budgets are always "
        "said per it; a request that says its own ('60 € al día', 'in total') keeps it")

    def canonical(self, value: Any) -> Any:
        """``value`` with each synonym replaced by its enum value (``híbrido`` → ``hybrid``),
        case-blind; other values unchanged."""
        if not self.synonyms or value is None:
            return value
        table = {w.casefold(): key for key, words in self.synonyms.items() for w in words}
        if isinstance(value, list):
            return [table.get(str(v).casefold(), v) for v in value]
        return table.get(str(value).casefold(), value)

    def off_enum(self, value: Any) -> list[Any]:
        """The values ``enum`` does not allow: each item of a ``list`` input (so
        ``features: [automatic, navigation]`` fits ``enum: [automatic, navigation, ...]``),
        the value itself otherwise. Empty when there is no enum or all fit."""
        if not self.enum or value is None:
            return []
        values = value if self.type == "list" and isinstance(value, list) else [value]
        return [v for v in values if str(v) not in self.enum]

    @model_validator(mode="after")
    def _synonyms_of_enum_values(self) -> "InputSpec":
        if self.synonyms and not self.enum:
            raise ValueError("synonyms name other words for enum values: declare enum too")
        unknown = [k for k in self.synonyms if k not in (self.enum or [])]
        if unknown:
            raise ValueError(f"synonyms of {', '.join(map(repr, unknown))}, which enum does "
                             f"not list (enum: {self.enum})")
        # one word for two values (or one value listed twice) reads as whichever comes
        # first: a slip, never what the author meant (a synonym that repeats its own value
        # is only redundant)
        values = [str(v).casefold().strip() for v in self.enum or []]
        twice = next((str(v) for i, v in enumerate(self.enum or []) if values.index(values[i]) != i), None)
        if twice is not None:
            raise ValueError(f"enum lists {twice!r} twice: keep it once")
        owner = {v: str(o) for v, o in zip(values, self.enum or [])}
        for key, words in self.synonyms.items():
            for word in words:
                other = owner.setdefault(word.casefold().strip(), key)
                if other != key:
                    raise ValueError(f"{word!r} is a word for both {other!r} and {key!r}: keep "
                                     f"it under the value it means")
        return self

    @model_validator(mode="after")
    def _labelled_enum(self) -> "InputSpec":
        if self.labelled and not self.enum:
            raise ValueError("'labelled' reads enum words only next to the input's name or "
                             "an alias: declare enum too")
        return self

    @model_validator(mode="after")
    def _scale_of_a_rating(self) -> "InputSpec":
        if self.scale is not None and self.type != "rating":
            raise ValueError(f"'scale' is the scale of a rating; this input is of type "
                             f"'{self.type}'")
        return self

    @model_validator(mode="after")
    def _per_of_money(self) -> "InputSpec":
        if self.per is not None and self.type != "money":
            raise ValueError(f"'per' is the basis of an amount of money; this input is of "
                             f"type '{self.type}'")
        return self

    @model_validator(mode="after")
    def _times_of_a_duration(self) -> "InputSpec":
        if self.from_times and self.type != "duration":
            raise ValueError(f"'from_times' reads a slot's length into a duration; this input "
                             f"is of type '{self.type}'")
        return self

    @field_validator("pattern")
    @classmethod
    def _regex(cls, v: str | None) -> str | None:
        return None if v is None else check_regex(v)


class Defaults(StrictModel):
    """Settings every phase inherits unless it sets its own."""

    retry: RetryPolicy | None = None
    call_retry: RetryPolicy | None = None
    timeout: Duration | None = None
    max_parallel: int | None = Field(default=None, ge=1, le=1024)
    allow_partial: AllowPartial | None = None


class Phase(StrictModel):
    """One node of the DAG."""

    # the cross-key rules of _exclusive, for editors (the JSON Schema)
    model_config = ConfigDict(
        json_schema_extra={
            "not": {"required": ["chain", "adapters"]},
            "dependentRequired": {"as": ["for_each"]},
        }
    )

    uses: str = Field(description="step kind: task, search, fetch, ..., or python:module:function")
    description: str | None = None
    needs: list[str] = Field(
        default_factory=new_list,
        description="artifacts or inputs this phase reads; 'name?' may be missing",
        json_schema_extra={"uniqueItems": True, "items": {"type": "string",
                                                          "pattern": NEED_NAME}},
    )
    produces: list[str] = Field(
        default_factory=new_list,
        json_schema_extra={"uniqueItems": True, "items": {"type": "string",
                                                          "pattern": ARTIFACT_NAME}},
    )
    with_: dict[str, Any] = Field(default_factory=new_dict, alias="with")
    chain: str | None = Field(default=None, description="failover chain from config/adapters.yaml")
    adapters: list[str] | None = Field(
        default=None, description="inline failover chain; 'name?' = used when configured"
    )
    for_each: str | None = Field(default=None, description="artifact to fan out over")
    as_: str | None = Field(default=None, alias="as", pattern=IDENT)
    max_parallel: int | None = Field(default=None, ge=1, le=1024)
    parallel_group: GroupName | None = None
    retry: RetryPolicy | None = Field(
        default=None, description="phase attempts: how often the phase runs before it fails")
    call_retry: RetryPolicy | None = Field(
        default=None, description="tries of each call to one chain link before the chain "
                                  "moves on (default: the adapter's retry)")
    allow_partial: AllowPartial | None = None
    if_: str | None = Field(default=None, alias="if", description="Jinja expression")
    optional: bool = False
    timeout: Duration | None = None

    @field_validator("needs", "produces")
    @classmethod
    def _names(cls, v: list[str]) -> list[str]:
        for name in v:
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*\??", name):
                raise ValueError(f"'{name}' is not a valid artifact name (letters, digits, _)")
        if len(set(v)) != len(v):
            raise ValueError("lists the same name twice")
        return v

    @model_validator(mode="after")
    def _exclusive(self) -> "Phase":
        if self.chain is not None and self.adapters is not None:
            raise conflict("set either 'chain' or 'adapters', not both", "adapters",
                           "a named chain comes from config/adapters.yaml; 'adapters' "
                           "lists them inline")
        if self.as_ is not None and self.for_each is None:
            raise conflict("'as' names the item of a 'for_each'; add for_each or drop as",
                           "as")
        return self

    @property
    def need_names(self) -> list[str]:
        """Needs without the optional marker."""
        return [n.rstrip("?") for n in self.needs]

    def need_is_optional(self, name: str) -> bool:
        return f"{name}?" in self.needs

    @property
    def item_var(self) -> str | None:
        if self.for_each is None:
            return None
        return self.as_ or "item"


class Pipeline(StrictModel):
    """A research kind: typed inputs and a DAG of phases."""

    api_version: Literal["scout/v1"] = Field(alias="apiVersion")
    kind: Literal["Pipeline"] = "Pipeline"
    name: str = Field(pattern=SLUG)
    description: str | None = None
    inputs: dict[str, InputSpec] = Field(
        default_factory=new_dict, max_length=MAX_INPUTS,
        json_schema_extra={"propertyNames": {"pattern": IDENT}}
    )
    # what every request of the kind asks for, not what it is about: the parser claims
    # these words before the subject and place readers, as it does the kind's name
    nouns: list[KindWord] = Field(
        default_factory=new_list, max_length=MAX_KIND_WORDS,
        description="the words a request uses for what this kind finds, singular or plural, "
                    "in each language it is asked in ('podcast', 'pódcast', 'coworking space'): "
                    "never read as the request's subject or place")
    defaults: Defaults = Field(default_factory=Defaults)
    phases: dict[str, Phase] = Field(
        min_length=1, max_length=MAX_PHASES,
        json_schema_extra={"propertyNames": {"pattern": PHASE_ID}}
    )

    @field_validator("inputs", mode="before")
    @classmethod
    def _input_names(cls, v: Any) -> Any:
        if isinstance(v, dict):
            bad = [str(n) for n in v if not re.fullmatch(IDENT, str(n))]
            if bad:
                raise bad_key(f"input name {_quoted(bad)} must be an identifier "
                              "(letters, digits, _)", bad[0], "e.g. min_rating")
        return v

    @field_validator("phases", mode="before")
    @classmethod
    def _phase_ids(cls, v: Any) -> Any:
        if isinstance(v, dict):
            bad = [str(p) for p in v if not re.fullmatch(PHASE_ID, str(p))]
            if bad:
                raise bad_key(f"phase id {_quoted(bad)} must start with a letter (then "
                              "letters, digits, _ or -)", bad[0], "e.g. F1 or reviews-2")
        return v


class Mission(StrictModel):
    """A declared run: which pipeline, what request, with which overrides and budget."""

    model_config = ConfigDict(
        json_schema_extra={"anyOf": [{"required": ["query"]}, {"required": ["inputs"]}]}
    )

    api_version: Literal["scout/v1"] = Field(alias="apiVersion")
    kind: Literal["Mission"]
    mission_id: str | None = Field(default=None, pattern=SLUG)
    description: str | None = None
    pipeline: str = Field(description="path of the pipeline, relative to this file")
    query: str | None = None
    inputs: dict[str, Any] = Field(default_factory=new_dict)
    runs_dir: str | None = None
    max_cost: float | None = Field(default=None, ge=0, allow_inf_nan=False,
                                   description="USD cap for the mission")

    @model_validator(mode="after")
    def _has_request(self) -> "Mission":
        if not self.query and not self.inputs:
            raise conflict("a mission needs a 'query', 'inputs', or both", "pipeline",
                           "add e.g. query: find hotels in Barcelona under 200 EUR")
        return self
