"""A photo is credited to the site it came from: the candidate's page may show a photo
another site serves (scout/steps/images.py ``first_party_photos``), and the report says
whose it is and where it was shown (``photos_section``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.report.render import make_report_env
from scout.schemas.records import Evidence, EvidenceSet
from scout.steps.images import first_party_photos

PAGE = "https://www.casabonay.com/hotel"


def _pages(*images: str) -> EvidenceSet:
    return EvidenceSet(items=[Evidence(id="p1", kind="page", subject="casa-bonay", url=PAGE,
                                       title="Casa Bonay", adapter="page",
                                       images=list(images))])


def test_a_photo_another_site_serves_is_credited_to_that_site() -> None:
    photos = first_party_photos(_pages("https://www.casabonay.com/img/a.jpg",
                                       "https://img.casabonay.com/b.jpg",
                                       "https://hotelbarahona72.com/img/c.webp"),
                                "casa-bonay", "Casa Bonay")
    own, sub, other = photos
    assert (own.first_party, own.source, own.shown_on) == (True, "Casa Bonay", "")
    assert (sub.first_party, sub.source) == (True, "Casa Bonay")  # its own subdomain
    assert (other.first_party, other.source, other.shown_on) == (
        False, "hotelbarahona72.com", "Casa Bonay")
    assert other.page_url == PAGE  # where a reader sees it shown


@pytest.mark.parametrize("page, image, own", [
    ("https://www.hotel.co.uk/", "https://cdn.hotel.co.uk/x.jpg", True),
    ("https://www.hotel.co.uk/", "https://other.co.uk/x.jpg", False),
    ("http://127.0.0.1:8000/casa", "http://127.0.0.1:8000/x.jpg", True),
])
def test_one_site_is_told_from_another(page: str, image: str, own: bool) -> None:
    pages = EvidenceSet(items=[Evidence(id="p", kind="page", subject="s", url=page,
                                        images=[image])])
    [photo] = first_party_photos(pages, "s", "S")
    assert photo.first_party is own


@pytest.mark.parametrize("lang, own, other", [
    ("en", "credit: [Casa Bonay](https://www.casabonay.com/hotel) (own site)",
     "credit: hotelbarahona72.com, shown on [Casa Bonay](https://www.casabonay.com/hotel)"),
    ("es", "procedencia: [Casa Bonay](https://www.casabonay.com/hotel) (web propia)",
     "procedencia: hotelbarahona72.com, mostrada en [Casa Bonay](https://www.casabonay.com/hotel)"),
])
def test_the_report_credits_each_photo_to_its_site(tmp_path: Path, lang: str, own: str,
                                                   other: str) -> None:
    from scout.schemas.records import Candidate, RankedItem, Shortlist
    from scout.schemas.sources import Gallery, PhotoSet

    photos = first_party_photos(_pages("https://www.casabonay.com/img/a.jpg",
                                       "https://hotelbarahona72.com/img/c.webp"),
                                "casa-bonay", "Casa Bonay")
    shortlist = Shortlist(items=[RankedItem(rank=1, candidate=Candidate(
        key="casa-bonay", name="Casa Bonay", url=PAGE))])
    gallery = PhotoSet(galleries=[Gallery(subject="casa-bonay", name="Casa Bonay",
                                          photos=photos)])
    (tmp_path / "t.md.j2").write_text(
        '{% import "_report.md.j2" as r with context %}{{ r.photos_section(photos, shortlist) }}')
    md = make_report_env(tmp_path, lang).get_template("t.md.j2").render(
        shortlist=shortlist, photos=gallery)
    lines = [line for line in md.splitlines() if line.startswith("- ")]
    assert [line.split(" — ", 1)[1] for line in lines] == [own, other]
