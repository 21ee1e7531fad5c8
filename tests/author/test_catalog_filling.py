"""SPEC093: a kind's catalog entry the report cannot fill, said by ``scout validate``.

Babel's check runs only on entries flagged python-format, which it flags when the msgid
has a placeholder; an entry whose msgid has none, or one Babel lets through, was said
nothing of, while the report showed the English msgid in its place
(scout.spec.catalogtext.fillable). One Babel checks was an error (SPEC058) for the same
fallback: both are SPEC093 warnings now. Each warning here is checked against the report.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.errors import Problem
from scout.i18n.problems import said
from scout.report.render import make_report_env
from scout.validate.catalogs import catalog_problems

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def _po(folder: Path, body: str) -> Path:
    path = folder / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def _render(root: Path, source: str, lang: str) -> str:
    (root / "templates").mkdir(exist_ok=True)
    (root / "templates" / "t.md.j2").write_text(source, encoding="utf-8")
    return make_report_env(root / "templates", lang).get_template("t.md.j2").render()


def _spec093(root: Path) -> dict[int, Problem]:
    return {p.location.line: p for p in catalog_problems(root / "locales", [])
            if p.code == "SPEC093" and p.location}


@pytest.mark.parametrize("msgid, msgstr, source, named", [
    # a placeholder the msgid does not pass, in an entry Babel does not check
    ("Free cancellation", "cancelación %(n)s gratis", '{{ _("Free cancellation") }}',
     "%(n)s"),
    ("Pets allowed", "se admiten %(pets)s mascotas", '{{ _("Pets allowed") }}', "%(pets)s"),
    # a typed placeholder in an entry whose msgid passes none
    ("Breakfast included", "desayuno incluido (%(price)d €)",
     '{% trans %}Breakfast included{% endtrans %}', "%(price)d"),
])
def test_a_translation_the_report_cannot_fill_is_a_located_warning(
        tmp_path: Path, msgid: str, msgstr: str, source: str, named: str) -> None:
    path = _po(tmp_path, f'msgid "Fine"\nmsgstr "Bien"\n\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n')
    found = _spec093(tmp_path)
    assert set(found) == {8}, found
    p = found[8]
    assert p.severity == "warning" and p.location and p.location.file == str(path)
    assert named in p.message and repr(msgid) in p.message
    assert "shows the English msgid" in p.message
    # what validate warns of is what the report does
    assert _render(tmp_path, source, "es") == msgid
    s = said(p, "es")
    assert s.message.startswith(f"la traducción de {msgid!r} no se puede rellenar: nombra")
    assert s.hint != p.hint and s.hint and s.hint.startswith("usa en la traducción")


@pytest.mark.parametrize("msgstr", ["100% reembolsable", "descuento del 20 % en la web",
                                    "IVA 21%"])
def test_a_lone_percent_sign_is_shown_as_written_and_said_nothing_of(
        tmp_path: Path, msgstr: str) -> None:
    """The report shows a lone '%' as text (and an input's label is read without
    %-formatting, where '%%' would show doubled): nothing to warn of."""
    _po(tmp_path, f'msgid "Discount"\nmsgstr "{msgstr}"\n')
    assert _spec093(tmp_path) == {}
    assert _render(tmp_path, '{{ _("Discount") }}', "es") == msgstr


@pytest.mark.parametrize("body", [
    'msgid "Discount"\nmsgstr "100 %% reembolsable"\n',             # written as gettext asks
    'msgid "%(n)s nights"\nmsgstr "%(n)s noches"\n',                # filled as its msgid is
    'msgid "%(pct)s off"\nmsgstr "%(pct)s de descuento"\n',
    'msgid "Up to 100% refundable"\nmsgstr "Hasta 100% reembolsable"\n',  # the msgid's own %
    'msgid "%(n)s car"\nmsgid_plural "%(n)s cars"\n'
    'msgstr[0] "%(n)s coche"\nmsgstr[1] "%(n)s coches"\n',
])
def test_entries_the_report_fills_say_nothing(tmp_path: Path, body: str) -> None:
    _po(tmp_path, body)
    assert _spec093(tmp_path) == {}


@pytest.mark.parametrize("body, source, shown", [
    ('msgid "%(n)s nights left"\nmsgstr "quedan %(m)s noches"\n',
     '{{ _("%(n)s nights left", n=2) }}', "2 nights left"),
    ('msgid "%(n)s guest"\nmsgid_plural "%(n)s guests"\n'
     'msgstr[0] "%(n)s huésped"\nmsgstr[1] "%(count)s huéspedes"\n',
     '{{ ngettext("%(n)s guest", "%(n)s guests", 4, n=4) }}', "4 guests"),
    ('msgid "Pool open from %(hour)s"\nmsgstr "piscina abierta desde las %(hour)d"\n',
     '{{ _("Pool open from %(hour)s", hour="9:00") }}', "Pool open from 9:00"),
])
def test_an_entry_babel_checks_is_one_warning_as_the_report_falls_back(
        tmp_path: Path, body: str, source: str, shown: str) -> None:
    """A msgid with a placeholder is flagged python-format, and Babel's check sees it
    too: it was an error (SPEC058, "the report would fail") where the same entry
    unflagged was a warning, while the report shows the msgid either way. One warning
    now, SPEC093, said once."""
    _po(tmp_path, body)
    problems = [p for p in catalog_problems(tmp_path / "locales", [])
                if p.code in ("SPEC058", "SPEC093")]
    assert [(p.code, p.severity) for p in problems] == [("SPEC093", "warning")], problems
    assert "a report in that language shows the English msgid instead" in problems[0].message
    assert _render(tmp_path, source, "es") == shown


def test_validate_says_it_in_the_authors_language(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from scout.cli import main
    from tests.author.helpers import ROOT

    _po(tmp_path, 'msgid "Fully refundable"\nmsgstr "reembolso de %(pct)s"\n')
    (tmp_path / "pipelines").mkdir()
    spec = tmp_path / "pipelines" / "k.yaml"
    spec.write_text("apiVersion: scout/v1\nname: k\nphases:\n"
                    "  F0: {uses: task, produces: [task]}\n", encoding="utf-8")
    runner = CliRunner()
    with runner.isolation(env={"LANG": "es_ES.UTF-8", "LC_ALL": None, "LANGUAGE": None,
                               "LC_MESSAGES": None}) as (out, _err, _):
        main(["validate", str(spec), "--config", str(ROOT / "config" / "adapters.yaml")])
    text = out.getvalue().decode()
    assert ("warning SPEC093: la traducción de 'Fully refundable' no se puede rellenar: "
            "nombra %(pct)s, que su msgid no pasa") in text


def _spec058(root: Path) -> list[Problem]:
    return [p for p in catalog_problems(root / "locales", []) if p.code == "SPEC058"]


@pytest.mark.parametrize("msgid, msgstr, values, shown", [
    # Babel reads "% d", "% e", "% r", "% o" as positional placeholders (a space flag)
    ("%(n)s off", "%(n)s% de descuento", {"n": 20}, "20% de descuento"),
    ("%(pct)s discount", "descuento del %(pct)s% en la web", {"pct": 15},
     "descuento del 15% en la web"),
    ("Up to %(n)s refundable", "hasta el %(n)s % reembolsable", {"n": 100},
     "hasta el 100 % reembolsable"),
    ("%(n)s%% off", "%(n)s % off", {"n": 30}, "30 % off"),
    ("%(n)s%% off", "%(n)s%% de rebaja", {"n": 5}, "5% de rebaja"),
    ("%(city)s: %(n)s nights", "%(city)s: %(n)s noches, IVA 21%", {"city": "Roma", "n": 3},
     "Roma: 3 noches, IVA 21%"),
])
def test_a_lone_percent_after_a_placeholder_is_text_not_a_spec058_mix(
        tmp_path: Path, msgid: str, msgstr: str, values: dict[str, int], shown: str) -> None:
    """Babel's check said "mixes positional and named" of a valid catalog the report
    fills: validate now reads the entry as the report renders it."""
    _po(tmp_path, f'msgid "{msgid}"\nmsgstr "{msgstr}"\n')
    assert _spec058(tmp_path) == [] and _spec093(tmp_path) == {}
    args = ", ".join(f"{k}={v!r}" for k, v in values.items())
    assert _render(tmp_path, f'{{{{ _("{msgid}", {args}) }}}}', "es") == shown


@pytest.mark.parametrize("msgid, msgstr, words", [
    ("%(n)s off", "%(n)s %s de descuento", "%s"),
    ("%(n)s nights in %(city)s", "%d noches en %(city)s", "%d"),
    ("%(n)s off", "%(n)s% de descuento en %(m)s", "%(m)s"),
    ("%(n)s nights", "%(n)d% de las noches", "%(n)d"),
])
def test_a_real_mix_or_a_stranger_is_still_said(tmp_path: Path, msgid: str, msgstr: str,
                                                words: str) -> None:
    # a warning (the report shows the msgid), said once, naming what it cannot fill
    path = _po(tmp_path, f'msgid "Fine"\nmsgstr "Bien"\n\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n')
    assert _spec058(tmp_path) == []
    problems = [p for p in catalog_problems(tmp_path / "locales", []) if p.code == "SPEC093"]
    [p] = problems
    assert p.severity == "warning" and f"it names {words}, which" in p.message
    assert p.location and p.location.file == str(path) and p.location.line == 8


@pytest.mark.parametrize("msgid, msgstr, values, source, said", [
    # a positional slot where the msgid passes a named one (Babel checks it too)
    ("Hello %(name)s", "Hola %s", {"name": "Ana"}, '{{ _("Hello %(name)s", name="Ana") }}',
     "%s"),
    ("%(n)s rooms left", "quedan %d habitaciones", {"n": 3},
     '{{ _("%(n)s rooms left", n=3) }}', "%d"),
    # in an entry whose msgid passes none (Babel does not check it: SPEC093 names it)
    ("Sea view", "vista al mar (%s)", {}, '{{ _("Sea view") }}', "%s"),
    ("Late check-out", "salida tardía hasta las %5.2f", {},
     '{% trans %}Late check-out{% endtrans %}', "%5.2f"),
])
def test_a_positional_slot_the_msgid_does_not_write_is_one_rule_for_report_and_validate(
        tmp_path: Path, msgid: str, msgstr: str, values: dict[str, object],
        source: str, said: str) -> None:
    """Newstyle gettext fills a msgstr by name only: the report showed "Hola %s" as
    written while validate called it an error. Both now read it as a slot nothing fills:
    the report shows the msgid, validate says so (SPEC093, a warning, whether Babel checks
    the entry or not)."""
    _po(tmp_path, f'msgid "Fine"\nmsgstr "Bien"\n\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n')
    problems = [p for p in catalog_problems(tmp_path / "locales", [])
                if p.code in ("SPEC058", "SPEC093")]
    assert len(problems) == 1, problems
    [p] = problems
    assert p.location and p.location.line == 8
    assert p.code == "SPEC093" and p.severity == "warning"
    assert f"it names {said}, which" in p.message
    assert _render(tmp_path, source, "es") == (msgid % values if values else msgid)


@pytest.mark.parametrize("msgid, msgstr, source, shown", [
    # the msgid's own positional text, mirrored: shown as written, said nothing of
    ("Save %s today", "ahorra %s hoy", '{{ _("Save %s today") }}', "ahorra %s hoy"),
    ("IVA 21%", "IVA 21%", '{{ _("IVA 21%") }}', "IVA 21%"),
    ("Discount", "rebaja del 10% ya", '{{ _("Discount") }}', "rebaja del 10% ya"),
])
def test_a_percent_the_report_shows_as_written_is_said_nothing_of(
        tmp_path: Path, msgid: str, msgstr: str, source: str, shown: str) -> None:
    _po(tmp_path, f'msgid "{msgid}"\nmsgstr "{msgstr}"\n')
    assert [p for p in catalog_problems(tmp_path / "locales", [])
            if p.code in ("SPEC058", "SPEC093")] == []
    assert _render(tmp_path, source, "es") == shown


def test_an_untranslated_msgid_with_a_positional_slot_is_shown_as_written(
        tmp_path: Path) -> None:
    """The fallback (the msgid) is never emptied by the rule that rejects a msgstr."""
    _po(tmp_path, 'msgid "Other"\nmsgstr "Otro"\n')
    assert _render(tmp_path, '{{ _("Up to %d%% off, %s") }}', "es") == "Up to %d% off, %s"


def test_what_only_babel_sees_is_a_warning_in_the_authors_language(tmp_path: Path) -> None:
    # positional slots the translation writes otherwise: the report shows it as written
    # (newstyle gettext fills by name), so it is no error; Babel's words, said in Spanish
    path = _po(tmp_path, 'msgid "%s of %s"\nmsgstr "%s"\n')
    [p] = [p for p in catalog_problems(tmp_path / "locales", [])
           if p.code in ("SPEC058", "SPEC093")]
    assert p.code == "SPEC093" and p.severity == "warning"
    assert p.location and p.location.file == str(path)
    assert "does not fit its msgid: positional format placeholders are unbalanced" in p.message
    assert said(p, "es").message == ("la traducción de '%s of %s' no encaja con su msgid: "
                                     "los marcadores posicionales no están equilibrados")
    assert _render(tmp_path, '{{ _("%s of %s") }}', "es") == "%s"
