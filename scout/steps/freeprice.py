"""Whether a listing says its own price is nothing: "free admission", "entrada gratuita".

"Free" and "gratis" alone say nothing about a listing's price: a hotel's "free
cancellation", "wifi gratis", "gluten-free", "desayuno gratis" are features, not the
price. So a listing reads as free only where the word is tied to what one pays to get
in — admission, entry, entrance, tickets, the price or cost; "entrada", "acceso",
"precio" in Spanish — or to what one attends or enrols in ("free online course", "free
concerts", "curso online gratuito", "taller de cerámica gratis") — and not when the
phrase is a condition ("free entry for children", "entrada gratuita los domingos", "free
entry with the city card", "free course for students") or an amenity ("free entry to the
spa", "acceso gratuito a internet"), nor "barrier-free entrance" / "entrada libre de
barreras". "For" naming an audience ("for beginners", "para toda la familia") is no
condition. Software is what one uses: "a free app", "free plan", "herramienta gratuita",
"free and open source", "gratuito y de código abierto" say a tool costs nothing to use
(an amount stated beside it still wins: :func:`scout.steps.listprice.find_price`), while a
"free trial" or "free updates" do not.
"""

from __future__ import annotations

import re

from scout.text import fold

_NOUN_EN = r"admission|entry|entrance|tickets?"
_NOUN_ES = r"entrada|acceso|admision"
# what one attends or enrols in is itself what is paid for: "free online course", "free
# yoga class", "curso online gratuito", "taller de cerámica gratis"; up to two words
# between (its topic, how it is given), none of them a word that starts a condition or
# an amenity ("free wifi during classes" is no free class)
_ATTENDED_EN = (r"courses?|class(?:es)?|lessons?|workshops?|webinars?|seminars?|talks?|"
                r"lectures?|tutorials?|masterclass(?:es)?|bootcamps?|conferences?|"
                r"meetups?|(?:walking\s+)?tours?|events?|concerts?|exhibitions?|"
                # software, used rather than attended: "free app", "Free plan: 3 users"
                r"software|apps?|applications?|tools?|plans?|tiers?")
_ATTENDED_ES = (r"cursos?|clases?|talleres|taller|charlas?|seminarios?|webinars?|"
                r"webinarios?|conferencias?|masterclass|eventos?|conciertos?|"
                r"exposicion(?:es)?|visitas?\s+guiadas?|"
                r"software|apps?|aplicacion(?:es)?|herramientas?|programas?|plan(?:es)?")
_BETWEEN = (r"(?:(?!(?:for|with|during|in|at|and|or|to|on|of|by|from|per|the|a|an|after|"
            r"before|para|con|en|y|o|durante|sin|por|tras|antes)\b)[a-z0-9]+\s+)")
# the free word bound to the admission noun, either order, in both languages
_FREE = re.compile(
    r"(?<![\w-])(?:"
    rf"free\s+{_BETWEEN}{{0,2}}?(?:{_NOUN_EN}|{_ATTENDED_EN})"
    rf"|(?:{_ATTENDED_ES})\s+(?:(?:de|del)\s+)?{_BETWEEN}{{0,2}}?(?:gratuit[oa]s?|gratis)"
    rf"|(?:{_NOUN_EN})\s*(?:(?:is|are)\s+(?:always\s+|totally\s+|completely\s+)?|:\s*)?free"
    r"|(?:price|cost)\s*(?::\s*|\s+(?:is|are)\s+)free"
    r"|no\s+(?:admission|entrance|entry)\s+(?:fee|charge)"
    rf"|(?:{_NOUN_ES})\s*(?:(?:es|:)\s*)?(?:gratuit[oa]s?|gratis|libre)"
    r"|(?:precio|coste|costo|tarifa)\s*(?::\s*|\s+es\s+)(?:gratuit[oa]|gratis)"
    r"|gratis\s+(?:la\s+)?entrada"
    # free software: "free and open source", "free, open-source", "gratuito y de código
    # abierto", "libre y gratuito" (what "free" means beside a licence is the price)
    r"|free\s*(?:,|and|&)\s*open[\s-]source"
    r"|(?:gratuit[oa]s?|gratis)\s*(?:,|y)\s*(?:de\s+)?codigo\s+abierto"
    r"|codigo\s+abierto\s*(?:,|y)\s*(?:gratuit[oa]s?|gratis)"
    r")(?![\w-])"
)
# "for" naming who it is meant for, not who alone gets it free: everyone, a level, a platform
# ("for beginners", "para principiantes", "for all levels"), families, any age. "free for
# students", "gratis para desempleados", "free entry for children" stay conditions: a
# group that gets in free while others pay
_AUDIENCE = (r"(?:(?:all|everyone|everybody|anyone|anybody|the\s+(?:general\s+)?public|"
             r"the\s+whole\s+family|(?:all\s+the\s+)?famil(?:y|ies)|"
             r"(?:absolute\s+|complete\s+|total\s+)?(?:beginners?|novices?|newcomers?)|"
             r"(?:all|any|every)\s+(?:ages?|levels?|skill\s+levels?)|"
             r"todos|todas|todo\s+el\s+(?:mundo|publico)|cualquiera|(?:toda\s+la\s+)?familias?|"
             r"principiantes|iniciad[oa]s|novat[oa]s|(?:todas\s+las\s+)?edades|"
             r"todos\s+los\s+(?:publicos|niveles)|"
             # the platform software runs on: "free app for iOS", "para Windows y Linux"
             r"ios|android|windows|mac(?:os)?|linux|iphone|ipad|(?:the\s+|la\s+)?web)\b)")
# what follows the phrase and makes it a condition or an amenity, not the price
_AMENITY = (r"spa|gym|gimnasio|pool|piscina|sauna|wi-?fi|internet|parking|aparcamiento|"
            r"garage|garaje|lounge|fitness|jacuzzi|terrace|terraza|club|bar|playa|beach")
_NOT_PRICE = re.compile(
    r"\s+(?:"
    rf"(?:for|para)\s+(?!{_AUDIENCE})"
    r"|(?:with|con|every|cada|los|las|el)\b"
    # "on Sundays", "on the first Sunday", "on presentation of": a condition; "a webinar
    # on data privacy" is its topic
    r"|on\s+(?:\w*days?|weekends?|weekdays?|the\s+(?:first|last)|(?:public\s+|bank\s+)?"
    r"holidays?|presentation|production|arrival|request)\b"
    r"|of\s+(?:barriers|obstacles)\b|de\s+(?:barreras|obstaculos|humo)\b"
    rf"|(?:to|a|al)\s+(?:(?:the|la|el|los|las|our|nuestr[oa]s?)\s+)?(?:{_AMENITY})\b"
    r")"
)


def says_free(text: str) -> bool:
    """Whether ``text`` says the price of getting in is nothing (see the module)."""
    hay = fold(text)
    for m in _FREE.finditer(hay):
        if not _NOT_PRICE.match(hay, m.end()):
            return True
    return False
