"""The self model: the diagnoser's body model of MAX's own hardware and software."""

from resident.body.model import (
    BODY_FILE,
    Body,
    BodyState,
    Change,
    FailureRate,
    PartRecord,
    Reading,
    body_file,
    default_probes,
)
from resident.body.probes import TROUBLE, Finding, Probe, Status

__all__ = [
    "BODY_FILE",
    "TROUBLE",
    "Body",
    "BodyState",
    "Change",
    "FailureRate",
    "Finding",
    "PartRecord",
    "Probe",
    "Reading",
    "Status",
    "body_file",
    "default_probes",
]
