"""An outside-author kind: cloud GPU instances for the lab's training runs
(examples/gpucloud), written from the docs alone. A GPU model (an enum with synonyms), how
many, the memory per GPU, a cap per GPU-hour, the length of the rental, the region, spot or
on-demand, the billing granularity and the disk. Providers quote per GPU-hour or per
instance-hour for N GPUs: the report compares per GPU-hour, with the total for the GPUs
and the length asked; spot offers are flagged (they can be pre-empted) and egress is a
fee, never the price. Requests are typed as the lab types them, in both languages; three
run end to end offline with scout.testing (module-scoped: one run each)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    plan_output,
    run_each,
    shortlist_names as _names,
    cap,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "gpucloud"
KIND = PROJECT / "pipelines" / "gpucloud.yaml"
TODAY = dt.date(2026, 12, 6)
WEEK = 604800


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    # "8 H100" is eight GPUs, never 8 hours; "$/GPU-hora" a price per hour
    "necesito 8 H100 de 80 GB de VRAM durante 2 semanas, menos de 2,50 $/GPU-hora, en Europa":
        ("es", {"gpu": "h100", "gpus": 8, "vram": 80.0, "duration": 2 * WEEK,
                "budget": cap(2.5, "USD", per="hour"), "region": "eu"}),
    "cheapest A100 spot instance with at least 40GB VRAM, per-second billing, EU region, "
    "under $1.20 an hour":
        ("en", {"gpu": "a100", "vram": 40.0, "budget": cap(1.2, "USD", per="hour"), "region": "eu",
                "pricing": "spot", "billing": "per_second"}),
    "4 RTX 4090 para una semana con disco de 1 TB":
        ("es", {"gpu": "rtx4090", "gpus": 4, "duration": WEEK, "storage": 1000.0}),
    # the same classes, other words; a count with a times sign glued to it
    "4x RTX 4090 para una semana con disco de 1 TB":
        ("es", {"gpu": "rtx4090", "gpus": 4, "duration": WEEK, "storage": 1000.0}),
    "8x H100 SXM for 2 weeks, per-minute billing":
        ("en", {"gpu": "h100", "gpus": 8, "duration": 2 * WEEK, "billing": "per_minute"}),
    "8 H100 for two weeks under $2.50 per GPU-hour":
        ("en", {"gpu": "h100", "gpus": 8, "duration": 2 * WEEK, "budget": cap(2.5, "USD", per="hour")}),
    "H200 spot in Finland, under 3 EUR per GPU hour":
        ("en", {"gpu": "h200", "pricing": "spot", "region": "eu",
                "budget": cap(3, per="hour")}),
    "H100 a menos de 2 € por GPU y hora, bajo demanda, facturación por minutos":
        ("es", {"gpu": "h100", "budget": cap(2, per="hour"), "pricing": "on_demand",
                "billing": "per_minute"}),
    "busco 4 A100 de 80 GB de VRAM en Europa a menos de 1,80 €/h":
        ("es", {"gpu": "a100", "gpus": 4, "vram": 80.0, "region": "eu",
                "budget": cap(1.8, per="hour")}),
    "instancia con 8 L40S, facturación por segundo, 500 GB de almacenamiento, 10 días":
        ("es", {"gpu": "l40s", "gpus": 8, "billing": "per_second", "storage": 500.0,
                "duration": 10 * 86400}),
    "2 A100 on-demand in the US for 3 days, max $2/GPU/hr":
        ("en", {"gpu": "a100", "gpus": 2, "pricing": "on_demand", "region": "us",
                "duration": 3 * 86400, "budget": cap(2, "USD", per="hour")}),
    "single RTX 4090 for 48 hours, under 0.50 USD/hr":
        ("en", {"gpu": "rtx4090", "duration": 2 * 86400, "budget": cap(0.5, "USD", per="hour")}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    task = parse_request(KIND, query, TODAY)
    assert_read_as(task, lang, want)


def test_a_memory_no_word_names_is_asked_about_not_guessed():
    # "de 80 GB" could be each GPU's memory or the disk: not read, and the note says how
    task = parse_request(KIND, "8 H100 de 80 GB durante 2 semanas", TODAY)
    assert task.values["vram"] is None and task.values["storage"] is None
    # the word to add is one in the request's language (scout.task.lang.word_for)
    assert any("80 GB memoria" in str(n) for n in task.notes), task.notes


H100 = [
    # an instance of 8 GPUs priced whole: 2,99 a GPU-hour, and not in Europe
    Result("Lambda Cloud - 8x H100 SXM", "https://lambda.test/pricing",
           "Lambda On-Demand Cloud: 8x NVIDIA H100 80GB HBM3 SXM $23.92/hr (8 GPUs). "
           "Region: us-east. Per-minute billing. Free egress."),
    # priced per GPU on nodes of 8: never divided by them
    Result("Nebius AI Cloud - H100", "https://nebius.test/prices",
           "Nebius: 8x NVIDIA H100 SXM 80 GB nodes, $2.00 per GPU-hour on-demand, data "
           "centers in Finland (EU). Billed per second. No egress fees."),
    # an egress fee is a fee, never the price, even said first
    Result("DataCrunch H100 SXM5", "https://datacrunch.test/h100",
           "Egress: $20 per TB. DataCrunch: H100 SXM5 80GB, $2.19/GPU/hr, servers in "
           "Iceland (EU region, Europe). Per-minute billing."),
    # in euros: ~2,95 US$, over 2,50 (a model's number before a sign glued to the price
    # is no amount)
    Result("Scaleway H100 PCIe", "https://scaleway.test/gpu",
           "Scaleway H100-1-80G: 80 GB, 1x H100 €2.73/h, Paris, France (Europe). "
           "Billed per minute."),
    Result("RunPod A100 80GB", "https://runpod.test/a100",
           "RunPod: A100 SXM 80GB, $1.64/hr, community cloud in Europe."),
]
A100 = [
    Result("Vast.ai A100 PCIe 40GB", "https://vast.test/a100",
           "Vast.ai: A100 PCIe 40GB VRAM, spot (interruptible) $0.55/hr, Netherlands "
           "(Europe), per-second billing."),
    Result("RunPod A100 80GB spot", "https://runpod.test/a100-spot",
           "RunPod: A100 80GB, spot instance $0.89/hr, EU-RO-1 (Europe), billed per second."),
    # 8 GPUs for 9,80: 1,225 a GPU-hour, over 1,20
    Result("AWS p4d spot", "https://aws.test/p4d",
           "AWS p4d: 8x A100 40GB (8 GPUs), spot $9.80/hr, Ireland (Europe), per-second "
           "billing. Data transfer out: $0.09 per GB."),
    Result("Lambda A100", "https://lambda.test/a100",
           "Lambda: A100 40GB on-demand, $1.29/hr, us-east, per-minute billing."),
    Result("Genesis Cloud A100", "https://genesis.test/a100",
           "Genesis Cloud: A100 80GB on-demand, €1.10/h, Norway (Europe), billed per minute."),
]
RTX = [
    Result("TensorDock RTX 4090", "https://tensordock.test/4090",
           "TensorDock: RTX 4090 24GB, 0,35 $/h por GPU, disco NVMe de 2 TB, Europa."),
    Result("RunPod RTX 4090", "https://runpod.test/4090",
           "RunPod: RTX 4090 24 GB, $0.69/hr, 500 GB disk, spot."),
    Result("Vast.ai 4x RTX 4090", "https://vast.test/4090",
           "Vast.ai: 4x RTX 4090 24GB instance, $1.60/hr (4 GPUs), 1 TB SSD, spot."),
    Result("Lambda RTX A6000", "https://lambda.test/a6000",
           "Lambda: RTX A6000 48GB, $0.80/hr, 1 TB SSD."),
]

RUNS = {
    "h100": ("necesito 8 H100 de 80 GB de VRAM durante 2 semanas, menos de 2,50 $/GPU-hora, "
             "en Europa", H100),
    "a100": ("cheapest A100 spot instance with at least 40GB VRAM, per-second billing, EU "
             "region, under $1.20 an hour", A100),
    "rtx": ("4 RTX 4090 para una semana con disco de 1 TB", RTX),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_per_gpu_hour_an_instance_divided_and_the_total_in_spanish(runs):
    run, queries = runs["h100"]
    assert _names(run) == ["Nebius AI Cloud - H100", "DataCrunch H100 SXM5"]
    assert _excluded(run) == {
        "Lambda Cloud - 8x H100 SXM": ["no consta que esté en la UE",
                                       "por encima del presupuesto por GPU y hora"],
        "Scaleway H100 PCIe": ["por encima del presupuesto por GPU y hora"],
        "RunPod A100 80GB": ["no es una H100"]}
    report = run.report
    assert report.startswith("# GPU en la nube")
    # 2 US$ × 8 GPUs × 336 h
    assert "| 1 | Nebius AI Cloud - H100 | 2 US$/hora [1] | 5.376 US$ | 80 GB | no | gratis |" \
        in report
    assert "| 2 | DataCrunch H100 SXM5 | 2,19 US$/hora [2] | 5.887 US$ | 80 GB | no | " \
           "se cobra aparte (ver la fuente) |" in report
    assert "2 ofertas de 5 encontradas: 8 GPU, H100, al menos 80 GB por GPU, durante 2 " \
           "semanas, en la UE, por como mucho 2,50 US$/hora por GPU." in report
    assert queries[0] == "H100 cloud precio por hora EU"
    own = _own_words(report, H100)
    for english in ("Shortlist", "Sources", "What you asked", "not stated", "over budget"):
        assert english not in own, english


def test_spot_is_flagged_and_an_instance_is_compared_per_gpu(runs):
    run, _ = runs["a100"]
    assert run.artifact("task")["lang"] == "en"
    assert _names(run) == ["Vast.ai A100 PCIe 40GB", "RunPod A100 80GB spot"]
    excluded = _excluded(run)
    assert excluded["AWS p4d spot"] == ["over budget per GPU-hour"]
    assert "not said to be spot" in excluded["Lambda A100"]
    assert "not said to be spot" in excluded["Genesis Cloud A100"]
    report = run.report
    assert "| 1 | Vast.ai A100 PCIe 40GB | 0.55 USD/hour [1] | 40 GB | yes: can be " \
           "pre-empted |" in report
    # no length asked: no total column
    assert "total for" not in report
    own = _own_words(report, A100)
    for spanish in ("Selección", "Fuentes", "oferta", "no consta", "presupuesto"):
        assert spanish not in own, spanish


def test_an_instance_s_price_shown_per_gpu_with_the_disk_asked(runs):
    run, _ = runs["rtx"]
    assert _names(run) == ["TensorDock RTX 4090", "Vast.ai 4x RTX 4090"]
    assert _excluded(run) == {"RunPod RTX 4090": ["solo 500 GB de disco"],
                              "Lambda RTX A6000": ["no es una RTX 4090"]}
    report = run.report
    # 1,60 US$ for 4 GPUs is 0,40 a GPU-hour; the week's total for the 4 GPUs asked
    assert "| 2 | Vast.ai 4x RTX 4090 | 0,40 US$/hora [2] (1,60 US$/hora por 4 GPU) | " \
           "269 US$ | 24 GB | sí: puede interrumpirse |" in report
    assert "| 1 | TensorDock RTX 4090 | 0,35 US$/hora [1] | 235 US$ | 24 GB | no |" in report


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        assert run.report_html and "<html" in run.report_html.lower()


# words of other kinds: lodging, tickets, jobs, a user's seat, a place's rating, a car
OTHER_KINDS = re.compile(r"(?i)\b(hotels?|nights?|noches?|habitaci[oó]n(es)?|rooms?|stay|"
                         r"guests?|huéspedes|salary|salario|tickets?|entradas|users?|"
                         r"usuarios?|km|location|ubicación|atmosphere|ambiente|reviews?|"
                         r"reseñas?|neighbourhood|barrio|/10)\b")


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)
        assert "stated(" not in run.report and "mentions(" not in run.report
        assert "Namespace" not in run.report and "{'amount'" not in run.report


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/gpucloud.yaml",
                      "necesito 8 H100 durante 2 semanas, menos de 2,50 $/GPU-hora",
                      tmp_path, capsys, monkeypatch)
    for words in ["gpus", "8", "2,50 US$/hora", "2 semanas", "F0", "R1", "F6"]:
        assert words in out, words
