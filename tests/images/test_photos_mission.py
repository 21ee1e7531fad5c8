"""The hotel mission finds photos (uses: images) against the fake providers: a gallery
per shortlisted hotel with credits; with download_photos (the thumbnails phase) the
pictures are re-encoded copies in the run dir and report.html loads no third-party URL."""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser

import pytest

from tests.e2e.harness import run_cli
from tests.e2e.world import QUERY, ROOT, World

PIPELINE = str(ROOT / "pipelines/hotel_research.yaml")
SHORTLISTED = ("Casa Bonay", "Hotel Praktik Rambla")


def apply(*extra: str, mission: str = "photos") -> int:
    return run_cli(["apply", PIPELINE, "--query", QUERY, "--mission-id", mission,
                    "--progress", "none", *extra])


def steer(world: World) -> dict[str, str]:
    """Two photos per shortlisted hotel on a photo host, credited to a blog page."""
    port = world.server.url.rsplit(":", 1)[1]
    pages = {}
    for name in SHORTLISTED:
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        page = f"http://travelblog.test:{port}/stay/{slug}"
        pages[name] = page
        world.providers.set_photos(f"{name} Barcelona hotel", [
            (f"http://photos.test:{port}/img/{slug}-1.jpg", page, f"{name} lobby"),
            (f"http://photos.test:{port}/img/{slug}-2.jpg", page, f"{name} room"),
        ])
    return pages


class Loads(HTMLParser):
    """Every URL the page would make a browser fetch (not links it merely shows)."""

    FETCHING = {"img": ("src", "srcset"), "script": ("src",), "link": ("href",),
                "iframe": ("src",), "source": ("src", "srcset"), "video": ("src", "poster"),
                "audio": ("src",), "embed": ("src",), "object": ("data",),
                "input": ("src",)}

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.data_images = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in self.FETCHING.get(tag, ()) and value:
                if tag == "img" and value.startswith("data:image/"):
                    self.data_images += 1
                else:
                    self.urls.append(value)
            if name == "style" and value and "url(" in value:
                self.urls.append(value)


def test_gallery_with_credits_and_a_self_contained_html(world: World) -> None:  # noqa: F811
    pages = steer(world)
    assert apply("--set", "download_photos=true") == 0
    run = world.run_dir("photos")
    md = (run / "report.md").read_text()
    section = md.split("## Photos", 1)[1].split("\n## ", 1)[0]
    for name in SHORTLISTED:
        assert f"**{name}**" in section
        host = "travelblog.test"
        assert f"[{host}]({pages[name]})" in section  # the credit: site name + page link
    # Casa Bonay's own page (JSON-LD image) counts too, first, marked and credited to it
    casa = section.split("**Casa Bonay**", 1)[1].split("**", 1)[0]
    first = casa.strip().splitlines()[0]
    assert "(own site)" in first and f"[Casa Bonay]({world.page_url('Casa Bonay')})" in first
    # a photo its page shows that another site serves (the capture's og:image) is never
    # "(own site)": the site's own photos lead, that one is credited to its site
    assert not any("hotelbarahona72.com/img" in line and "own site" in line
                   for line in section.splitlines())
    # the thumbnails are files in the run dir, re-encoded small, metadata dropped
    shown = re.findall(r"!\[[^\]]*\]\((photos/[0-9a-f]{64}\.jpg)\)", section)
    assert len(shown) >= 4
    from PIL import Image

    for rel in shown:
        data = (run / rel).read_bytes()
        img = Image.open(io.BytesIO(data))
        assert img.format == "JPEG" and max(img.size) <= 320
        assert b"FakeCam" not in data and b"secret location" not in data
    # report.html: the pictures are data: URIs and nothing is fetched from anywhere
    html = (run / "report.html").read_text()
    loads = Loads()
    loads.feed(html)
    assert loads.urls == []
    assert loads.data_images == len(shown)
    assert not re.search(r"url\(\s*['\"]?https?:", html)
    # the downloads went through the providers layer: journaled under P6, one per photo
    thumbs = [e for e in world.journal() if e["adapter"] == "thumbnail"]
    assert {e["phase"] for e in thumbs} == {"P6"}
    assert sum(e["result"] == "ok" for e in thumbs) == len(shown)
    gallery = json.loads((run / "artifacts" / "gallery.json").read_text())["data"]
    credited = [p for g in gallery["galleries"] for p in g["photos"]]
    assert all(p["page_url"] and p["source"] for p in credited)
    # the phases' notes are msgids filled in: a Spanish report says them in Spanish
    from scout.i18n.messages import localize

    photos = json.loads((run / "artifacts" / "photos.json").read_text())["data"]
    notes = photos["notes"] + gallery["notes"]
    assert any(" photos of " in n for n in notes) and any("stored under" in n for n in notes)
    for note in notes:
        assert localize(note, "es") != note, note


def test_without_download_the_report_links_photos(world: World) -> None:  # noqa: F811
    steer(world)
    assert apply(mission="links") == 0
    run = world.run_dir("links")
    md = (run / "report.md").read_text()
    section = md.split("## Photos", 1)[1].split("\n## ", 1)[0]
    assert "](http://photos.test:" in section and "![" not in section
    assert not (run / "photos").exists()
    loads = Loads()
    loads.feed((run / "report.html").read_text())
    assert loads.urls == [] and loads.data_images == 0
    state = [e for e in world.journal() if e["adapter"] == "thumbnail"]
    assert state == []  # P6 skipped (if: task.download_photos is false)
    # skipped as planned, so not among what did not go to plan: the request's table says
    # photos were not asked for, the appendix that P6 was skipped
    assert "| download photos | no | default |" in md and "| P6 | thumbnails | skipped |" in md
    assert "**P6**" not in md.split("## What did not go to plan", 1)[1].split("\n## ", 1)[0]


def test_no_image_search_configured_skips_the_search_visibly(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    for var in ("BRAVE_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CSE_ID",
                "SCOUTE_SEARXNG_IMAGES_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
    assert apply("--set", "download_photos=true", mission="keyless") == 0
    run = world.run_dir("keyless")
    md = (run / "report.md").read_text()
    # which providers were not asked and why, said once, under Photos where it matters
    assert ("*Image search was skipped; not configured, so not asked: brave_images "
            "(BRAVE_API_KEY not set); google_images (GOOGLE_API_KEY, GOOGLE_CSE_ID not set); "
            "searxng_images (SEARXNG_URL not set).*") in md
    assert md.count("brave_images (") == 1 and md.count("searxng_images (") == 1
    photos = json.loads((run / "artifacts" / "photos.json").read_text())["data"]
    assert photos["skipped"]
    # the hotels' own photos are still there, first-party, downloaded
    own = [(g["name"], p) for g in photos["galleries"] for p in g["photos"]]
    assert own and all(p["first_party"] or p["shown_on"] == name for name, p in own)
    # one its page shows is another site's (the capture's og:image), credited to that site
    assert [(p["source"], p["shown_on"]) for _name, p in own if not p["first_party"]] == [
        ("hotelbarahona72.com", "Casa Bonay")]
    assert re.search(r"!\[[^\]]*\]\(photos/[0-9a-f]{64}\.jpg\)", md)
