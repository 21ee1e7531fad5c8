"""A kind's catalog (``locales/`` beside its templates) is the kind author's text, and a
kind comes from anyone: in an HTML template (autoescape) every way a template asks it —
``_()``, ``ngettext``, ``pgettext``, ``{% trans %}`` with and without a plural — shows the
msgstr as the words it is, never as markup, while its placeholders still take their
values (escaped like any value). Before, Jinja's i18n marked a msgstr safe: the report's
footer put a catalog's ``<img onerror>`` into report.html (scout/spec/catalogtext.py).
A Markdown template is unchanged: the text made inert by report/inert.py, once."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.report.render import make_report_env

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
PO = (
    'msgid "Price"\nmsgstr "Precio<script>alert(1)</script>"\n\n'
    'msgid "for %(who)s"\nmsgstr "para <b onmouseover=\\"x()\\">%(who)s</b>"\n\n'
    'msgctxt "column"\nmsgid "Name"\nmsgstr "<iframe src=//evil.example>"\n\n'
    'msgid "%(num)s room"\nmsgid_plural "%(num)s rooms"\n'
    'msgstr[0] "%(num)s <u>hab</u>"\nmsgstr[1] "%(num)s <u>habs</u>"\n\n'
    'msgid "Total: %(n)s"\nmsgstr "<style>body{display:none}</style>Total: %(n)s"\n'
)
HTML = ('<p>{{ _("Price") }}|{{ _("for %(who)s", who=who) }}|{{ pgettext("column", "Name") }}|'
        '{{ ngettext("%(num)s room", "%(num)s rooms", 3) }}|'
        '{% trans n=2 %}Total: {{ n }}{% endtrans %}|'
        '{% trans num=1 %}{{ num }} room{% pluralize %}{{ num }} rooms{% endtrans %}</p>')


def _env(root: Path, lang: str):
    po = root / "locales" / lang / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_text(HEADER + PO, encoding="utf-8")
    (root / "templates").mkdir(exist_ok=True)
    (root / "templates" / "t.html.j2").write_text(HTML, encoding="utf-8")
    (root / "templates" / "t.md.j2").write_text('{{ _("Price") }}', encoding="utf-8")
    return make_report_env(root / "templates", lang)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_kinds_msgstr_is_text_in_html(tmp_path: Path, lang: str) -> None:
    out = _env(tmp_path, lang).get_template("t.html.j2").render(who="<i>Ana</i>")
    assert out == (
        "<p>Precio&lt;script&gt;alert(1)&lt;/script&gt;|"
        "para &lt;b onmouseover=&#34;x()&#34;&gt;&lt;i&gt;Ana&lt;/i&gt;&lt;/b&gt;|"
        "&lt;iframe src=//evil.example&gt;|3 &lt;u&gt;habs&lt;/u&gt;|"
        "&lt;style&gt;body{display:none}&lt;/style&gt;Total: 2|1 &lt;u&gt;hab&lt;/u&gt;</p>")


def test_scouts_own_words_still_render_in_html(tmp_path: Path) -> None:
    """The built-in wrapper's footer, in scout's Spanish catalog, with its values."""
    env = make_report_env(tmp_path / "templates", "es")
    page = env.get_template("report.html.j2").render(
        title="T", body_html="", mission={"mission_id": "m<1>", "pipeline": "p&q"})
    assert "Generado por scout" in page and "m&lt;1&gt;" in page and "p&amp;q" in page


def test_a_markdown_template_gets_the_msgstr_as_written(tmp_path: Path) -> None:
    out = _env(tmp_path, "es").get_template("t.md.j2").render()
    assert out == "Precio&lt;script>alert(1)&lt;/script>"  # inert.py's, escaped once


PERCENT_PO = (
    'msgid "Fully refundable"\nmsgstr "100% reembolsable"\n\n'
    'msgid "up to %(n)s off"\nmsgstr "hasta un %(n)s % de descuento"\n\n'
    'msgctxt "badge"\nmsgid "Sale"\nmsgstr "-20%"\n\n'
    'msgid "%(num)s night"\nmsgid_plural "%(num)s nights"\n'
    'msgstr[0] "%(num)s noche (100%)"\nmsgstr[1] "%(num)s noches (100%)"\n\n'
    'msgid "for %(who)s"\nmsgstr "para %(quien)s"\n\n'
    'msgid "%(count)s seats"\nmsgstr "%(count)d plazas"\n'
)
PERCENT_TEMPLATE = ('{{ _("Fully refundable") }}|{{ _("up to %(n)s off", n=30) }}|'
                    '{{ pgettext("badge", "Sale") }}|'
                    '{{ ngettext("%(num)s night", "%(num)s nights", 2) }}|'
                    '{{ _("for %(who)s", who="Ana") }}|{{ _("%(count)s seats", count="4") }}|'
                    '{% trans %}Fully refundable{% endtrans %}')


@pytest.mark.parametrize("ext", ["md", "html"])
def test_a_kinds_msgstr_jinja_cannot_fill_never_fails_the_report(tmp_path: Path,
                                                                ext: str) -> None:
    """Jinja fills every msgstr with ``%``: a Spanish translation with a percent sign of
    its own ("100% reembolsable", where no translator writes "%%") failed the whole
    report (TypeError: SPEC056), and so did one naming a value its msgid does not pass
    or writing it otherwise (KeyError, ValueError). The sign is now text; a msgstr that
    cannot be filled shows its msgid."""
    po = tmp_path / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(HEADER + PERCENT_PO, encoding="utf-8")
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / f"p.{ext}.j2").write_text(PERCENT_TEMPLATE, encoding="utf-8")
    out = make_report_env(tmp_path / "templates", "es").get_template(f"p.{ext}.j2").render()
    assert out.split("|") == ["100% reembolsable", "hasta un 30 % de descuento", "-20%",
                              "2 noches (100%)", "for Ana", "4 seats", "100% reembolsable"]
