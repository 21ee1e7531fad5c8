"""Where a request names its kind itself ("escape rooms in Madrid" for the escape-rooms
kind): the kind's name and its translations, and their spans in the request, which the
parser claims before any reader, so they are neither the subject nor the place."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

from scout.i18n import translations
from scout.lazyre import compiled, lazy_re
from scout.spec.models import InputSpec
from scout.task.lang import fold


def kind_names(kind: str, locales: Path | None) -> list[str]:
    """The kind's name and its translations: the words of ``kind`` ("escape-rooms" →
    "escape rooms") as the project's catalogs under ``locales`` (merged over scout's)
    translate them ("salas de escape": ``scout init --es`` writes it), so a request that
    names the kind in either language names no subject and no place."""
    from scout.i18n import LANGS

    words = " ".join(w for w in re.split(r"[\W_]+", kind) if w)
    if not words:
        return []
    names = [kind]
    for lang in LANGS:
        said = translations(lang, locales).gettext(words) if lang != "en" else words
        if said != words and said not in names:
            names.append(said)
    return names


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[\W_]+", fold(name)) if w]


def _owned(inputs: dict[str, InputSpec]) -> set[str]:
    """The words the inputs read themselves: their names, aliases, enum words, synonyms."""
    return {fold(w) for n, spec in inputs.items() for w in [
        n.replace("_", " "), *spec.aliases, *map(str, spec.enum or []),
        *(x for xs in spec.synonyms.values() for x in xs)]}


def unclaimable(name: str, inputs: dict[str, InputSpec]) -> str | None:
    """Why :func:`kind_spans` claims no word of ``name`` in any request, or None: "place"
    (it names a place the gazetteer knows, which the place reader keeps), "input" (an
    input reads each of its words), "short" (only short or function words)."""
    from scout.task.gazetteer import known_place_words
    from scout.task.subjectwords import STOP, VENUES

    words = _words(name)
    if not words or all(len(w) < 3 or (w in STOP and w not in VENUES) for w in words):
        return "short"
    if any(known_place_words(words[i:]) for i in range(len(words))):
        return "place"
    owned = _owned(inputs)
    if all(w in owned or w in VENUES for w in words) and any(w in owned for w in words):
        return "input"
    if len(words) > 1 and any(_same_words(words, p.split()) for p in owned):
        return "input"  # a synonym of several words is the input's, whole ("hot desk")
    return None


def _same_words(words: list[str], phrase: list[str]) -> bool:
    """``words`` are ``phrase``'s, each the same or its plural ("hot desks", "hot desk")."""
    return len(words) == len(phrase) and all(
        w in (p, p + "s", p + "es") or p in (w + "s", w + "es") for w, p in zip(words, phrase))


def kind_spans(folded: str, kind: str, inputs: dict[str, InputSpec],
               nouns: Sequence[str] | None = None) -> list[tuple[int, int]]:
    """Where the folded request names the kind itself, its words in order, each singular
    or plural ("escape room", "escape rooms" for escape-rooms); the same for each of the
    pipeline's declared ``nouns``. A kind named after a place the gazetteer knows
    ("hotels-lisbon") keeps the place for the place reader; a word an input reads (its
    name, an alias, an enum word: "online" of online-courses) is left to it, and a name of
    only short or function words ("a", "the-best") claims nothing.

    ``nouns``: given when ``kind`` is one of the declared nouns, all of them; see
    :func:`_nouns_own` for the input's value said inside one ("car park").
    """
    from scout.task.subjectwords import VENUES

    words = _words(kind)
    if unclaimable(kind, {}) is not None:
        return []
    owned = _owned(inputs)

    def forms(w: str) -> str:
        return "(" + "|".join(re.escape(x) + "(?:e?s)?" for x in sorted(_stems(w))) + ")"

    def may_hold(phrase: list[str]) -> bool:
        # each form of a word holds its shortest stem: a phrase with a word the request
        # lacks is not in it, and its pattern is neither built nor run (a kind's inputs own
        # hundreds of phrases, and each request asked them all)
        return all(min(_stems(w), key=len) in folded for w in phrase)

    pattern = r"(?<!\w)" + r"[\s-]+".join(forms(w) for w in words) + r"(?!\w)"
    # a phrase of several words an input reads holds the kind's word ("school bus",
    # "state schools" for a kind named schools; "escuela infantil"): the input's, whole
    phrases = [m.span() for p in owned if " " in p.strip() and may_hold(p.split())
               for m in compiled(r"(?<!\w)" + r"[\s-]+".join(forms(w) for w in p.split())
                                 + r"(?!\w)").finditer(folded)]
    def read(w: str) -> bool:
        # an input's word in the plural is still its ("pisos", "flats" for a kind named
        # flats whose property enum says "flat" / "piso"), as its reader takes either
        return any(x in owned for x in _stems(w))

    def picks(k: int) -> bool:
        return nouns is None or not _nouns_own(words, k, nouns, _values(inputs), read)

    # a word of what is searched for ("courses", "conferences") is left as it is: the
    # subject and place readers know it, and what stands next to it ("python online course")
    return [m.span(k + 1) for m in compiled(pattern).finditer(folded)
            if not _headed(folded, m.end(), m.group(len(words)), owned)
            for k in range(len(words))
            if not (read(m.group(k + 1)) and picks(k)) and m.group(k + 1) not in VENUES
            and not any(a <= m.start(k + 1) and m.end(k + 1) <= b for a, b in phrases)]


def _values(inputs: dict[str, InputSpec]) -> set[str]:
    """The words the inputs read as a value: enum words, their synonyms, a flag's aliases."""
    return {fold(w) for spec in inputs.values() for w in [
        *map(str, spec.enum or []), *(x for xs in spec.synonyms.values() for x in xs),
        *(spec.aliases if spec.type == "boolean" else [])]}


def _nouns_own(words: list[str], k: int, nouns: Sequence[str], values: set[str],
               read: Callable[[str], bool]) -> bool:
    """The ``k``-th of a declared noun's ``words``, an input's value, is the noun's own: the
    noun names the thing whatever that value ("car park" is where a van parks too, so it
    sets no vehicle "car"). It stays the input's where the noun says which: the rest of it
    is a noun the author declares alone ("yacht charter" beside "charter", "free tour"
    beside "tour", "cuidador de perros" beside "cuidador"), or the author declares the noun
    with another value there ("padel court", "tennis court"), or the rest is the inputs'
    words too ("paseador de perros": a service and a pet)."""
    if len(words) == 1 or not any(x in values for x in _stems(words[k])):
        return False
    declared = [_words(n) for n in nouns]
    rest = [w for i, w in enumerate(words) if i != k]
    while rest and rest[0] in _LINKS:
        rest = rest[1:]
    while rest and rest[-1] in _LINKS:
        rest = rest[:-1]
    singular = {min(_stems(w), key=len) for n in declared if len(n) == 1 for w in n}
    if len(rest) == 1 and min(_stems(rest[0]), key=len) in singular \
            or rest and all(read(w) or w in _LINKS for w in rest):
        return False
    return not any(len(o) == len(words) and o[k] != words[k] and read(o[k])
                   and all(a == b for i, (a, b) in enumerate(zip(o, words)) if i != k)
                   for o in declared)


# the particles between a noun's words ("parking de coches", "hotel para perros")
_LINKS = frozenset({"de", "del", "para", "of", "for", "a", "en", "con", "with", "la", "el"})


def _stems(w: str) -> set[str]:
    """``w`` and its singulars by the plural's endings ("perros" → "perro")."""
    return {w, w[:-1] if w.endswith("s") else w, w[:-2] if w.endswith("es") else w}


def in_name(original: str, span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    """The kind's word at ``span`` is typed with its capital inside an attraction's or an
    institution's proper name, in ordinary writing: after a capitalised word of the name
    ("the British Museum", "Natural History Museum") or before one, right after it or its
    "de" / "of" ("Museo del Prado", "Museo Picasso"), one the gazetteer does not know as a
    place ("Museos de Madrid", "Zoo de Barcelona" name the kind's thing in a city). The
    name is then the place's, whole, not the kind's word. ``spans``: the words of the
    kind's name or noun the request holds, none of them another name's word ("Escape
    Rooms in Madrid")."""
    from scout.task import placewords as pw
    from scout.task.placecase import known_name
    from scout.task.placename import is_cased

    a, b = span
    if not original[a:a + 1].isupper() or not is_cased(original):
        return False
    def theirs(m: re.Match[str] | None, offset: int) -> bool:
        return m is not None and any(x <= offset + m.start(1) < y for x, y in spans)

    before = re.search(r"(?<!\S)([^\W\d_][\w'’.-]*)[ \t]+$", original[:a])
    if before is not None and before.group(1)[0].isupper() and not theirs(before, 0) \
            and not re.search(r"(?:^|[.!?¿¡:;]\s*)$", original[:before.start(1)]) \
            and fold(before.group(1)) not in pw.LEADING | pw.STOP:
        # (a word capitalised as a sentence's first is no name's: "Entradas Museo ...")
        return True
    after = re.match(r"[ \t]+(?:(?:de|del|de la|of|of the)[ \t]+)?([^\W\d_][\w'’.-]*)", original[b:])
    return after is not None and after.group(1)[0].isupper() and not theirs(after, b) \
        and not known_name(after.group(1)) and fold(after.group(1)) not in pw.STOP \
        and not _region_after(original, b)


def _region_after(original: str, end: int) -> bool:
    """The words right after the kind's word (ending at ``end``) are a region CLDR or the
    subdivisions name, or a sea, an archipelago or a region of land ("Crucero Galápagos
    desde Guayaquil", "Crucero Patagonia", "Tour Andalucía", "crucero mediterráneo"):
    where the kind's thing is, the kind's word no part of a name nor of a sort."""
    from scout.task.naturalregions import natural_region
    from scout.task.subdivisions import known_region

    words = re.findall(r"[^\W\d_][\w'’.-]*", original[end:end + 40])
    return any(known_region(said) or natural_region(said)
               for n in range(min(3, len(words)), 0, -1)
               if (said := fold(" ".join(words[:n]))))


# a Spanish noun's and an adjective's gender and number, by their endings
_GENDERED = lazy_re(r"([ao])(s?)$")


def _headed(folded: str, end: int, noun: str, owned: set[str]) -> bool:
    """The noun that ends at ``end`` heads the adjective after it, which agrees with it
    in gender and number ("novela negra", "ensayos históricos"): the two name a genre or
    a sort together, so the noun stays with the subject ("novela negra nórdica" is no topic
    "negra nórdica"). A design choice: an adjective that shows no gender ("guarderías
    bilingües") is a feature of the thing and is read alone, as before; one an input reads
    or a quality's ("baratas") is that reader's. A participle with its agent after it is
    no sort ("libros escritos por Isabel Allende": who wrote them)."""
    from scout.task.subjectwords import STOP

    nxt = re.match(r"\s+([^\W\d_]+)", folded[end:])
    if nxt is None:
        return False
    adj = nxt.group(1)
    if re.match(r"\s+(?:por|by)\b", folded[end + nxt.end():]):
        return False  # a participle and its agent ("libros escritos por ..."): who, no sort
    a, b = _GENDERED.search(noun), _GENDERED.search(adj)
    return a is not None and b is not None and a.groups() == b.groups() and len(adj) > 3 \
        and adj not in STOP and adj not in owned and not _region_after(folded, end)
