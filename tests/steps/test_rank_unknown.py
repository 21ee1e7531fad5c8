"""``rank`` flags any value a criterion could not check, not only a price or a rating: a
candidate a ``where`` kept only by its own guard on a missing value ("no stated
deadline" when the call must be open) reads "could not check: deadline"; a criterion on
an input the request did not set checks nothing and flags nothing."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Candidates, Evidence
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.steps.rank_unknown import guarded, record_words
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx

ROOT = Path(__file__).resolve().parents[2]

INPUTS = {"topic": InputSpec(type="subject"),
          "open_cfp": InputSpec(type="boolean", aliases=["deadline not passed"]),
          "fee": InputSpec(type="money")}
DEADLINE = ("not task.open_cfp or conf | stated_date(of=['deadline', 'submission'], "
            "near=task.today) is none or conf | stated_date(of=['deadline', 'submission'], "
            "near=task.today) >= task.today")
BUDGET = "task.fee is none or conf.price is none or conf.price.amount <= task.fee.amount"
TODAY = dt.date(2026, 12, 2)


def _conf(key: str, text: str, price: float | None = None) -> Candidate:
    money = Money(amount=price, currency="EUR", comparator="=") if price else None
    return Candidate(key=key, name=key, url=f"https://conf.test/{key}", evidence=[
        Evidence(id=key, kind="snippet", subject=key, url=f"https://conf.test/{key}",
                 text=text, price=money)])


def _rank(query: str, where: list[str], *confs: Candidate, keep_unknown: bool = True,
          reasons: list[str] | None = None):
    task = build_task(query, INPUTS, today=TODAY)
    params = RankParams(items="candidates", as_="conf", where=where,
                        reasons=reasons or [], keep_unknown=keep_unknown)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=list(confs))}, task))
    return short, {i.candidate.key: i.candidate.flags for i in short.items}


CONFS = (_conf("open", "Submission deadline: 15 January 2027. Registration 200 EUR.", 200),
         _conf("closed", "Submission deadline: 1 October 2026.", 100),
         _conf("silent", "A conference on NLP in Madrid, May 2027.", 150))


def test_a_value_a_criterion_could_not_check_is_flagged_whatever_it_is() -> None:
    short, flags = _rank("NLP conferences, deadline not passed", [DEADLINE], *CONFS,
                         reasons=["{{ _('submission deadline passed') }}"])
    assert [e[0].key for e in short.excluded] == ["closed"]
    # kept silently before: its deadline is stated nowhere, so the call may be closed
    assert flags == {"open": [], "silent": ["could not check: deadline"]}
    assert short.items[1].unknown == ["deadline"]
    assert localize(flags["silent"][0], "es") == "no se pudo comprobar: deadline"


def test_a_criterion_the_request_did_not_ask_for_flags_nothing() -> None:
    # no "deadline not passed" and no fee: nothing was checked, nothing is unknown (every
    # conference read "price unknown" for a budget nobody gave)
    short, flags = _rank("NLP conferences", [DEADLINE, BUDGET], *CONFS,
                         _conf("free", "A workshop, no fee stated."))
    assert not short.excluded
    assert set(flags) == {"open", "closed", "silent", "free"}
    assert all(f == [] for f in flags.values()), flags


def test_a_price_criterion_asked_for_flags_an_unknown_price_once() -> None:
    _, flags = _rank("NLP conferences under 300 EUR", [BUDGET], *CONFS,
                     _conf("free", "A workshop, no fee stated."))
    assert flags["free"] == ["price unknown"]  # not also "could not check: price"
    assert flags["open"] == []


def test_a_guard_keeps_its_candidate_even_without_keep_unknown() -> None:
    # the author's own "is none or" keeps it; keep_unknown is for what cannot be decided
    short, flags = _rank("NLP conferences, deadline not passed", [DEADLINE], *CONFS,
                         keep_unknown=False)
    assert "silent" in flags and flags["silent"] == ["could not check: deadline"]


def test_an_undecidable_criterion_is_flagged_with_what_it_reads() -> None:
    # no guard: the expression fails on the missing value, keep_unknown keeps it; the
    # author's reason says why a record failed ("deadline passed"), which it did not
    where = ["conf | stated_date(of=['deadline'], near=task.today) >= task.today"]
    _, flags = _rank("NLP conferences", where, *CONFS, reasons=["deadline passed"])
    assert flags["silent"] == ["could not check: deadline"]


def test_a_reason_never_states_a_comparison_the_record_contradicts() -> None:
    # the grants kind: "could not check: funds 1,500,000 EUR, under 40,000 EUR" for a call
    # over the floor, because another value of the criterion was missing
    where = ["conf.price.amount >= task.fee.amount and conf.rating_count > 10"]
    reasons = ["funds {{ conf.price | money }}, under {{ task.fee | money }}"]
    big = _conf("big", "A call funding 1,500,000 EUR.", 1_500_000)
    short, flags = _rank("NLP conferences of at least 40,000 EUR", where, big, reasons=reasons)
    assert flags["big"] == ["could not check: price, rating count"]
    short, _ = _rank("NLP conferences of at least 40,000 EUR", where, big, reasons=reasons,
                     keep_unknown=False)
    assert short.excluded[0][1] == ["could not check: price, rating count"]
    # a record that fails it keeps the author's words
    small = _conf("small", "A call funding 1,000 EUR.", 1_000)
    small.rating_count = small.evidence[0].rating_count = 50
    short, _ = _rank("NLP conferences of at least 40,000 EUR", where, small, reasons=reasons)
    assert short.excluded[0][1][0].startswith("funds 1,000") and "under 40,000" in short.excluded[0][1][0]


def test_only_guards_on_the_record_are_taken_away() -> None:
    assert guarded("task.fee is none or task.fee.amount > 3", "conf") is None
    assert guarded("conf.size > 3", "conf") is None
    g = guarded("task.x is none or conf.size is none or conf.size > 3", "conf")
    assert g is not None and g.words == "size"
    assert g.holds(task={"x": 1}, conf={"size": 4})
    assert not g.holds(task={"x": 1}, conf={"size": None})   # kept only as unknown
    assert g.holds(task={"x": None}, conf={"size": None})    # nothing was asked


def test_every_field_a_guard_names_reads_in_spanish() -> None:
    """"could not check: duration" stayed half English in a Spanish report: a record's
    field a guard names (``c.duration is none``, ``c.price.amount``) is one of the words
    the catalog translates, for every field of the record models."""
    from scout.report.messages import used_msgids
    from scout.spec.filters import field_words

    assert {"duration", "view count", "price", "rating count"} <= set(field_words())
    used = used_msgids()  # a scan of every template and module: once, not per word
    assert all((w, None) in used for w in field_words())
    for word in field_words():
        said = localize(f"could not check: {word}", "es")
        assert said.startswith("no se pudo comprobar: ") and not said.endswith(f": {word}"), said
    g = guarded("c.price is none or c.price.amount < 3", "c")
    assert g is not None and g.words == "price"  # the field, not "amount"
    # not a field (a test on a value nothing else reads is the criterion, no guard: below)
    assert guarded("c.name | length is none or c.name | length > 3", "c").words is None


def test_a_none_test_that_is_the_criterion_itself_is_no_guard() -> None:
    """``flat.price is none or flat.price.per is none`` keeps a home priced once (no period)
    and leaves out one priced a month: the second test is what is checked, not a guard on a
    missing value, so a home whose price is stated and paid once was flagged "could not
    check: price" in every report of a kind that sells homes."""
    per = "conf.price is none or conf.price.per is none"
    g = guarded(per, "conf")
    assert g is not None and g.words == "price"               # the first test guards
    assert g.holds(conf={"price": {"amount": 3, "per": None}})
    assert not g.holds(conf={"price": {"amount": 3, "per": "month"}})
    # in a run: the stated price is checked, only the missing one is flagged
    short, flags = _rank("NLP conferences", [per], _conf("once", "Fee 200 EUR.", 200),
                         _conf("silent", "A workshop, no fee stated."))
    assert not short.excluded
    assert flags == {"once": [], "silent": ["price unknown"]}


def test_a_value_read_again_with_a_pick_is_the_same_value() -> None:
    """`b | stated('pages') is none or b | stated('pages', pick='min') <= ...`: the pick
    says which of several stated values, not another value; a record that states none
    was kept unchecked and says so, named by the input it is checked against."""
    inputs = {"topic": InputSpec(type="subject"), "max_pages": InputSpec(type="integer",
                                                                       aliases=["pages"])}
    where = ("task.max_pages is none or conf | stated('pages') is none or "
             "conf | stated('pages', pick='min') <= task.max_pages")
    task = build_task("books on climate under 300 pages", inputs, today=TODAY)
    params = RankParams(items="candidates", as_="conf", where=[where])
    short = rank.run(_ctx(params, {"candidates": Candidates(items=[
        _conf("short", "288 pages."), _conf("long", "576 pages."),
        _conf("silent", "A book on climate.")])}, task))
    assert [c.key for c, _ in short.excluded] == ["long"]
    flags = {i.candidate.key: i.candidate.flags for i in short.items}
    assert flags == {"short": [], "silent": ["could not check: max pages"]}
    # another filter, or other words, is another value: the test is the criterion itself
    assert guarded("conf | stated('pages') is none or conf | stated('km', pick='min') < 3",
                   "conf") is None


def test_two_criteria_guarding_one_value_flag_it_once() -> None:
    # a range's two ends (the youngest and the oldest age a camp takes) guarded by two
    # wheres on one stated value: "could not check: age; could not check: age"
    inputs = {"topic": InputSpec(type="subject"),
              "age": InputSpec(type="integer", aliases=["years old"])}
    where = ["task.age is none or conf | stated('ages', pick='min') is none or "
             "conf | stated('ages', pick='min') <= task.age",
             "task.age is none or conf | stated('ages', pick='max') is none or "
             "conf | stated('ages', pick='max') >= task.age"]
    task = build_task("chess camps for a 10 years old", inputs, today=TODAY)
    params = RankParams(items="candidates", as_="conf", where=where)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=[
        _conf("fits", "Chess camp, ages 8-12."), _conf("young", "Chess camp, ages 4-7."),
        _conf("silent", "Chess camp in July.")])}, task))
    assert [c.key for c, _ in short.excluded] == ["young"]
    flags = {i.candidate.key: i.candidate.flags for i in short.items}
    assert flags == {"fits": [], "silent": ["could not check: age"]}


VENUE = ("task.capacity is none or v | stated('people', 'personas', 'pax') is none or "
         "v | stated('people', 'personas', 'pax') >= task.capacity")


@pytest.mark.parametrize("where, inputs, words", [
    (VENUE, {"capacity", "place"}, "capacity"),  # what is checked, not how pages say it
    (VENUE, {"place"}, "people"),  # not an input the kind declares: the unit, as before
    # two inputs on the other side: which one is meant is unclear, the unit says it
    ("v | stated('ages') is none or v | stated('ages') >= (task.max_age or task.age)",
     {"age", "max_age"}, "ages"),
    ("v | stated('ages') is none or v | stated('ages') >= task.max_age", {"max_age"},
     "max age"),
    # a field keeps scout's word for it, compared with whatever input
    ("v.price is none or v.price.amount <= task.budget.amount", {"budget"}, "price"),
])
def test_a_stated_value_is_named_by_the_input_it_is_checked_against(
        where: str, inputs: set[str], words: str) -> None:
    g = guarded(where, "v", inputs)
    assert g is not None and g.words == words
    undecidable = where.split(" or ", 1)[1]  # no guard: "could not check" names the same
    assert record_words(undecidable, "v", inputs) == words


@pytest.mark.parametrize("lang, flag", [("en", "could not check: capacity"),
                                        ("es", "no se pudo comprobar: aforo")])
def test_the_kinds_catalog_says_the_input_in_the_report(lang: str, flag: str) -> None:
    """The venues kind's "could not check" flag, in its own report's words."""
    from scout.report.render import make_report_env

    env = make_report_env(ROOT / "examples" / "venues" / "templates", lang)
    assert env.from_string("{{ f | l10n }}").render(f="could not check: capacity") == flag


def test_an_input_named_with_spaces_is_said_by_its_catalog_name() -> None:
    """`max_pages` is flagged "could not check: max pages" (as the report's labels write
    it) and its catalog entry (msgid `max_pages`) says it in Spanish."""
    from scout.report.render import make_report_env

    env = make_report_env(ROOT / "examples" / "books" / "templates", "es")
    said = env.from_string("{{ f | l10n }}").render(f="could not check: max pages")
    assert said.startswith("no se pudo comprobar: ") and "max" not in said


@pytest.mark.parametrize("where, inputs, words", [
    # `of=` words are how pages say it, in one language: the input checked names it
    ("task.guests is none or v | stated('personas', 'people', of=['mínimo', 'minimum']) "
     "is none or v | stated('personas', 'people', of=['mínimo', 'minimum']) <= task.guests",
     {"guests"}, "guests"),
    # compared with no input: the `of=` word still names it
    ("v | stated_date(of=['deadline']) is none or v | stated_date(of=['deadline']) "
     ">= task.today", {"guests"}, "deadline"),
])
def test_an_of_word_gives_way_to_the_input_checked(where: str, inputs: set[str],
                                                   words: str) -> None:
    """A kind written with Spanish `of=` words first flagged "could not check: mínimo" in
    an English report: the request's input it is compared with names it, which the
    kind's catalog translates."""
    g = guarded(where, "v", inputs)
    assert g is not None and g.words == words


def test_a_guard_that_picks_how_a_value_is_worked_out_is_no_guard() -> None:
    """A named value's arithmetic, inlined into a ``where`` ("none if pct is none or sent
    is none else ..."), picks a branch: it keeps no record unchecked. Only the criterion's
    own guard is (a money transfer's fees, a printer's set-up fee: any kind)."""
    cost = ("((none if c.pct is none or task.sent is none else task.sent * c.pct / 100) "
            "if c.fixed is none else c.fixed)")
    assert guarded(f"{cost} <= 15", "c") is None
    g = guarded(f"{cost} is none or {cost} <= 15", "c")
    assert g is not None
    assert g.holds(c={"pct": 1, "fixed": None}, task={"sent": 500}) is True
    assert g.holds(c={"pct": None, "fixed": 3}, task={"sent": 500}) is True
    assert g.holds(c={"pct": None, "fixed": None}, task={"sent": 500}) is False


def test_readings_are_kept_a_process_and_keyed_by_the_inputs() -> None:
    """What rank reads from an expression's text is worked out once a process (the same
    text every mission of a kind), but never mixed between kinds with other inputs: the
    same expression named by another kind's input is read again for it."""
    where = ("v | stated('seats') is none or v | stated('seats') >= (task.guests) "
             "or v | stated('seats') >= task.people")  # two inputs: the unit names it
    one = guarded(where, "v", {"guests"})
    assert one is not None and guarded(where, "v", ["guests"]) is one  # a list as a set
    other = guarded(where, "v", {"people"})
    assert other is not one and (one.words, other.words) == ("guests", "people")
    assert record_words(where, "v", {"guests"}) == "guests"
    assert record_words(where, "v", {"people"}) == "people"
    assert record_words(where, "v") == "seats"  # no inputs: the unit
    # the guarded copy still decides per record, from the cached code
    assert one.holds(v=_conf("a", "capacity 40 seats"), task={"guests": 30, "people": 90})

