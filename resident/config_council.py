"""Settings of the model council ([council] and its providers), apart from resident.config so
that module stays readable. A provider names the environment variable of its key, never the key."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from resident.config_reading import Section

__all__ = ["CouncilProvider", "CouncilSettings"]


class CouncilProvider(Section):
    """One model the council may ask. The key is never written here: only the NAME of the
    environment variable that holds it (`api_key_env`), read when the council sits."""

    #: The vendor family ("openai", "anthropic", "google", ...): agreement needs two families.
    family: str = Field(min_length=1, max_length=64)
    #: The wire format the endpoint speaks.
    wire: Literal["openai", "anthropic", "gemini"]
    #: openai: up to the version ("https://host/v1", chat/completions is appended);
    #: anthropic: the host (v1/messages is appended); gemini: the host
    #: (v1beta/models/<model>:generateContent is appended).
    base_url: str = Field(min_length=1)
    model: str = Field(min_length=1, max_length=128, pattern=r"^\S+$")
    api_key_env: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    #: Price of 1000 tokens (input and output alike), for the cost figure of each sitting.
    usd_per_1k_tokens: float = Field(default=0.0, ge=0.0)


class CouncilSettings(Section):
    """The model council (resident.council): off until providers are configured."""

    providers: dict[str, CouncilProvider] = Field(default_factory=dict)
    #: Agreement needs this many providers of different vendor families giving one verdict.
    min_agreeing_families: int = Field(default=2, ge=2)
    #: Predicates whose claims are high stakes: their open gaps go to the council after
    #: high_stakes_after_attempts failed local tries; any other gap after local_attempts.
    high_stakes_predicates: tuple[str, ...] = (
        "dose",
        "drug_interaction",
        "contraindicated_with",
        "treats",
        "diagnosis",
        "adverse_effect",
        "safety",
        "toxic_to",
    )
    high_stakes_after_attempts: int = Field(default=1, ge=0)
    local_attempts: int = Field(default=3, ge=1)
    #: A question put once is not put again for this many days.
    resit_after_days: float = Field(default=30.0, ge=0.0)
    #: Per run: questions, HTTP calls (every retry counts) and tokens at most.
    max_questions_per_run: int = Field(default=20, ge=1)
    max_calls_per_run: int = Field(default=100, ge=1)
    max_tokens_per_run: int = Field(default=50_000, ge=1)
    #: Per call: seconds to wait, tokens asked for, retries on 429/5xx/timeouts.
    timeout_s: float = Field(default=30.0, gt=0)
    max_answer_tokens: int = Field(default=300, ge=16)
    retries: int = Field(default=2, ge=0)
    #: Wait between retries without a Retry-After header, doubled each time.
    retry_backoff_s: float = Field(default=1.0, ge=0.0)
    #: A Retry-After longer than this is not waited for: that provider sits this one out.
    max_retry_after_s: float = Field(default=30.0, ge=0.0)
    #: Seconds a whole run may take, and one provider on one question (retries and waits
    #: included): a provider that stalls, however it stalls, is cut off and the run ends.
    run_deadline_s: float = Field(default=600.0, gt=0)
    provider_deadline_s: float = Field(default=90.0, gt=0)
    #: Bytes of one HTTP answer read at most (read streaming; the rest is never read), and how
    #: deeply its JSON (and the model's JSON inside it) may nest before it is refused unread.
    max_answer_bytes: int = Field(default=16_384, ge=1024, le=16 << 20)
    max_answer_depth: int = Field(default=32, ge=4, le=512)
    #: Answers remembered per process, keyed by question and model ...
    cache_size: int = Field(default=500, ge=1)
    #: ... and read back from past sittings (the graph) for this many days.
    cache_days: float = Field(default=90.0, ge=0.0)
    #: When council-verifications/nightly runs (five-field cron, in flows.timezone).
    cron: str = "15 4 * * *"

    @model_validator(mode="after")
    def _cron_fields(self) -> CouncilSettings:
        if len(self.cron.split()) != 5:
            raise ValueError(f"cron {self.cron!r} is not a five-field cron string")
        return self
