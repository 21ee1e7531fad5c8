"""A researcher's first pipeline: one realistic mistake per copy of a shipped pipeline.

Each case edits pipelines/restaurant_research.yaml or hotel_research.yaml the way a
first-time author would (from docs/authoring.md, in Spanish or English) and states
everything `scout validate` must say: the code, the line (the line holding ``at``) and
column (where ``col_at`` starts on it, when given), and words of the hint. Nothing else
may be reported, warnings included: a follow-on problem is noise the author has to read.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from scout.validate import validate_paths

ROOT = Path(__file__).resolve().parents[2]
CONFIG = Path(__file__).resolve().parent / "fixtures" / "adapters.yaml"
R = "restaurant_research.yaml"
H = "hotel_research.yaml"


@dataclass(frozen=True)
class Want:
    code: str
    at: str                 # text on the reported line (after the edit)
    hint: str = ""          # words of the hint
    col_at: str | None = None  # the reported column is where this starts on that line
    severity: str = "error"


@dataclass(frozen=True)
class Case:
    name: str
    base: str
    old: str
    new: str
    wants: tuple[Want, ...]


MIN_RATING = '"place.rating is none or place.rating >= task.min_rating"'
CASES = [
    Case("hash_cuts_query", R, 'query: "{{ place.name }} {{ task.city }} menu prices"',
         "query: carta y precios #2026", (
             Want("SPEC008", "#2026", '"carta y precios #2026"', "#2026", "warning"),
             # the query no longer names the place: the fan-out item is unused, and
             # nothing else
         )),
    Case("octal_limit", R, "limit: 20", "limit: 020",
         (Want("SPEC008", "limit: 020", "write 20 for the number", "020"),)),
    Case("place_default_no", R, 'city:       {type: place, required: true,',
         "city:       {type: place, default: NO,",
         (Want("SPEC014", "default: NO", 'quotes ("NO")', "NO"),)),
    Case("fases", R, "phases:", "fases:", (Want("SPEC010", "fases:", "did you mean 'phases'?"),)),
    Case("entradas", H, "inputs:", "entradas:",
         (Want("SPEC010", "entradas:", "did you mean 'inputs'?"),)),
    Case("type_dinero", R, "type: money", "type: dinero",
         (Want("SPEC012", "type: dinero", "did you mean 'money'?", "dinero"),)),
    Case("type_float", R, "type: rating", "type: float",
         (Want("SPEC012", "type: float", "did you mean 'number'?", "float"),)),
    Case("uses_buscar", R, "    uses: search\n    needs: [task]\n",
         "    uses: buscar\n    needs: [task]\n",
         (Want("SPEC030", "uses: buscar", "did you mean 'search'?", "buscar"),)),
    Case("needs_phase_id", R, "needs: [task, shortlist, reviews, prices]",
         "needs: [task, R1, reviews, prices]",
         (Want("SPEC021", "needs: [task, R1,", "did you mean 'shortlist'?", "R1"),)),
    Case("and_and", R, MIN_RATING, '"place.rating >= task.min_rating && place.rating <= 10"',
         (Want("SPEC050", "&& place.rating", "Jinja writes 'and'", "&&"),)),
    Case("len_call", R, MIN_RATING,
         '"place.rating >= task.min_rating and len(place.name) > 2"',
         (Want("SPEC051", "len(place.name)", "place.name | length"),)),
    Case("unquoted_word", R, MIN_RATING,
         '"place.rating >= task.min_rating and place.name != ramen"',
         (Want("SPEC051", "!= ramen", "quote it: 'ramen'"),)),
    Case("order_by_desc", R, 'order_by: ["place.rating or 0", "place.evidence_count"]',
         'order_by: "place.rating DESC"',
         (Want("SPEC050", "DESC", "'descending: true'", "DESC"),)),
    Case("fstring_braces", R, "in {{ task.city }}\"\n      limit: 20",
         "in {task.city}\"\n      limit: 20",
         (Want("SPEC071", "in {task.city}", "{{ task.city }}", "{task.city}"),)),
    Case("actions_dollar", H, '"{{ hotel.name }} {{ task.destination }} reviews"',
         '"${{ hotel.name }} {{ task.destination }} reviews"',
         (Want("SPEC071", "${{ hotel.name }}", "write {{ hotel.name }}, without the '$'", "$"),)),
    Case("item_field_typo", R, "{{ place.name }} {{ task.city }} reviews",
         "{{ place.nmae }} {{ task.city }} reviews",
         (Want("SPEC052", "place.nmae", "did you mean 'name'?", "nmae"),)),
    Case("rank_field_typo", R, "place.price.amount <= task.budget.amount",
         "place.prcie.amount <= task.budget.amount",
         (Want("SPEC052", "place.prcie", "did you mean 'price'?", "prcie"),)),
    Case("quote_inside_quotes", R, 'query: "{{ place.name }} {{ task.city }} menu prices"',
         'query: "{{ place.name }} "carta" precios"',
         (Want("SPEC001", '"carta"', "quote the value with '", 'carta"'),)),
    Case("apostrophe_in_single_quotes", H, "description: Find candidate hotels",
         "description: 'Find the city's hotels'",
         (Want("SPEC001", "city's", "write '' for each '", "s hotels"),)),
    Case("input_shorthand", R,
         'dish:       {type: subject, description: "what you want to eat (ramen, pizza, tapas...)"}',
         "dish: subject",
         (Want("SPEC012", "dish: subject", "dish: {type: subject}", "subject"),)),
    Case("as_with_a_field", R, "    as: place\n    max_parallel: 8\n    parallel_group: lookups\n"
         "    allow_partial: {min_success: 0.7}\n    chain: web\n    with:\n"
         "      query: \"{{ place.name }} {{ task.city }} reviews\"",
         "    as: place.name\n    max_parallel: 8\n    parallel_group: lookups\n"
         "    allow_partial: {min_success: 0.7}\n    chain: web\n    with:\n"
         "      query: \"{{ place.name }} {{ task.city }} reviews\"",
         # one mistake: not also "'place' is not in scope" in the query below it
         (Want("SPEC012", "as: place.name", "identifier", "place.name"),)),
    Case("money_field_typo", R, "place.price.amount <= task.budget.amount",
         "place.price.amount <= task.budget.amout",
         (Want("SPEC052", "task.budget.amout", "did you mean 'amount'?", "amout"),)),
    Case("record_money_field_typo", R, "place.price.amount <= task.budget.amount",
         "place.price.currency == task.budget.currency and place.price.cantidad > 0",
         (Want("SPEC052", "place.price.cantidad", "", "cantidad"),)),
    # a money value ordered whole: every record would be "could not check"
    Case("money_compared_whole", R, "place.price.amount <= task.budget.amount",
         "place.price <= task.budget",
         (Want("SPEC052", "place.price <= task.budget",
               "compare amounts: place.price.amount, task.budget.amount"),)),
    Case("month_field_in_spanish", H, "{% if task.month %} {{ task.month }}{% endif %}\"\n"
         "      limit: 20", "{% if task.month %} {{ task.month.nombre }}{% endif %}\"\n"
         "      limit: 20",
         (Want("SPEC052", "task.month.nombre", "did you mean 'name'?", "nombre"),)),
    # already right before this work: kept so that they stay right
    Case("tab", R, "    produces: [task]\n", "\tproduces: [task]\n",
         (Want("SPEC001", "\tproduces", "replace the tab"),)),
    Case("retry_under_with", R, "      limit: 20\n", "      limit: 20\n      retry: {attempts: 2}\n",
         (Want("SPEC010", "retry: {attempts: 2}", "", "retry"),)),
    Case("misspelt_chain", R, "chain: synthesis", "chain: synthesys",
         (Want("SPEC040", "chain: synthesys", "did you mean 'synthesis'?", "synthesys"),)),
    Case("misspelt_filter", R, "{{ task.city }}\"\n      limit: 20",
         "{{ task.city | uper }}\"\n      limit: 20",
         (Want("SPEC053", "| uper", "did you mean 'upper'?"),)),
    Case("misspelt_task_field", R, "in {{ task.city }}\"\n      limit: 20",
         "in {{ task.ctiy }}\"\n      limit: 20",
         (Want("SPEC052", "task.ctiy", "did you mean 'city'?"),)),
    Case("needs_itself", R, "needs: [task, shortlist, reviews, prices]",
         "needs: [task, shortlist, reviews, prices, synthesis]",
         (Want("SPEC022", "prices, synthesis]", "cannot need"),)),
    Case("group_dependency", R, "needs: [task, candidates]\n    for_each: candidates\n"
         "    as: place\n    max_parallel: 8\n    parallel_group: lookups\n"
         "    allow_partial: {min_success: 0.7}\n    chain: web\n    with:\n"
         "      query: \"{{ place.name }} {{ task.city }} menu",
         "needs: [task, candidates, reviews]\n    for_each: candidates\n"
         "    as: place\n    max_parallel: 8\n    parallel_group: lookups\n"
         "    allow_partial: {min_success: 0.7}\n    chain: web\n    with:\n"
         "      query: \"{{ place.name }} {{ task.city }} menu",
         (Want("SPEC023", "parallel_group: lookups\n    allow_partial: {min_success: 0.7}\n"
                       "    chain: web\n    with:\n      query: \"{{ place.name }} {{ task.city }} menu",
               "independent"),)),
    Case("duration_words", R, "timeout: 10m", "timeout: 10 minutos",
         (Want("SPEC012", "timeout: 10 minutos", "", "10 minutos"),)),
    Case("duplicate_key", R, "      limit: 20\n", "      limit: 20\n      limit: 10\n",
         (Want("SPEC004", "limit: 10", "silently keep only the last"),)),
    Case("unclosed_if", R, "per person{% endif %}?", "per person?",
         (Want("SPEC050", "question:", "in: "),)),
]


def _line_of(text: str, at: str) -> int:
    index = text.index(at)
    return text.count("\n", 0, index) + 1


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_a_first_pipeline_mistake_is_reported_where_and_how_it_should(
        case: Case, tmp_path: Path) -> None:
    text = (ROOT / "pipelines" / case.base).read_text(encoding="utf-8")
    assert case.old in text, "the shipped pipeline changed: update the case"
    edited = text.replace(case.old, case.new, 1)
    spec = tmp_path / case.base
    spec.write_text(edited, encoding="utf-8")
    problems = validate_paths([spec], config=CONFIG).problems
    got = [(p.code, p.severity, p.location.line if p.location else None) for p in problems]
    assert len(problems) == len(case.wants), problems
    lines = edited.split("\n")
    for want, p in zip(case.wants, problems):
        line = _line_of(edited, want.at)
        assert (p.code, p.severity, p.location.line) == (want.code, want.severity, line), got
        assert want.hint in (p.hint or ""), p
        if want.col_at is not None:
            assert p.location.col == lines[line - 1].index(want.col_at) + 1, p
        assert "Traceback" not in p.message and "internal" not in p.message.lower()
