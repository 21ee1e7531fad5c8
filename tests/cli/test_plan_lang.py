"""`scout plan`'s text in the request's language (from the plan's parts, no mission run):
the actions, the planner's reasons part by part, the changes, the cost lines; the JSON's
words stay English."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scout.cli.plan_view import CAUSES, change_lines, cost_lines, phase_lines, reason_said
from scout.i18n import translations
from scout.orchestrator.planner import PhasePlan


def _plan(lang: str) -> SimpleNamespace:
    phases = [PhasePlan("F0", "run", "stale: its spec changed; input 'budget' changed"),
              PhasePlan("F1", "reuse", "unchanged"),
              PhasePlan("F2", "skip", "if: task.notify_email is false (after F0 reruns: "
                                      "decided then)", tentative=True),
              PhasePlan("F3", "run", "new")]
    return SimpleNamespace(lang=lang, phases=phases, exists=True, previous_task=None,
                           task=None, words=None)


def test_phase_lines_in_spanish() -> None:
    lines = phase_lines(_plan("es"))
    assert lines[0].split() == ["F0", "ejecutar", "desactualizada:", "cambió", "su",
                                "especificación;", "cambió", "la", "entrada", "'budget'"]
    assert "reutilizar" in lines[1] and "sin cambios" in lines[1]
    assert "¿omitir?" in lines[2] and "(cuando se vuelva a ejecutar F0: se decide entonces)" \
        in lines[2]
    assert lines[-1] == "2 por ejecutar, 1 por reutilizar, 1 por omitir"
    assert phase_lines(_plan("en"))[-1] == "2 to run, 1 to reuse, 1 to skip"


def test_a_reason_nobody_wrote_a_msgid_for_stays_as_written() -> None:
    assert reason_said("stale: Connection reset by peer", "es") == \
        "desactualizada: Connection reset by peer"
    assert reason_said("stale: its spec changed", "en") == "stale: its spec changed"


def test_changes_and_costs_in_spanish() -> None:
    lines = change_lines(_plan("es"))
    assert lines[0] == "cambios desde la última ejecución:"
    assert lines[1].startswith("  F0: entradas, especificación — cambió su especificación")
    estimate = SimpleNamespace(
        phases=[SimpleNamespace(phase="F0", chain="web", adapter="tavily", calls=1,
                                usd_per_call=0.008, usd=0.008, note="")],
        total_usd=0.008, assumptions=["tavily: 1 credit per basic search, 2 per advanced"])
    costs = cost_lines(_plan("es"), estimate)
    assert "1 llamada" in costs[1] and "1 llamadas" not in costs[1]
    # amounts in the request's digits, as its report writes them: no "0.0080 US$"
    assert costs[1].endswith(" x 0,0080 US$ = 0,0080 US$")
    assert costs[2] == "  total 0,0080 US$"
    english = cost_lines(_plan("en"), estimate)
    assert english[1].endswith(" x $0.0080 = $0.0080") and english[2] == "  total $0.0080"
    assert costs[-1] == "  - tavily: 1 crédito por búsqueda básica, 2 por avanzada"


@pytest.mark.parametrize("cause", [c for c, _ in CAUSES] + ["other"])
def test_every_rerun_cause_has_spanish_words(cause: str) -> None:
    assert translations("es").pgettext("rerun cause", cause) != cause


def test_the_shipped_kinds_describe_their_inputs_in_spanish() -> None:
    """The askback, USE001 and the plan name an input with its description: every input
    of the shipped pipelines has Spanish words for it (scout's catalog, or the project's
    beside templates/)."""
    from pathlib import Path

    from scout.report.files import project_locales
    from scout.validate import load_valid_pipeline

    root = Path(__file__).resolve().parents[2]
    es = translations("es", project_locales(root / "templates"))
    paths = sorted((root / "pipelines").glob("*.yaml"))
    assert len(paths) >= 2
    for path in paths:
        loaded, _ = load_valid_pipeline(path, config=root / "config" / "adapters.yaml")
        for name, spec in loaded.model.inputs.items():
            assert es.gettext(name) != name, (path.name, name)
            if spec.description:
                assert es.gettext(spec.description) != spec.description, (path.name, name)

