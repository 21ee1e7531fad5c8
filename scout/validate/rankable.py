"""What the ``rank`` step's ``items`` names must be: candidates or videos (SPEC027), and
what its ``variants`` names: an input with an enum, its ``people`` an integer input, its
``tiers`` an integer, number or area input (SPEC080); warnings for an order that may or may not be money (SPEC087), a price ordered
dearest first by the default ``descending`` (SPEC089) and a ``where`` with no reason
(SPEC090).

``rank`` orders the records of one artifact: the candidates a ``search`` phase extracts
(``extract: {record: candidate}``) or the videos a ``videos`` phase finds. Anything else
(reviews or prices, pages, a shortlist, the task, an input) fails only at run time,
after every phase before it has run and been paid for. Here the validator reads what
each artifact holds from the built-in step kind of the phase that produces it. An
artifact made by a ``python:`` step or a plug-in kind could be anything: it is not
judged.
"""

from __future__ import annotations

from typing import Any

from scout.errors import Problem
from scout.spec.models import Phase, Pipeline
from scout.spec.yamlload import SourceMap
from scout.stepkit.params import TIER_TYPES, RankParams
from scout.stepkit.registry import get_step_kind
from scout.suggest import closest, did_you_mean
from scout.units import MEASURE_OF_TYPE, MEASURE_UNITS

#: what rank's run() accepts (scout/steps/rank.py)
RANKABLE = "candidates or videos"
HOW = ("rank ranks what a search phase extracts with 'extract: {record: candidate}' or "
       "what a videos phase finds")

#: what each built-in kind's one artifact holds, when it is not a search's (see below)
_HOLDS = {
    "task": "the parsed request (a Task)",
    "fetch": "fetched pages",
    "videos": "videos",
    "transcripts": "transcript evidence",
    "synthesize": "a synthesis",
    "rank": "a shortlist (already ranked)",
    "report": "a rendered report",
    "email": "an e-mail delivery",
    "images": "photos",
    "thumbnails": "a photo gallery",
}
_SEARCH_HOLDS = {"candidate": "candidates", "review": "review evidence",
                 "price": "price evidence", "source": "search results (sources)"}


def holds(phase: Phase) -> str | None:
    """What the artifact of ``phase`` holds, in words; None when scout cannot tell (a
    ``python:`` step, a plug-in kind, a ``with:`` too broken to read)."""
    try:
        kind = get_step_kind(phase.uses)
    except (LookupError, ValueError):
        return None  # reported as SPEC030/SPEC032 on that phase
    # a plug-in may re-register a built-in name: only scout's own runner is known
    if kind.runner != f"scout.steps.{phase.uses}:run":
        return None
    if phase.uses != "search":
        return _HOLDS.get(phase.uses)
    extract: Any = phase.with_.get("extract", {})
    record = extract.get("record", "source") if isinstance(extract, dict) else None
    return _SEARCH_HOLDS.get(record) if isinstance(record, str) else None


def rankable(holding: str | None) -> bool:
    return holding in ("candidates", "videos")


def check_rank_items(pid: str, phase: Phase, params: RankParams, pipeline: Pipeline,
                     smap: SourceMap) -> list[Problem]:
    """SPEC027 when ``items`` names an artifact that is not candidates or videos."""
    name = params.items
    if name not in phase.need_names:
        return []  # SPEC026 says so already
    fix = None
    if name in pipeline.inputs:
        what = f"the input '{name}'"
    else:
        producers = [p for p, ph in pipeline.phases.items() if name in ph.produces]
        if len(producers) != 1:
            return []  # nobody (SPEC021) or several (SPEC020) make it: said already
        maker = pipeline.phases[producers[0]]
        holding = holds(maker)
        if holding is None or rankable(holding):
            return []
        what = f"{holding}, from phase '{producers[0]}' ({maker.uses})"
        if holding == _SEARCH_HOLDS["source"]:  # most likely: extract was left out
            fix = (f"give phase '{producers[0]}' 'extract: {{record: candidate}}' to rank "
                   "its results")
    alternative = _alternative(name, phase, pipeline)
    hint = " or ".join(h for h in (fix, alternative) if h) or HOW
    return [Problem(
        "SPEC027", f"phase '{pid}' (rank): 'items: {name}' is {what}; rank needs "
        f"{RANKABLE}", smap.locate(("phases", pid, "with", "items")), hint=hint)]


def _alternative(name: str, phase: Phase, pipeline: Pipeline) -> str | None:
    """The rankable artifact the author most likely meant: among the phase's needs
    first, else in the whole pipeline (then it must be added to needs)."""
    made = {art: ph for ph in pipeline.phases.values() for art in ph.produces}
    ok = [art for art, ph in made.items() if art != name and rankable(holds(ph))]
    needed = [art for art in ok if art in phase.need_names]
    for pool, extra in ((needed, ""), (ok, " (and add it to needs)")):
        if not pool:
            continue
        best = closest(name, pool) or (pool[0] if len(pool) == 1 else None)
        if best is not None:
            return f"did you mean '{best}'?{extra}"
        return f"rankable here: {', '.join(sorted(pool))}{extra}"
    return None


def check_rank_variants(pid: str, params: RankParams, pipeline: Pipeline,
                        smap: SourceMap) -> list[Problem]:
    """SPEC080 when ``variants`` names no input with an ``enum`` (its values are the
    words a source labels a version's price with, so without them no price is read),
    ``people`` no integer input, ``volume`` an input that counts no work, or
    ``hours_per`` one that counts no hours, ``days_per_week`` one that counts no days."""
    return _people_problems(pid, params, pipeline, smap) + _variants_problems(
        pid, params, pipeline, smap) + _volume_problems(pid, params, pipeline, smap) + \
        _hours_problems(pid, params, pipeline, smap) + _days_problems(pid, params, pipeline, smap) \
        + _term_problems(pid, params, pipeline, smap) \
        + cost_order_problems(pid, params, smap) \
        + unexplained_where_problems(pid, params, smap) + _tiers_problems(
            pid, params, pipeline, smap)


def cost_order_problems(pid: str, params: RankParams, smap: SourceMap) -> list[Problem]:
    """SPEC087, a warning: an ``order_by`` that reads the price through a call or a filter
    whose result may or may not be an amount of money (``[h.price.amount, 500] | min``,
    a project's own filter): the synthesis calls the first candidate "the cheapest" only
    by an order that is one (:mod:`scout.steps.costorder`), so this one is not taken for
    the cost."""
    from scout.steps.costorder import UNKNOWN, order_kind, reads_price

    return [Problem(
        "SPEC087", f"phase '{pid}' (rank): order_by '{expr}' reads the price but it cannot "
        "be told whether it is an amount of money: the report will not call the first "
        "result the cheapest by it", smap.locate(("phases", pid, "with", "order_by", i)),
        severity="warning",
        hint="write the amount itself ('h.price.amount', '-(h.price.amount) if h.price else "
             "none', 'h.price.amount / task.nights'), or a ratio of it with another value "
             "('h.price.amount / h.rating') when the order is no cost")
        # with its values' names written out: a value reading the price reads it
        for i, (expr, full) in enumerate(zip(params.order_by, params.expanded_order_by()))
        if reads_price(full, params.as_) and order_kind(full, params.as_) == UNKNOWN]


def dearest_first_problems(pid: str, phase: Phase, params: RankParams,
                           smap: SourceMap) -> list[Problem]:
    """SPEC089, a warning: the first ``order_by`` that is an amount of money (the cost,
    :mod:`scout.steps.costorder`) sorted by rank's default ``descending: true``, which
    puts the dearest first, and no ``descending`` written: an author ordering by the
    price means the cheapest first far more often. ``descending: true`` written says the
    dearest is wanted; an amount negated (``-(h.price.amount)``) is the cheapest first."""
    from scout.steps.costorder import MONEY, negated, order_kind, reads_price

    if "descending" in phase.with_:
        return []
    for i, (expr, full) in enumerate(zip(params.order_by, params.expanded_order_by())):
        if not reads_price(full, params.as_):
            continue
        if order_kind(full, params.as_) != MONEY or negated(full):
            return []  # the first order reading the price is the one that counts
        return [Problem(
            "SPEC089", f"phase '{pid}' (rank): order_by '{expr}' is an amount of money and "
            "rank sorts descending unless told otherwise: the dearest result comes first",
            smap.locate(("phases", pid, "with", "order_by", i)), severity="warning",
            hint="add 'descending: false' for the cheapest first, or 'descending: true' "
                 "if the dearest is wanted")]
    return []


def unexplained_where_problems(pid: str, params: RankParams,
                               smap: SourceMap) -> list[Problem]:
    """SPEC090, a warning: a ``where`` with no ``reasons`` entry at its position. The
    report lists a record it leaves out with the expression itself as the reason
    (``task.budget is none or c.price is none or ...``), in an English and a Spanish
    report alike: what a reader cannot read. One warning per phase, at the first."""
    missing = list(range(len(params.reasons), len(params.where)))
    if not missing:
        return []
    first = missing[0]
    more = f" (and {len(missing) - 1} more after it)" if len(missing) > 1 else ""
    return [Problem(
        "SPEC090", f"phase '{pid}' (rank): where '{params.where[first]}' has no reason"
        f"{more}: the report gives a record it leaves out the expression itself as the "
        "reason, in Spanish too", smap.locate(("phases", pid, "with", "where", first)),
        severity="warning",
        hint="add 'reasons:', one template per where in order, in the reader's words: "
             "reasons: [\"{{ _('over budget') }}\", \"{{ _('rating below the minimum') }}\"]")]


def _volume_problems(pid: str, params: RankParams, pipeline: Pipeline,
                     smap: SourceMap) -> list[Problem]:
    """SPEC080 when ``volume`` names no integer or duration input for a unit (the count
    of words or pages asked, the length of the audio), or a duration for a word."""
    problems = []
    counts = sorted(n for n, s in pipeline.inputs.items() if s.type in ("integer", "duration"))
    for unit, name in params.volume.items():
        spec = pipeline.inputs.get(name)
        timed = unit in ("minute", "hour")
        # a measure (m³, km) is counted by a number too, or by the input type measuring it
        measured = unit in MEASURE_UNITS
        kinds = ["number", *(t for t, units in MEASURE_OF_TYPE.items() if unit in units)] \
            if measured else []
        if spec is not None and (spec.type == "integer" or spec.type == "duration" and timed
                                 or spec.type in kinds):
            continue
        what = "no input" if spec is None else f"a {spec.type} input"
        hint = did_you_mean(name, counts, what="integer or duration inputs") \
            if spec is None else None
        problems.append(Problem(
            "SPEC080", f"phase '{pid}' (rank): 'volume: {{{unit}: {name}}}' names {what}: "
            f"the work asked in {unit}s is counted by an integer input"
            + (" or a duration input" if timed else "")
            + (f" or a {' or '.join(kinds)} input" if measured else ""),
            smap.locate(("phases", pid, "with", "volume", unit)),
            hint=hint or ("name the input that says how much work is asked (words: {type: "
                          "integer}, length: {type: duration})")))
    return problems


def _hours_problems(pid: str, params: RankParams, pipeline: Pipeline,
                    smap: SourceMap) -> list[Problem]:
    """SPEC080 when ``hours_per`` names no duration, integer or number input: the hours
    the request asks a period to hold are counted by one."""
    kinds = ("duration", "integer", "number")
    counts = sorted(n for n, s in pipeline.inputs.items() if s.type in kinds)
    problems = []
    for period, name in params.hours_per.items():
        spec = pipeline.inputs.get(name)
        if spec is not None and spec.type in kinds:
            continue
        what = "no input" if spec is None else f"a {spec.type} input"
        hint = did_you_mean(name, counts, what="duration, integer or number inputs") \
            if spec is None else None
        problems.append(Problem(
            "SPEC080", f"phase '{pid}' (rank): 'hours_per: {{{period}: {name}}}' names "
            f"{what}: the hours asked a {period} are counted by a duration, integer or "
            "number input", smap.locate(("phases", pid, "with", "hours_per", period)),
            hint=hint or "name the input that says how many hours a period holds "
                         "(weekly_hours: {type: duration})"))
    return problems


def _term_problems(pid: str, params: RankParams, pipeline: Pipeline,
                   smap: SourceMap) -> list[Problem]:
    """SPEC080 when ``term_cost``'s ``term`` names no duration input: the months a request
    buys for ("for 3 years") are a length, read by one."""
    name = params.term_cost.term if params.term_cost is not None else None
    spec = pipeline.inputs.get(name) if name else None
    if name is None or (spec is not None and spec.type == "duration"):
        return []
    lengths = sorted(n for n, s in pipeline.inputs.items() if s.type == "duration")
    what = "no input" if spec is None else f"a {spec.type} input"
    hint = did_you_mean(name, lengths, what="duration inputs") if spec is None else None
    return [Problem(
        "SPEC080", f"phase '{pid}' (rank): 'term_cost: {{term: {name}}}' names {what}: the "
        "term a request buys for is read by a duration input",
        smap.locate(("phases", pid, "with", "term_cost", "term")),
        hint=hint or "name the input that says how long is bought (term: {type: duration})")]


def _days_problems(pid: str, params: RankParams, pipeline: Pipeline,
                   smap: SourceMap) -> list[Problem]:
    """SPEC080 when ``days_per_week`` names no integer or number input: the days a week
    the request asks are counted by one."""
    name = params.days_per_week
    kinds = ("integer", "number")
    spec = pipeline.inputs.get(name) if name else None
    if name is None or (spec is not None and spec.type in kinds):
        return []
    counts = sorted(n for n, s in pipeline.inputs.items() if s.type in kinds)
    what = "no input" if spec is None else f"a {spec.type} input"
    hint = did_you_mean(name, counts, what="integer or number inputs") if spec is None else None
    return [Problem(
        "SPEC080", f"phase '{pid}' (rank): 'days_per_week: {name}' names {what}: the days "
        "a week asked are counted by an integer or number input",
        smap.locate(("phases", pid, "with", "days_per_week")),
        hint=hint or "name the input that says how many days a week are asked "
                     "(days: {type: integer, aliases: [días por semana, days a week]})")]


def _people_problems(pid: str, params: RankParams, pipeline: Pipeline,
                     smap: SourceMap) -> list[Problem]:
    """SPEC080 for each name ``people`` (or ``heads``: ``{pet: pets}``) gives that is no
    integer input: its value (or the sum of the listed ones) is the count a price per
    person (per pet) is multiplied by."""
    out = []
    fields: list[tuple[tuple[str, ...], str | list[str] | None, str]] = [
        (("people",), params.people, "person"),
        *((("heads", head), names, head) for head, names in params.heads.items())]
    for where, names, head in fields:
        listed = isinstance(names, list)
        for i, name in enumerate([names] if isinstance(names, str) else names or []):
            spec = pipeline.inputs.get(name)
            if spec is not None and spec.type == "integer":
                continue
            counts = sorted(n for n, s in pipeline.inputs.items() if s.type == "integer")
            what = "no input" if spec is None else f"a {spec.type} input"
            hint = did_you_mean(name, counts, what="integer inputs") if spec is None else None
            said = f"{where[0]}: {name}" if len(where) == 1 else f"heads: {{{head}: {name}}}"
            who = "people" if head == "person" else f"{head}s"
            out.append(Problem(
                "SPEC080", f"phase '{pid}' (rank): '{said}' names {what}: the {who} a price "
                f"per {head} is for are counted by an integer input", smap.locate(
                    ("phases", pid, "with", *where, *((i,) if listed else ()))),
                hint=hint or (f"name the integer input that counts the {who} (guests: {{type: "
                              "integer}})" + (f": {', '.join(counts)}" if counts else ""))))
    returns = params.return_trip
    for i, name in enumerate([returns] if isinstance(returns, str) else returns or []):
        if name in pipeline.inputs:
            continue
        out.append(Problem(
            "SPEC080", f"phase '{pid}' (rank): 'return_trip: {name}' names no input: the "
            "inputs saying a return trip is asked are the kind's own (a yes/no, a return "
            "date)", smap.locate(("phases", pid, "with", "return_trip",
                                  *((i,) if isinstance(returns, list) else ()))),
            hint=did_you_mean(name, sorted(pipeline.inputs), what="inputs")
            or "name a yes/no or date input (round_trip: {type: boolean})"))
    if params.person_prices and params.group_prices:
        out.append(Problem(
            "SPEC080", f"phase '{pid}' (rank): 'person_prices' and 'group_prices' say opposite "
            "things of a price naming no head: one person's, or the whole group's",
            smap.locate(("phases", pid, "with", "person_prices")),
            hint="keep the one the kind's pages mean"))
    # a price per person is multiplied, a group's divided, by the people asked: with none
    # counted neither ever is
    for key, on, those in (("person_prices", params.person_prices, "each price is paid for"),
                           ("group_prices", params.group_prices, "a group's price is shared by")):
        if on and not params.people:
            out.append(Problem(
                "SPEC080", f"phase '{pid}' (rank): '{key}: true' needs 'people', the "
                f"integer input(s) counting those {those}",
                smap.locate(("phases", pid, "with", key)),
                hint="add people: <the integer input counting them> (people: [adults, children])"))
    return out


def _tiers_problems(pid: str, params: RankParams, pipeline: Pipeline,
                    smap: SourceMap) -> list[Problem]:
    """SPEC080 for each name ``tiers`` gives that is no integer, number or area input:
    a page's price list by size or count is read in the words of one of those."""
    names = [params.tiers] if isinstance(params.tiers, str) else params.tiers or []
    fit = sorted(n for n, s in pipeline.inputs.items() if s.type in TIER_TYPES)
    out = []
    for i, name in enumerate(names):
        spec = pipeline.inputs.get(name)
        if spec is not None and spec.type in TIER_TYPES:
            continue
        what = "no input" if spec is None else f"a {spec.type} input"
        hint = did_you_mean(name, fit, what="integer, number or area inputs") \
            if spec is None else None
        path = ("phases", pid, "with", "tiers") + ((i,) if isinstance(params.tiers, list)
                                                    else ())
        out.append(Problem(
            "SPEC080", f"phase '{pid}' (rank): 'tiers: {name}' names {what}: a price list by "
            "size or count is labelled with an integer, number or area input's value",
            smap.locate(path),
            hint=hint or ("name the integer, number or area input the prices are listed by "
                          "(bedrooms, size)" + (f": {', '.join(fit)}" if fit else ""))))
    return out


def _variants_problems(pid: str, params: RankParams, pipeline: Pipeline,
                       smap: SourceMap) -> list[Problem]:
    name = params.variants
    if name is None:
        return []
    spec = pipeline.inputs.get(name)
    if spec is not None and spec.enum:
        return []
    with_enum = sorted(n for n, s in pipeline.inputs.items() if s.enum)
    what = "no input" if spec is None else "an input with no enum"
    hint = did_you_mean(name, with_enum, what="inputs with an enum") if spec is None else None
    return [Problem(
        "SPEC080", f"phase '{pid}' (rank): 'variants: {name}' names {what}: the versions a "
        "price is labelled with are an input's enum values", smap.locate(
            ("phases", pid, "with", "variants")),
        hint=hint or ("name an input whose enum lists the versions (format: [paperback, "
                      "hardcover, ebook])" + (f": {', '.join(with_enum)}" if with_enum else "")))]
