"""The dashboard and report.html in a real headless Chromium (Selenium, the system
chromium and chromedriver; skipped with the reason when they are absent).

* ``scout serve`` on the runs dir of the two real missions of conftest: the dashboard
  lists them, the mission page shows every phase's state, and every page (the dashboard,
  the mission page with the report embedded, report.html itself, /cost, /docs, /redoc)
  renders with no console error and asks nothing of any origin but the server;
* a mission run by the real CLI in a subprocess against the fake providers, slowed so
  it takes a few seconds, watched on its page: the phases change state in the page while
  it runs (no reload by the test), and the page ends on the finished state.

Screenshots are written under the test's tmp dir and copied to $SCOUT_TEST_ARTIFACTS.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.world import HOTELS, QUERY, ROOT, build_world, hotel_queries
from tests.fakes.server import FakeServer
from tests.ops.browser import (
    chromium,
    chromium_paths,
    console_errors,
    foreign,
    requested_urls,
    save_screenshot,
    settle,
)
from tests.ops.conftest import OpsWorld
from tests.ports import start_process

PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")
pytestmark = pytest.mark.timeout(240)


class ScoutServe:
    """``scout serve`` in a subprocess on 127.0.0.1, on a port it binds itself
    (tests/ports.py: no other worker can take it between)."""

    def __init__(self, root: Path, env: dict[str, str]) -> None:
        self.root = root
        self.env = {k: v for k, v in env.items() if k != "SCOUTE_API_TOKEN"}

    def __enter__(self) -> "ScoutServe":
        def healthy(port: int) -> bool:
            return httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200

        self.proc, self.port = start_process(
            lambda port: [sys.executable, "-m", "scout", "serve", "--port", str(port),
                          "--log-level", "warning"],
            ready=healthy, cwd=self.root, env=self.env, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, text=True)
        self.url = f"http://127.0.0.1:{self.port}"
        return self

    def __exit__(self, *exc: Any) -> None:
        self.proc.terminate()
        self.proc.communicate(timeout=20)


def _env(extra: dict[str, str]) -> dict[str, str]:
    return {**os.environ, **extra, "PYTHONPATH": str(ROOT)}


@pytest.fixture(scope="module")
def served(ops_world: OpsWorld) -> Iterator[ScoutServe]:
    chromium_paths()  # skip before starting anything
    with ScoutServe(ops_world.root, _env(ops_world.env)) as srv:
        yield srv


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    with chromium(tmp_path / "profile") as driver:
        yield driver


def _visit(driver: Any, url: str, origin: str) -> None:
    """Open ``url``, wait for it to settle, and assert a clean console and no foreign
    request."""
    console_errors(driver), requested_urls(driver)  # drain what came before (new tab page)
    driver.get(url)
    settle(driver)  # late requests (fonts, a first poll) are in the logs now
    errors = console_errors(driver)
    assert errors == [], f"{url}: console errors {errors}"
    urls = requested_urls(driver)
    assert urls, f"{url}: the performance log saw no request at all"
    assert foreign(urls, origin) == [], f"{url}: requests outside the server"
    # the Resource Timing API agrees: every resource came from the server
    names = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)")
    assert foreign(list(names), origin) == [], url


def test_dashboard_lists_missions_and_pages_stay_on_the_server(
        served: ScoutServe, browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    origin = served.url
    _visit(browser, origin + "/", origin)
    rows = browser.find_elements(By.CSS_SELECTOR, "table.missions tbody tr")
    assert sorted(r.get_attribute("data-mission") for r in rows) == ["bcn", "bcn-degraded"]
    api = {r["mission_id"]: r for r in httpx.get(origin + "/api/missions").json()["runs"]}
    for row in rows:
        status = row.find_element(By.CSS_SELECTOR, ".status").text
        assert status == api[row.get_attribute("data-mission")]["status"]
    save_screenshot(browser, tmp_path, "dashboard")

    # the mission page: every phase's state, in the DAG and the table
    rows[0].find_element(By.CSS_SELECTOR, "a[href^='/missions/']").click()
    mission = browser.find_element(By.ID, "mission").get_attribute("data-mission")
    _visit(browser, f"{origin}/missions/{mission}", origin)
    state = httpx.get(f"{origin}/api/missions/{mission}").json()
    for pid, st in state["phases"].items():
        node = browser.find_element(By.CSS_SELECTOR, f'svg.dag g.node[data-phase="{pid}"]')
        assert node.get_attribute("data-state") == st["status"]
        cell = browser.find_element(By.CSS_SELECTOR, f'tr[data-phase="{pid}"] .status')
        assert cell.text == st["status"]
    frame = browser.find_element(By.CSS_SELECTOR, "iframe.report")
    browser.switch_to.frame(frame)
    assert browser.find_element(By.TAG_NAME, "h1").text.strip()  # the report rendered
    browser.switch_to.default_content()
    save_screenshot(browser, tmp_path, f"mission-{mission}")

    # report.html itself, the cost page and both API viewers
    _visit(browser, f"{origin}/api/missions/{mission}/report?format=html", origin)
    save_screenshot(browser, tmp_path, "report")
    _visit(browser, origin + "/cost", origin)
    bars = browser.find_elements(By.CSS_SELECTOR, "svg.bars g.bar")
    assert len(bars) >= 3
    save_screenshot(browser, tmp_path, "cost")
    _visit(browser, origin + "/docs", origin)
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 30).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".opblock"))  # Swagger UI drew the API
    save_screenshot(browser, tmp_path, "docs")
    _visit(browser, origin + "/redoc", origin)
    WebDriverWait(browser, 30).until(
        lambda d: "/api/missions" in d.find_element(By.TAG_NAME, "body").text)
    save_screenshot(browser, tmp_path, "redoc")


def test_pages_fit_a_phone(served: ScoutServe, browser: Any, tmp_path: Path) -> None:
    """At a phone's width (390 px) no page scrolls sideways: the missions, phases, costs
    and journal tables scroll in their own boxes (they made the pages 480-840 px wide),
    and report.html's tables too."""
    origin = served.url
    missions = [r["mission_id"] for r in httpx.get(origin + "/api/missions").json()["runs"]]
    assert len(missions) >= 2  # every mission's page: a degraded run's reasons are longest
    browser.set_window_size(390, 900)
    try:
        for path in ("/", *(f"/missions/{m}" for m in missions), "/cost",
                     *(f"/api/missions/{m}/report?format=html" for m in missions)):
            _visit(browser, origin + path, origin)
            if path.startswith("/missions/"):  # a checkout's path as deep as CI's may be
                browser.execute_script(
                    "const p = document.createElement('p'); p.className = 'meta';"
                    "p.innerHTML = 'Pipeline <code>/tmp/tmp.Zq3xY8bKp1/checkout-of-a-long-name/"
                    "pipelines/hotel_research_with_a_long_name.yaml</code>';"
                    "document.querySelector('main').appendChild(p);")
            got = browser.execute_script(
                "return [document.documentElement.scrollWidth, window.innerWidth,"
                " [...document.querySelectorAll('table')].every(t => t.parentElement"
                ".getBoundingClientRect().right <= window.innerWidth + 1)]")
            assert got[0] <= got[1] and got[2], (path, got)
            save_screenshot(browser, tmp_path, "phone" + path.replace("/", "-").split("?")[0])
    finally:
        browser.set_window_size(1280, 1600)


def test_mission_page_follows_a_running_mission(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    with FakeServer() as srv:
        world = build_world(tmp_path / "w", srv)
        names = list(HOTELS)
        for name in names:  # the F2 fan-out waits, so the page sees the mission run
            world.providers.slow(hotel_queries(name)[0], 3.0)
        env = _env(world.env())
        mission = None
        with ScoutServe(world.root, env) as served:  # first: the mission must not end before
            try:
                mission = subprocess.Popen(
                    [sys.executable, "-m", "tests.e2e.harness", "apply", PIPELINE, "--query",
                     QUERY, "--mission-id", "live", "--progress", "none"], cwd=world.root,
                    env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                url = f"{served.url}/missions/live"
                deadline = time.monotonic() + 60
                while httpx.get(url).status_code != 200 or httpx.get(
                        served.url + "/api/missions/live").json()["status"] != "running":
                    assert mission.poll() is None, mission.communicate()[1]
                    assert time.monotonic() < deadline, "the mission never started"
                    time.sleep(0.05)
                console_errors(browser), requested_urls(browser)
                # in Spanish: the script writes each new state in the page's language
                from scout.server.dashboard_i18n import state_words

                words = state_words("es")
                browser.get(url + "?lang=es")
                assert browser.find_element(By.ID, "mission").get_attribute(
                    "data-status") == "running"
                browser.execute_script("window.__notReloaded = true;")

                def states() -> dict[str, str]:
                    # read in one script: the page reloads itself at the end, and elements
                    # found before a reload are stale after it
                    return dict(browser.execute_script(
                        "return Array.from(document.querySelectorAll('svg.dag g.node'))"
                        ".map(g => [g.getAttribute('data-phase'),"
                        " g.getAttribute('data-state')])"))

                def status() -> str | None:
                    return browser.execute_script(
                        "var m = document.getElementById('mission');"
                        " return m && m.getAttribute('data-status');")

                first = states()
                assert first.get("F2") in ("pending", "running"), first
                save_screenshot(browser, tmp_path, "mission-running")
                # the script updates the page in place while the mission runs
                WebDriverWait(browser, 60, poll_frequency=0.1).until(
                    lambda d: d.execute_script("return window.__notReloaded === true")
                    and states() != first)
                # one script: the page's own script cannot run between the reads
                seen = browser.execute_script(
                    "return Array.from(document.querySelectorAll('svg.dag g.node')).map(g =>"
                    " { var id = g.getAttribute('data-phase'); var row = document"
                    ".querySelector('tr[data-phase=\"' + id + '\"] .status'); return [id,"
                    " g.getAttribute('data-state'), g.querySelector('.state').textContent,"
                    " row && row.textContent]; })")
                changed = {pid: st for pid, st, _, _ in seen}
                assert any(changed[p] != first[p] for p in first)
                for pid, st, in_dag, in_table in seen:
                    if changed[pid] != first.get(pid):  # written by the script, in Spanish
                        assert in_table == words[st] and in_dag == words[st], (pid, st)
                # and the page ends on the finished state (it reloads once at the end)
                WebDriverWait(browser, 90, poll_frequency=0.2).until(
                    lambda d: status() not in (None, "running"))
                assert mission.wait(timeout=60) == 0, mission.communicate()[1]
                final = httpx.get(served.url + "/api/missions/live").json()
                WebDriverWait(browser, 30).until(lambda d: all(
                    states().get(p) == st["status"] for p, st in final["phases"].items()))
                WebDriverWait(browser, 30).until(lambda d: d.find_element(
                    By.ID, "mission-status").text == words[final["status"]])
                assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
                assert console_errors(browser) == []
                assert foreign(requested_urls(browser), served.url) == []
                save_screenshot(browser, tmp_path, "mission-finished")
            finally:
                if mission is not None and mission.poll() is None:
                    mission.kill()
                    mission.communicate()
