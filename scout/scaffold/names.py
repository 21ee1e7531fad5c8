"""What the author gives ``scout init``, checked: the kind's name (a slug, and its name in
words, ``--name`` / ``--es``) and its inputs (``--input NAME:TYPE``), with what an input's
name says of it: which money input is the budget, which place is a trip's end and the
words a request names that end with (:data:`ROUTE_ALIASES`). A mistake is a UsageError
that says how to write it."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from scout.errors import UsageError
from scout.schemas.task import INPUT_TYPES, task_own_names
from scout.suggest import did_you_mean
from scout.termsafe import quoted

#: the scaffold's template files (files/pipeline.yaml names the artifacts)
FILES = Path(__file__).parent / "files"


@dataclass(frozen=True)
class Written:
    """A file ``scout init`` wrote, and what it is (the command lists them)."""

    path: Path
    what: str

KIND_RE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
MAX_LEN = 60
NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
#: a list input needs an item type the scaffold cannot guess: write it in the YAML
TYPES = tuple(t for t in INPUT_TYPES if t != "list")
#: the example kind's, when the author names none: its rank criteria are budget and rating
DEFAULT_INPUTS = (("place", "place"), ("budget", "money"), ("min_rating", "rating"))
#: criteria, not search words: rank compares them with each candidate's price / rating
CRITERIA = ("money", "rating")


def check_kind_name(kind: str) -> str:
    """A kind name is a slug: lowercase letters and digits, words joined by '-'."""
    if not KIND_RE.fullmatch(kind or "") or len(kind) > MAX_LEN:
        suggestion = re.sub(r"[^a-z0-9]+", "-", (kind or "").lower()).strip("-")
        if suggestion and not suggestion[0].isalpha():
            suggestion = "kind-" + suggestion
        hint = f"e.g. scout init {suggestion[:MAX_LEN]}" if suggestion else \
            "e.g. scout init coworking-spaces"
        # quoted with its controls escaped: stripped on print, '\x1b[31mx' read as 'x'
        raise UsageError(f"{quoted(kind or '')} is not a valid kind name: use lowercase "
                         "letters and digits, words joined by '-', starting with a letter, "
                         f"at most {MAX_LEN} characters", hint=hint)
    return kind



def display_name(option: str, value: str | None, example: str) -> str | None:
    """A name the author gives the kind in words (``--name``, ``--es``), its spaces
    collapsed; None when not given. Words only: it is written into YAML strings, Jinja
    expressions and a .po entry, where a quote, a brace, '%' or '#' would break them."""
    value = " ".join((value or "").split()) or None
    if value is not None and (not value.isprintable()
                              or any(ch in value for ch in "{}%#\"'\\")):
        raise UsageError(f"{option} {value!r}: write the name as words, without quotes, "
                         "braces, '%' or '#'", hint=f"e.g. {option} {example}")
    return value


def kind_words(kind: str) -> str:
    """The words a slug says: its '-' are spaces (``driving-schools`` → "driving
    schools"); a slug written as one word (``drivingschools``) has no way to say where its
    words part, so the author gives them with ``--name``."""
    return kind.replace("-", " ")


@functools.cache
def scaffold_artifacts() -> frozenset[str]:
    """The artifacts the scaffolded pipeline's phases produce (``produces: [...]`` in
    files/pipeline.yaml): an --input of one of these names made a kind that does not
    validate."""
    text = (FILES / "pipeline.yaml").read_text(encoding="utf-8")
    return frozenset(name.strip() for m in re.finditer(r"produces:\s*\[([^\]]*)\]", text)
                     for name in m.group(1).split(",") if name.strip())


def parse_inputs(specs: list[str] | tuple[str, ...]) -> list[tuple[str, str]]:
    """``NAME:TYPE`` (TYPE defaults to string) of each ``--input``; the default when none."""
    out: list[tuple[str, str]] = []
    for spec in specs:
        name, _, kind = spec.strip().partition(":")
        name, kind = name.strip(), (kind.strip() or "string")
        if not NAME_RE.fullmatch(name):
            raise UsageError(f"--input {spec!r}: the name must be lowercase letters, digits "
                             "and '_', starting with a letter (e.g. --input city:place)")
        if name in task_own_names() or name == "lang":  # lang: the request's language
            raise UsageError(f"--input {spec!r}: '{name}' is taken (a field of the Task "
                             "itself)", hint="pick another name")
        if name in scaffold_artifacts():
            made = ", ".join(sorted(scaffold_artifacts()))
            raise UsageError(f"--input {spec!r}: '{name}' is taken: the kind's phases "
                             f"produce an artifact of that name ({made}), and an input may "
                             "not share it (SPEC020)", hint="pick another name")
        if kind not in TYPES:
            raise UsageError(f"--input {spec!r}: unknown type '{kind}' (one of "
                             f"{', '.join(TYPES)})",
                             hint=did_you_mean(kind, list(TYPES), what="types"))
        if any(n == name for n, _ in out):
            raise UsageError(f"--input {spec!r}: '{name}' is given twice")
        out.append((name, kind))
    return out or list(DEFAULT_INPUTS)


#: the words of a money input's name that say it is what the thing may cost at most
_BUDGET_WORDS = frozenset({"budget", "max", "maximum", "price", "cost", "spend", "afford"})


def budget_input(inputs: list[tuple[str, str]]) -> str | None:
    """The money input that is the budget (the one the rank caps the price with): the one
    whose name says so (``budget``, ``max_price``), else the first; another money input
    (a declared value, a deposit) is an amount the request states, not a cap."""
    money = [n for n, k in inputs if k == "money"]
    named = [n for n in money if set(n.split("_")) & _BUDGET_WORDS]
    return next(iter(named or money), None)


#: the words a request names a trip's end with, in both languages ("de Madrid a Lisboa",
#: "from Madrid to Lisbon", "desde Sevilla hasta Oporto", "con destino a Roma"): without
#: them a route kind's origin and destination were two places told apart by order alone,
#: and "to Lisbon from Madrid" swapped them
ROUTE_ALIASES = {
    "from": ("from", "desde", "de", "leaving from", "departing from", "saliendo de",
             "salida desde", "con salida desde", "origin", "origen"),
    "to": ("to", "a", "hasta", "hacia", "going to", "bound for", "rumbo a",
           "con destino a", "destination", "destino"),
}
#: the words of a trip end's name that add words of their own: a car's pick-up and
#: drop-off, a flight's departure and arrival
_END_ALIASES = {
    "pickup": ("pick up in", "pick-up in", "pickup in", "recogida en", "recoger en"),
    "dropoff": ("drop off in", "drop-off in", "dropoff in", "devolución en", "entrega en"),
    "departure": ("departure", "salida"),
    "arrival": ("arriving in", "arrival", "llegada a", "llegada"),
}


def route_aliases(name: str) -> tuple[str, ...]:
    """The aliases of a place input that is a trip's end (its name says which:
    ``origin``, ``from_city``, ``destination``, ``dropoff``), empty for any other place."""
    words = set(name.split("_"))
    end = "from" if words & TRIP_FROM else "to" if words & TRIP_TO else None
    if end is None:
        return ()
    extra = [w for key, said in _END_ALIASES.items() if key in words for w in said]
    return tuple(dict.fromkeys(extra + list(ROUTE_ALIASES[end])))


#: the words of a place input's name that say which end of a trip it is
TRIP_FROM = frozenset({"from", "origin", "departure", "start", "pickup"})
TRIP_TO = frozenset({"to", "destination", "arrival", "dropoff", "end"})
