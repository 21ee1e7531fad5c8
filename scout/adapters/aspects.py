"""Aspects and their polarity in review sentences, English and Spanish, with negation.

A review sentence such as "Rooms were quiet but the breakfast was not great" says two
things: *noise* is good, *breakfast* is bad. :func:`find_aspects` reads that with a small
lexicon, no model and no locale data, so the keyless synthesis is deterministic:

1. the sentence is folded (lower case, accents off) and cut into clauses at ``; : . ! ?``
   and contrast words ("but", "pero", "aunque", ...); connectives that refer to the
   previous sentence ("however", "sin embargo") are dropped;
2. in each clause, *cue* words name an aspect ("staff", "personal", "desayuno") and
   *polar* words carry a sign; some polar words belong to an aspect themselves ("noisy",
   "ruidoso", "limpio"), general ones ("great", "genial") attach to the nearest cue in
   their clause, or to ``overall`` when the clause has none and the word is a strong one;
3. a negator up to three words before a polar word ("not", "never", "no", "sin", "nada",
   "poco", "wasn't"), skipping copulas and intensifiers ("no estaba muy limpio"), flips it.

A field and its yes/no value ("Breakfast included: yes", "Desayuno incluido: no") is a
fact a listing states, never a pro or a con (:data:`_FIELD_VALUE`). So is what a stay or a
price includes, said in prose ("Breakfast included", "el desayuno no está incluido"):
whether it meets a wish is rank's ``mentions`` and ``where``'s to check, so "included" and
"incluido" carry no sign (the words beside them may: "no incluido, y caro").

Aspects are categories shared by kinds (a hotel's staff and a restaurant's waiters are
both ``staff``; ``value`` is price for money anywhere; ``quality`` suits anything), so a
research kind written by someone else gets sensible pros and cons without code. Most of
them are about a place one goes to (location, breakfast, wifi, the wait, the rooms), and
read a product's review as nonsense: "the processor is fast" is not a short *wait*, a
laptop's "design" no *atmosphere*, "30 minutes to charge" no *location*. So the lexicon
has two scopes (:data:`VENUE`, :data:`PRODUCT`): a kind whose request names a place it
finds things at (a ``place`` input: hotels, restaurants, rentals, events) reads every
aspect; any other kind (laptops, used cars, and an e-bike or a laptop whose ``place``
input is where it is shipped) only those a product has — value, quality, noise,
cleanliness, comfort, the seller's staff, and ``overall`` — by the words that mean them
for a product, and stays silent on the rest (:func:`~scout.adapters.aspectwords.scope_of`).
Within its scope a kind reads the aspects it has (:func:`~scout.adapters.aspectwords.aspects_of`):
a place's food and its wait for a table (:data:`EATING`) only where the kind is about
eating (a restaurant, a caterer), none at all for a kind that neither prices nor rates
what it finds nor finds it somewhere (papers, datasets).

:class:`AspectMatcher` is the seam for a better matcher (the ``ml`` extra may supply one
that maps uncued clauses to aspects by embedding similarity); :class:`LexiconMatcher` is
the default and needs nothing installed.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Protocol

from scout.adapters.text import fold
from scout.lazyre import compiled

#: aspect id → cue words (folded; a trailing ``*`` matches any ending)
CUES: dict[str, tuple[str, ...]] = {
    "location": ("location", "located", "situated", "area", "neighbourhood", "neighborhood",
                 "district", "centre", "center", "beach", "metro", "subway", "station",
                 "walk", "walking", "view", "views", "near", "close", "distance", "minutes",
                 "ubicacion", "ubicado*", "situado*", "cerca", "distancia", "minutos",
                 "zona", "barrio", "centro", "playa", "estacion", "vista", "vistas",
                 "localizacion"),
    "staff": ("staff", "service", "reception", "receptionist*", "host", "hosts", "waiter*",
              "waitress*", "team", "employee*", "owner*", "personal", "servicio", "recepcion*",
              "camarer*", "trato", "atencion", "dueno*", "equipo", "empleado*", "anfitrion*"),
    "cleanliness": ("cleanliness", "hygiene", "limpieza", "higiene"),
    "noise": ("soundproof*", "insonoriza*", "silencio"),
    "breakfast": ("breakfast", "brunch", "desayuno*"),
    "food": ("food", "meal*", "dish", "dishes", "menu", "broth", "dinner", "lunch", "cuisine",
             "taste", "flavour*", "flavor*", "comida*", "plato*", "caldo", "cena", "almuerzo",
             "cocina", "sabor*"),
    "value": ("value", "price", "prices", "priced", "cost", "money", "rate", "rates", "precio",
              "precios",
              "coste", "costo", "tarifa*", "dinero", "calidad-precio"),
    "comfort": ("room", "rooms", "bed", "beds", "bathroom*", "shower*", "pillow*", "mattress*",
                "seat*", "habitacion*", "cama", "camas", "bano", "banos", "ducha*", "almohada*",
                "colchon*", "asiento*"),
    "wifi": ("wifi", "wi-fi", "internet", "connection", "conexion"),
    "wait": ("wait", "waiting", "queue*", "line", "reservation*", "espera", "cola", "colas",
             "reserva*"),
    "facilities": ("pool", "gym", "rooftop", "terrace", "bar", "spa", "parking", "lift",
                   "elevator", "piscina", "gimnasio", "terraza", "azotea", "aparcamiento",
                   "ascensor"),
    "atmosphere": ("atmosphere", "ambience", "ambiance", "vibe", "decor", "design", "style",
                   "architecture", "building", "interior", "ambiente", "decoracion", "diseno",
                   "estilo", "arquitectura", "edificio"),
    "quality": ("quality", "build", "durable", "reliable", "calidad", "duradero*", "fiable*"),
}

#: the aspects of a place one eats at: a dish and a menu, the queue for a table; read only
#: for a kind about eating (:func:`~scout.adapters.aspectwords.aspects_of`)
EATING = frozenset({"food", "wait"})
#: the aspects a product has (a kind without a place); the others are a venue's
PRODUCT_ASPECTS = frozenset({"value", "quality", "noise", "cleanliness", "comfort", "staff"})
#: cue words of those aspects that mean something else in a product's review: a screen's
#: "refresh rate", a car's "service history", a keyboard "host" key, a "room" (a venue's)
_NOT_PRODUCT_CUES = frozenset({"rate", "rates", "tarifa*", "service", "servicio", "host",
                               "hosts", "team", "equipo", "trato", "atencion", "room",
                               "rooms", "bed", "beds", "bathroom*", "shower*", "pillow*",
                               "mattress*", "habitacion*", "cama", "camas", "bano", "banos",
                               "ducha*", "almohada*", "colchon*", "waiter*", "waitress*",
                               "camarer*", "reception", "receptionist*", "recepcion*",
                               "anfitrion*"})
VENUE, PRODUCT = "venue", "product"


#: polar words that belong to one aspect: word → (aspect, sign)
ASPECT_POLAR: dict[str, tuple[str, int]] = {}
for _aspect, _sign, _words in (
    ("location", 1, "central centrally convenient conveniently walkable centric* cercan*"),
    ("location", -1, "remote far lejos lejano* alejad* apartad*"),
    ("staff", 1, "friendly helpful attentive welcoming courteous polite amable* atent* "
                 "simpatic* servicial* educad*"),
    ("staff", -1, "rude unhelpful unfriendly impolite maleducad* antipatic* borde"),
    # "limpio", never "limpi*": "limpieza" (cleaning) is the cue, and a boat's or a flat's
    # "limpieza final 150 €" is a fee, no praise
    ("cleanliness", 1, "clean spotless immaculate tidy limpio limpia limpios limpias "
                       "limpisim* impecable*"),
    ("cleanliness", -1, "dirty filthy stained smelly grimy mould mold sucio* mugr* manchad*"),
    ("noise", 1, "quiet peaceful calm tranquil* silencios*"),
    ("noise", -1, "noisy loud noise ruido ruidos* ruidosa*"),
    ("value", 1, "cheap affordable inexpensive bargain worth reasonabl* barat* economic* "
                 "asequible*"),
    ("value", -1, "expensive overpriced pricey caro cara caros caras carisim*"),
    ("comfort", 1, "comfortable comfy spacious roomy comod* amplio amplios amplia amplias "
                   "amplisim* espacios*"),
    ("comfort", -1, "uncomfortable cramped tiny incomod* estrech* diminut*"),
    ("food", 1, "delicious tasty flavourful flavorful delicios* sabros*"),
    ("food", -1, "bland tasteless soso sosa insipid*"),
    ("wait", 1, "quick fast prompt rapid* agil*"),
    ("wait", -1, "slow queue queues lento* lenta*"),
):
    for _w in _words.split():
        ASPECT_POLAR[_w] = (_aspect, _sign)

#: general polar words (attach to the nearest cue); strong ones stand alone as ``overall``
STRONG_POSITIVE = frozenset(
    "excellent superb amazing wonderful fantastic outstanding perfect stunning brilliant "
    "loved love recommend recommended exceptional incredible gorgeous excelente* "
    "estupend* maravillos* fantastic* perfect* increible* genial* recomendable* "
    "recomiendo encant* espectacular*".split())
STRONG_NEGATIVE = frozenset(
    "terrible awful horrible dreadful worst disappointing disappointed avoid "
    "pesim* horrible* terrible* fatal decepcion* evitar".split())
WEAK_POSITIVE = frozenset(
    "good great nice lovely beautiful fine pleasant fun friendly best easy fresh rich "
    "well decent solid charming cozy cosy modern bright safe "
    "bueno buena buenos buenas buen bonit* precioso preciosa preciosos preciosas agradable* divertid* mejor facil "
    "fresc* rico rica ricos ricas bien acogedor* moderno* moderna* "
    "luminos* encantador*".split())
WEAK_NEGATIVE = frozenset(
    "bad poor small broken old dated cold worn extra mediocre tired shabby dark unsafe "
    "crowded overcrowded "
    "malo mala malos malas mal pequen* roto rota rotos rotas viej* frio fria frios frias "
    "gastad* mediocre* regular oscur* abarrotad* insegur* cutre* "
    "aparte".split())

NEGATORS = frozenset(
    "not no never nor hardly barely without nothing none nunca nada ni tampoco sin apenas "
    "poco poca jamas".split())
#: words a negation reaches across ("no estaba muy limpio", "was not very clean")
SKIP = frozenset(
    "very really so too quite that particularly especially always exactly at all "
    "is was were are be been being it its the a an "
    "muy tan demasiado bastante nada especialmente siempre es era fue son eran estaba "
    "estaban esta estan estuvo fueron ser estar el la los las lo un una".split())
CONTRAST = frozenset("but although though whereas pero aunque sino mientras".split())
#: connectives that contrast with the previous sentence, not inside this one: dropped
#: (so "sin embargo" is not read as the negation "sin")
FILLERS = ("sin embargo", "no obstante", "however", "nevertheless", "nonetheless",
           "de todos modos", "aun asi")
#: a polar word's other sense in a set phrase, made neutral before the clause is read: a
#: room "cara al mar" faces the sea (no dear room), a hotel "al borde del mar" is at its
#: edge (no rude staff); before the word it qualifies, English "regular" and "extra" are
#: usual and additional ("regular room", "extra bed"), where after it Spanish "regular"
#: is so-so and "breakfast extra" costs more
_ATTRIBUTIVE = r" (?!(?:y|e|o|u|pero|aunque|sino|and|or|but)\b)(?=[a-z])"
IDIOMS = ((re.compile(r"\bcara (?=al?\b)"), "frente "), (re.compile(r"\bde cara\b"), "de frente"),
          (re.compile(r"\b(al|el|del) borde\b"), r"\1 lado"),
          (re.compile(r"\b(?:regular|extra)" + _ATTRIBUTIVE), "usual "))
#: a field and its yes/no value, as a listing's spec or amenity lines write them
#: ("Breakfast included: yes", "Desayuno incluido: no", "Parking = true", "Wifi? Sí", "Piscina
#: - ✓"): a fact the page states of the thing (it meets a wish or not, which rank's
#: ``mentions`` and ``where`` check), no one's opinion of it, so neither pro nor con; the
#: label is read up to its clause's start, the value as a few of these words and no other
_YES_NO = (r"(?:yes|no|si|true|false|not|none|ninguno|ninguna|n/a|ok|included|incluid[oa]s?|"
           r"available|disponibles?|[\u2713\u2714\u2611\u2705\u2717\u2718\u2612\u274c])")
_FIELD_VALUE = re.compile(r"(?:^|(?<=[\n;.!?|\u2022\u00b7,]))[^\n;.!?|\u2022\u00b7:=,()]{1,60}?"
                          r"(?:[:=?]|\s[-\u2013\u2014])\s*" + _YES_NO + r"(?:\s+" + _YES_NO
                          + r"){0,2}\s*(?=$|[\n;.!?|\u2022\u00b7,()])")
DISCOURSE = frozenset("well bueno bien".split())
JOINERS = frozenset("and or y e o u ni".split()) - NEGATORS
_CLAUSE = re.compile(r"[;:.!?()]\s|[;!?()]|\s[-–—]\s")
TOKEN = re.compile(r"[a-z0-9]+(?:[-'’][a-z0-9]+)*")
OVERALL = "overall"
NEGATION_WINDOW = 3
#: what a stay or a price includes: a fact, no sign (module docstring), but the predicate a
#: negation before it is about ("no incluido, es caro": not included, and dear)
INCLUDED = frozenset("included incluid*".split())


def matches(word: str, patterns: frozenset[str] | tuple[str, ...]) -> bool:
    """``word`` is one of ``patterns`` or starts with one ending in ``*`` (a stem)."""
    return word in patterns or word.startswith(_stems(patterns))


@functools.lru_cache(maxsize=256)
def _stems(patterns: frozenset[str] | tuple[str, ...]) -> tuple[str, ...]:
    # one C-level startswith over the stems: a generator over every pattern for every
    # word of a 100 KB page was most of find_aspects' CPU (tests/hardening/test_reader_cpu)
    return tuple(p[:-1] for p in patterns if p.endswith("*"))


#: the prefix entries of ASPECT_POLAR, longest first (the most specific stem wins)
_POLAR_STEMS = sorted((p for p in ASPECT_POLAR if p.endswith("*")), key=lambda p: (-len(p), p))


@functools.lru_cache(maxsize=65536)
def _lookup_polar(word: str, scope: str = VENUE) -> tuple[str, int] | None:
    found = ASPECT_POLAR.get(word)
    if found is None:
        found = next((ASPECT_POLAR[p] for p in _POLAR_STEMS if word.startswith(p[:-1])), None)
    if found is not None and scope == PRODUCT and found[0] not in PRODUCT_ASPECTS:
        return None  # "fast" is a quick service, not a fast processor
    return found


@functools.lru_cache(maxsize=65536)
def _polar(word: str) -> bool:
    return _lookup_polar(word) is not None or any(
        matches(word, words)
        for words in (STRONG_POSITIVE, STRONG_NEGATIVE, WEAK_POSITIVE, WEAK_NEGATIVE))


@functools.lru_cache(maxsize=65536)
def _cue_aspect(word: str, scope: str = VENUE) -> str | None:
    for aspect, cues in CUES.items():
        if scope == PRODUCT:
            if aspect not in PRODUCT_ASPECTS:
                continue
            cues = tuple(c for c in cues if c not in _NOT_PRODUCT_CUES)
        if matches(word, cues):
            return aspect
    return None


def _negated(tokens: list[str], i: int) -> bool:
    """A negator within NEGATION_WINDOW words before ``tokens[i]``, skipping SKIP words."""
    seen = 0
    j = i - 1
    while j >= 0 and seen < NEGATION_WINDOW:
        word = tokens[j]
        if word in NEGATORS or word.endswith(("n't", "n’t")):
            # "un poco ruidoso" is "a bit noisy", not "hardly noisy"
            return not (word in ("poco", "poca") and j > 0 and tokens[j - 1] in ("un", "una"))
        if word in JOINERS or _polar(word) or matches(word, INCLUDED):
            return False  # a negation reaches one polar word: "nada limpio y ruidoso"
        if word not in SKIP:
            seen += 1
        j -= 1
    return False


@dataclass(frozen=True)
class AspectHit:
    """One aspect a sentence speaks about, with its sign (+1 pro, -1 con)."""

    aspect: str
    polarity: int
    clause: str


def clauses(sentence: str) -> list[str]:
    """The sentence's clauses, folded: cut at punctuation and contrast words."""
    out: list[str] = []
    # a field's yes/no value is a fact, not an opinion: the field goes, as if a clause's end
    text = _FIELD_VALUE.sub("; ", fold(sentence)) + " "
    # one pass for every filler (a sub per filler rescanned a page once each): none
    # holds another, and each leaves spaces where it was, so none is made anew
    text = compiled(r"\b(?:" + "|".join(map(re.escape, FILLERS)) + r")\b").sub(" ", text)
    for idiom, neutral in IDIOMS:
        text = idiom.sub(neutral, text)
    for part in _CLAUSE.split(text):
        words: list[str] = []
        for word in part.split():
            if word.strip(".,") in CONTRAST:
                if words:
                    out.append(" ".join(words))
                words = []
            else:
                words.append(word)
        if words:
            out.append(" ".join(words))
    return out


def clause_hits(clause: str, scope: str = VENUE,
                asked: frozenset[str] = frozenset(),
                kind_words: frozenset[str] = frozenset(),
                categories: frozenset[str] = frozenset(),
                aspects: frozenset[str] | None = None) -> list[AspectHit]:
    tokens = TOKEN.findall(clause)
    # a word the kind calls what it finds (a trail's "walk", a tour's "visita") is the
    # thing itself, no aspect of it: "an easy walk of 6 km" says nothing of a location;
    # an aspect the kind does not have (a hotel's "menu") cues nothing either
    cues = [(i, a) for i, w in enumerate(tokens)
            if w not in kind_words and (a := _cue_aspect(w, scope)) is not None
            and (aspects is None or a in aspects)]
    signs: dict[str, int] = {}
    order: list[str] = []
    for i, word in enumerate(tokens):
        if i == 0 and word in DISCOURSE:
            continue  # "Well, the room was small": a discourse marker, not praise
        own = _lookup_polar(word, scope)
        if own is None and _lookup_polar(word) is not None:
            continue  # a venue's word ("fast", "remote"): says nothing of a product here
        if own is not None and word in categories:
            continue  # a category asked for ("motor central"): no aspect of it
        if own is not None and aspects is not None and own[0] not in aspects:
            continue  # "delicious" in a gym's review: an aspect the kind does not have
        if own is not None:
            aspect, sign = own
            if sign < 0 and word in asked:
                continue  # what the request asked for ("remote") is no con
            if _said_of_itself(tokens, i, kind_words, cues, aspect):
                aspect = OVERALL
        else:
            if matches(word, STRONG_POSITIVE):
                sign, strong = 1, True
            elif matches(word, STRONG_NEGATIVE):
                sign, strong = -1, True
            elif matches(word, WEAK_POSITIVE):
                sign, strong = 1, False
            elif matches(word, WEAK_NEGATIVE):
                sign, strong = -1, False
            else:
                continue
            if cues:
                # nearest cue; a cue after the word wins ties ("great location")
                aspect = min(cues, key=lambda c: (abs(c[0] - i), -c[0]))[1]
            elif strong:
                aspect = OVERALL
            else:
                continue
        if _negated(tokens, i):
            sign = -sign
        if aspect not in signs:
            order.append(aspect)
            signs[aspect] = 0
        signs[aspect] += sign
    return [AspectHit(a, 1 if signs[a] > 0 else -1, clause) for a in order
            if signs[a] and (aspects is None or a in aspects)]


#: how many words apart a polar word and the kind's noun it qualifies may be ("a
#: comfortable walk", "the walk is comfortable")
_OWN_REACH = 2
#: aspects anything has, whatever the kind finds: "an expensive tariff" is its value
_ANY_KIND = frozenset({"value", "quality"})


def _said_of_itself(tokens: list[str], i: int, kind_words: frozenset[str],
                    cues: list[tuple[int, str]], aspect: str) -> bool:
    """Whether the polar word at ``i`` (one of ``aspect``'s: "comfortable", "spacious")
    is said of what the kind finds (a word of ``kind_words`` next to it) rather than of
    a cue of that aspect nearer it: "a comfortable walk" praises the trail, not the
    comfort of a room, so it is labelled as the thing as a whole (:data:`OVERALL`), never
    with a venue's aspect that fits no other kind; an aspect anything has (its value, its
    quality: :data:`_ANY_KIND`) keeps its label."""
    if aspect in _ANY_KIND:
        return False
    own = [j for j, w in enumerate(tokens) if w in kind_words and abs(j - i) <= _OWN_REACH]
    if not own:
        return False
    near = min(abs(j - i) for j in own)
    return not any(a == aspect and abs(j - i) <= near for j, a in cues)


class AspectMatcher(Protocol):
    def hits(self, sentence: str) -> list[AspectHit]: ...


class LexiconMatcher:
    """The default matcher: the lexicon above, per clause (no model, deterministic), in
    the kind's ``scope`` (:func:`~scout.adapters.aspectwords.scope_of`)."""

    def __init__(self, scope: str = VENUE, asked: frozenset[str] = frozenset(),
                 own: frozenset[str] = frozenset(),
                 categories: frozenset[str] = frozenset(),
                 aspects: frozenset[str] | None = None) -> None:
        self.scope = scope
        self.asked = asked
        self.own = own
        self.categories = categories
        self.aspects = aspects

    def hits(self, sentence: str) -> list[AspectHit]:
        return find_aspects(sentence, self.scope, self.asked, self.own, self.categories,
                            self.aspects)


def find_aspects(sentence: str, scope: str = VENUE,
                 asked: frozenset[str] = frozenset(),
                 own: frozenset[str] = frozenset(),
                 categories: frozenset[str] = frozenset(),
                 aspects: frozenset[str] | None = None) -> list[AspectHit]:
    """Aspects the sentence speaks about, each once, in the order first met, in
    ``scope`` (:data:`VENUE`: every aspect; :data:`PRODUCT`: a product's) and, when
    given, among ``aspects`` alone (:func:`~scout.adapters.aspectwords.aspects_of`: the
    kind's; empty: a kind with none, not even ``overall``); a word in
    ``asked`` (:func:`~scout.adapters.aspectwords.asked_words`) never counts against, one in ``own``
    (:func:`~scout.adapters.aspectwords.own_words`: the kind's nouns) names no aspect, and one in ``categories``
    (:func:`~scout.adapters.aspectwords.category_words`) is no pro or con.

    When clauses disagree on one aspect, the sum of their signs decides; a tie drops it.
    """
    total: dict[str, int] = {}
    first: dict[str, str] = {}
    order: list[str] = []
    if aspects is not None and not aspects:
        return []  # a kind with no aspects (a paper, a dataset): no pro, no con
    for clause in clauses(sentence):
        for hit in clause_hits(clause, scope, asked, own, categories, aspects):
            if hit.aspect not in total:
                order.append(hit.aspect)
                total[hit.aspect] = 0
                first[hit.aspect] = hit.clause
            total[hit.aspect] += hit.polarity
    return [AspectHit(a, 1 if total[a] > 0 else -1, first[a]) for a in order if total[a]]
