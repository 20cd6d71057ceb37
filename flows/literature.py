"""literature: MAX reads. `prefect deployment run 'literature/adhoc' -p path=<file>` reads one
document; `literature/inbox` (hourly) reads every new file in <data_dir>/inbox, each once (by
content hash: a document already in the graph is skipped).

Distilling fans out per document on the configured task runner (threads, or a Dask cluster
through prefect-dask); the graph is written by this flow alone, one document at a time, through
its owner. Nothing verbatim reaches Prefect: task parameters are paths, results are not
persisted (`persist_result=False`, `NO_CACHE`: no result file, no cache key over the text), logs
carry counts and page numbers, and the artifact holds only what the graph keeps anyway (the
excerpts and the short contexts of new words).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, cast
from uuid import UUID

from prefect import flow, get_run_logger, task
from prefect.artifacts import (
    create_markdown_artifact,
    create_progress_artifact,
    update_progress_artifact,
)
from prefect.cache_policies import NO_CACHE
from prefect.runtime import flow_run
from prefect.task_runners import TaskRunner, ThreadPoolTaskRunner

from flows._common import open_run, retry_options, settings
from resident.config import Settings
from resident.errors import (
    ConfigError,
    CorruptDocument,
    DocumentTooLarge,
    EmptyDocument,
    EncryptedDocument,
    ImageOnlyDocument,
    NotFound,
    UnreadableDocument,
    UnsupportedDocument,
)
from resident.literature import Distillation, ReadingReport, distill_checked, recall, remember
from resident.literature.reader import PAGED_SUFFIXES, TEXT_SUFFIXES, content_hash
from resident.literature.report import render_markdown
from resident.maintenance import open_for_flow
from resident.places import Policy

#: Task options for everything that touches a document: no result storage, no cache.
_NO_TRACE: dict[str, Any] = {"cache_policy": NO_CACHE, "persist_result": False}


class _PageProgress:
    """One progress artifact per document, moved each time a whole percent is read."""

    def __init__(self, artifact_id: UUID) -> None:
        self.artifact_id = artifact_id
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        percent = int(100 * done / total) if total else 100
        if percent > self.shown:
            self.shown = percent
            update_progress_artifact(self.artifact_id, float(min(percent, 100)))


@task(name="distill-document", **_NO_TRACE)
def distill_document(path: str) -> Distillation | dict[str, str]:
    """Distill one document (no graph). A refused document comes back as {path, error,
    reason} so one bad file does not stop a library."""
    s = settings()
    # Called from a synchronous task, Prefect's dual sync/async API returns the id itself.
    artifact = cast(
        UUID,
        create_progress_artifact(
            0.0, key="literature-progress", description=f"reading {Path(path).name}"
        ),
    )
    try:
        d = distill_checked(path, s, Policy.for_flows(s), _PageProgress(artifact))
    except UnreadableDocument as exc:
        # The path and the rule only: nothing the file holds is logged.
        get_run_logger().warning("refused %s: %s", path, exc.code)
        return {"path": path, "error": exc.code, "reason": exc.reason}
    update_progress_artifact(artifact, 100.0)
    get_run_logger().info(
        "%s: %d pages (%d with text) at %.1f pages/s",
        d.doc_id,
        d.page_count,
        d.pages_with_text,
        d.pages_per_second,
    )
    return d


@task(name="remember-document", **_NO_TRACE)
def remember_document(d: Distillation, now: datetime) -> ReadingReport:
    s = settings()
    with open_for_flow(s) as graph:
        return remember(graph, d, now, s)


@task(name="unread-inbox", cache_policy=NO_CACHE)
def unread_inbox(inbox: str) -> list[str]:
    """Files in the inbox whose content MAX has not read yet (each file once, by hash)."""
    s = settings()
    folder = Path(inbox)
    if not folder.is_dir():
        return []
    readable = PAGED_SUFFIXES | (TEXT_SUFFIXES - {""})
    files = sorted(
        p
        for p in folder.iterdir()
        if p.is_file() and not p.name.startswith(".") and p.suffix.lower() in readable
    )
    if not files:
        return []
    policy = Policy.for_flows(s)
    with open_for_flow(s) as graph:
        unread: list[str] = []
        for p in files:
            try:
                # A link out of the inbox is refused before a byte of its target is hashed.
                graph.get_entity(f"doc:{content_hash(policy.check(p).path)}")
            except NotFound:
                unread.append(str(p))
            except UnreadableDocument as exc:
                get_run_logger().warning("refused %s: %s", p, exc.code)
        return unread


def task_runner(s: Settings) -> TaskRunner[Any]:
    """literature.task_runner: "thread", "dask" (a local cluster of max_workers processes) or
    a Dask scheduler address."""
    choice = s.literature.task_runner
    if choice == "thread":
        return ThreadPoolTaskRunner(max_workers=s.literature.max_workers)
    try:
        from prefect_dask import DaskTaskRunner
    except ImportError as exc:
        raise ConfigError("literature.task_runner", "prefect-dask is not installed") from exc
    if choice == "dask":
        return cast(
            TaskRunner[Any],
            DaskTaskRunner(
                cluster_kwargs={
                    "n_workers": s.literature.max_workers,
                    "threads_per_worker": 1,
                    "processes": True,
                    "dashboard_address": None,
                }
            ),
        )
    if choice.startswith(("tcp://", "tls://")):
        return cast(TaskRunner[Any], DaskTaskRunner(address=choice))
    raise ConfigError(
        "literature.task_runner", f"{choice!r}: expected thread, dask or a tcp:// scheduler address"
    )


@flow(name="read-library", persist_result=False)
def read_library(paths: list[str], now: datetime) -> dict[str, Any]:
    """Distill every path on the task runner, then write each result through the graph owner."""
    s = settings()
    futures = [distill_document.with_options(**retry_options(s)).submit(p) for p in paths]
    read: list[ReadingReport] = []
    refused: list[dict[str, str]] = []
    for fut in futures:
        outcome = fut.result()
        if isinstance(outcome, dict):
            refused.append(outcome)
            continue
        read.append(remember_document.with_options(**retry_options(s))(outcome, now))
    return {
        # The parent run files these as its artifacts (the run the CLI prints), then drops them.
        "markdown": [(r.distillation.title, render_markdown(r)) for r in read],
        "read": [
            {
                "doc_id": r.distillation.doc_id,
                "title": r.distillation.title,
                "pages": r.distillation.page_count,
                "pages_per_second": round(r.distillation.pages_per_second, 2),
                "entities": r.entities.model_dump(),
                "claims": r.claims.model_dump(),
                "new_words": len(r.new_words),
                "excerpts": len(r.distillation.excerpts),
                "warnings": list(r.distillation.warnings),
            }
            for r in read
        ],
        "refused": refused,
    }


@flow(name="literature", persist_result=False)
def literature(path: str | None = None) -> dict[str, Any]:
    """Read `path` (a PDF, EPUB or text file); without one, read what is new in the inbox.
    A single document that cannot be read fails the run with its reason; nothing is written."""
    s, now, ctx = open_run()
    if path is not None:
        paths = [path]
    else:
        inbox = s.data_dir / s.literature.inbox
        inbox.mkdir(parents=True, exist_ok=True)
        paths = unread_inbox(str(inbox))
    paths, known = _not_yet_read(s, paths)
    get_run_logger().info("%d document(s) to read, %d read before", len(paths), len(known))
    result = (
        read_library.with_options(task_runner=task_runner(s))(paths, now)
        if paths
        else {"read": [], "refused": [], "markdown": []}
    )
    for report in known:
        result["markdown"].append((report.distillation.title, render_markdown(report)))
    for title, markdown in result.pop("markdown"):
        create_markdown_artifact(
            markdown, key="literature", description=f"what MAX learned from {title[:80]}"
        )
    with open_for_flow(s) as graph:
        counts, checksum = graph.counts(), graph.checksum()
    if path is not None and result["refused"]:
        # The typed error itself, so the run fails with the file and the reason.
        raise _refusal(result["refused"][0])
    return {
        **result,
        "already_read": [r.distillation.doc_id for r in known],
        "flow_run_id": str(flow_run.id),
        "counts": counts,
        "checksum": checksum,
        "correlation_id": ctx.correlation_id,
        "session_id": ctx.session_id,
    }


def _not_yet_read(s: Settings, paths: list[str]) -> tuple[list[str], list[ReadingReport]]:
    """Split `paths` into those to distill and the readings recalled for documents the graph
    already holds (same content hash): a known document is never distilled again."""
    policy = Policy.for_flows(s)
    todo: list[str] = []
    known: list[ReadingReport] = []
    with open_for_flow(s) as graph:
        for p in paths:
            try:
                # Not a byte of a file outside the allowed places is hashed; its refusal comes
                # from the distill task, typed, naming the path and the rule.
                f = policy.check(p).path
            except UnreadableDocument:
                todo.append(p)
                continue
            report = recall(graph, f"doc:{content_hash(f)}", p)
            if report is None:
                todo.append(p)
            else:
                known.append(report)
    return todo, known


def _refusal(item: dict[str, str]) -> UnreadableDocument:
    """The refusal a distill task reported, as its typed error again."""
    for cls in (
        EncryptedDocument,
        CorruptDocument,
        EmptyDocument,
        ImageOnlyDocument,
        UnsupportedDocument,
        DocumentTooLarge,
    ):
        if cls.code == item["error"]:
            return cls(item["path"], item["reason"])
    found = UnreadableDocument(item["path"], item["reason"])
    found.code = item["error"]  # read_refused keeps its code, its reason names the rule
    return found
