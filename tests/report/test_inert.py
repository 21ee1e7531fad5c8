"""Outside text in a report's Markdown and HTML (scout/report/inert.py, md_cell, the
report environment's finalize, markdown_to_html's links, quoted citation marks)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scout.report.inert import inert_markdown_text, safe_link, visible
from scout.report.render import make_report_env, markdown_to_html
from scout.report.htmlpost import link_citations
from scout.spec.filters import md_cell
from tests.e2e.hostile import audit, careless_view

HOSTILE = [
    "<script>window.__pwned=1</script>",
    "<img src=x onerror=alert(1)>",
    "<IFRAME SRC=javascript:alert(1)>",
    "</td></tr></table><b>x</b>",
    "<!-- c --><style>*{}</style>",
    "[x](javascript:alert(1))",
    "[x]( JavaScript:alert(1) )",
    "[x](jav&#x61;script:alert(1))",
    "[x](java\\script:alert(1))",
    "[x](<javascript:alert(1)>)",
    "![x](javascript:alert(1))",
    "[x](data:text/html,<script>alert(1)</script>)",
    "[x](vbscript:msgbox(1))",
    "[x](ms-msdt:/id%20PCWDiagnostic)",
    "[x](search-ms:query=a)",
    "<javascript:alert(1)>",
    "<ms-msdt:foo>",
    "[x][r]\n\n[r]: javascript:alert(1)",
    "[r]: <data:text/html,x>",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_no_markup_or_foreign_link_survives_a_careless_viewer(text: str) -> None:
    md = inert_markdown_text(text)
    audit(careless_view(md))  # raw HTML on, every link followed: still nothing active
    audit(markdown_to_html(text))  # scout's own renderer, even before finalize
    assert inert_markdown_text(md) == md  # idempotent: a macro's output passes again


@pytest.mark.parametrize("url", ["javascript:alert(1)", "JAVASCRIPT:x", " data:text/html,x",
                                 "vbscript:x", "file:///etc/passwd"])
def test_a_bare_foreign_url_value_is_no_link_target(url: str) -> None:
    md = f"[site]({inert_markdown_text(url)})"
    audit(careless_view(md))


@pytest.mark.parametrize("own", [
    "| 1 | Casa Bonay | 180 EUR ≤ 200 EUR | [casa.test](https://casa.test/a?b=1&c=2) |",
    "- “quote” — rating 9.0/10 [1] *(snippet, tavily, phase F1)*",
    "1. [Title \\| site](https://ex.com/p) — via tavily, phase F1",
    '    F2["F2: search x candidates [succeeded]"]\n    F1 -->|candidates| F2',
    "![photo](photos/0123456789abcdef.jpg) [mail](mailto:a@b.c) [top](#src-1)",
    "Note: data: 3 < 5, a <= b, <3",
])
def test_scouts_own_markdown_is_left_as_it_is(own: str) -> None:
    assert inert_markdown_text(own) == own


def test_invisible_characters_go_and_joiners_stay() -> None:
    text = "Hotel Prak\u202etik\u200b \u2066x\u2069\ufeff\x00\x07\x1b[31mred\x1b[0m 👨\u200d👩 می\u200cخواهم"
    assert visible(text) == "Hotel Praktik xred 👨\u200d👩 می\u200cخواهم"


@pytest.mark.parametrize("target,ok", [
    ("https://a.b", True), ("http://a.b", True), ("mailto:x@y.z", True), ("#src-2", True),
    ("photos/a.jpg", True), ("javascript:x", False), ("JaVaScRiPt:x", False),
    ("java\tscript:x", False), ("jav&#x61;script:x", False), ("data:image/png;base64,x", False),
    ("ms-msdt:x", False), ("<javascript:x>", False), ("\x01javascript:x", False),
])
def test_safe_link(target: str, ok: bool) -> None:
    assert safe_link(target) is ok


@pytest.mark.parametrize("text", ["# Best hotel", "## x", "> quoted", "- item", "+ item",
                                  "* item", "1. first", "12) twelfth", "---", "***", "===",
                                  "```js", "~~~"])
def test_md_cell_keeps_a_leading_marker_text(text: str) -> None:
    from markdown_it import MarkdownIt

    html = MarkdownIt("commonmark").render(md_cell(text))
    assert html.startswith("<p>") and html.count("<") == 2, html


def test_md_cell_escapes_pipes_brackets_and_backslashes() -> None:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark").enable("table")
    cell = md_cell("a \\| b | [x](https://evil.example) [3] C:\\dir\\")
    html = md.render(f"| h | i |\n|---|---|\n| {cell} | y |\n")
    assert html.count("<td>") == 2 and "<a " not in html
    assert "a \\| b | [x](https://evil.example) [3] C:\\dir\\" in html


def test_md_cell_leaves_no_bare_web_address_to_autolink() -> None:
    """GitHub and GitLab link a bare https:// address in Markdown: a page's or a model's
    address would be a link in report.md, to a page scout never fetched."""
    from markdown_it import MarkdownIt

    text = "Book at https://phish.example/login or HTTP://x.example (ftp://y.example)."
    cell = md_cell(text)
    assert not re.search(r"(?<![\\\w])(?:https?|ftp)://", cell, re.I), cell
    assert MarkdownIt("commonmark").render(cell) == f"<p>{text}</p>\n"


def test_quoted_citation_marks_are_never_linked() -> None:
    """A page's own "[3]" (md_cell writes it \\[3\\]) is text; the report's [3] links."""
    md = f"“{md_cell('founded in 1900[3]')}” [3]\n\n1. [Src](https://ex.com/a)\n2. [b](https://b.c)\n3. [c](https://c.d)\n"
    html = link_citations(markdown_to_html(md), [(3, "https://c.d")])
    assert html.count('href="#src-3"') == 1 and "1900&#91;3]" in html
    assert '<li id="src-3"><a href="https://c.d">' in html


def test_sources_keep_their_anchor_when_the_url_has_parens_or_spaces() -> None:
    url = "https://ex.com/wiki/Casa_(hotel) x"
    md = f"see [1]\n\n1. [Casa]({inert_markdown_text(url.replace(' ', '%20'))})\n"
    html = link_citations(markdown_to_html(md), [(1, url)])
    assert '<li id="src-1">' in html


def _render(tmp_path: Path, file: str, source: str, **context: object) -> str:
    (tmp_path / file).write_text(source)
    return make_report_env(tmp_path).get_template(file).render(**context)


def test_a_kinds_template_that_forgets_md_cell_still_writes_inert_markdown(
        tmp_path: Path) -> None:
    """A research kind's own template writes fields raw: finalize still makes them inert."""
    hostile = {"name": "<img src=x onerror=alert(1)>\u202eevil",
               "url": "javascript:alert(1)",
               "text": "[x](javascript:alert(1)) <script>alert(2)</script>\x00"}
    md = _render(tmp_path, "kind.md.j2",
                 "### {{ name }}\n\n[{{ name }}]({{ url }})\n\n{{ text }}\n"
                 "{{ text | safe }}\n", **hostile)
    audit(careless_view(md))
    assert "\u202e" not in md and "\x00" not in md and "evil" in md


def test_html_templates_escape_once_and_drop_invisible(tmp_path: Path) -> None:
    html = _render(tmp_path, "page.html.j2", "<title>{{ t }}</title>",
                   t="<b>Casa</b> \u202eevil & co")
    assert html == "<title>&lt;b&gt;Casa&lt;/b&gt; evil &amp; co</title>"


@pytest.mark.parametrize("line,title", [
    ("# Hotels in &lt;b>Rome \\| *centre*", "Hotels in <b>Rome | centre"),
    ("# Hoteles en Barcelona, septiembre de 2026", "Hoteles en Barcelona, septiembre de 2026"),
])
def test_the_page_title_is_the_headings_text_not_its_markdown(line: str, title: str) -> None:
    from scout.report.render import heading

    assert heading(f"intro\n\n{line}\n\n## Next") == title


def test_the_report_page_may_run_nothing(tmp_path: Path) -> None:
    """report.html says, itself, that it runs no script and loads nothing from outside:
    whatever reached its body, a browser (or a mail client) opening the file refuses it."""
    from markupsafe import Markup

    env = make_report_env(tmp_path)
    page = env.get_template("report.html.j2").render(
        title="t", body_html=Markup("<p>x</p>"),
        mission={"mission_id": "m", "pipeline": "p"})
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert csp and "default-src 'none'" in csp.group(1) and "script-src" not in csp.group(1)


@pytest.mark.parametrize("text,secret", [
    ("https://admin:hunter2@casa.test/book", "hunter2"),
    ("https://ghp_tok3n@github.com/a/b", "ghp_tok3n"),
    ("see https\\://bob:pw9@x.test/p now", "pw9"),  # as md_cell writes an address
    ("[Casa](https://casa.test/r?id=4&token=tok-77&lang=es)", "tok-77"),
    ("https://s3.test/f.pdf?X-Amz-Credential=AKIA9%2F1&X-Amz-Signature=ab12cd", "ab12cd"),
    ("https://s3.test/f.pdf?X-Amz-Credential=AKIA9%2F1&X-Amz-Signature=ab12cd", "AKIA9"),
    ("https://a.test/?accessToken=zz9&apiKey=kk8", "zz9"),
    ("https://a.test/?accessToken=zz9&apiKey=kk8", "kk8"),
    ("https://maps.test/api?key=AIzaXYZ", "AIzaXYZ"),
    ("https://a.test/cb#access_token=frag5&state=1", "frag5"),
    ("| 1 | x | https://a.test/?client_secret=cs3 |", "cs3"),
])
def test_no_address_keeps_a_credential(text: str, secret: str) -> None:
    """A report shows no secret whole: a search result or a page may link with someone's
    login or a signed URL in it."""
    from scout.report.inert import without_credentials

    for shown in (inert_markdown_text(text), without_credentials(text),
                  markdown_to_html(inert_markdown_text(text))):
        assert secret not in shown, shown
    assert inert_markdown_text(inert_markdown_text(text)) == inert_markdown_text(text)


@pytest.mark.parametrize("text", [
    "https://casa.test/a?b=1&c=2", "https://x.test/@me?keyword=a&monkey=b&page=2",
    "mailto:info@casa.test", "write to a@b.c or see https://b.c/p?q=hotel+rooms",
    "token=abc without an address", "https://x.test/?token=",
])
def test_an_address_without_credentials_is_left_as_it_is(text: str) -> None:
    from scout.report.inert import without_credentials

    assert without_credentials(text) == text


def test_credentials_go_in_linear_time() -> None:
    import time

    from scout.report.inert import without_credentials

    for text in ("a." * 50_000 + "://x", "https://x.test/?" + "a=b&" * 40_000,
                 "https://u:p@" * 20_000, "x://" * 40_000):
        start = time.process_time()
        without_credentials(text)
        assert time.process_time() - start < 1.0, text[:20]


def test_a_source_with_a_token_keeps_its_anchor() -> None:
    """The Markdown writes the source's address without its token; the citation linker,
    given the address as found, still finds its list item."""
    url = "https://casa.test/r?id=4&token=tok-77"
    md = f"see [1]\n\n1. [Casa]({inert_markdown_text(url)})\n"
    html = link_citations(markdown_to_html(md), [(1, url)])
    assert '<li id="src-1">' in html and 'href="#src-1"' in html and "tok-77" not in html


def test_html_templates_drop_credentials_too(tmp_path: Path) -> None:
    html = _render(tmp_path, "page.html.j2", '<a href="{{ u }}">{{ u }}</a>',
                   u="https://admin:hunter2@casa.test/?sig=s1g9")
    assert "hunter2" not in html and "s1g9" not in html and "casa.test" in html


def test_a_citation_mark_in_a_raw_value_is_never_the_reports(tmp_path: Path) -> None:
    """A kind's template writing a name raw: a page's "Casa [1]" or footnote marks read as
    the report's citation 1 in report.md and were linked to source 1 in report.html."""
    md = _render(tmp_path, "kind.md.j2",
                 "## {{ name }}\n\n{{ name }}: {{ note }} [{{ n }}]\n\n| a | b |\n|---|---|\n"
                 "| {{ name }} | {{ note }} |\n\n1. [Src](https://ex.com/a)\n",
                 name="Casa Fake [1]", note="see [1][2], 2024 [2024] and \\[3\\]", n=1)
    assert "Casa Fake \\[1\\]" in md and "\\[1\\]\\[2\\]" in md and "\\[3\\]" in md
    assert ": see" in md and "] [1]\n" in md  # the template's own [{{ n }}] stays a citation
    html = link_citations(markdown_to_html(md), [(1, "https://ex.com/a")])
    assert html.count('href="#src-1"') == 1 and "Casa Fake &#91;1]" in html


def test_a_raw_value_on_its_own_line_starts_no_block(tmp_path: Path) -> None:
    """A kind's template writing a review raw on its own line: a page's "# Best hotel",
    "> quote", a list, or a "===" under the template's line made headings, quotes and
    lists of the report's structure; the template's own marker expression still works."""
    md = _render(tmp_path, "kind.md.j2",
                 "Intro line\n{{ a }}\n\n{{ b }}\n\n{% for x in xs %}\n"
                 "{{ '-' if bullets else '1.' }} {{ x }}\n{% endfor %}\n",
                 a="===", b="# Injected\n> quote\n2. item\n```", xs=["one", "# two"],
                 bullets=True)
    html = markdown_to_html(md)
    assert "<h1>" not in html and "<blockquote>" not in html and "<ol>" not in html
    assert "<pre>" not in html and "<code>" not in html
    assert html.count("<li>") == 2 and "<li># two</li>" in html
    assert "# Injected" in html and "=== " not in md.split("\n")[0]


@pytest.mark.parametrize("text", [
    "see ![x](http://127.0.0.1:8080/admin?do=1) here",
    "![pixel](https://tracker.test/p.gif?who=reader)",
    "![x](/etc/passwd) ![y](../../../../etc/passwd) ![z](file:///etc/passwd)",
    "![x][r]\n\n[r]: http://127.0.0.1/a",
    "![x]",
    "![a [b] c](http://x.test/y.png)",
    "![own name](photos/0123456789abcdef.jpg?x=1) ![x](photos/../../../etc/passwd.jpg)",
])
def test_outside_text_shows_no_picture_in_a_careless_viewer(text: str) -> None:
    """An image from a page or a model loads nothing when report.md is opened: a request
    to a local service, a tracking pixel, a local file. The text stays to read."""
    md = inert_markdown_text(text)
    assert "<img" not in careless_view(md) and "<img" not in markdown_to_html(md)
    assert inert_markdown_text(md) == md and md.replace("\\", "") == text  # to read


def test_a_picture_scout_downloaded_stays_one() -> None:
    own = "![Casa \\[Bonay\\]](photos/0123456789abcdef.png)"
    assert inert_markdown_text(own) == own
    assert '<img src="photos/0123456789abcdef.png"' in careless_view(own)


@pytest.mark.parametrize("name", [
    "accessToken", "x-goog-api-key", "X-Amz-Security-Token", "session_id", "sid", "pwd",
    "Subscription-Key", "api-key", "sig", "client_secret", "credentials",  # secret
    "q", "keywords", "monkey", "page", "count", "signatures_count",  # not
])
def test_the_report_and_the_http_boundary_redact_the_same_parameters(name: str) -> None:
    # the report had a wider rule of its own: recordings, the journal and cache keys kept
    # "?accessToken=" or "?x-goog-api-key=" that a report redacted
    from scout.adapters.contract.http import redact_url
    from scout.report.inert import without_credentials

    url = f"https://api.example.net/v1?{name}=v4lue9Q&q=hotels"
    by_report = "v4lue9Q" not in without_credentials(f"see {url} there")
    by_boundary = "v4lue9Q" not in redact_url(url)
    assert by_report == by_boundary
    assert by_report == (name not in {"q", "keywords", "monkey", "page", "count",
                                      "signatures_count"})
