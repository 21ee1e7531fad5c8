"""A kind's enum words in a report template are the reader's: printed, or passed to
``_()`` as a placeholder (scout/report/kindwords.py), through the kind's catalog."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.report.kindwords import enum_words
from scout.report.render import make_report_env
from scout.spec.models import InputSpec

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
PO = ('msgid "train"\nmsgstr "tren"\n\nmsgid "bus"\nmsgstr "autobús"\n\n'
      'msgid "night_bus"\nmsgstr "autobús nocturno"\n\n'
      'msgid "%(mode)s only"\nmsgstr "solo en %(mode)s"\n\n'
      'msgid "%(n)s trip by %(mode)s"\nmsgid_plural "%(n)s trips by %(mode)s"\n'
      'msgstr[0] "%(n)s viaje en %(mode)s"\nmsgstr[1] "%(n)s viajes en %(mode)s"\n')
INPUTS = {"mode": InputSpec(type="string", enum=["train", "bus", "night_bus", "any"]),
          "modes": InputSpec(type="list", items="string", enum=["train", "bus"])}
SOURCE = ('{{ _("%(mode)s only", mode=mode) }}|{{ mode }}|{{ modes }}|{{ modes | join(", ") }}|'
          '{{ ngettext("%(n)s trip by %(mode)s", "%(n)s trips by %(mode)s", 2, n=2, mode=mode) }}|'
          '{{ _("%(mode)s only", mode=name) }}|{{ name }}|{{ night }}|{{ [_(night)] | join }}')


def _render(root: Path, lang: str, words: frozenset[str]) -> str:
    po = root / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_text(HEADER + PO, encoding="utf-8")
    (root / "templates").mkdir(exist_ok=True)
    (root / "templates" / "t.md.j2").write_text(SOURCE, encoding="utf-8")
    env = make_report_env(root / "templates", lang, words=words)
    return env.get_template("t.md.j2").render(mode="train", modes=["train", "bus"],
                                              name="train station", night="night_bus")


@pytest.mark.parametrize("lang, want", [
    ("es", "solo en tren|tren|tren, autobús|tren, autobús|2 viajes en tren|"
           "solo en train station|train station|autobús nocturno|autobús nocturno"),
    ("en", "train only|train|train, bus|train, bus|2 trips by train|"
           "train station only|train station|night bus|night bus"),
])
def test_an_enum_word_printed_or_given_to_gettext_is_the_readers(tmp_path: Path, lang: str,
                                                                want: str) -> None:
    """`_("%(mode)s only", mode=task.mode)` reads "solo en tren", as `{{ task.mode }}` and
    a list of the kind's words do; a value that merely holds such a word is as written.
    English needs no catalog: an identifier it does not translate is written as words
    ("night bus", never "night_bus")."""
    assert _render(tmp_path, lang, enum_words(INPUTS)) == want


def test_a_kind_without_enum_words_writes_values_as_given(tmp_path: Path) -> None:
    assert _render(tmp_path, "es", frozenset()).split("|")[:2] == ["solo en train", "train"]


@pytest.mark.parametrize("lang, want", [("en", "with night bus, train"),
                                        ("es", "with autobús nocturno, tren")])
def test_an_enum_word_through_l10n_joined_into_a_sentence_is_the_readers(
        tmp_path: Path, lang: str, want: str) -> None:
    """`task.mode | l10n` (or `map('l10n')`) joined with other words into one sentence is
    no longer a value of the kind's words alone, so what prints it cannot write it: the
    filter itself writes it as "What you asked" does ("night bus", never the identifier
    "night_bus" in an English report)."""
    _render(tmp_path, lang, enum_words(INPUTS))
    (tmp_path / "templates" / "s.md.j2").write_text(
        "{{ (['with ' ~ (night | l10n)] + [mode | l10n]) | join(', ') }}", encoding="utf-8")
    env = make_report_env(tmp_path / "templates", lang, words=enum_words(INPUTS))
    assert env.get_template("s.md.j2").render(mode="train", night="night_bus") == want
    # a word that is no enum word is l10n's as before: scout's catalog, else as written
    (tmp_path / "templates" / "u.md.j2").write_text("{{ 'night_owl' | l10n }}",
                                                    encoding="utf-8")
    assert env.get_template("u.md.j2").render() == "night_owl"


def test_a_word_the_english_catalog_names_and_the_spanish_lacks_is_the_english_label(
        tmp_path: Path) -> None:
    """A Spanish report shows an enum value its kind's Spanish catalog lacks by the label
    its English catalog gives it ("no es una H100"), not the identifier ("h100"); a word
    neither names stays the identifier written as words, and the Spanish catalog wins
    where it has the word (scout.i18n.reader_translations)."""
    for lang, po in (("es", 'msgid "a100"\nmsgstr "A100 (80 GB)"\n\n'
                            'msgid "not a %(gpu)s"\nmsgstr "no es una %(gpu)s"\n'),
                     ("en", 'msgid "h100"\nmsgstr "H100"\n\nmsgid "a100"\nmsgstr "A100"\n')):
        path = tmp_path / "locales" / lang / "LC_MESSAGES" / "messages.po"
        path.parent.mkdir(parents=True)
        path.write_text(HEADER + po, encoding="utf-8")
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "t.md.j2").write_text(
        '{{ _("not a %(gpu)s", gpu=gpu) }}|{{ other }}|{{ mine }}', encoding="utf-8")
    words = enum_words({"gpu": InputSpec(type="string", enum=["h100", "a100", "rtx_4090"])})
    env = make_report_env(tmp_path / "templates", "es", words=words)
    shown = env.get_template("t.md.j2").render(gpu="h100", other="rtx_4090", mine="a100")
    assert shown == "no es una H100|rtx 4090|A100 (80 GB)"
