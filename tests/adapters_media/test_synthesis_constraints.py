"""What the keyless synthesis reads from a request's inputs by their declared type
(scout/adapters/subjects.py ``Constraints``): a ``date`` input's range is the period the
price caveat names, as a ``month`` is, and a kind that declares no ``rating`` input is not
about ratings, so no candidate is noted for lacking one."""

from __future__ import annotations

from scout.adapters.subjects import Constraints

RANGE = {"start": "2026-12-05", "end": "2026-12-06"}


def test_a_date_input_holding_a_range_is_the_period() -> None:
    limits = Constraints.of({"values": {"dates": RANGE}}, {"dates": "date"})
    assert limits.period == RANGE


def test_a_month_input_is_still_the_period() -> None:
    month = {"year": 2026, "month": 9}
    assert Constraints.of({"values": {"month": month}}, {"month": "month"}).period == month


def test_a_kind_with_a_rating_input_is_about_ratings_even_when_none_is_asked() -> None:
    assert Constraints.of({"values": {"min_rating": None}}, {"min_rating": "rating"}).rated
    assert not Constraints.of({"values": {"dates": RANGE}},
                              {"dates": "date", "budget": "money"}).rated


def test_an_older_caller_without_types_still_notes_missing_ratings() -> None:
    # no types and no values to infer them from: keep the old behaviour (say it)
    assert Constraints.of({"values": {}}, {}).rated


def test_a_date_input_holding_one_day_is_named_in_the_reader_s_language() -> None:
    """A train's or a play's day ("next Friday") is dumped as an ISO string: the price
    caveat names it as it names a month or a range ("depends on your dates (...)")."""
    from scout.adapters.localefmt import Formatter
    from scout.i18n import translations

    limits = Constraints.of({"values": {"date": "2027-03-12"}}, {"date": "date"})
    assert limits.period == "2027-03-12"
    assert Formatter("es", translations("es")).period(limits.period) == "12 de marzo de 2027"
    assert Formatter("en", translations("en")).period(limits.period) == "March 12, 2027"
    assert Formatter("en", translations("en")).period("not a date") == ""
