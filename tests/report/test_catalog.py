"""Every msgid the templates and scout's Python code use has a Spanish translation.

The msgids are extracted the way a translator's tools do (Babel's extractor for Jinja and
for Python), so a new ``{{ _("...") }}``, ``{% trans %}`` block or ``N_("...")`` without a
Spanish msgstr fails here, naming the file and line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scout.i18n import translations
from scout.i18n.messages import localize
from scout.report.messages import main, missing, python_msgids, template_msgids, used_msgids

ROOT = Path(__file__).resolve().parents[2]


def test_templates_and_code_use_msgids() -> None:
    found = template_msgids(ROOT / "scout" / "report" / "builtin")
    assert ("Shortlist", None) in found and ("Sources", None) in found
    assert ("skipped", "cost column") in found  # pgettext keeps its context
    code = python_msgids(ROOT / "scout")
    assert ("price unknown", None) in code  # N_() in scout/steps/rank_enrich.py


def test_every_msgid_has_a_spanish_translation() -> None:
    gaps = missing("es")
    lines = [f"{w[0][0]}:{w[0][1]}: {m!r}" for (m, _), w in sorted(gaps.items())]
    assert not gaps, "untranslated msgids:\n" + "\n".join(lines)


def test_a_new_untranslated_string_is_caught(tmp_path: Path) -> None:
    (tmp_path / "templates").mkdir()
    (tmp_path / "scout").mkdir()
    (tmp_path / "templates" / "x.md.j2").write_text(
        '{{ _("Shortlist") }} {% trans n=1 %}A brand new sentence {{ n }}{% endtrans %}\n'
        '{% trans count=2 %}{{ count }} new thing{% pluralize %}{{ count }} new things'
        '{% endtrans %}\n')
    (tmp_path / "scout" / "m.py").write_text('from scout.i18n import N_\nX = N_("Never seen")\n')
    gaps = {m for m, _ in missing("es", root=tmp_path)}
    assert gaps == {"A brand new sentence %(n)s", "%(count)s new thing", "Never seen"}


def test_placeholders_survive_translation() -> None:
    """A msgstr keeps exactly the placeholders of its msgid (else rendering breaks); it may
    say one twice ("dividido entre {count}" after "{count} × 1 hora": Spanish words a
    division by the number, not by a pronoun whose gender the unit would decide)."""
    es = translations("es")
    for (msgid, context), _ in used_msgids().items():
        shown = es.pgettext(context, msgid) if context else es.gettext(msgid)
        for pattern in (r"%\(\w+\)s", r"\{\w+\}"):
            assert set(re.findall(pattern, shown)) == set(re.findall(pattern, msgid)), msgid


def test_check_command_exit_status(capsys) -> None:
    assert main(["--lang", "es"]) == 0
    assert capsys.readouterr().out == ""


def test_stored_english_is_localised_by_its_msgid() -> None:
    assert localize("price unknown", "es") == "precio desconocido"
    assert localize("price converted from USD (approximate)", "es") == \
        "precio convertido desde USD (aproximado)"
    # placeholders are localised in turn; unknown parts stay as written
    assert localize("perplexity skipped: PERPLEXITY_API_KEY not set", "es") == \
        "perplexity omitido: PERPLEXITY_API_KEY sin definir"
    assert localize("F1: tavily failed 2 times (unavailable, HTTP 500); duckduckgo answered instead",
                    "es") == ("F1: tavily: 2 fallos (no disponible, HTTP 500); respondió "
                              "duckduckgo en su lugar")
    assert localize("needs 'videos' from Y1, which is failed_terminal; needs input 'x', which "
                    "has no value", "es") == ("necesita 'videos' de Y1, que está fallida "
                                              "(definitiva); necesita la entrada 'x', que no "
                                              "tiene valor")
    assert localize("Connection refused by peer", "es") == "Connection refused by peer"
    assert localize("price unknown", "en") == "price unknown"
    assert localize("price unknown", "fr") == "price unknown"


def test_a_sentence_is_not_mistaken_for_a_short_msgid() -> None:
    """A provider's error in a phase's reason stays as written: "{start} to {end}" (a date
    range) or "{adapter} skipped: {reason}" must not match any sentence that contains
    " to " or " skipped: " (it made "Unable al download API page" in Spanish reports)."""
    provider = "Unable to download API page: <urlopen error [Errno 101] Network is unreachable>"
    reason = ("'unavailable' is not in retry.on: phase 'Y1': every adapter of chain 'video' "
              f"failed: yt_dlp: unavailable (yt_dlp: yt-dlp failed: {provider})")
    # scout's own words are Spanish; the provider's message stays exactly as it wrote it
    assert localize(reason, "es") == (
        "el fallo 'unavailable' no está en retry.on, así que no se reintenta: fase 'Y1': "
        "fallaron todos los proveedores de la cadena 'video': yt_dlp: no disponible "
        f"(yt_dlp: yt-dlp falló: {provider})")
    assert localize(provider, "es") == provider
    assert localize("Unable to download API page", "es") == "Unable to download API page"
    assert localize("the job was skipped: no room", "es") == "the job was skipped: no room"
    # labelled messages still are localised, their label one word
    assert localize("openai skipped: neither OPENAI_API_KEY nor SCOUTE_OPENAI_BASE_URL is set",
                    "es") == ("openai omitido: ni OPENAI_API_KEY ni SCOUTE_OPENAI_BASE_URL "
                              "están definidas")
    assert localize("min_rating: read '8.0' from 'good reviews'", "es").startswith(
        "valoración mínima: se ha leído")


def test_a_search_note_agrees_with_its_count() -> None:
    """"1 resultado(s) no traían reseña", "descartadas 1 página(s)": a search's notes are
    plural entries, in both languages."""
    assert localize("1 result did not carry a review of Casa Bonay", "es") == \
        "1 resultado no traía reseña de Casa Bonay"
    assert localize("3 results did not carry a price of Casa Bonay", "es") == \
        "3 resultados no traían precio de Casa Bonay"
    assert localize("1 result did not name Casa Bonay", "es") == \
        "1 resultado no mencionaba Casa Bonay"
    assert localize("4 results did not name Casa Bonay", "es") == \
        "4 resultados no mencionaban Casa Bonay"
    assert localize("dropped 1 list/aggregator page", "es") == \
        "descartada 1 página de listas o agregadores"
    assert localize("dropped 2 list/aggregator pages", "es") == \
        "descartadas 2 páginas de listas o agregadores"


def test_a_number_in_stored_english_is_written_the_readers_way() -> None:
    """"se reintenta en 0.50 s": Python wrote the number; the reader's language writes it."""
    assert localize("attempt 1 of 3 failed; retrying in 0.50s", "es") == \
        "falló el intento 1 de 3; se reintenta en 0,50 s"
    assert localize("attempt 1 of 3 failed; retrying in 12.5s", "en") == \
        "attempt 1 of 3 failed; retrying in 12.5s"
    # a whole number is left as written (a year, an id: never "2.019")
    assert "'2019'" in localize("needs input '2019', which has no value", "es")


def test_a_blocked_phases_reason_reads_as_words_in_spanish() -> None:
    """Each producer state has its own sentence ("que falló", "que se omitió"): no state
    name ("failed_terminal") reaches the reader, in either language."""
    said = {"which failed": "que falló", "which was skipped": "que se omitió",
            "which is blocked itself": "que también está bloqueada",
            "which will not succeed": "que no tendrá éxito",
            "which did not succeed": "que no tuvo éxito"}
    for english, spanish in said.items():
        assert localize(f"needs 'candidates' from F2, {english}", "es") == \
            f"necesita 'candidates' de F2, {spanish}"
    assert localize("needs 'a' from F1, which failed; needs 'b' from F2, which was skipped",
                    "es") == "necesita 'a' de F1, que falló; necesita 'b' de F2, que se omitió"


def test_artifact_and_input_names_are_not_translated() -> None:
    """What a phase needs is named as the pipeline names it: "necesita 'candidates'" and
    "necesita 'task'" alike (it read 'candidatos' but 'task', 'prices', 'pages': only the
    names that happened to be msgids were translated), and an input as --set names it."""
    for need in ("candidates", "task", "prices", "shortlist", "reviews"):
        assert localize(f"needs '{need}' from F1, which is failed_terminal", "es") == \
            f"necesita '{need}' de F1, que está fallida (definitiva)"
    assert localize("needs input 'destination', which has no value", "es") == \
        "necesita la entrada 'destination', que no tiene valor"


def test_adapter_and_phase_names_are_not_translated() -> None:
    assert localize("F3: page failed 6 times (unavailable)", "es") == \
        "F3: page: 6 fallos (no disponible)"
    assert localize("page skipped: not in the recording", "es").startswith("page omitido")


def test_a_phase_that_gave_up_says_why_in_spanish() -> None:
    """Every reason a phase gives up with, and the chain's summary of its links, are scout's
    words: none stays English in a Spanish report (the provider's own text excepted)."""
    links = ("tavily: auth_error (tavily: HTTP 401 (credential refused or out of quota): "
             "Unauthorized: invalid API key REDACTED); duckduckgo: unavailable (duckduckgo: "
             "HTTP 500 (server error)); brave: rate_limited (brave: HTTP 429 (rate limited))")
    reason = f"'unavailable' is not in retry.on: phase 'F1': every adapter of chain 'web' failed: {links}"
    assert localize(reason, "es") == (
        "el fallo 'unavailable' no está en retry.on, así que no se reintenta: fase 'F1': "
        "fallaron todos los proveedores de la cadena 'web': tavily: error de autenticación "
        "(tavily: HTTP 401 (credencial rechazada o sin cuota): Unauthorized: invalid API key "
        "REDACTED); duckduckgo: no disponible (duckduckgo: HTTP 500 (error del servidor)); "
        "brave: limitado por exceso de peticiones (brave: HTTP 429 (límite de peticiones "
        "superado))")
    assert localize("'unavailable' is not in retry.on", "es") == \
        "el fallo 'unavailable' no está en retry.on, así que no se reintenta"
    # the chain's name is a name from config/adapters.yaml: never translated
    assert localize("phase 'P3': every adapter of chain 'synthesis' failed: x: unavailable "
                    "(x: HTTP 500 (server error): injected 500)", "es") == (
        "fase 'P3': fallaron todos los proveedores de la cadena 'synthesis': x: no disponible "
        "(x: HTTP 500 (error del servidor): injected 500)")
    assert localize("videos: unavailable (videos: YouTube answered HTTP 500 (server error))",
                    "es") == ("videos: no disponible (videos: YouTube respondió HTTP 500 (error "
                              "del servidor))")
    assert localize("page: unavailable (page: cannot resolve host 'docs.test')", "es") == \
        "page: no disponible (page: no se puede resolver el host 'docs.test')"
    # a provider's sentence shaped like "word: words (words)" is left as written
    assert localize("Error: the quota was exceeded (see docs)", "es") == \
        "Error: the quota was exceeded (see docs)"


def test_localising_hostile_text_stays_fast() -> None:
    """Reasons can carry provider text: matching is linear, however the text is built."""
    import time

    hostile = [": " * 1500 + " failed " * 300 + "x (" * 300,
               "a: b failed 3 times (" + "); " * 1000 + " answered instead",
               "; ".join(["x skipped: y not set"] * 150)]
    localize("warm up", "es")  # loading the catalog (~0.2 s) is not what is timed
    t0 = time.process_time()
    for text in hostile:
        localize(text, "es")
    # ~0.1 s of CPU alone (CPU time: xdist's workers sharing the cores do not stretch
    # it); a backtracking pattern takes minutes on these
    assert time.process_time() - t0 < 5.0
    assert localize("x" * 5000, "es") == "x" * 5000


def _hints(marked: list[str] | None = None) -> list[tuple[str, object]]:
    """Every ``hint=`` a step, a provider or an adapter raises: (file:line, the hint as
    written: a string, an ``N_(...)`` call's msgid, an f-string, or None for a name);
    ``marked`` gets the file:line of each written ``N_(...)``."""
    import ast

    out: list[tuple[str, object]] = []
    for folder in ("adapters", "providers", "steps"):
        for path in sorted((ROOT / "scout" / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            # a hint kept in a name first (``hint = f"..."``, ``_HINT = "..."``) is read
            # where the name is given its value: the guard must not miss it
            named = {n.targets[0].id: n.value for n in ast.walk(tree)
                     if isinstance(n, ast.Assign) and len(n.targets) == 1
                     and isinstance(n.targets[0], ast.Name)}
            for node in ast.walk(tree):
                if not (isinstance(node, ast.keyword) and node.arg == "hint"):
                    continue
                v: object = node.value
                if isinstance(v, ast.Name) and v.id in named:
                    v = named[v.id]
                if isinstance(v, ast.IfExp):
                    v = v.body  # ``N_(...) if allowable else None``: the hint is the body
                where = f"{path.relative_to(ROOT)}:{getattr(v, 'lineno', node.value.lineno)}"
                if isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) \
                        and v.func.attr == "format":
                    v = v.func.value  # N_("...{x}...").format(x=...)
                if isinstance(v, ast.Call) and getattr(v.func, "id", None) == "N_":
                    v = v.args[0]
                    if marked is not None:
                        marked.append(where)
                if isinstance(v, ast.Constant) and isinstance(v.value, str):
                    out.append((where, v.value))
                elif isinstance(v, ast.JoinedStr):
                    out.append((where, v))
    return out


def test_every_hint_a_failed_phase_shows_is_in_the_readers_language() -> None:
    """"Qué puedes hacer: check the key named in config/adapters.yaml" on a Spanish
    stopped page: a hint is what the reader does next, so each is a msgid with its
    Spanish, and one with values is ``N_("set {var} ...").format(var=...)``, never an
    f-string the catalog cannot match."""
    from scout.i18n import _catalog

    es = _catalog("es")
    fstrings = [w for w, h in _hints() if not isinstance(h, str)]
    assert not fstrings, "write these hints as N_(...).format(...): " + ", ".join(fstrings)
    untranslated = [f"{w}: {h!r}" for w, h in _hints()
                    if es.get(h) is None or not es.get(h).string]
    assert not untranslated, "hints without Spanish:\n" + "\n".join(untranslated)
    # written N_(...), so that Babel's extractor (scout.report.messages) sees each one: a
    # plain string's msgid is found by nobody when its wording changes
    marked: list[str] = []
    plain = [f"{w}: {h!r}" for w, h in _hints(marked) if w not in marked]
    assert len(marked) > 40 and not plain, "write these hints as N_(...):\n" + "\n".join(plain)
    # a hint with values is localised as a whole, its values as written
    assert localize("set TAVILY_API_KEY (or the variable named in config)", "es") == \
        "define TAVILY_API_KEY (o la variable que indique la configuración)"


def test_a_hint_kept_in_a_name_reads_in_spanish_with_its_values() -> None:
    """The SSRF guard's, SMTP's and SearxNG's hints were f-strings kept in a name first:
    the guard above missed them and a Spanish stopped page showed them in English."""
    from scout.adapters.searxng import classify_error
    from scout.adapters.ssrf import SsrfGuard

    import httpx

    blocked = SsrfGuard(adapter="page")._refuse(httpx.URL("http://10.0.0.1/"), "private")
    assert localize(blocked.hint, "es") == ("si este host debe ser accesible, añádelo a "
                                            "adapters.page.allow_hosts en config/adapters.yaml")
    refused = classify_error(httpx.Response(403))
    assert refused is not None and localize(refused.hint, "es").startswith("un 403 de SearxNG")


@pytest.mark.parametrize("english, spanish", [
    ("3 photos of Casa Bonay from brave_images", "3 fotos de Casa Bonay de brave_images"),
    ("1 thumbnail stored under thumbnails/", "1 miniatura guardada en thumbnails/"),
    ("no thumbnail of Casa Bonay from a photo (PRV010: timeout)",
     "sin miniatura de Casa Bonay de una foto (PRV010: tiempo agotado)")])
def test_an_images_or_thumbnails_note_reads_in_spanish(english: str, spanish: str) -> None:
    """The notes the default report shows under a photos artifact were English f-strings."""
    assert localize(english, "es") == spanish


def test_input_labels_is_the_one_rule_for_a_requests_labels() -> None:
    """Both reports' "What you asked" and the dashboard label inputs with this filter:
    the name in the reader's language, the name beside it when two read alike."""
    from scout.spec.filters import FILTERS

    labels = FILTERS["input_labels"](["field", "campo", "min_rating"], lang="es")
    assert labels["field"] == "campo (field)" and labels["campo"] == "campo"
    assert labels["min_rating"] != "min rating" and "_" not in labels["min_rating"]
    assert FILTERS["input_labels"](["field", "campo"], lang="en") == {"field": "field",
                                                                      "campo": "campo"}


def test_an_english_report_reads_the_projects_english_words(tmp_path: Path) -> None:
    """A kind's locales/en catalog names its enum values for English readers ("dkv" →
    "DKV"): `_()` in its templates read it, and so must the shared sections' `l10n`
    (the "What you asked" table), which returned English text untouched."""
    from scout.spec.filters import FILTERS

    po = tmp_path / "en" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "dkv"\nmsgstr "DKV"\n\nmsgid "min_rating"\nmsgstr "minimum rating"\n',
                  encoding="utf-8")
    catalog = translations("en", tmp_path)
    assert catalog.gettext("dkv") == "DKV"
    assert FILTERS["l10n"]("dkv", lang="en", catalog=catalog) == "DKV"
    assert FILTERS["input_labels"](["min_rating"], lang="en", catalog=catalog) == \
        {"min_rating": "minimum rating"}
    # without the project's words English stays as written
    assert FILTERS["l10n"]("dkv", lang="en") == "dkv"


def test_a_price_period_keeps_its_word_when_a_kind_names_another_sense_of_it(
        tmp_path: Path) -> None:
    # a camps kind's enum value `day` (a day camp) is "de día" in its catalog: the note
    # on converted prices read "1 precio por de día se ha convertido ..."
    po = tmp_path / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "day"\nmsgstr "de día"\n\nmsgid "week"\nmsgstr "semanal"\n',
                  encoding="utf-8")
    catalog = translations("es", tmp_path / "locales")
    assert catalog.gettext("day") == "de día"            # the kind's word stays its own
    note = ("1 price per day was converted to a price per week (approximate) to compare it "
            "with the budget")
    assert localize(note, "es", catalog=catalog) == (
        "1 precio por día se ha convertido a precio por semana (aproximado) para compararlo "
        "con el presupuesto")
    assert localize("price per day converted to per week (approximate)", "es",
                    catalog=catalog) == "precio por día convertido a precio por semana (aproximado)"
    # a placeholder named so that holds no period is written as before
    assert localize("price in GBP, no rate to USD", "es", catalog=catalog) == (
        "precio en GBP, sin tipo de cambio a USD")


def test_an_input_no_catalog_names_is_labelled_in_words_never_its_identifier() -> None:
    """'What you asked' showed ``cpv`` and ``min value``: where no catalog names an input,
    its label is its name in words, a leading min/max in full in the reader's language,
    and a word its declaration writes in capitals ("CPV code") as it writes it."""
    from scout.spec.filters import FILTERS

    declared = {"cpv": {"description": "CPV code"},
                "min_value": {"description": "the least estimated value",
                              "aliases": ["budget", "presupuesto"]}}
    en = FILTERS["input_labels"](["cpv", "min_value", "max_weight", "place"], declared,
                                 lang="en")
    assert en == {"cpv": "CPV", "min_value": "minimum value", "max_weight": "maximum weight",
                  "place": "place"}
    # Spanish: the kind ships no label for these; scout's words where it has them
    es = FILTERS["input_labels"](["cpv", "max_price", "min_value", "place"], declared,
                                 lang="es")
    assert es["cpv"] == "CPV" and es["max_price"] == "precio máx."
    assert es["min_value"] == "value mín." and es["place"] == "lugar"
    # a word an alias hyphenates is written so ("sign-up fee" for signup_fee), the
    # identifier's words otherwise ("open 24h": its aliases write '24h' so too)
    gym = {"signup_fee": {"aliases": ["matrícula", "signup fee", "sign-up fee"]},
           "open_24h": {"aliases": ["24h", "open 24 hours"]}}
    assert FILTERS["input_labels"](["signup_fee", "open_24h"], gym, lang="en") == {
        "signup_fee": "sign-up fee", "open_24h": "open 24h"}
    # without the declarations (the dashboard): words still, the acronym as the name is
    assert FILTERS["input_labels"](["cpv", "min_km"], lang="en") == {"cpv": "cpv",
                                                                     "min_km": "minimum km"}
    assert all("_" not in label for label in {**en, **es}.values())
