"""`resident up`: the boot sequence and the daemon's whole life, from the lock to a clean exit.

Order matters. The lock comes first (a second daemon is refused before it touches anything),
then tokens, the graph (migrations included on a new data directory), MAX himself (boot), the
HTTP server; daemon.json is published only once the server answers, and companions start after
that. Shutdown runs the other way: companions, HTTP server, resident.shutdown, graph checkpoint
and close, lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import signal
import socket
import sys
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import TYPE_CHECKING, Any

import psutil
import uvicorn

from resident.clock import SystemClock
from resident.config import Settings
from resident.daemon.app import create_app
from resident.daemon.guard import GuardedGraph
from resident.daemon.runtime import Runtime
from resident.daemon.tokens import TOKENS_FILE, TokenStore
from resident.errors import ConfigError
from resident.house.companions import DaemonContext, flow_companions
from resident.house.ownership import DaemonInfo, DaemonLock
from resident.house.supervisor import Supervisor, replace_leftovers
from resident.language import language_for
from resident.memory.duck_store import DuckStore
from resident.memory.integrity import check_graph
from resident.state.atomic import sweep_temps
from resident.state.storage import free_bytes

if TYPE_CHECKING:
    from resident.daemon.boot import Resident

log = logging.getLogger("resident.daemon")

#: Free space a checkpoint leaves beyond twice the WAL it folds into the graph file.
CHECKPOINT_MARGIN_BYTES = 1 << 20

Echo = Callable[[str], None]


class _Server(uvicorn.Server):
    """uvicorn without its own signal handling: `resident up` stops companions before the
    HTTP server, so it takes SIGINT and SIGTERM itself."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


def check_host(host: str, allow_non_loopback: bool) -> None:
    if host == "localhost":
        return
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError as exc:
        raise ConfigError("daemon.host", f"{host!r} is not an IP address") from exc
    if not loopback and not allow_non_loopback:
        raise ConfigError(
            "daemon.host",
            f"{host} is not loopback; MAX listens on this machine "
            "only unless daemon.allow_non_loopback = true",
        )


def bind(host: str, port: int) -> socket.socket:
    """A bound socket (port 0: a free one); uvicorn listens on it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # proto must say TCP: asyncio sets TCP_NODELAY only on accepted sockets that do, and
    # without it every response waits out the client's delayed ACK (40 ms a request here).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise ConfigError(
            "daemon.port",
            f"cannot listen on {host}:{port} ({exc.strerror}); "
            "choose another with --port (0 picks a free one)",
        ) from exc
    sock.set_inheritable(False)
    return sock


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def _signals(handler: Any) -> Iterator[None]:
    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def run_daemon(
    settings: Settings, *, port: int | None = None, flows: bool = True, echo: Echo = print
) -> None:
    """Run MAX's daemon in the foreground until SIGINT or SIGTERM."""
    born = psutil.Process().create_time()
    d = settings.daemon
    check_host(d.host, d.allow_non_loopback)
    lock = DaemonLock(settings.data_dir)
    lock.acquire()
    _replace_leftovers(lock, echo)
    for temp in sweep_temps(settings.snapshots_dir):
        echo(f"removed {temp}, left by a snapshot that did not finish")
    clock = SystemClock()
    graph: GuardedGraph | None = None
    resident: Resident | None = None
    try:
        # A signal during boot unwinds through the finally below: nothing is left half done.
        with _signals(_raise_interrupt):
            tokens = TokenStore.ensure(settings.data_dir)
            if settings.graph_path.exists():
                # A damaged file is refused in one line naming it and the recovery, before
                # anything opens it for writing (resident/memory/integrity.py).
                check_graph(
                    settings.graph_path, settings.snapshots_dir, settings.graph.boot_check_percent
                )
            # The type checker reads the generated methods as the Protocol's abstract ones.
            graph = GuardedGraph(  # type: ignore[abstract]
                DuckStore.open(settings, create=True), d, reopen=lambda: _reopen_graph(settings)
            )
            graph.store.set_checkpoint_threshold(d.checkpoint_threshold_mb)
            from resident.daemon.boot import boot

            resident = boot(settings, graph, clock)
            sock = bind(d.host, d.port if port is None else port)
            host = f"[{d.host}]" if ":" in d.host else d.host
            runtime = Runtime(
                settings,
                graph,
                tokens,
                resident,
                clock,
                started_at=clock.now(),
                url=f"http://{host}:{sock.getsockname()[1]}",
            )
        asyncio.run(_serve(runtime, sock, lock, flows, echo, born))
    except KeyboardInterrupt:
        echo("interrupted during boot; shutting down")
    finally:
        # Shutdown itself is not interrupted: a half-flushed state is worse than a short wait.
        with _signals(signal.SIG_IGN):
            try:
                if resident is not None:
                    language_for(resident).close()
                    resident.shutdown(clock.now())
            finally:
                if graph is not None:
                    graph.close()
                lock.release()
    echo(f"MAX is down: state flushed, graph checkpointed ({settings.data_dir})")


async def _serve(
    runtime: Runtime, sock: socket.socket, lock: DaemonLock, flows: bool, echo: Echo, born: float
) -> None:
    d = runtime.settings.daemon
    config = uvicorn.Config(
        create_app(runtime),
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=int(d.shutdown_timeout_seconds),
        # Read an oversized header whole so HeaderLimit can answer 431;
        # cut short, the client would see only a connection reset.
        h11_max_incomplete_event_size=16 * d.max_header_bytes,
    )
    server = _Server(config)
    stop = asyncio.Event()

    def on_signal() -> None:
        if stop.is_set():  # a second Ctrl-C: stop waiting for open requests
            server.force_exit = True
        stop.set()

    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, on_signal)

    serving = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        if serving.done():
            await serving
            return
        await asyncio.sleep(0.005)

    port = sock.getsockname()[1]
    info = DaemonInfo(
        pid=os.getpid(),
        host=d.host,
        port=port,
        url=runtime.url,
        session_id=runtime.session_id,
        started_at=runtime.started_at,
        data_dir=str(runtime.settings.data_dir),
    )
    lock.publish(info)
    _announce(runtime, echo, time.time() - born, flows)

    background = [
        asyncio.create_task(_warm_language(runtime)),
        asyncio.create_task(_housekeeping(runtime)),
    ]
    supervisor = Supervisor(
        echo=echo,
        emit=lambda kind, payload: _emit(runtime, kind, payload),
        on_change=lambda states: lock.publish(
            info.model_copy(update={"companions": tuple(states)})
        ),
    )
    runtime.supervisor = supervisor
    ctx = DaemonContext(
        runtime.settings, runtime.url, runtime.session_id, runtime.tokens.token_for("service")
    )
    companions = asyncio.create_task(
        _start_companions(ctx, supervisor, echo) if flows else asyncio.sleep(0)
    )
    stopping = asyncio.create_task(stop.wait())
    await asyncio.wait({serving, stopping}, return_when=asyncio.FIRST_COMPLETED)
    echo("stopping: companions first, then the HTTP server")
    await companions
    await asyncio.to_thread(supervisor.stop, d.companion_stop_seconds)
    server.should_exit = True
    stopping.cancel()
    for task in background:
        task.cancel()
    await serving
    await asyncio.gather(*background, return_exceptions=True)


async def _warm_language(runtime: Runtime) -> None:
    """Load the spaCy pipeline after ready, in the mind lane: the first turn waits for it
    instead of paying for it, and boot-to-ready does not grow with it."""
    try:
        await runtime.in_mind(lambda: language_for(runtime.resident).warm())
    except Exception:
        log.exception("the language pipeline could not be loaded ahead of the first turn")


async def _housekeeping(runtime: Runtime) -> None:
    """Every `daemon.housekeeping_seconds`: awake time acts on mood and drives (written
    through), the body parts that are due are probed, and the graph is checkpointed if MAX has
    been quiet. Probes may wait on the network for seconds, so the round runs beside turns
    (Resident is thread-safe), never ahead of them."""
    while True:
        await asyncio.sleep(runtime.settings.daemon.housekeeping_seconds)
        try:
            await runtime.in_graph(lambda: _housekeeping_round(runtime))
        except Exception:
            log.exception("housekeeping round failed")


def _housekeeping_round(runtime: Runtime) -> None:
    now = runtime.clock.now()
    runtime.resident.tick(now)
    # A social turn's lines, left unsynced (EventLog.grouped), reach the disk at the latest here.
    runtime.resident.events.sync()
    runtime.resident.check_due(now)
    # The retrievals turns read since the last graph write (memory/retrievals.py).
    runtime.graph.flush_retrievals()
    quiet = time.monotonic() - runtime.last_turn
    wal = runtime.graph.store.wal_bytes()
    if quiet >= runtime.settings.daemon.idle_checkpoint_seconds and wal > 0:
        if free_bytes(runtime.settings.data_dir) < 2 * wal + CHECKPOINT_MARGIN_BYTES:
            # A checkpoint the disk refuses invalidates the whole database (DuckDB): the WAL
            # keeps every commit meanwhile, so wait for space instead.
            log.warning("checkpoint put off: too little free space for %d bytes of WAL", wal)
            return
        # While nobody talks: the checkpoint's hold on other commits costs no turn anything.
        runtime.graph.checkpoint()


def _reopen_graph(settings: Settings) -> DuckStore:
    store = DuckStore.open(settings)
    store.set_checkpoint_threshold(settings.daemon.checkpoint_threshold_mb)
    return store


def _replace_leftovers(lock: DaemonLock, echo: Echo) -> None:
    """Companions a crashed daemon left running (its daemon.json named them) are stopped
    before ours start: they would hold the Prefect port and serve the deployments twice."""
    left = lock.left_behind
    if left is None or not left.companions:
        return
    for line in replace_leftovers(left.companions):
        echo(f"replaced a companion left by crashed daemon pid {left.pid}: {line}")


def _emit(runtime: Runtime, kind: str, payload: dict[str, Any]) -> None:
    try:
        runtime.resident.events.emit(kind, payload)
    except Exception:
        log.exception("event %s could not be written", kind)


async def _start_companions(ctx: DaemonContext, supervisor: Supervisor, echo: Echo) -> None:
    try:
        wanted = await asyncio.to_thread(flow_companions, ctx)
    except Exception as exc:
        log.exception("flows companions could not be listed")
        echo(f"flows: not started ({type(exc).__name__}: {exc})")
        return
    if not wanted:
        echo("flows: none declared (flows/companions.py); conversation and the graph API run")
        return
    for companion in wanted:
        try:
            await asyncio.to_thread(supervisor.start, companion)
        except Exception as exc:
            log.exception("companion %s failed to start", companion.name)
            echo(f"flows: {companion.name} FAILED to start: {exc}")
            continue
        ui = f" (UI http://127.0.0.1:{companion.port})" if companion.port else ""
        echo(f"flows: {companion.name}{ui} started (pid {companion.pid})")


def _announce(runtime: Runtime, echo: Echo, ready_seconds: float, flows: bool) -> None:
    url, data = runtime.url, runtime.settings.data_dir
    echo(f"MAX is up. session_id {runtime.session_id} (ready {ready_seconds:.2f} s after start)")
    echo(f"  conversation  {url}/v1/converse   (resident chat, resident say)")
    echo(f'  OpenAI API    {url}/v1            (model "{runtime.settings.daemon.model_name}")')
    echo(f"  graph API     {url}/v1/graph      (service token)")
    echo(f"  health        {url}/healthz")
    echo(f"  data          {data}   (tokens: {data / TOKENS_FILE}, mode 0600)")
    if not flows:
        echo("  flows         off (--no-flows)")
    echo("Stop with Ctrl-C or SIGTERM.")
    sys.stdout.flush()
