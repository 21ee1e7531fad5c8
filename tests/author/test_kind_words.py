"""SPEC078: a kind that has a Spanish catalog is told which of its input names and enum
values a Spanish report would show in English, without crying wolf over brand names
(scout.validate.kind_words)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from scout.errors import Problem
from scout.validate import validate_paths
from scout.validate.kind_words import ordinary_word
from tests.author.helpers import ROOT

EXAMPLES = ROOT / "examples"
TRIPS = EXAMPLES / "trips"
CATALOG = Path("locales") / "es" / "LC_MESSAGES" / "messages.po"


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "trips"
    shutil.copytree(TRIPS, root)
    return root


def _drop(po: Path, *msgids: str) -> None:
    """The catalog without the entries of ``msgids``."""
    text = po.read_text(encoding="utf-8")
    for msgid in msgids:
        text, n = re.subn(r'\nmsgid "' + re.escape(msgid) + r'"\nmsgstr "[^"]*"\n', "\n", text)
        assert n == 1, msgid
    po.write_text(text, encoding="utf-8")


def _words(root: Path) -> list[Problem]:
    result = validate_paths([root / "pipelines" / "trips.yaml"],
                            config=root / "config" / "adapters.yaml")
    return [p for p in result.problems if p.code == "SPEC078"]


def test_a_forgotten_input_name_and_enum_word_are_warned_about(tmp_path: Path) -> None:
    # "| origin |" in a Spanish "What you asked", and R1's "no dice que sea en train"
    root = _copy(tmp_path)
    _drop(root / CATALOG, "origin", "max_duration", "train")
    found = _words(root)
    assert [p.severity for p in found] == ["warning"] * 2, [str(p) for p in found]
    said = " ".join(p.message for p in found)
    assert "input 'origin'" in said and "labels it 'origin'" in said
    assert "enum value 'train'" in said and "'bus'" not in said
    # max_duration is labelled 'duración máx.' (scout's catalog says "duration"): Spanish
    assert "max_duration" not in said
    lines = (root / "pipelines" / "trips.yaml").read_text(encoding="utf-8").splitlines()
    at = {p.message.split("'")[1]: p.location for p in found}
    assert lines[at["origin"].line - 1].lstrip().startswith("origin:")
    assert lines[at["mode"].line - 1][at["mode"].col - 1:].startswith("train")
    assert all(p.hint and str(root / CATALOG) in p.hint for p in found)


def test_a_bound_is_named_by_the_word_it_bounds(tmp_path: Path) -> None:
    # a min_/max_ input reads "<word> mín./máx." in Spanish: warned only where the word
    # itself has no Spanish name, quoting the label the report shows
    root = _copy(tmp_path)
    yaml = root / "pipelines" / "trips.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace(
        "inputs:\n", "inputs:\n  min_legroom: {type: integer, description: \"seat pitch\"}\n"
        "  max_price: {type: money, description: \"the most a ticket costs\"}\n", 1),
        encoding="utf-8")
    found = [p for p in _words(root) if "'min_legroom'" in p.message or "'max_price'" in p.message]
    assert [p.message.split("'")[1] for p in found] == ["min_legroom"], [str(p) for p in found]
    assert "labels it 'legroom mín.'" in found[0].message


def test_an_input_named_as_its_kind_is_warned_about(tmp_path: Path) -> None:
    # an input `trips` in the kind `trips` shares its msgid: a Spanish "What you asked"
    # labelled it "trayectos", the kind's name
    root = _copy(tmp_path)
    yaml = root / "pipelines" / "trips.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace(
        "inputs:\n", "inputs:\n  trips: {type: string, description: \"the trip's kind\"}\n", 1),
        encoding="utf-8")
    (found,) = [p for p in _words(root) if "'trips'" in p.message]
    assert found.severity == "warning" and "named as its kind" in found.message
    assert found.location.line == 13 and found.hint and "rename the input" in found.hint
    assert not [p for p in _words(_copy(tmp_path / "again")) if "named as its kind" in p.message]


def test_brand_like_values_need_no_word(tmp_path: Path) -> None:
    # lower-case brands, capitalised names and model numbers: no warning, even with a
    # synonym; an ordinary word whose synonym, or a sibling's, is written in Spanish is
    # one to translate
    root = _copy(tmp_path)
    pipeline = root / "pipelines" / "trips.yaml"
    text = pipeline.read_text(encoding="utf-8").replace("\ndefaults:", """
  operator: {type: string, enum: [renfe, alsa, flixbus, Ouigo, TGV 2], synonyms: {renfe: [ave, alvia]}}
  seat:     {type: string, enum: [window, aisle], synonyms: {window: [ventanilla], aisle: [pasillo]}}
  coach:    {type: string, enum: [first, tourist], synonyms: {tourist: [turista, clase económica]}}

defaults:""", 1)
    pipeline.write_text(text, encoding="utf-8")
    po = root / CATALOG
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "operator"\nmsgstr "operador"\n\n'
                  'msgid "seat"\nmsgstr "asiento"\n\nmsgid "coach"\nmsgstr "clase"\n',
                  encoding="utf-8")
    said = {p.message for p in _words(root)}
    # a synonym written in Spanish says its enum holds words: 'first' is one as well
    assert said == {f"input 'coach': enum value '{v}' has no word in 'es': a report in "
                    f"that language shows it as '{v}'" for v in ("first", "tourist")}, said
    # and once the author translates one value of an enum, the others are words too
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "window"\nmsgstr "ventanilla"\n',
                  encoding="utf-8")
    assert any("'aisle'" in p.message for p in _words(root))


def test_a_kind_without_its_own_words_gets_notes_and_one_without_a_catalog_nothing(
        tmp_path: Path) -> None:
    root = _copy(tmp_path)
    po = root / CATALOG
    # only the kind's name, as `scout init --es` writes it: notes, no warning
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "trips"\nmsgstr "trayectos"\n', encoding="utf-8")
    found = _words(root)
    assert found and {p.severity for p in found} == {"note"}
    assert any("input 'origin'" in p.message for p in found)
    po.unlink()  # no Spanish catalog: the kind has chosen English
    assert _words(root) == []


@pytest.mark.parametrize("value, word", [("train", True), ("in-person", True),
                                         ("full time", True), ("Coursera", False),
                                         ("edX", False), ("rtx 4060", False), ("", False)])
def test_what_reads_as_an_ordinary_word(value: str, word: bool) -> None:
    assert ordinary_word(value) is word


def test_every_example_kind_has_its_words() -> None:
    for kind in sorted(p for p in EXAMPLES.iterdir() if (p / "pipelines").is_dir()):
        result = validate_paths([kind / "pipelines"], config=kind / "config" / "adapters.yaml")
        assert not [str(p) for p in result.problems if p.code == "SPEC078"], kind.name


def test_a_name_labelled_in_english_only_is_warned_about(tmp_path: Path) -> None:
    # gpucloud's English catalog writes 'h100' "H100": without a Spanish entry a Spanish
    # report shows that English label (scout.i18n.reader_translations), which the author
    # is told; a name neither catalog labels ('mi300x' kept out of both) is no warning
    root = tmp_path / "gpucloud"
    shutil.copytree(EXAMPLES / "gpucloud", root)
    _drop(root / CATALOG, "h100")
    result = validate_paths([root / "pipelines" / "gpucloud.yaml"],
                            config=root / "config" / "adapters.yaml")
    found = [p for p in result.problems if p.code == "SPEC078"]
    assert [(p.severity, p.message.split("'")[3]) for p in found] == [("warning", "h100")], \
        [str(p) for p in found]
    assert "English label" in found[0].message and found[0].hint \
        and str(root / CATALOG) in found[0].hint


def test_a_word_labelled_in_english_only_is_said_as_the_report_shows_it(tmp_path: Path) -> None:
    # a Spanish report shows a word its Spanish catalog lacks by the English catalog's
    # label (scout.i18n.reader_translations): the message quotes that label, not the
    # identifier, for an input's name and for an enum value alike
    root = _copy(tmp_path)
    _drop(root / CATALOG, "origin", "train")
    english = root / "locales" / "en" / "LC_MESSAGES" / "messages.po"
    english.parent.mkdir(parents=True)
    english.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                       'msgid "origin"\nmsgstr "Departure city"\n\n'
                       'msgid "train"\nmsgstr "Rail"\n', encoding="utf-8")
    said = {p.message.split("'")[1]: p.message for p in _words(root)}
    assert said["origin"].endswith("labels it 'Departure city'"), said
    assert said["mode"].endswith("shows it as 'Rail'"), said
