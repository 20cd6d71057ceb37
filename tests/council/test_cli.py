"""`resident council providers|run|sittings` on a real data directory and the stand-ins."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from resident.cli import main
from resident.config import DEFAULT_CONFIG, load_settings
from resident.memory.duck_store import DuckStore
from tests.council.conftest import Council
from tests.council.standins import KEY_ENV, providers_config, verdict
from tests.council.test_sitting import seed


def config_with_providers(council: Council, path: Path) -> Path:
    lines = [DEFAULT_CONFIG.read_text()]
    for name, p in providers_config(council.standins).items():
        lines.append(
            f"\n[council.providers.{name}]\n"
            + "\n".join(f"{k} = {json.dumps(v)}" for k, v in p.items())
        )
    path.write_text("\n".join(lines))
    return path


def test_cli_off_then_on(data_dir: Path, tmp_path: Path, council: Council) -> None:
    runner = CliRunner()
    off = runner.invoke(main, ["--data-dir", str(data_dir), "council", "run"])
    assert off.exit_code == 0 and "council is off" in off.output
    assert council.requests() == []

    config = config_with_providers(council, tmp_path / "resident.toml")
    settings = load_settings(config_path=config, data_dir=data_dir, env={})
    with DuckStore.open(settings, create=True) as store:
        ids = seed(store)
    council.script(
        openai=verdict("supported"), anthropic=verdict("supported"), gemini=verdict("unknown")
    )
    base = ["--data-dir", str(data_dir), "--config", str(config), "council"]
    listed = runner.invoke(main, [*base, "providers"])
    assert listed.exit_code == 0 and listed.output.count("key set") == 3
    assert "independence group google" in listed.output and "never agree" not in listed.output
    assert all(key not in listed.output for key in council.keys.values())
    assert KEY_ENV["gemini"] in listed.output

    ran = runner.invoke(main, [*base, "run", "--json"])
    assert ran.exit_code == 0, ran.output
    report = json.loads(ran.output)
    # The dose question asks for a value: "supported" does not answer it.
    assert (report["questions"], report["agreed"], report["insufficient"]) == (2, 1, 1)
    assert report["applied_claims"] == 2

    # A FACT is settled locally: it is not put to outside models.
    adhoc = runner.invoke(main, [*base, "run", "--claim", ids["fact"]])
    assert adhoc.exit_code == 0 and "0 question(s)" in adhoc.output
    assert f"settled locally by FACT {ids['fact']}" in adhoc.output

    shown = runner.invoke(main, [*base, "sittings", "rxnorm:11289"])
    assert shown.exit_code == 0 and shown.output.count("-> agreed, applied") == 1
    dose = runner.invoke(main, [*base, "sittings", "rxnorm:1191"])
    assert "-> insufficient, gap_kept" in dose.output and "agreed" not in dose.output
    missing = runner.invoke(main, [*base, "run", "--claim", "c_nope"])
    assert missing.exit_code == 2 and "no claim" in missing.output
