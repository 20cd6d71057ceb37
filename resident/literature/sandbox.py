"""Reading documents in a child process under a memory and CPU budget.

A hostile file (a decompression bomb the archive check missed, a PDF whose page streams blow
up) must cost MAX one refused document, never the machine: the whole child, what it allocates
and the libraries it maps, stays within `literature.max_memory_mb`. Before its first document
the child loads what every reading needs (MuPDF, WordNet, the entity recogniser: trusted code),
sees how much of its memory is mapped files (libraries, which RLIMIT_DATA does not count), and
sets RLIMIT_DATA to the budget less that and `_MAPPED_RESERVE` (RLIMIT_AS a GiB above the
budget). Each document gets `literature.max_cpu_seconds` of CPU (RLIMIT_CPU, moved on before
each document, under a hard limit it cannot raise). It hands back each Distillation as one JSON
line on stdout.

Loading spaCy and WordNet costs a child about as much as reading a short document, so a child
reads several documents in turn (a library is mostly short documents) and is retired:
- after a document it could not read (refused, out of memory, killed): the next document gets
  a fresh child, so nothing a hostile file left behind reaches another document;
- when its data segment has used `_RETIRE_AT` of the room it had once loaded, or when what is
  left of its lifetime CPU is less than one document's budget.
A document refused for memory, or whose reading killed the child, in a child that had read
others before is read once more in a fresh child: only a fresh child's refusal is the
document's, so the per-document bound is what it was with one child per document.

An allocation past the budget fails inside the child (MemoryError, or MuPDF's own out-of-memory
error), which it reports as document_too_large; a child killed or crashed is reported too. The
child's stderr (MuPDF prints what it repairs there) is dropped, so nothing of a file reaches a
log by that way. The parent (a flow run, `resident read`, a Dask worker) never holds the
document; it keeps its idle children for the next document and closes them at exit.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import json
import os
import resource
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

from resident.config import REPO_ROOT
from resident.config_reading import LiteratureSettings
from resident.errors import CorruptDocument, DocumentTooLarge, UnreadableDocument
from resident.literature.distill import Distillation, PageProgress, no_page_progress
from resident.literature.reader import out_of_memory
from resident.places import Checked

#: Keep the child lean: one malloc arena, no thread pools it does not need.
_CHILD_ENV = {"MALLOC_ARENA_MAX": "2", "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}
#: A child whose data segment has grown past this share of the room its data limit left it once
#: loaded reads no more (documents leave ~0.2 MiB each behind; a fresh child has its full room).
_RETIRE_AT = 0.5
#: Library pages a reading may touch after the child has loaded (measured: MuPDF's fonts and
#: code paths a document reaches; see benchmarks/RESULTS-security.md), kept out of the data limit.
_MAPPED_RESERVE = 64 << 20
#: A child's whole life may use this many documents' CPU budgets (RLIMIT_CPU's hard limit).
_LIFETIME_BUDGETS = 2

_Key = tuple[int, int, int]
_Outcome = tuple[dict[str, object] | None, int | None]


class _Child:
    """One budgeted reading process, fed one request line per document."""

    def __init__(self) -> None:
        env = {**os.environ, **_CHILD_ENV, "PYTHONPATH": _pythonpath()}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "resident.literature.sandbox"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            cwd=REPO_ROOT,
        )
        self.served = 0

    def read(self, request: str, progress: PageProgress) -> _Outcome:
        """Send one document; its outcome line, and the exit status when the child ended."""
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(request.encode() + b"\n")
            stdin.flush()
        except OSError:  # the child is gone (killed from outside): its status says how
            return None, self.proc.wait()
        self.served += 1
        outcome = _protocol(stdout, progress)
        if outcome is None or "error" in outcome or outcome.get("retiring"):
            return outcome, self.close()
        return outcome, None

    def close(self) -> int:
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            with contextlib.suppress(OSError):
                self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


def _protocol(stdout: IO[bytes], progress: PageProgress) -> dict[str, object] | None:
    """Progress lines passed on until the outcome line; None when the child ended first."""
    for raw in stdout:
        try:
            line = json.loads(raw)
        except ValueError:  # not the protocol: never passed on
            continue
        if not isinstance(line, dict):
            continue
        if "done" in line:
            progress(int(line["done"]), int(line["total"]))
        else:
            return line
    return None


class _Pool:
    """Idle children of this process, by the budget they were started under."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.idle: dict[_Key, list[_Child]] = {}
        self.pid = os.getpid()

    def take(self, key: _Key) -> _Child:
        with self.lock:
            if self.pid != os.getpid():  # forked: those children are the parent's
                self.idle, self.pid = {}, os.getpid()
            waiting = self.idle.get(key)
            if waiting:
                return waiting.pop()
        return _Child()

    def give_back(self, key: _Key, child: _Child) -> None:
        with self.lock:
            if self.pid == os.getpid():
                self.idle.setdefault(key, []).append(child)
                return
        child.close()

    def close(self) -> None:
        with self.lock:
            children = [c for waiting in self.idle.values() for c in waiting]
            self.idle = {}
        for child in children:
            child.close()


_pool = _Pool()
atexit.register(_pool.close)


def close_children() -> None:
    """End this process's idle reading children (they end with it anyway)."""
    _pool.close()


def idle_children() -> list[int]:
    """Process ids of this process's idle reading children."""
    with _pool.lock:
        return [c.proc.pid for waiting in _pool.idle.values() for c in waiting]


def distill_bounded(
    checked: Checked, lit: LiteratureSettings, progress: PageProgress = no_page_progress
) -> Distillation:
    """Distill the checked file in a budgeted child; UnreadableDocument (typed) on refusal."""
    request = json.dumps(
        {
            "path": str(checked.path),
            "device": checked.device,
            "inode": checked.inode,
            "literature": lit.model_dump(mode="json"),
        }
    )
    # A child inherits this process's environment when it starts: one started under another
    # environment (a test's, a changed setting) is not handed the document.
    key = (lit.max_memory_mb, lit.max_cpu_seconds, hash(frozenset(os.environ.items())))
    child = _pool.take(key)
    outcome, code = child.read(request, progress)
    if code is None:
        _pool.give_back(key, child)
    elif child.served > 1 and _maybe_not_the_documents(outcome, code):
        # Refused in a child that had read other documents: the refusal may be theirs.
        fresh = _Child()
        outcome, code = fresh.read(request, progress)
        if code is None:
            _pool.give_back(key, fresh)
    return _outcome(str(checked.path), outcome, code or 0, lit)


def _maybe_not_the_documents(outcome: dict[str, object] | None, code: int) -> bool:
    """An out-of-memory refusal or a death other than the CPU limit (which is per document)."""
    if outcome is not None and "error" in outcome:
        return outcome["error"] == DocumentTooLarge.code
    return outcome is None and code != -signal.SIGXCPU


def _pythonpath() -> str:
    """The child imports this tree first, whatever the parent's path was."""
    rest = os.environ.get("PYTHONPATH", "")
    return str(REPO_ROOT) + (os.pathsep + rest if rest else "")


def _outcome(
    path: str, outcome: dict[str, object] | None, code: int, lit: LiteratureSettings
) -> Distillation:
    if outcome is not None and "distillation" in outcome:
        return Distillation.model_validate(outcome["distillation"])
    if outcome is not None and "error" in outcome:
        raise _typed(str(outcome["error"]))(path, str(outcome["reason"]))
    if code in (-signal.SIGXCPU, -signal.SIGKILL):
        raise DocumentTooLarge(
            path, f"reading it took more than literature.max_cpu_seconds ({lit.max_cpu_seconds})"
        )
    raise CorruptDocument(path, f"the reading process died (exit status {code})")


def _typed(code: str) -> type[UnreadableDocument]:
    def walk(cls: type[UnreadableDocument]) -> list[type[UnreadableDocument]]:
        return [cls, *(c for sub in cls.__subclasses__() for c in walk(sub))]

    return next((c for c in walk(UnreadableDocument) if c.code == code), UnreadableDocument)


# -- the child -----------------------------------------------------------------------------------


_channel = 1


def _say(message: dict[str, object]) -> None:
    os.write(_channel, (json.dumps(message) + "\n").encode())


def _child() -> int:
    global _channel
    # MuPDF prints its complaints on stdout: the protocol keeps its own copy of the pipe and
    # stdout goes nowhere, so nothing a file holds can slip into the parent's stream or logs.
    _channel = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
    retire_at: int | None = None
    for raw in sys.stdin.buffer:
        request = json.loads(raw)
        lit = LiteratureSettings.model_validate(request["literature"])
        if retire_at is None:
            _load_reading(lit)
            retire_at = _set_budget(lit)
        _cpu_for_one_document(lit)
        outcome = _read_one(request, lit) if retire_at > 0 else _no_room(lit)
        _release_caches()
        if "error" in outcome:  # a child that failed a document reads no other
            _say(outcome)
            return 0
        retiring = _worn(lit, retire_at)
        _say({**outcome, "retiring": retiring})
        if retiring:
            return 0
    return 0


def _load_reading(lit: LiteratureSettings) -> None:
    """What every document's reading loads, loaded before the budget is set, so that the
    libraries it maps are known: no document has been opened yet."""
    import pymupdf  # noqa: F401  (MuPDF's library is most of what a reading maps)

    from resident.literature import keep_loaded, reading_pipeline, wordnet

    if wordnet.installed():
        wordnet.wordnet()
    if lit.ner:
        reading_pipeline(lit.pipeline)
    keep_loaded()


def _set_budget(lit: LiteratureSettings) -> int:
    """Set the limits; the data size past which the child retires (0: the budget leaves the
    loaded child no room to read in)."""
    budget = lit.max_memory_mb << 20
    mapped = (_status_bytes("RssFile") or 0) + (_status_bytes("RssShmem") or 0)
    data, retire_at = data_limits(budget, mapped, _status_bytes("VmData") or 0)
    # Soft and hard alike: the child cannot raise them back. RLIMIT_AS, a GiB above the
    # budget, bounds what is mapped but never touched (the trained pipeline maps ~1 GB).
    resource.setrlimit(resource.RLIMIT_DATA, (data, data))
    resource.setrlimit(resource.RLIMIT_AS, (budget + (1 << 30), budget + (1 << 30)))
    # The hard CPU limit is the child's whole life; each document gets its own soft limit.
    life = int(_cpu_used()) + _LIFETIME_BUDGETS * lit.max_cpu_seconds + 5
    resource.setrlimit(resource.RLIMIT_CPU, (life, life))
    return retire_at


def data_limits(budget: int, mapped: int, loaded: int) -> tuple[int, int]:
    """(RLIMIT_DATA, retirement line) in bytes for a loaded child under `budget`, with `mapped`
    bytes of files resident and a data segment of `loaded` bytes; the line is 0 when the
    budget leaves no room to read. RLIMIT_DATA bounds what the reading allocates (heap and
    anonymous mappings); the libraries already resident and a reserve for those a reading
    touches later are taken off it, so that all that is resident stays within the budget."""
    data = max(budget - mapped - _MAPPED_RESERVE, 0)
    return data, (int(loaded + _RETIRE_AT * (data - loaded)) if data > loaded else 0)


def _cpu_for_one_document(lit: LiteratureSettings) -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    soft = min(int(_cpu_used()) + 1 + lit.max_cpu_seconds, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def _cpu_used() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _release_caches() -> None:
    """What MuPDF keeps of the last document and the cycles it left go before the next one."""
    pymupdf = sys.modules.get("pymupdf")
    if pymupdf is not None:
        pymupdf.TOOLS.store_shrink(100)
    gc.collect()


def _worn(lit: LiteratureSettings, retire_at: int) -> bool:
    """Whether this child should read no more: its data segment past `retire_at`, or less than
    one document's CPU left of its life."""
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if _cpu_used() + 1 + lit.max_cpu_seconds > hard:
        return True
    data = _status_bytes("VmData")  # what RLIMIT_DATA counts
    return data is None or data > retire_at


def _status_bytes(field: str) -> int | None:
    """One size from /proc/self/status (VmData, RssFile, ...), None where /proc does not say."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) << 10
    return None


def _read_one(request: dict[str, object], lit: LiteratureSettings) -> dict[str, object]:
    """One document read: its distillation, or its refusal, as the protocol's outcome line."""
    path = Path(str(request["path"]))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        try:
            info = os.fstat(fd)
        finally:
            os.close(fd)
        if (info.st_dev, info.st_ino) != (request["device"], request["inode"]):
            raise CorruptDocument(str(path), "the file changed between its check and its reading")
        from resident.literature import distill_with

        def progress(done: int, total: int) -> None:
            _say({"done": done, "total": total})

        found = distill_with(path, lit, progress)
    except MemoryError:
        return _too_large(lit)
    except UnreadableDocument as exc:
        return {"error": exc.code, "reason": exc.reason}
    except Exception as exc:  # MuPDF raises its own types, its out-of-memory among them
        if out_of_memory(exc):
            return _too_large(lit)
        return {"error": CorruptDocument.code, "reason": f"not readable ({type(exc).__name__})"}
    return {"distillation": found.model_dump(mode="json")}


def _no_room(lit: LiteratureSettings) -> dict[str, object]:
    return {
        "error": DocumentTooLarge.code,
        "reason": f"literature.max_memory_mb ({lit.max_memory_mb} MiB) leaves no room to read "
        "beside the loaded reading pipeline",
    }


def _too_large(lit: LiteratureSettings) -> dict[str, object]:
    return {
        "error": DocumentTooLarge.code,
        "reason": f"reading it needs more than literature.max_memory_mb ({lit.max_memory_mb} MiB)",
    }


if __name__ == "__main__":
    sys.exit(_child())
