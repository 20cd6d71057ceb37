"""How well a reading types the people and places of a novel, against the reference list in
benchmarks/data/literature_names.json (written before the typing was changed or measured).

`python -m benchmarks.literature_names work=path.txt ...` distills each novel (one process each)
and prints, per work, the subjects that match a reference entry: typed right, typed wrong, and
the reference's people and places among the subjects at all.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from benchmarks._runner import run_step

HERE = Path(__file__).resolve().parent
REFERENCE = HERE / "data" / "literature_names.json"
_TITLES = ("Mr ", "Mrs ", "Miss ", "Lady ", "Sir ", "Captain ", "Colonel ", "Admiral ", "Dr ")


def _key(name: str) -> str:
    for t in _TITLES:
        if name.startswith(t):
            return name[len(t) :]
    return name


def subjects_step(path: str) -> dict[str, Any]:
    """The subjects a reading of `path` keeps, with their kinds (this process)."""
    from resident.config import load_settings
    from resident.literature import distill_file

    d = distill_file(path, load_settings(env={}))
    return {"subjects": [[s.name, s.kind] for s in d.subjects]}


def score(work: str, subjects: list[list[str]]) -> dict[str, Any]:
    ref = json.loads(REFERENCE.read_text())["works"][work]
    kind_of = {n: k for k in ("person", "place") for n in ref[k]}
    right, wrong = [], []
    for name, kind in subjects:
        want = kind_of.get(name) or kind_of.get(_key(name))
        if want is None:
            continue
        (right if kind == want else wrong).append(f"{name} ({kind})")
    return {
        "matched": len(right) + len(wrong),
        "right": len(right),
        "wrong": wrong,
        "subjects": len(subjects),
    }


def main(argv: list[str]) -> None:
    rows = {}
    for arg in argv:
        work, _, path = arg.partition("=")
        found = run_step("benchmarks.literature_names:subjects_step", path=path)
        rows[work] = score(work, found["subjects"]) | {"found": found["subjects"]}
        r = rows[work]
        print(f"{work}: {r['right']}/{r['matched']} typed right; wrong: {r['wrong']}", flush=True)
    total = sum(r["right"] for r in rows.values()), sum(r["matched"] for r in rows.values())
    print(f"all: {total[0]}/{total[1]}")
    print(json.dumps(rows))


if __name__ == "__main__":
    main(sys.argv[1:])
