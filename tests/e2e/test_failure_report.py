"""A mission that stops before its report still leaves one: what stopped it, why, what to do.

Real runs through the CLI against the fake world (tests/e2e/world.py): every search
provider of F1's chain answering HTTP 500 (and Tavily echoing its key in a 401), a cost
cap of zero, Ctrl-C in the middle of the F2 fan-out (and a request that leaves out the
place, refused before any of that: no page, no run dir). Each writes report.md (and report.html, as the pipeline asks) in the request's
language, `scout apply` says where it is, and the next apply resumes.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.harness import run_cli
from tests.e2e.world import HOTELS, QUERY, ROOT, World, hotel_queries
from tests.fakes.providers import DEFAULT_KEYS

PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")
SPANISH = ("hoteles en Barcelona para septiembre de 2026 por menos de 200 euros "
           "con buenas reseñas")
WEB = ("tavily", "duckduckgo", "brave", "google")  # config/adapters.yaml chain `web`


def apply(mission: str, *extra: str, query: str = QUERY) -> int:
    return run_cli(["apply", PIPELINE, "--query", query, "--mission-id", mission,
                    "--progress", "none", *extra])


def web_down(world: World) -> None:
    """Every link of F1's chain fails for good; Tavily's 401 echoes the key it was sent."""
    key = DEFAULT_KEYS["tavily"]
    world.providers.fail("tavily", 401, times=1000,
                         body={"detail": f"Unauthorized: invalid API key {key}"})
    for name in WEB[1:]:
        world.providers.fail(name, 500, times=1000)


def test_a_failed_search_writes_the_report_and_the_next_apply_resumes(
        world: World, capsys: pytest.CaptureFixture[str]) -> None:
    web_down(world)
    assert apply("bcn-down") == 1
    out = capsys.readouterr().out
    run_dir = world.run_dir("bcn-down")
    assert f"report: {run_dir / 'report.md'} (what failed, why, and what to do)" in out
    # the advice for a provider outage, since a 500 carries no hint of its own
    assert "hint: the providers did not answer (down, or not reachable from here)" in out

    md = (run_dir / "report.md").read_text()
    assert md.startswith("# Mission bcn-down stopped: phase F1 failed\n")
    assert f"> {QUERY}" in md
    why = next(ln for ln in md.splitlines() if ln.startswith("- **Why:**"))
    assert "every adapter of chain 'web' failed" in why
    for name in WEB:  # each link with the reason its provider gave
        assert f"{name}: " in why
    assert "HTTP 500" in why and "tavily: auth_error" in why
    assert ("- **What you can do:** the providers did not answer (down, or not reachable "
            "from here); apply again later") in md
    # F0 finished, so applying again keeps it
    assert "Everything finished so far is kept: apply the same command again" in md
    assert "- **F6** (report): blocked (missing input)" in md
    # the key Tavily echoed is nowhere the user reads
    html = (run_dir / "report.html").read_text()
    assert "<h1>Mission bcn-down stopped: phase F1 failed</h1>" in html
    for text in (md, html, out):
        assert DEFAULT_KEYS["tavily"] not in text

    # the providers are back: the same command resumes and renders the real report
    world.providers.recover()
    f0_runs = (run_dir / "state.log.jsonl").read_text().count('"phase": "F0", "status": "running"')
    assert apply("bcn-down") == 0
    assert (run_dir / "report.md").read_text().startswith("# Hotels in Barcelona")
    assert not (run_dir / "report.previous.md").exists()  # no finished report to keep
    log = (run_dir / "state.log.jsonl").read_text()
    assert log.count('"phase": "F0", "status": "running"') == f0_runs  # F0 was reused


def test_the_failure_report_speaks_spanish(world: World) -> None:
    web_down(world)
    assert apply("bcn-es-down", query=SPANISH) == 1
    run_dir = world.run_dir("bcn-es-down")
    md = (run_dir / "report.md").read_text()
    assert md.startswith("# La misión bcn-es-down se detuvo: falló la fase F1\n")
    assert "**F1** (búsqueda): falló, así que no se ejecutaron las fases que necesitan" in md
    assert ("- **Por qué:** fase 'F1': fallaron todos los proveedores de la cadena 'web': "
            in md)
    assert ("- **Qué puedes hacer:** los proveedores no respondieron (caídos o inaccesibles "
            "desde aquí); vuelve a aplicar la misión más tarde") in md
    assert "Todo lo terminado hasta ahora se conserva" in md
    assert "## Lo que no salió según lo previsto" in md and "Why:" not in md
    html = (run_dir / "report.html").read_text()
    assert '<html lang="es">' in html
    assert "<h1>La misión bcn-es-down se detuvo: falló la fase F1</h1>" in html
    assert DEFAULT_KEYS["tavily"] not in md + html


@pytest.mark.parametrize("query, lang", [
    ("hoteles baratos con buenas reseñas", "es"),
    ("cheap hotels with good reviews", "en"),
])
def test_an_unreadable_request_says_what_is_missing_in_its_language(
        world: World, capsys: pytest.CaptureFixture[str], query: str, lang: str) -> None:
    """A request without the place the kind needs is refused before any phase runs
    (USE065, exit 2), in its language: no run dir to clean up, no provider asked, and
    the same command with the place added starts clean."""
    assert apply(f"no-place-{lang}", query=query) == 2
    out = capsys.readouterr()
    assert "USE065" in out.err and out.out == ""
    if lang == "es":
        assert "a la petición le falta lo que esta búsqueda necesita: destino (ciudad o " \
            "zona donde alojarte), p. ej. «en Barcelona»" in out.err
        assert "hint: añádelo a la petición, o fíjalo directamente con --set " \
            "destination=Barcelona" in out.err
    else:
        assert "the request leaves out what this research needs: destination" in out.err
        assert "hint: say it in the request, or set it directly with --set " \
            "destination=Barcelona" in out.err
    assert not world.run_dir(f"no-place-{lang}").exists()
    assert [e for e in world.journal() if e["result"] != "skipped"] == []


def test_a_cap_of_zero_makes_no_paid_call_and_says_so(
        world: World, capsys: pytest.CaptureFixture[str]) -> None:
    """Free links (DuckDuckGo, page fetches) still answer under a $0 cap; no paid call
    is sent, and the mission stops where only a paid one could answer."""
    assert apply("bcn-zero", "--max-cost", "0") == 4
    out = capsys.readouterr().out
    run_dir = world.run_dir("bcn-zero")
    assert f"report: {run_dir / 'report.md'} (what was spent and kept)" in out
    md = (run_dir / "report.md").read_text()
    assert md.startswith("# Mission bcn-zero stopped at its cost cap\n")
    assert "The mission spent $0.00 of its $0.00 cap" in md
    journal = world.journal()
    assert not [e for e in journal if e["result"] == "sent" or e["cost"]["usd"] > 0]
    refused = [e for e in journal if e["result"] == "budget_exceeded"]
    assert refused and all(e["response_summary"]["left_usd"] == 0 for e in refused)
    assert "was not called: it would have cost about $" in md
    assert (run_dir / "report.html").is_file()


def test_a_failed_rerun_keeps_the_finished_report(world: World) -> None:
    assert apply("bcn-again") == 0
    run_dir = world.run_dir("bcn-again")
    finished_md = (run_dir / "report.md").read_text()
    finished_html = (run_dir / "report.html").read_text()
    web_down(world)
    assert apply("bcn-again", "--force", "F1", "--no-cache") == 1
    # the report of the run that finished is kept, under a name the page gives
    assert (run_dir / "report.previous.md").read_text() == finished_md
    assert (run_dir / "report.previous.html").read_text() == finished_html
    md = (run_dir / "report.md").read_text()
    assert md.startswith("# Mission bcn-again stopped: phase F1 failed\n")
    assert "The report of the last run that finished is kept as `report.previous.md`." in md
    # a second failure does not take the kept report's place with the first failure page
    assert apply("bcn-again", "--force", "F1", "--no-cache") == 1
    assert (run_dir / "report.previous.md").read_text() == finished_md


def _records(run_dir: Path) -> list[dict]:
    path = run_dir / "state.log.jsonl"
    out = []
    for line in (path.read_text().splitlines() if path.exists() else []):
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            pass  # a torn last line while the run writes
    return out


@pytest.mark.timeout(120)
def test_ctrl_c_leaves_a_report_and_the_same_command_resumes(
        world: World, capsys: pytest.CaptureFixture[str]) -> None:
    for name in HOTELS:  # the F2 fan-out waits on every review query when Ctrl-C lands
        world.providers.slow(hotel_queries(name)[0], 2.0)
    args = ["apply", PIPELINE, "--query", QUERY, "--mission-id", "bcn-int", "--progress",
            "none"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.e2e.harness", *args], cwd=world.root, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        # a shell running us in the background ignores SIGINT, and children inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    run_dir = world.run_dir("bcn-int")
    deadline = time.monotonic() + 60
    while not any(r.get("ev") == "phase" and r.get("phase") == "F2"
                  and r.get("status") == "running" for r in _records(run_dir)):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the mission never reached F2"
        time.sleep(0.02)
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    said = err.decode()
    assert "Traceback" not in said and "aborted" not in said
    assert "mission bcn-int: interrupted (exit 130)" in said
    assert "run the same command again to resume" in said
    assert f"report: {run_dir / 'report.md'}" in said

    md = (run_dir / "report.md").read_text()
    assert md.startswith("# Mission bcn-int was interrupted\n")
    assert "- **F2** (search): failed (can be retried) — interrupted (Ctrl-C)" in md
    assert '<h1>Mission bcn-int was interrupted</h1>' in (run_dir / "report.html").read_text()

    # scout status says how to resume, with the request (a pipeline needs its --query)
    capsys.readouterr()
    assert run_cli(["status", "bcn-int"]) == 0
    status = capsys.readouterr().out
    assert "interrupted" in status and f"--query '{QUERY}' --mission-id bcn-int" in status

    f1_paid = [e for e in world.journal() if e["phase"] == "F1" and e["result"] == "ok"]
    assert run_cli(args) == 0
    assert (run_dir / "report.md").read_text().startswith("# Hotels in Barcelona")
    assert [e for e in world.journal() if e["phase"] == "F1" and e["result"] == "ok"] == f1_paid
