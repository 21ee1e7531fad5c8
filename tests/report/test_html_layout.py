"""report.html read on a phone: a real headless Chromium (tests/ops/browser.py) opens the
rendered report at a phone's width (390 px) and at a desktop's, and measures it.

The page itself never scrolls sideways: a table wider than the screen (the shortlist has
six columns, the cost table six) scrolls inside its own box, and a long unbroken name or
URL wraps instead of widening the page. Skipped with the reason when chromium or its
driver is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ops.browser import chromium, chromium_paths
from tests.steps import test_report_step as base
from tests.steps.test_extract_rank import F1_RESULTS, S

pytestmark = pytest.mark.timeout(180)

#: a candidate whose name and URL have no place to break
LONG = S("Hotel" + "Supercalifragilisticexpialidocious" * 3 + " | Official Site",
         "https://www.example-hotel.test/" + "a-very-long-path-segment" * 8 + "?ref=" + "x" * 80,
         "A hotel with a very long name, 150 EUR per night, 9.1/10.")

MEASURE = """
const doc = document.documentElement;
const wide = [...document.querySelectorAll('main *')]
  .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1
               && !e.closest('.table-wrap, figure'))
  .map(e => e.tagName.toLowerCase() + ': ' + (e.textContent || '').trim().slice(0, 40));
const boxes = [...document.querySelectorAll('table')]
  .map(t => t.parentElement.classList.contains('table-wrap')
            && t.parentElement.getBoundingClientRect().right <= window.innerWidth + 1);
return {scroll: doc.scrollWidth, inner: window.innerWidth, wide: wide.slice(0, 5), boxes};
"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):
    chromium_paths()
    with chromium(tmp_path_factory.mktemp("profile")) as driver:
        yield driver


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width", [390, 1280])
def test_report_never_scrolls_sideways(tmp_path: Path, browser, lang: str,
                                       width: int) -> None:
    _, run_dir = base._render(tmp_path, results=[*F1_RESULTS, LONG], lang=lang)
    html = run_dir / "report.html"
    assert "Supercalifragilistic" in html.read_text()
    browser.set_window_size(width, 900)
    browser.get(html.as_uri())
    got = browser.execute_script(MEASURE)
    assert got["scroll"] <= got["inner"], got
    assert got["wide"] == [], got
    # every table sits in a box no wider than the screen, which scrolls if it must
    assert got["boxes"] and all(got["boxes"]), got


def test_a_large_photo_fits_the_screen(tmp_path: Path, browser) -> None:
    """A thumbnail configured large (thumbnail max_side up to 1024 px) shrinks to the
    column instead of widening the page."""
    import base64
    import io

    from PIL import Image

    from scout.report.context import MissionView
    from scout.report.render import make_report_env

    buf = io.BytesIO()
    Image.new("RGB", (1000, 600), (40, 120, 200)).save(buf, format="PNG")
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    body = (f'<h2>Photos</h2><ul><li><img class="photo" src="data:image/png;base64,{data}" '
            'alt="Casa Bonay rooftop"> — credit: <a href="https://a.test/">a.test</a></li></ul>')
    html = make_report_env(tmp_path, "en").get_template("report.html.j2").render(
        title="t", body_html=body, mission=MissionView(mission_id="m", pipeline="p"))
    page = tmp_path / "report.html"
    page.write_text(html)
    browser.set_window_size(390, 900)
    browser.get(page.as_uri())
    got = browser.execute_script(
        "const i = document.querySelector('img.photo').getBoundingClientRect();"
        "return [document.documentElement.scrollWidth, window.innerWidth, i.right, i.width,"
        " i.height];")
    assert got[0] <= got[1] and got[2] <= got[1], got
    assert abs(got[3] / got[4] - 1000 / 600) < 0.02, got  # shrunk, not squashed
