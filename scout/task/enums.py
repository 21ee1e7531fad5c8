"""The query parser's reader of enum words: an input's values and their synonyms as the
request names them ("nivel intermedio", "level: beginner", "sin enganche" ruled out),
one value (:func:`find_enum`) or every one a list input names (:func:`find_enum_list`),
a value offered as either with another ("tren o bus": :func:`enum_either`), and another
input's longer word that holds this one's (:func:`rival_words`: "bachillerato
internacional" is a curriculum's, not the stage "bachillerato"). An identifier's
underscore is read as a space or a hyphen ("per-minute"), a Spanish adjective's other
gender after a noun the kind declares ("TIN fijo" for "fija"), and a language value in a
pair of codes ("ES→EN"). A word that is a proper name's, not the value ("the Spanish
Civil War", "de Laura Gallego", "the Lake District"), is told by :mod:`scout.task.enumnames`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from typing import Any

from scout.i18n import COUNT_WORDS
from scout.lazyre import compiled
from scout.spec.models import InputSpec
from scout.task.lang import fold
from scout.task.readers import CLAIMED, QueryText, name_forms
from scout.task.enumnames import ends_proper_name, name_only, opens_landform_name, opens_proper_name
from scout.task.subjectwords import FUNCTION_WORDS


# an enum word that is a grammar word of the request's languages ("de", "en", "es", "it",
# "no": an outside kind's language codes) is asked for only typed as a code ("DE",
# "EN>ES") or next to the input's label ("idioma: de"): every Spanish request says "de"
_GRAMMAR = FUNCTION_WORDS | frozenset("es is it no si se me mi tu te su le lo".split())


def _grammar_word(text: QueryText, m: re.Match[str], word: str, labelled: bool) -> bool:
    """The hit ``m`` of enum word ``word`` is a grammar word the request says, not the
    value (:data:`_GRAMMAR`)."""
    return not labelled and fold(word) in _GRAMMAR \
        and not text.original[m.start():m.end()].isupper()


def _enum_words(spec: InputSpec) -> list[tuple[str, str]]:
    """(word, enum value) for every enum value and its synonyms, an identifier's words
    ("per_minute": "per minute", "per-minute"), longest word first."""
    pairs = [(str(o), str(o)) for o in spec.enum or []]
    pairs += [(w, key) for key, words in spec.synonyms.items() for w in words]
    declared = {fold(w) for w, _o in pairs}
    # an identifier's underscore is a space or a hyphen as people type it ("per_minute":
    # "per-minute", "per minute")
    pairs += [(w, str(o)) for o in spec.enum or [] if "_" in str(o)
              for w in (str(o).replace("_", " "), str(o).replace("_", "-")) if fold(w) not in declared]
    return sorted(pairs, key=lambda p: len(p[0]), reverse=True)


def _gendered(spec: InputSpec, rivals: Sequence[str]) -> list[tuple[str, str, str]]:
    """(word, enum value, the nouns it may follow) for a Spanish adjective's other gender
    (:func:`other_gender`) where the kind declares one: read only right after a noun the
    kind declares ("TIN fijo" for "fija", the TIN being another input's word; "tipo
    fija" for "tipo fijo"), for the author who wrote "académica" and "texto académico"
    meant no "expediente académico" (a transcript, no scientific text)."""
    pairs = _enum_words(spec)
    declared = {fold(w) for w, _o in pairs}
    heads = {fold(w).split()[0] for w, _o in pairs if len(w.split()) > 1}
    heads |= {fold(w) for w in rivals if " " not in w.strip()}
    heads |= {fold(w) for w in spec.aliases if " " not in w.strip()}
    heads = {h for h in heads if len(h) > 1 and h not in _GRAMMAR}
    if not heads:
        return []
    nouns = name_forms(sorted(heads))
    return [(g, o, nouns) for w, o in pairs
            if (g := other_gender(w)) is not None and g not in declared]


# a Spanish adjective's ending that inflects for gender: "-ado/-ada" (usado), "-ido/-ida",
# "-ico/-ica" (eléctrico), "-ivo/-iva", "-oso/-osa", "-ijo/-ija" (fijo), "-xto/-xta"
# (mixto), "-ero/-era" (primero); a noun's "-o"/"-a" (plaza / plazo, casa / caso) is not one
_GENDERED = re.compile(r"[a-zñáéíóúü]*(?:ad|id|ic|iv|os|ij|xt|er)[oa]")


def other_gender(word: str) -> str | None:
    """The other gender of a one-word Spanish adjective an author wrote in one ("fija":
    "fijo", "usado": "usada"): the request agrees with its own noun ("TIN fijo", "tipo
    fija" for a kind that writes "fija"), or None. Only a word typed in lower case with
    such an ending (:data:`_GENDERED`) and four letters or more: codes ("A4", "EU") and
    names are left as written."""
    w = word.strip()
    if len(w) < 4 or not _GENDERED.fullmatch(w):
        return None
    return w[:-1] + ("a" if w.endswith("o") else "o")


@functools.lru_cache(maxsize=1)
def _language_codes() -> dict[str, str]:
    """A language's name in English or Spanish, folded ("english", "ingles"), to its
    two-letter ISO code in capitals ("EN"): CLDR's names, so any kind's languages."""
    from babel import Locale

    codes: dict[str, str] = {}
    for loc in ("es", "en"):  # English last: its names win where both write one
        for code, name in Locale(loc).languages.items():
            if len(code) == 2:
                codes[fold(str(name))] = code.upper()
    return codes


def _code_words(spec: InputSpec) -> list[tuple[str, str]]:
    """(code, enum value) for each value of ``spec`` that names a language, by its value
    or a synonym ("english" / "inglés": "EN"), for the pairs a request writes in codes
    ("ES→EN", "(EN>ES)", "EN-ES"): read only so (:func:`_code_hits`), as "en", "es" and
    "de" are every request's words."""
    codes = _language_codes()
    out: dict[str, str] = {}
    for word, option in _enum_words(spec):
        code = codes.get(fold(word))
        if code is not None:
            out.setdefault(code, option)
    return list(out.items())


# two language codes joined: "ES→EN", "EN > ES", "EN-ES", "es/en" typed in capitals
_CODE_JOIN = r"\s*(?:->|=>|>|→|-|–|/)\s*"


def _code_hits(text: QueryText, code: str,
               peers: list[tuple[str, InputSpec, bool]] | None) -> list[re.Match[str]]:
    """Where the language ``code`` stands typed in capitals in a pair of codes ("ES→EN"),
    and is not ruled out; with ``peers`` (a source's target), only the end this input's
    declared order gives it: the first for the input declared first."""
    hits = []
    first = not any(before for _o, _s, before in peers or [])
    second = not any(not before for _o, _s, before in peers or [])
    for m in compiled(r"(?<!\w)" + code.lower() + r"(?![\w])").finditer(text.free):
        if text.original[m.start():m.end()] != code:
            continue
        before = re.search(r"(?<![\w-])[A-Z]{2}" + _CODE_JOIN + "$", text.original[:m.start()])
        after = re.match(_CODE_JOIN + r"[A-Z]{2}(?![\w])", text.original[m.end():])
        if not (before or after) or _RULED_OUT.search(text.free[max(0, m.start() - 24):m.start()]):
            continue
        if (before and not second) or (after and not before and not first):
            continue  # the peer's end of the pair
        hits.append(m)
    return hits


# a word the request rules out: "no Acer", "que no sea Tesla", "sin enganche", "not a
# Dell", "anything but HP", "ni Acer ni MSI", "except diesel", "excepto Renault"
_RULED_OUT = re.compile(
    r"(?:\b(?:no|not|sin|without|except|excepto|salvo|ni|nor|nada\s+de|nothing\s+from|"
    r"que\s+no\s+sea|que\s+no\s+sean|other\s+than|but\s+not|anything\s+but|excluding|"
    # "cualquier marca menos Apple", "todo menos HP", "any brand but Dell"
    r"menos|(?:any|whatever)(?:\s+[a-z]+)?\s+but)"
    r"\s+(?:(?:un|una|a|an|el|la|los|las|de|del|the|from|in|en)\s+)?)$")


# a number before a time unit in the plural: the unit of a length ("for 10 days", "2
# weeks"), never an enum value that is the unit's word ("day" camps); "a 5-day camp" and
# "5 day camps" keep it (singular: what kind of camp)
_LENGTH_BEFORE = re.compile(r"(?<![\w.,])(?:\d{1,3}|" + "|".join(COUNT_WORDS) + r")\s+$")
_TIME_UNIT = re.compile(r"days|dias|nights|noches|weeks|semanas|months|meses|hours|horas|years|anos")


# an input that holds what the request rules out, by its name: "excluded_brands",
# "avoid_brands", "not_brands", "marcas_excluidas"
_RULING_OUT = re.compile(r"(?:^|_)(?:exclude[ds]?|excluding|exclusions?|not|avoid|avoided|ruled|"
                         r"banned|blocked|excluir|excluid[oa]s?|evitar|vetad[oa]s?)(?:_|$)")


# for such an input, the words joined after the ruled-out one are ruled out too: "no
# Eppendorf or Gilson", "sin Mettler, Ohaus ni Kern"
_RULED_OUT_RUN = re.compile(
    r"\b(?:no|not|sin|without|except|excepto|salvo|ni|nor|que\s+no\s+sea|que\s+no\s+sean|"
    r"other\s+than|but\s+not|anything\s+but|excluding)\s+(?:[\w-]+(?:\s+[\w-]+)?\s*"
    r"(?:,|\bor\b|\bo\b|\bni\b|\bnor\b|\band\b|\by\b)\s*)+$")


def rules_out(name: str) -> bool:
    """Whether the input ``name`` holds the values a request rules out (``excluded_brands``):
    there "que no sea Eppendorf ni Hettich" names its values."""
    return bool(_RULING_OUT.search(name.lower()))


def _enum_hits(text: QueryText, word: str, ruled_out: bool = False,
               vocab: frozenset[str] = frozenset()) -> list[re.Match[str]]:
    """Where an enum word stands in the free text and is asked for: one the request
    rules out is claimed (so no other reader takes "Tesla" for a place) and passed over;
    with ``ruled_out`` (an input of what is ruled out: :func:`rules_out`) only those.
    ``vocab``: the input's enum words, folded (a word of them before it is no given name)."""
    hits = []
    # not \b: a word may start or end with a sign ("+ IVA", "C++", "C#"), and its edges are
    # then no word boundaries
    named = name_only(word)
    for m in compiled(r"(?<!\w)" + name_forms([word]) + r"(?!\w)").finditer(text.free):
        if named and not text.original[m.start():m.start() + 1].isupper():
            continue  # "the first lesson is free": the ordinary word, not the exam "First"
        if _LENGTH_BEFORE.search(text.free, max(0, m.start() - 12), m.start()) \
                and _TIME_UNIT.fullmatch(m.group(0)):
            continue  # "camp for 10 days": a length, not the enum value "day"
        if opens_landform_name(text, m.span()):
            continue  # "the Lake District", "los Picos de Europa": a place, no feature
        if opens_proper_name(text, m.span()):
            continue  # "the Spanish Civil War": a name's word, no language asked
        if ends_proper_name(text, m.span(), vocab):
            continue  # "de Laura Gallego", "by Anne French": a surname, no language asked
        said = _RULED_OUT.search(text.free[max(0, m.start() - 24):m.start()]) or (
            ruled_out and _RULED_OUT_RUN.search(text.free[max(0, m.start() - 60):m.start()]))
        if bool(said) == ruled_out:
            hits.append(m)
        elif not ruled_out:
            text.claim(m.span())
    return hits


def rival_words(inputs: dict[str, InputSpec], name: str) -> list[str]:
    """The enum words (values and synonyms) of every input but ``name``: a longer one of
    them that holds this input's word is the other input's ("bachillerato internacional"
    is a curriculum's, not the stage "bachillerato")."""
    return [w for other, spec in inputs.items() if other != name and spec.enum
            for w, _option in _enum_words(spec)]


def rival_at(free: str, inputs: dict[str, InputSpec], name: str,
             ) -> Callable[[tuple[int, int]], bool]:
    """Whether the text at a span, read for input ``name``, stands inside a longer enum
    word of another input (``free``: the folded request): "de un día" of a tour's
    ``day_part`` synonym is no length of its ``duration``; or inside a yes/no input's
    alias that holds a number ("24h", "24/7" of a storage unit's ``access_24h``): the
    author wrote it as that flag's word, so "acceso 24h" is no stay of one day."""
    rivals = rival_words(inputs, name)
    flags = [re.compile(r"(?<!\w)" + re.escape(fold(a)) + r"(?!\w)")
             for other, spec in inputs.items() if other != name and spec.type == "boolean"
             for a in spec.aliases if any(c.isdigit() for c in a)]

    def at(span: tuple[int, int]) -> bool:
        if rivals and inside_rival(free, span, free[span[0]:span[1]].strip(), rivals):
            return True
        return any(m.start() <= span[0] and span[1] <= m.end()
                   for rx in flags for m in rx.finditer(free))
    return at


def inside_rival(free: str, span: tuple[int, int], word: str, rivals: list[str]) -> bool:
    """A longer enum word of another input stands over ``span`` (the hit of ``word``)."""
    for rival in rivals:
        if len(rival) <= len(word) or fold(word) not in fold(rival):
            continue
        for m in compiled(r"(?<!\w)" + name_forms([rival]) + r"(?!\w)").finditer(free):
            if m.start() <= span[0] and span[1] <= m.end():
                return True
    return False


def _labels_itself(word: str, spec: InputSpec, name: str) -> bool:
    """Whether the enum word (a synonym) says the input's name or an alias itself: "carné de
    moto" for a ``labelled`` licence aliased ``carné``, "the free plan" for a plan aliased
    ``plan``; so said it is labelled, wherever it stands ("carné de moto A2 en Valencia")."""
    said = fold(word)
    return any(re.search(r"(?<!\w)" + re.escape(label) + r"(?!\w)", said)
               for label in {fold(w).strip() for w in [name.replace("_", " "), *spec.aliases]}
               if label)


def find_enum(text: QueryText, spec: InputSpec, name: str = "",
              rivals: list[str] | None = None,
              peers: list[tuple[str, InputSpec, bool]] | None = None,
              nouns: Sequence[str] = ()) -> tuple[Any, tuple[int, int]] | None:
    """The first enum value (or synonym) the query names and does not rule out, and its
    span; with the input's ``name`` or an alias that labels it right before or after
    ("nivel intermedio", "level: beginner", "advanced level"), so the label is claimed
    with it, never read as a place or a subject; with ``labelled``, only such a word. A word inside a longer one of ``rivals``
    (another input's enum words: :func:`rival_words`) is that input's and passed over.
    With ``peers`` (:func:`enum_peers`: inputs that share enum words, such as a source and
    a target language), a word this input's label names is taken first, one a peer's
    label names is the peer's ("del español al inglés", "into English"), and of a pair
    joined by a dash or an arrow, or said in a row ("inglés-español", "EN>ES", "inglés
    español": from one into the other) the input declared first takes the first end and
    the other the second; else the word said first. A language value is read in a pair
    of codes too ("ES→EN": :func:`_code_words`). ``nouns``: the kind's own words (its
    inputs' aliases, its nouns), which a Spanish adjective's other gender may follow
    (:func:`_gendered`)."""
    unlabelled = []
    vocab = frozenset(fold(w) for w, _o in _enum_words(spec))
    words = [(w, o, False, "") for w, o in _enum_words(spec)]
    words += [(c, o, True, "") for c, o in _code_words(spec)]
    words += [(g, o, False, heads) for g, o, heads in _gendered(spec, [*(rivals or []), *nouns])]
    for word, option, code, after in words:
        for m in (_code_hits(text, word, peers) if code else _enum_hits(text, word, vocab=vocab)):
            if after and not compiled(r"(?<!\w)" + after + r"[ \t]+$").search(
                    text.folded, max(0, m.start() - 40), m.start()):
                continue  # the other gender after no noun of the kind's
            if rivals and inside_rival(text.free, m.span(), word, rivals):
                continue
            span = _with_label(text.free, m.span(), spec, name)
            if spec.labelled and span == m.span() and not _labels_itself(word, spec, name):
                continue  # an everyday word ("team chat") is no value without its label
            if not code and _grammar_word(text, m, word, span != m.span()):
                continue  # "servicios de limpieza": no German asked
            if not peers:
                return option, span
            # a peer's label right before it wins over this input's after it ("al inglés
            # de ...": the target's, though "de" may label a source)
            if not code and span[0] == m.start() and _a_peers(text.free, m.span(), peers):
                continue
            if span != m.span():
                return option, span  # its own label names it
            unlabelled.append((option, span))
    if unlabelled:
        return min(unlabelled, key=lambda h: h[1][0])  # of two languages, the first said
    return _split_enum(text, spec)


def restated(text: QueryText, spec: InputSpec, hit: tuple[Any, tuple[int, int]],
             ) -> list[tuple[int, int]]:
    """Where the request says the value of ``hit`` again in brackets beside it, by another
    of its words ("discriminación horaria (2.0TD)", "2.0TD (discriminación horaria)",
    "tapa blanda (paperback)"): those spans, brackets and all, to claim with the value, so
    the restatement's pieces ("TD") are read as no place and no subject."""
    option, (start, end) = hit
    out = []
    for word, value in _enum_words(spec):
        if value != option:
            continue
        for m in compiled(r"(?<!\w)" + name_forms([word]) + r"(?!\w)").finditer(text.free):
            before = re.search(r"\(\s*$", text.free[end:m.start()]) if m.start() >= end else None
            after = re.match(r"\s*\)", text.free[m.end():])
            if before and after and not text.free[end:before.start()].strip():
                out.append((end + before.start(), m.end() + after.end()))
            elif m.end() <= start and re.fullmatch(r"\s*\(\s*", text.free[m.end():start]) \
                    and (close := re.match(r"\s*\)", text.free[end:])):
                out.append((m.start(), end + close.end()))
    return out


# two ends of a pair: "inglés-español", "EN>ES", "español → inglés", or two said in a row
# ("traducción inglés español": from the first into the second)
_PAIR = r"(?:\s*(?:->|=>|>|→|-|–)\s*|[ \t]+)"


def enum_peers(inputs: dict[str, InputSpec], name: str) -> list[tuple[str, InputSpec, bool]]:
    """The other inputs that share an enum word with ``name`` (a source and a target
    language, an origin and a destination country), each with whether it is declared
    before ``name``."""
    spec = inputs[name]
    if not spec.enum or spec.type == "list":
        return []
    mine = {fold(w) for w, _o in _enum_words(spec)}
    order = list(inputs)
    return [(other, o, order.index(other) < order.index(name)) for other, o in inputs.items()
            if other != name and o.enum and o.type != "list"
            and mine & {fold(w) for w, _o in _enum_words(o)}]


def _a_peers(free: str, span: tuple[int, int], peers: list[tuple[str, InputSpec, bool]]) -> bool:
    """The enum word at ``span`` is a peer's: a peer's label stands right before it, or
    it ends a pair whose other end falls to this input (the end its declared order gives
    it: the first for the input declared first)."""
    a, b = span
    for other, o, before in peers:
        labels = [w for w in [other.replace("_", " "), *o.aliases] if fold(w).strip()]
        if labels and compiled(r"\b" + name_forms(labels) + r"\s*(?:[:=]\s*)?$").search(free[:a]):
            return True
        words = name_forms([w for w, _o in _enum_words(o)])
        if not before and compiled(r"\b" + words + _PAIR + "$").search(free[:a]):
            return True  # the second end: the peer declared after this input takes it
        if before and compiled(_PAIR + words + r"\b").match(free[b:]):
            return True  # the first end: the peer declared before this input takes it
    return False


def _split_enum(text: QueryText, spec: InputSpec) -> tuple[Any, tuple[int, int]] | None:
    """An enum synonym of two words with another input's words between them, which that
    input read ("State secondary school" for funding's "state school", once the stage read
    "secondary school"): the first word is this input's, and only it is claimed. The words
    between and the last are all claimed already, so no unread word is passed over."""
    for word, option in _enum_words(spec):
        parts = fold(word).split()
        if len(parts) != 2:
            continue
        head = name_forms([parts[0]])
        for m in compiled(r"\b" + head + r"\s+((?:[^\W\d_]+\s+){1,2}?)" + name_forms([parts[1]])
                             + r"\b").finditer(text.folded):
            if text.free[m.start(1):m.end()].replace(CLAIMED, "").strip() == "" \
                    and CLAIMED not in text.free[m.start():m.start(1)] \
                    and not _RULED_OUT.search(text.free[max(0, m.start() - 24):m.start()]):
                first = compiled(head).match(text.folded[m.start():])
                end = m.start() + (first.end() if first else 0)
                return option, (m.start(), end)
        # its first word is a noun a count read ("2 puestos fijos", "un puesto flexible"
        # for "puesto fijo" once "2 puestos" is the seats): the noun is both's, the
        # word after it this input's, and only it is claimed
        for m in compiled(r"\b" + head + r"\s+(" + name_forms([parts[1]]) + r")\b").finditer(text.folded):
            if text.free[m.start():m.start(1)].strip() and \
                    set(text.free[m.start():m.start(1)].strip()) == {CLAIMED} and \
                    CLAIMED not in text.free[m.start(1):m.end(1)]:
                return option, m.span(1)
    return None


# two values offered as either: "tren o bus", "train or coach", "bus/train"
_EITHER = r"(?:\s+(?:o|u|or)\s+|\s*/\s*)"


def enum_either(text: QueryText, spec: InputSpec, hit: tuple[Any, tuple[int, int]]) -> tuple[int, int] | None:
    """The span of "X or Y" when the enum word ``hit`` read is offered as either with a word
    of another of the input's values ("en tren o bus"): a one-value input asked for two is
    not read as the first (the pipeline's default stands), or None."""
    a, b = hit[1]
    for word, option in _enum_words(spec):
        if option == hit[0]:
            continue
        w = name_forms([word])
        after = compiled(_EITHER + r"(?:(?:el|la|en|by|a|an|the)\s+)?" + w + r"\b").match(text.free[b:])
        if after:
            return a, b + after.end()
        before = compiled(r"\b" + w + _EITHER + r"(?:(?:el|la|en|by|a|an|the)\s+)?$").search(text.free[:a])
        if before:
            return before.start(), b
    return None


def _with_label(free: str, span: tuple[int, int], spec: InputSpec, name: str) -> tuple[int, int]:
    labels = [w for w in [name.replace("_", " "), *spec.aliases] if fold(w).strip()]
    if not labels:
        return span
    label = name_forms(labels)
    a, b = span
    # ``\s*(?:[:=]\s*)?``, not ``\s*[:=]?\s*``: two quantifiers over the same spaces backtrack
    before = compiled(r"\b" + label + r"\s*(?:[:=]\s*)?$").search(free[:a])
    # after it, also joined by a hyphen: "French-language camp", "CSV-format files"
    after = compiled(r"(?:\s+|-)" + label + r"\b").match(free[b:])
    return (before.start() if before else a, b + after.end() if after else b)


def find_enum_list(text: QueryText, spec: InputSpec, rivals: list[str] | None = None,
                   name: str = "") -> list[tuple[Any, tuple[int, int]]]:
    """Every enum word a ``list`` input's query names ("with automatic and navigation"),
    in the query's order: a list of required features, not just the longest one. A word
    inside a longer one of ``rivals`` is another input's, as for :func:`find_enum`, and
    the input's ``name`` or an alias labelling one is claimed with it, as there ("en
    formato CSV", "CSV format": no place "Formato"); with ``labelled``, only words next
    to the input's ``name`` or an alias."""
    hits: list[tuple[Any, tuple[int, int]]] = []
    taken = text.free
    vocab = frozenset(fold(w) for w, _o in _enum_words(spec))
    for word, option in _enum_words(spec):
        m = next((h for h in _enum_hits(text, word, rules_out(name), vocab) if taken[h.start()] != CLAIMED
                  and not (rivals and inside_rival(text.free, h.span(), word, rivals))
                  and not (spec.labelled
                           and _with_label(text.free, h.span(), spec, name) == h.span())
                  and not _grammar_word(text, h, word,
                                        _with_label(text.free, h.span(), spec, name) != h.span())),
                 None)
        if m and all(option != o for o, _span in hits):
            a, b = _with_label(taken, m.span(), spec, name)
            hits.append((option, (a, b)))
            taken = taken[:a] + CLAIMED * (b - a) + taken[b:]
    return sorted(hits, key=lambda h: h[1][0])
