"""A tiny real HTTP adapter for the integration tests: GET {base}/search?q=&limit= → JSON.

Answer: {"results": [{"title", "url", "snippet"}], "credits": N?}. The credential travels
as ``Authorization: Bearer`` and, to exercise URL redaction, as ``key=`` in the query.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from scout.errors import ParseError
from scout.adapters.contract import Reply, Request, SearchAdapter, SearchRequest, Secret, Usage
from scout.adapters.contract.http import send
from scout.schemas.sources import Source


class JsonSearchAdapter(SearchAdapter):
    type_name: ClassVar[str] = "fake_json"

    def call(self, request: Request, credential: Secret | None = None) -> Reply[Any]:
        assert isinstance(request, SearchRequest) and self.client is not None
        params: dict[str, Any] = {"q": request.query, "limit": request.limit}
        headers = {}
        if credential is not None:
            headers["Authorization"] = f"Bearer {credential.reveal()}"
            params["key"] = credential.reveal()
        req = self.client.build_request("GET", f"{self.base_url}/search", params=params,
                                        headers=headers)
        resp = send(self.client, req, self.name)
        try:
            data = json.loads(resp.content)
            items = data["results"]
            value = [Source(title=r["title"], url=r["url"], snippet=r.get("snippet", ""),
                            rank=i + 1, adapter=self.name) for i, r in enumerate(items)]
        except (ValueError, KeyError, TypeError) as exc:
            raise ParseError(f"{self.name}: unreadable answer ({type(exc).__name__})",
                             adapter=self.name, status=resp.status_code) from exc
        usage = Usage(credits=data["credits"]) if "credits" in data else Usage()
        return Reply(value, usage, resp.status_code)
