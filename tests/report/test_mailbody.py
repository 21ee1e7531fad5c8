"""``report.html`` as an e-mail body (scout/report/mailbody.py): a mail client shows it under
no policy of its own, so nothing in it may run or load. A project's template that loads a
remote picture (a read receipt), a stylesheet, a frame or runs script sends none of them;
``data:`` pictures, inline style and links a reader follows stay."""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser

from scout.report.exports import PRINT_CSP
from scout.report.mailbody import inert_body

HOSTILE = """<!doctype html><html><head><title>Hoteles</title>
<style>@import url(https://x.test/s.css); body{background:url(https://x.test/a.png)}
.ok{background:url('data:image/png;base64,AAAA');color:#333}</style>
<link rel="stylesheet" href="https://x.test/s.css"><base href="https://x.test/">
<meta http-equiv="refresh" content="0;url=https://x.test/"><script>fetch('https://x.test')</script>
</head><body onload="steal()">
<h1>Hoteles en Barcelona</h1>
<img src="https://track.test/open.gif" width=1><img srcset="https://t.test/a 2x" alt="s">
<img src="data:image/png;base64,AAAA" alt="foto">
<a href="https://hotel.test/reserva">Casa Bonay</a> <a href="javascript:alert(1)">clic</a>
<iframe src="file:///etc/passwd"></iframe><object data="https://t.test/o"></object>
<form action="https://t.test/f"><input name=q></form>
<p style="background-image:url( 'https://t.test/b' )" onclick="x()">precio 120 €</p>
<svg><image xlink:href="https://t.test/c"/><circle r="3"/></svg>
</body></html>"""


def test_nothing_in_the_body_runs_or_loads() -> None:
    body = inert_body(HOSTILE)
    low = body.lower()
    for gone in ("<script", "<iframe", "<object", "<form", "<link", "<base", "refresh",
                 "onload", "onclick", "javascript:", "@import", "track.test", "x.test",
                 "t.test"):
        assert gone not in low, gone
    assert f'content="{PRINT_CSP}"' in body  # for the clients that honour a policy


def test_what_a_reader_sees_stays() -> None:
    tree = LexborHTMLParser(inert_body(HOSTILE))
    assert tree.css_first("h1").text() == "Hoteles en Barcelona"
    assert tree.css_first('img[alt="foto"]').attributes["src"].startswith("data:image/png")
    assert tree.css_first("a").attributes["href"] == "https://hotel.test/reserva"
    assert "data:image/png;base64,AAAA" in tree.css_first("style").text()
    assert "precio 120 €" in tree.body.text() and tree.css_first("circle") is not None
