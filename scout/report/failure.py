"""What a failed phase tells the user to do: its error's hint, else a line for its kind.

A phase's error record (scout/orchestrator/outcomes.py) carries the hint of the error
that ended it when there was one ("say it in the query or add --set destination=...").
Many failures have none: a provider answering HTTP 500 to every try knows nothing about
what the user could do. :func:`what_to_do` then gives the advice for the error's kind, so
the stopped report and ``scout apply`` never end on a failure without a next step. A
phase blocked on a request input nobody gave (not ``required``, but the phase needs it)
has no error at all: :func:`missing_inputs` reads which from its reason, and the hint
names them and how to give them (``--set name=…``; MCP's ``set``). The cost cap's advice
completes :func:`next_steps`, which every door says (``apply`` and ``status``, text and
JSON, MCP, the HTTP API's mission state). The lines are English msgids (stored and printed in English, localised by the report's
``l10n`` filter), like every text Python writes for a report.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, Literal, Protocol

from scout.i18n import N_

#: advice by error kind (``retry.on``'s names, plus the kinds the runner records)
BY_KIND: dict[str, str] = {
    "unavailable": N_("the providers did not answer (down, or not reachable from here); "
                      "apply again later"),
    "rate_limited": N_("the providers are limiting requests; wait a few minutes, then "
                       "apply again"),
    "auth_error": N_("a provider refused its credentials; check them with scout doctor, "
                     "then apply again"),
    "pool_exhausted": N_("every token of the provider's pool is used up or failing; check "
                         "scout pool status, then apply again"),
    "parse_error": N_("a provider answered in a form scout could not read; apply again "
                      "later, or put another provider first in the chain "
                      "(config/adapters.yaml)"),
    "timeout": N_("the phase ran past its time limit; apply again, or raise its "
                  "timeout: in the pipeline"),
}
DEFAULT = N_("fix what the error says, then apply again")

#: hints raised below the catalog's layer (scout.errors cannot import scout.i18n), marked
#: here so the catalog check covers them; tests/report/test_failure_page.py keeps them in
#: step with their sources
KNOWN_HINTS = (
    N_("check the network connection (or a proxy or firewall in the way); to run without "
       "network, replay a recording: scout apply ... --replay DIR"),
    N_("set the credentials of at least one link, or add a keyless adapter"),
    N_("apply again after the cool-down (breaker_cooldown in config/adapters.yaml)"),
)


def what_to_do(error: Mapping[str, Any] | None) -> str:
    """The hint of a failed phase's error record, else the advice for its kind."""
    error = error or {}
    hint = error.get("hint")
    if isinstance(hint, str) and hint.strip():
        return hint
    return BY_KIND.get(str(error.get("kind") or ""), DEFAULT)


class _Phase(Protocol):
    """What :func:`failure_hints` reads of a phase's state (orchestrator's PhaseState;
    named structurally because the report layer sits below the orchestrator)."""

    status: str
    error: dict[str, Any] | None
    reason: str | None


#: the reason a phase records when a need of it is a request input nobody gave
#: (:func:`scout.orchestrator.decide.missing_needs` writes it; :func:`missing_inputs`
#: reads the names back out of it, joined with others by "; " as the phase stores them)
NO_INPUT = N_("needs input '{need}', which has no value")
_NO_INPUT = re.compile(re.escape(NO_INPUT).replace(re.escape("{need}"), "([^']+)"))
#: what to do about it: the fix worded as the door takes it (:func:`input_fix`); the
#: msgid USE065's refusal of a request without a required input says it with
INPUT_HINT = N_("say it in the request, or set it directly with {fixes}")

#: how a fix is worded: ``--set name=…`` for the CLI (and the HTTP API, which only
#: reads), MCP's ``apply`` argument ``set {"name": "…"}`` for an agent
Door = Literal["cli", "mcp"]


def missing_inputs(phases: Iterable[_Phase]) -> list[str]:
    """The request inputs that blocked phases wait for (nobody gave them: an input that
    is not ``required`` but that a phase needs), each once, in phase order."""
    names: list[str] = []
    for st in phases:
        if st.status != "blocked_missing_input":
            continue
        for name in _NO_INPUT.findall(st.reason or ""):
            if name not in names:
                names.append(name)
    return names


def input_fix(names: list[str], door: Door = "cli") -> str:
    """How to give the inputs ``names`` through ``door`` (a value for the person to put)."""
    if door == "mcp":
        return "set " + json.dumps({n: "…" for n in names}, ensure_ascii=False)
    return " ".join(f"--set {n}=…" for n in names)


def failure_hints(phases: Iterable[_Phase], door: Door = "cli") -> list[str]:
    """What to do about the phases that failed or wait for an input, each once, in phase
    order: the failed phases' errors' hints ("say it in the query or add --set
    destination=..."), else the advice for the error's kind (a provider answering HTTP 500
    has no hint: "apply again later"); for the inputs nobody gave that blocked phases
    (:func:`missing_inputs`), one hint naming them all and how to give them (``door``).
    ``scout apply`` prints these; the MCP ``apply`` result carries them for an agent."""
    phases = list(phases)
    inputs = missing_inputs(phases)
    out: list[str] = []
    for st in phases:
        if inputs and st.status == "blocked_missing_input" and _NO_INPUT.search(st.reason or ""):
            hint = INPUT_HINT.format(fixes=input_fix(inputs, door))
        elif not st.status.startswith("failed") or not st.error:
            continue  # a phase the cap or Ctrl-C stopped has no error of its own
        else:
            hint = what_to_do(st.error)
        if hint not in out:
            out.append(hint)
    return out


#: what to do about a mission its cost cap stopped (it has no failed phase to ask)
BUDGET_HINT = N_("apply again with a higher max_cost (or the Mission's max_cost:); "
                 "everything finished so far is kept and only what is missing runs")


def next_steps(result: Any, door: Door = "cli") -> list[str]:
    """What to do about a mission that did not succeed, in English (msgids, filled): its
    cap's advice when the cap stopped it, else :func:`failure_hints`; none when it
    succeeded or has not ended. ``result`` is a MissionResult or a MissionState (its
    ``exit_code``, ``status`` and ``phases``). ``scout apply`` prints each as a ``hint:``
    line, in the request's language."""
    if result.status == "stopped_budget":
        return [BUDGET_HINT]
    if result.exit_code in (0, None):
        return []
    return failure_hints(result.phases.values(), door)


def next_step(result: Any, lang: str = "en", door: Door = "cli") -> str | None:
    """One line: :func:`next_steps` joined, in the request's language ``lang``; None when
    there is nothing to do. The MCP ``apply`` (``door="mcp"``) and ``status``, ``scout
    apply --format json``, ``scout status`` and the HTTP API's mission state carry it as
    ``hint``, as the text lines of ``scout apply`` say it."""
    from scout.i18n.messages import localize

    hints = next_steps(result, door)
    return "; ".join(localize(h, lang) for h in hints) if hints else None
