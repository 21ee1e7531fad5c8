"""A project's own words: ``locales/<lang>/LC_MESSAGES/messages.po`` beside templates/,
merged over scout's catalog (the project's entries win), read from the .po with Babel at
run time; ``scout validate`` warns about a template text no catalog translates (SPEC059)
and refuses a broken catalog at its file:line (SPEC058)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from scout.errors import CatalogInvalid, Location
from scout.report.render import make_report_env
from scout.stepkit.params import ReportParams
from scout.steps.report import files_read
from tests.author.helpers import ROOT, run

USED_CARS = ROOT / "examples" / "used-cars"
HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def _po(folder: Path, body: str, lang: str = "es") -> Path:
    path = folder / "locales" / lang / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def _render(root: Path, source: str, lang: str) -> str:
    (root / "templates").mkdir(exist_ok=True)
    (root / "templates" / "t.md.j2").write_text(source, encoding="utf-8")
    return make_report_env(root / "templates", lang).get_template("t.md.j2").render()


def test_project_words_are_translated_and_win_over_scouts(tmp_path: Path) -> None:
    _po(tmp_path, 'msgid "Our cars"\nmsgstr "Nuestros coches"\n\n'
                  'msgid "Shortlist"\nmsgstr "Mi selección"\n\n'
                  'msgid "%(n)s car"\nmsgid_plural "%(n)s cars"\n'
                  'msgstr[0] "%(n)s coche"\nmsgstr[1] "%(n)s coches"\n')
    source = ('{{ _("Our cars") }}|{{ _("Shortlist") }}|{{ _("Sources") }}|'
              '{{ ngettext("%(n)s car", "%(n)s cars", 3, n=3) }}|{% trans %}Our cars{% endtrans %}')
    assert _render(tmp_path, source, "es") == "Nuestros coches|Mi selección|Fuentes|3 coches|Nuestros coches"
    assert _render(tmp_path, source, "en") == "Our cars|Shortlist|Sources|3 cars|Our cars"


def test_one_projects_words_stay_its_own(tmp_path: Path) -> None:
    """Each project's catalog is merged over its own copy of scout's (read from the .mo
    compiled once a process): one project's words never reach another's report, nor
    scout's words without a project catalog."""
    source = '{{ _("Shortlist") }}|{{ _("Sources") }}'
    first, second, plain = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    _po(first, 'msgid "Shortlist"\nmsgstr "Mi selección"\n')
    _po(second, 'msgid "Sources"\nmsgstr "Mis fuentes"\n')
    plain.mkdir()
    assert _render(first, source, "es") == "Mi selección|Fuentes"
    assert _render(second, source, "es") == "Selección|Mis fuentes"
    assert _render(plain, source, "es") == "Selección|Fuentes"


def test_without_a_project_catalog_scouts_words_stay(tmp_path: Path) -> None:
    assert _render(tmp_path, '{{ _("Shortlist") }}|{{ _("Our cars") }}', "es") == "Selección|Our cars"


def test_an_edited_catalog_is_read_again(tmp_path: Path) -> None:
    po = _po(tmp_path, 'msgid "Our cars"\nmsgstr "Nuestros coches"\n')
    assert _render(tmp_path, '{{ _("Our cars") }}', "es") == "Nuestros coches"
    po.write_text(HEADER + 'msgid "Our cars"\nmsgstr "Los coches de siempre"\n', encoding="utf-8")
    os.utime(po, ns=(1, 1))  # a new stamp even within the file system's time resolution
    assert _render(tmp_path, '{{ _("Our cars") }}', "es") == "Los coches de siempre"


@pytest.mark.parametrize("body,line,words", [
    ('msgid "a"\nmsgstr "b\n', 6, "not closed"),
    ('msgid "a"\nmsgstr "b"\nmsgstr-typo "c"\n', 7, "not a .po line"),
    ('msgid "a"\n\nmsgid "c"\nmsgstr "d"\n', 5, "has no msgstr"),
])
def test_a_broken_catalog_is_a_located_user_error(tmp_path: Path, body: str, line: int,
                                                  words: str) -> None:
    po = _po(tmp_path, body)
    with pytest.raises(CatalogInvalid) as err:
        _render(tmp_path, '{{ _("a") }}', "es")
    assert err.value.location is not None and err.value.location.file == str(po)
    assert err.value.location.line == line and words in err.value.message
    assert err.value.code == "SPEC058" and err.value.exit_code == 2 and err.value.hint


@pytest.mark.parametrize("plural", [
    "nplurals=2; plural=n>1 ?;", "nplurals=2; plural=(n*n)**99;",
    "nplurals=2; plural=__import__('os');", "nplurals=2; plural=" + "(" * 300 + "n" + ")" * 300 + ";",
])
def test_a_plural_forms_header_gettext_cannot_read_is_spec058(tmp_path: Path,
                                                              plural: str) -> None:
    # Babel keeps any Plural-Forms text; gettext compiles it when the report reads the
    # catalog, so `scout validate` said nothing and the report phase failed on a ValueError
    from scout.validate.catalogs import catalog_problems

    path = tmp_path / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    path.write_text(HEADER.replace('\\n"\n\n', f'\\n"\n"Plural-Forms: {plural}\\n"\n\n')
                    + 'msgid "a"\nmsgstr "b"\n', encoding="utf-8")
    assert "Plural-Forms: " in path.read_text(encoding="utf-8")
    problems = catalog_problems(tmp_path / "locales", [])
    assert [(p.code, p.location.line if p.location else None) for p in problems] == \
        [("SPEC058", 4)]
    assert "Plural-Forms header does not parse" in problems[0].message
    with pytest.raises(CatalogInvalid):
        _render(tmp_path, '{{ _("a") }}', "es")


def test_the_catalog_is_part_of_the_report_phase_fingerprint(tmp_path: Path) -> None:
    params = ReportParams(template="t.md.j2", formats=["md"])
    (tmp_path / "templates").mkdir()
    assert not [p for p in files_read(params, tmp_path) if p.suffix == ".po"]  # none: unchanged
    po = _po(tmp_path, 'msgid "a"\nmsgstr "b"\n')
    assert po in files_read(params, tmp_path)


# ---- scout validate ----------------------------------------------------------------

@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the used-cars example: a project of its own, with its catalog."""
    shutil.copytree(USED_CARS, tmp_path / "used-cars")
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path / "used-cars"))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    return tmp_path / "used-cars"


def _validate(project: Path) -> tuple[int, list[dict]]:
    code, out, _ = run("validate", "--format", "json", str(project / "pipelines"))
    return code, [p for f in json.loads(out)["files"] for p in f["problems"]]


def test_the_example_translates_every_word_it_uses(project: Path) -> None:
    assert _validate(project) == (0, [])


def test_an_untranslated_template_text_is_a_located_warning(project: Path) -> None:
    tmpl = project / "templates" / "used_cars_report.md.j2"
    text = tmpl.read_text()
    tmpl.write_text(text.replace('{{ _("car") }}', '{{ _("the car") }}', 1))
    line = next(i for i, row in enumerate(tmpl.read_text().splitlines(), 1) if '"the car"' in row)
    code, problems = _validate(project)
    [p] = [p for p in problems if p["code"] == "SPEC059"]
    assert code == 0 and p["severity"] == "warning"
    assert p["file"] == str(tmpl) and p["line"] == line and "'the car'" in p["message"]
    assert "'es'" in p["message"] and 'msgid "the car"' in p["hint"]
    assert p["hint"].endswith(str(project / "locales" / "es" / "LC_MESSAGES" / "messages.po"))


def test_a_msgid_misspelt_in_the_catalog_is_named_in_the_hint(project: Path) -> None:
    # the author wrote the entry with a typo: the template's text is "not translated",
    # and the hint says which entry of the catalog was meant for it
    po = project / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    text = po.read_text()
    po.write_text(text.replace('msgid "No car fits the request"',
                               'msgid "No car fit the request"', 1))
    line = next(i for i, row in enumerate(po.read_text().splitlines(), 1)
                if row == 'msgid "No car fit the request"')
    code, problems = _validate(project)
    [p] = [p for p in problems if p["code"] == "SPEC059"]
    assert code == 0 and "'No car fits the request'" in p["message"]
    assert p["hint"] == (f'{po}:{line} translates "No car fit the request", which no template '
                         'uses: write its msgid as "No car fits the request"')


def test_scouts_own_words_need_no_project_entry(project: Path) -> None:
    po = project / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    po.write_text(HEADER, encoding="utf-8")  # an empty catalog: only the kind's words warn
    code, problems = _validate(project)
    texts = {p["message"].split("'")[1] for p in problems if p["code"] == "SPEC059"}
    assert code == 0 and "car" in texts and "The listings" in texts
    assert not texts & {"price", "link", "unknown", "Shortlist"}  # scout's catalog has them


def test_a_broken_catalog_fails_validation_at_its_line(project: Path) -> None:
    po = project / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    lines = po.read_text().splitlines()
    at = lines.index('msgstr "coche"')
    lines[at] = 'msgstr "coche'
    po.write_text("\n".join(lines) + "\n")
    code, problems = _validate(project)
    [p] = [p for p in problems if p["code"] == "SPEC058"]
    assert code == 2 and p["file"] == str(po) and p["line"] == at + 1 and p["hint"]


def test_a_translation_with_another_placeholder_is_a_located_warning(project: Path) -> None:
    # the report shows the English msgid in its place (it does not fail): a warning
    po = project / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    po.write_text(po.read_text().replace('msgstr "con menos de %(km)s km"',
                                         'msgstr "con menos de %(kms)s km"'))
    code, problems = _validate(project)
    assert not [p for p in problems if p["code"] == "SPEC058"]
    [p] = [p for p in problems if p["code"] == "SPEC093"]
    assert code == 0 and p["severity"] == "warning"
    assert p["file"] == str(po) and "%(kms)s" in p["message"]


def test_l10n_reads_the_project_words_too(tmp_path: Path) -> None:
    # "What you asked" shows each input's name through l10n: the project names its own
    _po(tmp_path, 'msgid "max_km"\nmsgstr "km máximos"\n')
    assert _render(tmp_path, '{{ "max_km" | l10n }}|{{ "budget" | l10n }}', "es") == \
        "km máximos|presupuesto"
    assert _render(tmp_path, '{{ "max_km" | l10n }}', "en") == "max_km"


def test_a_kept_validation_is_not_reused_after_the_catalog_changes(project: Path) -> None:
    from scout.validate import memo

    pipeline = project / "pipelines" / "used_cars.yaml"
    memo.load_valid_pipeline(pipeline)                      # kept, with its stamp
    po = project / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    po.write_text(po.read_text() + '\nmsgid "broken\n', encoding="utf-8")
    from scout.errors import SpecInvalid

    with pytest.raises(SpecInvalid) as err:
        memo.load_valid_pipeline(pipeline)
    assert err.value.code == "SPEC058"


def test_validated_from_another_project_the_hint_names_the_kinds_catalog(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # run from inside another project (its config wins), a kind's untranslated word is
    # to be added to the kind's own catalog, not to that other project's locales/
    trips = tmp_path / "trips"
    shutil.copytree(ROOT / "examples" / "trips", trips)
    spec = next((trips / "pipelines").glob("*.yaml"))
    text = spec.read_text()
    assert "_('on other dates')" in text
    spec.write_text(text.replace("_('on other dates')", "_('on some other dates')"))
    other = tmp_path / "other"
    (other / "templates").mkdir(parents=True)
    (other / "config").mkdir()
    shutil.copy(trips / "config" / "adapters.yaml", other / "config" / "adapters.yaml")
    monkeypatch.chdir(other)
    monkeypatch.delenv("SCOUTE_RESEARCH_ROOT", raising=False)
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    _, problems = _validate(trips)
    missing = [p for p in problems if p["code"] == "SPEC059"]
    # the kind's catalog is the one read: only the word it lacks is reported
    assert [p["message"].split("'")[1] for p in missing] == ["on some other dates"]
    po = trips / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    assert str(po) in missing[0]["hint"] and str(other) not in missing[0]["hint"].split(";")[0]


@pytest.mark.parametrize("kind", ["fifo", "device", "big", "linked-out"])
def test_a_catalog_that_is_no_po_file_is_refused_without_waiting(tmp_path: Path,
                                                                  kind: str) -> None:
    # a named pipe there blocked `scout plan` (the parser reads the catalog) forever;
    # a link to /dev/zero never ends
    from scout.i18n import MAX_CATALOG_BYTES, translations

    path = tmp_path / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "big":
        path.write_bytes(b'msgid ""\nmsgstr ""\n' + b"#" * MAX_CATALOG_BYTES)
    else:  # its errors would quote the other file's lines (/etc/passwd's, say)
        (tmp_path / "elsewhere.txt").write_text("root:x:0:0:root:/root:/bin/bash\n")
        path.symlink_to(tmp_path / "elsewhere.txt")
    with pytest.raises(CatalogInvalid) as info:
        translations("es", tmp_path / "locales")
    assert info.value.location is not None and info.value.location.file == str(path)
    said = {"big": "bytes", "fifo": "not a regular file"}.get(kind, "a link to a file outside")
    assert said in info.value.message and "root:" not in info.value.message


def test_a_translation_that_drops_a_value_or_its_end_is_a_located_warning(
        tmp_path: Path) -> None:
    """SPEC085: a msgstr that loses a placeholder its msgid passes (the value never
    shows), or ends otherwise (a '.' dropped, a ':' left dangling); an abbreviation's
    '.' and a ':' introducing a list inside the text are Spanish, not slips."""
    from scout.validate.catalogs import catalog_problems

    body = ('msgid "over %(a)s and %(b)s"\nmsgstr "más de %(a)s"\n\n'
            'msgid "No trail fits the request."\nmsgstr "Ninguna ruta cumple la petición"\n\n'
            'msgid "%(num)d of %(found)s fits"\nmsgid_plural "%(num)d of %(found)s fit"\n'
            'msgstr[0] "%(num)d de %(found)s encaja:"\nmsgstr[1] "%(num)d de %(found)s encajan:"\n\n'
            # fine: Spanish words, an abbreviation, a list after a colon, a question
            'msgid "maximum %(label)s"\nmsgstr "%(label)s máx."\n\n'
            'msgid "%(value)s is not one of %(allowed)s"\n'
            'msgstr "%(value)s no es ninguno de los admitidos: %(allowed)s"\n\n'
            'msgid "Which tender?"\nmsgstr "¿Qué licitación?"\n')
    _po(tmp_path, body)
    problems = catalog_problems(tmp_path / "locales", [])
    found = {(p.code, p.severity, p.location.line if p.location else None): p.message
             for p in problems}
    assert set(found) == {("SPEC085", "warning", 5), ("SPEC085", "warning", 8),
                          ("SPEC085", "warning", 11)}
    assert "it drops %(b)s" in found[("SPEC085", "warning", 5)]
    assert "'no punctuation' where the msgid ends with '.'" in found[("SPEC085", "warning", 8)]
    assert "ends with ':'" in found[("SPEC085", "warning", 11)]


def test_a_placeholder_translated_into_the_other_style_is_a_dropped_value(tmp_path: Path) -> None:
    # the report fills a template's _() with %: "{budget}" in the translation stayed
    # "{budget}" on the page, and the names matched, so nothing was said
    from scout.validate.catalogs import catalog_problems

    _po(tmp_path, 'msgid "for at most %(budget)s"\nmsgstr "por como mucho {budget}"\n\n'
                  'msgid "over {amount}"\nmsgstr "más de %(amount)s"\n\n'
                  'msgid "under %(cap)s"\nmsgstr "menos de %(cap)s"\n')
    found = {p.location.line: p.message for p in catalog_problems(tmp_path / "locales", [])
             if p.code == "SPEC085" and p.location}
    assert set(found) == {5, 8}
    assert "it drops %(budget)s" in found[5] and "it drops {amount}" in found[8]


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_validate_refuses_the_catalog_a_run_would_stop_on(tmp_path: Path, kind: str) -> None:
    # validate skipped what is not a file; the run read it and stopped with SPEC058
    from scout.validate.catalogs import catalog_problems

    path = tmp_path / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    path.mkdir() if kind == "folder" else os.mkfifo(path)
    problems = catalog_problems(tmp_path / "locales", [])
    assert [(p.code, p.location.file if p.location else None) for p in problems] == [
        ("SPEC058", str(path))]
    assert "not a regular file" in problems[0].message


@pytest.mark.parametrize(("data", "line", "col"), [
    (HEADER.encode("utf-16"), 1, 1),
    (HEADER.encode() + b'msgid "a"\nmsgstr "b\xff"\n', 6, 10),
])
def test_a_catalog_that_is_not_utf8_is_refused_at_its_byte(tmp_path: Path, data: bytes,
                                                           line: int, col: int) -> None:
    # Python's own words named the byte by its offset ("can't decode byte 0xff in
    # position 2872"), and no line
    from scout.i18n import read_catalog

    path = _po(tmp_path, "")
    path.write_bytes(data)
    with pytest.raises(CatalogInvalid) as info:
        read_catalog(path, "es")
    assert info.value.location == Location(str(path), line, col)
    assert "not UTF-8" in info.value.message and "position" not in info.value.message


def test_an_input_label_is_no_entry_no_template_uses(project: Path) -> None:
    # the catalog's "fuel" labels the input in "What you asked": a template text spelt
    # like it ("fuels") is not told to rename that entry, which is in use
    tmpl = project / "templates" / "used_cars_report.md.j2"
    text = tmpl.read_text()
    tmpl.write_text(text.replace('{{ _("car") }}', '{{ _("fuels") }}', 1))
    code, problems = _validate(project)
    [p] = [p for p in problems if p["code"] == "SPEC059"]
    assert code == 0 and "'fuels'" in p["message"]
    assert "which no template uses" not in p["hint"], p["hint"]
    assert 'add msgid "fuels"' in p["hint"]
