"""The memory of a whole process tree, sampled from /proc: this process and every descendant,
every `every` seconds, their RSS summed (the conservative figure: a shared library's pages count
once per process that maps them) and their PSS summed (each shared page split between its
users: what the tree takes from the machine). A sample is filed under the stage its running
child names (the request file on a night child's command line: quiz-before, night-read,
night-learn, night-write, quiz-after; resident.learning.night_process; a child that is exiting
keeps the stage it named), or `parent` when no child runs. Linux only."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

REQUEST = ".request.json"


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (the children of each of its threads, recursively)."""
    out: list[int] = []
    todo = [pid]
    while todo:
        p = todo.pop()
        for children in Path(f"/proc/{p}/task").glob("*/children"):
            try:
                kids = [int(x) for x in children.read_text().split()]
            except OSError:  # the thread or process ended meanwhile
                continue
            out += kids
            todo += kids
    return out


def _kib(path: str, key: str) -> int:
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith(key):
                return int(line.split()[1])
    except OSError:
        return 0
    return 0


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _stage(pid: int) -> str | None:
    for arg in _cmdline(pid).split(b"\0"):
        if arg.endswith(REQUEST.encode()):
            return Path(arg.decode()).name.split(".")[0]
    return None


class TreeSampler(threading.Thread):
    """Samples this process's tree until stopped; `stages()` gives per stage the peak summed
    RSS and PSS (MiB), the most processes seen at once and the seconds it was sampled."""

    def __init__(self, every: float = 0.05) -> None:
        super().__init__(daemon=True)
        self.every = every
        self.root = os.getpid()
        self._stop_event = threading.Event()
        self.peaks: dict[str, dict[str, float]] = {}
        self.stage_of: dict[int, str] = {}

    def run(self) -> None:
        last = time.perf_counter()
        me = _cmdline(self.root)
        while not self._stop_event.is_set():
            # A child forked but not yet exec'd shares the parent's pages (its cmdline is still
            # the parent's): counting its RSS would count the parent twice.
            kids = [p for p in descendants(self.root) if _cmdline(p) != me]
            pids = [self.root, *kids]
            rss = sum(_kib(f"/proc/{p}/status", "VmRSS:") for p in pids)
            pss = sum(_kib(f"/proc/{p}/smaps_rollup", "Pss:") for p in pids)
            for p in kids:
                # An exiting child's cmdline is gone while its pages are still being freed:
                # it stays under the stage it named.
                self.stage_of[p] = _stage(p) or self.stage_of.get(p, "parent")
            stage = next((s for p in kids if (s := self.stage_of[p]) != "parent"), "parent")
            now = time.perf_counter()
            peak = self.peaks.setdefault(stage, {"rss": 0, "pss": 0, "procs": 0, "s": 0.0})
            peak["rss"] = max(peak["rss"], rss / 1024)
            peak["pss"] = max(peak["pss"], pss / 1024)
            peak["procs"] = max(peak["procs"], len(pids))
            peak["s"] += now - last
            last = now
            self._stop_event.wait(self.every)

    def stop(self) -> dict[str, dict[str, Any]]:
        self._stop_event.set()
        self.join()
        return self.stages()

    def stages(self) -> dict[str, dict[str, Any]]:
        return {
            k: {
                "rss": round(v["rss"]),
                "pss": round(v["pss"]),
                "procs": int(v["procs"]),
                "s": round(v["s"], 1),
            }
            for k, v in self.peaks.items()
        }
