"""The FastAPI application behind ``scout serve``.

==================================  ===================================================
``GET /healthz``                    liveness: ``{"status": "ok", "version"}``
``GET /api/missions``               the newest missions under the runs dir (``scout runs``)
``GET /api/missions/{id}``          the mission's state and its phases (``scout status``)
``GET /api/missions/{id}/journal``  its journal lines (filters as ``scout journal``)
``GET /api/missions/{id}/report``   ``report.md`` in parts (or ``?format=html``, whole)
``GET /api/pool``                   the token pool per token (``scout pool status``)
``GET /api/cost-summary``           sums by mission, adapter, token (``scout cost``)
``GET /openapi.json``, ``/docs``    the OpenAPI document and its viewers (``/redoc``
                                    too; assets served by scout: :mod:`.docs_pages`)
``GET /``, ``/missions/{id}``,      the dashboard's HTML pages (:mod:`.dashboard`)
``/cost``
==================================  ===================================================

Mission ids in paths are checked with :func:`scout.paths.validate_mission_id` before any
path is built (``400 USE002``; ``..%2F..%2Fetc`` arrives decoded as ``../../etc`` and is
refused there), and unknown missions are ``404 USE003``. Errors are
``{"error": {"code", "message", "hint"}}``. Every JSON answer passes
:func:`scout.audit.secrets.deep_scrub` (known secret values replaced by their names),
names paths under the served root relative to it (:func:`scout.paths.said_under_root`)
and is validated against its model (:mod:`.models`). What grows with a lab's missions is
bounded as the MCP tools bound it (:mod:`scout.audit.limits`): the missions listed
(``?limit=``), a cost summary's rows per grouping (``?limit=``), a state's phases
(``?phases=``), the Markdown report (``?part=``), each
answer saying what it left out and how to ask for it. A dashboard page's error is the
dashboard's HTML error page, not the API's JSON. Handlers are plain functions
(FastAPI runs them on its thread pool): each opens its own index connection.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from scout import __version__, api
from scout.audit.cost import BY, cost_summary
from scout.audit.filters import JournalFilter, parse_since
from scout.audit.limits import (
    AUDIT_PHASES,
    RUNS_LIMIT,
    bound_groups,
    bound_state,
    report_part,
    runs_note,
)
from scout.audit.journal_query import query
from scout.audit.pool_status import pool_status
from scout.audit.runs import effective_status, runs_page
from scout.audit.secrets import deep_scrub, known_secrets
from scout.errors import (
    ConfigError,
    EntryNotFound,
    BadRequestValue,
    MissionNotFound,
    NotServed,
    ReportNotFound,
    ScoutError,
    StorageError,
    UsageError,
    machine_error,
)
from scout.paths import MISSION_ID_RE, said_under_root, validate_mission_id
from scout.report.failure import next_step
from scout.report.stopped import request_lang
from scout.termsafe import shown
from scout.adapters.contract import Secret
from scout.adapters.contract.redact import SecretScrubber
from scout.server import models as M
from scout.server.dashboard import register_dashboard
from scout.server.docs_pages import register_docs
from scout.server.files import inside, read_served
from scout.server.security import BearerAuth, LoopbackHostGuard

#: a report is text from the web laid out by scout: served from the dashboard's origin, it
#: may run nothing (CSP ``sandbox`` without scripts, whatever a project's own HTML template
#: writes), load nothing but its inline style and data: pictures, and is never sniffed
REPORT_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                               "img-src data:; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'self'; sandbox allow-popups "
                               "allow-popups-to-escape-sandbox",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
_ID_DOC = {"pattern": MISSION_ID_RE.pattern, "example": "hotel-barcelona-2026-09"}
_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": M.ErrorResponse, "description": "bad request (e.g. an unsafe mission id)"},
    404: {"model": M.ErrorResponse, "description": "no such mission or report"},
    422: {"model": M.ErrorResponse,
          "description": "a parameter is out of range or of the wrong type"},
}
# the same, spelled out for a route whose own responses are not JSON (the report): with
# "model", FastAPI would document them in the route's media type
_JSON_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"description": spec["description"], "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/ErrorResponse"}}}}
    for code, spec in _ERRORS.items()}


@dataclass(frozen=True)
class ServerSettings:
    root: Path
    runs_dir: Path
    config_path: str | None = None
    token: Secret | None = None  # when set, every request needs it (security.BearerAuth)

    @property
    def runtime_dir(self) -> Path:
        return self.root / "runtime"


def _status_of(exc: ScoutError) -> int:
    if isinstance(exc, (MissionNotFound, EntryNotFound, ReportNotFound, NotServed)):
        return 404
    if isinstance(exc, BadRequestValue):
        return 422
    if isinstance(exc, UsageError):
        return 400
    if isinstance(exc, (ConfigError, StorageError)):
        return 503  # the deployment is misconfigured (or its disk refuses), not the request
    return 500


def validated(model: type[BaseModel], data: dict[str, Any]) -> Response:
    """``data`` checked against ``model`` (as ``response_model=`` checks it) and written
    by pydantic's own JSON writer. FastAPI validates a returned dict, dumps it to Python
    objects and walks them again (``jsonable_encoder``) before ``json.dumps``: for 3,000
    missions (``?limit=10000``) that took 0.57 s, most of the answer's time."""
    return Response(model.model_validate(data).model_dump_json(), media_type="application/json")


def create_app(settings: ServerSettings) -> Any:
    """The ASGI app (FastAPI, wrapped in bearer auth when a token is set)."""
    app = FastAPI(title="scout", version=__version__, docs_url=None, redoc_url=None,
                  description="Audit and operations API of scout: missions, phase states, "
                  "journal, reports, token pool and costs. Read-only.")
    def scrubber() -> SecretScrubber:
        """Every secret value known now: known_secrets caches them and reads the config
        and token pool files again only when they change, so a token added to the pool
        while the server runs is scrubbed from the next answer on."""
        known = known_secrets(settings.root, settings.config_path)
        if settings.token is not None:
            known.add(settings.token)
        return known

    def clean(data: Any) -> Any:
        # paths said relative to the served root, as the MCP tools say them (a run's
        # pipeline_path, a state's pipeline): the server's own layout is not the answer
        return said_under_root(deep_scrub(data, scrubber()), settings.root,
                               settings.runs_dir)

    def run_dir(mission_id: str) -> Path:
        path = api.find_run_dir(validate_mission_id(mission_id), settings.runs_dir,
                                listed_by="GET /api/missions")  # no server folder named
        inside(path, settings.runs_dir)  # a run dir that is a symlink out is not served
        return path

    @app.exception_handler(ScoutError)
    def _scout_error(request: Request, exc: ScoutError) -> Response:
        page = html_error(request, exc)
        if page is not None:  # a dashboard page: a person reads the answer, not a client
            return page
        # a NUL or bidi override the client sent, quoted back, shown as its escape
        body = {"error": {"code": exc.code, "message": shown(exc.message),
                          "hint": shown(exc.hint) if exc.hint else exc.hint}}
        return JSONResponse(clean(body), status_code=_status_of(exc))

    @app.exception_handler(OSError)
    def _machine_error(request: Request, exc: OSError) -> Response:
        # the machine's refusal (an unreadable runtime folder, a full disk, a 100 KB
        # path) answers in the API's error shape, as the CLI says it; anything else is
        # a bug and stays a 500
        known = machine_error(exc)
        if known is None:
            raise exc
        return _scout_error(request, known)

    @app.exception_handler(StarletteHTTPException)
    def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # unknown paths (and methods) answer in the API's own error shape, not {"detail"}
        code = "USE064" if exc.status_code in (404, 405) else "USE001"
        return JSONResponse({"error": {"code": code, "message": "no such endpoint"
                                       if exc.status_code == 404 else str(exc.detail),
                                       "hint": "see /openapi.json for the endpoints"}},
                            status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # FastAPI's default echoes the input; say what was wrong without it
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(x) for x in first.get("loc", ()))
        return JSONResponse({"error": {"code": "USE001", "message":
                                       f"{where}: {first.get('msg', 'invalid')}",
                                       "hint": "see /openapi.json"}}, status_code=422)

    @app.get("/healthz", response_model=M.Health, tags=["ops"])
    def healthz() -> dict[str, Any]:
        """Liveness: the server answers."""
        return {"status": "ok", "version": __version__}

    @app.get("/api/missions", response_model=M.Missions,
             responses={400: _ERRORS[400], 422: _ERRORS[422]},
             tags=["missions"])
    def missions(limit: int = Query(RUNS_LIMIT, ge=1, le=10000,
                                    description="the newest N missions (after cursor)"),
                 cursor: str | None = Query(None, max_length=1000, description=(
                     "the next_cursor of the page before: the N missions after it"))
                 ) -> Response:
        """The newest missions under the runs dir, newest first, with pipeline, status,
        start, duration, journal cost and phase counts; ``total`` says how many there
        are, ``note`` what was left out, ``next_cursor`` (else null) the ``cursor`` of
        the next page (every mission is on exactly one page), ``problems`` the ids of
        the missions whose files are damaged or unreadable (each listed with its
        ``problem``), ``summary`` the totals of every mission, not the page's: how many,
        of each status, failed, damaged, and the journal's cost (as ``scout runs``' last
        line)."""
        page = runs_page(settings.runs_dir, settings.runtime_dir, limit=limit,
                         cursor=cursor, summary=True)
        note = runs_note(page, cursor is None, "?limit= lists more (up to 10000), "
                         "?cursor=NEXT_CURSOR the next page")
        return validated(M.Missions, clean({
            "runs": [r.to_dict() for r in page.rows], "total": page.total, "note": note,
            "next_cursor": page.next_cursor, "problems": page.problems,
            "summary": page.summary.to_dict() if page.summary is not None else None}))

    @app.get("/api/missions/{mission_id:path}/journal", response_model=M.JournalPage,
             responses=_ERRORS, tags=["missions"])
    def mission_journal(
        mission_id: str = _id_param(),
        limit: int = Query(50, ge=1, le=10000, description="the last N matching lines"),
        token: str | None = Query(None, max_length=200, description="token NAME"),
        adapter: str | None = Query(None, max_length=200),
        phase: str | None = Query(None, max_length=200),
        failed: bool = Query(False, description="only lines with an error"),
        since: str | None = Query(None, max_length=100,
                                  description="ISO date/date-time or an age (30m, 2h, 7d)"),
    ) -> dict[str, Any]:
        """The mission's journal lines, oldest first (rotated files included)."""
        run_dir(mission_id)
        flt = JournalFilter(mission=mission_id, token=token, adapter=adapter, phase=phase,
                            failed=failed, since=parse_since(since, name="since"))
        page = query(settings.runtime_dir, flt, limit).to_dict()
        return clean({"mission_id": mission_id, **page})

    @app.get("/api/missions/{mission_id:path}/report", response_class=PlainTextResponse,
             tags=["missions"], responses={**_JSON_ERRORS, 200: {
                 "description": "the report", "content": {"text/markdown": {},
                                                          "text/html": {}}}})
    def mission_report(mission_id: str = _id_param(),
                       format: Literal["md", "html"] = Query("md"),
                       part: int | None = Query(None, ge=1, le=10000, description=(
                           "the Markdown report's part (default 1): a long one comes in "
                           "parts, each that is not the last ending with the next one's "
                           "address; not with format=html"))
                       ) -> PlainTextResponse:
        """The mission's report: Markdown (default; a long one in parts of 60,000
        characters, ``?part=``) or HTML (the page for a browser, whole: a ``part`` with
        it is refused, 400 USE001, rather than answered with the whole page)."""
        if format == "html" and part is not None:
            # the page is never cut (its markup would break): a client asking for part 2
            # would read the whole page again and again, believing it paged on
            raise UsageError("part: only the Markdown report comes in parts; the HTML "
                             "report is one page", hint="leave out part= with format=html, "
                             "or ask format=md (the default) for its parts")
        path = run_dir(mission_id) / f"report.{format}"
        if not path.exists() and not path.is_symlink():
            raise ReportNotFound(f"mission '{mission_id}' has no report.{format} yet",
                                 hint="the report phase has not succeeded; see "
                                 "GET /api/missions/{id} for the phase states")
        text = scrubber().text(read_served(path, settings.runs_dir))
        if format == "html":
            return PlainTextResponse(text, media_type="text/html", headers=REPORT_HEADERS)
        uri = f"/api/missions/{mission_id}/report"
        return PlainTextResponse(report_part(text, part or 1, uri, uri + "?part={part}"),
                                 media_type="text/markdown", headers=REPORT_HEADERS)

    @app.get("/api/missions/{mission_id:path}", response_model=M.MissionState,
             responses=_ERRORS, tags=["missions"])
    def mission_state(request: Request, mission_id: str = _id_param(),
                      phases: int = Query(AUDIT_PHASES, ge=1, le=10000, description=(
                          "at most N phases, those that did not succeed first"))
                      ) -> dict[str, Any]:
        """The state of the mission's phases (as ``scout status``), at most ``phases`` of
        them, those that did not succeed first, in the pipeline's order
        (``phases_count`` says how many there are, ``phases_note`` what was left out); a
        ``running`` state whose process is gone says ``interrupted``."""
        raw = request.scope.get("raw_path") or b""
        if raw.rstrip(b"/").count(b"/") > 3:  # /api/missions/x/y: no such endpoint
            raise _NoRoute(f"no endpoint {request.url.path}",
                           hint="see /openapi.json for the endpoints")
        path = run_dir(mission_id)
        state = api.status(path)
        data = state.to_dict()
        data["status"] = effective_status(state, path)
        data["phases_count"], data["phases_note"] = bound_state(
            data, phases, "?phases= gives more (up to 10000)")
        # what to do about a mission that failed or stopped at its cap, as `scout status`
        # and MCP's status say it, in the request's language
        data["hint"] = next_step(state, request_lang(path))
        return clean(data)

    @app.get("/api/pool", response_model=M.Pool, tags=["ops"])
    def pool() -> dict[str, Any]:
        """Per token: pool, name, strategy, status, requests, errors, last error, last
        success. Never a value."""
        data = pool_status(settings.root, settings.config_path)
        return clean({"configured": data["configured"], "tokens": data["tokens"]})

    @app.get("/api/cost-summary", response_model=M.CostSummary,
             responses={400: _ERRORS[400], 422: _ERRORS[422]},
             tags=["ops"])
    def cost(
        by: list[Literal["mission", "adapter", "token", "phase"]] = Query(
            ["mission", "adapter", "token"], description="groupings to return"),
        mission: str | None = Query(None, max_length=200),
        adapter: str | None = Query(None, max_length=200),
        token: str | None = Query(None, max_length=200),
        phase: str | None = Query(None, max_length=200),
        since: str | None = Query(None, max_length=100,
                                  description="ISO date/date-time or an age (30m, 2h, 7d)"),
        limit: int = Query(RUNS_LIMIT, ge=1, le=10000,
                           description="the costliest N rows per grouping"),
    ) -> dict[str, Any]:
        """Spend from the request journal: calls, ok, failed, cache hits, USD; at most
        ``limit`` rows per grouping, the costliest (``by_{group}_left_out`` counts the
        rest, ``rows_note`` says what was left out; ``total`` sums them all)."""
        flt = JournalFilter(mission=mission, adapter=adapter, token=token, phase=phase,
                            since=parse_since(since, name="since"))
        bys: list[str] = list(dict.fromkeys(by)) or list(BY[:3])
        data = cost_summary(settings.runtime_dir, bys, flt).to_dict()
        bound_groups(data, limit, "?limit= lists more (up to 10000)")
        return clean(data)

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            doc = get_openapi(title=app.title, version=app.version,
                              description=app.description, routes=app.routes)
            if settings.token is not None:
                doc.setdefault("components", {})["securitySchemes"] = {
                    "bearerAuth": {"type": "http", "scheme": "bearer",
                                   "description": "the value of SCOUTE_API_TOKEN"}}
                doc["security"] = [{"bearerAuth": []}]
                for ops in doc.get("paths", {}).values():
                    for op in ops.values():
                        op.setdefault("responses", {})["401"] = {
                            "description": "no or wrong bearer token (USE030)",
                            "content": {"application/json": {"schema": {
                                "$ref": "#/components/schemas/ErrorResponse"}}}}
            app.openapi_schema = doc
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    register_docs(app)
    html_error = register_dashboard(app, runs_dir=settings.runs_dir,
                                    runtime_dir=settings.runtime_dir, run_dir=run_dir,
                                    clean=clean, status_of=_status_of)
    if settings.token is not None:
        # the token is the guard: a page that rebinds a name to 127.0.0.1 cannot send it
        return BearerAuth(app, settings.token)
    return LoopbackHostGuard(app)


class _NoRoute(MissionNotFound):
    """A path under /api/missions/ that names no endpoint (answered 404, like FastAPI's
    own unknown paths)."""

    code = "USE064"


def _id_param() -> Any:
    from fastapi import Path as PathParam

    return PathParam(..., description="a mission id (a slug)", json_schema_extra=_ID_DOC)
