"""Shared Source normalisation: canonical URLs, text, trimming, dedup, ranks."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.adapters.normalize import (
    Hit, canonical_url, clean_text, to_sources, trim, unwrap_redirect,
)


@pytest.mark.parametrize("raw, expected", [
    ("HTTPS://WWW.Example.COM/Path/", "https://www.example.com/Path"),
    ("https://example.com", "https://example.com/"),
    ("https://example.com/", "https://example.com/"),
    ("https://example.com:443/a", "https://example.com/a"),
    ("http://example.com:80/a", "http://example.com/a"),
    ("http://example.com:8080/a/", "http://example.com:8080/a"),
    ("https://example.com/a#section", "https://example.com/a"),
    ("https://user:pw@example.com/a", "https://example.com/a"),
    ("//example.com/a", "https://example.com/a"),
    ("https://example.com/a?utm_source=x&id=7&utm_medium=y&fbclid=abc", "https://example.com/a?id=7"),
    ("https://example.com/a?gclid=1&msclkid=2&_ga=3&mc_eid=4&UTM_Campaign=5", "https://example.com/a"),
    ("https://example.com/a?q=San+Francisco,CA", "https://example.com/a?q=San+Francisco,CA"),
    ("https://example.com/san%2dfrancisco/%7euser", "https://example.com/san-francisco/~user"),
    ("https://example.com/a%2fb%c3%a9", "https://example.com/a%2Fb%C3%A9"),
    ("https://example.com./a", "https://example.com/a"),
])
def test_canonical_url(raw: str, expected: str) -> None:
    assert canonical_url(raw) == expected


@pytest.mark.parametrize("raw", ["javascript:alert(1)", "mailto:a@b.c", "ftp://x.org/f",
                                 "not a url", "", "https://", "http://[::1",
                                 "http://a|b.example/", "http://a b.example/",
                                 "http://<img src=x>.example/", "http://x\".example/"])
def test_canonical_url_rejects_non_http(raw: str) -> None:
    assert canonical_url(raw) is None


@pytest.mark.parametrize("raw,expected", [
    ("https://ex.com/a|b c?q=<x>&r=\"y\"", "https://ex.com/a%7Cb%20c?q=%3Cx%3E&r=%22y%22"),
    ("https://ex.com/{a}^`\\", "https://ex.com/%7Ba%7D%5E%60%5C"),
    ("https://münchen.example/straße", "https://münchen.example/straße"),
])
def test_characters_a_url_may_not_hold_are_escaped(raw: str, expected: str) -> None:
    """A ``|`` or a space in a result's URL split the report's table row it sat in."""
    assert canonical_url(raw) == expected and canonical_url(expected) == expected


@pytest.mark.parametrize("raw,expected", [
    ("Hotel Prak\u202etik\u200b Rambla\x1b[31m | Site", "Hotel Praktik Rambla | Site"),
    ("a\x00b\x07c \x1b]8;;https://evil.example\x07link\x1b]8;;\x07", "abc link"),
    ("\u2066isolated\u2069 \ufeffBOM", "isolated BOM"),
])
def test_clean_text_drops_control_sequences_whole_and_bidi_controls(raw: str,
                                                                    expected: str) -> None:
    from scout.adapters.normalize import clean_text

    assert clean_text(raw) == expected


def test_canonical_url_is_idempotent() -> None:
    for raw in ["https://Example.com/a/?utm_x=1&b=2#f", "https://e.org", "https://e.org/%7e/"]:
        once = canonical_url(raw)
        assert once is not None and canonical_url(once) == once


def test_unwrap_duckduckgo_redirect_forms() -> None:
    target = "https://www.accuweather.com/en/us/san-francisco"
    wrapped = ("//duckduckgo.com/l/?uddg=https%3A%2F%2Fwww.accuweather.com%2Fen%2Fus%2F"
               "san%2Dfrancisco&rut=29c2a03")
    assert unwrap_redirect(wrapped) == target
    assert unwrap_redirect("https://duckduckgo.com/l/?kh=-1&uddg=https%3A%2F%2Fa.org%2F") == "https://a.org/"
    assert unwrap_redirect("/l/?uddg=https%3A%2F%2Fa.org%2Fx") == "https://a.org/x"
    # not a redirect: unchanged, even with a uddg-looking parameter elsewhere
    assert unwrap_redirect(target) == target
    assert unwrap_redirect("https://evil.example/l/?uddg=https%3A%2F%2Fa.org") == \
        "https://evil.example/l/?uddg=https%3A%2F%2Fa.org"


def test_wrapped_and_direct_links_to_one_page_give_one_url() -> None:
    direct = "https://www.kron4.com/weather-san-francisco/"
    wrapped = ("//duckduckgo.com/l/?uddg=https%3A%2F%2Fwww.kron4.com%2Fweather%2Dsan%2D"
               "francisco%2F&rut=d51fbd0d")
    tracked = "https://WWW.KRON4.com/weather-san-francisco?utm_source=ddg#top"
    urls = {canonical_url(unwrap_redirect(u)) for u in (direct, wrapped, tracked)}
    assert urls == {"https://www.kron4.com/weather-san-francisco"}


def test_clean_text_and_markup() -> None:
    assert clean_text("  a \n\t b  ") == "a b"
    assert clean_text("\u200eLaravel\u200b News") == "Laravel News"
    # plain text keeps '&' and '<' as they are; HTML snippets lose tags and entities
    assert clean_text("Prices & Reviews <3") == "Prices & Reviews <3"
    assert clean_text("<strong>Laravel</strong> is Twitter&#x27;s &amp; more", markup=True) == \
        "Laravel is Twitter's & more"
    assert clean_text(None) == ""


def test_trim_on_word_boundary() -> None:
    text = "one two three four five six seven eight nine ten"
    out = trim(text, 20)
    assert len(out) <= 20 and out.endswith("…") and out == "one two three four…"
    assert trim(text, 200) == text
    long_word = "x" * 50
    assert len(trim(long_word, 20)) == 20


def test_to_sources_dedups_ranks_limits_and_stamps() -> None:
    when = dt.datetime(2026, 9, 1, tzinfo=dt.timezone.utc)
    hits = [
        Hit("A", "https://a.org/x/?utm_source=1", "", published="2026-01-02", score=0.9),
        Hit("bad", "javascript:void(0)", "dropped"),
        Hit("A again", "https://A.org/x", "snippet for a"),  # duplicate: fills a's snippet
        Hit("B", "https://b.org/", "  b   snippet  ", meta={"engines": ["x"]}),
        Hit("C", "https://c.org/", "c"),
        Hit("D", "https://d.org/", "d"),
    ]
    out = to_sources(hits, adapter="ddg2", limit=3, max_chars=30, retrieved_at=when)
    assert [s.url for s in out] == ["https://a.org/x", "https://b.org/", "https://c.org/"]
    assert [s.rank for s in out] == [1, 2, 3]
    assert out[0].title == "A" and out[0].snippet == "snippet for a"
    assert out[0].published == "2026-01-02" and out[0].score == 0.9
    assert out[1].snippet == "b snippet" and out[1].meta == {"engines": ["x"]}
    assert {s.adapter for s in out} == {"ddg2"} and {s.retrieved_at for s in out} == {when}


def test_to_sources_trims_snippets_to_max_chars() -> None:
    out = to_sources([Hit("t", "https://a.org", "word " * 100)], adapter="x", limit=5,
                     max_chars=40)
    assert 0 < len(out[0].snippet) <= 40 and out[0].snippet.endswith("…")


def test_sources_are_stamped_with_the_providers_date_header() -> None:
    """A replayed answer says when it was really retrieved (the recorded Date header),
    so two replays of a cassette write the same report; a bogus date is ignored."""
    import datetime as dt

    import httpx

    from scout.adapters.contract.http import response_time

    recorded = httpx.Response(200, headers={"date": "Tue, 01 Dec 2026 19:44:20 GMT"})
    assert response_time(recorded) == dt.datetime(2026, 12, 1, 19, 44, 20,
                                                  tzinfo=dt.timezone.utc)
    for bad in ("yesterday", "Tue, 01 Dec 2126 19:44:20 GMT", ""):
        assert response_time(httpx.Response(200, headers={"date": bad})) is None
