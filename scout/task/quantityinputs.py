"""The inputs of one quantity type (``data_size``, ``weight``, ``duration``) read together.

A product states several quantities in one unit (memory and storage are both GB; a
warranty and a delivery time are both lengths of time), so the
parser reads every input of the type at once, in the type's turn: each input first takes
a value its name or an alias stands next to, then the values left go to the inputs still
empty (:func:`read_quantities`). The quantities themselves are read by
:mod:`scout.task.quantity`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from scout.spec.models import InputSpec
from scout.task.lang import fold, word_for
from scout.task.parse_notes import ParseResult
from scout.task.numberinput import NUMBER_CMP
from scout.task.readers import QueryText, digits_view, name_forms, widened


def read_quantities(text: QueryText, inputs: dict[str, InputSpec], kind: str,
                     result: ParseResult, _: Callable[[str], str],
                     ) -> dict[str, tuple[float, tuple[int, int]]]:
    """The values of every input of one quantity type (``data_size``, ``weight``), read
    at once: a product states several quantities in one unit (memory and storage are both
    GB), so each input first takes a value its name or an alias stands next to ("16 GB de
    RAM", "SSD de 1 TB"); the values left go to the inputs still empty, in the order the
    pipeline declares them, when there is one for each. One length of time for several
    empty inputs goes to the only one whose name asks no limit (``length``, not
    ``max_turnaround``: a limit is asked with its words, "entrega en 3 días", so a bare
    "vídeos de 10 minutos" says what the thing is); else a value is not guessed at: the note
    names the inputs it could be."""
    from functools import partial

    find_one: Callable[..., Any]
    find_all: Callable[..., Any]
    if kind == "duration":  # a warranty's years, a delivery's weeks
        from scout.task.durations import coded, find_duration, find_durations

        is_code = coded(text.original)  # "16S": an assay's code, no 16 seconds

        def durations_left(*args: Any, **kw: Any) -> list[tuple[int, tuple[int, int]]]:
            return [h for h in find_durations(*args, **kw) if not is_code(h[1])]
        find_one, find_all = (partial(find_duration, calendar=True, skip=is_code),
                              partial(durations_left, calendar=True))
    else:
        from scout.task.quantity import allowance, find_quantities, find_quantity

        # "20 gigs" alone: a data allowance's size (a phone plan's), never a concert there
        gigs = kind == "data_size" and any(allowance(n, list(s.aliases)) for n, s in inputs.items()
                                           if s.type == kind)
        find_one, find_all = (partial(find_quantity, kind=kind, gigs=gigs),
                              partial(find_quantities, kind=kind, gigs=gigs))

    names = [n for n, s in inputs.items() if s.type == kind and n not in result.values]
    hits: dict[str, tuple[float, tuple[int, int]]] = {}
    counted = _counted_units(inputs)
    for name in names:
        spec = inputs[name]
        hit = find_one(digits_view(text.free), prefix=NUMBER_CMP,
                       words=name_forms([name.replace("_", " "), *spec.aliases]),
                       high=name.startswith("max"))
        if hit is not None and _counted(text.free, hit[1], counted):
            hit = None  # "fibra 600 Mb" for a speed aliased "Mb": the number's, no size
        if hit is not None and _asks_other_end(text.folded, name, inputs, hit[1], find_all):
            continue  # "desnivel de menos de 600 m" for min_gain beside max_gain: max_gain's
        if hit is not None:
            hits[name] = (hit[0], widened(text.free, digits_view(text.free), hit[1]))
            text.claim(hits[name][1])
            # the label it was read by too ("3-year warranty", "garantía de 2 años"): left
            # alone, the place reader took it for a town ("Warranty")
            text.claim(_label_span(text.free, hits[name][1], [name.replace("_", " "),
                                                              *spec.aliases]))
    empty = [n for n in names if n not in hits]
    # a value no word names is for an input that declares no words it is asked by, when
    # some do: a trail's distance ("under 5 miles"), not its gain ("desnivel", "ascent")
    if any(not inputs[n].aliases for n in empty) and any(inputs[n].aliases for n in empty):
        empty = [n for n in empty if not inputs[n].aliases]
    # of a range, the top when every input left is for the most ("max_weight")
    view = digits_view(text.free)
    left = [(v, widened(text.free, view, span)) for v, span in find_all(
        view, prefix=NUMBER_CMP, high=all(n.startswith("max") for n in empty))
        if not _counted(view, span, counted)] if empty else []
    near = (lambda span: False) if kind != "length" else _how_far(text.folded, [
        fold(w) for n in empty for w in [n.replace("_", " "), *inputs[n].aliases]])
    left = [(v, span) for v, span in left if not near(span)]
    if (ends := _bound_pair(empty, inputs)) is not None and left:
        hits.update(_by_comparison(text.folded, ends, left, [
            (v, span) for v, span in find_all(view, prefix=NUMBER_CMP, high=True)
            if not near(widened(text.free, view, span))]))
        return hits
    # sizes and weights keep the note: "portátil con 16 GB" is RAM as often as storage
    plain = [n for n in empty if not n.startswith(("max", "min"))] if kind == "duration" else []
    if len(empty) == 1 and len(left) > 1:
        left = _unglued(text.folded, left, empty[0], inputs)
    if len(empty) == 1 or len(left) >= len(empty):
        hits.update(zip(empty, left))
    elif len(left) == 1 and len(plain) == 1:
        hits[plain[0]] = left[0]
    else:
        quote = "«{}»" if result.lang == "es" else "'{}'"
        for _value, span in left:
            text.claim(span)
            shown = quote.format(text.original[span[0]:span[1]].strip())
            result.notes.append(_("{text} could be {names}, so it was not read; write what it "
                                  "is next to it, e.g. {example}").format(
                text=shown, names=" / ".join(_(n).replace("_", " ") for n in empty),
                example=quote.format(text.original[span[0]:span[1]].strip() + " "
                                     + word_for(empty[0], inputs[empty[0]].aliases, result.lang))))
    return hits


def _how_far(folded: str, own: list[str]) -> Callable[[tuple[int, int]], bool]:
    """Whether a length's span says how far the thing is ("within 30 km of Edinburgh", "a
    20 km de Madrid"), no size of it, unless from a thing ``own`` names (the inputs' words:
    "200 m from the beach" for ``max_beach``; :mod:`scout.task.howfar`)."""
    from scout.task.howfar import how_far

    return lambda span: how_far(folded, span, own)


def _unglued(folded: str, left: list[tuple[float, tuple[int, int]]], name: str,
             inputs: dict[str, InputSpec]) -> list[tuple[float, tuple[int, int]]]:
    """``left`` (the sizes no word named, for the one input ``name``) with those glued to
    another input's word put last: "fibra 1gb ... 2 líneas móviles de 50gb" for one data
    size is the lines' 50 GB, the 1 GB right after "fibra" (the technology's value) being
    the fibre's own; a size after "de" / "of" / "with" or a word no input names stays
    first."""
    words = [w for n, spec in inputs.items() if n != name
             for w in [*spec.aliases, *(str(o) for o in spec.enum or []),
                       *(x for ws in spec.synonyms.values() for x in ws)] if fold(w).strip()]
    if not words:
        return left
    other = re.compile(r"(?<!\w)" + name_forms(words) + r"[ \t]*$")

    def glued(span: tuple[int, int]) -> bool:
        return other.search(folded[max(0, span[0] - 40):span[0]]) is not None

    return sorted(left, key=lambda h: glued(h[1]))


def _counted_units(inputs: dict[str, InputSpec]) -> re.Pattern[str] | None:
    """The words an ``integer`` or ``number`` input of the kind is aliased by: a value
    written with one of them as its unit is that input's, never a quantity's ("fibra 600
    Mb", "300 megas" for a speed aliased ``Mb`` and ``megas``: megabits a second, no data
    size; "2,000 GB/s" for a bandwidth aliased ``GB/s``), as the author said by aliasing
    it so. None when no such input has aliases."""
    words = sorted({fold(a).strip() for s in inputs.values() if s.type in ("integer", "number")
                    for a in s.aliases if fold(a).strip()}, key=len, reverse=True)
    return re.compile("(?:" + "|".join(map(re.escape, words)) + r")(?!\w)") if words else None


def _counted(free: str, span: tuple[int, int], counted: re.Pattern[str] | None) -> bool:
    """Whether the quantity read at ``span`` is written in a unit ``counted`` names (its
    words right after its number, folded): another input's number."""
    if counted is None:
        return False
    # the whole number, its group marks too: "1,000 megas" is written in megas, not in ",000"
    m = re.search(r"\d(?:[\d.,\u00a0\u202f]*\d)?\s*(?:-\s*)?(?=[^\d\s])", free[span[0]:span[1]])
    return m is not None and counted.match(fold(free[span[0] + m.end():])) is not None


def _bound_pair(names: list[str], inputs: dict[str, InputSpec]) -> tuple[str, str] | None:
    """``(min_x, max_x)`` when ``names`` are the two ends of one quantity, else None."""
    from scout.task.accept import bound_partner

    if len(names) != 2 or bound_partner(names[0], inputs[names[0]], inputs) != names[1]:
        return None
    low, high = sorted(names, key=lambda n: not n.startswith("min"))
    return low, high


def _by_comparison(folded: str, ends: tuple[str, str],
                   left: Sequence[tuple[float, tuple[int, int]]],
                   tops: Sequence[tuple[float, tuple[int, int]]],
                   ) -> dict[str, tuple[float, tuple[int, int]]]:
    """The values left for both ends of one quantity (``min_km``, ``max_km``), each to the
    end its comparison names: "más de 10 km y menos de 15 km" is both, "at least 10 km"
    the floor, "under 5 miles" or a value with no comparison ("a 10 km walk") the cap; a
    range ("entre 10 y 15 km", "5-8 miles") gives the floor its low end and the cap its top."""
    from scout.task.accept import against

    low, high = ends
    got: dict[str, tuple[float, tuple[int, int]]] = {}
    for (value, span), (top, _span) in zip(left, tops):
        if top != value and low not in got and high not in got:  # a range: both ends
            got[low], got[high] = (value, span), (top, span)
        elif against(high, folded, span) and low not in got:
            got[low] = (value, span)
        elif high not in got and not against(high, folded, span):
            got[high] = (top, span)
    return got


def _asks_other_end(folded: str, name: str, inputs: dict[str, InputSpec],
                    span: tuple[int, int], find_all: Callable[..., Any]) -> bool:
    """Whether the value read by ``name``'s words in ``span`` ("desnivel de menos de 600 m")
    is written as the other end of ``name``'s quantity, which the kind also declares: the
    comparison is judged on the value alone, its label left out."""
    from scout.task.accept import against, bound_partner

    if bound_partner(name, inputs[name], inputs) is None:
        return False
    from scout.task.numberinput import NUMBER_CMP

    own = find_all(digits_view(folded)[span[0]:span[1]], prefix=NUMBER_CMP)
    if not own:
        return False
    at = (span[0] + own[0][1][0], span[0] + own[0][1][1])
    if (shared := _SHARED.search(folded[max(0, at[0] - 40):at[0]])) is not None:
        # "máx 12 km y 600 m de desnivel": the cap before the first of the pair is both's
        return name.startswith("min") if shared.group("cap") else name.startswith("max")
    return against(name, folded, at)


# a comparison said before the first of two quantities joined by "y" / "and" / a comma,
# and so of both ("máx 12 km y 600 m de desnivel", "at least 10 km and 500 m of ascent")
_SHARED = re.compile(
    r"(?:\b(?P<cap>max(?:imo)?|hasta|menos\s+de|under|up\s+to|at\s+most|no\s+more\s+than)"
    r"|\b(?P<floor>min(?:imo)?|al\s+menos|mas\s+de|over|at\s+least|more\s+than))\.?\s+"
    r"\d[\d.,]*\s*[^\W\d_]{0,6}\s*(?:y|and|e|,)\s*$")


def _label_span(free: str, span: tuple[int, int], labels: list[str]) -> tuple[int, int]:
    """``span`` (a quantity read by its input's label) widened over that label said just
    before it (:func:`scout.task.pricelabel.labelled`) or just after it ("2 años de garantía",
    "a 3-year warranty")."""
    import re

    from scout.task.lang import fold
    from scout.task.pricelabel import labelled

    a, b = labelled(free, span, labels)
    words = sorted({fold(w).strip() for w in labels if fold(w).strip()}, key=len, reverse=True)
    m = re.match(r"\s*(?:(?:de|del|of)\s+)?(?:" + "|".join(map(re.escape, words))
                 + r")(?:e?s)?(?!\w)", free[b:]) if words else None
    return a, b + (m.end() if m else 0)
