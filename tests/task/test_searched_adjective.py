"""A Spanish adjective that agrees with what the kind finds, right after it and before the
"de" that opens the topic ("licitaciones públicas de servicios de traducción", "cursos
gratuitos de Python", "concurso público de software"), was read as the request's subject
("públicas"): it says which of them is wanted, not what they are about. The topic after its
"de" is the subject, also when another input read the words between ("de [servicios] de
traducción"). A name or a word that does not agree stays as it was; a gendered noun and its
adjective ("concursos abiertos", "novela negra") still name a sort together
(scout/task/kindnames.py, ``_headed``)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 6)
KIND = {"topic": InputSpec(type="subject"), "region": InputSpec(type="place"),
        "kind_of": InputSpec(type="string", enum=["services", "supplies"],
                             synonyms={"services": ["servicios"], "supplies": ["suministros"]})}
NOUNS = ["licitación", "concurso", "curso", "beca"]


def _topic(query: str) -> str | None:
    return build_task(query, KIND, today=TODAY, nouns=NOUNS).values.get("topic")


@pytest.mark.parametrize("query, topic", [
    ("licitaciones públicas de servicios de traducción en Andalucía", "traducción"),
    ("licitación pública de software en Galicia", "software"),
    ("licitaciones abiertas de limpieza en Murcia", "limpieza"),
    ("cursos gratuitos de Python", "Python"),
    ("becas oficiales de música en Madrid", "música"),
    # guards: no adjective between, or none that agrees, or a name
    ("licitaciones de software en Galicia", "software"),
    ("cursos de cocina japonesa", "cocina japonesa"),
])
def test_the_topic_after_an_agreeing_adjective(query, topic):
    assert _topic(query) == topic
