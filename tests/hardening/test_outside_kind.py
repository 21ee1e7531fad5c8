"""A kind someone else wrote, at the edges: its catalog's ``Plural-Forms`` header, its
rank expressions on values they cannot decide, and numbers past a float's range written
into its expressions. Each is the author's mistake, said as one (SPEC058 at the catalog's
line, "could not check" for the record), never an internal error of the phase, a hang or
gigabytes of memory."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import time
from pathlib import Path

import pytest

from scout.errors import CatalogInvalid
from scout.i18n import read_catalog, translations
from scout.report.render import make_report_env
from scout.schemas.records import Candidates, Shortlist
from scout.spec.templating import make_env
from scout.stepkit.params import RankParams
from scout.steps import rank
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_reasons_i18n import INPUTS, PO, _car, _project

PLURAL_ENTRY = ('msgid "%(n)s room"\nmsgid_plural "%(n)s rooms"\n'
                'msgstr[0] "%(n)s habitación"\nmsgstr[1] "%(n)s habitaciones"\n')


def _po(root: Path, header: str, lang: str = "en", body: str = PLURAL_ENTRY) -> Path:
    path = root / "locales" / lang / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                    + header + "\n" + body, encoding="utf-8")
    return path


# ---- a catalog's Plural-Forms ------------------------------------------------------

@pytest.mark.parametrize("plural, words", [
    # compiles, then divides by zero at the first ngettext (it failed the report phase,
    # blamed on the template, after the run was paid for; validate said nothing)
    ("nplurals=2; plural=(n % 0);", "fails for n=0"),
    ("nplurals=2; plural=(n > 5 ? n / (n - n) : 0);", "fails for n=6"),
    # a form the catalog has not: ngettext fell back to the msgid, English, at each count
    ("nplurals=2; plural=(n + 1);", "gives form 2 for n=1"),
    ("nplurals=3; plural=(n == 1 ? 0 : n < 5 ? 1 : 3);", "gives form 3 for n=5"),
    ("nplurals=2; plural=(n > 100000 ? 2 : n != 1);", "gives form 2 for n=1000000"),
    # no language has these many forms (or none)
    ("nplurals=0; plural=0;", "declares nplurals=0"),
    ("nplurals=11; plural=(n != 1);", "declares nplurals=11"),
])
def test_a_plural_forms_header_that_fails_at_a_count_is_spec058(
        tmp_path: Path, plural: str, words: str) -> None:
    path = _po(tmp_path, f'"Plural-Forms: {plural}\\n"\n')
    with pytest.raises(CatalogInvalid) as err:
        read_catalog(path, "en")
    assert err.value.code == "SPEC058" and words in err.value.message, err.value.message
    assert err.value.location is not None and err.value.location.line == 4
    # the report reads the catalog through the same door: SPEC058, not ZeroDivisionError
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "t.md.j2").write_text(
        '{{ ngettext("%(n)s room", "%(n)s rooms", 3, n=3) }}', encoding="utf-8")
    for lang in ("en", "es"):
        with pytest.raises(CatalogInvalid):
            make_report_env(tmp_path / "templates", lang).get_template("t.md.j2").render()


def test_validate_names_the_failing_plural_expression(tmp_path: Path) -> None:
    from scout.validate.catalogs import catalog_problems

    _po(tmp_path, '"Plural-Forms: nplurals=2; plural=(n >= 7 ? 1 / (n - 7) : 0);\\n"\n', lang="es")
    problems = catalog_problems(tmp_path / "locales", [])
    assert [(p.code, p.location.line if p.location else None) for p in problems] == \
        [("SPEC058", 4)]
    assert "fails for n=7" in problems[0].message


@pytest.mark.parametrize("header", [
    '"Plural-Forms: nplurals=100000000000; plural=(n != 1);\\n"\n',
    '"Plural-Forms: nplurals=1_000_000; plural=(n != 1);\\n"\n',
    # split over the header's continued strings, which the reader joins
    '"Plural-Forms: nplu"\n"rals=50000000; plural=(n != 1);\\n"\n',
])
def test_a_huge_nplurals_is_refused_before_it_fills_memory(tmp_path: Path, header: str) -> None:
    """Babel gives every plural entry nplurals strings while it reads, and the compiled
    catalog holds them all: 10^6 took seconds and 360 MB, 10^11 never ended."""
    path = _po(tmp_path, header)
    start = time.thread_time()
    with pytest.raises(CatalogInvalid) as err:
        read_catalog(path, "en")
    assert time.thread_time() - start < 2
    assert "plural forms" in err.value.message and err.value.location is not None


def test_a_second_header_entry_later_in_the_file_is_held_to_the_same_bound(
        tmp_path: Path) -> None:
    path = _po(tmp_path, '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n',
               body=PLURAL_ENTRY + '\nmsgid ""\nmsgstr ""\n'
               '"Plural-Forms: nplurals=90000000; plural=(n != 1);\\n"\n\n' + PLURAL_ENTRY)
    start = time.thread_time()
    with pytest.raises(CatalogInvalid, match="nplurals=90000000"):
        read_catalog(path, "en")
    assert time.thread_time() - start < 2


@pytest.mark.parametrize("plural, forms", [
    ("nplurals=1; plural=0;", {1: 0, 7: 0}),  # Japanese, Chinese
    ("nplurals=2; plural=(n != 1);", {1: 0, 0: 1, 10**12: 1}),
    ("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
     {1: 0, 3: 1, 5: 2, 22: 1, 12: 2}),  # Polish
    ("nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 "
     ": n%100>=11 ? 4 : 5);", {0: 0, 1: 1, 2: 2, 5: 3, 11: 4, 100: 5}),  # Arabic
])
def test_the_plural_forms_of_real_languages_still_read(tmp_path: Path, plural: str,
                                                       forms: dict[int, int]) -> None:
    count = int(plural.split(";")[0].split("=")[1])
    _po(tmp_path, f'"Plural-Forms: {plural}\\n"\n', body='msgid "%(n)s room"\nmsgid_plural '
        '"%(n)s rooms"\n' + "".join(f'msgstr[{i}] "%(n)s form {i}"\n' for i in range(count)))
    catalog = translations("en", tmp_path / "locales")
    for n, form in forms.items():
        assert catalog.ngettext("%(n)s room", "%(n)s rooms", n) % {"n": n} == f"{n} form {form}"


# ---- rank expressions on values they cannot decide ----------------------------------

def _rank(root: Path, query: str, **params: object) -> Shortlist:
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 2))
    cars = Candidates(items=[_car("golf", 9000, 60000), _car("ibiza", 15000, 20000)])
    ctx = dataclasses.replace(
        _ctx(RankParams(items="candidates", as_="car", **params), {"candidates": cars}, task),
        root=root)
    return rank.run(ctx)


ENGLISH = "a car under 12,000 EUR with less than 50000 km"
SPANISH = "un coche por menos de 12.000 € con menos de 50000 km"


@pytest.mark.parametrize("where", [
    # each raised out of the phase (ZeroDivisionError, KeyError): "R1 failed_terminal -
    # not retryable: ZeroDivisionError: float division by zero"
    "car.price.amount / (car.rating - car.rating) < 5",
    "car.price.amount // ((car.rating or 0) * 0) <= task.budget.amount",
    "car.price.amount % 0 == 0",
    "('%(km)s km' % {}) != ''",
])
def test_a_where_that_cannot_decide_a_record_leaves_it_unchecked(tmp_path: Path,
                                                                 where: str) -> None:
    ranked = _rank(_project(tmp_path), ENGLISH, where=[where])
    assert sorted(item.candidate.name for item in ranked.items) == ["golf", "ibiza"]
    assert all(any("could not check" in f for f in item.candidate.flags) for item in ranked.items)


@pytest.mark.parametrize("order", ["car.price.amount / 0", "-(car.price.amount // (car.rating * 0))",
                                   "{'a': 1}['a'] / (car.rating - car.rating)"])
def test_an_order_that_cannot_be_worked_out_is_none(tmp_path: Path, order: str) -> None:
    ranked = _rank(_project(tmp_path), ENGLISH, order_by=[order])
    assert len(ranked.items) == 2


def test_a_named_value_that_fails_on_a_record_is_none(tmp_path: Path) -> None:
    ranked = _rank(_project(tmp_path), ENGLISH,
                   values={"per_km": "car.price.amount / (car.rating * 0)",
                           "label": "'%(name)s' % {}"},
                   where=["per_km is none and label is none"])
    assert len(ranked.items) == 2 and not ranked.excluded


@pytest.mark.parametrize("query", [ENGLISH, SPANISH])
def test_a_reason_that_fails_on_a_record_says_the_where_instead(tmp_path: Path,
                                                                query: str) -> None:
    # the catalog's msgstr names a placeholder its msgid does not pass (KeyError), a
    # reason divides by zero: the where's own text is said, as for any failing reason
    root = _project(tmp_path, PO.replace('"un %(name)s"', '"un %(nombre)s"'))
    where = ["car.price.amount <= task.budget.amount", "car.rating * 10000 <= task.max_km"]
    ranked = _rank(root, query, where=where, reasons=[
        "{{ (car.price.amount / (car.rating - car.rating)) | round }} too much",
        "{{ _('a %(name)s', name=car.name) }}"])
    said = {c.name: why for c, why in ranked.excluded}
    assert said["ibiza"] == [where[0]]
    assert said["golf"] == ([where[1]] if query == SPANISH else ["a golf"])


# ---- numbers past a float's range in an expression ----------------------------------

@pytest.mark.parametrize("expression, value", [
    ("1e400", math.inf), ("-1e400", -math.inf), ("[3, 1e999] | max", math.inf),
    ("'inf' | float", math.inf), ("'-Infinity' | float", -math.inf),
    ("x or 1e400", math.inf), ("2 if x else -1e309", -math.inf),
])
def test_a_literal_past_a_floats_range_is_infinity_not_a_name_error(expression: str,
                                                                    value: float) -> None:
    """Jinja wrote a float into its compiled code by str(): 'inf' / 'nan' are no names
    there, so any expression holding one failed with NameError (an internal error)."""
    assert make_env().compile_expression(expression, undefined_to_none=False)(x=0) == value


def test_nan_folded_at_compile_time_is_nan() -> None:
    env = make_env()
    assert math.isnan(env.compile_expression("'nan' | float")())
    assert env.from_string("{% set cap = 1e400 %}{{ cap > 10 }} {{ -cap }}").render() == "True -inf"


def test_a_rank_order_with_infinity_for_the_unknown_ranks(tmp_path: Path) -> None:
    # "the unknown last": before, rank failed on NameError: name 'inf' is not defined
    ranked = _rank(_project(tmp_path), ENGLISH,
                   order_by=["[car.rating or 0, -1e400] | max", "car.price.amount or 1e400"])
    assert [item.candidate.name for item in ranked.items] == ["golf", "ibiza"]
