"""Settings from config/resident.toml, validated by pydantic, with environment overrides.

Every number of the rules lives in the TOML file; a bad value stops start-up with a ConfigError
that names the key (`decay.floor`, ...).
"""

from __future__ import annotations

import copy
import json
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)

from resident.config_council import CouncilSettings
from resident.config_reading import LiteratureSettings, Section, system_folder
from resident.errors import ConfigError

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CONFIG = REPO_ROOT / "config" / "resident.toml"
DEFAULT_DATA_DIR = REPO_ROOT / "data"
ENV_PREFIX = "RESIDENT_"

Unit = Annotated[float, Field(ge=0.0, le=1.0)]


class GraphSettings(Section):
    file: str = "graph.duckdb"
    max_literal_bytes: int = Field(default=65536, gt=0)
    bulk_batch_rows: int = Field(default=100_000, gt=0)
    #: Share of every table's rows (whole vectors, spread over the file) the boot check reads,
    #: in percent; 100 reads everything (resident/memory/integrity.py).
    boot_check_percent: float = Field(default=5.0, gt=0.0, le=100.0)


class EpistemicSettings(Section):
    belief_at: Unit
    fact_at: Unit
    non_fact_ceiling: Unit
    hint_cap: Unit
    correction_confidence: Unit
    retrieval_bump: Unit
    #: A claim's confidence is raised by a retrieval at most once in this many hours, however
    #: often it is read: looking is not evidence (retrieved_at moves on every read).
    retrieval_bump_every_hours: float = Field(default=24.0, ge=0.0)
    promoted_confidence: Unit
    min_independent_sources: int = Field(default=2, ge=2)
    conflict_loss_factor: float = Field(default=0.5, gt=0.0, lt=1.0)

    @model_validator(mode="after")
    def _ladder_order(self) -> EpistemicSettings:
        if not self.hint_cap < self.belief_at < self.fact_at:
            raise ValueError("need hint_cap < belief_at < fact_at")
        if not self.belief_at <= self.non_fact_ceiling < self.fact_at:
            raise ValueError("need belief_at <= non_fact_ceiling < fact_at")
        if not self.correction_confidence < self.belief_at:
            raise ValueError("correction_confidence must be below belief_at (a hypothesis)")
        if not self.promoted_confidence >= self.fact_at:
            raise ValueError("promoted_confidence must be at least fact_at")
        return self


class DecaySettings(Section):
    threshold: Unit
    stale_after_days: int = Field(gt=0)
    factor: float = Field(gt=0.0, lt=1.0)
    floor: Unit

    @model_validator(mode="after")
    def _floor_below_threshold(self) -> DecaySettings:
        if not self.floor < self.threshold:
            raise ValueError("floor must be below threshold")
        return self


class CuriositySettings(Section):
    correction_priority: int = Field(ge=0)
    default_priority: int = Field(ge=0)
    backoff_base_minutes: float = Field(gt=0)
    max_backoff_hours: float = Field(gt=0)
    #: Questions MAX asks one person in one (UTC) day, at most (issue 26).
    questions_per_person_per_day: int = Field(default=2, ge=0)


class CacheSettings(Section):
    language_model_responses: int = Field(gt=0)
    dictionary: int = Field(gt=0)


class LanguageSettings(Section):
    """How MAX reads text: the spaCy pipeline and how much an answer lists."""

    #: "auto" (a trained English pipeline when installed, else spacy.blank("en")), "blank",
    #: or the name of an installed spaCy package.
    pipeline: str = Field(default="auto", min_length=1)
    max_listed_claims: int = Field(default=8, gt=0)
    #: Longest text one conversation turn may carry; longer is refused (InvalidInput).
    max_turn_chars: int = Field(default=4000, gt=0)
    #: An answer whose score (roles aligned, answer type; language/fit.py) is below this is
    #: not given: "I don't know" instead. Fitted on the language corpus's dev split
    #: (benchmarks/RESULTS-language.md).
    answer_threshold: float = 2.0


class LanguageModelSettings(Section):
    """The optional OpenAI-compatible endpoint that may phrase replies; empty base_url = none."""

    base_url: str = ""
    model: str = ""
    #: A secret: `resident config` prints it masked.
    api_key: SecretStr = SecretStr("")
    timeout_seconds: float = Field(default=10.0, gt=0)
    max_tokens: int = Field(default=200, gt=0)


class DaemonSettings(Section):
    """`resident up`: where the daemon listens and what one request may carry."""

    host: str = "127.0.0.1"
    #: 0 picks a free port (printed at start and written to data/daemon.json).
    port: int = Field(default=8765, ge=0, le=65535)
    #: Listening beyond loopback needs this set on purpose (tokens travel in clear HTTP).
    allow_non_loopback: bool = False
    max_request_bytes: int = Field(default=1_048_576, gt=0)
    max_bulk_bytes: int = Field(default=536_870_912, gt=0)
    #: All request headers together; more is answered 431 (the parser reads up to 16 times this).
    max_header_bytes: int = Field(default=65_536, gt=0)
    #: Seconds between housekeeping rounds (awake time applied, due body probes run).
    housekeeping_seconds: float = Field(default=60.0, gt=0)
    graph_threads: int = Field(default=8, gt=0)
    conflict_retries: int = Field(default=12, ge=0)
    #: decay_stale_facts in the daemon sweeps this many claims (by rowid) per transaction.
    decay_batch_rows: int = Field(default=100_000, gt=0)
    #: DuckDB checkpoints on its own only past this much WAL; otherwise when MAX is idle.
    checkpoint_threshold_mb: int = Field(default=1024, gt=0)
    idle_checkpoint_seconds: float = Field(default=30.0, gt=0)
    conflict_backoff_ms: float = Field(default=5.0, gt=0)
    shutdown_timeout_seconds: float = Field(default=10.0, gt=0)
    companion_stop_seconds: float = Field(default=20.0, gt=0)
    model_name: str = Field(default="max", min_length=1, max_length=64)


class FlowSettings(Section):
    """The Prefect house: the server on 127.0.0.1, its worker, the schedules of the flows."""

    prefect_port: int = Field(default=4210, ge=1024, le=65535)
    server_start_timeout_seconds: float = Field(default=120.0, gt=0)
    #: Cron strings (minute hour day month weekday), read in `timezone`.
    decay_cron: str = "30 3 * * *"
    #: Sleep consolidation runs in the small hours, when MAX is quiet.
    consolidation_cron: str = "45 2 * * *"
    exploration_cron: str = "17 * * * *"
    #: literature/inbox: read what is new in the inbox (hourly).
    literature_cron: str = "41 * * * *"
    #: report-card/monthly: on the 1st, after the night, the card of the month just ended.
    report_card_cron: str = "30 6 1 * *"
    timezone: str = Field(default="UTC", min_length=1)
    task_retries: int = Field(default=3, ge=0)
    #: Retries wait factor * 2**n seconds (10, 20, 40 ...).
    retry_backoff_seconds: float = Field(default=10.0, gt=0)
    max_concurrent_runs: int = Field(default=1, ge=1)
    snapshot_keep: int = Field(default=7, ge=1)

    @model_validator(mode="after")
    def _five_field_crons(self) -> FlowSettings:
        for name in (
            "decay_cron",
            "exploration_cron",
            "consolidation_cron",
            "literature_cron",
            "report_card_cron",
        ):
            if len(getattr(self, name).split()) != 5:
                raise ValueError(f"{name} {getattr(self, name)!r} is not a five-field cron string")
        return self


class IngestSettings(Section):
    """The persisters for real datasets (hp.obo, phenotype.hpoa, GeoNames cities)."""

    #: Confidence of a grounded ingest claim: a BELIEF, above decay.threshold.
    grounded_confidence: Unit = 0.7
    progress_every_rows: int = Field(default=50_000, gt=0)


class ExplorationSettings(Section):
    """The exploration loop that re-verifies curiosity gaps against grounded evidence."""

    batch_size: int = Field(default=500, gt=0)
    max_gaps_per_run: int = Field(default=10_000, gt=0)
    #: Independent grounded sources the winning side of a conflict needs.
    min_winning_sources: int = Field(default=2, ge=1)


PAD = tuple[
    Annotated[float, Field(ge=-1.0, le=1.0)],
    Annotated[float, Field(ge=-1.0, le=1.0)],
    Annotated[float, Field(ge=-1.0, le=1.0)],
]


class LearningSettings(Section):
    """Sleep consolidation (resident.learning)."""

    replay_capacity: int = Field(default=50_000, ge=1)
    dim: int = Field(default=64, ge=4, le=1024)
    epochs_per_night: int = Field(default=20, ge=1)
    held_out_share: float = Field(default=0.1, gt=0.0, lt=0.5)
    proposals_per_night: int = Field(default=20, ge=0)
    duplicate_similarity: float = Field(default=0.98, gt=0.0, le=1.0)
    seed: int = 0
    #: A night is postponed unless the last conversation turn is at least this old.
    min_quiet_s: float = Field(default=1800.0, ge=0.0)
    #: Up to this many entities every entity is a corrupted candidate in training's contrast;
    #: above it `negatives` sampled ones (a night on thousands of terms stays minutes long).
    full_contrast_max_entities: int = Field(default=1024, ge=2)
    negatives: int = Field(default=256, ge=1)
    #: Torch threads a night uses: one leaves the other core to the daemon, and on a loaded
    #: machine more threads than free cores spin against each other (measured: slower).
    threads: int = Field(default=1, ge=1, le=64)
    batch: int = Field(default=128, ge=1)
    #: A night's learning rate: 0.005 generalised better to held-out HPO is_a edges than the
    #: benchmark's 0.02 (dev numbers, benchmarks/RESULTS-learning.md section 8).
    lr: float = Field(default=0.005, gt=0.0, le=1.0)
    #: Sampled corrupted tails come from the relation's range (heads from its domain).
    negatives_from_range: bool = True
    #: Entity vectors include the words of the entity's name (resident.learning.names): what is
    #: learned about a word reaches every term named with it.
    name_words: bool = True


class ConsolidationSettings(Section):
    """What a consolidation night may write, and how its proposals live and die."""

    #: Proposals open (neither confirmed, refuted nor decayed) at once, at most.
    max_pending_proposals: int = Field(default=40, ge=0)
    #: A proposal no grounded source confirmed after this many nights decays (closed, its gap
    #: answered "decayed", never proposed again).
    proposal_ttl_nights: int = Field(default=5, ge=1)
    #: Precision the score threshold must reach on the held-out edges; below it nothing is
    #: proposed and no guess is offered.
    precision_target: float = Field(default=0.3, gt=0.0, le=1.0)
    #: Calibration needs at least this many held-out candidates above a threshold.
    min_calibration_support: int = Field(default=5, ge=1)
    #: An object of a relation is supported (resident.learning.frontier) with at least this
    #: many answered proposals whose Wilson lower bound reaches precision_target (one answer
    #: is one person's word; two are the least a share is).
    neighbourhood_support: int = Field(default=2, ge=1)
    #: The second stage writes a few of its best fresh candidates each night
    #: (resident.learning.frontier): only among its first frontier_depth of the night, at most
    #: frontier_per_night, never under an object answered no below the bound.
    frontier_depth: int = Field(default=8, ge=0)
    frontier_per_night: int = Field(default=2, ge=0)
    #: Candidate tails scored per (head, relation) pair.
    candidates_per_pair: int = Field(default=3, ge=1, le=50)
    #: "auto": MAX offers his own labelled guess when he does not know, only when the last
    #: night's calibrated precision reached precision_target; "off": never.
    guesses: Literal["auto", "off"] = "auto"
    #: Questions in the morning quiz (generated from what MAX holds, fixed by the seed).
    quiz_size: int = Field(default=50, ge=0, le=1000)
    #: Replay weight of an experience by kind: what MAX was corrected on, what a conflict
    #: settled and a gap closed count more than what he merely learned or looked up.
    replay_weights: dict[str, float] = {
        "corrected": 4.0,
        "conflict_resolved": 3.0,
        "gap_closed": 2.0,
        "learned": 1.0,
        "retrieved": 1.0,
    }


class EventSettings(Section):
    fsync: Literal["always", "interval", "never"] = "always"
    fsync_interval_s: float = Field(default=1.0, gt=0)
    #: A state file a turn's commit carries (mood.json, drives.json) is replaced at most once
    #: per this many seconds; the log holds every version between (resident/state/journal.py).
    state_checkpoint_s: float = Field(default=30.0, ge=0)


class AffectSettings(Section):
    valence_half_life_h: float = Field(default=6.0, gt=0)
    arousal_half_life_h: float = Field(default=1.0, gt=0)
    dominance_half_life_h: float = Field(default=3.0, gt=0)
    emotion_decay_per_s: float = Field(default=0.98, gt=0.0, lt=1.0)
    emotion_floor: float = Field(default=0.01, gt=0.0, lt=1.0)
    disposition_rate: float = Field(default=0.1, gt=0.0, le=1.0)
    initial_disposition: float = Field(default=0.0, ge=-1.0, le=1.0)
    disposition_even_within: float = Field(default=0.2, gt=0.0, lt=1.0)
    label_neutral_within: float = Field(default=0.15, gt=0.0, lt=1.0)
    label_strong_arousal: float = Field(default=0.35, gt=0.0, lt=1.0)
    impulses: dict[str, PAD] = Field(
        default_factory=lambda: {
            "praise": (0.2, 0.1, 0.1),
            "hostility": (-0.25, 0.2, -0.1),
            "corrected": (-0.05, 0.1, -0.1),
            "gap_resolved": (0.15, 0.05, 0.1),
            "person_arrived": (0.1, 0.1, 0.0),
            "person_left": (-0.05, -0.05, 0.0),
            "body_trouble": (-0.15, 0.2, -0.2),
            "body_recovered": (0.05, -0.05, 0.1),
            "rested": (0.05, -0.1, 0.0),
        }
    )

    @model_validator(mode="after")
    def _label_bands(self) -> AffectSettings:
        if not self.label_neutral_within < self.label_strong_arousal:
            raise ValueError("need label_neutral_within < label_strong_arousal")
        return self


class DriveSpec(Section):
    set_point: Unit
    band: tuple[Unit, Unit]
    drift_per_hour: float = Field(ge=-1.0, le=1.0)
    push_below: PAD = (0.0, 0.0, 0.0)
    push_above: PAD = (0.0, 0.0, 0.0)
    satiation: dict[str, Annotated[float, Field(ge=-1.0, le=1.0)]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _band_holds_set_point(self) -> DriveSpec:
        low, high = self.band
        if not low <= self.set_point <= high:
            raise ValueError("need band[0] <= set_point <= band[1]")
        return self


DRIVE_NAMES = ("energy", "curiosity", "safety", "connection")


class DriveSettings(Section):
    energy: DriveSpec = DriveSpec(
        set_point=0.7,
        band=(0.4, 0.9),
        drift_per_hour=-0.04,
        push_below=(-0.1, -0.3, -0.1),
        push_above=(0.0, 0.1, 0.0),
        satiation={"rested": 0.4, "body_trouble": -0.1},
    )
    curiosity: DriveSpec = DriveSpec(
        set_point=0.5,
        band=(0.3, 0.75),
        drift_per_hour=-0.05,
        push_below=(-0.05, -0.15, 0.0),
        push_above=(0.05, 0.15, 0.0),
        satiation={"gap_resolved": 0.15, "corrected": 0.05},
    )
    safety: DriveSpec = DriveSpec(
        set_point=0.8,
        band=(0.55, 1.0),
        drift_per_hour=0.05,
        push_below=(-0.2, 0.2, -0.2),
        satiation={"hostility": -0.08, "body_trouble": -0.15, "body_recovered": 0.1},
    )
    connection: DriveSpec = DriveSpec(
        set_point=0.6,
        band=(0.35, 0.85),
        drift_per_hour=-0.03,
        push_below=(-0.1, -0.05, 0.0),
        push_above=(0.0, 0.1, -0.05),
        satiation={
            "person_arrived": 0.15,
            "praise": 0.05,
            "person_left": -0.05,
            "hostility": -0.05,
        },
    )

    def items(self) -> list[tuple[str, DriveSpec]]:
        """The four drives in their fixed order."""
        return [(name, getattr(self, name)) for name in DRIVE_NAMES]


class BodySettings(Section):
    probe_interval_s: float = Field(default=300.0, gt=0)
    http_timeout_s: float = Field(default=2.0, gt=0)
    cpu_degraded_at: float = Field(default=1.5, gt=0)
    memory_degraded_at: Unit = 0.9
    disk_failed_below_gb: float = Field(default=1.0, ge=0)
    disk_degraded_below_gb: float = Field(default=5.0, ge=0)
    gpu_timeout_s: float = Field(default=5.0, gt=0)
    packages: tuple[str, ...] = (
        "duckdb",
        "pydantic",
        "pyarrow",
        "prefect",
        "fastapi",
        "uvicorn",
        "httpx",
        "python-ulid",
        "psutil",
        "spacy",
    )

    @model_validator(mode="after")
    def _disk_order(self) -> BodySettings:
        if not self.disk_failed_below_gb <= self.disk_degraded_below_gb:
            raise ValueError("need disk_failed_below_gb <= disk_degraded_below_gb")
        return self


class ConversationSettings(Section):
    """Reading household talk (issue 14): the optional model extraction and the threads."""

    #: Let the configured language model (language_model.base_url) read statements too; its
    #: facts are kept only where the text grounds them, and the rules read the rest.
    model_extraction: bool = False
    #: Open threads kept per person (plans and wishes), most recent first.
    threads_per_person: int = Field(default=5, gt=0)
    #: Seconds a turn's reading may take before it is abandoned and answered honestly
    #: (language/turn_bound.py): a reader defect costs one turn, never the daemon. A turn
    #: gets this plus `read_budget_s_per_1000_chars` for each 1000 characters it has: the
    #: reading of a long statement grows with its claims (a 4000-character one, the longest
    #: allowed, filed 89 claims in 13-16 s on a shared loaded core, 2.6 s for 500 characters).
    read_budget_s: float = Field(default=5.0, gt=0)
    read_budget_s_per_1000_chars: float = Field(default=5.0, ge=0)


class BiometricsSettings(Section):
    """Voice and face templates (Rule 8): private to each person, encrypted at rest."""

    #: Where each person's template key lives; empty: `<data dir>.keys` beside the data
    #: directory. Never inside it: a copy of the data directory alone opens nothing.
    key_dir: str = ""
    #: A voice is that person's when the cosine distance of its embedding to their template
    #: is at most this (resemblyzer embeddings; same voice about 0.01-0.03 here).
    voice_max_distance: float = Field(default=0.1, gt=0.0, lt=2.0)
    #: A face is that person's within this Euclidean distance of one of their samples (dlib's
    #: face descriptors; 0.6 is dlib's own threshold on LFW, stricter is safer here).
    face_max_distance: float = Field(default=0.5, gt=0.0, lt=2.0)
    #: Samples kept per person and modality (the oldest goes first).
    max_samples: int = Field(default=20, gt=0)
    #: Largest audio clip or image a request may post.
    max_upload_bytes: int = Field(default=8 << 20, gt=0)
    #: Times the face detector upsamples a frame (finds smaller faces, costs time).
    face_upsample: int = Field(default=1, ge=0, le=3)

    @field_validator("key_dir")
    @classmethod
    def _key_dir_not_a_system_folder(cls, value: str) -> str:
        why = system_folder(value) if value else None
        if why is not None:
            raise ValueError(f"{value!r}: {why}; keys live in a folder of MAX's own")
        return value


class HygieneSettings(Section):
    """The schema self-evaluation (resident.hygiene): its thresholds, dbt and GX."""

    cron: str = "30 4 * * 0"
    redundant_overlap: float = Field(default=0.9, gt=0.0, le=1.0)
    redundant_min_shared: int = Field(default=5, ge=1)
    inverse_pairs: list[tuple[str, str]] = [
        ("parent_of", "child_of"),
        ("has_phenotype", "phenotype_of"),
    ]
    orphan_excepted_kinds: list[str] = ["person", "document"]
    duplicate_excluded_kinds: list[str] = ["city"]
    duplicate_max_group: int = Field(default=10, ge=2)
    duplicate_min_similarity: float = Field(default=0.98, gt=0.0, le=1.0)
    max_findings_per_rule: int = Field(default=5000, ge=1)
    inverse_sample: int = Field(default=5, ge=0, le=100)
    #: Relations that are partial orders (transitive, never a cycle): sleep never proposes the
    #: reverse of a held edge of one, nor an edge that closes a cycle or that the held edges
    #: already entail, and refutes a proposal that later would close one.
    acyclic_relations: list[str] = ["is_a", "part_of"]

    @model_validator(mode="after")
    def _relations_declared(self) -> HygieneSettings:
        for a, b in self.inverse_pairs:
            if not a or not b or a == b:
                raise ValueError(f"inverse pair [{a!r}, {b!r}] needs two different predicates")
        for name in self.acyclic_relations:
            if not name or any(ch.isspace() for ch in name):
                raise ValueError(f"acyclic relation {name!r} is not a predicate name")
        if len(set(self.acyclic_relations)) != len(self.acyclic_relations):
            raise ValueError("acyclic_relations lists a relation twice")
        return self

    dbt_timeout_s: float = Field(default=600.0, gt=0)
    min_distinct_confidences: int = Field(default=2, ge=1)
    max_hint_share: float = Field(default=0.5, ge=0.0, le=1.0)
    max_orphan_rate: float = Field(default=0.05, ge=0.0, le=1.0)
    max_duplicate_rate: float = Field(default=0.02, ge=0.0, le=1.0)


class Settings(BaseModel):
    """The whole configuration. Sections mirror the TOML tables."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    data_dir: Path = DEFAULT_DATA_DIR
    graph: GraphSettings = GraphSettings()
    epistemic: EpistemicSettings
    decay: DecaySettings
    curiosity: CuriositySettings
    caches: CacheSettings
    events: EventSettings = EventSettings()
    affect: AffectSettings = AffectSettings()
    drives: DriveSettings = DriveSettings()
    body: BodySettings = BodySettings()
    language: LanguageSettings = LanguageSettings()
    language_model: LanguageModelSettings = LanguageModelSettings()
    daemon: DaemonSettings = DaemonSettings()
    flows: FlowSettings = FlowSettings()
    ingest: IngestSettings = IngestSettings()
    exploration: ExplorationSettings = ExplorationSettings()
    learning: LearningSettings = LearningSettings()
    consolidation: ConsolidationSettings = ConsolidationSettings()
    conversation: ConversationSettings = ConversationSettings()
    biometrics: BiometricsSettings = BiometricsSettings()
    council: CouncilSettings = CouncilSettings()
    literature: LiteratureSettings = LiteratureSettings()
    hygiene: HygieneSettings = HygieneSettings()

    @property
    def graph_path(self) -> Path:
        return self.data_dir / self.graph.file

    @property
    def snapshots_dir(self) -> Path:
        """Where snapshots land (flows' and the graph API's), under the data directory."""
        return self.data_dir / "snapshots"

    @property
    def state_dir(self) -> Path:
        """Write-through state files: mood.json, drives.json, body.json, people.json."""
        return self.data_dir / "state"

    @property
    def key_dir(self) -> Path:
        """Per-person template keys: outside the data directory (biometrics.key_dir)."""
        if self.biometrics.key_dir:
            return Path(self.biometrics.key_dir).expanduser()
        return self.data_dir.with_name(self.data_dir.name + ".keys")


def _env_overrides(env: Mapping[str, str]) -> list[tuple[list[str], Any]]:
    """RESIDENT_SECTION__KEY=value, or deeper (RESIDENT_DRIVES__ENERGY__SET_POINT), as
    (path, value). A value that reads as a JSON list or table is one (RESIDENT_X__Y='[1, 2]');
    other text stays text, which pydantic casts. Written here rather than with pydantic-settings
    because an override naming a key that does not exist must stop start-up, naming the key,
    where pydantic-settings would ignore it."""
    out = []
    for name, value in sorted(env.items()):
        if not name.startswith(ENV_PREFIX) or "__" not in name:
            continue
        path = name[len(ENV_PREFIX) :].lower().split("__")
        parsed: Any = value
        if value.lstrip()[:1] in ("[", "{"):
            try:
                parsed = json.loads(value)
            except json.JSONDecodeError as exc:
                raise ConfigError(".".join(path), f"not valid JSON ({exc})") from exc
        out.append((path, parsed))
    return out


def _merge(base: dict[str, Any], overrides: list[tuple[list[str], Any]]) -> dict[str, Any]:
    merged: dict[str, Any] = copy.deepcopy(base)
    for path, value in overrides:
        table = merged
        for depth, part in enumerate(path[:-1]):
            table = table.setdefault(part, {})
            if not isinstance(table, dict):
                raise ConfigError(
                    ".".join(path[: depth + 1]), "is not a table and cannot take overrides"
                )
        table[path[-1]] = value
    return merged


def load_settings(
    config_path: Path | None = None,
    data_dir: Path | str | None = None,
    env: Mapping[str, str] | None = None,
) -> Settings:
    """Read the TOML file, apply environment overrides, validate.

    Precedence for the data directory: the `data_dir` argument (from --data-dir), then
    RESIDENT_DATA_DIR, then data/ in the repository.
    """
    env = os.environ if env is None else env
    path = Path(config_path or env.get("RESIDENT_CONFIG") or DEFAULT_CONFIG)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError(str(path), "config file not found") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(str(path), f"not valid TOML: {exc}") from exc
    merged = _merge(raw, _env_overrides(env))
    chosen = data_dir or env.get("RESIDENT_DATA_DIR")
    if chosen:
        merged["data_dir"] = Path(chosen).expanduser().resolve()
    try:
        return Settings.model_validate(merged)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(part) for part in first["loc"]) or "(root)"
        raise ConfigError(key, first["msg"]) from exc
