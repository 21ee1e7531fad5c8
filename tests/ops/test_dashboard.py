"""The dashboard pages over HTTP (a real uvicorn on 127.0.0.1, the two real missions of
conftest): what each page shows, escaping of hostile text, ids checked, docs offline."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.ops.conftest import OpsWorld, apply_env
from tests.ops.live import LiveServer


@pytest.fixture(scope="module")
def client(ops_world: OpsWorld) -> Iterator[httpx.Client]:
    with pytest.MonkeyPatch.context() as mp:
        apply_env(mp, ops_world.env, ops_world.root)
        with LiveServer(ops_world.root, {}) as live, \
                httpx.Client(base_url=live.url, timeout=30) as c:
            yield c


def _external_refs(html: str) -> list[str]:
    """src/href values that would make the browser ask another origin."""
    refs = re.findall(r'(?:src|href)\s*=\s*"([^"]*)"', html)
    return [r for r in refs if re.match(r"^(?:[a-z][a-z0-9+.-]*:)?//", r, re.I)]


def test_index_lists_every_mission(client: httpx.Client, ops_world: OpsWorld) -> None:
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in r.headers["content-security-policy"]
    api = client.get("/api/missions").json()["runs"]
    assert {run["mission_id"] for run in api} == {"bcn", "bcn-degraded"}
    for run in api:
        row = re.search(rf'<tr data-mission="{re.escape(run["mission_id"])}">(.*?)</tr>',
                        r.text, re.S)
        assert row, run["mission_id"]
        cells = row.group(1)
        assert f'href="/missions/{run["mission_id"]}"' in cells
        assert f'data-state="{run["status"]}"' in cells
        assert run["pipeline"] in cells and run["started_at"] in cells
        assert f"${run['cost_usd']:.4f}" in cells
        assert f'/api/missions/{run["mission_id"]}/report?format=html' in cells
    assert "left-out" not in r.text  # every mission is listed: no line says some are not
    assert _external_refs(r.text) == []


def test_mission_page_shows_request_phases_costs_journal_report(client: httpx.Client,
                                                               ops_world: OpsWorld) -> None:
    r = client.get("/missions/bcn")
    assert r.status_code == 200
    html = r.text
    state = client.get("/api/missions/bcn").json()
    task = json.loads((ops_world.root / "runs" / "bcn" / "task.json").read_text())["task"]
    # every phase in the DAG picture and in the table, with its state
    for pid, st in state["phases"].items():
        assert f'<g class="node" data-phase="{pid}" data-state="{st["status"]}">' in html
        row = re.search(rf'<tr data-phase="{pid}">(.*?)</tr>', html, re.S)
        assert row and f'data-state="{st["status"]}"' in row.group(1)
    assert '<path class="edge"' in html  # edges from the pipeline file (the report's DAG)
    assert 'search × candidates' in html  # each box says what its phase does
    assert '<html lang="en">' in html and "<h2>Phases</h2>" in html
    assert "Barcelona" in html  # the request
    # the request as a person reads it: each input by name in words, its value as the
    # report writes it, where it came from; no JSON, no ISO dates, no Task internals
    request = html.split('<section id="request">', 1)[1].split("</section>", 1)[0]
    assert f'<blockquote class="query">{task["query"]}</blockquote>' in request
    assert "<tr><th>budget</th><td>200 EUR</td><td>query</td></tr>" in request
    assert "<tr><th>month</th><td>September 2026</td><td>query</td></tr>" in request
    assert "<tr><th>minimum rating</th><td>8.0/10</td>" in request
    assert "{" not in request and '"amount"' not in request and "2026-09" not in request
    for internal in ("values", "sources", "types", "lang"):
        assert f"<th>{internal}</th>" not in request
    assert re.search(r"Read on [A-Z][a-z]+ \d{1,2}, \d{4}\.", request), request
    # times as the page's language writes them, the exact instant kept for machines
    started = state["started_at"]
    assert f'<time datetime="{started}">' in html and f">{started}<" not in html
    journal = client.get("/api/missions/bcn/journal?limit=20").json()["entries"]
    assert journal and journal[-1]["ts"] in html
    cost = client.get("/api/cost-summary?mission=bcn&by=adapter").json()
    for row in cost["by_adapter"]:
        assert f"<td>{row['key']}</td>" in html
    assert 'src="/api/missions/bcn/report?format=html"' in html and " sandbox " in html
    assert _external_refs(html) == []


def test_cost_page_has_a_bar_per_group(client: httpx.Client) -> None:
    r = client.get("/cost")
    assert r.status_code == 200
    data = client.get("/api/cost-summary").json()
    for by in ("mission", "adapter", "token"):
        section = re.search(rf'<section class="cost-group" id="by-{by}">(.*?)</section>',
                            r.text, re.S)
        assert section, by
        bars = re.findall(r'<g class="bar" data-key="([^"]*)">', section.group(1))
        assert bars == [row["key"] or "" for row in data[f"by_{by}"]]
    top = max(data["by_mission"], key=lambda row: row["usd"])
    if top["usd"]:
        assert 'width="340.0"' in r.text  # the largest bar spans the chart


@pytest.mark.parametrize("path", ["/missions/..%2F..%2Fetc", "/missions/a%20b",
                                  "/missions/.hidden"])
def test_unsafe_ids_are_refused_before_any_path(client: httpx.Client, path: str) -> None:
    r = client.get(path)
    assert r.status_code in (400, 404)
    assert "USE002" in r.text or r.status_code == 404
    assert "Traceback" not in r.text


def test_unknown_mission_is_a_404_page(client: httpx.Client) -> None:
    r = client.get("/missions/no-such-mission")
    assert r.status_code == 404 and "USE003" in r.text and "text/html" in r.headers[
        "content-type"]


def test_hostile_text_is_escaped_and_stripped(ops_copy: Path) -> None:
    run = ops_copy / "runs" / "bcn"
    doc = json.loads((run / "task.json").read_text())
    doc["query"] = "hotels <script>alert(1)</script> \x1b[31mred\x07 \u202eevil"
    (run / "task.json").write_text(json.dumps(doc))
    with LiveServer(ops_copy, {}) as live:
        html = httpx.get(live.url + "/missions/bcn", timeout=30).text
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "\x1b" not in html and "\x07" not in html and "\u202e" not in html


def test_a_run_whose_pipeline_is_gone_still_renders(ops_copy: Path) -> None:
    run = ops_copy / "runs" / "bcn"
    doc = json.loads((run / "task.json").read_text())
    doc["pipeline"] = str(ops_copy / "gone.yaml")
    (run / "task.json").write_text(json.dumps(doc))
    with LiveServer(ops_copy, {}) as live:
        r = httpx.get(live.url + "/missions/bcn", timeout=30)
    assert r.status_code == 200
    assert "could not be read" in r.text and '<g class="node" data-phase=' in r.text


def test_docs_and_redoc_load_only_from_the_server(client: httpx.Client) -> None:
    for page, asset in (("/docs", "swagger-ui-bundle.js"), ("/redoc", "redoc.standalone.js")):
        html = client.get(page).text
        assert _external_refs(html) == [], page
        assert f"/static/docs/{asset}" in html
        js = client.get(f"/static/docs/{asset}")
        assert js.status_code == 200 and len(js.content) > 100_000
        assert "javascript" in js.headers["content-type"]
        assert b"cdn.redoc.ly" not in js.content and b"fonts.googleapis" not in js.content
    assert client.get("/static/docs/../app.py").status_code == 404
    assert client.get("/static/docs/secret.txt").status_code == 404
    assert client.get("/static/nope.js").status_code == 404


def test_pages_are_read_only(client: httpx.Client) -> None:
    for path in ("/", "/missions/bcn", "/cost"):
        assert client.post(path).status_code == 405


def test_pages_refuse_a_foreign_host_name(client: httpx.Client) -> None:
    # the API's Host-header rule covers the pages: a rebound name gets 421, not the page
    for path in ("/", "/missions/bcn", "/cost", "/docs", "/static/dashboard.js"):
        r = client.get(path, headers={"Host": "attacker.example"})
        assert r.status_code == 421, path
        assert "bcn" not in r.text
        assert client.get(path, headers={"Host": "localhost"}).status_code == 200, path


def test_pages_speak_the_request_language(client: httpx.Client, ops_world: OpsWorld) -> None:
    """?lang=es (or a browser preferring Spanish) gives Spanish words through the catalog;
    the data the script and the API match on (data-state, ids) stays as it is."""
    state = client.get("/api/missions/bcn").json()
    r = client.get("/missions/bcn?lang=es")
    html = r.text
    assert r.status_code == 200 and r.headers["content-language"] == "es"
    assert '<html lang="es">' in html and "<h2>Fases</h2>" in html and "<h2>Petición</h2>" in html
    assert "<h2>Phases</h2>" not in html and ">Attempts<" not in html
    words = json.loads(re.search(r"data-words='([^']*)'", html).group(1))
    assert words["succeeded"] == "completada" and words["failed_terminal"] != "failed_terminal"
    for pid, st in state["phases"].items():
        row = re.search(rf'<tr data-phase="{pid}">(.*?)</tr>', html, re.S)
        assert row and f'data-state="{st["status"]}">{words[st["status"]]}<' in row.group(1)
        node = re.search(rf'<g class="node" data-phase="{pid}" data-state="{st["status"]}">'
                         r'(.*?)</g>', html, re.S)
        assert node and f'<tspan class="state">{words[st["status"]][:13]}' in node.group(1)
    # the request's values and dates in the page's language too
    request = html.split('<section id="request">', 1)[1].split("</section>", 1)[0]
    assert "<tr><th>presupuesto</th><td>200 €</td><td>consulta</td></tr>" in request
    assert "<td>septiembre de 2026</td>" in request and "Leída el " in request
    index = client.get("/", headers={"Accept-Language": "es-ES,es;q=0.9,en;q=0.8"}).text
    assert "<h1>Misiones</h1>" in index and '<html lang="es">' in index
    started = re.search(r'<time datetime="([^"]+)">([^<]+)</time>', index)
    assert started and started[1] != started[2] and "UTC" in started[2]
    assert "<h1>Missions</h1>" in client.get("/", headers={"Accept-Language": "fr, en;q=0.5"}).text
    assert "<h1>Coste</h1>" in client.get("/cost?lang=es").text
    # a Spanish request's page is Spanish with no ?lang=; ?lang=en still wins
    task_path = ops_world.root / "runs" / "bcn" / "task.json"
    doc = json.loads(task_path.read_text())
    lang = (doc.get("task") or {}).get("lang")
    expected = "Fases" if lang == "es" else "Phases"
    assert f"<h2>{expected}</h2>" in client.get("/missions/bcn").text
    assert "<h2>Phases</h2>" in client.get("/missions/bcn?lang=en").text
