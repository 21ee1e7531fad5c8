"""docs/authoring.md stays true to the code.

Every complete YAML document in it validates against the shipped config, and its
reference tables name every key of the models (phase keys, top-level keys, mission keys,
input types, retry classes) and every parameter of every step kind. The example phrases
of its input-type tables read what the tables say they read: "How F0 reads the query"
through the request parser (money's comparator, period and amounts, ratings, sizes and
weights converted, places, subjects, months and date ranges), "Input types and how
values are written" through the value reader.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
import shutil
from pathlib import Path

import pytest

from scout.errors import ERROR_KINDS
from scout.spec.models import Defaults, InputSpec, Mission, Phase, Pipeline
from scout.stepkit.registry import STEP_KINDS
from scout.schemas.task import INPUT_TYPES, DateRange, Month
from scout.task.parser import parse_query
from scout.task.values import coerce
from scout.validate import validate_paths

ROOT = Path(__file__).resolve().parent.parent.parent
DOC = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")


def yaml_documents() -> list[str]:
    blocks = re.findall(r"```yaml\n(.*?)```", DOC, re.S)
    return [b for b in blocks if re.search(r"^apiVersion: scout/v1$", b, re.M)]


def _keys(model) -> set[str]:
    return {f.alias or name for name, f in model.model_fields.items()}


# headings only: comment lines inside ``` blocks also start with '#'
PROSE = re.sub(r"```.*?```", "", DOC, flags=re.S)


def _section(title: str) -> str:
    """The text of the '## title' or '### title' section (code blocks left out)."""
    m = re.search(rf"^(#+) {re.escape(title)}\n(.*?)(?=^#{{1,3}} |\Z)", PROSE, re.S | re.M)
    assert m, f"docs/authoring.md has no section '{title}'"
    return m.group(2)


def test_every_complete_example_validates(tmp_path) -> None:
    docs = yaml_documents()
    assert len(docs) >= 4
    pipelines = tmp_path / "pipelines"
    (pipelines / "missions").mkdir(parents=True)
    shutil.copy(ROOT / "pipelines" / "hotel_research.yaml", pipelines)
    written = []
    for i, text in enumerate(docs):
        if re.search(r"^kind: Mission$", text, re.M):
            path = pipelines / "missions" / f"example_{i}.yaml"
        else:
            name = re.search(r"^name: (\S+)$", text, re.M).group(1)
            path = pipelines / f"{name.replace('-', '_')}.yaml"
        path.write_text(text, encoding="utf-8")
        written.append(path)
    result = validate_paths(written, config=ROOT / "config" / "adapters.yaml")
    problems = [f"{p.location}: {p.code} {p.message}" for p in result.problems]
    assert result.ok and not problems, problems
    assert {f.kind for f in result.files} == {"Pipeline", "Mission"}


def test_reference_tables_name_every_key() -> None:
    tables = {
        "Top-level keys": _keys(Pipeline),
        "Inputs": _keys(InputSpec),
        "Phases": _keys(Phase),
        "Missions": _keys(Mission),
        "Defaults": _keys(Defaults),
    }
    for title, keys in tables.items():
        text = _section(title)
        missing = sorted(k for k in keys if f"`{k}`" not in text)
        assert not missing, f"section '{title}' does not mention {missing}"


def test_every_input_type_and_retry_class_is_described() -> None:
    types = _section("Input types and how values are written")
    assert not [t for t in INPUT_TYPES if f"| `{t}` |" not in types]
    retry = _section("Retry")
    assert not [k for k in ERROR_KINDS if f"`{k}`" not in retry]


@pytest.mark.parametrize("name", sorted(STEP_KINDS))
def test_every_step_kind_and_parameter_is_documented(name: str) -> None:
    text = _section(f"`{name}`")
    params = _keys(STEP_KINDS[name].params)
    if name == "search":  # extract's keys have their own table in the same section
        from scout.stepkit.params import ExtractRules

        missing_extract = sorted(k for k in _keys(ExtractRules) if f"| `{k}` |" not in text)
        assert not missing_extract, f"extract keys not documented: {missing_extract}"
    missing = sorted(k for k in params if f"| `{k}` |" not in text)
    assert not missing, f"step kind '{name}': parameters not documented: {missing}"


# --- "How F0 reads the query": the example phrases read what the table says ----------
#
# The table's cells are prose, but where a cell states a result it does so in a few
# fixed shapes: `phrase` → `value`, `a` / `b` (8.5), `a` / `b` (per month: `per` is
# `month`), (`x`, `y` → 9.0, 9.2). The cases below are read out of the doc in those shapes
# (nothing is copied here), so a phrase added in one of them is checked too, and each is
# given to parse_query with a pipeline's inputs of that type.

TODAY = dt.date(2026, 12, 2)
F0 = _section("How F0 reads the query")
_ROWS: dict[str, str] = {}
for _line in F0.splitlines():
    if _line.startswith("| `"):
        _head, _cell = _line[2:].split(" | ", 1)
        _ROWS[_head.strip()] = _cell


def _row(kind: str) -> str:
    assert f"`{kind}`" in _ROWS, f"the F0 table has no `{kind}` row"
    return _ROWS[f"`{kind}`"]


def _items(cell: str) -> list[str]:
    """The cell's top-level items: split at `,` and `;` outside code and parentheses."""
    out, cur, depth, code = [], "", 0, False
    for ch in cell:
        if ch == "`":
            code = not code
        elif not code and ch in "()":
            depth += 1 if ch == "(" else -1
        if not code and depth == 0 and ch in ",;":
            out.append(cur.strip())
            cur = ""
            continue
        cur += ch
    return [*out, cur.strip(" |")]


def _phrases(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def _split(item: str) -> tuple[list[str], str]:
    """`a` / `b` (note) → ([a, b], note); an item with no note → (phrases, "")."""
    m = re.match(r"^((?:`[^`]+`(?: / )?)+)\s*\((.*)\)$", item, re.S)
    if m:
        return _phrases(m.group(1)), m.group(2)
    return [], ""


def _arrows(cell: str) -> list[tuple[str, str]]:
    """Every `phrase` → `value` (also `phrase` (→ `value`)) in a cell."""
    return re.findall(r"`([^`]+)`\)? \(?→ `([^`]+)`", cell)


def _number(text: str) -> float:
    return float(text.replace(",", "."))


def _read(query: str, inputs: dict[str, InputSpec]):
    return parse_query(query, inputs, today=TODAY)


# money ---------------------------------------------------------------------------------

MONEY = {"budget": InputSpec(type="money")}
_COMPARATOR = re.compile(r"^`(~|<=|>=)`")
_PER = re.compile(r"per (?:\w+: `per` is |)`?(\w+)`?")


def money_cases() -> list[tuple[str, str, object]]:
    """(phrase, attribute, expected) for each money item with an explicit note."""
    cases: list[tuple[str, str, object]] = []
    for item in _items(_row("money")):
        phrases, note = _split(item)
        # "(`x`, `y`: per year)" and "`x`, `<=`" inside any note or prose item
        for inner, per in re.findall(r"\(((?:`[^`]+`(?:, )?)+): per (\w+)\)", item):
            cases += [(p, "per", per) for p in _phrases(inner)]
        cases += [(p, "comparator", c) for p, c in re.findall(r"`([^`]+)`, `(<=|>=|~)`", item)]
        if not phrases:
            # "a negated floor is a cap (`x`, `y` → `<=`)"
            m = re.search(r"\((.*) → `(<=|>=|~)`\)?$", item)
            if m:
                cases += [(p, "comparator", m.group(2)) for p in _phrases(m.group(1))]
            continue
        if (m := _COMPARATOR.match(note)):
            cases += [(p, "comparator", m.group(1)) for p in phrases]
        elif "no period" in note:
            cases += [(p, "per", None) for p in phrases]
        elif note.startswith("per ") and (m := _PER.match(note)):
            cases += [(p, "per", m.group(1)) for p in phrases]
        elif (m := re.fullmatch(r"([\d /]+) ([A-Z]{3})", note)):
            amounts = [float(a) for a in m.group(1).split("/")]
            assert len(amounts) == len(phrases), item
            cases += [(p, "amount", a) for p, a in zip(phrases, amounts)]
            cases += [(p, "currency", m.group(2)) for p in phrases]
        elif note.startswith("a range"):
            cases += [(p, "range", True) for p in phrases]
    return cases


def _money(phrase: str):
    got = _read(phrase, MONEY).values.get("budget")
    if got is None and not re.search(r"\d", phrase):
        # a unit written alone in the table (`monthly`, `por año`) is read after an amount
        got = _read(f"1000 EUR {phrase}", MONEY).values.get("budget")
    return got


def test_the_money_row_states_results() -> None:
    attrs = {a for _, a, _ in money_cases()}
    assert {"comparator", "per", "amount", "range"} <= attrs, attrs
    assert len(money_cases()) > 30


@pytest.mark.parametrize("phrase,attr,expected", money_cases())
def test_money_phrase_reads_as_documented(phrase: str, attr: str, expected: object) -> None:
    got = _money(phrase)
    assert got is not None, f"`{phrase}` reads no money"
    if attr == "range":
        assert got.min is not None and got.min < got.amount, got
    else:
        assert getattr(got, attr) == expected, f"`{phrase}`: {attr} is {getattr(got, attr)!r}"


# rating --------------------------------------------------------------------------------

RATING_DEFAULT = 7.5  # no phrase of the table reads 7.5: "the input's default" shows as it


def _rating_inputs(cell: str) -> dict[str, InputSpec]:
    # the review sources the row's example names as the input's `aliases: [...]`
    m = re.search(r"`aliases: \[([^\]]+)\]`", cell)
    aliases = [a.strip() for a in m.group(1).split(",")] if m else []
    return {"min_rating": InputSpec(type="rating", default=RATING_DEFAULT, aliases=aliases),
            "place": InputSpec(type="place"), "thing": InputSpec(type="subject")}


def rating_cases() -> list[tuple[str, float | None]]:
    cell = _row("rating")
    cases: list[tuple[str, float | None]] = []
    for item in _items(cell):
        phrases, note = _split(item)
        if phrases and re.fullmatch(r"\d+(?:\.\d+)?", note):          # `a` / `b` (8.5)
            cases += [(p, float(note)) for p in phrases]
        elif phrases and "the input's default" in note:
            cases += [(p, RATING_DEFAULT) for p in phrases]
    # (`a`, `b` → 9.0, 9.2): one value each, in order
    for inner, values in re.findall(r"\(((?:`[^`]+`(?:, )?){2,}) → ([\d., ]+\d)\)", cell):
        phrases, numbers = _phrases(inner), [float(v) for v in values.split(", ")]
        assert len(phrases) == len(numbers), inner
        cases += list(zip(phrases, numbers))
    # `phrase` → 9.2 (one phrase, one number)
    cases += [(p, _number(v)) for p, v in
              re.findall(r"`([^`]+)` → (\d+(?:[.,]\d+)?)(?![.,]?\d|, \d)", cell)]
    # whole stars in a request about lodging are its category: no minimum is set
    category = re.search(r"Whole stars in a request about lodging \(([^)]*)\)", cell)
    assert category, "the rating row no longer says which stars are a category"
    cases += [(p, None) for p in _phrases(category.group(1))]
    return cases


def test_the_rating_row_states_results() -> None:
    values = [v for _, v in rating_cases()]
    assert len(values) >= 15 and None in values and RATING_DEFAULT in values


@pytest.mark.parametrize("phrase,expected", rating_cases())
def test_rating_phrase_reads_as_documented(phrase: str, expected: float | None) -> None:
    got = _read(phrase, _rating_inputs(_row("rating"))).values.get("min_rating")
    assert got == (pytest.approx(expected) if expected is not None else None), \
        f"`{phrase}` reads {got!r}"


def test_a_request_with_no_rating_reads_none() -> None:
    # what makes the default's cases above mean something: it is not filled in anyway
    assert "min_rating" not in _read("hotel in Lyon", _rating_inputs("")).values


# data_size, weight, area: the unit conversions -----------------------------------------

# one input of each type: "with one input of the type, any size is its"
QUANTITIES = {
    "data_size": {"min_ram": InputSpec(type="data_size", aliases=["ram", "memory"])},
    "weight": {"max_weight": InputSpec(type="weight")},
    "area": {"min_area": InputSpec(type="area")},
}
# two, in this order, for "`laptop 16GB 512GB` → memory `16`, storage `512`"
TWO_SIZES = {"memory": QUANTITIES["data_size"]["min_ram"],
             "storage": InputSpec(type="data_size", aliases=["ssd", "storage"])}


def quantity_cases() -> list[tuple[str, str, float]]:
    cases = []
    for kind in QUANTITIES:
        cell = _row(kind)
        cases += [(kind, p, _number(v)) for p, v in _arrows(cell)
                  if re.fullmatch(r"\d+(?:[.,]\d+)?", v)]
    return cases


def two_input_cases() -> list[tuple[str, dict[str, float]]]:
    """`phrase` → memory `16`, storage `512`: the named inputs' values."""
    out = []
    for phrase, pairs in re.findall(r"`([^`]+)` → ((?:\w+ `[\d.,]+`(?:, )?){2,})", _row("data_size")):
        out.append((phrase, {n: _number(v) for n, v in re.findall(r"(\w+) `([\d.,]+)`", pairs)}))
    return out


def quantity_phrases() -> list[tuple[str, str, bool]]:
    """(type, phrase, read?) for the rows' opening list of examples, up to the first em
    dash (after it the rows explain). A phrase inside a note is left to the cases above,
    but a counter-example's (`but `x` is a distance`, `` `2 gigs` are concerts``) reads none."""
    out = []
    for kind in QUANTITIES:
        head = _row(kind).split(" — ", 1)[0]
        for item in _items(head):
            outside = re.sub(r"\(.*\)", "", item)
            out += [(kind, p, True) for p in _phrases(outside)]
            out += [(kind, p, False) for p in
                    re.findall(r"(?:\(but |: )`([^`]+)` (?:is a|are) \w+\)", item)]
    return out


def test_the_quantity_rows_state_conversions() -> None:
    assert {k for k, _, _ in quantity_cases()} >= {"data_size", "weight"}
    assert two_input_cases() and False in {r for _, _, r in quantity_phrases()}
    assert len(quantity_phrases()) >= 20


@pytest.mark.parametrize("kind,phrase,expected", quantity_cases())
def test_quantity_converts_as_documented(kind: str, phrase: str, expected: float) -> None:
    values = _read(phrase, QUANTITIES[kind]).values
    assert pytest.approx(expected, abs=0.001) in list(values.values()), f"`{phrase}`: {values}"


@pytest.mark.parametrize("phrase,expected", two_input_cases())
def test_sizes_go_to_the_inputs_in_order(phrase: str, expected: dict[str, float]) -> None:
    assert _read(phrase, TWO_SIZES).values == expected


@pytest.mark.parametrize("kind,phrase,read", quantity_phrases())
def test_quantity_example_is_read(kind: str, phrase: str, read: bool) -> None:
    got = _read(phrase, QUANTITIES[kind]).values
    assert bool(got) == read, f"`{phrase}` reads {got or 'no ' + kind}"


# place and subject: `phrase` → `value` ---------------------------------------------------

# The rows' phrases are read by kinds with a budget and the row's input, with or without
# the other text input: `madird` alone is a subject where a kind has one, `gaming laptop`
# a place where a kind has one (a laptops kind has none), `el mejor ramen de lyon` needs
# the subject read first. A phrase passes when one of the two kinds reads the value.
PLACE, SUBJECT = InputSpec(type="place"), InputSpec(type="subject")
TEXT_KINDS = {"place": [{"place": PLACE, **MONEY}, {"place": PLACE, "thing": SUBJECT, **MONEY}],
              "subject": [{"thing": SUBJECT, **MONEY}, {"place": PLACE, "thing": SUBJECT, **MONEY}]}


def text_cases() -> list[tuple[str, str, str]]:
    return [(name, p, v) for name in ("place", "subject")
            for p, v in _arrows(_row(name)) if not v.startswith("[")]


def test_the_text_rows_state_results() -> None:
    assert {n for n, _, _ in text_cases()} == {"place", "subject"}
    assert len(text_cases()) >= 15


@pytest.mark.parametrize("kind,phrase,expected", text_cases())
def test_text_phrase_reads_as_documented(kind: str, phrase: str, expected: str) -> None:
    name = "place" if kind == "place" else "thing"
    read = [_read(phrase, inputs).values.get(name) for inputs in TEXT_KINDS[kind]]
    assert expected in read, f"`{phrase}`: {kind} {read}"


# month ---------------------------------------------------------------------------------

WHEN = {"when": InputSpec(type="month"), **MONEY}
MONTHS = {name: i for i, name in enumerate(calendar.month_name) if name}


def _next_month(today: dt.date) -> tuple[int, int]:
    return (today.year + today.month // 12, today.month % 12 + 1)


def month_cases() -> list[tuple[str, str, object]]:
    """(phrase, claim, detail): the claims the month row states in its own words."""
    cell = _row("month")
    items = _items(cell)
    cases: list[tuple[str, str, object]] = []
    # "also spans, which make the value a date range: `a`, ..., up to what stays a month
    start = next(i for i, it in enumerate(items) if "which make the value a date range" in it)
    claim = "range"
    for item in items[start:]:
        if "stay months" in item:
            cases += [(p, "month", _next_month(TODAY)) for p in _phrases(item)]
            claim = "past"  # then `last month`, ... "are read and flagged as past"
            continue
        cases += [(p, claim, None) for p in _phrases(item.split(":", 1)[-1])]
        if item.endswith("are read and flagged as past"):
            break
    assert claim == "past", "the month row no longer lists what stays a month, then the past"
    for item in items:
        phrases, note = _split(item)
        if phrases and note in MONTHS:                                 # `x` (January)
            cases += [(p, "starts", (MONTHS[note], None)) for p in phrases]
        elif phrases and (m := re.fullmatch(r"(\d+) (\w+)", note)) and m.group(2) in MONTHS:
            cases += [(p, "starts", (MONTHS[m.group(2)], int(m.group(1)))) for p in phrases]
        elif phrases and note.endswith(": unread)") or note.endswith("unread"):
            cases += [(p, "unread", None) for p in phrases]
        # `1/11-1/14` being 11-14 January; `the 3rd floor` is no date
        for p, first, last, month in re.findall(r"`([^`]+)` being (\d+)-(\d+) (\w+)", item):
            cases.append((p, "span", (MONTHS[month], int(first), int(last))))
        cases += [(p, "unread", None) for p in re.findall(r"`([^`]+)` is no date", item)]
    return cases


def test_the_month_row_states_results() -> None:
    claims = {c for _, c, _ in month_cases()}
    assert claims == {"range", "month", "past", "starts", "span", "unread"}, claims


@pytest.mark.parametrize("phrase,claim,detail", month_cases())
def test_month_phrase_reads_as_documented(phrase: str, claim: str, detail) -> None:
    got = _read(phrase, WHEN)
    value = got.values.get("when")
    if claim == "unread":
        assert value is None, f"`{phrase}` reads {value}"
        return
    assert value is not None, f"`{phrase}` reads no month or date range"
    first = (value.year, value.month) if isinstance(value, Month) else value.start
    if claim == "range":
        assert isinstance(value, DateRange), f"`{phrase}` reads {value!r}, not a range"
    elif claim == "month":
        assert isinstance(value, Month) and first == detail, f"`{phrase}` reads {value!r}"
    elif claim == "past":
        assert "past:when" in got.flags, f"`{phrase}` ({value}) is not flagged as past"
    elif claim == "starts":
        month, day = detail
        month_read = first[1] if isinstance(value, Month) else first.month
        assert month_read == month and day in (None, getattr(first, "day", None)), value
    else:
        month, a, b = detail
        assert isinstance(value, DateRange), value
        assert (value.start.month, value.start.day, value.end.day) == (month, a, b), value


# "Input types and how values are written": a default's, a mission's, --set's values -----

WRITTEN = _section("Input types and how values are written")


def written_cases() -> list[tuple[str, str, list[float]]]:
    """(type, example, the numbers the row says its examples become) for the numeric rows:
    each example becomes one of the row's numbers (`60`, `"500 sq ft"` → `60.0`, `46.5`)."""
    out = []
    for line in WRITTEN.splitlines():
        cells = line.split(" | ")
        if not line.startswith("| `") or len(cells) < 3:
            continue
        kind = cells[0][3:-1]
        head = re.split(r"[;(]", cells[1], maxsplit=1)[0]    # the examples before a note
        becomes = re.split(r"\(", cells[2], maxsplit=1)[0]
        numbers = [float(n) for n in re.findall(r"`(\d+(?:\.\d+)?)`", becomes)]
        if numbers:  # `3`, `"3"`: the same value, quoted or not
            out += [(kind, p, numbers) for p in dict.fromkeys(q.strip('"') for q in _phrases(head))]
    return out


def test_the_numeric_rows_state_values() -> None:
    assert {k for k, _, _ in written_cases()} >= {"integer", "number", "area", "data_size",
                                                  "weight", "year"}


@pytest.mark.parametrize("kind,example,numbers", written_cases())
def test_written_value_becomes_what_the_row_says(kind: str, example: str,
                                                 numbers: list[float]) -> None:
    got = coerce(kind, example)
    assert any(got == pytest.approx(n, abs=0.05) for n in numbers), f"`{example}` → {got}"


def test_rating_scales_convert_as_documented() -> None:
    row = next(line for line in WRITTEN.splitlines() if line.startswith("| `rating` |"))
    scaled = re.findall(r"with `scale: (\d+)`, `([^`]+)` \(→ `([^`]+)`\)", row)
    plain = [(w, v) for w, v in _arrows(row) if "/" in w]    # `4.5/5` → `9.0`
    assert scaled and plain
    for scale, written, value in scaled:
        assert coerce("rating", float(written), scale=int(scale)) == float(value)
    for written, value in plain:
        assert coerce("rating", written) == float(value)


# date ----------------------------------------------------------------------------------

DATES = {"dates": InputSpec(type="date"), "when": InputSpec(type="month")}


def date_phrases() -> list[str]:
    head = _row("date").split(", and every span above", 1)
    assert len(head) == 2, "the date row no longer reads every span of the month row"
    return _phrases(head[0])


@pytest.mark.parametrize("phrase", date_phrases())
def test_date_phrase_is_read_and_gives_the_month_input_its_month(phrase: str) -> None:
    values = _read(phrase, DATES).values
    value = values.get("dates")
    assert isinstance(value, (dt.date, DateRange)), f"`{phrase}` reads {values}"
    first = value.start if isinstance(value, DateRange) else value
    # "a `month` input with no value of its own takes the range's month"
    assert values.get("when") == Month(year=first.year, month=first.month), values


def test_a_month_read_for_a_date_input_is_its_first_to_last_day() -> None:
    # the month row's months, before its spans, that name their year
    opening = _row("month").split("also spans", 1)[0]
    months = [p for p in _phrases(opening) if re.search(r"\b\d{4}\b", p)]
    assert len(months) >= 2, "the month row no longer opens with months and their year"
    for phrase in months:
        value = _read(phrase, {"dates": DATES["dates"]}).values.get("dates")
        assert isinstance(value, DateRange), f"`{phrase}` reads {value!r}"
        last = calendar.monthrange(value.start.year, value.start.month)[1]
        assert (value.start.day, value.end) == (1, value.start.replace(day=last)), value


# year ----------------------------------------------------------------------------------

YEAR = {"min_year": InputSpec(type="year"), **MONEY}


def year_cases() -> list[tuple[str, int | None]]:
    """The year row's examples up to its em dash that name one year: "the value is the year
    named"; and what it says is no year (`desde 2000 euros` is not a year)."""
    cell = _row("year")
    named = [(p, int(y[0])) for p in _phrases(cell.split(" — ", 1)[0])
             if len(y := re.findall(r"\b(\d{4})\b", p)) == 1]
    cases = named + [(p, None) for p in re.findall(r"`([^`]+)` is not a year", cell)]
    # a year typed bare after a name's word (`toyota corolla 2015`; not after a word of
    # time, order or amount: `before 2015`)
    bare = re.search(r"a year typed bare[^(]*\(([^;]*); not after [^:]*: ([^)]*)\)", cell)
    assert bare, "the year row no longer says where a bare year is read"
    cases += [(p, int(re.findall(r"\b\d{4}\b", p)[0])) for p in _phrases(bare.group(1))]
    return cases + [(p, None) for p in _phrases(bare.group(2))]


def test_the_year_row_states_results() -> None:
    values = [v for _, v in year_cases()]
    assert len(values) >= 10 and None in values


@pytest.mark.parametrize("phrase,expected", year_cases())
def test_year_phrase_reads_the_year_named(phrase: str, expected: int | None) -> None:
    assert _read(phrase, YEAR).values.get("min_year") == expected


def test_a_year_the_request_is_past_reads_the_next_one() -> None:
    # `published after 2020` → 2021: the first year it allows
    said = _row("year").split("for a year the request is past", 1)
    assert len(said) == 2, "the year row no longer says what a year the request is past reads"
    cases = re.findall(r"`([^`]+)` → (\d{4})", said[1].split(";", 1)[0])
    assert len(cases) >= 3
    for phrase, year in cases:
        assert _read(phrase, YEAR).values.get("min_year") == int(year), phrase


def test_two_year_inputs_get_both_ends() -> None:
    # `entre 2020 y 2024` → `since` 2020, `until` 2024
    cases = re.findall(r"`([^`]+)` → `(\w+)` (\d{4}), `(\w+)` (\d{4})", _row("year"))
    assert cases
    for phrase, first, a, second, b in cases:
        inputs = {first: InputSpec(type="year"), second: InputSpec(type="year")}
        assert _read(phrase, inputs).values == {first: int(a), second: int(b)}


# duration ------------------------------------------------------------------------------

MAX_DURATION = {"max_duration": InputSpec(type="duration")}


def duration_cases() -> list[tuple[str, bool]]:
    """(phrase, read?): the row's examples up to its em dash are read; `2024`, `100 m` "are
    no length", and a value written the other way round for `max_duration` is not read."""
    cell = _row("duration")
    cases = [(p, True) for p in _phrases(cell.split(" — ", 1)[0])]
    no_length = re.search(r"\(((?:`[^`]+`(?:, )?)+) are no length", cell)
    wrong_way = re.search(r"the other way round \(((?:`[^`]+`(?:, )?)+) for `max_duration`\)", cell)
    assert no_length and wrong_way, "the duration row no longer names what is not read"
    return cases + [(p, False) for p in _phrases(no_length.group(1) + wrong_way.group(1))]


@pytest.mark.parametrize("phrase,read", duration_cases())
def test_duration_phrase_is_read_or_not_as_documented(phrase: str, read: bool) -> None:
    got = _read(phrase, MAX_DURATION).values.get("max_duration")
    assert (isinstance(got, int) and got > 0) if read else got is None, f"`{phrase}` → {got}"


def test_the_walkthroughs_mission_reads_what_its_inputs_say(tmp_path) -> None:
    """The walkthrough's kind, planned with its Mission as a newcomer would: the request's
    cuisine fills `cuisine` (a kind whose name holds the cuisine would read it as
    itself, and its searches would lose it), the budget is per person, 4.5/5 is 9/10."""
    from scout import api

    walk = DOC.split("## Walkthrough: write a new research kind", 1)[1]
    pipeline, mission = [b for b in re.findall(r"```yaml\n(.*?)```", walk, re.S)
                         if re.search(r"^apiVersion: scout/v1$", b, re.M)][:2]
    (tmp_path / "pipelines" / "missions").mkdir(parents=True)
    target = re.search(r"^pipeline: \.\./(\S+)$", mission, re.M).group(1)
    (tmp_path / "pipelines" / target).write_text(pipeline, encoding="utf-8")
    file = tmp_path / "pipelines" / "missions" / "walkthrough.yaml"
    file.write_text(mission, encoding="utf-8")
    plan = api.plan(file, config=ROOT / "config" / "adapters.yaml",
                    runs_dir=tmp_path / "runs", today=TODAY)
    values = plan.task["values"]
    assert values["city"] == "San Sebastián"
    assert values["cuisine"] == "Basque"
    assert (values["budget"]["amount"], values["budget"]["per"]) == (60.0, "person")
    assert values["min_rating"] == 9.0


def test_the_gettext_and_format_example_renders_as_its_table_says() -> None:
    """The `_()` / `| format` example of "Making a kind bilingual" renders, line by line,
    what the table under it says, in both languages, in the report's environment."""
    from scout.report.render import make_report_env

    m = re.search(r"```jinja\n(\{\{ _\(\"\(%\(said\)s.*?)```\n\n(.*?)\n\n", DOC, re.S)
    assert m, "the _() and | format example is gone from docs/authoring.md"
    lines = [ln for ln in m.group(1).splitlines() if ln.strip()]
    rows = re.findall(r"^\s*\| (\d+) \| ([^|]+) \| ([^|]+) \|$", m.group(2), re.M)
    assert len(rows) == len(lines) >= 3
    for lang, col in (("en", 1), ("es", 2)):
        env = make_report_env(ROOT / "templates", lang)
        for line, row in zip(lines, rows):
            assert env.from_string(line).render() == row[col].strip(), (lang, line)
