"""Run a companion so that it dies with its parent: `python -m resident.house.orphan_guard PID -m
module args...` (or `-c code args...`) runs the module in this very process, beside a thread
that watches the parent and, once it is gone, stops this process's whole group.

Why a watch thread and not PR_SET_PDEATHSIG: the kernel sends the death signal when the parent
*thread* that forked the child exits, and the supervisor starts companions from worker threads
that come and go while the daemon lives. Polling getppid() sees the process, however it died
(kill -9 included): the child is re-parented to init or a subreaper the moment it does.
"""

from __future__ import annotations

import contextlib
import os
import runpy
import signal
import sys
import threading
import time

#: How often the parent is looked for; at most this long passes before a companion notices.
POLL_SECONDS = 0.25
#: After SIGTERM to the group, how long it may take to exit before SIGKILL.
GRACE_SECONDS = 10.0


def parent_gone(parent_pid: int) -> bool:
    return os.getppid() != parent_pid


def stop_own_group(grace: float = GRACE_SECONDS) -> None:
    """SIGTERM to this process's descendants (a flow run may lead a session of its own) and
    group, then SIGKILL to whatever is left after `grace`."""
    import psutil

    group = os.getpgrp()
    sys.stderr.write(f"orphan_guard: the parent is gone; stopping process group {group}\n")
    sys.stderr.flush()
    descendants = psutil.Process().children(recursive=True)
    for proc in descendants:
        with contextlib.suppress(psutil.Error):
            proc.terminate()
    psutil.wait_procs(descendants, timeout=grace)
    for proc in descendants:
        with contextlib.suppress(psutil.Error):
            proc.kill()
    with contextlib.suppress(ProcessLookupError):
        os.killpg(group, signal.SIGTERM)
    time.sleep(grace)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(group, signal.SIGKILL)


def watch(parent_pid: int, poll: float = POLL_SECONDS) -> None:
    while not parent_gone(parent_pid):
        time.sleep(poll)
    stop_own_group()


def main(argv: list[str]) -> None:
    if len(argv) < 3 or argv[1] not in ("-m", "-c"):
        raise SystemExit(
            "usage: python -m resident.house.orphan_guard PARENT_PID "
            "(-m MODULE | -c CODE) [ARGS...]"
        )
    parent_pid = int(argv[0])
    if parent_gone(parent_pid):
        raise SystemExit(f"orphan_guard: parent {parent_pid} is already gone")
    threading.Thread(target=watch, args=(parent_pid,), name="orphan-guard", daemon=True).start()
    mode, target, rest = argv[1], argv[2], argv[3:]
    if mode == "-m":
        sys.argv = [target, *rest]
        runpy.run_module(target, run_name="__main__", alter_sys=True)
    else:
        sys.argv = ["-c", *rest]
        exec(compile(target, "<companion>", "exec"), {"__name__": "__main__"})  # noqa: S102


if __name__ == "__main__":
    main(sys.argv[1:])
