"""How many of what is asked, said as a count before it: "3 multichannel pipettes",
"necesito 2 congeladores de -80 °C", "we need two benchtop centrifuges".

A count with the input's own noun ("3 units", "4 personas") is read by the input's name or
aliases (:func:`scout.task.numberinput.find_number`); a count before the thing asked named no
input, so it was left unread and the words it counted were lost to the subject too
("what a number counts is no subject"). Where the request opens with such a count (after
a greeting or a verb of wanting, at most), and the kind has an integer input that counts
how many (its name or an alias says so: ``quantity``, ``units``, ``cantidad``), the count
is that input's and the words after it stay the subject's. An input that counts people is
left out: "2 hotel rooms", "3 cooking classes" count no guests.

A verb asking for results before a count ("compare 5 day camps", "dame 3 hoteles") says how
many to show, where no input counts how many: :func:`results_wanted` finds it for the
parser to claim, so it is no subject ("compare 5").

In such a kind an amount "each" is one unit's (:func:`unit_price`): "300 € cada una" for 3
pipettes is no price per person, and a rank can tell it from a budget for all of them. So
is an amount said per one of what any integer input of the kind counts, by that input's
own noun (:func:`counted_price`): "máximo 80 € por muestra" for 24 samples, "under £400 per
sample", "hasta 50 € por póster" is one sample's (one poster's), never the budget for all.
"""

from __future__ import annotations

import re

from scout.i18n import COUNT_WORDS
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.lang import fold

# the input counts how many of the thing: its name or an alias says so (folded)
_HOW_MANY = re.compile(r"(?<!\w)(?:quantity|quantities|qty|units?|unidades|unidad|uds?|pcs|"
                       r"pieces?|piezas?|cantidad(?:es)?|count|how many|cuantos|cuantas|"
                       r"items?|articulos?)(?!\w)")
_COUNT = r"(?P<n>\d{1,3}(?![\d.,:/])|" + "|".join(
    sorted((w for w in COUNT_WORDS if w not in ("un", "una", "uno", "one", "once")),
           key=len, reverse=True)) + ")"
# the opening a count may follow: a greeting or a wish ("hola, necesitamos", "I need",
# "we'd like to buy", "quiero comprar"), else the request's start
_OPENING = (r"^\W*(?:(?:hola|hi|hello|buenas|hey)\W+)?(?:(?:i|we|yo|nosotros)\s+)?"
            r"(?:(?:need|needs|want|would\s+like|['’]d\s+like|like|to|buy|purchase|order|"
            r"looking\s+for|are\s+looking\s+for|am\s+looking\s+for|necesito|necesitamos|"
            # a verb of finding or getting ("find 3 pipettes", "get me 2 monitors",
            # "encuéntrame 2 centrífugas", "consigue 4 congeladores")
            r"find(?:\s+me)?|get(?:\s+me)?|source|encuentra(?:me)?|encontrar|busca(?:me)?|buscar|"
            r"consigue(?:me)?|conseguir|"
            r"quiero|queremos|busco|buscamos|comprar|compraremos|pedir|pido|pedimos|cotizar|"
            # ordering it made ("encargamos 24 croissants")
            r"encargar|encargamos|encargo|"
            r"quisiera|quisieramos|"
            # asking its price ("get me a quote for 2 freezers", "presupuesto para 3
            # centrífugas", "cotización de 2 balanzas", "pricing on 4 monitors")
            r"(?:(?:a|an|un|una)\s+)?(?:quote|quotes|quotation|price|prices|pricing|"
            r"presupuesto|cotizacion|precio|precios)\s+(?:for|on|of|para|de|por))\s+)*")
# a word follows (not a unit, a sign or another number: "2 años", "3 %", "5 x 10")
_LEADING = re.compile(_OPENING + _COUNT + r"\s+(?=[^\W\d_]{3,})")


def counts_items(name: str, aliases: list[str]) -> bool:
    """Whether the integer input ``name`` (with ``aliases``) counts how many are asked."""
    return bool(_HOW_MANY.search(fold(" ".join([name.replace("_", " "), *aliases]))))


def leading_count(free: str) -> tuple[int, tuple[int, int]] | None:
    """The count the request ``free`` (folded, digits as digits, claimed text blanked)
    opens with, before a word, and the count's own span (the word stays); else None."""
    m = _LEADING.match(free)
    if m is None:
        return None
    word = m.group("n")
    value = int(word) if word.isdigit() else COUNT_WORDS.get(word)
    if not value:
        return None
    return value, m.span("n")


# a verb asking for some of what the kind finds, opening the request, before a count of
# results ("compare 5 day camps", "compara 3 campamentos", "find 10 datasets", "dame 5
# hoteles"): how many to show, no subject's words and no input's count
_RESULTS = re.compile(
    r"^\W*(?:(?:hola|hi|hello|buenas|hey)\W+)?(?:(?:please|kindly|pls|por\s+favor|porfa)\s+)?"
    r"(?:compare|comparar?|compara(?:me)?|find(?:\s+me)?|list|show(?:\s+me)?|give\s+me|"
    r"recommend|suggest|busca(?:me)?|buscar|encuentra(?:me)?|dame|danos|lista(?:me)?|"
    r"muestra(?:me)?|ensename|recomienda(?:me)?|sugiere(?:me)?)\s+"
    r"(?:(?:the|los|las|unos|unas|some)\s+)?(?:(?:top|best|mejores)\s+)?" + _COUNT
    + r"\s+(?=[^\W\d_]{3,})")


def results_wanted(free: str, inputs: dict[str, InputSpec]) -> tuple[int, int] | None:
    """The span of a verb and the count of results it asks for, opening ``free``
    (folded): "compare 5", "dame 3"; None where an integer input of the kind counts how
    many are asked (:func:`counts_items`: the count is its) or none opens the request."""
    if any(s.type == "integer" and counts_items(n, list(s.aliases)) for n, s in inputs.items()):
        return None
    m = _RESULTS.match(free)
    return (0, m.end("n")) if m else None


# what may join an amount to the noun of what it is one of: "80 € por muestra", "£400 per
# sample", "$25/sample", "900 pesos por cada muestra", "50 € each sample", and Spanish's
# singular article as a price list writes it, "3 € la camisa", "12 € el mantel" (the
# plural, "150 € los manteles", is all of them's: no article of it here)
_PER_ONE = (r"\s*(?:/\s*|(?:per|por|each|cada|for\s+each|a|an|el|la)\s+)"
            r"(?:(?:cada|each|one|una|uno|un|single|individual)\s+)?")


def counted_price(money: Money, span: tuple[int, int], free: str,
                  inputs: dict[str, InputSpec]) -> tuple[Money, tuple[int, int]]:
    """``money`` (at ``span`` of ``free``, the folded request) with ``each`` "unit" and its
    span widened over the words, where the request says it per one of what an integer
    input of the kind counts, by that input's name or an alias ("80 € por muestra" for
    ``samples: {aliases: [muestras]}``): one sample's amount, for a rank to tell from a
    budget for all of them (``task.budget.each == 'unit'``). Not an amount already per a
    period, a unit of work or a head, and not per a person or a pet (those counts are
    rank's ``people`` and ``heads``); else ``money`` and ``span`` as they are."""
    if money.per is not None or money.each is not None:
        return money, span
    from scout.task.partycount import counts_people
    from scout.task.readers import name_forms

    nouns = [w for n, s in inputs.items() if s.type == "integer"
             and not counts_people(n, list(s.aliases))
             for w in (n.replace("_", " "), *s.aliases) if w.strip()]
    if not nouns:
        return money, span
    m = re.match(_PER_ONE + r"(?:" + name_forms(nouns) + r")(?!\w)", free[span[1]:])
    if m is None:
        return money, span
    from scout.task.moneyunits import HEAD_WORDS, period_of

    noun = m.group().split()[-1]
    if period_of(noun) or re.fullmatch(HEAD_WORDS, noun):
        # "por noche" for a count of nights: the period reader's; "20 € por perro" for a
        # count of pets: a head's, which rank's ``heads`` count
        return money, span
    return money.model_copy(update={"each": "unit"}), (span[0], span[1] + m.end())


def unit_price(money: Money, inputs: dict[str, InputSpec]) -> Money:
    """``money`` read from a request to a kind that counts how many things are asked (an
    integer input :func:`counts_items`) and no people: an amount "each", "cada una",
    "apiece", "por unidad" (read per person or per item) is one of those things', with no
    period and ``each`` "unit" ("300 € cada una" for 3 pipettes: ``300 €/unidad``), so a
    rank multiplies a unit's price by the quantity only for a budget for all of them
    (``task.budget.each != 'unit'``). Else ``money`` as it is."""
    if money.per not in ("person", "item"):
        return money
    from scout.task.partycount import counts_people

    counts = [(n, list(s.aliases)) for n, s in inputs.items() if s.type == "integer"]
    if not any(counts_items(n, a) for n, a in counts) \
            or any(counts_people(n, a) for n, a in counts):
        return money
    return money.model_copy(update={"per": None, "each": "unit"})
