"""A ``base_url`` in a project's config/adapters.yaml is an HTTP address of a provider's
API: a project written by someone else ships its own config, and ``file:///etc/passwd``
passed ``scout validate`` to fail every call as "connection failed, check the network",
while a cloud metadata or link-local address would have been sent the adapter's requests,
its key included. Each is a located error now; a server on this machine or the local
network (Ollama, SearxNG) stays a provider."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.config.loader import load_config
from scout.config.baseurl import base_url_problem
from scout.errors import SpecInvalid

CONFIG = """\
apiVersion: scout/v1
kind: Config
adapters:
  searx:
    type: searxng
    base_url: URL
chains:
  web: [searx]
"""


@pytest.mark.parametrize(("url", "said"), [
    ("file:///etc/passwd", "not 'file:'"),
    ("FILE:///home/lab/.ssh/id_rsa", "not 'file:'"),
    ("gopher://127.0.0.1:6379/_INFO", "not 'gopher:'"),
    ("ftp://mirror.example.org/", "not 'ftp:'"),
    ("searx.example.org/search", "with the host"),
    ("http://", "has no host"),
    ("http://169.254.169.254/latest/meta-data/", "169.254.169.254, a cloud metadata"),
    ("http://169.254.10.1:8080/", "link-local"),
    ("'http://[fe80::1]:8080/'", "link-local"),
    ("'http://[::ffff:169.254.169.254]/'", "169.254.169.254"),
    ("'http://[fd00:ec2::254]/'", "cloud metadata"),
    ("http://100.100.100.200/", "cloud metadata"),
    ("http://metadata.google.internal/computeMetadata/v1/", "cloud metadata service"),
    ("http://Metadata.Google.Internal./", "cloud metadata service"),
])
def test_a_base_url_that_is_no_apis_address_is_a_located_error(tmp_path: Path, url: str,
                                                                said: str) -> None:
    path = tmp_path / "adapters.yaml"
    path.write_text(CONFIG.replace("URL", url), encoding="utf-8")
    with pytest.raises(SpecInvalid) as info:
        load_config(path)
    (problem,) = info.value.problems
    assert problem.location is not None and problem.location.line == 6
    assert "base_url" in problem.message and said in problem.message, problem.message
    assert "Traceback" not in problem.message


@pytest.mark.parametrize("url", [
    "https://searx.example.org", "http://127.0.0.1:8888", "http://localhost:11434/v1",
    "http://192.168.1.20:8080/", "http://10.0.0.5/", "'http://[::1]:8080'",
    "https://gateway.example.com/openai/deployments/x?api-version=2024-06-01",
])
def test_a_local_or_public_server_is_a_provider(tmp_path: Path, url: str) -> None:
    path = tmp_path / "adapters.yaml"
    path.write_text(CONFIG.replace("URL", url), encoding="utf-8")
    assert load_config(path).adapters["searx"].base_url


def test_every_shipped_config_passes() -> None:
    root = Path(__file__).resolve().parents[2]
    for path in [root / "config" / "adapters.yaml",
                 *sorted(root.glob("examples/*/config/adapters.yaml"))]:
        load_config(path)


def test_the_check_is_the_one_rule_for_any_string() -> None:
    assert base_url_problem("https://api.tavily.com") is None
    assert base_url_problem("http://[::1") is not None   # not a URL at all
    assert "http://" in (base_url_problem("javascript:alert(1)") or "")
