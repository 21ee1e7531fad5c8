"""The dashboard of ``scout serve``: server-rendered HTML pages over the same data as the
JSON API.

==================================  ===================================================
``GET /``                           the newest missions (status, pipeline, start,
                                    duration, cost, phases, a link to the report), a
                                    line saying how many are left out
``GET /missions/{id}``              one mission: the request and its Task, the phase
                                    DAG, the phases with live state, costs, the journal
                                    tail and the report (embedded)
``GET /cost``                       spend by mission, adapter and token, with bar charts
                                    (the costliest of each, a line saying how many
                                    are left out)
``GET /static/dashboard.{css,js}``  the page's style and its one small script
==================================  ===================================================

Pages speak the request's language (scout.server.dashboard_i18n: a mission's page its
Task's ``lang``, like its report; the others the browser's; ``?lang=`` overrides), their
words through the message catalogs; the DAG is the report's own picture
(:func:`scout.report.svg.dag_svg`). Pages are rendered by the sandboxed Jinja environment
reports use
(:func:`scout.spec.templating.make_env`) with autoescape on; every value passes the API's
secret scrubber first, and journal text is stripped of control characters. Nothing on a
page loads from elsewhere: CSS and JS are served by scout, pictures are inline SVG, and a
Content-Security-Policy of ``'self'`` says so to the browser. The script (progressive: the
page is complete without it) polls ``GET /api/missions/{id}`` while a mission runs,
recolours the DAG and the phase table, and reloads the page once the mission ends. The
pages are read-only and sit behind the same guards as the API (loopback Host names, or
the bearer token), which wrap the whole app.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from jinja2 import FileSystemLoader

from scout import __version__, api
from scout.audit.cost import cost_summary
from scout.audit.filters import JournalFilter
from scout.audit.limits import PROBLEM_IDS, RUNS_LIMIT, bound_groups
from scout.audit.runs import effective_status, phase_summary, runs_page
from scout.errors import ScoutError
from scout.i18n import translations
from scout.report.svg import dag_svg
from scout.server import dashboard_data as D
from scout.server.dashboard_i18n import page_lang, state_words
from scout.spec.catalogtext import install_catalog
from scout.spec.templating import make_env

HERE = Path(__file__).resolve().parent
STATIC = {"dashboard.css": "text/css; charset=utf-8",
          "dashboard.js": "text/javascript; charset=utf-8"}
#: the routes whose answer is a page: their errors are pages too (the API's are JSON)
PAGES = frozenset({"/", "/missions/{mission_id}", "/cost"})
#: what the pages may load: only this server; inline SVG needs no more
CSP = ("default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'self'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}


def _usd(value: Any) -> str:
    try:
        return f"${float(value):.4f}"
    except (TypeError, ValueError):
        return "–"


def _secs(value: Any) -> str:
    if value is None:
        return "–"
    s = float(value)
    return f"{s:.1f} s" if s < 120 else f"{int(s // 60)} min {int(s % 60)} s"


def make_page_env(lang: str = "en") -> Any:
    """The pages' environment, speaking ``lang`` (words through the message catalogs)."""
    env = make_env(loader=FileSystemLoader(str(HERE / "templates")), autoescape=True,
                   trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
    install_catalog(env, translations(lang))  # a msgstr is text on the page, never markup
    env.filters["usd"] = _usd
    env.filters["secs"] = _secs
    env.filters["when"] = lambda iso: D.when(iso, lang)
    words = state_words(lang)
    env.filters["state"] = lambda s: words.get(str(s), str(s))
    env.globals["lang"] = lang
    env.globals["state_words"] = words
    return env


def register_dashboard(app: FastAPI, *, runs_dir: Path, runtime_dir: Path,
                       run_dir: Callable[[str], Path], clean: Callable[[Any], Any],
                       status_of: Callable[[ScoutError], int]
                       ) -> Callable[[Request, ScoutError], HTMLResponse | None]:
    """Add the dashboard's routes to ``app``: ``run_dir`` is the API's (it validates the
    mission id before any path is built, and raises for unknown missions), ``clean``
    scrubs secrets out of any value, ``status_of`` maps a ScoutError to its HTTP status.
    Returns the app's error handlers' way to answer a page's error: the error page when
    the request was for one of :data:`PAGES`, else None (the API's JSON)."""
    envs: dict[str, Any] = {}

    def page(name: str, http_status: int = 200, *, lang: str = "en",
             **context: Any) -> HTMLResponse:
        env = envs.get(lang) or envs.setdefault(lang, make_page_env(lang))
        html = env.get_template(name).render(version=__version__, **clean(context))
        return HTMLResponse(html, status_code=http_status,
                            headers={**HEADERS, "Content-Language": lang})

    def lang_of_request(request: Request, task_lang: Any = None) -> str:
        return page_lang(request.query_params.get("lang"), task_lang,
                         request.headers.get("accept-language"))

    def error_page(exc: ScoutError, lang: str) -> HTMLResponse:
        return page("error.html.j2", status_of(exc), lang=lang, code=exc.code,
                    message=exc.message, hint=exc.hint or "")

    def html_error(request: Request, exc: ScoutError) -> HTMLResponse | None:
        route = request.scope.get("route")
        if getattr(route, "path", None) not in PAGES:
            return None
        return error_page(exc, lang_of_request(request))

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index(request: Request) -> HTMLResponse:
        # the newest RUNS_LIMIT, as the API lists them: a lab's thousands of missions
        # made a page of megabytes (and a stat per mission); a line says how many are
        # left, another which missions have damaged files wherever they are in the list
        page_ = runs_page(runs_dir, runtime_dir, limit=RUNS_LIMIT, summary=True)
        rows = []
        for r in page_.rows:
            row = r.to_dict()
            row["phase_summary"] = phase_summary(r.phases)
            row["has_report"] = (runs_dir / r.mission_id / "report.html").is_file()
            rows.append(row)
        return page("index.html.j2", lang=lang_of_request(request), runs=rows,
                    runs_dir=str(runs_dir), total=page_.total,
                    left_out=page_.total - len(rows), next_cursor=page_.next_cursor,
                    problems=page_.problems[:PROBLEM_IDS],
                    problems_count=len(page_.problems),
                    # every mission's totals, above the newest page (scout runs' last line)
                    summary=page_.summary.to_dict() if page_.summary else None)

    @app.get("/missions/{mission_id}", response_class=HTMLResponse, include_in_schema=False)
    def mission(mission_id: str, request: Request) -> HTMLResponse:
        # its errors (an unknown mission, a state log the disk refuses) are html_error's
        folder = run_dir(mission_id)
        state = api.status(folder)
        task = D.read_task(folder)
        parsed = task.get("task")
        fields: dict[str, Any] = parsed if isinstance(parsed, dict) else {}
        lang = lang_of_request(request, fields.get("lang"))
        graph = D.phase_graph(task.get("pipeline") or state.pipeline, state)
        states = {p: s.status for p, s in state.phases.items()}
        # the report's renderer: every phase a <g class="node" data-phase data-state> the
        # page's script recolours, its state word in <tspan class="state">
        svg = dag_svg(graph.waves, graph.edges, clean(graph.labels), clean(states),
                      title=translations(lang).gettext("Phases of %(pipeline)s")
                      % {"pipeline": mission_id}, state_names=state_words(lang))
        return page(
            "mission.html.j2", lang=lang, mission_id=mission_id,
            status=effective_status(state),
            pipeline=D.plain(task.get("pipeline") or state.pipeline or ""),
            query=D.plain(task.get("query") or "", 2000),
            request=D.request_view(fields, lang, task.get("pipeline") or state.pipeline)
            if fields else None,
            started_at=state.started_at or "", finished_at=state.finished_at or "",
            phases=D.phase_rows(state, [p for wave in graph.waves for p in wave]), dag=svg, dag_from_pipeline=graph.from_pipeline,
            costs=D.mission_costs(runtime_dir, mission_id),
            journal=D.journal_tail(runtime_dir, mission_id),
            has_report=(folder / "report.html").is_file())

    @app.get("/cost", response_class=HTMLResponse, include_in_schema=False)
    def cost(request: Request) -> HTMLResponse:
        groups: dict[str, list[dict[str, Any]]] = {}
        total = None
        left_out: dict[str, int] = {}
        if runtime_dir.is_dir():
            # the page shows no calls in doubt: finding them reads every journal file
            s = cost_summary(runtime_dir, ["mission", "adapter", "token"], JournalFilter(),
                             in_doubt=False)
            data = s.to_dict()
            total = data["total"]
            bound_groups(data, RUNS_LIMIT, "")  # the costliest, as the API's ?limit= keeps
            groups = {by: D.bars(data[f"by_{by}"]) for by in ("mission", "adapter", "token")}
            left_out = {by: data.get(f"by_{by}_left_out") or 0 for by in groups}
        return page("cost.html.j2", lang=lang_of_request(request), total=total,
                    groups=groups, left_out=left_out)

    @app.get("/static/{name}", include_in_schema=False)
    def static(name: str, request: Request) -> Response:
        media = STATIC.get(name)
        if media is None:  # a fixed list: no name from the request reaches the disk
            return page("error.html.j2", 404, lang=lang_of_request(request), code="",
                        message="no such file", hint="")
        return Response((HERE / "static" / name).read_bytes(), media_type=media,
                        headers={"X-Content-Type-Options": "nosniff",
                                 "Cache-Control": "no-cache"})

    return html_error
