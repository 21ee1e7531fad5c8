"""A request in a script the parser does not read (scout/task/scripts.py): mostly in it,
refused (USE066) in the language asked for; a name in it inside a Spanish or English
request, left unread and noted; Latin letters with diacritics, emoji and symbols read as
always. Phrasings here are new ones beside those of the CLI and MCP tests."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.errors import RequestUnread
from scout.schemas.task import Money, Month
from scout.spec.models import InputSpec
from scout.task.build import TaskIncomplete, build_task
from scout.task.parser import parse_query
from scout.task.scripts import blanked, mostly_unread, unread_runs

TODAY = dt.date(2026, 12, 1)
HOTEL = {
    "destination": InputSpec(type="place", required=True),
    "month": InputSpec(type="month"),
    "budget": InputSpec(type="money"),
}
OPTIONAL = {"destination": InputSpec(type="place"), "month": InputSpec(type="month")}


@pytest.mark.parametrize("query, script", [
    ("مطاعم رخيصة في مدريد الشهر القادم", "Arabic"),
    ("гостиницы в Мадриде до 150 евро", "Cyrillic"),
    ("Готелі у Валенсії на жовтень", "Cyrillic"),
    ("φθηνά εστιατόρια στη Σεβίλλη", "Greek"),
    ("מסעדות בתל אביב באוקטובר", "Hebrew"),
    ("दिल्ली में सस्ते होटल", "Devanagari"),
    ("ร้านอาหารในกรุงเทพ", "Thai"),
    ("マドリードのホテル 10月", "Japanese (kana)"),
    ("서울 호텔 10월 200유로 이하", "Korean (Hangul)"),
    ("马德里酒店 十月", "Chinese/Japanese (Han)"),
    ("Москва hotel 🏨 в октябре", "Cyrillic"),  # a Latin word among Russian ones
])
@pytest.mark.parametrize("inputs", [HOTEL, OPTIONAL], ids=["required", "optional"])
def test_a_request_mostly_in_an_unread_script_is_refused_naming_it(
        query: str, script: str, inputs: dict[str, InputSpec]) -> None:
    assert mostly_unread(query) == script
    with pytest.raises(RequestUnread) as caught:
        build_task(query, inputs, today=TODAY)
    err = caught.value
    assert err.code == "USE066" and err.exit_code == 2 and err.script == script
    assert f"{script} script" in err.message and "Spanish or English" in err.message
    assert "--set" in (err.hint or "")


def test_the_refusal_is_in_the_language_asked_for() -> None:
    with pytest.raises(RequestUnread) as caught:
        build_task("отели в Барселоне в сентябре", HOTEL, set_values={"lang": "es"},
                   today=TODAY)
    assert caught.value.lang == "es"
    assert "escritura cirílica" in caught.value.message
    assert "español o en inglés" in (caught.value.hint or "")
    with pytest.raises(RequestUnread) as caught:
        build_task("فنادق في برشلونة", HOTEL, default_lang="es", today=TODAY)
    assert "escritura árabe" in caught.value.message


def test_values_set_directly_let_an_unread_request_run_reading_none_of_it() -> None:
    task = build_task("فنادق في برشلونة في سبتمبر", HOTEL,
                      set_values={"destination": "برشلونة"}, today=TODAY)
    assert task.values["destination"] == "برشلونة" and task.sources["destination"] == "set"
    assert task.values["month"] is None
    assert any("not read" in n and "Arabic" in n for n in task.notes)


@pytest.mark.parametrize("query, unread, destination", [
    ("hotel en Madrid cerca de 東京駅 en octubre", "東京駅", "Madrid"),
    ("restaurants in Lisbon near the café called «Кафе Пушкин» in October", "Кафе Пушкин",
     "Lisbon"),
    ("apartamentos en Atenas, barrio Πλάκα, en octubre", "Πλάκα", "Atenas"),
])
def test_a_name_in_another_script_inside_a_latin_request_is_noted_unread(
        query: str, unread: str, destination: str) -> None:
    task = build_task(query, HOTEL, today=TODAY)
    assert task.values["destination"] == destination
    assert isinstance(task.values["month"], Month) and task.values["month"].month == 10
    said = [n for n in task.notes if unread in n]
    assert said and ("not read" in said[0] or "no leído" in said[0]), task.notes


@pytest.mark.parametrize("query, lang", [
    ("hotel cerca de 東京駅 en septiembre por menos de 200 euros", "es"),
    ("a quiet hotel by Площадь Революции in May", "en"),
])
def test_a_required_value_only_in_another_script_is_asked_for_saying_what_was_not_read(
        query: str, lang: str) -> None:
    with pytest.raises(TaskIncomplete) as caught:
        build_task(query, HOTEL, today=TODAY)
    assert caught.value.missing == ("destination",) and caught.value.lang == lang
    note = " ".join(caught.value.notes["destination"])
    assert ("not read" in note or "no leído" in note), note


@pytest.mark.parametrize("query, destination", [
    ("hoteles en Łódź en octubre por menos de 150 €", "Łódź"),
    ("hotels in Hà Nội in October under 150 EUR", "Hà Nội"),
    ("hotel en Ærøskøbing 🏨🇩🇰 en octubre, máx. 150 €", "Ærøskøbing"),
    ("hôtel à Besançon ★★★★ en octubre por menos de 150 €", "Besançon"),
    ("hotel en la 2ª planta en Sevilla, en octubre, 5 µs del metro, menos de 150 €", "Sevilla"),
])
def test_latin_letters_with_diacritics_emoji_and_symbols_are_read_as_always(
        query: str, destination: str) -> None:
    assert unread_runs(query) == []
    task = build_task(query, HOTEL, today=TODAY)
    assert task.values["destination"] == destination
    assert isinstance(task.values["budget"], Money) and task.values["budget"].amount == 150
    assert not any("not read" in n or "no leído" in n for n in task.notes)


def test_a_run_is_one_phrase_and_blanking_keeps_every_other_span() -> None:
    text = "hotel near دوار الساعة and 東京 tower"
    runs = unread_runs(text)
    assert [r.text for r in runs] == ["دوار الساعة", "東京"]
    out = blanked(text, runs)
    assert len(out) == len(text) and out.index("tower") == text.index("tower")
    # Japanese: kana and Han, a middle dot and a long-vowel mark inside, are one name
    assert [r.text for r in unread_runs("near サグラダ・ファミリア or ソウル駅, スーパー")] == [
        "サグラダ・ファミリア", "ソウル駅", "スーパー"]
    assert unread_runs("near ソウル駅")[0].script == "Japanese (kana)"
    # a Devanagari vowel sign ends the run, not a letter
    assert unread_runs("hotel नई दिल्ली")[0].text == "नई दिल्ली"


def test_the_parser_never_reads_an_unread_script_as_a_place() -> None:
    for query in ("отели в Барселоне", "فنادق في برشلونة", "ξενοδοχεία στη Βαρκελώνη"):
        result = parse_query(query, OPTIONAL, today=TODAY)
        assert "destination" not in result.values, (query, result.values)
        assert result.unread_script is not None and result.unread


@pytest.mark.parametrize("query, word, lang", [
    ("hotels in Barсelona in September", "Barсelona", "en"),  # a Cyrillic "с"
    ("hoteles en Μadrid en octubre", "Μadrid", "es"),  # a Greek capital mu
])
def test_a_lookalike_letter_inside_a_latin_word_leaves_the_whole_word_unread(
        query: str, word: str, lang: str) -> None:
    runs = unread_runs(query)
    assert [(r.text, r.mixed) for r in runs] == [(word, True)]
    with pytest.raises(TaskIncomplete) as caught:
        build_task(query, HOTEL, today=TODAY)
    note = " ".join(caught.value.notes["destination"])
    assert word in note and ("Latin word" in note or "palabra latina" in note), note
    assert caught.value.lang == lang


@pytest.mark.parametrize("query, amount, code", [
    ("apartamento en Kiev, máximo 1500 грн. por noche, en mayo", 1500, "UAH"),
    ("a room in Plovdiv in May for at most 90 лв.", 90, "BGN"),
])
def test_a_currency_sign_in_its_own_script_is_read_as_money_not_noted(
        query: str, amount: int, code: str) -> None:
    task = build_task(query, HOTEL, today=TODAY)
    assert isinstance(task.values["budget"], Money)
    assert (task.values["budget"].amount, task.values["budget"].currency) == (amount, code)
    assert not any("not read" in n or "no leído" in n for n in task.notes), task.notes
