"""A whole fake world for end-to-end missions: providers, pages, Perplexity and YouTube.

One real HTTP server on 127.0.0.1 imitates Tavily, DuckDuckGo lite, Google CSE, Brave,
SearxNG (tests/fakes/providers.py, answers in the real captured shapes), Perplexity (the
real sonar capture) and the candidates' own pages (a real hotel JSON-LD block). YouTube
cannot be pointed at a URL, so its two adapters are injected with fakes: a YoutubeDL
stand-in returning a flat search in yt-dlp's entry shape, and youtube-transcript-api
driven through a fake ``requests`` transport serving timedtext XML.

A research root is laid out in ``tmp``: ``config/adapters.yaml`` (the shipped config with
loopback pages allowed, rate caps raised and retry waits shortened, so tests do not
sleep), ``templates/`` (the shipped templates) and ``runtime/``, ``runs/``.

Bigger worlds: ``make_hotels(20)`` gives the four hand-written hotels plus generated ones
(each with its own ``<slug>.test`` site, a review and a price snippet); pass them to
``build_world(..., hotels=...)``. ``make_root(..., shipped_caps=True)`` keeps the shipped
rate caps and retry policies (benchmarks), and ``latency(world, ...)`` gives every
provider route a seeded latency distribution, served and logged by the fake server.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tests.fakes.media import FakeYouTube, hotel_page, innertube, page_routes, perplexity_route
from tests.fakes.providers import FakeProviders
from tests.fakes.server import FakeServer

ROOT = Path(__file__).resolve().parents[2]
QUERY = "find hotels in Barcelona for September 2026 under 200 EUR with good reviews"
PERPLEXITY_KEY = "pplx-e2e-secret-value-7f3a9c"

#: hotel → (title on its own site, page path, snippet, reviews snippet, price snippet)
HOTELS: dict[str, dict[str, str]] = {
    "Casa Bonay": {
        "title": "Casa Bonay | Official Site", "path": "/pages/casa-bonay",
        "snippet": "Boutique hotel in Eixample with a rooftop bar. Rated 9.0/10.",
        "review": "Casa Bonay: guests rate it 9.2 out of 10 for the rooftop and the staff.",
        "price": "Casa Bonay Barcelona: double rooms from 180 EUR per night in September.",
    },
    "Hotel Praktik Rambla": {
        "title": "Hotel Praktik Rambla - Official Website", "path": "/pages/praktik",
        "snippet": "Modernist building on Rambla de Catalunya.",
        "review": "Praktik Rambla reviews: 8.6/10 from 3,120 reviews, lovely tiles.",
        "price": "Hotel Praktik Rambla: from 135 EUR per night, breakfast extra.",
    },
    "Hotel Arts Barcelona": {
        "title": "Hotel Arts Barcelona | Official Site", "path": "/pages/hotel-arts",
        "snippet": "Luxury on the beach in the Olympic Port.",
        "review": "Hotel Arts Barcelona: superb views, rated 9.3/10 by guests.",
        "price": "Hotel Arts Barcelona rooms from 420 EUR per night.",
    },
    "Generator Barcelona": {
        "title": "Generator Barcelona - Hostelworld", "path": "/pages/generator",
        "snippet": "Design hostel in Gràcia with private rooms.",
        "review": "Generator Barcelona: 7.1/10, noisy but fun.",
        "price": "Generator Barcelona private rooms from 95 EUR per night.",
    },
}
AGGREGATOR = ("THE 10 BEST Hotels in Barcelona 2026 - Tripadvisor",
              "https://www.tripadvisor.com/Hotels-g187497-Barcelona-Hotels.html",
              "Best hotels in Barcelona, ranked by travellers.")

TRANSCRIPT = """<?xml version="1.0" encoding="utf-8" ?><transcript>
<text start="0" dur="4">Welcome back, today we are in Barcelona looking at hotels.</text>
<text start="12.5" dur="5">First stop, Casa Bonay in Eixample, the rooftop is amazing.</text>
<text start="18" dur="4">Rooms were quiet and the staff were lovely.</text>
<text start="64" dur="5">Then we walked to Hotel Praktik Rambla for the tiles.</text>
<text start="70" dur="3">Great value for the location.</text>
</transcript>"""


#: words for generated hotels: each gives "Hotel <Word>", its own site and evidence
_WORDS = ("Miramar", "Sant Pau", "Condal", "Gaudi Nou", "Montjuic", "Ribera", "Sarria",
          "Tibidabo", "Poblenou", "Raval", "Sants", "Gracia Verd", "Diagonal", "Pedralbes",
          "Collserola", "Les Corts", "Bogatell", "Llull", "Verdaguer", "Fabra", "Mallorca",
          "Provenca", "Aragon", "Valencia", "Girona", "Bruc", "Pau Claris", "Balmes",
          "Muntaner", "Aribau", "Urgell", "Borrell", "Tarragona", "Lleida", "Vilamari",
          "Entença", "Calabria", "Rocafort", "Viladomat", "Casanova")


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def make_hotels(n: int) -> dict[str, dict[str, str]]:
    """``n`` hotels: the four hand-written ones first, then generated ones (deterministic:
    ratings 7.0-9.6 and prices 85-265 EUR cycle, so some are over budget or under the
    minimum rating, like the hand-written set)."""
    out = dict(list(HOTELS.items())[:n])
    for i, word in enumerate(_WORDS[: max(0, n - len(out))]):
        name = f"Hotel {word}"
        slug = _slug(name)
        rating = round(7.0 + (i * 7 % 27) / 10, 1)
        price = 85 + (i * 37) % 181
        out[name] = {
            "title": f"{name} | Official Site", "path": f"/pages/{slug}",
            "snippet": f"{name}: a hotel in Barcelona with {20 + i} rooms.",
            "review": f"{name}: guests rate it {rating}/10 from {100 + 7 * i} reviews.",
            "price": f"{name} Barcelona: double rooms from {price} EUR per night.",
        }
    if len(out) < n:
        raise ValueError(f"make_hotels: at most {len(HOTELS) + len(_WORDS)} hotels")
    return out


def hotel_queries(name: str) -> tuple[str, str]:
    """The F2 and F4 queries the shipped pipeline renders for a hotel."""
    return (f"{name} Barcelona reviews",
            f"{name} Barcelona price per night September 2026")


F1_QUERY = "best hotels in Barcelona September 2026"
Y1_QUERY = "Barcelona hotels review"


class FakeYdl:
    """Stand-in for yt_dlp.YoutubeDL: a flat ytsearch answer in yt-dlp's entry shape."""

    fail: str | None = None  # set to an error message to make every search fail

    def __init__(self, params: dict[str, Any]) -> None:
        self.params = params

    def extract_info(self, url: str, download: bool = False) -> dict[str, Any]:
        if FakeYdl.fail:
            import yt_dlp

            raise yt_dlp.utils.DownloadError(FakeYdl.fail)
        entries = [
            {"_type": "url", "ie_key": "Youtube", "id": "bcnHotels01",
             "url": "https://www.youtube.com/watch?v=bcnHotels01",
             "title": "Where to stay in Barcelona: 5 hotels we loved", "channel": "Travel Tim",
             "duration": 612.0, "view_count": 48210},
        ]
        return {"_type": "playlist", "id": url, "title": url, "extractor": "youtube:search",
                "entries": entries}


def resolve_test_hosts(host: str) -> list[str]:
    if host.endswith(".test"):
        return ["127.0.0.1"]
    raise OSError(f"no DNS in tests: {host}")


def host_url(server: FakeServer, name: str,
             hotels: dict[str, dict[str, str]] | None = None) -> str:
    """http://<slug>.test:<port>/pages/<slug>: a site of its own per hotel."""
    h = (hotels or HOTELS)[name]
    port = server.url.rsplit(":", 1)[1]
    slug = h["path"].rsplit("/", 1)[1]
    return f"http://{slug}.test:{port}{h['path']}"


def adapter_factory(youtube_down: bool = False):
    """ProviderRuntime adapter factory: the real adapters, YouTube's two with fakes."""
    from scout.config.adaptertypes import ADAPTER_TYPES
    from scout.adapters.youtube_transcripts import YouTubeTranscriptAdapter
    from scout.adapters.yt_dlp import YtDlpAdapter
    from tests.fakes.media import youtube_session

    def make(name: str, settings: Any, client: Any) -> Any:
        if settings.type == "yt_dlp":
            FakeYdl.fail = ("Unable to download API page: <urlopen error [Errno 101] "
                            "Network is unreachable>") if youtube_down else None
            return YtDlpAdapter(name, settings, None, ydl_factory=FakeYdl)
        if settings.type == "youtube_transcripts":
            fake = FakeYouTube(innertube("innertube-player-captions-F1xioXWb8CY.json"),
                               timedtext=TRANSCRIPT.encode())
            return YouTubeTranscriptAdapter(name, settings, None,
                                            session_factory=lambda: youtube_session(fake))
        if settings.type == "page":
            from scout.adapters.page import PageAdapter

            # each hotel has its own host (<slug>.test), all served by the fake server
            return PageAdapter(name, settings, client, resolver=resolve_test_hosts)
        if settings.type == "thumbnail":
            from scout.adapters.thumbnail import ThumbnailFetcher

            return ThumbnailFetcher(name, settings, client, resolver=resolve_test_hosts)
        cls = ADAPTER_TYPES[settings.type].load()
        uses_http = getattr(cls, "uses_http", True)
        return cls(name, settings, client if uses_http else None)

    return make


@dataclass
class World:
    tmp: Path
    server: FakeServer
    providers: FakeProviders
    perplexity_keys: dict[str, str] = field(default_factory=dict)
    perplexity: Any = None  # the PerplexityLog of the fake route
    hotels: dict[str, dict[str, str]] = field(default_factory=lambda: dict(HOTELS))

    @property
    def root(self) -> Path:
        return self.tmp / "root"

    @property
    def runs(self) -> Path:
        return self.root / "runs"

    def env(self, *, perplexity: bool = True) -> dict[str, str]:
        env = dict(self.providers.env())
        env["SCOUTE_PERPLEXITY_BASE_URL"] = self.server.url
        env["SCOUTE_RESEARCH_ROOT"] = str(self.root)
        if perplexity:
            env["PERPLEXITY_API_KEY"] = PERPLEXITY_KEY
        return env

    def page_url(self, name: str) -> str:
        return host_url(self.server, name, self.hotels)

    def run_dir(self, mission_id: str) -> Path:
        return self.runs / mission_id

    def journal(self) -> list[dict[str, Any]]:
        from scout.providers.journal import iter_journal

        return list(iter_journal(self.root / "runtime"))


def make_root(root: Path, *, shipped_caps: bool = False, max_workers: int | None = None,
              adapters: dict[str, dict[str, Any]] | None = None) -> None:
    """config/ (shipped config, test-friendly knobs) and templates/ under ``root``.

    ``shipped_caps`` keeps the shipped rate caps and retry policies (benchmarks);
    ``adapters`` merges extra settings per adapter (e.g. a short ``timeout``)."""
    (root / "config").mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "templates", root / "templates", dirs_exist_ok=True)
    cfg = yaml.safe_load((ROOT / "config" / "adapters.yaml").read_text())
    for name, settings in cfg["adapters"].items():
        if shipped_caps:
            continue
        if "rate" in settings:
            settings["rate"] = {"per_minute": 60000, "burst": 100}
        # retries still happen; they just do not wait seconds
        settings["retry"] = {"attempts": 2, "backoff": {"initial": "1ms", "factor": 2,
                                                        "max": "5ms", "jitter": "full"}}
        settings["retry_after_max"] = "10ms"
    for name, extra in (adapters or {}).items():
        cfg["adapters"][name].update(extra)
    if max_workers is not None:
        cfg["max_workers"] = max_workers
    cfg["adapters"]["page"]["allow_hosts"] = ["127.0.0.1"]
    cfg["adapters"]["thumbnail"]["allow_hosts"] = ["127.0.0.1"]
    (root / "config" / "adapters.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))


def build_world(tmp: Path, server: FakeServer, *,
                hotels: dict[str, dict[str, str]] | None = None,
                root_options: dict[str, Any] | None = None,
                site_url: Any = None, page_path: Any = None) -> World:
    """The hotel world. ``site_url(server, name)`` gives each hotel's site URL (default
    ``http://<slug>.test:<port>/pages/<slug>``) and ``page_path(name)`` the path the fake
    server serves it under (default ``/pages/<slug>``)."""
    hotels = dict(hotels or HOTELS)
    site_url = site_url or (lambda srv, name: host_url(srv, name, hotels))
    page_path = page_path or (lambda name: hotels[name]["path"])
    make_root(tmp / "root", **(root_options or {}))
    providers = FakeProviders(server, wrap_links=False)
    world = World(tmp, server, providers, {PERPLEXITY_KEY: "PERPLEXITY_API_KEY"},
                  hotels=hotels)
    cited = [(hotels[n]["title"], site_url(server, n)) for n in list(hotels)[:3]]
    world.perplexity = perplexity_route(server, world.perplexity_keys,
                                        answer=perplexity_answer(cited),
                                        spanish=perplexity_answer(cited, "es"))
    rows = [AGGREGATOR] + [(h["title"], site_url(server, n), h["snippet"])
                           for n, h in hotels.items()]
    # F1 asks for 20: beyond 19 hotels the list page makes room for them
    providers.set_results(F1_QUERY, rows if len(rows) <= 20 else rows[1:21])
    pages = {}
    for name, h in hotels.items():
        reviews_q, price_q = hotel_queries(name)
        url = site_url(server, name)
        providers.set_results(reviews_q, [(f"{name} - guest reviews", url + "/reviews",
                                           h["review"])])
        providers.set_results(price_q, [(f"{name} - rooms and rates", url + "/rates",
                                         h["price"])])
        pages[page_path(name)] = casa_bonay_page(url) if name == "Casa Bonay" else (
            f"<html><head><title>{name}</title><meta property='og:description' "
            f"content='{name}, Barcelona'></head><body><main><p>{h['snippet']}</p></main>"
            "</body></html>")
    page_routes(server, pages)
    server.route("GET", "/img/", photo_reply)
    return world


def photo_bytes(path: str, size: tuple[int, int] = (640, 480)) -> bytes:
    """A JPEG with EXIF (camera, GPS-like comment) whose colour depends on ``path``."""
    import io

    from PIL import Image

    digest = hashlib.sha256(path.encode()).digest()
    img = Image.new("RGB", size, tuple(digest[:3]))
    exif = Image.Exif()
    exif[0x010F] = "FakeCam"  # Make
    exif[0x9286] = "secret location 41.39N 2.16E"  # UserComment
    out = io.BytesIO()
    img.save(out, format="JPEG", quality=90, exif=exif)
    return out.getvalue()


def photo_reply(req: Any) -> Any:
    """/img/<name>.jpg on any hotel's host: a real JPEG; /img/*.txt: not an image."""
    from tests.fakes.server import Reply

    if req.path.endswith(".txt"):
        return Reply(200, "not a picture", "text/plain")
    return Reply(200, photo_bytes(req.path), "image/jpeg")


def casa_bonay_page(url: str) -> str:
    """The real hotel JSON-LD capture (web_pages/, see SOURCES.md), re-labelled for Casa
    Bonay: same schema.org shape and keys, this hotel's name, price range and rating."""
    import re

    raw = (ROOT / "tests/fixtures/providers/web_pages/hotel-jsonld-barahona72-v2.html"
           ).read_text(encoding="utf-8")
    data = json.loads(re.search(r"<script[^>]*>(.*)</script>", raw, re.S).group(1))
    site = url.split("/pages/")[0] if "/pages/" in url else url.rstrip("/")
    data["image"] = [f"{site}/img/casa-bonay-rooftop.jpg", f"{site}/img/casa-bonay-room.jpg"]
    data.update({"@id": url + "#hotel", "name": "Casa Bonay", "url": url,
                 "alternateName": "Casa Bonay Barcelona", "priceRange": "EUR 160 - 240",
                 "currenciesAccepted": "EUR",
                 "description": "Boutique hotel in a 19th-century building in Eixample."})
    data["address"].update({"streetAddress": "Gran Via de les Corts Catalanes 700",
                            "addressLocality": "Barcelona", "addressRegion": "Catalonia",
                            "addressCountry": "ES"})
    data["aggregateRating"].update({"ratingValue": "4.6", "reviewCount": "1840"})
    block = f'<script type="application/ld+json">\n{json.dumps(data)}\n</script>'
    page = hotel_page()
    page = page.replace(
        re.search(r'<script type="application/ld\+json">.*?</script>', page, re.S).group(0),
        block)
    page = page.replace("Hotel Barahona 72", "Casa Bonay").replace("Barranquilla", "Barcelona")
    body = re.search(r"<article>.*?</article>", page, re.S).group(0)
    return page.replace(body, "<article><h1>Casa Bonay</h1><p>A boutique hotel in a "
                        "19th-century building in Eixample, with a rooftop bar and 67 rooms."
                        "</p></article>")


def perplexity_answer(world_urls: list[tuple[str, str]], lang: str = "en") -> bytes:
    """The real sonar capture (perplexity/, see SOURCES.md) with this mission's content:
    same keys and shapes (id, model, usage with cost, citations, search_results,
    choices[0].message), an answer about the hotels citing their pages, in ``lang`` (a
    model answers a Spanish request in Spanish, as the prompt asks)."""
    raw = json.loads((ROOT / "tests/fixtures/providers/perplexity/"
                      "chat-completions-sonar-repo-rate-india.json").read_text())
    content = ("Casa Bonay is the strongest fit: a boutique hotel in Eixample rated 4.6/5, "
               "with rooms from about 180 EUR a night in September [1]. "
               "Hotel Praktik Rambla is cheaper, from 135 EUR, and well reviewed for its "
               "modernist building [2]. Hotel Arts Barcelona is excellent but far over "
               "budget [3].") if lang == "en" else (
               "Casa Bonay es la opción que mejor encaja: un hotel boutique en el Eixample "
               "valorado con un 4,6/5, con habitaciones desde unos 180 EUR la noche en "
               "septiembre [1]. El Hotel Praktik Rambla es más barato, desde 135 EUR, y "
               "tiene buenas opiniones por su edificio modernista [2]. El Hotel Arts "
               "Barcelona es excelente, pero se sale mucho del presupuesto [3].")
    raw["choices"][0]["message"]["content"] = content
    if "delta" in raw["choices"][0]:
        raw["choices"][0]["delta"]["content"] = content
    raw["citations"] = [u for _, u in world_urls]
    raw["search_results"] = [{"title": t, "url": u, "date": "2026-10-01",
                              "last_updated": "2026-10-15"} for t, u in world_urls]
    return json.dumps(raw).encode()


# --- latency -----------------------------------------------------------------------------

#: route → (what it imitates, median seconds, sigma of the log): lognormal latencies
LATENCY_PROFILE: dict[tuple[str, str], tuple[str, float, float]] = {
    ("POST", "/search"): ("search", 0.4, 0.5),             # Tavily
    ("GET", "/lite"): ("search", 0.4, 0.5),                # DuckDuckGo lite
    ("GET", "/html"): ("search", 0.4, 0.5),
    ("GET", "/customsearch/v1"): ("search", 0.4, 0.5),     # Google CSE
    ("GET", "/res/v1/web/search"): ("search", 0.4, 0.5),   # Brave
    ("GET", "/search"): ("search", 0.4, 0.5),              # SearxNG
    ("POST", "/chat/completions"): ("perplexity", 4.0, 0.3),
    ("GET", "/pages/"): ("page", 0.6, 0.5),
}


_PORT = re.compile(rb"(\.test|127\.0\.0\.1|localhost):\d+")


def request_key(req: Any) -> str:
    """What identifies a request whatever the order it arrives in: method, host, path,
    query string and body, without the server's (random) port, so one request gets the
    same latency in every run."""
    host = next((v for k, v in req.headers.items() if k.lower() == "host"), "")
    body = _PORT.sub(rb"\1", req.body or b"")
    return "|".join([req.method, host.split(":")[0], req.path,
                     json.dumps(req.query, sort_keys=True), hashlib.sha256(body).hexdigest()])


def lognormal(seed: int, key: str, median: float, sigma: float) -> float:
    """A lognormal draw with ``median``, seeded by ``seed`` and the request key."""
    digest = hashlib.sha256(f"{seed}|{key}".encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    return rng.lognormvariate(math.log(median), sigma)


def latency(world: World, *, seed: int = 0, scale: float = 1.0,
            profile: dict[tuple[str, str], tuple[str, float, float]] | None = None) -> None:
    """Give every provider route a seeded lognormal latency (``scale`` multiplies the
    medians: the chaos tests run the benchmark's shape ten times faster)."""
    for (method, prefix), (_kind, median, sigma) in (profile or LATENCY_PROFILE).items():
        world.server.latency(method, prefix,
                             lambda req, m=median * scale, s=sigma:
                             lognormal(seed, request_key(req), m, s))


def write_scenario(path: Path, youtube_down: bool = False) -> None:
    path.write_text(json.dumps({"youtube_down": youtube_down}))


# --- the second research kind: restaurants (pipelines/restaurant_research.yaml) --------

RAMEN_QUERY = "best ramen in Lyon under 25 EUR"
RESTAURANTS: dict[str, dict[str, str]] = {
    "Ramen Kazu": {
        "title": "Ramen Kazu - TheFork", "slug": "ramen-kazu",
        "snippet": "Tonkotsu ramen near Bellecour.",
        "review": "Ramen Kazu: 4.6 out of 5, rich broth, queue at lunch.",
        "price": "Ramen Kazu menu: bowls from 14 EUR per person.",
    },
    "Hakata Lyon": {
        "title": "Hakata Lyon | Official Site", "slug": "hakata",
        "snippet": "Hakata-style ramen in the Presqu'île.",
        "review": "Hakata Lyon reviews: 8.8/10 from 950 reviews.",
        "price": "Hakata Lyon: ramen 17 EUR per person, gyoza extra.",
    },
    "Takao Omakase": {
        "title": "Takao Omakase - Michelin Guide", "slug": "takao",
        "snippet": "Japanese tasting menu.",
        "review": "Takao Omakase: rated 9.4/10.",
        "price": "Takao Omakase tasting menu 85 EUR per person.",
    },
}


def restaurant_queries(name: str) -> tuple[str, str]:
    return f"{name} Lyon reviews", f"{name} Lyon menu prices"


def add_restaurants(world: World) -> None:
    """Steer the same fake providers for 'best ramen in Lyon under 25 EUR'."""
    port = world.server.url.rsplit(":", 1)[1]
    rows = [("THE 10 BEST Ramen in Lyon - Tripadvisor",
             "https://www.tripadvisor.com/Restaurants-g187265-Lyon.html", "Top ramen spots.")]
    for name, r in RESTAURANTS.items():
        url = f"http://{r['slug']}.test:{port}/r/{r['slug']}"
        rows.append((r["title"], url, r["snippet"]))
        reviews_q, price_q = restaurant_queries(name)
        world.providers.set_results(reviews_q, [(f"{name} reviews", url + "/reviews", r["review"])])
        world.providers.set_results(price_q, [(f"{name} menu", url + "/menu", r["price"])])
    world.providers.set_results("best ramen in Lyon", rows)
