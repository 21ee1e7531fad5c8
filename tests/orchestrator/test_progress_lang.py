"""What ``scout apply`` prints around the report speaks the request's language: the
progress lines and table (``MissionStarted.lang``), the closing lines (``MissionResult
.lang``); mission.log and the codes stay English; plurals agree with their count."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

from rich.console import Console

from scout.cli.run_view import end_lines, interrupted_lines, state_lines
from scout.i18n.messages import localize
from scout.orchestrator import events as E
from scout.orchestrator.progress import LiveProgress, PlainProgress
from scout.orchestrator.state import PhaseState


def _run(lang: str) -> list[E.Event]:
    return [
        E.Notice("tavily skipped: TAVILY_API_KEY not set", level="warning"),  # before: waits
        E.MissionStarted("m", "/runs/m", ("F1", "F2"), lang=lang),
        E.PhaseStarted("F1", 1, "search", items_total=1),
        E.ItemDone("F1", 0, False, 1, 1, error="boom"),
        E.PhaseFinished("F1", "succeeded_partial", duration_s=1.5, items_ok=1, items_failed=0,
                        answered_by=("duckduckgo",)),
        E.PhaseRetried("F2", 1, 2.0, "429"),
        E.PhaseStatusChanged("F2", "skipped", "if: task.notify_email is false"),
        E.MissionFinished("m", "succeeded", 0, 3.25),
    ]


def _plain(events: list[E.Event]) -> list[str]:
    buf = io.StringIO()
    with PlainProgress(buf) as prog:
        for ev in events:
            prog(ev)
    return buf.getvalue().splitlines()


def test_plain_lines_in_spanish() -> None:
    out = _plain(_run("es"))
    assert out[0] == "tavily omitido: TAVILY_API_KEY sin definir"  # said in the request's
    assert out[1] == "empieza la misión m (2 fases) en /runs/m"
    assert "F1 empieza (search, intento 1), 1 elemento" in out
    assert "F1 elementos 1/1 (el elemento 0 falló: boom)" in out
    assert ("F1 completada en parte en 1,50 s (1 elemento bien, 0 con fallo), respondió "
            "duckduckgo") in out
    assert "F2: el intento 1 falló (429); se reintenta en 2,00 s" in out
    assert "F2 omitida: if: task.notify_email es falso" in out
    assert out[-1] == "misión m completada (salida 0) en 3,25 s"


def test_plain_lines_in_english_agree_with_their_count() -> None:
    out = _plain(_run("en"))
    assert out[:2] == ["tavily skipped: TAVILY_API_KEY not set",
                       "starting mission m (2 phases) in /runs/m"]
    assert "F1 started (search, attempt 1), 1 item" in out  # not "1 items"
    assert "F1 succeeded_partial in 1.50s (1 item ok, 0 failed), answered by duckduckgo" in out
    assert out[-1] == "mission m succeeded (exit 0) in 3.25s"


def test_notices_of_a_mission_that_never_started_are_said_at_the_end() -> None:
    out = _plain([E.Notice("tavily skipped: TAVILY_API_KEY not set")])
    assert out == ["tavily skipped: TAVILY_API_KEY not set"]


def test_mission_log_keeps_english(tmp_path: Path) -> None:
    log = E.MissionLog(str(tmp_path / "mission.log"))
    for ev in _run("es"):
        log(ev)
    log.close()
    text = (tmp_path / "mission.log").read_text()
    assert "starting mission m (2 phases)" in text and "misión" not in text


def test_live_table_in_spanish() -> None:
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=160, color_system=None)
    prog = LiveProgress(console)
    for ev in _run("es"):
        prog(ev)
    console.print(prog.board.table())
    text = buf.getvalue()
    assert "fase" in text and "estado" in text and "respondió" in text
    assert "completada en parte" in text and "1,5 s" in text
    assert "tavily omitido" in text  # the notice waited for the language
    assert "succeeded" not in text


def _result(lang: str) -> SimpleNamespace:
    failed = PhaseState(status="failed_terminal", duration_s=0.25,
                        error={"code": "PRV001", "message": "boom", "kind": "unavailable"})
    return SimpleNamespace(
        lang=lang, mission_id="m", status="failed", exit_code=1,
        reason="phase F1 failed", run_dir=Path("/runs/m"), stopped_report=Path("/runs/m/r.md"),
        phases={"F0": PhaseState(status="succeeded", duration_s=0.01), "F1": failed,
                "F2": PhaseState(status="blocked_missing_input"), "F3": PhaseState()})


def test_closing_lines_in_spanish() -> None:
    hints = ["the providers did not answer (down, or not reachable from here); apply again "
             "later"]
    lines = end_lines(_result("es"), hints)
    assert lines[0] == "misión m: fallida (salida 1)"
    assert any(line.startswith("  consejo: los proveedores") for line in lines)
    assert "  carpeta de la ejecución: /runs/m" in lines
    assert "  informe: /runs/m/r.md (qué falló, por qué y qué hacer)" in lines
    assert any("fallida (definitiva)" in line and "0,25 s" in line for line in lines)
    assert lines[-1] == "  sin ejecutar (2, bloqueadas o sin empezar): F2, F3"
    english = end_lines(_result("en"), hints)
    assert english[0] == "mission m: failed (exit 1)"
    assert english[-1] == "  not run (2, blocked or not started): F2, F3"


def test_interrupted_and_status_lines_in_spanish() -> None:
    exc = SimpleNamespace(mission_id="m", run_dir=Path("/runs/m"), report=None, lang="es")
    assert interrupted_lines(exc)[0] == "misión m: interrumpida (salida 130)"
    state = SimpleNamespace(mission_id="m", status="succeeded", exit_code=0, reason=None,
                            runs=2, started_at="t0", finished_at="t1",
                            phases={"F0": PhaseState(status="succeeded")})
    lines = state_lines(state, "es")
    assert lines[0] == "misión m: completada (salida 0)"
    assert lines[1] == "  ejecuciones: 2, empezó t0, terminó t1"


def test_console_sentences_are_never_matched_in_stored_text() -> None:
    """A console msgid ("{phase} {status} in {duration}s") carries a context: stored text
    shaped like it (a listing's words) is left as written."""
    for text in ("Rooms available in most hotels", "breakfast item 3 ok (3/4)"):
        assert localize(text, "es") == text


def test_a_mission_that_stops_or_goes_on_says_so_in_the_request_language(ws) -> None:
    # what the runner says when a phase fails for good: English in mission.log, the
    # request's language on the console (an interrupted Spanish apply printed "mission
    # stopping: interrupted (Ctrl-C)" between Spanish lines)
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:fail, optional: true, produces: [a]}
          B: {uses: STEPS:fail, produces: [b]}
    """)
    seen: list[E.Event] = []
    assert ws.apply(p, subscribers=[seen.append]).exit_code == 1
    said = {ev.text.split(":")[0]: ev for ev in seen if isinstance(ev, E.Notice)}
    stop, goes_on = said["mission stopping"], said["optional phase failed, the mission goes on"]
    assert stop.message("es").startswith("la misión se detiene: ")
    assert goes_on.message("es").startswith("A: una fase opcional falló, la misión sigue: ")
    log = (ws.run_dir() / "mission.log").read_text()
    assert "mission stopping: " in log and "la misión" not in log
