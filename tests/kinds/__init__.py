"""Tests of the example kinds (examples/*), and what their test files share: parsing a
request as ``scout apply`` does, running a kind offline, reading a run's shortlist and the
words a report writes itself, and the checks every kind's tests make (the report cites its
sources and says nothing of other kinds, the kind validates, plan shows the request)."""

from __future__ import annotations

import datetime as dt
import functools
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any


@functools.lru_cache(maxsize=None)
def _pipeline(path: Path) -> Any:
    from scout.spec.loader import load_pipeline

    return load_pipeline(path).model


def parse_request(kind: Path, query: str, today: dt.date, **kw: Any) -> Any:
    """The Task ``scout apply`` starts from for ``query`` on the kind whose pipeline file
    is ``kind``: read as its task phase reads it (scout/steps/task.py), with the kind's
    inputs, its name, its ``nouns`` and its catalogs (``locales/`` beside
    ``templates/``); ``kw``: what else the request gives (``overrides``...)."""
    from scout.report.files import project_locales
    from scout.task.build import build_task

    model = _pipeline(Path(kind).resolve())
    return build_task(query, model.inputs, today=today,
                      locales=project_locales(Path(kind).resolve().parents[1] / "templates"),
                      kind=model.name, nouns=model.nouns, **kw)


MONEY = ("amount", "currency", "comparator", "per")


def cap(amount: float, currency: str = "EUR", per: str | None = None) -> dict[str, Any]:
    """A budget read as a cap (``<=``) on ``MONEY``'s keys, as :func:`assert_read_as`
    compares it: what a kind's test expects a request's "under 30 € a month" to be."""
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": per}


def assert_read_as(task: Any, lang: str, want: dict[str, Any], *, every: bool = True,
                   money: tuple[str, ...] | None = MONEY,
                   false_unasked: bool = False) -> dict[str, Any]:
    """``task`` (:func:`parse_request`) is read in ``lang`` with ``want``'s values: with
    ``every``, each value read is ``want``'s (one not in ``want`` must be None; also False
    with ``false_unasked``); without, ``want``'s names alone. Money is compared on its
    ``money`` keys only (None: whole); the values read are returned for more checks."""
    assert task.lang == lang
    got: dict[str, Any] = task.model_dump(mode="json")["values"]
    if every:
        for name, value in got.items():
            if money and isinstance(value, dict) and "amount" in value:
                value = {k: value.get(k) for k in money}
            if false_unasked and value is False and name not in want:
                value = None
            assert value == want.get(name), (name, value, want.get(name))
    else:
        for name, value in want.items():
            said = got.get(name)
            if money and isinstance(said, dict):
                said = {k: said.get(k) for k in money}
            assert said == value, (name, said, value)
    return got


def shortlist_names(run: Any) -> list[str]:
    """The shortlisted candidates' names, in rank order."""
    return [i["candidate"]["name"] for i in run.artifact("shortlist")["items"]]


def excluded_reasons(run: Any) -> dict[str, list[str]]:
    """Each left-out candidate's name and the reasons it was left out."""
    return {c["name"]: reasons for c, reasons in run.artifact("shortlist")["excluded"]}


def own_words(report: str, listings: list[Any], *, ids: bool = False,
              quoted: tuple[str, ...] = ()) -> str:
    """The report less what it quotes (the request, the listings, URLs, the DAG); with
    ``ids``, less its `code` spans too (the mission's and pipeline's ids, the author's
    identifiers); less any of ``quoted`` (other pages the run read)."""
    text = report.split("```mermaid")[0]
    text = re.sub(r"^> .*$", " ", text, flags=re.M)
    if ids:
        text = re.sub(r"`[^`]*`", " ", text)
    for r in listings:
        text = text.replace(r.title, " ").replace(r.snippet, " ")
    for words in quoted:
        text = text.replace(words, " ")
    text = re.sub(r"“[^”]*”|«[^»]*»|'[^']*'", " ", text)
    return re.sub(r"https?://\S+", " ", text)


def run_kind(kind: Path, workdir: Path, query: str, listings: list[Any], *,
             today: dt.date | None = None,
             seed: Callable[[Any, list[Any]], None] | None = None,
             sets: dict[str, Any] | None = None) -> tuple[Any, list[Any]]:
    """One offline mission of the kind whose pipeline file is ``kind``: every search
    answers ``listings`` (``seed(fake, listings)`` adds the kind's own searches after,
    which win; ``sets`` as ``--set`` gives inputs), the run must end well; the run and the
    search queries it sent."""
    from scout.testing import FakeProviders, run_pipeline

    with FakeProviders() as fake:
        fake.search(r".", listings)
        if seed is not None:
            seed(fake, listings)
        run = run_pipeline(kind, fake=fake, workdir=workdir, query=query, today=today,
                           sets=sets)
        queries = fake.queries()
    assert run.exit_code == 0, run.result.reason
    return run, queries


def run_each(kind: Path, requests: dict[str, tuple[str, list[Any]]], tmp_path_factory: Any, *,
             reviews: dict[str, dict[str, str]] | None = None,
             **kw: Any) -> dict[str, tuple[Any, list[Any]]]:
    """Each of ``requests`` (key: (query, listings)) run once in its own folder, as a
    module-scoped fixture runs them; with ``reviews``, each key's run is seeded with its
    listings' reviews (:func:`seed_reviews`, none for a key not there); ``kw`` as
    :func:`run_kind` takes it."""
    out = {}
    for key, (query, listings) in requests.items():
        if reviews is not None:
            kw["seed"] = seed_reviews(reviews.get(key, {}))
        out[key] = run_kind(kind, tmp_path_factory.mktemp(key), query, listings, **kw)
    return out


def words_of(*words: str, ignore_case: bool = False) -> re.Pattern[str]:
    """A pattern that finds any of ``words`` (each a regex) as a whole word."""
    return re.compile(("(?i)" if ignore_case else "") + r"\b(" + "|".join(words) + r")\b")


# the words every report writes itself in English, in Spanish (the skeleton's headings,
# the request's table, the notes on prices): none may leak into a report in the other
# language; a kind's test adds its own (:func:`words_of`)
REPORT_ENGLISH = ("Shortlist", "Synthesis", "price", "not stated", "found", "What you asked",
                  "Sources", "budget", "query", "not given", "converted", "could not check")
REPORT_SPANISH = ("Selección", "Síntesis", "precio", "no consta", "encontrados?", "Fuentes",
                  "presupuesto", "consulta", "no indicado", "convertido", "día")
# what a report of a kind that is no lodging, job or shop has no business saying, in either
# language, each group in both: lodging (a hotel's nights and rooms), a job's pay, a shop's
# stock and its shipping ("envío" is the shop's, beside "shipping", no lodging word)
LODGING = ("hotels?", "hoteles", "nights?", "noches?", "per night", "por noche", "check-in",
           "habitaci[oó]n(es)?", "huéspedes")
PAY = ("salary", "salario", "sueldo")
STOCK = ("in stock", "out of stock", "en stock", "sin stock", "shipping", "envío")
LODGING_PAY_STOCK = LODGING + PAY + STOCK


def assert_cites_sources(run: Any, listings: list[Any], key: str = "") -> None:
    """Every shortlisted name's listing URL is cited in the report as ``[n](url)``."""
    for name in shortlist_names(run):
        url = next(r.url for r in listings if r.title.startswith(name))
        assert re.search(r"\[\d+\]\(" + re.escape(url) + r"\)", run.report), (key, name)


def assert_says_nothing_of(other: re.Pattern[str], report: str, listings: list[Any],
                           key: str = "", *, ids: bool = False,
                           reviews: dict[str, str] | None = None) -> None:
    """The report's own words (:func:`own_words`, with its ``ids``; less what it quotes of
    the ``reviews`` :func:`seed_reviews` gave the run) match nothing of ``other``."""
    own = own_words(report, listings, ids=ids, quoted=review_words(reviews or {}))
    assert not other.search(own), (key, other.findall(own))


def own_pages(fake: Any, listings: list[Any]) -> None:
    """A :func:`run_kind` ``seed``: a search that starts with one listing's name finds
    that listing's page alone (each listing's terms on its own page, not every listing)."""
    for r in listings:
        fake.search("^" + re.escape(r.title) + " ", [r])


def seed_reviews(reviews: dict[str, str]) -> Callable[[Any, list[Any]], None]:
    """A :func:`run_kind` ``seed``: a search for one listing by its quoted name finds its
    page and, for a name in ``reviews``, a review page that says ``reviews[name]``."""
    from scout.testing import Result

    def seed(fake: Any, listings: list[Any]) -> None:
        for i, r in enumerate(listings):
            said = [r] + ([Result(f"{r.title}: opiniones", f"https://reviews.test/{i}",
                                  f"{r.title}. {reviews[r.title]}")]
                          if r.title in reviews else [])
            fake.search(re.escape(f'"{r.title}"'), said)
    return seed


def review_words(reviews: dict[str, str]) -> tuple[str, ...]:
    """What a run quotes of the review pages :func:`seed_reviews` gives it: each one's
    title and its words."""
    return tuple(w for name, said in reviews.items()
                 for w in (f"{name}. {said}", f"{name}: opiniones"))


def assert_validates(project: Path, capsys: Any, monkeypatch: Any, target: str = ".") -> None:
    """``scout validate target`` from the kind's own project folder ends well with no
    warning: every word has its Spanish msgstr."""
    from scout.cli import main

    monkeypatch.chdir(project)                  # a project of its own, run from its folder
    code = main(["validate", target])
    out = capsys.readouterr()
    assert code == 0, out
    assert "warning" not in out.out + out.err


def plan_output(project: Path, pipeline: str, query: str, tmp_path: Path, capsys: Any,
                monkeypatch: Any) -> str:
    """What ``scout plan pipeline --query query`` prints, run from a copy of the kind's
    project (plan keeps quota state under runtime/); it must end well."""
    from scout.cli import main

    copy = tmp_path / project.name
    shutil.copytree(project, copy)
    monkeypatch.chdir(copy)
    code = main(["plan", pipeline, "--runs-dir", str(tmp_path), "--query", query])
    out = capsys.readouterr().out
    assert code == 0, out
    return str(out)


#: the keyless synthesis naming the cheapest, in either language (scout.adapters.recommend)
_CHEAPEST = re.compile(r"(?m)(?:^|\. |- )(?P<name>[^\n.]+?) (?:is (?:both the best rated and )?the "
                       r"cheapest option|es (?:a la vez la opción mejor valorada y )?la (?:opción )?"
                       r"más barata)")


def _amount(cell: str, lang: str) -> float | None:
    """The first amount a table cell states, read as the report's language writes it."""
    m = re.search(r"\d[\d.,]*", cell)
    if m is None:
        return None
    digits = m.group().rstrip(".,")
    digits = digits.replace(".", "").replace(",", ".") if lang == "es" else digits.replace(",", "")
    return float(digits)


def assert_cheapest_agrees(report: str, column: int, lang: str) -> str:
    """The option the synthesis calls the cheapest is the shortlist row whose ``column``
    (0 the rank) states the least amount: the sentence never contradicts the table. Returns
    the name, so a test can say which it must be."""
    found = _CHEAPEST.search(report)
    assert found, "the synthesis names no cheapest option"
    rows = {}
    for line in report.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and cells[0].isdigit() and len(cells) > column:
            rows[re.sub(r"\s*\[\d+\]$", "", cells[1])] = _amount(cells[column], lang)
    name = found.group("name").strip()
    assert name in rows, (name, rows)
    least = min(v for v in rows.values() if v is not None)
    assert rows[name] == least, (name, rows)
    return name
