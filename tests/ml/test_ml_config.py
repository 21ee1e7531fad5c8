"""The ``ml:`` section of config/adapters.yaml (no torch needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.config.loader import check_config, load_config
from scout.config.models import MLSettings
from scout.errors import SpecInvalid

ROOT = Path(__file__).resolve().parents[2]


def _config(tmp_path: Path, ml_block: str) -> Path:
    p = tmp_path / "adapters.yaml"
    p.write_text("apiVersion: scout/v1\nkind: Config\n" + ml_block)
    return p


def test_defaults_when_absent_and_shipped_config(tmp_path) -> None:
    cfg = load_config(_config(tmp_path, ""))
    assert cfg.ml == MLSettings()
    assert (cfg.ml.device, cfg.ml.dtype, cfg.ml.model, cfg.ml.batch_size) == (
        "auto", "auto", "all-MiniLM-L6-v2", 32)
    assert cfg.ml.allow_download is False and cfg.ml.cache is True
    shipped = load_config(ROOT / "config" / "adapters.yaml")
    assert shipped.ml.device == "auto" and shipped.ml.dtype == "auto"


def test_overrides_and_dtype_spellings(tmp_path) -> None:
    cfg = load_config(_config(tmp_path, "ml:\n  device: cuda:1\n  dtype: bf16\n"
                                        "  model: ./models/minilm\n  batch_size: 128\n"))
    assert (cfg.ml.device, cfg.ml.dtype, cfg.ml.model, cfg.ml.batch_size) == (
        "cuda:1", "bfloat16", "./models/minilm", 128)
    assert MLSettings(dtype="FP16").dtype == "float16"
    assert MLSettings(dtype="half").dtype == "float16"


@pytest.mark.parametrize("block,needle", [
    ("ml:\n  device: tpu\n", "device"),
    ("ml:\n  dtype: fp8\n", "unknown dtype 'fp8'"),
    ("ml:\n  batch_size: 0\n", "batch_size"),
    ("ml:\n  batchsize: 8\n", "batchsize"),
])
def test_bad_values_are_located_errors(tmp_path, block, needle) -> None:
    path = _config(tmp_path, block)
    cfg, problems = check_config(path)
    assert cfg is None
    errs = [p for p in problems if p.severity == "error"]
    assert errs and any(needle in p.message or needle in str(p.location) for p in errs), errs
    assert all(p.location is not None and p.location.line == 4 for p in errs)
    with pytest.raises(SpecInvalid):
        load_config(path)


def test_ci_runs_the_readme_ml_command_and_ignores_the_ml_venv() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Optional: the local model", 1)[1].split("\n## ", 1)[0]
    (cmd,) = [b for b in section.split("```bash\n")[1:] for b in [b.split("\n```")[0]]]
    ci = [ln for ln in (ROOT / ".ci/run").read_text().splitlines() if not ln.startswith("#")]
    assert cmd in ci and "torch==2.13.0" in cmd and "tests/ml" in cmd
    # CPU torch is installed before the extra, so the extra's range pulls no CUDA build
    assert cmd.index("torch==2.13.0") < cmd.index(".[ml]")
    assert ".venv-ml/" in (ROOT / ".gitignore").read_text().split()
