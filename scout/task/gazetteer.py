"""Which country a place is in, for the currency words several countries share.

Only what the currency rule needs (see :mod:`scout.task.cldr`): the cities people travel
to in countries whose currency *name* is shared ("dollars": US, Canada, Australia, New
Zealand, Hong Kong, Singapore…; "pesos": Mexico, Argentina, Chile, Colombia, Uruguay,
Cuba…; "crowns": Denmark, Sweden, Norway, Czechia, Iceland; "pounds", "francs",
"rupees"), in English and Spanish spellings, folded (lower case, no accents). Country
names themselves come from CLDR, not from here. A place not listed falls back to the
country named in the request, then to the default currency of the word.
"""

from __future__ import annotations

_BY_TERRITORY: dict[str, str] = {
    "US": "new york|nueva york|nyc|los angeles|san francisco|chicago|miami|boston|austin|"
          "seattle|las vegas|washington|orlando|honolulu|maui|hawaii|new orleans|nueva orleans|"
          "san diego|denver|philadelphia|filadelfia|atlanta|dallas|houston|portland|nashville",
    "CA": "toronto|vancouver|montreal|calgary|ottawa|quebec|whistler|banff|edmonton|victoria",
    "AU": "sydney|sidney|melbourne|brisbane|perth|adelaide|cairns|gold coast|canberra",
    "NZ": "auckland|wellington|queenstown|christchurch",
    "HK": "hong kong|kowloon",
    "SG": "singapore|singapur",
    "TW": "taipei|taipei city",
    "MX": "cancun|guadalajara|monterrey|tulum|oaxaca|playa del carmen|puerto vallarta|"
          "mexico city|ciudad de mexico|cdmx|merida|los cabos|cabo san lucas|acapulco|puebla",
    "AR": "buenos aires|mendoza|bariloche|rosario|ushuaia|salta",
    "CL": "santiago de chile|valparaiso|vina del mar|punta arenas|san pedro de atacama",
    "CO": "bogota|medellin|cartagena de indias|cali|barranquilla|santa marta",
    "UY": "montevideo|punta del este|colonia del sacramento",
    "CU": "havana|la habana|varadero|trinidad",
    "DO": "santo domingo|punta cana",
    "PH": "manila|cebu|boracay",
    "DK": "copenhagen|copenhague|aarhus|odense",
    "SE": "stockholm|estocolmo|gothenburg|gotemburgo|malmo|uppsala",
    "NO": "oslo|bergen|tromso|trondheim|stavanger",
    "CZ": "prague|praga|brno|cesky krumlov|karlovy vary",
    "IS": "reykjavik|reikiavik",
    "GB": "london|londres|edinburgh|edimburgo|manchester|liverpool|glasgow|bristol|oxford|"
          "cambridge|bath|york|belfast|cardiff|brighton",
    "EG": "cairo|el cairo|luxor|alexandria|alejandria|sharm el sheikh|hurghada",
    "CH": "zurich|geneva|ginebra|basel|basilea|bern|berna|lausanne|lausana|lucerne|lucerna|"
          "zermatt|interlaken|lugano",
    "IN": "delhi|new delhi|nueva delhi|mumbai|bombay|goa|bangalore|jaipur|agra|kolkata|chennai",
    "PK": "karachi|lahore|islamabad",
    "LK": "colombo|kandy",
    "NP": "kathmandu|katmandu|pokhara",
    "AE": "dubai|abu dhabi",
    "MA": "marrakech|marrakesh|casablanca|fez|tangier|tanger",
}

CITY_TERRITORY: dict[str, str] = {
    city: terr for terr, cities in _BY_TERRITORY.items() for city in cities.split("|")
}


def territory_of(place_folded: str) -> str | None:
    """The country code of a folded place name ("new york city" → US), if known."""
    words = place_folded.split()
    for n in range(len(words), 0, -1):  # the longest known prefix: "new york city" → "new york"
        hit = CITY_TERRITORY.get(" ".join(words[:n]))
        if hit:
            return hit
    return None
