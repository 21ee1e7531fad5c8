"""The words an author guesses for scout's keys, input types and step kinds.

"Did you mean" works by spelling: it finds ``phases`` for ``pahses`` but nothing (or
something wrong: ``dinero`` → ``integer``) for a word a first-time author writes from
another language or tool: ``fases:`` and ``entradas:`` in Spanish, ``steps:`` or
``depends_on:`` from CI files, ``type: float`` or ``type: str`` from Python. This table
maps such words to scout's; a guess is only offered when it is valid where it was
written (``por_defecto`` is ``defaults`` at the top and ``default`` in an input).
"""

from __future__ import annotations

from collections.abc import Iterable

from scout.text import fold

#: a guessed word (folded: lower case, no accents, '_' for '-' and ' ') → scout's words
_WORDS: dict[str, tuple[str, ...]] = {}


def _add(targets: tuple[str, ...], *words: str) -> None:
    for w in words:
        _WORDS[w] = _WORDS.get(w, ()) + targets


# keys: Spanish first, then other tools' names for the same thing
_add(("inputs",), "entradas", "entrada", "parametros", "variables", "vars", "params",
     "parameters", "campos")
_add(("phases",), "fases", "fase", "pasos", "etapas", "steps", "jobs", "stages", "tasks")
_add(("name",), "nombre", "titulo", "id")
_add(("nouns",), "sustantivos", "searched_for", "searches_for", "looking_for", "things", "cosas")
_add(("description",), "descripcion", "desc", "summary", "resumen")
_add(("defaults",), "valores_por_defecto", "predeterminados", "por_defecto")
_add(("default",), "por_defecto", "predeterminado", "valor_por_defecto", "defecto",
     "valor")
_add(("type",), "tipo")
_add(("required",), "requerido", "obligatorio", "necesario")
_add(("uses",), "usa", "usar", "utiliza", "paso", "step", "run", "kind", "tipo", "type",
     "accion", "action")
_add(("needs",), "necesita", "requiere", "depende_de", "depends_on", "dependson",
     "dependencias", "dependencies", "after", "requires", "inputs", "entradas")
_add(("produces",), "produce", "genera", "salida", "salidas", "output", "outputs",
     "provides", "returns")
_add(("with",), "con", "parametros", "params", "parameters", "args", "arguments",
     "options", "opciones", "config")
_add(("chain",), "cadena", "proveedor", "proveedores", "provider", "providers")
_add(("for_each",), "para_cada", "por_cada", "cada", "each", "foreach", "loop", "matrix")
_add(("as",), "como", "alias")
_add(("retry",), "reintentos", "reintentar", "reintento", "retries")
_add(("timeout",), "tiempo_limite", "tiempo_maximo", "limite_de_tiempo")
_add(("optional",), "opcional")
_add(("if",), "si", "condicion", "when", "cuando")
_add(("max_parallel",), "paralelo", "concurrency", "concurrencia", "parallel")
_add(("query",), "consulta", "busqueda", "q", "search")
_add(("limit",), "limite", "max", "max_results", "maximo", "count")
_add(("template",), "plantilla")
_add(("formats",), "formatos")
_add(("where",), "filtro", "filtros", "filter", "donde")
_add(("order_by",), "ordenar_por", "sort_by", "sort", "orden")
_add(("items",), "elementos")
# config keys (config/adapters.yaml): what other tools call an API key, a rate limit, a price
_add(("credentials",), "api_key", "apikey", "api_key_env", "key", "key_env", "token",
     "api_token", "secret", "credenciales", "clave", "auth")
_add(("rate",), "rate_limit", "ratelimit", "rate_limits", "limite_de_velocidad", "throttle")
_add(("tariff",), "price", "pricing", "cost", "tarifa", "precio", "coste")
_add(("adapters",), "providers", "proveedores", "adaptadores", "backends")
_add(("chains",), "cadenas", "failover", "fallbacks")
_add(("number",), "float", "double", "decimal", "numero", "real")
_add(("integer",), "int", "entero")
_add(("string",), "str", "text", "texto", "cadena")
_add(("boolean",), "bool", "booleano", "si_no")
_add(("money",), "dinero", "precio", "moneda", "importe", "presupuesto", "price",
     "currency", "cost", "coste")
_add(("date",), "fecha")
_add(("month",), "mes")
_add(("place",), "lugar", "ciudad", "sitio", "city", "location", "destino")
_add(("list",), "lista", "array")
_add(("year",), "ano", "anio")
_add(("duration",), "duracion")
_add(("weight",), "peso")
_add(("length",), "longitud", "distancia", "distance")
_add(("volume",), "volumen", "capacidad", "capacity")
_add(("area",), "superficie")
_add(("rating",), "valoracion", "puntuacion", "nota", "calificacion", "score", "stars")
_add(("subject",), "tema", "asunto", "topic")
_add(("data_size",), "tamano", "size")
# step kinds
_add(("search",), "buscar", "busqueda")
_add(("report",), "informe", "reporte")
_add(("synthesize",), "sintetizar", "sintesis", "resumir", "summarize", "summarise")
_add(("rank",), "ordenar", "clasificar", "ranking", "filtrar")
_add(("fetch",), "descargar", "obtener", "leer")
_add(("task",), "tarea", "peticion", "solicitud")


def guess(word: str, valid: Iterable[str]) -> str | None:
    """scout's word for ``word`` when it is a known guess and valid here, else None."""
    key = fold(word).replace("-", "_").replace(" ", "_")
    allowed = set(valid)
    return next((t for t in _WORDS.get(key, ()) if t in allowed and t != word), None)


def hint(word: str, valid: Iterable[str]) -> str | None:
    """"did you mean 'x'?" for a guessed word, or None."""
    hit = guess(word, valid)
    return None if hit is None else f"did you mean '{hit}'?"
