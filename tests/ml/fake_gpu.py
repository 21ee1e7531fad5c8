"""A simulated GPU for the ml tests: mocks of torch.cuda and torch.backends.mps.

Like real torch, the fake `is_bf16_supported()` defaults to `including_emulation=True`
and then answers True on sm_75, so code that forgets the argument picks bf16 there.
"""

from __future__ import annotations

import pytest


class FakeGPU:
    """Patch torch.cuda to look like one or more GPUs of given compute capabilities."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *caps: tuple[int, int],
                 kwarg: bool = True, current: int = 0, mps: bool = False) -> None:
        self.caps = list(caps)
        self.calls: list[dict] = []
        import torch

        cuda = torch.cuda
        monkeypatch.setattr(cuda, "is_available", lambda: bool(self.caps))
        monkeypatch.setattr(cuda, "device_count", lambda: len(self.caps))
        monkeypatch.setattr(cuda, "current_device", lambda: current)
        monkeypatch.setattr(cuda, "get_device_capability",
                            lambda index=None: self.caps[current if index is None else index])
        monkeypatch.setattr(cuda, "get_device_name",
                            lambda index=None: f"Fake GPU {current if index is None else index}")
        native = lambda: self.caps[current] >= (8, 0)  # noqa: E731
        if kwarg:  # torch >= 2.4: emulation counted unless asked not to (like real torch)
            def is_bf16_supported(including_emulation: bool = True) -> bool:
                self.calls.append({"including_emulation": including_emulation})
                return native() or (including_emulation and self.caps[current] >= (5, 0))
        else:  # older torch: no argument, and the answer counted emulation on sm_75
            def is_bf16_supported() -> bool:  # type: ignore[misc]
                self.calls.append({})
                return True
        monkeypatch.setattr(cuda, "is_bf16_supported", is_bf16_supported)
        monkeypatch.setattr(torch.backends.mps, "is_available", lambda: mps)


