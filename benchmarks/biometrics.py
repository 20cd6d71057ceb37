"""`python -m benchmarks.biometrics [--quick]`: voice and face identification on real signals,
written to benchmarks/RESULTS-biometrics.md (with --quick, under benchmarks/work/).

Voices: espeak-ng speakers (voice + variant), each enrolled from one sentence and probed with
other sentences at other speeds; the voices not enrolled are strangers. Faces: scikit-image's
`astronaut` and `camera` enrolled from one frame each and probed with shifted, relit, rescaled
frames; the faces of scikit-image's LFW subset are strangers. Reported: closed-set accuracy
(nearest template is the right person), open-set accuracy at the configured threshold (strangers
rejected included), the equal error rate over all genuine and impostor distances, and the time
per enrolment and per identification.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks import report
from resident.config import load_settings
from resident.people.biometrics import Biometrics
from resident.people.templates import distance, equal_error_rate
from tests.people.signals import LINES, astronaut, cameraman, frames, speak, strangers

HERE = Path(__file__).resolve().parent
ENROLLED_VOICES = ("en+f4", "en+m1", "en-us+f2", "en-us+m3", "en+f2", "en+m7")
STRANGER_VOICES = ("en+croak", "en+klatt", "en+f5", "en+m4")


def _machine() -> str:
    m = report.machine()
    return f"{m['cpu_model']}, {m['cores']} cores"


def _ms(xs: list[float]) -> str:
    return f"median {statistics.median(xs) * 1000:.0f} ms (n={len(xs)})"


def run(
    bio: Biometrics,
    modality: str,
    enrol: dict[str, Any],
    probes: list[tuple[Any, str | None]],
    embed: Any,
) -> dict[str, Any]:
    enrol_s = []
    for person, sample in enrol.items():
        t = time.perf_counter()
        bio.enrol_embedding(person, modality, embed(sample))  # type: ignore[arg-type]
        enrol_s.append(time.perf_counter() - t)
    templates = bio.vault.all(modality)  # type: ignore[arg-type]
    genuine, impostor, ident_s = [], [], []
    closed = closed_n = open_right = 0
    for sample, who in probes:
        t = time.perf_counter()
        try:
            vec = embed(sample)
        except Exception:
            continue  # no face found / no speech: not a probe
        match = bio.identify_embedding(modality, vec)  # type: ignore[arg-type]
        ident_s.append(time.perf_counter() - t)
        dists = {tp.person_id: distance(tp, vec) for tp in templates}
        for pid, d in dists.items():
            (genuine if pid == who else impostor).append(d)
        open_right += match.person_id == who
        if who is not None:
            closed_n += 1
            closed += min(dists, key=lambda p: dists[p]) == who
    eer, at = equal_error_rate(genuine, impostor)
    return {
        "enrolled": len(enrol),
        "probes": len(ident_s),
        "closed_accuracy": closed / closed_n,
        "open_accuracy": open_right / len(ident_s),
        "eer": eer,
        "eer_threshold": at,
        "threshold": bio.threshold(modality),  # type: ignore[arg-type]
        "genuine": (min(genuine), statistics.median(genuine), max(genuine)),
        "impostor": (min(impostor), statistics.median(impostor), max(impostor)),
        "enrol": _ms(enrol_s),
        "identify": _ms(ident_s),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.biometrics", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer voices and frames")
    args = parser.parse_args(argv)
    started = datetime.now(UTC)
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(data_dir=Path(tmp) / "data", env={})
        bio = Biometrics(settings)
        voices = ENROLLED_VOICES[:3] if args.quick else ENROLLED_VOICES
        unknown = STRANGER_VOICES[:1] if args.quick else STRANGER_VOICES
        lines = LINES[1:3] if args.quick else LINES[1:]
        speeds = (175,) if args.quick else (140, 175)
        warm = time.perf_counter()
        bio.voice.embed(speak(voices[0], LINES[0]))
        voice_warm = time.perf_counter() - warm
        voice_probes: list[tuple[Any, str | None]] = [
            ((v, line, s), f"person:v{i}")
            for i, v in enumerate(voices)
            for line in lines
            for s in speeds
        ]
        voice_probes += [((v, line, 160), None) for v in unknown for line in lines]
        voice = run(
            bio,
            "voice",
            {f"person:v{i}": (v, LINES[0], 160) for i, v in enumerate(voices)},
            voice_probes,
            lambda x: bio.voice.embed(speak(*x)),
        )
        n = 4 if args.quick else 12
        face_probes: list[tuple[Any, str | None]] = [
            (f, "person:a") for f in frames(astronaut(), n, seed=1)
        ]
        face_probes += [(f, "person:b") for f in frames(cameraman(), n, seed=2)]
        face_probes += [(f, None) for f in strangers(20 if args.quick else 100)]
        warm = time.perf_counter()
        bio.face.embed_frame(astronaut())
        face_warm = time.perf_counter() - warm
        face = run(
            bio,
            "face",
            {"person:a": astronaut(), "person:b": cameraman()},
            face_probes,
            bio.face.embed_frame,
        )
    finished = datetime.now(UTC)
    lines_out = [
        f"# Voice and face identification ({'quick' if args.quick else 'full'})",
        "",
        f"Run {started:%Y-%m-%d %H:%M} UTC, {(finished - started).seconds} s, on {_machine()}; "
        f"load average at the end {', '.join(f'{x:.1f}' for x in os.getloadavg())} "
        "(a shared machine: latencies grow with the load).",
        "",
        "| | voice (resemblyzer, espeak-ng speakers) | face (dlib, scikit-image) |",
        "| --- | --- | --- |",
    ]
    rows = [
        ("people enrolled", "enrolled", "{}"),
        ("probes", "probes", "{}"),
        ("closed-set accuracy", "closed_accuracy", "{:.3f}"),
        ("open-set accuracy at the threshold", "open_accuracy", "{:.3f}"),
        ("threshold (config)", "threshold", "{}"),
        ("equal error rate", "eer", "{:.3f}"),
        ("EER threshold", "eer_threshold", "{:.3f}"),
    ]
    for label, key, fmt in rows:
        lines_out.append(f"| {label} | {fmt.format(voice[key])} | {fmt.format(face[key])} |")
    for label, key in (
        ("genuine distance min/median/max", "genuine"),
        ("impostor distance min/median/max", "impostor"),
    ):
        lines_out.append(
            f"| {label} | {' / '.join(f'{x:.3f}' for x in voice[key])} | "
            f"{' / '.join(f'{x:.3f}' for x in face[key])} |"
        )
    lines_out += [
        f"| enrolment (embed + encrypt + write) | {voice['enrol']} | {face['enrol']} |",
        f"| identification (embed + decrypt + match) | {voice['identify']} | {face['identify']} |",
        f"| first use (model load, JIT) | {voice_warm:.1f} s | {face_warm:.1f} s |",
        "",
        "Voice probes include synthesis by espeak-ng (a few ms); clips are 5-7 s.",
    ]
    out = HERE / ("work/RESULTS-biometrics-quick.md" if args.quick else "RESULTS-biometrics.md")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines_out) + "\n")
    print("\n".join(lines_out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
