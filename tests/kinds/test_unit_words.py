"""A unit word after a number in every example kind's messages ("1 months", "1 meses"):
a ``_()`` message is one form for any number, so a word written after its ``%(n)s`` is
plural even at one, and a Spanish msgstr that adds its own word ("desde los %(n)s meses")
does so in the Spanish report alone. The number takes the ``unit`` filter instead
(docs/authoring.md, "Making a kind bilingual"), which writes the reader's word in the
number's form, or the message is an ``ngettext``.

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
    bad = []
    for m in _MESSAGE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        msgid = m.group(3).replace("\\'", "'").replace('\\"', '"')
        for said in (msgid, spanish.get(msgid, "")):
            if _unit_after_a_number(said):
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
    ("cleaning", "cleaning_report.md.j2", "%(rate)s an hour × %(hours)s × %(n)s visits a month",
     {"cur": "EUR", "v": _t(hourly=20, visit_hours=3, min_hours=2, hours_asked=None,
                            visits_month=4)},
     "20 EUR an hour × 3 hours × 4 visits a month", "20 € la hora × 3 horas × 4 visitas al mes"),
    ("cleaning", "cleaning_report.md.j2", "%(rate)s an hour × %(hours)s × %(n)s visits a month",
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
]


@pytest.mark.parametrize("kind,needle,name,lang,text,task,said", REASON_CASES,
                         ids=[f"{c[0]}:{c[3]}:{i}" for i, c in enumerate(REASON_CASES)])
def test_a_reason_says_its_unit_in_the_number_it_has(kind: str, needle: str, name: str,
                                                     lang: str, text: str, task: Any,
                                                     said: str) -> None:
    assert _reason(kind, needle, name, text, lang, task).strip() == said


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
