"""A unit word after a number in every example kind's messages ("1 months", "1 meses"):
a ``_()`` message is one form for any number, so a word written after its ``%(n)s`` is
plural even at one, and a Spanish msgstr that adds its own word ("desde los %(n)s meses")
does so in the Spanish report alone. The number takes the ``unit`` filter instead
(docs/authoring.md, "Making a kind bilingual"), which writes the reader's word in the
number's form, or the message is an ``ngettext``. A counted noun is held to it too
("%(n)s bedrooms", "%(n)s visitas al mes", "for %(num)d GPUs" read "1 bedrooms"): a plural
noun right after a placeholder that holds a number (not a word the call passes, ``_()``'d
or an enum input's, nor a quantity the ``unit`` filter already named) takes ``ngettext``.

The rule is checked on every pipeline and template under examples/, with each message's
Spanish msgstr from the kind's own catalog, so a kind written later is held to it too; the
messages it found are rendered at 1 and at more than 1, in both languages."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SOURCES = sorted([*EXAMPLES.glob("*/pipelines/*.yaml"), *EXAMPLES.glob("*/templates/*.j2")])

_UNITS = ("years?|months?|days?|hours?|nights?|weeks?|minutes?"
          "|años?|mes|meses|días?|horas?|noches?|semanas?|minutos?")
# a placeholder and the unit word right after it: "%(n)s nights", "%(num)d meses"
_UNIT_AFTER = re.compile(r"%\(\w+\)[sdif]\s+(?:" + _UNITS + r")\b", re.IGNORECASE)
# the top of a range ("de %(youngest)d a %(oldest)d años", "aged 4 and 6"): the word is
# the whole range's, plural in both languages
_RANGE_BEFORE = re.compile(r"%\(\w+\)[sdif]\s*(?:a|y|to|and|-|–)\s*$", re.IGNORECASE)


def _unit_after_a_number(said: str) -> bool:
    return any(not _RANGE_BEFORE.search(said[:m.start()]) for m in _UNIT_AFTER.finditer(said))


# --- counted nouns: "%(n)s visits a month", "%(n)s bedrooms", "%(num)d GPUs" -----------
# a word right after a placeholder that is a plural noun: English or Spanish "-s" (not
# "-ss", "-us", "-is": "class", "bus", "análisis"), and English's plurals without one;
# not a word no noun is ("as", "plus", "más", "las") nor a unit's symbol, which has no
# vowel ("Mbps", "kWh") and one form at any number
_WORD_AFTER = re.compile(r"%\((\w+)\)[sdif]\s+([^\W\d_]+)")
_IRREGULAR = {"people", "children", "men", "women", "feet", "teeth", "mice", "geese"}
_NO_NOUN = {"as", "is", "was", "has", "does", "its", "this", "thus", "plus", "minus", "less",
            "unless", "always", "across", "yes", "us", "his", "hers", "whereas", "perhaps",
            "besides", "towards", "afterwards", "los", "las", "les", "sus", "mis", "tus", "nos",
            "más", "mas", "menos", "tras", "pues", "es", "unos", "unas", "antes", "después",
            "apenas", "además", "mientras", "entonces", "gratis", "lunes", "martes",
            "miércoles", "jueves", "viernes", "crisis", "tesis", "análisis", "país", "mes",
            "inglés", "francés", "portugués", "japonés"}
_VOWEL = re.compile(r"[aeiouáéíóúü]", re.IGNORECASE)


def _plural_noun(word: str) -> bool:
    w = word.lower()
    if w in _IRREGULAR or re.fullmatch(r"[A-Z]{2,}s", word):  # "GPUs", "PCs"
        return True
    return (w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 2
            and w not in _NO_NOUN and bool(_VOWEL.search(w)))


def _counted_noun_after_a_number(said: str, numeric: Any = None) -> bool:
    """A plural noun right after a placeholder that holds a number (``numeric(name)``
    says which do; all of them without it), not the top of a range."""
    return any(_plural_noun(m.group(2)) and not _RANGE_BEFORE.search(said[:m.start()])
               and (numeric is None or numeric(m.group(1)))
               for m in _WORD_AFTER.finditer(said))


def _call_args(text: str, start: int) -> dict[str, str]:
    """The named arguments of the call whose text goes on at ``start`` (after its
    msgid), each as its source: ``{'n': 'task.bedrooms', 'level': '_(task.level)'}``
    (strings read whole, so a comma or a bracket in one is no separator)."""
    args, depth, quote, part, i = [], 1, "", "", start
    while i < len(text) and depth:
        ch = text[i]
        if quote:
            quote = "" if ch == quote and text[i - 1] != "\\" else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if depth == 1 and not quote and ch == ",":
            args.append(part)
            part = ""
        elif depth:
            part += ch
        i += 1
    args.append(part)
    named = (re.match(r"\s*(\w+)\s*=(?!=)\s*(.*)", a, re.DOTALL) for a in args)
    return {m.group(1): m.group(2).strip() for m in named if m}


def _numeric_inputs(kind: Path) -> set[str] | None:
    from scout.spec.loader import load_pipeline

    paths = sorted((kind / "pipelines").glob("*.yaml"))
    if not paths:
        return None
    inputs = load_pipeline(paths[0]).model.inputs
    return {n for n, spec in inputs.items() if getattr(spec, "type", "") in ("integer", "number")}


#: an argument that writes a word, not a number: a translation, the kind's word, a
#: quantity the unit filter already gave its noun ("1 mes"), an amount of money
_A_WORD = re.compile(r"(?<![\w.])(?:_|gettext|pgettext)\(|\|\s*(?:l10n|unit|money|value|"
                     r"replace|upper|lower|title|capitalize)\b")


def _holds_a_number(expr: str, numeric: set[str] | None) -> bool:
    if not expr or _A_WORD.search(expr):
        return not expr  # an argument not found: the placeholder read as a number
    bare = re.fullmatch(r"\(?\s*task\.(\w+)\s*\)?(?:\s*or\s*\S+)?", expr)
    return not (bare and numeric is not None and bare.group(1) not in numeric)
# a one-form message: _('…'), gettext("…"), pgettext("context", "…"); never ngettext,
# whose forms follow the number
_MESSAGE = re.compile(r"(?<![\w.])(?:_|gettext|pgettext)\(\s*(?:(['\"])(?:(?!\1).)*\1\s*,\s*)?"
                      r"(['\"])((?:(?!\2).)*)\2")


def _kind(path: Path) -> Path:
    return path.parents[1]


def _spanish(kind: Path) -> dict[str, str]:
    po = kind / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    if not po.is_file():
        return {}
    with po.open("rb") as f:
        catalog = read_po(f)
    return {m.id: m.string for m in catalog
            if isinstance(m.id, str) and isinstance(m.string, str) and m.string}


def unit_words_after_numbers(path: Path) -> list[str]:
    """Each one-form message in ``path`` (or its Spanish msgstr) with a unit word right
    after a placeholder."""
    text = path.read_text(encoding="utf-8")
    spanish = _spanish(_kind(path))
    numeric = _numeric_inputs(_kind(path))
    bad = []
    for m in _MESSAGE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        msgid = m.group(3).replace("\\'", "'").replace('\\"', '"')
        args = _call_args(text, m.end())
        for said in (msgid, spanish.get(msgid, "")):
            if _unit_after_a_number(said) or _counted_noun_after_a_number(
                    said, lambda name: _holds_a_number(args.get(name, ""), numeric)):
                bad.append(f"line {line}: {said!r}")
    return bad


def test_sources_are_found() -> None:
    assert len(SOURCES) > 100  # the globs reach the kinds (a moved folder would pass)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: f"{_kind(p).name}/{p.name}")
def test_no_unit_word_is_written_after_a_number(path: Path) -> None:
    bad = unit_words_after_numbers(path)
    assert not bad, ("a unit word after a number reads '1 months' / '1 meses': write the "
                     "number with | unit('months') or use ngettext\n" + "\n".join(bad))


@pytest.mark.parametrize("msg,word", [
    ("_('%(n)s nights, not the nights asked', n=x)", "nights"),
    ('{{ _("over %(num)d months", num=n) }}', "months"),
    ("{{ pgettext('cell', '%(h)s horas') }}", "horas"),
])
def test_the_rule_catches_the_old_way(tmp_path: Path, msg: str, word: str) -> None:
    """It can fail: on what the kinds wrote before, in a pipeline or a template."""
    bad = tmp_path / "k" / "templates" / "k_report.md.j2"
    bad.parent.mkdir(parents=True)
    bad.write_text(msg + "\n" + '{{ ngettext("%(num)d month", "%(num)d months", n) }}\n')
    found = unit_words_after_numbers(bad)
    assert len(found) == 1 and word in found[0], found


def test_the_rule_reads_a_spanish_msgstr(tmp_path: Path) -> None:
    """An English msgid with no word can still get one in Spanish ("desde los %(n)s meses")."""
    kind = tmp_path / "k"
    (kind / "templates").mkdir(parents=True)
    (kind / "locales" / "es" / "LC_MESSAGES").mkdir(parents=True)
    (kind / "templates" / "k.md.j2").write_text("{{ _('from %(n)s', n=x) }}\n")
    (kind / "locales" / "es" / "LC_MESSAGES" / "messages.po").write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "from %(n)s"\nmsgstr "desde los %(n)s meses"\n', encoding="utf-8")
    assert unit_words_after_numbers(kind / "templates" / "k.md.j2")


# --- the messages the rule found, rendered -------------------------------------------

def _call_source(text: str, msgid: str) -> str:
    """The ``_(…)`` call whose msgid is ``msgid``, as the template writes it (strings
    read whole, so a bracket inside one does not end the call)."""
    start = next(text.index(call + f'("{msgid}"') for call in ("_", "ngettext")
                 if call + f'("{msgid}"' in text)
    depth, i, quote = 0, text.index("(", start), ""
    while True:
        ch = text[i]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
        i += 1


def _render_message(kind: str, template: str, msgid: str, lang: str, **values: Any) -> str:
    from scout.report.render import make_report_env

    folder = EXAMPLES / kind / "templates"
    call = _call_source((folder / template).read_text(encoding="utf-8"), msgid)
    env = make_report_env(folder, lang)
    return env.from_string("{{ " + call + " }}").render(**values).strip()


def _t(**kw: Any) -> SimpleNamespace:
    return SimpleNamespace(**kw)


TEMPLATE_CASES = [
    ("hosting", "hosting_report.md.j2", "over the %(months)s asked", {"t": _t(months=1)},
     "over the 1 month asked", "en los 1 mes pedidos"),
    ("hosting", "hosting_report.md.j2", "over the first %(months)s", {"t": _t(months=24)},
     "over the first 24 months", "en los primeros 24 meses"),
    ("hosting", "hosting_report.md.j2", " (billed %(block)s at a time: %(upfront)s paid up front)",
     {"t": _t(billed=1, upfront=None)}, "(billed 1 month at a time", "(se factura por 1 mes:"),
    ("hosting", "hosting_report.md.j2", " (billed %(block)s at a time: %(upfront)s paid up front)",
     {"t": _t(billed=12, upfront=None)}, "(billed 12 months at a time", "(se factura por 12 meses:"),
    ("broadband", "broadband_report.md.j2", "over the first %(months)s (no contract)",
     {"t": _t(months=1)}, "over the first 1 month (no contract)",
     "en los primeros 1 mes (sin permanencia)"),
    ("broadband", "broadband_report.md.j2", "over the first %(months)s (no contract stated)",
     {"t": _t(months=2)}, "over the first 2 months (no contract stated)",
     "en los primeros 2 meses (no indica permanencia)"),
    ("cleaning", "cleaning_report.md.j2", "billed for its minimum of %(hours)s",
     {"v": _t(min_hours=1)}, "billed for its minimum of 1 hour", "cobrado por su mínimo de 1 hora"),
    ("cleaning", "cleaning_report.md.j2", "billed for its minimum of %(hours)s",
     {"v": _t(min_hours=2.5)}, "billed for its minimum of 2.5 hours",
     "cobrado por su mínimo de 2,5 horas"),
    ("cleaning", "cleaning_report.md.j2", "%(rate)s an hour × %(hours)s",
     {"c": _t(price=_t(amount=20, currency="EUR")), "v": _t(hours_asked=1)},
     "20 EUR an hour × 1 hour", "20 € la hora × 1 hora"),
    ("cleaning", "cleaning_report.md.j2", "%(rate)s an hour × %(hours)s × %(n)s visit a month",
     {"cur": "EUR", "v": _t(hourly=20, visit_hours=3, min_hours=2, hours_asked=None,
                            visits_month=4)},
     "20 EUR an hour × 3 hours × 4 visits a month", "20 € la hora × 3 horas × 4 visitas al mes"),
    ("cleaning", "cleaning_report.md.j2", "%(rate)s an hour × %(hours)s × %(n)s visit a month",
     {"cur": "EUR", "v": _t(hourly=20, visit_hours=1, min_hours=None, hours_asked=None,
                            visits_month=4)},
     "20 EUR an hour × 1 hour × 4", "20 € la hora × 1 hora × 4"),
    ("broadband", "broadband_report.md.j2", "over the %(num)d-month contract", {"t": _t(months=1)},
     "over the 1-month contract", "en el 1 mes de permanencia"),
    ("broadband", "broadband_report.md.j2", "over the %(num)d-month contract", {"t": _t(months=18)},
     "over the 18-month contract", "en los 18 meses de permanencia"),
    ("skipasses", "skipasses_report.md.j2", "%(price)s up to %(top)s of age, then adult price",
     {"child": 20, "child_top": 1, "c": _t(price=_t(currency="EUR"))},
     "20 EUR up to 1 year of age, then adult price", "20 € hasta 1 año de edad; después"),
    ("skipasses", "skipasses_report.md.j2", "%(price)s up to %(top)s of age, then adult price",
     {"child": 20, "child_top": 11, "c": _t(price=_t(currency="EUR"))},
     "20 EUR up to 11 years of age", "20 € hasta 11 años de edad"),
    ("tutors", "tutors_report.md.j2", "for a student of %(age)s", {"task": _t(age=1)},
     "for a student of 1 year", "para un alumno de 1 año"),
    ("tutors", "tutors_report.md.j2", "for a student of %(age)s", {"task": _t(age=16)},
     "for a student of 16 years", "para un alumno de 16 años"),
    # counted nouns: one form per number (ngettext), in either language
    ("cleaning", "cleaning_report.md.j2", "the fixed price for %(n)s bedroom",
     {"task": _t(bedrooms=1)}, "the fixed price for 1 bedroom", "el precio fijo para 1 habitación"),
    ("cleaning", "cleaning_report.md.j2", "the fixed price for %(n)s bedroom",
     {"task": _t(bedrooms=3)}, "the fixed price for 3 bedrooms",
     "el precio fijo para 3 habitaciones"),
    ("cleaning", "cleaning_report.md.j2", "%(n)s visit a month", {"v": _t(visits_month=1.0)},
     "1 visit a month", "1 visita al mes"),
    ("cleaning", "cleaning_report.md.j2", "%(n)s visit a month", {"v": _t(visits_month=4.33)},
     "4.3 visits a month", "4,3 visitas al mes"),
    ("solar", "solar_report.md.j2", "%(panels)s panel × %(watts)s W asked",
     {"task": _t(panels=1, panel_watts=450)}, "1 panel × 450 W asked", "1 panel × 450 W pedidos"),
    ("solar", "solar_report.md.j2", "%(panels)s panel × %(watts)s W asked",
     {"task": _t(panels=12, panel_watts=450)}, "12 panels × 450 W", "12 paneles × 450 W pedidos"),
    ("papers", "papers_report.md.j2", "cited at least %(num)s time",
     {"task": _t(min_citations=1)}, "cited at least 1 time", "citados al menos 1 vez"),
    ("papers", "papers_report.md.j2", "cited at least %(num)s time",
     {"task": _t(min_citations=50)}, "cited at least 50 times", "citados al menos 50 veces"),
    ("datasets", "datasets_report.md.j2", "at least %(num)s row", {"task": _t(min_rows=1)},
     "at least 1 row", "al menos 1 fila"),
    ("books", "books_report.md.j2", "at most %(pages)s page", {"task": _t(max_pages=300)},
     "at most 300 pages", "de como mucho 300 páginas"),
    ("gpucloud", "gpucloud_report.md.j2", "%(price)s for %(num)d GPU",
     {"p": _t(amount=2.5, currency="USD"), "per_box": 1}, "for 1 GPU", "por 1 GPU"),
    ("gpucloud", "gpucloud_report.md.j2", "%(price)s for %(num)d GPU",
     {"p": _t(amount=20, currency="USD"), "per_box": 8}, "for 8 GPUs", "por 8 GPU"),
]


@pytest.mark.parametrize("kind,template,msgid,values,en,es", TEMPLATE_CASES,
                         ids=[f"{c[0]}:{c[2][:24]}:{i}" for i, c in enumerate(TEMPLATE_CASES)])
def test_a_template_says_its_unit_in_the_number_it_has(kind: str, template: str, msgid: str,
                                                       values: dict, en: str, es: str) -> None:
    assert en in _render_message(kind, template, msgid, "en", **values)
    assert es in _render_message(kind, template, msgid, "es", **values)


def _reason(kind: str, needle: str, name: str, text: str, lang: str, task: Any = None) -> str:
    """The rank reason of ``kind`` whose text holds ``needle``, said of a candidate
    (``name`` in the reason) whose page reads ``text``."""
    from scout.schemas.records import Candidate, Evidence
    from scout.spec.loader import load_pipeline
    from scout.stepkit.params import RankParams
    from scout.steps.rank import CandidateView
    from scout.steps.rank_reasons import reason_templates

    project = EXAMPLES / kind
    model = load_pipeline(next((project / "pipelines").glob("*.yaml"))).model
    rank = next(p for p in model.phases.values() if p.uses == "rank")
    params = RankParams.model_validate(rank.with_)
    i = next(i for i, r in enumerate(params.reasons) if needle in r)
    candidate = Candidate(key="c", name="C", evidence=[Evidence(
        id="e1", kind="page", text=text, url="https://example.test/c", adapter="t",
        phase="P1")])
    return reason_templates(params, lang, project)[i].render(
        **{name: CandidateView(candidate)}, task=task)


REASON_CASES = [
    ("jobs", "asks %(years)s of experience", "job", "en", "Requires 1 year of experience.",
     _t(max_experience=0), "asks 1 year of experience, more than 0 years"),
    ("jobs", "asks %(years)s of experience", "job", "es", "Se pide 1 año de experiencia.",
     _t(max_experience=0), "pide 1 año de experiencia, más de 0 años"),
    ("jobs", "asks %(years)s of experience", "job", "es", "Experiencia: 4 años.",
     _t(max_experience=1), "pide 4 años de experiencia, más de 1 año"),
    ("cruises", "not the nights asked", "c", "en", "A 1 night sailing from Miami.", None,
     "1 night, not the nights asked"),
    ("cruises", "not the nights asked", "c", "es", "Minicrucero de 1 noche.", None,
     "1 noche, no las pedidas"),
    ("cruises", "not the nights asked", "c", "es", "Crucero de 7 noches por el Egeo.", None,
     "7 noches, no las pedidas"),
    ("childcare", "takes children from %(months)s", "nursery", "en",
     "We welcome babies from 1 month old.", None, "takes children from 1 month"),
    ("childcare", "takes children from %(months)s", "nursery", "es",
     "Admitimos bebés desde 1 mes.", None, "admite niños desde 1 mes"),
    ("childcare", "takes children from %(months)s", "nursery", "es",
     "Aceptamos niños a partir de 4 meses.", None, "admite niños desde 4 meses"),
    ("childcare", "takes children up to %(years)s", "nursery", "es",
     "Niños de hasta 1 año.", None, "solo hasta 1 año de edad"),
    ("childcare", "takes children up to %(years)s", "nursery", "en",
     "For children up to 3 years.", None, "takes children up to 3 years of age"),
    ("energy", "a minimum term of", "tariff", "es", "Permanencia: 1 mes.", None,
     "permanencia de 1 mes"),
    ("energy", "a minimum term of", "tariff", "en", "Contract: 12 months.", None,
     "a minimum term of 12 months"),
    ("phoneplans", "a minimum term of", "plan", "es", "Permanencia de 1 mes.", None,
     "permanencia de 1 mes"),
    ("phoneplans", "a minimum term of", "plan", "es", "Contrato de 24 meses.", None,
     "permanencia de 24 meses"),
    ("solar", "a warranty of", "inst", "es", "Garantía de 1 año en la instalación.", None,
     "garantía de 1 año"),
    ("solar", "a warranty of", "inst", "es", "Garantía: 10 años.", None, "garantía de 10 años"),
    ("camps", "takes children from", "camp", "es", "Para niños a partir de 1 año.", None,
     "admite niños a partir de 1 año de edad"),
    ("camps", "takes children up to", "camp", "en", "For kids up to 12 years.", None,
     "takes children up to 12 years of age"),
    ("schools", "teaches children up to", "school", "es", "Alumnos hasta 1 año.", None,
     "solo hasta 1 año de edad"),
    ("schools", "teaches children up to", "school", "es", "Etapas hasta los 16 años.", None,
     "solo hasta 16 años de edad"),
    ("boats", "takes fewer than", "boat", "en", "A day boat.", _t(adults=1, children=0),
     "takes fewer than 1 person"),
    ("boats", "takes fewer than", "boat", "es", "Barco de día.", _t(adults=1, children=0),
     "admite menos de 1 persona"),
    ("boats", "takes fewer than", "boat", "es", "Barco de día.", _t(adults=2, children=3),
     "admite menos de 5 personas"),
]


@pytest.mark.parametrize("kind,needle,name,lang,text,task,said", REASON_CASES,
                         ids=[f"{c[0]}:{c[3]}:{i}" for i, c in enumerate(REASON_CASES)])
def test_a_reason_says_its_unit_in_the_number_it_has(kind: str, needle: str, name: str,
                                                     lang: str, text: str, task: Any,
                                                     said: str) -> None:
    assert _reason(kind, needle, name, text, lang, task).strip() == said


@pytest.mark.parametrize("said,bad", [
    ("%(n)s bedrooms", True),
    ("%(n)s visitas al mes", True),
    ("hasta %(num)s huéspedes", True),
    ("for %(num)d GPUs", True),
    ("for %(num)s children", True),
    ("%(n)s lecciones, %(price)s", True),
    ("de %(youngest)d a %(oldest)d alumnos", False),   # a range's top: plural in both
    ("%(num)s Mbps", False),                           # a symbol: one form
    ("no %(cls)s class", False),
    ("%(price)s plus VAT", False),
    ("%(name)s has", False),
    ("%(price)s más IVA", False),
])
def test_what_the_rule_reads_as_a_counted_noun(said: str, bad: bool) -> None:
    assert _counted_noun_after_a_number(said) is bad


@pytest.mark.parametrize("source,bad", [
    ("{{ _('not for %(level)s learners', level=_(task.level)) }}", False),  # a word
    ("{{ _('not %(n)s boats', n=task.boat_type) }}", False),      # an enum input's word
    ("{{ _('only %(n)s seats', n=task.adults) }}", True),          # an integer input
    ("{{ _('only %(n)s seats', n=c | stated('seats')) }}", True),
    ("{{ _('the %(m)s asked', m=task.adults | unit('months')) }}", False),  # its own noun
])
def test_a_placeholder_holding_a_word_is_no_count(tmp_path: Path, source: str, bad: bool) -> None:
    kind = tmp_path / "k"
    (kind / "templates").mkdir(parents=True)
    (kind / "pipelines").mkdir()
    # a kind's inputs say which placeholders hold a number (boats: adults, boat_type)
    (kind / "pipelines" / "k.yaml").write_text(
        (EXAMPLES / "boats" / "pipelines" / "boats.yaml").read_text(encoding="utf-8"),
        encoding="utf-8")
    (kind / "templates" / "k.md.j2").write_text(source + "\n", encoding="utf-8")
    assert bool(unit_words_after_numbers(kind / "templates" / "k.md.j2")) is bad


@pytest.mark.parametrize("said,bad", [
    ("de %(youngest)d a %(oldest)d años", False),
    ("aged %(youngest)d to %(oldest)d years", False),
    ("%(a)s-%(b)s days", False),
    ("%(price)s hasta los %(top)d años", True),
    ("%(n)s Noches", True),
    ("%(n)s-night cruise", False),   # an adjective: one form in English
    ("%(n)s nightly", False),
])
def test_what_the_rule_reads_as_a_unit_after_a_number(said: str, bad: bool) -> None:
    assert _unit_after_a_number(said) is bad
