"""The ``on_dates`` filter (scout/spec/datesaid.py): whether a record's evidence states a
date inside the span a request asks for, so an events kind can leave out what happens on
other days. Dates are read as listings write them, in English and Spanish: a day and a
month (``5 de diciembre``, ``Sat 12 Dec``, ``December 13``), ISO dates, day ranges (``del 3
al 7 de junio``, ``June 3-7``), runs across months (``del 1 de octubre al 31 de enero``,
``until 31 January``, ``hasta el 10 de enero``, ``from 20 December``)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import DateRange, Month
from scout.spec.filters import FILTERS
from scout.spec.templating import make_env

WEEKEND = DateRange(start=dt.date(2026, 12, 5), end=dt.date(2026, 12, 6))
on_dates = FILTERS["on_dates"]


@pytest.mark.parametrize("text, want", [
    ("Chano Domínguez Trío, sábado 5 de diciembre, entradas 25 €.", True),
    ("Late show at Ronnie Scott's, Sat 12 Dec, tickets £30.", False),
    ("Jam session, domingo 6 de diciembre de 2026.", True),
    ("Kamasi Washington live, December 6, 2026.", True),
    ("Gala on 2026-12-05 at 20:00.", True),
    ("Festival del 3 al 7 de junio.", False),
    ("Festival June 3-7.", False),
    ("Festival 4-6 Dec.", True),
    ("Exposición del 1 de octubre al 31 de enero.", True),     # a run across the weekend
    ("Exhibition until 31 January.", True),
    ("Exposición hasta el 30 de noviembre.", False),           # over before the weekend
    ("Market from 20 December.", False),                       # starts after it
    ("Exposición desde el 1 de diciembre.", True),
    ("Great reviews, tickets 25 €.", None),                    # no date stated: unknown
])
def test_a_text_on_the_days_asked(text: str, want: bool | None) -> None:
    assert on_dates({"name": "x", "evidence": [{"text": text}]}, WEEKEND) is want


def test_a_record_is_on_the_days_when_any_source_says_so() -> None:
    record = {"name": "Gala", "evidence": [{"text": "Gala, 12 December."},
                                           {"text": "Gala de jazz, 5 de diciembre."}]}
    assert on_dates(record, WEEKEND) is True


def test_a_month_a_single_day_and_no_span() -> None:
    record = {"name": "x", "evidence": [{"text": "Concierto, 15 de enero."}]}
    assert on_dates(record, Month(year=2027, month=1)) is True
    assert on_dates(record, dt.date(2027, 1, 15)) is True
    assert on_dates(record, dt.date(2027, 1, 16)) is False
    assert on_dates(record, None) is None


def test_a_year_left_out_is_the_one_nearest_the_span() -> None:
    # asked in December for January: "10 January" is next year's
    record = {"name": "x", "evidence": [{"text": "Concert, 10 January."}]}
    assert on_dates(record, DateRange(start=dt.date(2027, 1, 1), end=dt.date(2027, 1, 31)))


def test_in_a_rank_where_as_an_author_writes_it() -> None:
    expr = make_env().compile_expression(
        "task.dates is none or event | on_dates(task.dates) is not false")
    task = {"dates": WEEKEND}
    assert expr(task=task, event={"name": "x", "evidence": [{"text": "5 de diciembre"}]})
    assert not expr(task=task, event={"name": "x", "evidence": [{"text": "12 de diciembre"}]})
    assert expr(task=task, event={"name": "x", "evidence": [{"text": "sin fecha"}]})


# A date a listing gives for something other than when it happens (a submission deadline,
# a closing date, a sale, a publication) is not one of its dates; ``of=`` asks for those.
SPRING = DateRange(start=dt.date(2027, 3, 1), end=dt.date(2027, 5, 31))
stated_date = FILTERS["stated_date"]


@pytest.mark.parametrize("text, want", [
    ("CICLing, Madrid, 12-18 September 2027. Deadline for papers: 1 May 2027.", False),
    ("Congreso en Granada, del 14 al 16 de abril de 2027. Plazo de envío de artículos: "
     "15 de enero de 2027.", True),
    ("Symposium, 20 June 2027 (submissions due 15 April 2027)", False),
    ("Workshop on 3 April 2027 (submissions due 20 June 2027)", True),   # the label is the next date's
    ("Jornadas el 10 de junio de 2027, inscripción hasta el 1 de abril.", False),
    ("Jornadas con inscripción previa el 10 de abril de 2027.", True),   # no label: the day itself
    ("Festival 2-4 July 2027; tickets on sale from 1 March 2027.", False),
    ("Published 2 April 2027: the festival is on 8-10 August.", False),
    ("Call for papers closes 30 April 2027.", None),                     # only a deadline: no dates
    ("Conference 10 June 2027; 1 March 2027: camera-ready.", False),
    ("Concert postponed due to rain to 5 April 2027.", True),           # "due to" is no deadline
    ("Aforo límite 200 personas, concierto el 5 de abril de 2027.", True),
    # the month it is held in is its dates (scout/spec/monthsaid.py), the deadline none
    ("Papers are due 10 April 2027, the school is held in July.", False),
])
def test_a_deadline_is_not_when_it_happens(text: str, want: bool | None) -> None:
    assert on_dates({"name": "x", "evidence": [{"text": text}]}, SPRING) is want


def test_of_asks_for_the_dates_labelled_with_those_words() -> None:
    record = {"name": "x", "evidence": [{"text": "Congress 12-18 September 2027. Submission "
                                                 "deadline: 1 May 2027."}]}
    assert on_dates(record, SPRING, of=["deadline"]) is True
    assert on_dates(record, SPRING) is False
    assert on_dates(record, SPRING, of="plazo") is None


NEAR = dt.date(2026, 12, 6)
DEADLINE = ["deadline", "due by", "plazo", "fecha límite"]


@pytest.mark.parametrize("texts, of, pick, want", [
    (["Paper submission deadline: 10 December 2026. Held March 8-12, 2027."], DEADLINE, "max",
     dt.date(2026, 12, 10)),
    (["Plazo de envío: 15 de enero."], DEADLINE, "max", dt.date(2027, 1, 15)),   # the year nearest
    (["Fecha límite: 15 de enero de 2027.", "Deadline extended to 29 January 2027"], DEADLINE,
     "max", dt.date(2027, 1, 29)),
    (["Fecha límite: 15 de enero de 2027.", "Deadline extended to 29 January 2027"], DEADLINE,
     "min", dt.date(2027, 1, 15)),
    (["Held March 8-12, 2027; deadline 10 December 2026."], None, "min", dt.date(2027, 3, 8)),
    (["Held March 8-12, 2027; deadline 10 December 2026."], None, "max", dt.date(2027, 3, 12)),
    (["Del 14 al 16 de abril. Otra edición el 3 de marzo."], None, "first", dt.date(2027, 4, 14)),
    (["No dates here, 250 EUR."], DEADLINE, "max", None),
])
def test_stated_date(texts, of, pick, want) -> None:
    record = {"name": "x", "evidence": [{"text": t} for t in texts]}
    assert stated_date(record, of=of, pick=pick, near=NEAR) == want


def test_deadline_not_passed_as_an_author_writes_it() -> None:
    expr = make_env().compile_expression(
        "not task.open_cfp or c | stated_date(of=['deadline', 'plazo']) is none "
        "or c | stated_date(of=['deadline', 'plazo']) >= task.today")
    task = {"open_cfp": True, "today": dt.date(2026, 12, 6)}

    def rec(text: str) -> dict:
        return {"name": "x", "evidence": [{"text": text}]}
    assert expr(task=task, c=rec("Submission deadline: 10 December 2026"))
    assert not expr(task=task, c=rec("Submission deadline: 30 November 2026"))
    assert expr(task=task, c=rec("Registration 200 EUR"))               # none stated: kept
    assert expr(task={"open_cfp": False, "today": task["today"]},
                c=rec("Submission deadline: 30 November 2026"))


@pytest.mark.parametrize("expr, problem", [
    ("c | stated_date('deadline')", "positional"),
    ("c | stated_date(of='')", "of names the words"),
    ("c | stated_date(of=['plazo'], pick='last')", "pick must be one of"),
    ("c | on_dates(task.dates, of='')", "of names the words"),
    ("c | stated_date(of=['plazo'], pick='min') >= task.today", None),
])
def test_validate_checks_the_calls(expr: str, problem: str | None) -> None:
    from scout.spec.filtersig import call_problem
    from scout.spec.templating import analyse

    found = [f for name, call in analyse(expr, expression=True).calls
             if (f := call_problem(name, call))]
    assert (any(problem in f for f in found) if problem else not found), found


def test_a_page_of_many_dates_is_read_in_linear_time() -> None:
    # each reading was checked against every reading before it (and the text before each
    # date was copied whole): 10,000 dates took about half a minute
    import time

    text = " ".join(f"Event {i % 28 + 1} March 2027, deadline {i % 28 + 1} January 2027."
                    for i in range(5000))
    record = {"name": "x", "evidence": [{"text": text}]}
    start = time.process_time()  # CPU time: a loaded machine does not stretch it
    assert on_dates(record, dt.date(2027, 3, 5)) is True
    assert stated_date(record, of="deadline", near=NEAR) == dt.date(2027, 1, 28)
    assert time.process_time() - start < 10


MAY = DateRange(start=dt.date(2026, 5, 9), end=dt.date(2026, 5, 10))


@pytest.mark.parametrize("text, want", [
    # a month, written as one
    ("You may book 10 May, tickets 12 €.", True),
    ("Opening May 10.", True),
    ("Festival 3-7 May.", False),
    ("Concierto 10 may en el Teatro Real.", True),             # Spanish abbreviation
    ("Concierto, sáb 10 may.", True),
    ("Gala 10 may 2026", True),
    ("GALA — ENTRADA 10 MAY", True),                             # shouting, at the end
    ("Jazz del 9 al 10 may.", True),
    # the modal verb and the noun, not a month: no date stated, so unknown
    ("Conditions: 10 may apply.", None),
    ("Up to 10 may attend the workshop.", None),
    ("Ages 5 to 7 may enter with an adult.", None),
    ("Opening hours 9 to 5 may vary.", None),
    ("TERMS: 10 MAY APPLY", None),
    ("Hotel con vistas al mar 15 habitaciones.", None),
    ("The 10 march on the square.", None),
])
def test_may_march_and_mar_are_months_only_where_written_as_months(text: str,
                                                                  want: bool | None) -> None:
    assert on_dates({"name": "x", "evidence": [{"text": text}]}, MAY) is want


def test_a_modal_may_beside_a_real_date_does_not_hide_it() -> None:
    record = {"name": "x", "evidence": [{"text": "Conditions may apply. Sat 12 Dec only."}]}
    assert on_dates(record, MAY) is False
    record = {"name": "x", "evidence": [{"text": "10 may apply; on 10 May at 20:00."}]}
    assert on_dates(record, MAY) is True


GRANT_WORDS = ["deadline", "closing date", "closes", "plazo", "fecha límite", "cierre"]
JANUARY = DateRange(start=dt.date(2027, 1, 1), end=dt.date(2027, 1, 31))


@pytest.mark.parametrize("text, want", [
    # an end word before a labelled date says that day, not a run up to it: a call open
    # until 30 June does not close in January
    ("Deadline: open until 30 June.", False),
    ("Plazo abierto hasta el 30 de junio.", False),
    ("Plazo: antes del 30 de junio.", False),
    ("Applications close by 30 June (deadline).", False),
    ("Plazo hasta el día 15 de enero.", True),
    ("Deadline: no later than 20 January 2027.", True),
    ("Cierre a más tardar el 12 de enero.", True),
    # a start word: the call opens then, so it cannot close before
    ("Plazo a partir del 3 de marzo.", False),
    ("Plazo desde el 3 de diciembre.", True),
])
def test_an_end_or_start_word_before_a_labelled_date(text: str, want: bool) -> None:
    record = {"name": "x", "evidence": [{"text": text}]}
    assert on_dates(record, JANUARY, of=GRANT_WORDS) is want


@pytest.mark.parametrize("text, want", [
    ("Plazo abierto hasta el 30 de junio de 2027.", dt.date(2027, 6, 30)),
    ("Submissions: deadline by 15 March 2027.", dt.date(2027, 3, 15)),
])
def test_the_labelled_end_is_the_stated_day(text: str, want: dt.date) -> None:
    record = {"name": "x", "evidence": [{"text": text}]}
    assert stated_date(record, of=GRANT_WORDS, pick="min", near=NEAR) == want
    assert stated_date(record, of=GRANT_WORDS, pick="max", near=NEAR) == want


def test_what_is_on_until_a_day_still_runs_up_to_it() -> None:
    record = {"name": "x", "evidence": [{"text": "Exhibition until 31 January."}]}
    assert on_dates(record, DateRange(start=dt.date(2027, 1, 10), end=dt.date(2027, 1, 11))) is True


@pytest.mark.parametrize("text", [
    "Concert on 20 June 2027. Book before 5 May 2027.",
    "Concierto el 20 de junio de 2027; reserva antes del 5 de mayo.",
    "Recital 20 June 2027, tickets no later than 5 May 2027.",
])
def test_a_deadline_word_is_not_when_it_happens(text: str) -> None:
    may = DateRange(start=dt.date(2027, 5, 1), end=dt.date(2027, 5, 31))
    assert on_dates({"name": "x", "evidence": [{"text": text}]}, may) is False


ACADEMIC_YEAR = DateRange(start=dt.date(2027, 9, 1), end=dt.date(2028, 6, 30))
AUGUST = DateRange(start=dt.date(2027, 8, 1), end=dt.date(2027, 8, 31))


@pytest.mark.parametrize("text, span, want", [
    # closed, booked up or sold out on every day asked: not on then
    ("Cerrada por obras del 1 de septiembre de 2027 al 30 de junio de 2028.", ACADEMIC_YEAR,
     False),
    ("Coworking. Closed 5-6 December 2026 for the holidays.", WEEKEND, False),
    ("Open all year. Closed from 1 August to 31 August 2027.", AUGUST, False),
    ("Concierto 5 de diciembre de 2026. Entradas agotadas del 5 al 6 de diciembre de 2026.",
     WEEKEND, False),
    ("Fully booked 1-31 August 2027, rooms again from 1 September 2027.", AUGUST, False),
    # a closure on other days is no date the thing is on, and says nothing of the days
    # asked; nor does one that covers only some of them
    ("Open all year. Closed from 1 August to 31 August 2027.", WEEKEND, None),
    ("Cerrado del 24 al 31 de diciembre de 2026.", WEEKEND, None),
    ("Fully booked 1-15 September 2027; rooms from 16 September 2027.", ACADEMIC_YEAR, True),
    # an open run is no closure of known days
    ("Closed from 1 August 2027.", AUGUST, None),
])
def test_a_closure_is_no_date_it_is_on(text: str, span: DateRange, want: bool | None) -> None:
    assert on_dates(text, span) is want


def test_a_range_s_first_end_takes_the_year_its_second_states() -> None:
    # "from 1 August to 31 August 2027" is August 2027, never August 2026 to August 2027
    assert on_dates("Summer school from 1 August to 31 August 2027.", WEEKEND) is False
    assert on_dates("Summer school from 1 August to 31 August 2027.", AUGUST) is True
    # a run into the next year: its first end in the year before the one stated
    assert on_dates("Curso del 1 de octubre al 31 de enero de 2028.",
                    DateRange(start=dt.date(2027, 11, 1), end=dt.date(2027, 11, 30))) is True


@pytest.mark.parametrize("text, span, want", [
    # a school year a page states with its two years is 1 September to 30 June, as a
    # request's "curso 2027-28" is (scout/task/academic.py shares the rule)
    ("Plazas para el curso 2027-28.", ACADEMIC_YEAR, True),
    ("Places for the 2027-28 school year.", ACADEMIC_YEAR, True),
    ("Academic year 2027/2028: places left.", ACADEMIC_YEAR, True),
    ("Plazas para el curso 2026-27.", ACADEMIC_YEAR, False),
    ("Curso 2027-29.", ACADEMIC_YEAR, None),          # years that do not follow: none
    ("Ref. 2027-28.", ACADEMIC_YEAR, None),           # a pair with no school-year word
    # a waiting list or no vacancies for every day asked: no place then
    ("Lista de espera para el curso 2027-2028.", ACADEMIC_YEAR, False),
    ("Waiting list for the 2027-28 school year.", ACADEMIC_YEAR, False),
    ("No vacancies from 1 September 2027 to 30 June 2028.", ACADEMIC_YEAR, False),
    # a full-day schedule over the year is no closure
    ("Jornada completa del 1 de septiembre de 2027 al 30 de junio de 2028.", ACADEMIC_YEAR,
     True),
])
def test_a_school_year_and_a_waiting_list_on_a_page(text: str, span: DateRange,
                                                    want: bool | None) -> None:
    assert on_dates(text, span) is want


def test_a_page_of_many_modal_mays_is_read_in_linear_time() -> None:
    # each "may" in lower case looked for a weekday before it from the page's start: a
    # page of 20,000 "10 may apply" took 100 s of CPU, this one about 6 s; now ms
    import time

    text = "Conditions: 10 may apply. " * 5000 + "Sat 10 may."
    start = time.process_time()
    assert on_dates({"name": "x", "evidence": [{"text": text}]}, MAY) is True
    assert time.process_time() - start < 2


@pytest.mark.parametrize("text, want", [
    # "completo" / "full" as the thing's own availability: predicated, of its capacity, or a
    # label of its own at the clause's start or behind a mark
    ("Casa rural. Completo del 1 al 31 de agosto de 2027.", False),
    ("Hotel al completo del 1 al 31 de agosto de 2027; plazas desde septiembre.", False),
    ("Lo sentimos, estamos completos del 1 al 31 de agosto de 2027.", False),
    ("Aforo completo: 1-31 agosto 2027.", False),
    ("Plazas completas para el 1-31 agosto 2027.", False),
    ("Del 1 al 31 de agosto de 2027: completo.", False),
    ("Campsite. 1-31 August 2027 (full).", False),
    ("Sorry, we're full from 1 to 31 August 2027.", False),
    # another noun's "full" / "completo": full board, full-time, a full bathroom, full of
    ("Pensión completa del 1 al 31 de agosto de 2027.", True),
    ("Campamento de jornada completa del 1 al 31 de agosto de 2027.", True),
    ("Monitor a tiempo completo del 1 al 31 de agosto de 2027.", True),
    ("Apartamento con baño completo disponible del 1 al 31 de agosto de 2027.", True),
    ("Del 1 al 31 de agosto de 2027: pensión completa.", True),
    ("Full board from 1 to 31 August 2027.", True),
    ("Full-time summer camp from 1 to 31 August 2027.", True),
    ("The programme is full of activities from 1 to 31 August 2027.", True),
])
def test_full_is_a_closure_only_where_it_is_the_thing_s_availability(text: str,
                                                                      want: bool) -> None:
    assert on_dates(text, AUGUST) is want


# a run written month first, as English pages write a season: one run, not its two ends
@pytest.mark.parametrize("text, want", [
    ("Season December 5, 2026 to April 20, 2027.", True),
    ("Season: December 5, 2026 - April 20, 2027.", True),
    ("Open from December 5 to April 20.", True),
    ("Season Dec 5 2026 - Apr 20 2027", True),
    ("Season March 1 to April 20, 2027.", False),             # opens after February
    ("Season December 5, 2026 through January 31, 2027.", False),  # closed by then
])
def test_a_run_written_month_first(text: str, want: bool) -> None:
    feb = DateRange(start=dt.date(2027, 2, 12), end=dt.date(2027, 2, 15))
    assert on_dates({"name": "x", "evidence": [{"text": text}]}, feb) is want


# an open run written month first: an end or a start, as its day-first form is read
@pytest.mark.parametrize("text, want", [
    ("Open until April 20.", True),                  # runs up to it, not that day alone
    ("Open until January 31.", False),               # over before the days asked
    ("Open from December 5.", True),
    ("Open from March 1.", False),                   # starts after them
    ("Apply by February 13.", None),                 # a deadline: no date it is on
])
def test_an_open_run_written_month_first(text: str, want: bool | None) -> None:
    feb = DateRange(start=dt.date(2027, 2, 12), end=dt.date(2027, 2, 15))
    assert on_dates({"name": "x", "evidence": [{"text": text}]}, feb) is want


# months named with no day are those months' dates (scout/spec/monthsaid.py): a season
# or an opening written by its months was no date at all, so a listing open "May to
# September" was as unknown for a day in February as for one in July
MID_SEPT = DateRange(start=dt.date(2026, 9, 10), end=dt.date(2026, 9, 13))
EARLY_AUG = DateRange(start=dt.date(2027, 8, 3), end=dt.date(2027, 8, 6))
FEB = DateRange(start=dt.date(2027, 2, 3), end=dt.date(2027, 2, 6))


@pytest.mark.parametrize("text, sept, aug, feb", [
    ("Temporada media (junio y septiembre): 90 € la noche", True, False, False),
    ("Open May to September, 10am-6pm", True, True, False),
    ("Abierto de octubre a marzo", False, False, True),       # a run over the new year
    ("Horario de verano julio-agosto", False, True, False),
    ("Season: April through October", True, True, False),
    ("Visitas guiadas entre junio y septiembre de 2026", True, False, False),
    ("Boat trips from June 2027", False, True, False),         # an open end
    ("Cerrado en agosto por vacaciones", None, False, None),   # a closure: not on then
    ("Closed in August.", None, False, None),
    # no month: an everyday "may", a street's name, the past's "ago"
    ("Great reviews. You may book online.", None, None, None),
    ("May I help you? Tickets 12 €.", None, None, None),
    ("Hotel en la Plaza de Mayo, 3 estrellas", None, None, None),
    ("Booked 2 days ago by a guest", None, None, None),
    ("Festival del 3 al 7 de junio.", False, False, False),    # a day's reading wins
])
def test_months_named_alone_are_their_dates(text: str, sept: bool | None, aug: bool | None,
                                            feb: bool | None) -> None:
    record = {"name": "x", "evidence": [{"text": text}]}
    assert (on_dates(record, MID_SEPT), on_dates(record, EARLY_AUG),
            on_dates(record, FEB)) == (sept, aug, feb)


def test_a_month_asked_meets_a_month_named() -> None:
    record = {"name": "x", "evidence": [{"text": "Abierto en julio y agosto"}]}
    assert on_dates(record, Month(year=2027, month=7)) is True
    assert on_dates(record, Month(year=2027, month=9)) is False
