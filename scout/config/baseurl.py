"""Whether a ``base_url`` written in a config file can be a provider's API.

A project written by someone else ships its own config/adapters.yaml, so its addresses are
checked before any call: an http(s) address with a host, never a cloud metadata service
or a link-local host (:func:`base_url_problem`; the page fetcher's SSRF guard names the
same :data:`METADATA_ADDRESSES` and :data:`METADATA_NAMES`), and an Azure OpenAI
deployment URL with its ``api-version`` (:func:`azure_without_version`). Pure, no I/O.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import parse_qsl, urlsplit

from scout.i18n import N_

#: names that reach a cloud metadata service without a metadata address in the URL
METADATA_NAMES = frozenset({"metadata", "metadata.google.internal", "metadata.goog",
                            "instance-data", "instance-data.ec2.internal"})

#: well-known metadata addresses (the page fetcher's SSRF guard names them in refusals)
METADATA_ADDRESSES = frozenset({
    ipaddress.ip_address("169.254.169.254"),   # AWS, GCP, Azure, OpenStack, ...
    ipaddress.ip_address("169.254.170.2"),     # AWS ECS task metadata
    ipaddress.ip_address("100.100.100.200"),   # Alibaba Cloud
    ipaddress.ip_address("fd00:ec2::254"),     # AWS IPv6
})


def base_url_problem(url: str) -> str | None:
    """Why a ``base_url`` written in a config file can be no provider's API, or None.

    A project written by someone else ships its own config/adapters.yaml: ``file://``
    failed every call as "connection failed, check the network", and a cloud metadata
    address (``http://169.254.169.254/``) or any link-local one would have been sent the
    adapter's requests, its key included. A server on this machine or the local network
    (Ollama, SearxNG on 127.0.0.1 or 192.168.x) is a real provider and stays allowed."""
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").rstrip(".").lower()
    except ValueError as exc:
        return f"is not a URL ({exc})"
    if parts.scheme.lower() not in ("http", "https"):
        return (f"must be an http:// or https:// address (not '{parts.scheme}:'): a "
                f"provider's API is called over HTTP") if parts.scheme else \
            "must be an http:// or https:// address, with the host (https://api.example.com)"
    if not host:
        return "has no host (write it as https://api.example.com/…)"
    if host in METADATA_NAMES:
        return f"names a cloud metadata service ('{host}'), not a provider's API"
    try:
        ip = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None
    mapped = getattr(ip, "ipv4_mapped", None)
    for addr in (ip, mapped) if mapped is not None else (ip,):
        if addr in METADATA_ADDRESSES or addr.is_link_local:
            return (f"points at {addr}, a cloud metadata or link-local address, not a "
                    f"provider's API")
    return None


#: what to do about an address variable (``SCOUTE_<NAME>_BASE_URL``, a self-hosted
#: adapter's ``url_env``) that is no provider's API: preflight's CFG010, a call's CFG018
BAD_URL_HINT = N_("set it to the provider's http:// or https:// address "
                  "(https://api.example.com/v1, or a server on this machine such as "
                  "http://127.0.0.1:8080), or unset it to use the base_url of "
                  "config/adapters.yaml")


#: an Azure OpenAI deployment URL's path ("/openai/deployments/NAME"), which needs its
#: ``api-version`` query (the v1 API, "/openai/v1", takes none)
_AZURE_DEPLOYMENT = re.compile(r"/openai/deployments/[^/?#]+", re.I)
AZURE_VERSION_PROBLEM = ("base_url is an Azure OpenAI deployment URL without its API "
                         "version: end it with ?api-version=2024-10-21 (the version your "
                         "resource serves), or use the v1 API: https://RESOURCE.openai.azure"
                         ".com/openai/v1 with model: the deployment's name")


def azure_deployment(url: str) -> bool:
    """Whether ``url`` is an Azure OpenAI deployment URL (``…/openai/deployments/NAME``)."""
    return bool(_AZURE_DEPLOYMENT.search(urlsplit(url.strip()).path))


def azure_without_version(url: str) -> bool:
    """Whether ``url`` is an Azure OpenAI deployment URL with no ``api-version`` query:
    Azure answers it with a 404 that says nothing of the version."""
    parts = urlsplit(url.strip())
    return azure_deployment(url) and not any(
        k.strip().lower() == "api-version" and v.strip()
        for k, v in parse_qsl(parts.query, keep_blank_values=True))
