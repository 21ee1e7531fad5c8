"""A search photo that names another candidate of the fan-out and not this one is left out
of this one's gallery: the report credits every photo in a gallery to its candidate."""

from __future__ import annotations

from scout.schemas.sources import Photo
from scout.steps.images import about_another

SIBLINGS = ["Casa Bonay", "Hotel Praktik Rambla", "Hotel Arts Barcelona"]


def photo(page: str, image: str, title: str = "") -> Photo:
    return Photo(image_url=image, page_url=page, source="site", title=title)


def test_a_photo_from_a_page_about_another_candidate_is_left_out() -> None:
    p = photo("https://www.example-travel.org/barcelona/casa-bonay",
              "https://cdn.example-travel.org/img/terrace.jpg")
    assert about_another(p, "Hotel Praktik Rambla", SIBLINGS)
    assert not about_another(p, "Casa Bonay", SIBLINGS)


def test_words_the_candidates_or_the_query_share_tie_a_photo_to_no_one() -> None:
    # 'barcelona' is the query's city, in one hotel's name: it says nothing of which hotel
    p = photo("https://blog.example.net/best-hotel-barcelona", "https://x.test/a.jpg",
              "Hotel lobby, Barcelona")
    query = "Hotel Praktik Rambla Barcelona hotel"
    assert not about_another(p, "Hotel Praktik Rambla", SIBLINGS, query)
    # without the query, the city reads as Hotel Arts Barcelona's own word
    assert about_another(p, "Hotel Praktik Rambla", SIBLINGS)
    # words two candidates share ("Toyota") tie a photo to neither
    cars = ["Toyota Corolla Hybrid", "Toyota Yaris Hybrid"]
    q = photo("https://dealer.test/toyota-hybrid-range", "https://dealer.test/t.jpg")
    assert not about_another(q, "Toyota Yaris Hybrid", cars)


def test_a_photo_naming_its_own_candidate_stays_even_beside_another() -> None:
    p = photo("https://blog.example.net/praktik-rambla-vs-casa-bonay", "https://x.test/b.jpg")
    assert not about_another(p, "Hotel Praktik Rambla", SIBLINGS)


def test_a_photo_naming_nobody_stays_and_a_lone_candidate_keeps_all() -> None:
    p = photo("https://photos.test/p/123", "https://photos.test/i/123.jpg", "Double room")
    assert not about_another(p, "Hotel Praktik Rambla", SIBLINGS)
    q = photo("https://www.example-travel.org/barcelona/casa-bonay", "https://x.test/c.jpg")
    assert not about_another(q, "Hotel Praktik Rambla", ["Hotel Praktik Rambla"])
