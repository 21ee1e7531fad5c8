"""What the report step writes besides ``report.md``: the HTML body with its pictures
and citation links, and the data formats (csv, json, pdf) — kept apart from the Markdown
rendering in :mod:`scout.steps.report`."""

from __future__ import annotations

import hashlib
from typing import Any

from scout.errors import StepError
from scout.fsutil import write_atomic
from scout.i18n import N_
from scout.stepkit.context import StepContext
from scout.stepkit.params import ReportParams
from scout.schemas.ratingscale import candidates_in, rating_scale


def _artifact(ctx: StepContext, type_name: str) -> Any:
    return next((v for v in ctx.inputs.values() if type(v).__name__ == type_name), None)


def _gettext(ctx: StepContext) -> Any:
    from scout.i18n import translations

    return translations(getattr(ctx.task, "lang", None) or "en").gettext


def dag_picture(ctx: StepContext, mission: Any) -> str | None:
    return dag_picture_of(ctx.pipeline, mission, getattr(ctx.task, "lang", None) or "en")


def dag_picture_of(pipeline: Any, mission: Any, lang: str) -> str:
    """The DAG as SVG, each phase in its state (a stopped mission's report draws it too)."""
    from scout.i18n import translations
    from scout.i18n.values import artifact_word
    from scout.spec.dag import PhaseGraph
    from scout.report.context import STATE_LABELS
    from scout.report.svg import dag_svg

    graph = PhaseGraph.of(pipeline)
    states = {p.id: p.status for p in getattr(mission, "phases", [])}
    catalog = translations(lang)
    # what each phase does in the reader's words, as the phase table says it ("búsqueda");
    # a step kind a project adds is shown by its name, a fan-out's artifact as the report's
    # sections name it ("candidatos"), else as written
    labels = {pid: catalog.pgettext("step", ph.uses) + (
                  f" × {artifact_word(ph.for_each, catalog)}" if ph.for_each else "")
              for pid, ph in pipeline.phases.items()}
    _ = catalog.gettext
    words = {state: _(label) for state, label in STATE_LABELS.items()}
    return dag_svg(graph.waves(), [(u, v) for u, v in graph.graph.edges()], labels, states,
                   title=_("Phases of %(pipeline)s") % {"pipeline": pipeline.name},
                   state_names=words)


def chart_basis(prices: list[Any], budget: Any) -> tuple[str, str | None]:
    """The one basis the price/rating chart plots prices on: the first price's currency,
    and the budget's period or unit of work, else the one most of those prices state (a
    budget for the whole stay is compared on the prices' own basis: rank multiplies). A
    price a night is no point beside prices a visit, as a price in another currency is
    none: the axis would compare them as one figure."""
    currency = next((p.currency for p in prices if p is not None), "")
    stated = [p.per for p in prices if p is not None and p.currency == currency
              and p.per and p.per != "total"]
    asked = getattr(budget, "per", None)
    per = asked if asked not in (None, "total") else (
        max(stated, key=stated.count) if stated else None)
    return currency, per


def on_basis(money: Any, currency: str, per: str | None) -> bool:
    """``money`` plotted on the chart's basis: its currency, and its period the basis's
    or none stated (taken on it, as rank takes it)."""
    return getattr(money, "currency", None) == currency \
        and getattr(money, "per", None) in (None, per)


def _per_word(per: str, lang: str) -> str:
    """A price's period or unit of work in ``lang``, as a price in the tables ends."""
    from scout.i18n import translations

    return str(translations(lang).pgettext("price unit", per))


def chart_picture(ctx: StepContext) -> str | None:
    """Price against rating of the candidates, when the phase has a shortlist."""
    from scout.i18n.numbers import format_money_parts, format_number, format_rating
    from scout.report.svg import Point, price_rating_svg

    shortlist = _artifact(ctx, "Shortlist")
    if shortlist is None:
        return None
    ranked = {item.candidate.key: item.rank for item in shortlist.items}
    cands = [item.candidate for item in shortlist.items] + [c for c, _why in shortlist.excluded]
    task = ctx.task
    # the kind's money and rating inputs whatever their names (`max_price`, `min_score`),
    # as the shared sections read them; money wanted high (a salary floor) is no budget
    first = getattr(task, "first_of_type", None)
    budget = first("money") if first is not None and not getattr(task, "money_floor", False) \
        else None
    prices = [c.price_converted or c.price for c in cands]
    currency, per = chart_basis(prices, budget)
    points = []
    for c, price in zip(cands, prices):
        same = price is not None and on_basis(price, currency, per)
        points.append(Point(c.name, float(price.amount) if same and price else None,
                            c.rating, c.key in ranked, ranked.get(c.key)))
    minimum = first("rating") if first is not None else None
    _ = _gettext(ctx)
    lang = getattr(ctx.task, "lang", None) or "en"
    scale = rating_scale(ctx.task, candidates_in(ctx.inputs))  # as the report's tables
    # the axis's and a point's unit as the tables write a price's: "EUR/mes", "GBP/visit"
    unit = f"/{_per_word(per, lang)}" if currency and per else ""
    return price_rating_svg(
        points,
        number=None if lang == "en" else (lambda v: format_number(v, lang)),
        # a point's price and rating as the tables write them ('180 €', '9,0/10')
        money=lambda v: format_money_parts(v, currency, lang) + unit,
        rating=lambda v: format_rating(v, lang, scale), rating_scale=scale,
        budget=float(budget.amount) if budget is not None and on_basis(budget, currency, per)
        else None,
        min_rating=float(minimum) if isinstance(minimum, (int, float)) else None,
        currency=currency + unit,
        title=_("Price and rating of the candidates"),
        words={"price": _("price"), "rating": _("rating"), "budget": _("budget"),
               "minimum": _("minimum"), "shortlisted": _("shortlisted"),
               "other": _("other candidates")})


def html_body(ctx: StepContext, md_html: str, mission: Any, citations: Any) -> str:
    """The report's HTML body with the DAG and the price/rating chart drawn as SVG, the
    downloaded photos embedded (and no other picture), and every citation marker linked
    to its source, each table in a box that scrolls on a narrow screen
    (scout/report/htmlpost.py)."""
    from scout.report.htmlpost import (
        embed_pictures,
        inline_photos,
        keep_amounts_whole,
        link_citations,
        wrap_tables,
    )

    # pictures first: the SVGs added next are scout's own markup, never an <img>
    body = embed_pictures(inline_photos(md_html, ctx.run_dir),
                          dag_svg=dag_picture(ctx, mission), chart_svg=chart_picture(ctx))
    body = keep_amounts_whole(wrap_tables(body))  # after the chart (after the first </table>)
    return link_citations(body, [(int(c["n"]), c["url"]) for c in citations.items])


def data_formats(ctx: StepContext, params: ReportParams, title: str,
                 files: dict[str, str], digests: dict[str, str]) -> None:
    """csv (shortlist + every candidate), json (the report's data), pdf (from the HTML)."""
    from scout.report import exports

    shortlist, candidates = _artifact(ctx, "Shortlist"), _artifact(ctx, "Candidates")
    out: dict[str, tuple[str, str]] = {}  # key -> (file, text)
    if "csv" in params.formats:
        if shortlist is not None:
            out["csv"] = ("shortlist.csv", exports.shortlist_csv(shortlist))
        if candidates is not None:
            out["candidates_csv"] = ("candidates.csv",
                                     exports.candidates_csv(candidates, shortlist))
    if "json" in params.formats:
        out["json"] = ("report.json", exports.report_json(
            {"title": title, "task": ctx.task, "artifacts": ctx.inputs}))
    for key, (name, text) in out.items():
        write_atomic(ctx.run_dir / name, text)
        files[key] = name
        digests[key] = hashlib.sha256(text.encode()).hexdigest()
    if "pdf" in params.formats:
        if "html" not in files:
            raise StepError(f"phase {ctx.phase_id}: formats: pdf is printed from the HTML "
                            "report", hint=N_("add html to formats"))
        exports.html_to_pdf(ctx.run_dir / files["html"], ctx.run_dir / "report.pdf")
        files["pdf"] = "report.pdf"
        digests["pdf"] = hashlib.sha256((ctx.run_dir / "report.pdf").read_bytes()).hexdigest()
