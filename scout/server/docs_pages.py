"""``/docs`` (Swagger UI) and ``/redoc`` (ReDoc) with every asset served by scout.

FastAPI's own pages load Swagger UI and ReDoc from a CDN (and ReDoc a Google font), so
they are blank offline. The assets come from the ``fastapi-offline`` package (it ships
``swagger-ui-bundle.js``, ``swagger-ui.css`` and ``redoc.standalone.js``; one small
dependency instead of vendoring 2.8 MB of JavaScript into this repository); the HTML
is FastAPI's, pointed at ``/static/docs/…``, without the Google font and without Swagger
UI's validator badge. ReDoc's footer draws Redocly's logo from ``cdn.redoc.ly``; the
served bundle points that one image at scout's own icon instead (:data:`REWRITES`),
which the browser tests check (no request leaves the server, no console error).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse, PlainTextResponse, Response

ASSETS = {"swagger-ui-bundle.js": "text/javascript; charset=utf-8",
          "swagger-ui.css": "text/css; charset=utf-8",
          "redoc.standalone.js": "text/javascript; charset=utf-8",
          "favicon.png": "image/png"}
PREFIX = "/static/docs"
#: asset -> (bytes, replacement): the only external references a page would fetch
REWRITES = {"redoc.standalone.js": ((b'"https://cdn.redoc.ly/redoc/logo-mini.svg"',
                                     f'"{PREFIX}/favicon.png"'.encode()),)}


def assets_dir() -> Path:
    import fastapi_offline

    return Path(fastapi_offline.__file__).resolve().parent / "static"


def register_docs(app: FastAPI, openapi_url: str = "/openapi.json") -> None:
    """Add ``/docs``, ``/redoc`` and their assets to ``app`` (built with
    ``docs_url=None, redoc_url=None``)."""
    folder = assets_dir()
    cache: dict[str, bytes] = {}

    def load(name: str) -> bytes:
        if name not in cache:
            data = (folder / name).read_bytes()
            for old, new in REWRITES.get(name, ()):
                data = data.replace(old, new)
            cache[name] = data
        return cache[name]

    @app.get("/docs", include_in_schema=False)
    def swagger() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url=openapi_url, title=f"{app.title} – API",
                                   swagger_js_url=f"{PREFIX}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{PREFIX}/swagger-ui.css",
                                   swagger_favicon_url=f"{PREFIX}/favicon.png",
                                   oauth2_redirect_url=None,
                                   # no badge from validator.swagger.io
                                   swagger_ui_parameters={"validatorUrl": None})

    @app.get("/redoc", include_in_schema=False)
    def redoc() -> HTMLResponse:
        return get_redoc_html(openapi_url=openapi_url, title=f"{app.title} – ReDoc",
                              redoc_js_url=f"{PREFIX}/redoc.standalone.js",
                              redoc_favicon_url=f"{PREFIX}/favicon.png",
                              with_google_fonts=False)

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Response:
        # browsers ask for it on every page without an icon link (report.html served by
        # the API); a 404 there is a console error in every page
        return asset("favicon.png")

    @app.get(PREFIX + "/{name}", include_in_schema=False)
    def asset(name: str) -> Response:
        media = ASSETS.get(name)
        if media is None:  # a fixed list: no name from the request reaches the disk
            return PlainTextResponse("no such asset", status_code=404)
        return Response(load(name), media_type=media,
                        headers={"Cache-Control": "public, max-age=86400",
                                 "X-Content-Type-Options": "nosniff"})
