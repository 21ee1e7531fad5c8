"""benchmarks/embed.py's code paths on a simulated GPU with a fake encoder (no timing claims)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from scout.ml import INSTALL_HINT

torch = pytest.importorskip("torch", reason=f"torch is not installed: {INSTALL_HINT}")
np = pytest.importorskip("numpy", reason=f"numpy is not installed: {INSTALL_HINT}")

from tests.ml.fake_gpu import FakeGPU  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location("embed_bench", ROOT / "benchmarks/embed.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


class FakeEncoder:
    def __init__(self, backend) -> None:
        self.backend, self.calls = backend, []

    def encode(self, texts, batch_size=32, **kw):
        self.calls.append((len(texts), batch_size))
        return np.ones((len(texts), 4), dtype=np.float32)


@pytest.mark.parametrize("cap,bf16", [((7, 5), False), ((9, 0), True)])
def test_json_has_cpu_batches_and_gpu_precisions_side_by_side(monkeypatch, capsys, cap,
                                                              bf16) -> None:
    FakeGPU(monkeypatch, cap)
    loaded = []

    def fake_load(resolved, backend, *, allow_download):
        assert allow_download is False
        loaded.append((backend.device, backend.dtype))
        return FakeEncoder(backend)

    monkeypatch.setattr("scout.ml.embed.load_model", fake_load)
    bench = _bench()
    assert bench.main(["--json", "--texts", "20", "--batch-sizes", "1,4", "--repeats", "2",
                       "--accel-batch-size", "8"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["cpu"]["texts_per_s"]) == {"1", "4"} and out["cpu"]["dtype"] == "float32"
    acc = out["accelerator"]
    assert acc["device"] == "cuda" and f"sm_{cap[0]}{cap[1]}" in acc["hardware"]
    assert acc["auto_dtype"] == ("bfloat16" if bf16 else "float16")
    assert acc["texts_per_s"]["float32"] and acc["texts_per_s"]["float16"]
    if bf16:
        assert acc["texts_per_s"]["bfloat16"] and not acc["skipped"]
    else:  # emulated bf16 is never run: its column says why
        assert acc["texts_per_s"]["bfloat16"] is None and acc["ratio_vs_fp32"]["bfloat16"] is None
        assert "sm_75" in acc["skipped"]["bfloat16"]
    assert ("cuda", "bfloat16") in loaded if bf16 else ("cuda", "bfloat16") not in loaded
    assert acc["ratio_vs_fp32"]["float32"] == 1.0


def test_without_an_accelerator_says_so(monkeypatch, capsys) -> None:
    FakeGPU(monkeypatch)
    monkeypatch.setattr("scout.ml.embed.load_model", lambda r, b, **k: FakeEncoder(b))
    assert _bench().main(["--texts", "8", "--batch-sizes", "1,2", "--repeats", "1"]) == 0
    text = capsys.readouterr().out
    assert "texts/s" in text and "not measured on this machine" in text
