"""Device and dtype selection for the local model: CUDA, then Apple MPS, then CPU.

dtype on ``auto``:

- CUDA: bfloat16 where the GPU has native bf16 (Ampere, sm_80, and newer), else float16.
  ``torch.cuda.is_bf16_supported()`` defaults to ``including_emulation=True`` and answers
  True on Turing (sm_75), where bf16 runs emulated about 2.6x slower than fp16, so it is
  called with ``including_emulation=False``; torch versions without that argument fall
  back to compute capability >= 8.0.
- MPS: float16 (Apple GPUs run fp16 natively; whether bf16 is native is not knowable
  from torch, so forcing bf16 there is refused).
- CPU: float32. Forcing bfloat16 / float16 on a CPU is allowed only where torch reports
  the instructions for it (AVX512-BF16 or AMX; AMX-FP16).

A forced device or dtype the hardware cannot run natively is refused with
:class:`~scout.errors.MLBackendError` — never run silently in emulation.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from scout.errors import MLBackendError
from scout.ml import require

FIX_HINT = "set ml.device / ml.dtype in config/adapters.yaml to auto (see docs/ml.md)"


@dataclass(frozen=True)
class Backend:
    """Where and in which precision the model runs, and why."""

    device: str  # "cpu", "mps", "cuda" or "cuda:N"
    dtype: str  # "float32", "float16" or "bfloat16"
    reason: str
    hardware: str = ""

    def torch_dtype(self, torch: ModuleType | None = None) -> Any:
        torch = torch or require("the local model")
        return getattr(torch, self.dtype)

    def __str__(self) -> str:
        hw = f" on {self.hardware}" if self.hardware else ""
        return f"{self.device}/{self.dtype}{hw} ({self.reason})"


def _cuda_index(device: str, torch: ModuleType) -> int:
    if ":" in device:
        return int(device.split(":", 1)[1])
    try:
        return int(torch.cuda.current_device())
    except Exception:  # an odd build or a mock without it: the default device
        return 0


def _capability(torch: ModuleType, index: int) -> tuple[int, int]:
    major, minor = torch.cuda.get_device_capability(index)
    return int(major), int(minor)


def _gpu_name(torch: ModuleType, index: int) -> str:
    major, minor = _capability(torch, index)
    try:
        name = str(torch.cuda.get_device_name(index))
    except Exception:  # naming is cosmetic; never fail selection over it
        name = "CUDA device"
    return f"{name} (sm_{major}{minor})"


def cuda_native_bf16(torch: ModuleType, index: int = 0) -> bool:
    """True only where the GPU computes bf16 natively (never counting emulation)."""
    current = _cuda_index("cuda", torch)
    if index == current:
        try:
            return bool(torch.cuda.is_bf16_supported(including_emulation=False))
        except TypeError:
            pass  # torch without `including_emulation`: its answer would count emulation
    # is_bf16_supported only speaks for the current device; capability speaks for any
    return _capability(torch, index) >= (8, 0)


def _mps_available(torch: ModuleType) -> bool:
    mps = getattr(getattr(torch, "backends", None), "mps", None)
    try:
        return bool(mps is not None and mps.is_available())
    except Exception:
        return False


def _cpu_native(torch: ModuleType, dtype: str) -> bool:
    cpu = getattr(torch, "cpu", None)

    def has(name: str) -> bool:
        fn = getattr(cpu, name, None)
        try:
            return bool(fn()) if callable(fn) else False
        except Exception:
            return False

    if dtype == "bfloat16":
        return has("_is_avx512_bf16_supported") or has("_is_amx_tile_supported")
    if dtype == "float16":
        return has("_is_amx_fp16_supported")
    return True


def select_backend(device: str = "auto", dtype: str = "auto",
                   *, torch: ModuleType | None = None) -> Backend:
    """Pick device then dtype; a forced choice that cannot run natively raises ML002."""
    torch = torch or require("the local model")
    cuda_ok = bool(torch.cuda.is_available())
    if device == "auto":
        if cuda_ok:
            device = "cuda"
        elif _mps_available(torch):
            device = "mps"
        else:
            device = "cpu"
        picked = "auto"
    else:
        picked = "forced in config"

    if device.startswith("cuda"):
        if not cuda_ok:
            raise MLBackendError(
                f"ml.device is '{device}' but torch sees no CUDA device"
                f" (torch {getattr(torch, '__version__', '?')})",
                hint="use ml.device: auto (or cpu), or install a CUDA build of torch",
            )
        index = _cuda_index(device, torch)
        count = int(torch.cuda.device_count())
        if index >= count:
            raise MLBackendError(
                f"ml.device is '{device}' but only {count} CUDA device(s) exist",
                hint=f"use cuda:0 .. cuda:{count - 1}, or auto",
            )
        return _cuda_dtype(torch, device, index, dtype, picked)
    if device == "mps":
        if not _mps_available(torch):
            raise MLBackendError("ml.device is 'mps' but Apple MPS is not available here",
                                 hint=FIX_HINT)
        if dtype == "bfloat16":
            raise MLBackendError(
                "ml.dtype bfloat16 is refused on Apple MPS: torch cannot tell whether this "
                "GPU runs bf16 natively, and emulated bf16 would be slow",
                hint="use ml.dtype: float16 (the auto choice on MPS) or float32",
            )
        chosen = "float16" if dtype == "auto" else dtype
        why = "Apple GPU, fp16 is native" if dtype == "auto" else "forced in config"
        return Backend("mps", chosen, f"device {picked}; {why}", "Apple MPS")
    # CPU
    if dtype in ("bfloat16", "float16") and not _cpu_native(torch, dtype):
        raise MLBackendError(
            f"ml.dtype {dtype} is refused on this CPU: torch reports no native "
            f"{'AVX512-BF16/AMX' if dtype == 'bfloat16' else 'AMX-FP16'} instructions, so it "
            "would run emulated, slower than float32",
            hint="use ml.dtype: auto (float32 on CPU)",
        )
    chosen = "float32" if dtype == "auto" else dtype
    why = "fp32 on CPU" if dtype == "auto" else "forced in config, native on this CPU"
    return Backend("cpu", chosen, f"device {picked}; {why}", "CPU")


def _cuda_dtype(torch: ModuleType, device: str, index: int, dtype: str, picked: str) -> Backend:
    hardware = _gpu_name(torch, index)
    native_bf16 = cuda_native_bf16(torch, index)
    if dtype == "auto":
        if native_bf16:
            return Backend(device, "bfloat16", f"device {picked}; native bf16", hardware)
        return Backend(device, "float16", f"device {picked}; no native bf16, fp16", hardware)
    if dtype == "bfloat16" and not native_bf16:
        major, minor = _capability(torch, index)
        raise MLBackendError(
            f"ml.dtype bfloat16 is refused on {hardware}: bf16 is native from sm_80 (Ampere) "
            f"on; on sm_{major}{minor} torch would emulate it, about 2.6x slower than float16",
            hint="use ml.dtype: float16 (or auto, which picks it here)",
        )
    return Backend(device, dtype, f"device {picked}; {dtype} forced in config", hardware)
