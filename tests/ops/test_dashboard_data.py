"""The dashboard's data helpers on their own: display text, the phase rows, the DAG."""

from __future__ import annotations

from pathlib import Path

from scout.orchestrator.state import ItemsState, MissionState, PhaseState
from scout.server.dashboard_data import bars, field_text, phase_graph, phase_rows, plain
from tests.e2e.world import ROOT

PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")


def test_plain_strips_controls_and_bidi_and_clips() -> None:
    assert plain("a\x1b[31mb\x07c\u202ed\x00e\nf") == "a[31mbcde f"
    assert plain("x" * 400, 10) == "x" * 9 + "…"
    assert "\x1b" not in plain({"b": 1, "a": "\x1b"})
    assert plain(None) == ""
    assert field_text({"budget": {"amount": 200}, "empty": None}) == 'budget: {"amount": 200}'


def test_every_pipeline_phase_gets_a_row_pending_until_the_state_knows_it() -> None:
    state = MissionState(mission_id="m")
    state.phases["F0"] = PhaseState(status="succeeded", attempts=1,
                                    items=ItemsState(total=4, ok=3, failed=1))
    graph = phase_graph(PIPELINE, state)
    assert graph.from_pipeline and graph.waves[0] == ["F0"]
    order = [p for w in graph.waves for p in w]
    rows = phase_rows(state, order)
    assert [r["id"] for r in rows] == ["F0"] + [p for p in order if p != "F0"]
    assert rows[0]["done"] == "3/4 (1 failed)"
    assert {r["status"] for r in rows[1:]} == {"pending"}
    # drawn without implied edges, yet every dependency still reads from the picture
    from scout.spec.dag import PhaseGraph
    from scout.spec.loader import load_pipeline

    full = PhaseGraph.of(load_pipeline(PIPELINE).model)

    def closure(edges: list[tuple[str, str]]) -> set[tuple[str, str]]:
        reach = set(edges)
        while True:
            more = {(a, d) for a, b in reach for c, d in reach if b == c} - reach
            if not more:
                return reach
            reach |= more

    assert closure(graph.edges) == closure([e for e in full.graph.edges() if e[0] != e[1]])
    assert len(graph.edges) < len(full.graph.edges())
    for u, v in graph.edges:  # minimal: no drawn edge is implied by the others
        assert (u, v) not in closure([e for e in graph.edges if e != (u, v)])


def test_unreadable_or_changed_pipeline_falls_back_to_the_state(tmp_path: Path) -> None:
    state = MissionState(mission_id="m")
    state.phases["Q1"] = PhaseState(status="running")
    for path in (str(tmp_path / "gone.yaml"), PIPELINE):  # gone; has no phase Q1
        g = phase_graph(path, state)
        assert not g.from_pipeline and g.waves == [["Q1"]] and g.edges == []
    (tmp_path / "bad.yaml").write_text("phases: [unclosed\n")
    assert not phase_graph(str(tmp_path / "bad.yaml"), state).from_pipeline


def test_graph_labels_say_what_each_phase_does() -> None:
    graph = phase_graph(PIPELINE, MissionState(mission_id="m"))
    assert graph.labels["F0"] == "task" and graph.labels["F2"].endswith("× candidates")


def test_page_language_and_state_words() -> None:
    from scout.server.dashboard_i18n import STATES, accept_language, page_lang, state_words

    assert accept_language("fr-CH, fr;q=0.9, es;q=0.8, en;q=0.7") == "es"
    assert accept_language("en-GB,es;q=0.5") == "en" and accept_language("de") is None
    assert accept_language("es;q=0, en") == "en" and accept_language("es;q=x") is None
    assert accept_language(None) is None
    assert page_lang("en", "es", "es") == "en"  # ?lang= wins
    assert page_lang(None, "es", "en") == "es"  # then the request's language
    assert page_lang("xx", None, "es-MX") == "es" and page_lang(None, None, None) == "en"
    en, es = state_words("en"), state_words("es")
    assert set(en) == set(es) == set(STATES) and all(en[s] == s for s in STATES)
    # every state has its own Spanish word, none left in English
    assert all(es[s] != s.replace("_", " ") for s in STATES), es


def test_bars_scale_to_the_largest() -> None:
    rows = bars([{"key": "a", "usd": 2.0}, {"key": "b", "usd": 0.5}, {"key": "c", "usd": 0}])
    assert [r["width"] for r in rows] == [100.0, 25.0, 0.0]
    assert [r["width"] for r in bars([{"key": "a", "usd": 0}])] == [0.0]
