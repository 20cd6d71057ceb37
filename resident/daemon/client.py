"""The CLI's side of the daemon: find the live one for a data directory and talk to it with the
owner token. Each method is one HTTP call; the answers are the API's JSON."""

from __future__ import annotations

from typing import Any

import httpx

from resident.config import Settings
from resident.daemon.ownership import DaemonInfo, live_daemon
from resident.daemon.tokens import stored_token
from resident.errors import DaemonNotRunning, Unauthorized
from resident.memory.remote import raise_for_error


class DaemonClient:
    def __init__(self, info: DaemonInfo, token: str, timeout: float = 120.0) -> None:
        self.info = info
        self._http = httpx.Client(base_url=info.url, timeout=httpx.Timeout(timeout, connect=5.0),
                                  headers={"Authorization": f"Bearer {token}"})

    @classmethod
    def find(cls, settings: Settings) -> DaemonClient | None:
        """A client of the daemon that owns `settings.data_dir`, or None when none runs."""
        info = live_daemon(settings.data_dir)
        if info is None:
            return None
        token = stored_token(settings.data_dir, "owner")
        if token is None:
            raise Unauthorized(f"no owner token in {settings.data_dir / 'tokens.json'}")
        return cls(info, token)

    @classmethod
    def require(cls, settings: Settings) -> DaemonClient:
        client = cls.find(settings)
        if client is None:
            raise DaemonNotRunning(f"MAX is not up on {settings.data_dir}: start him with "
                                   "`resident up` (in another terminal, or as a service)")
        return client

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> DaemonClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _json(self, method: str, path: str, **kwargs: Any) -> dict[str, Any]:
        try:
            resp = self._http.request(method, path, **kwargs)
        except httpx.TransportError as exc:
            raise DaemonNotRunning(f"the daemon at {self.info.url} did not answer: {exc}") from exc
        raise_for_error(resp)
        result: dict[str, Any] = resp.json()
        return result

    def converse(self, text: str, person: str | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"text": text}
        if person is not None:
            body["person"] = person
        return self._json("POST", "/v1/converse", json=body)

    def state(self) -> dict[str, Any]:
        return self._json("GET", "/v1/state")

    def facts(self, subject: str) -> dict[str, Any]:
        return self._json("GET", "/v1/facts", params={"subject": subject})

    def why(self, query: str) -> dict[str, Any]:
        return self._json("GET", "/v1/why", params={"q": query})

    def health(self) -> dict[str, Any]:
        return self._json("GET", "/healthz")

    def enrol(self, who: str, modality: str, data: bytes) -> dict[str, Any]:
        return self._json("POST", f"/v1/people/{who}/{modality}", content=data)

    def identify(self, modality: str, data: bytes) -> dict[str, Any]:
        return self._json("POST", f"/v1/identify/{modality}", content=data)

    def biometrics(self, who: str, erase: bool = False) -> dict[str, Any]:
        return self._json("DELETE" if erase else "GET", f"/v1/people/{who}/biometrics")

    def mint_token(self, name: str) -> dict[str, Any]:
        return self._json("POST", "/v1/tokens", json={"name": name})
