"""The request corpus (tests/task/corpus/requests.yaml): every field type >= 97% right; the
same for the smaller holdout.yaml written after the parser.

The corpus was written before the bilingual parser; the scorer is the one
``benchmarks/parse.py`` prints, so the test and the benchmark cannot disagree.
"""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bench_parse", ROOT / "benchmarks" / "parse.py")
assert _spec and _spec.loader
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

CORPUS = bench.load_corpus()
HOLDOUT = bench.load_corpus(ROOT / "tests" / "task" / "corpus" / "holdout.yaml")
HOLDOUT_LEAD = bench.load_corpus(ROOT / "tests" / "task" / "corpus" / "holdout_lead.yaml")


def _a_blind_set(number: int, *, least: int, per_lang: int, kinds: set[str] | None = None,
                 labelled: bool = True) -> None:
    """Blind set ``number``'s shape: ``least`` requests, ``per_lang`` in each language, none
    written twice nor in the corpora before it (the held-out ones and blind sets 5 to
    ``number`` - 1); each request's kind is a real pipeline's inputs (``kinds``: those it
    must hold), it skips only fields its kind has and (``labelled``) labels only its kind's
    inputs."""
    held = bench.load_corpus(getattr(bench, f"BLIND{number}"))
    earlier = [getattr(bench, f"BLIND{n}") for n in range(5, number)]
    reqs = held["requests"]
    langs = Counter(r.get("lang") for r in reqs)
    assert len(reqs) >= least and langs["es"] >= per_lang and langs["en"] >= per_lang
    assert len({r["q"] for r in reqs}) == len(reqs), "a request is written twice"
    assert (kinds or set()) <= set(held["kinds"])
    others = [CORPUS, HOLDOUT, HOLDOUT_LEAD] + [bench.load_corpus(p)
                                               for p in [bench.HELDOUT, *earlier]]
    seen = {r["q"] for c in others for r in c["requests"]}
    assert not seen & {r["q"] for r in reqs}, "a blind request is in another corpus"
    for r in reqs:
        inputs = held["kinds"][r["kind"]]
        unknown = set(r.get("skip", ())) - set(inputs) - {"lang", "past"}
        assert not unknown, (r["q"], unknown)
        if labelled:
            labelled_fields = set(r) - {"kind", "lang", "q", "skip", "past"}
            assert labelled_fields <= set(inputs), (r["q"], labelled_fields - set(inputs))


def test_the_corpus_is_big_bilingual_and_varied() -> None:
    reqs = CORPUS["requests"]
    langs = Counter(r["lang"] for r in reqs)
    assert len(reqs) >= 150 and langs["es"] >= 60 and langs["en"] >= 60
    assert len({r["q"] for r in reqs}) == len(reqs), "a request is written twice"
    kinds = Counter(r["kind"] for r in reqs)
    assert len(kinds) >= 5 and max(kinds.values()) < 0.6 * len(reqs)


@pytest.fixture(scope="module")
def report() -> dict:
    return bench.score(CORPUS)


@pytest.mark.parametrize("field", ["place", "month", "date", "money", "rating", "lang", "past"])
def test_field_accuracy_meets_the_target(report: dict, field: str) -> None:
    f = report["fields"][field]
    wrong = [m for m in report["misses"] if m["type"] == field]
    listing = "\n".join(f"  {m['q']!r}: want {m['want']!r}, got {m['got']!r}" for m in wrong)
    assert f["accuracy"] >= bench.TARGET, f"{field}: {f['correct']}/{f['total']}\n{listing}"


def test_the_scorer_counts_an_invented_value_as_a_miss() -> None:
    corpus = {"today": CORPUS["today"], "kinds": CORPUS["kinds"],
              "requests": [{"kind": "laptop", "lang": "en", "q": "laptop under 900 EUR"}]}
    report = bench.score(corpus)  # the corpus entry says no budget: reading one is wrong
    assert report["fields"]["money"]["correct"] == 0


@pytest.mark.parametrize("holdout", [HOLDOUT, HOLDOUT_LEAD], ids=["holdout", "holdout_lead"])
def test_the_holdout_corpus_stays_right(holdout: dict) -> None:
    report = bench.score(holdout)
    for field, f in report["fields"].items():
        assert f["accuracy"] >= bench.TARGET, (field, [m for m in report["misses"]
                                                        if m["type"] == field])


@pytest.mark.parametrize("path", [bench.HELDOUT, bench.BLIND5], ids=["heldout", "blind5"])
def test_the_heldout_set_is_separate_bilingual_and_labelled(path: Path) -> None:
    """tests/task/corpus/heldout.yaml and blind5.yaml are scored only by ``parse.py
    --heldout`` / ``--blind5``: no target is asserted on them here (they are not tuned on),
    but their shape is checked, and no request is shared with another corpus."""
    held = bench.load_corpus(path)
    reqs = held["requests"]
    langs = Counter(r.get("lang") for r in reqs)
    assert len(reqs) >= 80 and langs["es"] >= 40 and langs["en"] >= 40
    assert len({r["q"] for r in reqs}) == len(reqs), "a request is written twice"
    assert set(held["kinds"]) == {"hotel", "restaurant"}
    others = [CORPUS, HOLDOUT, HOLDOUT_LEAD] + [bench.load_corpus(p) for p in
                                               (bench.HELDOUT, bench.BLIND5) if p != path]
    seen = {r["q"] for c in others for r in c["requests"]}
    assert not seen & {r["q"] for r in reqs}, "a held-out request is in another corpus"
    for r in reqs:
        unknown = set(r.get("skip", ())) - set(held["kinds"][r["kind"]]) - {"lang", "past"}
        assert not unknown, (r["q"], unknown)


def test_the_scorer_leaves_a_skipped_field_unscored() -> None:
    req = {"kind": "laptop", "lang": "en", "q": "laptop under 900 EUR"}
    corpus = {"today": CORPUS["today"], "kinds": CORPUS["kinds"], "requests": [req]}
    assert bench.score(corpus)["fields"]["money"]["total"] == 1
    corpus["requests"] = [{**req, "skip": ["budget"]}]
    assert "money" not in bench.score(corpus)["fields"]



def test_blind7_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind7.yaml (``parse.py --blind7``) is smaller than the held-out
    sets; the same checks of its shape, and no request shared with any other corpus."""
    _a_blind_set(7, least=30, per_lang=15, labelled=False)


def test_blind8_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind8.yaml (``parse.py --blind8``): the example kinds' requests
    and some hotels and restaurants; each kind is a real pipeline's inputs, and no request
    is shared with any other corpus."""
    _a_blind_set(8, least=40, per_lang=20,
                 kinds={"laptop", "rental", "car", "event", "talk"})


def test_blind9_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind9.yaml (``parse.py --blind9``): requests as people and
    agents send them, for every example kind and the shipped ones; each kind is a real
    pipeline's inputs, and no request is shared with any other corpus."""
    _a_blind_set(9, least=45, per_lang=20,
                 kinds={"laptop", "rental", "car", "event", "talk", "conference", "paper"})


def test_the_scorer_reads_quantities_to_two_decimals_and_lists_in_any_order() -> None:
    """The other kinds' values: 3 lb read as 1.361 kg is the 1.36 a label writes, and
    brands read in the request's order match a label written in another."""
    assert bench.canonical(1.36078) == bench._expected(1.36, "weight")
    assert bench.canonical(83.6) == bench._expected(83.6, "area")
    assert bench.canonical(8046.72) == bench._expected(8046.72, "length")  # 5 miles, metres
    assert bench.canonical(1.5) != bench._expected(1.4, "weight")
    assert bench.canonical(["lenovo", "dell"]) == bench._expected(["dell", "lenovo"], "list")
    assert bench.canonical(["lenovo"]) != bench._expected(["dell", "lenovo"], "list")
    assert bench.canonical(2) == bench._expected(2, "integer")
    assert bench.canonical(True) == bench._expected(True, "boolean")


def test_blind10_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind10.yaml (``parse.py --blind10``): hotels and restaurants as a
    Latin American, Indian, British and American lab writes them, jobs, courses and
    corrected constraints; each kind is a real pipeline's inputs, and no request is shared
    with any other corpus."""
    _a_blind_set(10, least=45, per_lang=20, kinds={"hotel", "restaurant", "job", "course"})


def test_blind11_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind11.yaml (``parse.py --blind11``): restaurants with times,
    groups, occasions and neighbourhoods, trips, wines, courses, jobs and requests an agent
    structures as "key: value" lines; each kind is a real pipeline's inputs, and no
    request is shared with any other corpus."""
    _a_blind_set(11, least=45, per_lang=20,
                 kinds={"hotel", "restaurant", "trip", "wine", "course", "job"})


def test_blind12_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind12.yaml (``parse.py --blind12``): clinics, phone plans and the
    other example kinds, hotels with many constraints in one sentence, local dates and
    money; each kind is a real pipeline's inputs, and no request is shared with any other
    corpus."""
    _a_blind_set(12, least=45, per_lang=20,
                 kinds={"hotel", "clinic", "phoneplan", "car", "rental", "laptop", "event",
                        "conference", "paper"})


def test_blind13_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind13.yaml (``parse.py --blind13``): grants, schools, flats to
    buy and car rental, researchers' abbreviations and regional words, forwarded messages
    with noise around the request; each kind is a real pipeline's inputs, and no request
    is shared with any other corpus."""
    _a_blind_set(13, least=45, per_lang=20, kinds={"grant", "school", "flat", "carrental"})


def test_blind14_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind14.yaml (``parse.py --blind14``): every example kind and the
    shipped ones, with feasts and relative dates around a Sunday in December, chat and
    Markdown text, Catalan and Portuguese names, exclusions, preferences and odd amounts;
    each kind is a real pipeline's inputs, and no request is shared with any other
    corpus."""
    _a_blind_set(14, least=45, per_lang=20,
                 kinds={"hotel", "restaurant", "book", "carrental", "clinic", "conference",
                        "course", "event", "flat", "grant", "job", "laptop", "paper",
                        "phoneplan", "rental", "school", "talk", "trip", "car", "wine"})


def test_blind15_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind15.yaml (``parse.py --blind15``): camps, software tools and
    datasets, books' authors and papers' venues, as researchers, agents and parents write
    them; each kind is a real pipeline's inputs, and no request is shared with any other
    corpus."""
    _a_blind_set(15, least=45, per_lang=20, kinds={"camp", "tool", "dataset", "book", "paper"})


def test_blind16_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind16.yaml (``parse.py --blind16``): follow-ups, comparisons,
    quarters and terms, taxes and deposits around budgets, ratings on other scales, lists
    of places, voice fillers and e-mail reply chains, regional Spanish and English, for
    every example kind (coworking, tours and venues first seen here); each kind is a real
    pipeline's inputs, and no request is shared with any other corpus."""
    _a_blind_set(16, least=55, per_lang=25,
                 kinds={"hotel", "restaurant", "coworking", "tour", "venue", "grant",
                        "flat", "clinic", "phoneplan", "school", "dataset", "tool", "book",
                        "carrental", "laptop", "rental", "car", "event", "talk",
                        "conference", "paper", "job", "course", "wine", "trip"})


def test_blind17_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind17.yaml (``parse.py --blind17``): dates right around today,
    imperial and US units, superlatives and counts of results, place typos and
    abbreviations, decimals in both conventions, ratings in words, tool calls as text, for
    every example kind (flights, lab equipment, tenders, trails and translation first seen
    here); each kind is a real pipeline's inputs, and no request is shared with any other
    corpus."""
    _a_blind_set(17, least=55, per_lang=25,
                 kinds={"hotel", "restaurant", "flight", "lab", "tender", "trail",
                        "translation", "camp", "coworking", "tour", "venue", "grant", "flat",
                        "clinic", "phoneplan", "school", "dataset", "tool", "book",
                        "carrental", "laptop", "rental", "car", "event", "talk",
                        "conference", "paper", "job", "course", "wine", "trip"})


def test_blind18_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind18.yaml (``parse.py --blind18``): requests written by people
    who are not native speakers of the language they type in (calques, false friends,
    Spanish number forms in English), rates and academic terms, for every example kind
    (gyms, energy tariffs and student residences first seen here); each kind is a real
    pipeline's inputs, and no request is shared with any other corpus."""
    _a_blind_set(18, least=55, per_lang=25,
                 kinds={"hotel", "restaurant", "gym", "energy", "residence", "flight",
                        "tender", "trail", "translation", "camp", "coworking", "tour",
                        "grant", "flat", "clinic", "phoneplan", "school", "dataset", "tool",
                        "book", "laptop", "rental", "car", "event", "talk", "conference",
                        "paper", "job", "course", "wine", "trip"})


def test_blind19_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind19.yaml (``parse.py --blind19``): Latin American Spanish
    (regional words and money), requests dictated by voice, code-switching inside one
    sentence and agents' long briefs, for every example kind; each kind is a real
    pipeline's inputs, and no request is shared with any other corpus."""
    _a_blind_set(19, least=55, per_lang=25,
                 kinds={"hotel", "restaurant", "rental", "car", "laptop", "phoneplan",
                        "flight", "trip", "event", "job", "coworking", "tour", "school",
                        "clinic", "gym", "flat", "wine", "course", "camp", "grant", "paper",
                        "dataset", "trail", "petcare", "venue", "talk", "conference",
                        "book", "tender", "translation", "residence"})


def test_blind20_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind20.yaml (``parse.py --blind20``): requests typed as chat
    messages on a phone (shorthand, money slang, no accents, typos, ALL CAPS, emoji and
    hashtags, English chat, voice-to-text leftovers), for every example kind; each kind is
    a real pipeline's inputs, and no request is shared with any other corpus."""
    _a_blind_set(20, least=55, per_lang=25,
                 kinds={"hotel", "restaurant", "rental", "flat", "job", "laptop", "car",
                        "event", "flight", "trip", "phoneplan", "energy", "gym", "petcare",
                        "coworking", "tour", "talk", "wine", "removal", "ebike", "gpucloud",
                        "insurance", "childcare", "carrental", "course", "trail"})


def test_blind21_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind21.yaml (``parse.py --blind21``): requests for the twelve
    example kinds the other sets barely cover (their units, local words and dates counted
    from a Monday); each kind is a real pipeline's inputs, and no request is shared with
    any other corpus."""
    _a_blind_set(21, least=55, per_lang=25,
                 kinds={"boat", "storage", "tutor", "childcare", "ebike", "gpucloud",
                        "insurance", "lab", "petcare", "removal", "tender", "translation"})


def test_blind22_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind22.yaml (``parse.py --blind22``): requests as an agent relays
    them, as Latin American users write them and as people type them tersely, for fourteen
    example kinds and the hotel and restaurant pipelines; no request shared with any other
    corpus."""
    _a_blind_set(22, least=55, per_lang=20,
                 kinds={"hotel", "restaurant", "court", "skipass", "catering", "tutor",
                        "storage", "boat", "rental", "carrental", "phoneplan", "event",
                        "car", "laptop"})


def test_blind23_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind23.yaml (``parse.py --blind23``): seventeen kinds, two thirds
    Spanish (Spain and Latin America), terse and agent-written, with a Friday's today two
    weeks before the year ends; no request shared with any other corpus."""
    _a_blind_set(23, least=55, per_lang=15,
                 kinds={"hotel", "restaurant", "flat", "flight", "car", "tutor", "gym",
                        "event", "course", "removal", "storage", "energy", "insurance",
                        "job", "skipass", "childcare", "petcare"})


def test_blind24_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind24.yaml (``parse.py --blind24``): eighteen kinds the other
    sets used least or never, two thirds Spanish (Spain and Latin America), terse and
    agent-written, with a Tuesday's today in mid-March; no request shared with any other
    corpus."""
    _a_blind_set(24, least=60, per_lang=15,
                 kinds={"mortgage", "cruise", "solar", "broadband", "cleaning", "parking",
                        "trade", "attraction", "gpucloud", "lab", "tender", "venue",
                        "catering", "residence", "book", "dataset", "translation", "ebike"})


def test_blind25_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind25.yaml (``parse.py --blind25``): several constraints of one
    type in a request, corrections, questions and agents' context, over six kinds no blind
    set had (trains, couriers, printing, care homes, photographers, hire), four it barely
    had and the hotel and restaurant pipelines; no request shared with any other corpus."""
    _a_blind_set(25, least=60, per_lang=20,
                 kinds={"train", "courier", "printing", "carehome", "photographer", "hire",
                        "trade", "cleaning", "broadband", "cruise", "hotel", "restaurant"})


def test_blind26_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind26.yaml (``parse.py --blind26``): every local way of writing
    numbers, dates and times, over four kinds no blind set had (lab services, hosting, legal,
    transfers), the kinds the others used least and the hotel and restaurant pipelines; no
    request shared with any other corpus."""
    _a_blind_set(26, least=60, per_lang=20,
                 kinds={"labservices", "hosting", "legal", "transfers", "photographer",
                        "courier", "hire", "trade", "cleaning", "broadband", "cruise",
                        "printing", "carehome", "hotel", "restaurant", "train"})


def test_blind27_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind27.yaml (``parse.py --blind27``): numbers and words that are
    no constraint inside messy messages (forwarded e-mails, quoted threads, signatures,
    references, URLs, flight and model numbers), over three kinds no blind set had (driving
    schools, car repair, remittances), the kinds the others used least and the hotel and
    restaurant pipelines; no request shared with any other corpus."""
    _a_blind_set(27, least=60, per_lang=20,
                 kinds={"drivingschool", "carrepair", "remittance", "attraction", "parking",
                        "court", "hosting", "mortgage", "solar", "labservices", "legal",
                        "trail", "transfers", "skipass", "carehome", "coworking", "ebike",
                        "petcare", "tour", "venue", "hotel", "restaurant"})


def test_blind28_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind28.yaml (``parse.py --blind28``): how the asker wants the
    answer, said beside the constraints (counts of results, order, comparisons, landmarks
    and distances, output wishes and the answer's language, hedges), over three kinds no
    blind set had (EV charging, hair salons, bakeries), the kinds the others used least and
    the hotel and restaurant pipelines; no request shared with any other corpus."""
    _a_blind_set(28, least=60, per_lang=20,
                 kinds={"evcharging", "hairsalon", "bakery", "carrepair", "drivingschool",
                        "remittance", "attraction", "hosting", "parking", "court",
                        "labservices", "legal", "mortgage", "solar", "trail", "train",
                        "transfers", "boat", "catering", "photographer", "hotel",
                        "restaurant"})


def test_blind29_is_separate_bilingual_and_labelled() -> None:
    """tests/task/corpus/blind29.yaml (``parse.py --blind29``): alternatives, fallbacks and
    conditions (a second-choice place or date, either/or, a wished bound beside a firm one,
    an amount a condition raises, a threshold that is no budget, exclusions, indifference),
    over two kinds no blind set had (fuel stations, accountants), the kinds the others used
    least and the hotel and restaurant pipelines; no request shared with any other corpus."""
    _a_blind_set(29, least=60, per_lang=20,
                 kinds={"fuel", "accountant", "bakery", "evcharging", "hairsalon", "carrepair",
                        "drivingschool", "remittance", "attraction", "childcare", "hire",
                        "hosting", "insurance", "labservices", "legal", "mortgage", "parking",
                        "solar", "carehome", "courier", "hotel", "restaurant"})


def test_the_scorer_reads_a_request_with_its_kinds_project_catalogs(monkeypatch) -> None:
    """A real pipeline's request is read as ``scout apply`` reads it: with the catalogs
    beside its project's templates (its Spanish words for the kind's inputs and values);
    a kind written out in the corpus has none."""
    import scout.task.parser as parser

    seen: list[object] = []
    real = parser.parse_query

    def spy(*args, **kw):
        seen.append(kw.get("locales"))
        return real(*args, **kw)

    monkeypatch.setattr(parser, "parse_query", spy)
    corpus = bench.load_corpus(bench.BLIND25)
    printing = next(r for r in corpus["requests"] if r["kind"] == "printing")
    written = {"today": CORPUS["today"], "kinds": CORPUS["kinds"],
               "requests": [{"kind": "laptop", "lang": "en", "q": "laptop under 900 EUR"}]}
    bench.score({**corpus, "requests": [printing]})
    bench.score(written)
    assert seen == [ROOT / "examples" / "printing" / "locales", None]
