"""One list of the words that turn an option down (scout/task/turndown.py) serves the two
readers that ask it: a reply refusing the offer it cites (scout.task.cited) and a sentence
whose place is the option's (scout.task.residence). Each reader now knows the other's
words: a reply saying the cited hotel is "sold out" refuses it, and a sentence saying an
option "no me convence" is the option's."""

from __future__ import annotations

import pytest

from scout.task.cited import turned_down
from scout.task.lang import fold
from scout.task.residence import rejected_spans
from scout.task.turndown import TURNED_DOWN

SAID = ["Esa oferta no me convence nada", "that quote seems way too high for us",
        "lo vimos pero se nos sale del presupuesto", "it was sold out for our dates",
        "el de Sitges estaba completo", "Demasiado caras las dos", "it's out of our budget",
        "the place looks too pricey", "la verdad es muy cara"]


@pytest.mark.parametrize("words", SAID)
def test_both_readers_hear_the_same_no(words: str) -> None:
    assert TURNED_DOWN.search(fold(words))
    assert turned_down(words)
    assert rejected_spans(fold(words))


@pytest.mark.parametrize("words", ["hotels in Sitges under 150 EUR, fully refundable",
                                   "busco algo bueno y barato en Cádiz",
                                   "the budget is 200 EUR a night",
                                   "me parece bien cualquier fecha de junio"])
def test_an_ask_is_no_no(words: str) -> None:
    assert not turned_down(words) and not rejected_spans(fold(words))
