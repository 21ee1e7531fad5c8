"""What a failed phase tells the user to do: its error's hint, else a line for its kind.

A phase's error record (scout/orchestrator/outcomes.py) carries the hint of the error
that ended it when there was one ("say it in the query or add --set destination=...").
Many failures have none: a provider answering HTTP 500 to every try knows nothing about
what the user could do. :func:`what_to_do` then gives the advice for the error's kind, so
the stopped report and ``scout apply`` never end on a failure without a next step. The
lines are English msgids (stored and printed in English, localised by the report's
``l10n`` filter), like every text Python writes for a report.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

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


def failure_hints(phases: Iterable[_Phase]) -> list[str]:
    """What to do about the failed phases, each once, in phase order: their errors'
    hints ("say it in the query or add --set destination=..."), else the advice for the
    error's kind (a provider answering HTTP 500 has no hint: "apply again later").
    ``scout apply`` prints these; the MCP ``apply`` result carries them for an agent."""
    out: list[str] = []
    for st in phases:
        if not st.status.startswith("failed") or not st.error:
            continue  # a phase the cap or Ctrl-C stopped has no error of its own
        hint = what_to_do(st.error)
        if hint not in out:
            out.append(hint)
    return out


#: what to do about a mission its cost cap stopped (it has no failed phase to ask)
BUDGET_HINT = N_("apply again with a higher max_cost (or the Mission's max_cost:); "
                 "everything finished so far is kept and only what is missing runs")


def next_step(result: Any, lang: str = "en") -> str | None:
    """One line: what to do about a mission that did not succeed (its cap's advice, else
    the failed phases' hints, as ``scout apply`` prints them), in the request's language
    ``lang``; None when it succeeded. ``result`` is a MissionResult (its ``exit_code``,
    ``status`` and ``phases``): the MCP ``apply`` and ``scout apply --format json`` both
    carry it as ``hint``."""
    from scout.i18n.messages import localize

    if result.exit_code == 0:
        return None
    if result.status == "stopped_budget":
        return localize(BUDGET_HINT, lang)
    hints = failure_hints(result.phases.values())
    return "; ".join(localize(h, lang) for h in hints) if hints else None
