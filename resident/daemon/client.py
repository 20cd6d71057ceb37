"""The client side of the daemon: `open_graph` (the graph for this process: the daemon's while
one owns the data directory, the file itself otherwise) and DaemonClient, the CLI's owner-token
client, each method one HTTP call whose answer is the API's JSON."""

from __future__ import annotations

from typing import Any

import httpx

from resident.config import Settings
from resident.daemon.tokens import stored_token
from resident.errors import DaemonCrashed, DaemonNotRunning, GraphBusy, Unauthorized
from resident.house.ownership import INFO_FILE, DaemonInfo, live_daemon, read_info
from resident.memory.client import GraphStore
from resident.memory.duck_store import DuckStore
from resident.memory.remote import RemoteGraph, raise_for_error

#: Embedding a clip or an image takes seconds, and over a minute on a loaded machine (the
#: daemon queues them in its encoder lane): the CLI waits that long for them.
ENCODER_TIMEOUT = httpx.Timeout(600.0, connect=5.0)


class DaemonClient:
    def __init__(self, info: DaemonInfo, token: str, timeout: float = 120.0) -> None:
        self.info = info
        self._http = httpx.Client(
            base_url=info.url,
            timeout=httpx.Timeout(timeout, connect=5.0),
            headers={"Authorization": f"Bearer {token}"},
        )

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
            raise DaemonNotRunning(
                f"MAX is not up on {settings.data_dir}: start him with "
                "`resident up` (in another terminal, or as a service)"
            )
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

    def converse(
        self, text: str, person: str | None = None, at: str | None = None
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"text": text}
        if person is not None:
            body["person"] = person
        if at is not None:
            body["at"] = at
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
        return self._json(
            "POST", f"/v1/people/{who}/{modality}", content=data, timeout=ENCODER_TIMEOUT
        )

    def identify(self, modality: str, data: bytes) -> dict[str, Any]:
        return self._json("POST", f"/v1/identify/{modality}", content=data, timeout=ENCODER_TIMEOUT)

    def biometrics(self, who: str, erase: bool = False) -> dict[str, Any]:
        return self._json("DELETE" if erase else "GET", f"/v1/people/{who}/biometrics")

    def mint_token(self, name: str) -> dict[str, Any]:
        return self._json("POST", "/v1/tokens", json={"name": name})


def open_graph(settings: Settings, *, create: bool = False) -> GraphStore:
    """The graph for this process: the daemon's, over HTTP, while a live daemon owns the data
    directory (daemon.json, its lock held, its pid alive, /healthz answering); otherwise the
    file itself, embedded. `create` applies to the embedded case (a new data directory)."""
    info = live_daemon(settings.data_dir)
    if info is not None:
        token = stored_token(settings.data_dir, "service")
        if token is None:
            raise GraphBusy(
                f"a daemon owns {settings.data_dir} but tokens.json has no "
                "service token to reach it with"
            )
        # The type checker reads RemoteGraph's generated methods as the Protocol's abstract ones.
        remote = RemoteGraph(info.url, token)  # type: ignore[abstract]
        try:
            remote.health()
        except DaemonNotRunning:
            remote.close()  # it is going away: the embedded open below says whether it has
        else:
            return remote
    _refuse_behind_a_crashed_daemon(settings)
    return DuckStore.open(settings, create=create)


def _refuse_behind_a_crashed_daemon(settings: Settings) -> None:
    """Embedded mode is for MAX down on purpose (no daemon.json). A daemon.json left by a
    crashed daemon means one should own the graph: opening the file now would race the next
    `resident up` (an orphaned worker once wrote 310k claims that way)."""
    left = read_info(settings.data_dir)
    if left is not None:
        raise DaemonCrashed(
            f"MAX's daemon (pid {left.pid}, session {left.session_id}) should own "
            f"{settings.data_dir} but is not running: it crashed. Not opening the graph file "
            f"behind its back; waiting for `resident up` (remove {settings.data_dir / INFO_FILE} "
            "only if MAX is down on purpose)"
        )
