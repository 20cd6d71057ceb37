"""`python -m benchmarks.literature [--quick]`: reading speed and memory on real PDFs.

Real manuals come from Debian packages (`apt-get install c++-annotations-pdf
docbook-xsl-doc-pdf`, benchmark only; the tests make their own documents). In one run:
raw pymupdf text extraction vs distillation (pages/s) of the same documents; peak memory (RSS and
Python heap) distilling the first 100 and the first 1,000 pages of the largest manual, each in a
fresh process; and a re-read into the same graph, which must change nothing.
Writes benchmarks/RESULTS-literature.md (a --quick run writes under benchmarks/work/).
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import sys
import time
import tracemalloc
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks import report
from benchmarks._runner import run_step
from benchmarks.literature_corpus import as_pdf, novel_texts
from benchmarks.literature_library import theme_check

HERE = Path(__file__).resolve().parent
#: Real PDFs looked for (plain or gzipped), largest manual first.
CANDIDATES = (
    "/usr/share/doc/c++-annotations/cplusplus.pdf",
    "/usr/share/doc/docbook-xsl-doc-pdf/doc/reference.pdf.gz",
    "/usr/share/doc/docbook-xsl/reference.pdf.gz",
    "/usr/share/doc/valgrind/valgrind_manual.pdf.gz",
    "/usr/share/doc/libtasn1-doc/libtasn1.pdf",
    "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf",
)
TARGET_PAGES_PER_S = 30.0
TARGET_MEMORY_RATIO = 1.2


def real_pdfs(work: Path) -> list[Path]:
    """The candidate PDFs installed here; gzipped ones are unpacked into `work` once."""
    found: list[Path] = []
    seen: set[str] = set()
    for name in CANDIDATES:
        src = Path(name)
        if not src.exists() or src.name in seen:
            continue
        seen.add(src.name)
        if src.suffix == ".gz":
            dest = work / src.stem
            if not dest.exists():
                with gzip.open(src, "rb") as fin, dest.open("wb") as fout:
                    shutil.copyfileobj(fin, fout)
            found.append(dest)
        else:
            found.append(src)
    return found


def first_pages(src: Path, pages: int, dest: Path) -> Path:
    """A PDF of the first `pages` pages of `src` (the memory comparison's two documents)."""
    import pymupdf

    if not dest.exists():
        with pymupdf.open(str(src)) as doc, pymupdf.open() as out:
            out.insert_pdf(doc, from_page=0, to_page=min(pages, doc.page_count) - 1)
            out.save(str(dest))
    return dest


def raw_extraction(path: str) -> dict[str, Any]:
    """pymupdf's plain text extraction of every page (the baseline)."""
    import pymupdf

    started = time.perf_counter()
    chars = 0
    with pymupdf.open(path) as doc:
        pages = doc.page_count
        for page in doc:
            chars += len(page.get_text())
    seconds = time.perf_counter() - started
    return {"pages": pages, "chars": chars, "seconds": seconds, "pages_per_s": pages / seconds}


def distill_step(path: str, heap: bool = False) -> dict[str, Any]:
    """Distill one document in this process (pipeline loaded first, not timed)."""
    from resident.config import load_settings
    from resident.literature import distill_file, keep_loaded, reading_pipeline
    from resident.literature.distill import zipf
    from resident.literature.morals import load_lexicon
    from resident.literature.wordnet import noun_sense

    settings = load_settings(env={})
    reading_pipeline(settings.literature.pipeline)("Warm up the pipeline.")
    load_lexicon()
    zipf("warm")
    noun_sense("warmth")  # WordNet loaded before the clock, like the pipeline
    import pymupdf  # noqa: F401  (raw_extraction imports it before its clock too)

    keep_loaded()  # what the reading child does once, after its first loads

    if heap:
        tracemalloc.start()
    started = time.perf_counter()
    d = distill_file(path, settings)
    seconds = time.perf_counter() - started
    heap_peak = tracemalloc.get_traced_memory()[1] / 2**20 if heap else None
    if heap:
        tracemalloc.stop()
    return {
        "pages": d.page_count,
        "pages_with_text": d.pages_with_text,
        "words": d.words,
        "seconds": seconds,
        "pages_per_s": d.page_count / seconds,
        "heap_peak_mib": heap_peak,
        "title": d.title,
        "author": d.author,
        "themes": [t.phrase for t in d.themes],
        "related": [list(t.related) for t in d.themes],
        "themes_from": d.themes_from,
        "subjects": [f"{x.name} ({x.kind})" for x in d.subjects[:10]],
        "excerpt_texts": [e.text for e in d.excerpts[:2]],
        "new_words": len(d.word_candidates),
        "excerpts": len(d.excerpts),
        "chapters": len(d.chapters),
        "pipeline": d.pipeline,
    }


def reread_step(path: str, data_dir: str) -> dict[str, Any]:
    """Read into a fresh embedded graph, then read again: time and growth of the second."""
    from resident.config import load_settings
    from resident.literature import read_document
    from resident.memory.duck_store import DuckStore

    settings = load_settings(data_dir=data_dir, env={})
    graph = DuckStore.open(settings, create=True)
    try:
        t0 = time.perf_counter()
        first = read_document(graph, path, datetime(2026, 1, 1, tzinfo=UTC), settings)
        t1 = time.perf_counter()
        before = (graph.counts(), graph.checksum())
        second = read_document(graph, path, datetime(2026, 1, 2, tzinfo=UTC), settings)
        t2 = time.perf_counter()
        after = (graph.counts(), graph.checksum())
    finally:
        graph.close()
    return {
        "first_seconds": t1 - t0,
        "reread_seconds": t2 - t1,
        "claims": before[0]["claims"],
        "entities": before[0]["entities"],
        "first_changed": first.changed,
        "reread_changed": second.changed,
        "same_counts": before[0] == after[0],
        "same_checksum": before[1] == after[1],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.literature", description=__doc__)
    parser.add_argument(
        "--quick",
        action="store_true",
        help="20- and 200-page documents, one real PDF; writes under work/",
    )
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    work = HERE / "work" / "literature"
    work.mkdir(parents=True, exist_ok=True)
    pdfs = real_pdfs(work)
    if not pdfs:
        print(
            "no real PDFs installed: apt-get install c++-annotations-pdf docbook-xsl-doc-pdf",
            file=sys.stderr,
        )
        return 1
    small_n, large_n = (20, 200) if args.quick else (100, 1000)
    texts = novel_texts(work)
    novel_pdfs = [as_pdf(t, work / f"{t.stem}.pdf") for t in texts if t.stem == "persuasion"]
    speed_docs = novel_pdfs + (pdfs[1:2] if args.quick else pdfs)
    started = datetime.now(UTC)

    speed: list[dict[str, Any]] = []
    for pdf in speed_docs:
        raw = run_step("benchmarks.literature:raw_extraction", path=str(pdf))
        dist = run_step("benchmarks.literature:distill_step", path=str(pdf))
        speed.append({"doc": str(pdf), "raw": raw, "distilled": dist})
        print(
            f"{pdf.name}: raw {raw['pages_per_s']:.0f} pages/s, distilled "
            f"{dist['pages_per_s']:.1f} pages/s",
            file=sys.stderr,
        )

    big = pdfs[0]
    memory: dict[int, dict[str, Any]] = {}
    for n in (small_n, large_n):
        doc = first_pages(big, n, work / f"{big.stem}-{n}.pdf")
        rss = run_step("benchmarks.literature:distill_step", path=str(doc))
        heap = run_step("benchmarks.literature:distill_step", path=str(doc), heap=True)
        memory[n] = {
            "doc": str(doc),
            "pages": rss["pages"],
            "peak_rss_mib": rss["peak_rss_mib"],
            "heap_peak_mib": heap["heap_peak_mib"],
            "pages_per_s": rss["pages_per_s"],
        }
        print(
            f"{n} pages: RSS {rss['peak_rss_mib']:.0f} MiB, heap {heap['heap_peak_mib']:.1f} MiB",
            file=sys.stderr,
        )

    themes = _themes(speed, texts, args.quick)
    library = []
    if not args.quick:
        shelf = [str(t) for t in texts] + [
            str(p)
            for p in pdfs
            if p.name in ("libtasn1.pdf", "shared-mime-info-spec.pdf", "reference.pdf")
        ]
        for workers in (1, 2):
            library.append(
                run_step("benchmarks.literature_library:library_step", paths=shelf, workers=workers)
            )
            print(f"library, {workers} worker(s): {library[-1]}", file=sys.stderr)

    reread_dir = work / "reread"
    shutil.rmtree(reread_dir, ignore_errors=True)
    reread_dir.mkdir()
    reread = run_step(
        "benchmarks.literature:reread_step", path=str(speed_docs[0]), data_dir=str(reread_dir)
    )

    total_pages = sum(s["distilled"]["pages"] for s in speed)
    raw_rate = total_pages / sum(s["raw"]["seconds"] for s in speed)
    dist_rate = total_pages / sum(s["distilled"]["seconds"] for s in speed)
    rss_ratio = memory[large_n]["peak_rss_mib"] / memory[small_n]["peak_rss_mib"]
    heap_ratio = memory[large_n]["heap_peak_mib"] / memory[small_n]["heap_peak_mib"]
    results = {
        "started": started.isoformat(),
        "quick": args.quick,
        "speed": speed,
        "raw_pages_per_s": raw_rate,
        "distilled_pages_per_s": dist_rate,
        "memory": memory,
        "rss_ratio": rss_ratio,
        "heap_ratio": heap_ratio,
        "reread": reread,
        "themes": themes,
        "library": library,
    }
    out = args.out or (
        work / "RESULTS-literature.md" if args.quick else HERE / "RESULTS-literature.md"
    )
    out.write_text(render(results, report.machine(), small_n, large_n))
    (work / "results-literature.json").write_text(json.dumps(results, indent=2, default=str))
    print(f"wrote {out}", file=sys.stderr)
    met = (
        dist_rate >= TARGET_PAGES_PER_S
        and rss_ratio <= TARGET_MEMORY_RATIO
        and reread["same_checksum"]
        and reread["same_counts"]
    )
    return 0 if met else 2


#: The ten works of the theme check: the work's name in the reference list -> its file name.
THEME_WORKS = {
    "emma": "emma.txt",
    "persuasion": "persuasion.pdf",
    "pride and prejudice": "pride-and-prejudice.txt",
    "sense and sensibility": "sense-and-sensibility.txt",
    "mansfield park": "mansfield-park.txt",
    "northanger abbey": "northanger-abbey.txt",
    "libtasn1": "libtasn1.pdf",
    "shared-mime-info": "shared-mime-info-spec.pdf",
    "c++ annotations": "cplusplus.pdf",
    "valgrind": "valgrind_manual.pdf",
    "docbook-xsl reference": "reference.pdf",
}


def _themes(speed: list[dict[str, Any]], texts: list[Path], quick: bool) -> dict[str, Any]:
    """Themes of the ten works (the speed run's distillations reused), judged against the
    reference list; the novels not in the speed run are distilled here."""
    done = {Path(sp["doc"]).name: sp["distilled"] for sp in speed}
    for t in texts:
        if t.name in THEME_WORKS.values() and t.name not in done and not quick:
            done[t.name] = run_step("benchmarks.literature:distill_step", path=str(t))
    found = {w: done[f] for w, f in THEME_WORKS.items() if f in done}
    if "valgrind" in found:
        found.pop("docbook-xsl reference", None)
    checked = theme_check({w: d["themes"] for w, d in found.items()})
    for w, row in checked.items():
        row["related"] = found[w]["related"][:10]
        row["subjects"] = found[w]["subjects"]
        row["title"], row["author"] = found[w]["title"], found[w]["author"]
        row["excerpts"] = found[w]["excerpt_texts"]
    return checked


def render(r: dict[str, Any], machine: dict[str, Any], small_n: int, large_n: int) -> str:
    memory: dict[Any, Any] = r["memory"]
    lines = [
        "# Literature benchmark: reading real PDFs",
        "",
        f"Run {r['started']} on {machine}.",
        "`python -m benchmarks.literature" + (" --quick" if r["quick"] else "") + "`; "
        "each step in a fresh process; the spaCy pipeline is loaded before the clock starts.",
        "",
        "## Pages per second: raw text extraction vs distillation (same documents, one run)",
        "",
        "| document | pages | raw pymupdf pages/s | distilled pages/s | raw / distilled |",
        "|---|---|---|---|---|",
    ]
    for s in r["speed"]:
        raw, dist = s["raw"], s["distilled"]
        lines.append(
            f"| {Path(s['doc']).name} | {dist['pages']} | {raw['pages_per_s']:.0f} | "
            f"{dist['pages_per_s']:.1f} | "
            f"{raw['pages_per_s'] / dist['pages_per_s']:.1f}x |"
        )
    lines += [
        f"| **all** | {sum(s['distilled']['pages'] for s in r['speed'])} | "
        f"{r['raw_pages_per_s']:.0f} | **{r['distilled_pages_per_s']:.1f}** | "
        f"{r['raw_pages_per_s'] / r['distilled_pages_per_s']:.1f}x |",
        "",
        f"Target: >= {TARGET_PAGES_PER_S:.0f} pages/s distilled.",
        "",
        f"## Peak memory: the first {small_n} and the first {large_n} pages of the largest manual",
        "",
        "| pages | peak RSS MiB | Python heap peak MiB | pages/s |",
        "|---|---|---|---|",
    ]
    for n in (small_n, large_n):
        m = memory[n] if n in memory else memory[str(n)]
        lines.append(
            f"| {m['pages']} | {m['peak_rss_mib']:.0f} | {m['heap_peak_mib']:.1f} | "
            f"{m['pages_per_s']:.1f} |"
        )
    rr = r["reread"]
    lines += [
        "",
        f"Ratio {large_n}/{small_n} pages: RSS **{r['rss_ratio']:.2f}x**, Python heap "
        f"**{r['heap_ratio']:.2f}x** (target: within {TARGET_MEMORY_RATIO}x).",
        "",
        "## Re-read: zero growth",
        "",
        f"First read {rr['first_seconds']:.1f} s ({rr['first_changed']} rows written: "
        f"{rr['entities']} entities, {rr['claims']} claims); re-read {rr['reread_seconds']:.1f} s, "
        f"{rr['reread_changed']} rows changed; same counts: {rr['same_counts']}, same checksum: "
        f"{rr['same_checksum']}.",
        "",
        *_render_themes(r.get("themes", {})),
        *_render_library(r.get("library", [])),
    ]
    return "\n".join(lines)


def _render_themes(themes: dict[str, Any]) -> list[str]:
    if not themes:
        return []
    mean = sum(t["precision"] for t in themes.values()) / len(themes)
    lines = [
        "## Themes: precision of the top 10 against a reference list written before the run",
        "",
        "The reference list (benchmarks/data/literature_themes.json) was committed before the "
        "extractor first ran on these works. A theme counts when it, its last word or that "
        "word's WordNet lemma is listed. Persuasion and libtasn1 were looked at while the "
        "extractor was built (dev); the other eight were not (test).",
        "",
        "| work | title / author found | precision@10 | themes (hits in bold) |",
        "|---|---|---|---|",
    ]
    for work, t in themes.items():
        shown = ", ".join(f"**{x}**" if x in t["hits"] else x for x in t["themes"])
        lines.append(
            f"| {work} | {t['title']} / {t['author'] or '-'} | {t['precision']:.1f} | {shown} |"
        )
    lines += ["", f"Mean precision@10: **{mean:.2f}** over {len(themes)} works.", ""]
    lines += ["Subjects found (first ten, with their kind):", ""]
    lines += [f"- {work}: {', '.join(t['subjects'])}" for work, t in themes.items()]
    lines.append("")
    return lines


def _render_library(library: list[dict[str, Any]]) -> list[str]:
    if not library:
        return []
    lines = [
        "## A library on a local Dask cluster (prefect-dask)",
        "",
        "The `literature` flow reading an inbox folder, distilling on "
        "`DaskTaskRunner` with n worker processes (one thread each), the graph written by the "
        "flow; peak memory is the whole process tree's RSS, sampled every 0.2 s.",
        "",
        "| workers | documents | pages | seconds | pages/s | peak RSS MiB (all processes) |",
        "|---|---|---|---|---|---|",
    ]
    for row in library:
        lines.append(
            f"| {row['workers']} | {row['documents']} | {row['pages']} | {row['seconds']:.0f} | "
            f"{row['pages_per_s']:.1f} | {row['peak_tree_rss_mib']:.0f} |"
        )
    lines.append("")
    return lines


if __name__ == "__main__":
    sys.exit(main())
