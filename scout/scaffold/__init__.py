"""``scout init KIND``: write a working research kind to start from.

Writes, under a project folder: ``pipelines/<kind>.yaml`` (inputs, a search, a fan-out,
rank, synthesize, report), ``templates/<kind>_report.md.j2`` (bilingual: its words go
through ``_()``), ``pipelines/missions/<kind>-example.yaml`` (a ``kind: Mission``),
``tests/test_<kind>.py`` (runs the kind offline with :mod:`scout.testing`) and, when the
project has none, a keyless ``config/adapters.yaml`` and the ``schemas/`` the files'
``$schema`` lines name. The files are plain text with
placeholders (``__KIND__``, ``__FILE__``, ``__WORDS__``, ``__INPUTS__``, ``__ASKED__``,
``__TITLE__``, ``__ABOUT__``, ``__WHERE__``, ...), not Jinja: they contain Jinja. Existing
files are never overwritten without ``force``.

The kind's inputs are what the author says it needs (``--input NAME:TYPE``) and nothing
else; without any, the example kind: an optional ``place``, a ``budget`` and a
``min_rating``. Each is optional; the others are read into the searches' queries, so a
request that does not give one still runs, and each ``money`` input caps the price and
each ``rating`` input is a minimum rating in the rank phase (a kind of things without
ratings never flags "rating unknown"). The report's title is the kind's name (``--es``:
its Spanish name, for a Spanish request) and the request's values, separated; it lays
out the shared report sections built into scout (``_report.md.j2``). The Spanish name is
also written to the project's Spanish catalog (``locales/es/LC_MESSAGES/messages.po``) as
the translation of the kind's words, where the request parser finds it: "salas de escape
en Madrid" names the kind, not a subject; so are the Spanish labels init knows of the
inputs scout's catalog does not name (a trip's ends: ``origin`` → "origen").
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import re
from dataclasses import dataclass
from pathlib import Path

from scout.errors import UsageError
from scout.fsutil import make_dirs, write_atomic
from scout.suggest import did_you_mean
from scout.termsafe import quoted
from scout.schemas.task import INPUT_TYPES, task_own_names

FILES = Path(__file__).parent / "files"
KIND_RE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
MAX_LEN = 60
NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
#: a list input needs an item type the scaffold cannot guess: write it in the YAML
TYPES = tuple(t for t in INPUT_TYPES if t != "list")
#: the example kind's, when the author names none: its rank criteria are budget and rating
DEFAULT_INPUTS = (("place", "place"), ("budget", "money"), ("min_rating", "rating"))
#: criteria, not search words: rank compares them with each candidate's price / rating
CRITERIA = ("money", "rating")


@dataclass(frozen=True)
class Written:
    path: Path
    what: str


def check_kind_name(kind: str) -> str:
    """A kind name is a slug: lowercase letters and digits, words joined by '-'."""
    if not KIND_RE.fullmatch(kind or "") or len(kind) > MAX_LEN:
        suggestion = re.sub(r"[^a-z0-9]+", "-", (kind or "").lower()).strip("-")
        if suggestion and not suggestion[0].isalpha():
            suggestion = "kind-" + suggestion
        hint = f"e.g. scout init {suggestion[:MAX_LEN]}" if suggestion else \
            "e.g. scout init coworking-spaces"
        # quoted with its controls escaped: stripped on print, '\x1b[31mx' read as 'x'
        raise UsageError(f"{quoted(kind or '')} is not a valid kind name: use lowercase "
                         "letters and digits, words joined by '-', starting with a letter, "
                         f"at most {MAX_LEN} characters", hint=hint)
    return kind


@functools.cache
def scaffold_artifacts() -> frozenset[str]:
    """The artifacts the scaffolded pipeline's phases produce (``produces: [...]`` in
    files/pipeline.yaml): an --input of one of these names made a kind that does not
    validate."""
    text = (FILES / "pipeline.yaml").read_text(encoding="utf-8")
    return frozenset(name.strip() for m in re.finditer(r"produces:\s*\[([^\]]*)\]", text)
                     for name in m.group(1).split(",") if name.strip())


def parse_inputs(specs: list[str] | tuple[str, ...]) -> list[tuple[str, str]]:
    """``NAME:TYPE`` (TYPE defaults to string) of each ``--input``; the default when none."""
    out: list[tuple[str, str]] = []
    for spec in specs:
        name, _, kind = spec.strip().partition(":")
        name, kind = name.strip(), (kind.strip() or "string")
        if not NAME_RE.fullmatch(name):
            raise UsageError(f"--input {spec!r}: the name must be lowercase letters, digits "
                             "and '_', starting with a letter (e.g. --input city:place)")
        if name in task_own_names() or name == "lang":  # lang: the request's language
            raise UsageError(f"--input {spec!r}: '{name}' is taken (a field of the Task "
                             "itself)", hint="pick another name")
        if name in scaffold_artifacts():
            made = ", ".join(sorted(scaffold_artifacts()))
            raise UsageError(f"--input {spec!r}: '{name}' is taken: the kind's phases "
                             f"produce an artifact of that name ({made}), and an input may "
                             "not share it (SPEC020)", hint="pick another name")
        if kind not in TYPES:
            raise UsageError(f"--input {spec!r}: unknown type '{kind}' (one of "
                             f"{', '.join(TYPES)})",
                             hint=did_you_mean(kind, list(TYPES), what="types"))
        if any(n == name for n, _ in out):
            raise UsageError(f"--input {spec!r}: '{name}' is given twice")
        out.append((name, kind))
    return out or list(DEFAULT_INPUTS)


_DESCRIBED = {"money": "the most it may cost", "rating": "the lowest rating, 0-10 scale"}
#: the words of a money input's name that say it is what the thing may cost at most
_BUDGET_WORDS = frozenset({"budget", "max", "maximum", "price", "cost", "spend", "afford"})


def budget_input(inputs: list[tuple[str, str]]) -> str | None:
    """The money input that is the budget (the one the rank caps the price with): the one
    whose name says so (``budget``, ``max_price``), else the first; another money input
    (a declared value, a deposit) is an amount the request states, not a cap."""
    money = [n for n, k in inputs if k == "money"]
    named = [n for n in money if set(n.split("_")) & _BUDGET_WORDS]
    return next(iter(named or money), None)


#: the words a request names a trip's end with, in both languages ("de Madrid a Lisboa",
#: "from Madrid to Lisbon", "desde Sevilla hasta Oporto", "con destino a Roma"): without
#: them a route kind's origin and destination were two places told apart by order alone,
#: and "to Lisbon from Madrid" swapped them
ROUTE_ALIASES = {
    "from": ("from", "desde", "de", "leaving from", "departing from", "saliendo de",
             "salida desde", "con salida desde", "origin", "origen"),
    "to": ("to", "a", "hasta", "hacia", "going to", "bound for", "rumbo a",
           "con destino a", "destination", "destino"),
}
#: the words of a trip end's name that add words of their own: a car's pick-up and
#: drop-off, a flight's departure and arrival
_END_ALIASES = {
    "pickup": ("pick up in", "pick-up in", "pickup in", "recogida en", "recoger en"),
    "dropoff": ("drop off in", "drop-off in", "dropoff in", "devolución en", "entrega en"),
    "departure": ("departure", "salida"),
    "arrival": ("arriving in", "arrival", "llegada a", "llegada"),
}


def route_aliases(name: str) -> tuple[str, ...]:
    """The aliases of a place input that is a trip's end (its name says which:
    ``origin``, ``from_city``, ``destination``, ``dropoff``), empty for any other place."""
    words = set(name.split("_"))
    end = "from" if words & _FROM else "to" if words & _TO else None
    if end is None:
        return ()
    extra = [w for key, said in _END_ALIASES.items() if key in words for w in said]
    return tuple(dict.fromkeys(extra + list(ROUTE_ALIASES[end])))


def _inputs_yaml(inputs: list[tuple[str, str]], example: bool = False) -> str:
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


def _asked(inputs: list[tuple[str, str]]) -> str:
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


def _search_words(words: str, spanish: str | None, asked: str) -> str:
    """The main search's query: the kind's name and the values the request gave, in the
    request's language. Its Spanish name (``--es``) for a Spanish request; without one a
    Spanish request searches its own words (the English slug would find English pages:
    "carehomes in Zaragoza")."""
    if spanish:
        return f"{{{{ {spanish!r} if task.lang == 'es' else {words!r} }}}}{asked}"
    return f"{{% if task.lang == 'es' %}}{{{{ task.query }}}}{{% else %}}{words}{asked}{{% endif %}}"


def _question(words: str, spanish: str | None, asked: str,
              inputs: list[tuple[str, str]]) -> str:
    """The synthesis question, in the request's language (see :func:`_search_words`).
    A money input other than the budget (a declared value to insure) is said as its
    amount alone, in parentheses: no cap, and no English word in a Spanish question."""
    budget = budget_input(inputs)
    amounts = "".join(f"{{% if task.{n} %}} ({{{{ task.{n} }}}}){{% endif %}}"
                      for n, k in inputs if k == "money" and n != budget)
    cap = (f"{{% if task.{budget} %}} for at most {{{{ task.{budget} }}}}{{% endif %}}"
           if budget else "") + amounts
    cap_es = (f"{{% if task.{budget} %}} por {{{{ task.{budget} }}}} como máximo{{% endif %}}"
              if budget else "") + amounts
    english = f"Which {words}{asked} are best{cap}?"
    spanish_q = (f"¿Cuáles son los mejores {spanish}{asked}{cap_es}?" if spanish
                 else "¿Qué es lo mejor para «{{ task.query }}»?" + amounts)
    return f"{{% if task.lang == 'es' %}}{spanish_q}{{% else %}}{english}{{% endif %}}"


#: input types whose value is a bare number: a query or a title says what it counts
COUNTED = ("integer", "number")
#: the words of a place input's name that say which end of a trip it is
_FROM = frozenset({"from", "origin", "departure", "start", "pickup"})
_TO = frozenset({"to", "destination", "arrival", "dropoff", "end"})


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
    if words & _FROM:
        return "from"
    if words & _TO:
        return "to"
    others = [n for n in places if not set(n.split("_")) & (_FROM | _TO)]
    return "in" if others[:1] == [name] else ""


def _title(words: str, spanish: str | None, inputs: list[tuple[str, str]]) -> str:
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


def _criteria(inputs: list[tuple[str, str]]) -> dict[str, str]:
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


def plan_files(kind: str, root: Path) -> list[tuple[Path, str, str]]:
    """(path, template file, what) of every file ``init`` writes for ``kind``."""
    file = kind.replace("-", "_")
    out = [
        (root / "pipelines" / f"{file}.yaml", "pipeline.yaml", "the pipeline"),
        (root / "templates" / f"{file}_report.md.j2", "report.md.j2", "its report template"),
        (root / "pipelines" / "missions" / f"{kind}-example.yaml", "mission.yaml",
         "an example Mission"),
        (root / "tests" / f"test_{file}.py", "test_kind.py", "its offline test"),
    ]
    config = root / "config" / "adapters.yaml"
    if not config.exists():
        out.append((config, "adapters.yaml", "a keyless config"))
    return out


def _display_name(option: str, value: str | None, example: str) -> str | None:
    """A name the author gives the kind in words (``--name``, ``--es``), its spaces
    collapsed; None when not given. Words only: it is written into YAML strings, Jinja
    expressions and a .po entry, where a quote, a brace, '%' or '#' would break them."""
    value = " ".join((value or "").split()) or None
    if value is not None and (not value.isprintable()
                              or any(ch in value for ch in "{}%#\"'\\")):
        raise UsageError(f"{option} {value!r}: write the name as words, without quotes, "
                         "braces, '%' or '#'", hint=f"e.g. {option} {example}")
    return value


def kind_words(kind: str) -> str:
    """The words a slug says: its '-' are spaces (``driving-schools`` → "driving
    schools"); a slug written as one word (``drivingschools``) has no way to say where its
    words part, so the author gives them with ``--name``."""
    return kind.replace("-", " ")


def init_kind(kind: str, root: str | Path = ".", *, force: bool = False,
              inputs: list[str] | tuple[str, ...] = (), spanish: str | None = None,
              name: str | None = None) -> list[Written]:
    """Write the kind ``kind``; ``name``: its name in English words (a report's title, its
    searches, its description), else the slug's words; ``spanish``: its name in a Spanish
    report's title and, in the project's Spanish catalog, in a Spanish request."""
    kind = check_kind_name(kind)
    declared = parse_inputs(inputs)
    spanish = _display_name("--es", spanish, "congresos")
    name = _display_name("--name", name, '"car repair workshops"')
    root = Path(root)
    planned = plan_files(kind, root)
    existing = [p for p, _, _ in planned if p.exists()]
    if existing and not force:
        raise UsageError("not overwriting existing file(s): "
                         + ", ".join(str(p) for p in existing),
                         hint="pass --force to overwrite them, or pick another kind name")
    # what a person calls the kind: its title, its search and its catalog entry say it
    words = name or kind_words(kind)
    file = kind.replace("-", "_")
    places = any(k == "place" for _, k in declared)
    fills = {"__INPUTS__": _inputs_yaml(declared, example=not inputs),
             "__TITLE__": _title(words, spanish, declared),
             "__ASKED__": _asked(declared),
             "__SEARCH__": _search_words(words, spanish, _asked(declared)),
             "__QUESTION__": _question(words, spanish, _asked(declared), declared),
             "__ABOUT__": " in a place" if places else "",
             "__PLACE__": " in Lisbon" if places else "",
             **_criteria(declared)}
    shared = _shared_schemas(root)
    out = []
    for path, template, what in planned:
        text = (FILES / template).read_text(encoding="utf-8")
        for key, value in fills.items():
            text = text.replace(key, value)
        if shared is not None:  # the enclosing project's schemas, not copies of them
            where = Path(os.path.relpath(shared, path.parent.resolve())).as_posix()
            text = _SCHEMA_LINE.sub(lambda m: f"$schema={where}/", text)
        text = text.replace("__KIND__", kind).replace("__FILE__", file).replace("__WORDS__", words)
        make_dirs(path.parent)
        write_atomic(path, text)
        out.append(Written(path, what))
    if spanish is not None:
        written = _name_in_catalog(root, words, spanish)
        if written is not None:
            out.append(written)
        written = _labels_in_catalog(root, declared)
        if written is not None:
            out.append(written)
    return out + (_schemas(root) if shared is None else [])


#: the ``$schema=../schemas/`` the scaffold's files start with (``../../`` a Mission's)
_SCHEMA_LINE = re.compile(r"\$schema=(?:\.\./)+schemas/")


def _shared_schemas(root: Path) -> Path | None:
    """The ``schemas/`` of a project ``root`` sits inside (scout's own repository, whose
    ``examples/<kind>/`` name ``../../../schemas``), when ``root`` has none of its own:
    the written files name it, and no copies are written beside them (stale copies in a
    repository that keeps one set, ``scout schema --check``'s)."""
    here = root.resolve()
    if (here / "schemas" / "pipeline.schema.json").is_file():
        return None
    return next((parent / "schemas" for parent in here.parents
                 if (parent / "schemas" / "pipeline.schema.json").is_file()), None)


def _schemas(root: Path) -> list[Written]:
    """The JSON Schemas the written files' first line names (``$schema=../schemas/…``),
    when the project has none: else an editor finds nothing there. Kept when present
    (``scout schema`` rewrites them)."""
    from scout.validate.jsonschema import SCHEMA_FILES, render

    out = []
    for name, make in SCHEMA_FILES.items():
        path = root / "schemas" / name
        if not path.exists():
            make_dirs(path.parent)
            write_atomic(path, render(make()))
            out.append(Written(path, "for editors' completion (scout schema)"))
    return out


_CATALOG_HEAD = """# Spanish words of this project's kinds (msgid = the English text). scout reads this
# file beside templates/ and merges it over its own catalog (docs/authoring.md, "A kind's
# own words"); a kind's name here is how a Spanish request names the kind.
msgid ""
msgstr ""
"Project-Id-Version: __PROJECT__\\n"
"PO-Revision-Date: __DATE__\\n"
"Last-Translator: \\n"
"Language-Team: Spanish\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Language: es\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"""


def _labels_in_catalog(root: Path, inputs: list[tuple[str, str]]) -> Written | None:
    """The Spanish labels init knows of the inputs scout's own catalog does not name
    (scout.scaffold.labels), added to the project's Spanish catalog, never over an entry
    of it; None when there is nothing to add."""
    from scout.i18n import catalog_path
    from scout.scaffold.labels import label_entries

    path = catalog_path(root / "locales", "es")
    text = path.read_text(encoding="utf-8")
    entries = label_entries([n for n, _ in inputs], text)
    if not entries:
        return None
    write_atomic(path, text.rstrip("\n") + "\n" + "".join(e for _, e in entries))
    return Written(path, "the Spanish labels of " + ", ".join(n for n, _ in entries))


def _name_in_catalog(root: Path, words: str, spanish: str) -> Written | None:
    """The kind's Spanish name (``--es``) as the translation of its words in the project's
    Spanish catalog, so the request parser knows a Spanish request that names the kind
    ("salas de escape en Madrid" for escape-rooms): it claims the name, which is then no
    subject and no place. Added to a catalog the project has, never over an entry of it
    (the author's own translation stays); None when the entry is there already."""
    from scout.i18n import catalog_path

    path = catalog_path(root / "locales", "es")
    # a new catalog's header has every field `msgfmt -c` asks for, so checking the
    # project's catalogs (as scout's own are checked) starts with no warning
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M+0000")
    text = path.read_text(encoding="utf-8") if path.exists() else _CATALOG_HEAD.replace(
        "__PROJECT__", (root.resolve().name or "scout kinds").replace('"', "")).replace(
        "__DATE__", stamp)
    if re.search(r'^msgid "' + re.escape(words) + r'"$', text, re.M):
        return None
    entry = f'\nmsgid "{words}"\nmsgstr "{spanish}"\n'
    make_dirs(path.parent)
    write_atomic(path, text.rstrip("\n") + "\n" + entry)
    return Written(path, "the kind's Spanish name, for Spanish requests")
