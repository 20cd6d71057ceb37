"""Typed errors: every failure a caller can catch and a person can read."""

from __future__ import annotations


class ResidentError(Exception):
    """Base of every error MAX raises on purpose."""

    #: A short machine-readable name, used as the `error` field of JSON responses.
    code = "resident_error"


class ConfigError(ResidentError):
    """A configuration value is missing or invalid; the message names the key."""

    code = "config_error"

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"config key {key!r}: {problem}")
        self.key = key
        self.problem = problem


class SchemaError(ResidentError):
    """The graph's schema version is not the one this code knows."""

    code = "schema_error"


class SchemaTooOld(SchemaError):
    code = "schema_too_old"

    def __init__(self, have: int, want: int) -> None:
        super().__init__(
            f"graph schema is at version {have}, this code needs {want}: "
            "stop MAX and run `resident migrate`"
        )
        self.have = have
        self.want = want


class SchemaUnknown(SchemaError):
    code = "schema_unknown"

    def __init__(self, have: int | None, known: int) -> None:
        what = "has no schema_migrations table" if have is None else f"is at version {have}"
        super().__init__(
            f"graph {what}, which this code (version {known}) does not know: "
            "use the MAX release that wrote it, or run `resident migrate` on a new graph"
        )
        self.have = have
        self.known = known


class GraphBusy(ResidentError):
    """Another process holds the graph file read-write."""

    code = "graph_busy"


class InvalidInput(ResidentError):
    """Input refused at the edge; nothing was written."""

    code = "invalid_input"


class UnknownProvenance(InvalidInput):
    code = "unknown_provenance"


class LiteralTooLarge(InvalidInput):
    code = "literal_too_large"


class NotFound(ResidentError):
    code = "not_found"


class EpistemicRefusal(ResidentError):
    """An epistemic rule refused the operation; the graph is unchanged."""

    code = "epistemic_refusal"


class PromotionRefused(EpistemicRefusal):
    code = "promotion_refused"


class FactProtected(EpistemicRefusal):
    """A write would have replaced or lowered a FACT without conflict resolution."""

    code = "fact_protected"


class ConflictRefused(EpistemicRefusal):
    """The two claims cannot conflict (different subject or predicate, an opinion, ...)."""

    code = "conflict_refused"


class GraphMoved(EpistemicRefusal):
    """A batch's decisions rest on rows another writer changed since the batch read them;
    nothing of the batch was written (read again and decide again)."""

    code = "graph_moved"


class StateUnknown(ResidentError):
    """A state file and its last good copy are both unusable: the state is unknown."""

    code = "state_unknown"


class DaemonRunning(ResidentError):
    """A daemon already owns this data directory."""

    code = "daemon_running"


class LanguageModelError(ResidentError):
    """The optional language model did not answer usably (down, slow, malformed reply)."""

    code = "language_model_error"


class DaemonNotRunning(ResidentError):
    """No live daemon owns this data directory (`resident up` starts one)."""

    code = "daemon_not_running"


class Unauthorized(ResidentError):
    """The daemon refused a request without a known bearer token."""

    code = "unauthorized"


class Forbidden(ResidentError):
    """The token is known but may not do this (a person's token on the graph API, ...)."""

    code = "forbidden"


class RequestTooLarge(InvalidInput):
    """A request body over the daemon's size limit; nothing was read past the limit."""

    code = "request_too_large"


class MalformedSource(InvalidInput):
    """A dataset file is not what its format says; nothing of it was written."""

    code = "malformed_source"

    def __init__(self, path: str, line: int | None, problem: str) -> None:
        where = f"{path} line {line}" if line is not None else path
        super().__init__(f"{where}: {problem}; nothing was ingested")
        self.path = path
        self.line = line
        self.problem = problem


class UnknownSource(InvalidInput):
    """An ingest source that is neither a known dataset name nor a readable file."""

    code = "unknown_source"


class HouseError(ResidentError):
    """The Prefect server or its worker could not be started or reached."""

    code = "house_error"


class HeaderTooLarge(InvalidInput):
    """The request's headers together exceed `daemon.max_header_bytes`; answered 431."""

    code = "header_too_large"


class StorageFull(ResidentError):
    """The disk under the data directory is full (ENOSPC): nothing was written, the last good
    state is kept, and MAX carries on once space is freed. Answered 507."""

    code = "storage_full"


class CompanionError(HouseError):
    """A companion of `resident up` (the Prefect server, the flows worker) is refused or failed:
    a second worker for the same data directory, a port another house holds."""

    code = "companion_error"


class DaemonCrashed(GraphBusy):
    """daemon.json says a daemon should own the graph, but it is gone (it crashed): the graph
    file is not opened behind its back. Waits and retries until `resident up` runs again; remove
    daemon.json only if MAX is down on purpose."""

    code = "daemon_crashed"


class BiometricsUnavailable(ResidentError):
    """Voice or face recognition was asked for and its optional packages are not installed."""

    code = "biometrics_unavailable"


class TemplateUnreadable(ResidentError):
    """A template file cannot be opened with its person's key (tampered, or the wrong key)."""

    code = "template_unreadable"


class CouncilError(ResidentError):
    """The model council could not put a question or read an answer."""

    code = "council_error"


class CouncilOff(CouncilError):
    """No council provider is configured: nothing leaves the house."""

    code = "council_off"


class CouncilAnswerUnreadable(CouncilError):
    """A provider's answer holds no JSON verdict that can be read: it counts for nothing."""

    code = "council_answer_unreadable"


class CouncilProviderFailed(CouncilError):
    """A provider did not answer usably (no key, timeout, rate limit, 5xx, bad body)."""

    code = "council_provider_failed"


class PrivateQuestion(CouncilError, InvalidInput):
    """The question would carry a person's data out of the house (Rule 8): it is not put."""

    code = "private_question"


class UnreadableDocument(InvalidInput):
    """A book or paper MAX cannot read (encrypted, corrupt, empty, image-only, unknown format);
    it is refused whole, before anything of it is written."""

    code = "unreadable_document"

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}; nothing was written")
        self.path = path
        self.reason = reason


class EncryptedDocument(UnreadableDocument):
    code = "encrypted_document"


class CorruptDocument(UnreadableDocument):
    code = "corrupt_document"


class EmptyDocument(UnreadableDocument):
    code = "empty_document"


class ImageOnlyDocument(UnreadableDocument):
    """No page has a text layer (a scan): OCR is not available offline."""

    code = "image_only_document"


class UnsupportedDocument(UnreadableDocument):
    code = "unsupported_document"


class HygieneError(ResidentError):
    """The schema self-evaluation could not run (no snapshot, dbt or Great Expectations would
    not start). A law that fails is a finding, not this error."""

    code = "hygiene_error"


class ReadRefused(UnreadableDocument):
    """A path MAX may not read: outside the allowed places once resolved, a device, a FIFO,
    /proc, or unreadable. Names the path and the rule; nothing of the file was read."""

    code = "read_refused"

    def __init__(self, path: str, rule: str, detail: str) -> None:
        super().__init__(path, f"refused by the rule '{rule}': {detail}")
        self.rule = rule
        self.detail = detail


class DocumentTooLarge(UnreadableDocument):
    """Reading the document would pass a bound (an archive entry's size or compression ratio,
    the reading memory budget): a hostile or broken file, refused before it takes the machine."""

    code = "document_too_large"


class GraphDamaged(ResidentError):
    """The graph file fails its boot check (truncated, bit-flipped, a table unreadable): it is
    not opened for writing and never overwritten. The message is one line naming the file and
    the recovery."""

    code = "graph_damaged"


class NightStageFailed(ResidentError):
    """One of a consolidation night's child processes (the quiz before, the night, the quiz
    after) failed or was killed: nothing of the night reached the graph or the learner's files.
    The message names the stage and what the child said last."""

    code = "night_stage_failed"

    def __init__(self, stage: str, problem: str) -> None:
        super().__init__(f"night stage {stage!r} failed: {problem}")
        self.stage = stage
        self.problem = problem
