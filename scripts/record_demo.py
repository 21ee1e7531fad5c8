"""Record the offline demo cassette under examples/hotel-barcelona/.

    python scripts/record_demo.py            # rewrites examples/hotel-barcelona/

How it is made: the real ``scout apply`` runs the shipped pipeline with the shipped
config and NO keys (so the chains take their keyless path: DuckDuckGo lite, the page
adapter, yt-dlp, youtube-transcript-api, the extractive synthesis) with ``--record``.
Every request is answered by the fake provider server of the test suite (tests/fakes/,
built from real captured responses) through a transport that routes each real host to
it, so the cassette holds the real URLs (lite.duckduckgo.com, the hotels' own sites) and
``--replay`` works anywhere, offline, with no environment at all. YouTube's two adapters
are the tests' fakes (their answers are stored at the reply level).

It takes about half a minute: the shipped DuckDuckGo rate cap (20/min) is respected.
"""

from __future__ import annotations

import functools
import os
import shutil
import sys
import tempfile
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.world import QUERY, adapter_factory, build_world  # noqa: E402
from tests.fakes.server import FakeServer  # noqa: E402

OUT = ROOT / "examples" / "hotel-barcelona"
SITES = {
    "Casa Bonay": "https://casabonay.com/hotel",
    "Hotel Praktik Rambla": "https://www.hotelpraktikrambla.com/en",
    "Hotel Arts Barcelona": "https://www.hotelartsbarcelona.com/en",
    "Generator Barcelona": "https://staygenerator.com/hostels/barcelona",
}
PROVIDER_HOSTS = {"lite.duckduckgo.com", "html.duckduckgo.com", "api.tavily.com",
                  "www.googleapis.com", "api.search.brave.com", "api.perplexity.ai"}
PUBLIC_PLACEHOLDER = "151.101.1.195"  # never contacted: the transport routes by name


def site_path(url: str) -> str:
    u = httpx.URL(url)
    return f"/__site/{u.host}{u.path}"


class RouteToFake(httpx.BaseTransport):
    """Sends each request to the fake server: provider hosts by path, sites by name."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.inner = httpx.HTTPTransport()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        host = request.headers.get("host", request.url.host).split(":")[0]
        path = request.url.raw_path.decode()
        if host not in PROVIDER_HOSTS:
            path = f"/__site/{host}{path}"
        headers = {k: v for k, v in request.headers.items() if k.lower() != "host"}
        routed = httpx.Request(request.method, self.base + path, headers=headers,
                               content=request.content)
        return self.inner.handle_request(routed)


def main() -> int:
    from scout.providers.hook import ProviderOptions
    import scout.cli.run_cmds as run_cmds
    from scout.cli import main as scout_main

    tmp = Path(tempfile.mkdtemp(prefix="scout-demo-"))
    with FakeServer() as srv:
        build_world(tmp, srv, site_url=lambda _srv, name: SITES[name],
                    page_path=lambda name: site_path(SITES[name]))
        root = tmp / "root"
        # the shipped config, verbatim: the replay must ask exactly what a user's run asks
        shutil.copy(ROOT / "config" / "adapters.yaml", root / "config" / "adapters.yaml")
        for var in [k for k in os.environ if k.startswith("SCOUTE_") or k.endswith("_API_KEY")
                    or k in ("GOOGLE_CSE_ID", "SEARXNG_URL")]:
            del os.environ[var]
        os.environ["SCOUTE_RESEARCH_ROOT"] = str(root)
        make = adapter_factory()

        def factory(name, settings, client):
            if settings.type == "page":
                from scout.adapters.page import PageAdapter

                return PageAdapter(name, settings, client,
                                   resolver=lambda host: [PUBLIC_PLACEHOLDER])
            return make(name, settings, client)

        run_cmds.ProviderOptions = functools.partial(  # type: ignore[misc]
            ProviderOptions, transport=RouteToFake(srv.url), adapter_factory=factory)
        cassette = tmp / "cassette"
        code = scout_main(["apply", str(ROOT / "pipelines" / "hotel_research.yaml"),
                           "--query", QUERY, "--mission-id", "hotel-barcelona-demo",
                           "--record", str(cassette), "--progress", "plain"])
        if code != 0:
            print(f"recording failed (exit {code}); nothing written", file=sys.stderr)
            return code
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    shutil.copytree(cassette, OUT / "cassette")
    shutil.copy(root / "runs" / "hotel-barcelona-demo" / "report.md", OUT / "report.md")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
