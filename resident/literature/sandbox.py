"""Reading one document in a child process under a memory and CPU budget.

A hostile file (a decompression bomb the archive check missed, a PDF whose page streams blow
up) must cost MAX one refused document, never the machine: the child sets RLIMIT_DATA to
`literature.max_memory_mb` (RLIMIT_AS a GiB above it) and RLIMIT_CPU to
`literature.max_cpu_seconds` on itself before it loads the reading pipeline, reads the
document, and hands back its Distillation as JSON on stdout.
An allocation past the budget fails inside the child (MemoryError, or MuPDF's own out-of-memory
error), which it reports as document_too_large; a child killed or crashed is reported too. The
child's stderr (MuPDF prints what it repairs there) is dropped, so nothing of a file reaches a
log by that way. The parent (a flow run, `resident read`) never holds the document.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

from resident.config import REPO_ROOT
from resident.config_reading import LiteratureSettings
from resident.errors import CorruptDocument, DocumentTooLarge, UnreadableDocument
from resident.literature.distill import Distillation, PageProgress, no_page_progress
from resident.places import Checked

#: Keep the child lean: one malloc arena, no thread pools it does not need.
_CHILD_ENV = {"MALLOC_ARENA_MAX": "2", "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}


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
    env = {**os.environ, **_CHILD_ENV, "PYTHONPATH": _pythonpath()}
    proc = subprocess.Popen(
        [sys.executable, "-m", "resident.literature.sandbox"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=REPO_ROOT,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(request.encode())
    proc.stdin.close()
    outcome: dict[str, object] | None = None
    for raw in proc.stdout:
        try:
            line = json.loads(raw)
        except ValueError:  # not the protocol: never passed on
            continue
        if not isinstance(line, dict):
            continue
        if "done" in line:
            progress(int(line["done"]), int(line["total"]))
        else:
            outcome = line
    code = proc.wait()
    return _outcome(str(checked.path), outcome, code, lit)


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
    request = json.loads(sys.stdin.read())
    lit = LiteratureSettings.model_validate(request["literature"])
    budget = lit.max_memory_mb << 20
    # Soft and hard alike: the child cannot raise them back. RLIMIT_DATA bounds what the
    # reading allocates (heap and anonymous mappings: what becomes resident); RLIMIT_AS, a GiB
    # above it, bounds the rest (libraries, stacks), which the trained pipeline maps ~1 GB of.
    resource.setrlimit(resource.RLIMIT_DATA, (budget, budget))
    resource.setrlimit(resource.RLIMIT_AS, (budget + (1 << 30), budget + (1 << 30)))
    resource.setrlimit(resource.RLIMIT_CPU, (lit.max_cpu_seconds, lit.max_cpu_seconds + 5))
    path = Path(request["path"])
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
        _say(_too_large(lit))
        return 0
    except UnreadableDocument as exc:
        _say({"error": exc.code, "reason": exc.reason})
        return 0
    except Exception as exc:  # MuPDF raises its own types, its out-of-memory among them
        if "memory" in f"{type(exc).__name__} {exc}".lower() or "alloc (" in str(exc):
            _say(_too_large(lit))
        else:
            _say({"error": CorruptDocument.code, "reason": f"not readable ({type(exc).__name__})"})
        return 0
    _say({"distillation": found.model_dump(mode="json")})
    return 0


def _too_large(lit: LiteratureSettings) -> dict[str, object]:
    return {
        "error": DocumentTooLarge.code,
        "reason": f"reading it needs more than literature.max_memory_mb ({lit.max_memory_mb} MiB)",
    }


if __name__ == "__main__":
    sys.exit(_child())
