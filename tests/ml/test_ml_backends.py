"""Device/dtype selection on simulated hardware: mocks of torch.cuda and torch.backends.mps.

The fakes behave like real torch: ``is_bf16_supported()`` defaults to
``including_emulation=True`` and then answers True on sm_75, so these tests fail if
scout ever asks without ``including_emulation=False``.
"""

from __future__ import annotations

import pytest

from scout.errors import ConfigError, MLBackendError
from scout.ml import INSTALL_HINT

torch = pytest.importorskip("torch", reason=f"torch is not installed: {INSTALL_HINT}")

from scout.ml.backends import cuda_native_bf16, select_backend  # noqa: E402
from tests.ml.fake_gpu import FakeGPU  # noqa: E402


@pytest.mark.parametrize("kwarg", [True, False], ids=["torch-with-arg", "old-torch"])
@pytest.mark.parametrize("cap,expected", [((7, 5), "float16"), ((8, 0), "bfloat16"),
                                          ((8, 6), "bfloat16"), ((9, 0), "bfloat16"),
                                          ((7, 0), "float16")])
def test_auto_dtype_by_compute_capability(monkeypatch, cap, expected, kwarg) -> None:
    gpu = FakeGPU(monkeypatch, cap, kwarg=kwarg)
    b = select_backend("auto", "auto")
    assert (b.device, b.dtype) == ("cuda", expected)
    assert f"sm_{cap[0]}{cap[1]}" in b.hardware
    if kwarg:  # emulation must never be counted as support
        assert gpu.calls and all(c == {"including_emulation": False} for c in gpu.calls)


def test_emulated_bf16_is_not_native(monkeypatch) -> None:
    FakeGPU(monkeypatch, (7, 5))
    assert torch.cuda.is_bf16_supported() is True  # what the default answer would claim
    assert cuda_native_bf16(torch, 0) is False


def test_no_cuda_no_mps_is_fp32_on_cpu(monkeypatch) -> None:
    FakeGPU(monkeypatch)  # no GPUs at all
    b = select_backend()
    assert (b.device, b.dtype) == ("cpu", "float32")


def test_mps_when_no_cuda_and_cuda_before_mps(monkeypatch) -> None:
    FakeGPU(monkeypatch, mps=True)
    assert (select_backend().device, select_backend().dtype) == ("mps", "float16")
    FakeGPU(monkeypatch, (8, 0), mps=True)
    assert select_backend().device == "cuda"


@pytest.mark.parametrize("kwarg", [True, False])
def test_forcing_bf16_on_sm75_is_refused(monkeypatch, kwarg) -> None:
    FakeGPU(monkeypatch, (7, 5), kwarg=kwarg)
    with pytest.raises(MLBackendError) as info:
        select_backend("auto", "bfloat16")
    err = info.value
    assert isinstance(err, ConfigError) and err.code == "ML002" and err.exit_code == 3
    assert "sm_75" in err.message and "bfloat16" in err.message and "emulate" in err.message
    assert "float16" in (err.hint or "")


def test_forced_dtypes_that_are_native_are_honoured(monkeypatch) -> None:
    FakeGPU(monkeypatch, (9, 0))
    assert select_backend("cuda", "float16").dtype == "float16"
    assert select_backend("cuda:0", "float32").dtype == "float32"
    assert select_backend("cuda", "bfloat16").dtype == "bfloat16"
    FakeGPU(monkeypatch, (7, 5))
    assert select_backend("cuda", "float16").dtype == "float16"


def test_forced_device_that_is_absent_is_refused(monkeypatch) -> None:
    FakeGPU(monkeypatch)
    with pytest.raises(MLBackendError, match="no CUDA device"):
        select_backend("cuda", "auto")
    with pytest.raises(MLBackendError, match="MPS is not available"):
        select_backend("mps", "auto")
    FakeGPU(monkeypatch, (8, 0))
    with pytest.raises(MLBackendError, match="only 1 CUDA device"):
        select_backend("cuda:1", "auto")


def test_a_second_gpu_is_judged_by_its_own_capability(monkeypatch) -> None:
    # is_bf16_supported speaks for the current device (an sm_90 here), not for cuda:1
    FakeGPU(monkeypatch, (9, 0), (7, 5), current=0)
    assert select_backend("cuda:1", "auto").dtype == "float16"
    assert select_backend("cuda:0", "auto").dtype == "bfloat16"
    with pytest.raises(MLBackendError):
        select_backend("cuda:1", "bfloat16")


def test_bf16_is_refused_on_mps(monkeypatch) -> None:
    FakeGPU(monkeypatch, mps=True)
    with pytest.raises(MLBackendError, match="MPS"):
        select_backend("mps", "bfloat16")
    assert select_backend("mps", "float32").dtype == "float32"


@pytest.mark.parametrize("dtype,flags,ok", [
    ("bfloat16", {}, False),
    ("bfloat16", {"_is_avx512_bf16_supported": True}, True),
    ("bfloat16", {"_is_amx_tile_supported": True}, True),
    ("float16", {"_is_avx512_bf16_supported": True}, False),
    ("float16", {"_is_amx_fp16_supported": True}, True),
])
def test_reduced_precision_on_cpu_only_where_native(monkeypatch, dtype, flags, ok) -> None:
    FakeGPU(monkeypatch)
    for name in ("_is_avx512_bf16_supported", "_is_amx_tile_supported",
                 "_is_amx_fp16_supported"):
        monkeypatch.setattr(torch.cpu, name, lambda v=flags.get(name, False): v)
    if ok:
        assert select_backend("cpu", dtype).dtype == dtype
    else:
        with pytest.raises(MLBackendError, match="refused on this CPU"):
            select_backend("cpu", dtype)


def test_config_override_reaches_the_backend_before_any_model_loads(monkeypatch, tmp_path) -> None:
    from scout.config.models import MLSettings
    from scout.ml import embed

    FakeGPU(monkeypatch, (7, 5))
    loaded = []
    monkeypatch.setattr(embed, "load_model", lambda *a, **k: loaded.append(a))
    with pytest.raises(MLBackendError):
        embed.get_embedder(MLSettings(dtype="bf16"), tmp_path)
    assert loaded == []
