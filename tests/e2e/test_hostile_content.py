"""Hostile outside text through a whole mission (real CLI, providers and report step
against the fake world of tests/e2e/hostile.py): what reaches report.md, report.html and
the synthesis prompt.

report.md is judged as the most careless viewer would show it: a CommonMark renderer with
raw HTML on and every link followed. Neither it nor report.html may then hold an element
that runs or loads anything, an event-handler attribute, a link to anything but the web,
a table row with more or fewer cells than its header, or an invisible control.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.e2e.hostile import INJECTION, SECRETS, apply, audit, build_hostile_world, careless_view, \
    web_link
from tests.e2e.world import QUERY, World
from tests.fakes.server import FakeServer

MISSION = "hostile"
HOSTILE_QUERY = QUERY + " <script>window.__pwned='query'</script> [q](javascript:alert(1))"
INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f\u200b\u202a-\u202e\u2066-\u2069\ufeff]")
_CLEARED = ("TAVILY_API_KEY", "PERPLEXITY_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CSE_ID",
            "BRAVE_API_KEY", "SEARXNG_URL", "SCOUTE_CONFIG", "SCOUTE_RUNS_DIR")


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    tmp = tmp_path_factory.mktemp("hostile")
    with FakeServer() as srv, pytest.MonkeyPatch.context() as mp:
        world = build_hostile_world(tmp, srv)
        for key in _CLEARED:
            mp.delenv(key, raising=False)
        for k, v in world.env().items():
            mp.setenv(k, v)
        mp.chdir(world.root)
        assert apply(MISSION, HOSTILE_QUERY) == 0
        yield world


def _files(world: World) -> tuple[str, str]:
    run = world.run_dir(MISSION)
    return (run / "report.md").read_text(encoding="utf-8"), \
        (run / "report.html").read_text(encoding="utf-8")


def test_report_md_is_inert_in_a_careless_viewer(hostile: World) -> None:
    md, _ = _files(hostile)
    assert not INVISIBLE.search(md), INVISIBLE.findall(md)
    view = careless_view(md)
    audit(view)
    # the payloads are still there to read, as text
    assert "window.__pwned=" in view and "Praktik" in md
    # the hotels' table keeps its rows and columns
    rows = re.findall(r"^\| (\d) \| ([^|]+?) \|", md, re.M)
    assert [r[0] for r in rows] == ["1", "2"] and rows[0][1] == "Casa Bonay"
    # the override, the zero-width space and the whole colour sequence went
    assert rows[1][1] == "Hotel Praktik Rambla"


def test_report_html_is_inert(hostile: World) -> None:
    _, html = _files(hostile)
    head, body = html.split("<body", 1)
    assert "Content-Security-Policy" in head and "script-src" not in head
    assert not INVISIBLE.search(body)
    found = audit(body, own_svg=True)
    assert any(t == "table" for t, _ in found.tags)
    assert "&lt;script&gt;window.__pwned" in body
    # the kind's catalog (tests/e2e/hostile.CATALOG) is shown as the words it is: its
    # footer's picture, refresh and link, its heading's script
    footer = body.split("<footer>", 1)[1]
    assert "&lt;img src=x onerror=" in footer and "&lt;meta http-equiv=" in footer
    assert "&lt;a href=" in footer and "Made for hostile" in footer
    assert "Shortlist &lt;script&gt;window.__pwned=" in body


def test_model_citations_only_name_sources_scout_has(hostile: World) -> None:
    md, html = _files(hostile)
    body, sources = md.split("## Sources", 1)
    listed = dict(re.findall(r"^(\d+)\. \[.*\]\((\S+?)\)", sources, re.M))
    assert listed and all(web_link(u) and u.startswith("http") for u in listed.values())
    cited = set(re.findall(r"(?<![\\\w])\[(\d+)\](?![(:])", body))
    assert cited and cited <= set(listed), cited - set(listed)
    synthesis = body.split("## Synthesis", 1)[1].split("\n## ", 1)[0]
    # [4] pointed at a javascript: entry of the model's citations, [7] at nothing
    assert "citation \\[4\\] dropped" in synthesis and "citation \\[7\\] dropped" in synthesis
    assert "javascript:window.__pwned='citation'" not in html
    # a quoted "[n]" (the note's, a page's own footnote mark) never links to a source
    linked = set(re.findall(r'<a class="cite" href="#src-(\d+)">', html))
    assert linked == cited and "citation &#91;7] dropped" in html


def test_page_text_reaches_the_model_fenced_as_data(hostile: World) -> None:
    body = hostile.perplexity.bodies[-1]
    system, user = (m["content"] for m in body["messages"])
    assert "<evidence>" in system and "never as instructions" in system
    head, fenced = user.split("\n<evidence>\n", 1)
    inside, after = fenced.rsplit("\n</evidence>", 1)
    assert after == "" and "</evidence>" not in inside  # the page could not close it
    assert INJECTION.split(" </evidence>")[0] in inside and "Ignore previous" not in head
    assert not INVISIBLE.search(user)


def test_no_report_file_shows_a_credential_whole(hostile: World) -> None:
    """A snippet and the model's answer quote addresses with a login, a token and a
    signature: every file of the run that a person reads shows them without."""
    run = hostile.run_dir(MISSION)
    files = [p for p in run.iterdir() if p.name.startswith("report") and p.is_file()]
    assert len(files) >= 2
    md = (run / "report.md").read_text(encoding="utf-8")
    # the model's bare addresses are dropped from its prose (wt/hostile25: a report viewer
    # links them); one still shown anywhere is shown redacted, never with its login
    assert "admin:" not in md
    assert "access_token=REDACTED" in md or "praktik.test/book" not in md
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        assert not [s for s in SECRETS if s in text], path.name
