"""The nationality and regional adjectives a request names a place by ("francés",
"argentinas", "French", "gallego"): the table, each Spanish adjective in every gender and
number, and which territory or region each names. :mod:`scout.task.demonyms` reads them
as a country; :mod:`scout.task.regionadjective` as the word that narrows a region.
"""

from __future__ import annotations

import functools

# territory code or region: the Spanish masculine singular (folded) and English adjectives
TABLE = {
    "FR": "frances french", "IT": "italiano italian", "ES": "espanol spanish",
    "PT": "portugues portuguese", "DE": "aleman german", "AR": "argentino argentinian argentine",
    "CL": "chileno chilean", "MX": "mexicano mexican", "US": "estadounidense", "GB": "britanico british",
    "JP": "japones japanese", "CN": "chino chinese", "AU": "australiano australian",
    "ZA": "sudafricano", "GR": "griego greek", "AT": "austriaco austrian",
    "HU": "hungaro hungarian", "PE": "peruano peruvian", "UY": "uruguayo uruguayan",
    "CO": "colombiano colombian", "BR": "brasileno brazilian", "IE": "irlandes irish",
    "BE": "belga belgian", "NL": "holandes dutch", "CH": "suizo swiss",
    "NZ": "neozelandes", "CA": "canadiense canadian", "IN": "indio", "TH": "tailandes thai",
    # the Nordic and Adriatic coasts a cruise or a trip is named by ("the Norwegian fjords",
    # "las islas croatas", "the Icelandic coast")
    "NO": "noruego norwegian", "SE": "sueco swedish", "DK": "danes danish",
    "FI": "finlandes finnish", "IS": "islandes icelandic", "HR": "croata croatian",
}
# regions CLDR has no territory for: Spanish name, English name, then the Spanish
# masculine singular (folded) and English adjectives
REGIONS = {
    "Galicia": ("Galicia", "gallego galician"), "Cataluña": ("Catalonia", "catalan catalonian"),
    "Andalucía": ("Andalusia", "andaluz andalusian"), "País Vasco": ("Basque Country", "vasco basque"),
    "La Rioja": ("La Rioja", "riojano"), "Escocia": ("Scotland", "escoces scottish"),
    "Toscana": ("Tuscany", "toscano tuscan"),
}


def _forms(word: str) -> list[str]:
    """A Spanish adjective's forms from its masculine singular (folded)."""
    if word.endswith("o"):
        return [word, word[:-1] + "a", word + "s", word[:-1] + "as"]
    if word.endswith("z"):  # "andaluz", "andaluza", "andaluces"
        return [word, word + "a", word[:-1] + "ces", word + "as"]
    if word[-1] in "slnr":  # "francés", "alemán", "catalán"
        return [word, word + "a", word + "es", word + "as"]
    return [word, word + "s"]  # "belga", "estadounidense", "canadiense"


@functools.lru_cache(maxsize=1)
def words() -> dict[str, tuple[str, str]]:
    """Every form (folded) → (territory code or the region's Spanish name, the form's
    language): the adjective's own language names the place ("champán francés" is
    Francia even in a request too short to tell its language)."""
    out = {"south african": ("ZA", "en")}  # two words in English
    said = [*TABLE.items(), *((es, words) for es, (_en, words) in REGIONS.items())]
    for key, words in said:
        es, *en = words.split()
        out.update({form: (key, "es") for form in _forms(es)})
        out.update({form: (key, "en") for form in en})
    return out


def is_demonym(folded: str) -> bool:
    """``folded`` is one of the table's nationality or regional adjectives, in any Spanish
    gender or number ("suizos", "griegas", "french")."""
    return folded in words()
