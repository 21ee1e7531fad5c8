"""A real headless Chromium driven by Selenium, for the dashboard's browser tests.

The system browser and driver (Debian ``chromium`` and ``chromium-driver``) are used and
named explicitly, so Selenium Manager never downloads anything; ``SE_OFFLINE`` says the
same to it. Without them ``chromium_paths`` skips the test with the reason. The browser
log (console) and the performance log (DevTools ``Network.requestWillBeSent``) are read
after each page, so a test can assert no console error and no request to any origin but
the server's.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

BROWSER = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1280,1600")


def chromium_paths() -> tuple[str, str]:
    browser = BROWSER if os.access(BROWSER, os.X_OK) else shutil.which("chromium")
    driver = DRIVER if os.access(DRIVER, os.X_OK) else shutil.which("chromedriver")
    if not browser or not driver:
        pytest.skip("browser tests need Debian's chromium and chromium-driver "
                    "(apt-get install chromium chromium-driver)")
    pytest.importorskip("selenium", reason="browser tests need selenium (the dev extra)")
    return browser, driver


@contextmanager
def chromium(profile: Path) -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser, driver_path = chromium_paths()
    os.environ.setdefault("SE_OFFLINE", "true")
    opts = webdriver.ChromeOptions()
    opts.binary_location = browser
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--user-data-dir={profile}")
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=opts)
    driver.set_page_load_timeout(60)
    driver.get("about:blank")
    try:
        yield driver
    finally:
        driver.quit()


#: true once the loaded page has settled: the load event has been dispatched (its handlers
#: and every picture's onload / onerror ran before it: the load waits for them), every
#: picture is complete and the fonts are in (a font is requested after layout, past the
#: load event). Read by the driver, not waited for inside the page: a page served with a
#: CSP sandbox runs no timer, so an in-page wait never ended there
_SETTLED = """
return document.readyState === 'complete'
    && [...document.images].every(i => i.complete)
    && (!document.fonts || document.fonts.status === 'loaded');
"""


def settle(driver: Any, timeout: float = 30.0) -> None:
    """Wait, on conditions and never a fixed sleep, until the page ``driver`` opened has
    loaded and settled (:data:`_SETTLED`)."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: d.execute_script(_SETTLED) is True)


def console_errors(driver: Any) -> list[str]:
    """Console messages at SEVERE since the last call (the log is drained by reading)."""
    return [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def requested_urls(driver: Any) -> list[str]:
    """Every URL the page asked for since the last call (DevTools performance log)."""
    urls = []
    for entry in driver.get_log("performance"):
        msg = json.loads(entry["message"]).get("message", {})
        if msg.get("method") == "Network.requestWillBeSent":
            urls.append(msg["params"]["request"]["url"])
    return urls


def foreign(urls: list[str], origin: str) -> list[str]:
    """The URLs that are not the server's own (data:, about: and blob: stay in the page;
    chrome:// is the browser's own UI, e.g. the new-tab page it opens with, never the
    network)."""
    out = []
    for url in urls:
        parts = urlsplit(url)
        if parts.scheme in ("data", "about", "blob", "chrome"):
            continue
        if f"{parts.scheme}://{parts.netloc}" != origin:
            out.append(url)
    return out


def save_screenshot(driver: Any, folder: Path, name: str) -> Path:
    """A PNG under ``folder``, copied to $SCOUT_TEST_ARTIFACTS when that is set."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    driver.save_screenshot(str(path))
    dest = os.environ.get("SCOUT_TEST_ARTIFACTS")
    if dest:
        Path(dest).mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, Path(dest) / path.name)
    return path
