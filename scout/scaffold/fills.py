"""The texts ``scout init`` fills its template files' placeholders with, from the kind's
words and inputs: the ``inputs:`` block (``__INPUTS__``), the searches' query and the
synthesis question in the request's language (``__SEARCH__``, ``__ASKED__``,
``__QUESTION__``), the report's title (``__TITLE__``) and the rank phase's criteria, with
what the example request and the kind's test ask (:func:`criteria`). Each is Jinja text a
pipeline renders; the Spanish words a number or a yes/no input needs are left as slots
(``none``) for the author to fill."""

from __future__ import annotations

from scout.scaffold.names import TRIP_FROM, TRIP_TO, CRITERIA, budget_input, route_aliases

_DESCRIBED = {"money": "the most it may cost", "rating": "the lowest rating, 0-10 scale"}


def inputs_yaml(inputs: list[tuple[str, str]], example: bool = False) -> str:
    """The ``inputs:`` block; ``example``: the default kind, whose minimum rating is 7."""
    width = max(len(n) for n, _ in inputs) + 1
    budget = budget_input(inputs)
    lines = []
    for name, kind in inputs:
        said = (name.replace("_", " ") + ", an amount of money" if kind == "money"
                and name != budget else _DESCRIBED.get(kind, name.replace("_", " ")))
        default = "default: 7.0, " if example and kind == "rating" else ""
        ends = route_aliases(name) if kind == "place" else ()
        aliases = f"aliases: [{', '.join(ends)}], " if ends else ""
        lines.append(f"  {(name + ':').ljust(max(width, 11))} {{type: {kind}, {default}"
                     f"{aliases}description: \"{said} (optional: a request without it still "
                     "runs)\"}")
    return "\n".join(lines)


def _shown(name: str, kind: str) -> str | None:
    """A Jinja expression of input ``name`` as the request's language writes it; None for
    a criterion (money, rating)."""
    if kind in CRITERIA:
        return None
    if kind in ("date", "month", "data_size", "weight", "length", "volume"):  # "3–7 jun 2027", "16 GB"
        return f"task.{name} | value('{kind}')"
    if kind == "duration":  # seconds in the Task; a search reads "20 min"
        return f"task.{name} | duration"
    if kind == "boolean":  # a yes/no filter reads as its words ("pet friendly")
        return repr(name.replace("_", " "))
    if kind == "area":  # square metres: a search says its unit ("60 m2")
        return f"'%g' | format(task.{name}) ~ ' m2'"
    return f"task.{name}"


def asked(inputs: list[tuple[str, str]]) -> str:
    """The inputs read into a query, each only when the request gives it (the criteria
    are not: a search for "vets 7.0 300 EUR" finds nothing)."""
    parts = []
    places = [n for n, k in inputs if k == "place"]
    for name, kind in inputs:
        shown = _shown(name, kind)
        if shown is None:
            continue
        if kind == "boolean":
            # its English words, left out of a Spanish search until the author writes
            # the Spanish ones in the slot the title keeps for them too ("... else none")
            parts.append(f"{{% if task.{name} %}}{{% set w = ({_in_spanish(shown)}) %}}"
                         "{% if w %} {{ w }}{% endif %}{% endif %}")
            continue
        # "7 nights 2 guests", never a bare "7 2"
        said = (f"{{{{ {_with_count(shown, name)} }}}}" if kind in COUNTED
                else f"{{{{ {shown} }}}}")
        word = _place_word(name, places) if kind == "place" else ""
        # a Spanish request searches "en Valencia", not "in Valencia"
        joined = (f" {{{{ {_PLACE_ES[word]!r} if task.lang == 'es' else {word!r} }}}} "
                  if word else " ")
        parts.append(f"{{% if task.{name} %}}{joined}{said}{{% endif %}}")
    return "".join(parts)


#: a place word of a query in Spanish
_PLACE_ES = {"in": "en", "from": "desde", "to": "a"}


def search_words(words: str, spanish: str | None, given: str) -> str:
    """The main search's query: the kind's name and the values the request gave, in the
    request's language. Its Spanish name (``--es``) for a Spanish request; without one a
    Spanish request searches its own words (the English slug would find English pages:
    "carehomes in Zaragoza"). ``given``: what :func:`asked` made of the inputs (named
    apart from it: a parameter ``asked`` hid the function in this body)."""
    if spanish:
        return f"{{{{ {spanish!r} if task.lang == 'es' else {words!r} }}}}{given}"
    return f"{{% if task.lang == 'es' %}}{{{{ task.query }}}}{{% else %}}{words}{given}{{% endif %}}"


def question(words: str, spanish: str | None, given: str,
             inputs: list[tuple[str, str]]) -> str:
    """The synthesis question, in the request's language (see :func:`search_words`;
    ``given`` as there).
    A money input other than the budget (a declared value to insure) is said as its
    amount alone, in parentheses: no cap, and no English word in a Spanish question."""
    budget = budget_input(inputs)
    amounts = "".join(f"{{% if task.{n} %}} ({{{{ task.{n} }}}}){{% endif %}}"
                      for n, k in inputs if k == "money" and n != budget)
    cap = (f"{{% if task.{budget} %}} for at most {{{{ task.{budget} }}}}{{% endif %}}"
           if budget else "") + amounts
    cap_es = (f"{{% if task.{budget} %}} por {{{{ task.{budget} }}}} como máximo{{% endif %}}"
              if budget else "") + amounts
    english = f"Which {words}{given} are best{cap}?"
    spanish_q = (f"¿Cuáles son los mejores {spanish}{given}{cap_es}?" if spanish
                 else "¿Qué es lo mejor para «{{ task.query }}»?" + amounts)
    return f"{{% if task.lang == 'es' %}}{spanish_q}{{% else %}}{english}{{% endif %}}"


#: input types whose value is a bare number: a query or a title says what it counts
COUNTED = ("integer", "number")


def _counted(name: str) -> str:
    """What a number input counts, in its name's words: ``nights`` → "nights",
    ``min_speed`` → "speed" (the bound is the rank's, not the search's)."""
    words = [w for w in name.split("_") if w]
    if len(words) > 1 and words[0] in ("min", "max", "num", "number"):
        words = words[1:]
    return " ".join(words)


def _place_word(name: str, places: list[str]) -> str:
    """The word before a place in a query: "from"/"to" for a trip's ends (``origin``,
    ``destination``), "in" for the first other place, nothing for the next ones ("in"
    before every place read "flights in Madrid in Paris")."""
    words = set(name.split("_"))
    if words & TRIP_FROM:
        return "from"
    if words & TRIP_TO:
        return "to"
    others = [n for n in places if not set(n.split("_")) & (TRIP_FROM | TRIP_TO)]
    return "in" if others[:1] == [name] else ""


def title(words: str, spanish: str | None, inputs: list[tuple[str, str]]) -> str:
    """The report's title: the kind's name in the request's language, then the values the
    request gave, separated ("Conferences: NLP · Europe · May 2027"). Without a Spanish
    name a Spanish title is the values alone (the English name read as a slip), or the
    request itself when it gave none. A yes/no input's words are its English name: a
    Spanish title leaves it out until the author writes its Spanish word in the slot the
    expression keeps for it (``('online' if task.lang != 'es' else none)``)."""
    values = [f"(({_in_spanish(shown) if kind == 'boolean' else _with_count(shown, name) if kind in COUNTED else shown}) if task.{name} else none)"  # noqa: E501
              for name, kind in inputs if (shown := _shown(name, kind)) is not None]
    english = words[:1].upper() + words[1:]
    spanish = spanish[:1].upper() + spanish[1:] if spanish else None
    name = (f"({spanish!r} if task.lang == 'es' else {english!r})" if spanish else
            f"('' if task.lang == 'es' else {english!r})")
    return ("{% set name = " + name + " %}{% set parts = [" + ", ".join(values)
            + "] | select | list %}{% set t = (name ~ (': ' if name and parts else '') ~ "
            "(parts | join(' · '))) or task.query or '' %}{{ (t[:1] | upper) ~ t[1:] }}")


def _with_count(shown: str, name: str) -> str:
    """A number input with what it counts ("7 nights", not "7"), in a query or the
    title: the Spanish word goes in the slot :func:`_counted_slot` keeps for it."""
    return f"[{shown}, {_counted_slot(name)}] | reject('none') | join(' ')"


def _counted_slot(name: str) -> str:
    """What a number input counts in the request's language: its name's words in
    English, ``none`` (the number alone) in Spanish until the author writes the Spanish
    word there (``... else 'noches'``): a pipeline's queries and title render in English
    whatever the catalog says (SPEC077), and the same English word in both slots read as
    a slip ("3 copies" in a Spanish title)."""
    return f"({_counted(name)!r} if task.lang != 'es' else none)"


def _in_spanish(words: str) -> str:
    """A yes/no input's words in the title: as they are in English, ``none`` (left out) in
    Spanish — the author's Spanish word goes in place of that ``none``."""
    return f"{words} if task.lang != 'es' else none"


def criteria(inputs: list[tuple[str, str]]) -> dict[str, str]:
    """The rank phase's ``where`` and ``order_by``, the words that say what they check,
    and what the example request and the kind's test ask, from its money and rating
    inputs."""
    budget = budget_input(inputs)
    money = [budget] if budget else []
    rated = [n for n, k in inputs if k == "rating"]
    # only the budget caps the price; another money input (a declared value to insure, a
    # deposit) is an amount the request states, no cap: "over budget" would be untrue
    where = [f"task.{n} is none or c.price is none or c.price.amount <= task.{n}.amount"
             for n in money]
    where += [f"task.{n} is none or c.rating is none or c.rating >= task.{n}" for n in rated]
    checks = (["within budget"] if money else []) + (["rating"] if rated else [])
    return {
        "__WHERE__": ("\n".join(f'        - "{w}"' for w in where) or "        []")
        # what the report says of a candidate a where leaves out, in the request's
        # language (scout's catalog has both): without one it prints the expression
        + ("\n      reasons:\n" + "\n".join(f'        - "{{{{ _({r!r}) }}}}"' for r in (
            ["over budget"] * len(money) + ["rating below the minimum"] * len(rated)))
           if where else ""),
        "__ORDER__": '["c.rating or 0", "c.evidence_count"]' if rated
        else '["c.evidence_count"]',
        "__CHECKS__": (" within " + " and ".join(checks)).replace("within within", "within")
        if checks else "",
        "__ABOUT_CRITERIA__": (", under a budget" if money else "")
        + (", well rated" if rated else ""),
        "__QUERY_CRITERIA__": (" under 300 EUR" if money else "")
        + (" rated at least 7" if rated else ""),
        # a whole line of the test, comment included
        "# __TEST_CHECKS__": "\n    ".join(
            (['assert "Example Three" not in shortlist  # over budget'] if money else [])
            + (['assert shortlist[0] == "Example One"',
                'assert "Example Two" not in shortlist    # under the minimum rating']
               if rated else []))
        or "# no money or rating input: no criterion leaves a candidate out",
    }
