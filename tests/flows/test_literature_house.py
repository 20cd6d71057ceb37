"""Reading on the whole house: `resident up` in a subprocess, a real book (the GPL, as an EPUB)
and a real manual (MAX's own README, as a PDF) read through `prefect deployment run
'literature/adhoc'`, the questions answered through the daemon, and no 12-word run of either
text anywhere under the data directory (the Prefect home, logs and event log included) or in
the snapshot the house publishes. Then a small novel dropped into the inbox, read the same way, and
"Which book talks about ...?" asked through the daemon."""

from __future__ import annotations

from pathlib import Path

import duckdb
import httpx
import pytest

from tests.flows.test_end_to_end import House, house  # noqa: F401  (the module's fixture)
from tests.literature.books import ROOT, license_text, make_epub, make_pdf, shingle_hits, shingles
from tests.literature.test_subjects import _novel


def _decoded(path: Path) -> str:
    con = duckdb.connect(str(path), read_only=True)
    try:
        rows = []
        for (table,) in con.execute("SELECT table_name FROM duckdb_tables()").fetchall():
            found = con.execute(f'SELECT * FROM "{table}"').fetchall()
            rows += [" ".join(map(str, r)) for r in found]
        return "\n".join(rows)
    finally:
        con.close()


@pytest.mark.slow
def test_a_book_and_a_manual_read_through_prefect_deployment_run(
    house: House,  # noqa: F811 (the fixture imported above)
    tmp_path: Path,
) -> None:
    manual_text = (ROOT / "README.md").read_text(encoding="utf-8")
    shelf = house.data_dir.parent / "shelf"  # in literature.roots (the house fixture)
    book = make_epub(shelf / "gpl.epub", license_text())
    manual = make_pdf(
        shelf / "readme.pdf",
        manual_text,
        title="MAX, our AI resident",
        author="The MAX project",
        running_head="MAX README",
    )
    for path in (book, manual):
        run = house.prefect(
            "deployment", "run", "literature/adhoc", "-p", f"path={path}", "--watch", timeout=600
        )
        assert run.returncode == 0 and "Completed" in run.stdout, run.stdout + run.stderr

    with httpx.Client(
        base_url=house.info["url"],
        timeout=120,
        headers={"Authorization": f"Bearer {house.token('owner')}"},
    ) as c:
        listed = house.say(c, "What have you read?")["reply"]
        assert "I have read 2 documents" in listed and "MAX, our AI resident" in listed
        about = house.say(c, "What is GNU General Public License about?")
        assert about["intent"] == "reading" and "is about" in about["reply"]
        assert about["claims"] and all(
            cl["provenance"].startswith("literature:doc:") for cl in about["claims"]
        )
        taught = house.say(c, "What did the MAX README teach you?")["reply"]
        assert "haven't read anything called" in taught  # the title is what the file says
        taught = house.say(c, "What did MAX, our AI resident teach you?")["reply"]
        assert taught.startswith("From \u201cMAX, our AI resident\u201d I learned")
        quote = house.say(c, "Give me a quote from GNU General Public License")["reply"]
        assert "source: \u201cGNU General Public License\u201d, p. " in quote

    snap = house.prefect("deployment", "run", "snapshot/on-demand", "--watch")
    assert snap.returncode == 0, snap.stdout + snap.stderr
    snapshots = sorted((house.data_dir / "snapshots").glob("*.duckdb"))
    assert snapshots
    wanted = shingles(license_text()) | shingles(manual_text)
    kept = " ".join(
        " ".join(str(r[0]).split())
        for r in duckdb.connect(str(snapshots[-1]), read_only=True)
        .execute("SELECT object_literal FROM claims WHERE predicate = 'excerpt'")
        .fetchall()
    )
    files = [p for p in house.data_dir.rglob("*") if p.is_file()]
    assert any("prefect" in p.parts for p in files) and any(p.suffix == ".log" for p in files)
    leaked: dict[str, list[str]] = {}
    for f in files:
        text = f.read_bytes().decode("utf-8", "ignore")
        if f in snapshots:
            text += "\n" + _decoded(f)
        bad = sorted(h for h in shingle_hits(text, wanted) if h not in kept)
        if bad:
            leaked[str(f)] = bad[:2]
    assert not leaked


@pytest.mark.slow
def test_which_book_talks_about_it_after_a_deployment_run(
    house: House,  # noqa: F811 (the fixture imported above)
    tmp_path: Path,
) -> None:
    # A small novel dropped into the inbox, read by `prefect deployment run`, then asked about
    # through the daemon: a place it names, a character, a theme, its author.
    book = _novel(house.data_dir / "inbox" / "salt-debt.txt")
    run = house.prefect(
        "deployment", "run", "literature/adhoc", "-p", f"path={book}", "--watch", timeout=600
    )
    assert run.returncode == 0 and "Completed" in run.stdout, run.stdout + run.stderr
    with httpx.Client(
        base_url=house.info["url"],
        timeout=120,
        headers={"Authorization": f"Bearer {house.token('owner')}"},
    ) as c:
        which = house.say(c, "Which book talks about Porto?")
        assert which["intent"] == "reading"
        assert which["reply"].startswith("\u201cThe Salt Debt\u201d (p. ")
        assert which["reply"].endswith("talks about Porto.")
        assert which["claims"] and all(
            cl["provenance"].startswith("literature:doc:") for cl in which["claims"]
        )
        who = house.say(c, "Who is Marta Reis?")["reply"]
        assert who.startswith("About Marta Reis:") and "Captain Duarte" in who
        theme = house.say(c, "Which book talks about debt?")["reply"]
        assert theme.startswith("\u201cThe Salt Debt\u201d (its ") and "talks about debt." in theme
        author = house.say(c, "Who is Ines Prado?")["reply"]
        assert author.startswith("Ines Prado wrote \u201cThe Salt Debt\u201d")
