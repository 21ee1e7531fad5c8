"""Hostile outside text in a real headless Chromium: report.html (opened from disk, as a
mail client or a user does, and served by ``scout serve``) and the dashboard's mission
page, for a mission whose pages, snippets, titles and model answer carry script, event
handlers, javascript:/data:/protocol-handler links, bidi overrides and table breakers
(tests/e2e/hostile.py; every script payload sets ``window.__pwned``).

Each page must run nothing (``window.__pwned`` stays undefined, no alert opens), offer
no link to anything but the web or the page itself, keep every table's rows as wide as
its header, and log no console error (a CSP refusal would be one: markup got through).
report.html is also opened with its own CSP line removed, so the escaping itself is what
is proved, not only the policy behind it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.hostile import apply, build_hostile_world, web_link
from tests.e2e.world import QUERY, World
from tests.fakes.server import FakeServer
from tests.ops.browser import chromium, chromium_paths, console_errors, save_screenshot, settle
from tests.ops.test_browser import ScoutServe, _env

pytestmark = pytest.mark.timeout(300)
MISSION = "hostile"
_CLEARED = ("TAVILY_API_KEY", "PERPLEXITY_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CSE_ID",
            "BRAVE_API_KEY", "SEARXNG_URL", "SCOUTE_CONFIG", "SCOUTE_RUNS_DIR")
#: what the page's script reports: payload flags, every link, each table's row widths
_INSPECT = """
const rows = [...document.querySelectorAll('table')].map(t =>
    [...t.rows].map(r => r.cells.length));
return {pwned: typeof window.__pwned === 'undefined' ? null : String(window.__pwned),
        links: [...document.querySelectorAll('a[href], area[href]')].map(a =>
            a.getAttribute('href')),
        frames: document.querySelectorAll('iframe:not(.report), object, embed').length,
        scripts: [...document.scripts].map(s => s.src || s.textContent.slice(0, 60)),
        handlers: [...document.querySelectorAll('*')].flatMap(e =>
            [...e.attributes].map(a => a.name).filter(n => n.startsWith('on'))),
        rows: rows};
"""


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[World, dict[str, str]]]:
    chromium_paths()  # skip before running anything
    tmp = tmp_path_factory.mktemp("hostile-browser")
    with FakeServer() as srv, pytest.MonkeyPatch.context() as mp:
        world = build_hostile_world(tmp, srv)
        for key in _CLEARED:
            mp.delenv(key, raising=False)
        env = world.env()
        for k, v in env.items():
            mp.setenv(k, v)
        mp.chdir(world.root)
        query = QUERY + " <script>window.__pwned='query'</script>"
        assert apply(MISSION, query) == 0
        yield world, env


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    with chromium(tmp_path / "profile") as driver:
        yield driver


def _load(driver: Any, url: str) -> dict[str, Any]:
    from selenium.common.exceptions import NoAlertPresentException, UnexpectedAlertPresentException

    console_errors(driver)  # drain what came before
    driver.get(url)
    try:
        settle(driver)  # an onerror or onload payload has fired by now
    except UnexpectedAlertPresentException as exc:
        pytest.fail(f"{url}: an alert opened: {exc.alert_text!r}")
    try:
        alert = driver.switch_to.alert
        text = alert.text
        alert.dismiss()
        pytest.fail(f"{url}: an alert opened: {text!r}")
    except NoAlertPresentException:
        pass
    return driver.execute_script(_INSPECT)  # type: ignore[no-any-return]


def _assert_inert(found: dict[str, Any], url: str, *, own_scripts: bool = False) -> None:
    assert found["pwned"] is None, f"{url}: a payload ran ({found['pwned']})"
    assert found["handlers"] == [], f"{url}: event handlers {found['handlers']}"
    assert found["frames"] == 0, url
    assert own_scripts or found["scripts"] == [], f"{url}: scripts {found['scripts']}"
    bad = [h for h in found["links"] if not web_link(h)]
    assert bad == [], f"{url}: links to {bad}"
    for widths in found["rows"]:
        assert len(set(widths)) <= 1, f"{url}: a table's rows differ in width: {widths}"


def test_report_html_from_disk_runs_nothing(hostile: tuple[World, dict[str, str]],
                                            browser: Any, tmp_path: Path) -> None:
    world, _ = hostile
    page = world.run_dir(MISSION) / "report.html"
    found = _load(browser, page.as_uri())
    _assert_inert(found, "report.html")
    assert found["rows"] and any(h.startswith("http") for h in found["links"])
    body = browser.find_element("tag name", "body").text
    assert "window.__pwned='script'" in body  # shown as the text it is
    assert "\u202e" not in body
    # the kind's catalog's markup (tests/e2e/hostile.CATALOG) is text: no refresh left
    footer = browser.find_element("tag name", "footer").text
    assert "<img src=x onerror=" in footer and "<meta http-equiv=" in footer, footer
    assert browser.current_url == page.as_uri()
    assert console_errors(browser) == []
    save_screenshot(browser, tmp_path, "hostile-report")

    # the same page without its CSP line: the escaping alone keeps it inert
    bare = tmp_path / "report-no-csp.html"
    text = page.read_text(encoding="utf-8")
    cut = "\n".join(line for line in text.splitlines()
                    if "Content-Security-Policy" not in line)
    assert cut != text
    bare.write_text(cut, encoding="utf-8")
    _assert_inert(_load(browser, bare.as_uri()), "report.html without CSP")
    assert console_errors(browser) == []

    # a token thousands of characters long never makes a phone's page scroll sideways
    browser.set_window_size(390, 900)
    try:
        _load(browser, page.as_uri())
        got = browser.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth]")
        assert got[0] <= got[1], got
    finally:
        browser.set_window_size(1280, 1600)


def test_served_report_and_dashboard_run_nothing(hostile: tuple[World, dict[str, str]],
                                                 browser: Any, tmp_path: Path) -> None:
    world, env = hostile
    with ScoutServe(world.root, _env(env)) as srv:
        report = f"{srv.url}/api/missions/{MISSION}/report?format=html"
        reply = httpx.get(report)
        csp = reply.headers["content-security-policy"]
        assert "sandbox" in csp and "script-src" not in csp and "default-src 'none'" in csp
        assert reply.headers["x-content-type-options"] == "nosniff"
        _assert_inert(_load(browser, report), "served report.html")
        assert console_errors(browser) == []

        mission = f"{srv.url}/missions/{MISSION}"
        # the dashboard runs its own script (dashboard.js), nothing else
        found = _load(browser, mission)
        _assert_inert(found, "mission page", own_scripts=True)
        assert all(s.endswith("/static/dashboard.js") for s in found["scripts"]), found
        assert console_errors(browser) == []
        frame = browser.find_element("css selector", "iframe.report")
        browser.switch_to.frame(frame)
        inner = browser.execute_script(_INSPECT)
        browser.switch_to.default_content()
        _assert_inert(inner, "report in the mission page")
        save_screenshot(browser, tmp_path, "hostile-mission")
        _assert_inert(_load(browser, srv.url + "/"), "dashboard", own_scripts=True)
