"""Configuration: the TOML defaults, environment overrides, the data directory, bad values."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from resident.config import DEFAULT_CONFIG, DEFAULT_DATA_DIR, load_settings
from resident.errors import ConfigError

REPO = Path(__file__).resolve().parents[1]
RESIDENT = Path(sys.executable).parent / "resident"


def test_defaults_are_the_rules_numbers() -> None:
    s = load_settings(env={})
    e, d, c = s.epistemic, s.decay, s.curiosity
    assert (e.belief_at, e.fact_at, e.hint_cap, e.non_fact_ceiling) == (0.5, 0.85, 0.3, 0.84)
    assert (e.min_independent_sources, e.conflict_loss_factor) == (2, 0.5)
    assert e.correction_confidence < e.belief_at
    assert (d.threshold, d.stale_after_days, d.factor, d.floor) == (0.6, 90, 0.5, 0.05)
    assert c.correction_priority > c.default_priority
    assert (s.caches.language_model_responses, s.caches.dictionary) == (200, 500)
    assert s.data_dir == DEFAULT_DATA_DIR == REPO / "data"
    assert s.graph_path == REPO / "data" / "graph.duckdb"


def test_env_override() -> None:
    s = load_settings(
        env={
            "RESIDENT_DECAY__FLOOR": "0.1",
            "RESIDENT_EPISTEMIC__HINT_CAP": "0.25",
            "RESIDENT_DECAY__STALE_AFTER_DAYS": "30",
            "UNRELATED": "x",
        }
    )
    assert (s.decay.floor, s.epistemic.hint_cap, s.decay.stale_after_days) == (0.1, 0.25, 30)
    assert s.decay.threshold == 0.6


def test_env_override_reaches_subtables_and_lists() -> None:
    s = load_settings(
        env={
            "RESIDENT_DRIVES__ENERGY__SET_POINT": "0.6",
            "RESIDENT_DRIVES__ENERGY__BAND": "[0.3, 0.8]",
            "RESIDENT_AFFECT__IMPULSES__PRAISE": "[0.3, 0.1, 0.1]",
        }
    )
    assert s.drives.energy.set_point == 0.6
    assert tuple(s.drives.energy.band) == (0.3, 0.8)
    assert tuple(s.affect.impulses["praise"]) == (0.3, 0.1, 0.1)
    with pytest.raises(ConfigError, match="drives.energy.band"):
        load_settings(env={"RESIDENT_DRIVES__ENERGY__BAND": "[0.3, oops"})
    with pytest.raises(ConfigError, match="drives.nosuchdrive"):
        load_settings(env={"RESIDENT_DRIVES__NOSUCHDRIVE__SET_POINT": "0.5"})


def test_settings_are_frozen() -> None:
    s = load_settings(env={})
    with pytest.raises(ValueError):
        s.decay.floor = 0.2  # type: ignore[misc]


@pytest.mark.parametrize(
    ("env", "key", "words"),
    [
        ({"RESIDENT_DECAY__FLOOR": "2"}, "decay.floor", "less than or equal to 1"),
        ({"RESIDENT_DECAY__FLOOR": "-0.1"}, "decay.floor", "greater than or equal to 0"),
        ({"RESIDENT_DECAY__FLOOR": "lots"}, "decay.floor", "number"),
        ({"RESIDENT_DECAY__FLOOR": "0.7"}, "decay", "floor must be below threshold"),
        ({"RESIDENT_EPISTEMIC__HINT_CAP": "0.6"}, "epistemic", "hint_cap < belief_at"),
        ({"RESIDENT_EPISTEMIC__FACT_AT": "0.8"}, "epistemic", "non_fact_ceiling < fact_at"),
        (
            {"RESIDENT_EPISTEMIC__MIN_INDEPENDENT_SOURCES": "1"},
            "epistemic.min_independent_sources",
            "greater than or equal to 2",
        ),
        ({"RESIDENT_DECAY__STALE_AFTER_DAYS": "0"}, "decay.stale_after_days", "greater than 0"),
        ({"RESIDENT_CACHES__DICTIONARY": "0"}, "caches.dictionary", "greater than 0"),
        ({"RESIDENT_DECAY__BOGUS": "1"}, "decay.bogus", "Extra inputs"),
        ({"RESIDENT_NOSUCHSECTION__KEY": "1"}, "nosuchsection", "Extra inputs"),
    ],
)
def test_bad_values_name_the_key(env: dict[str, str], key: str, words: str) -> None:
    with pytest.raises(ConfigError) as info:
        load_settings(env=env)
    assert info.value.key == key
    assert words in str(info.value)
    assert repr(key) in str(info.value)


def _toml_with(tmp_path: Path, old: str, new: str) -> Path:
    text = DEFAULT_CONFIG.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / "resident.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_unknown_key_in_the_file(tmp_path: Path) -> None:
    path = _toml_with(tmp_path, "floor = 0.05\n", "floor = 0.05\nflor = 0.1\n")
    with pytest.raises(ConfigError) as info:
        load_settings(config_path=path, env={})
    assert info.value.key == "decay.flor"


def test_missing_key_in_the_file(tmp_path: Path) -> None:
    path = _toml_with(tmp_path, "floor = 0.05\n", "")
    with pytest.raises(ConfigError, match="required") as info:
        load_settings(config_path=path, env={})
    assert info.value.key == "decay.floor"


def test_unreadable_config_files(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("[decay\nfloor = ", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_settings(config_path=broken, env={})
    with pytest.raises(ConfigError, match="not found"):
        load_settings(config_path=tmp_path / "missing.toml", env={})
    with pytest.raises(ConfigError, match="not found"):
        load_settings(env={"RESIDENT_CONFIG": str(tmp_path / "missing.toml")})


def test_resident_config_env_chooses_the_file(tmp_path: Path) -> None:
    path = _toml_with(tmp_path, "floor = 0.05\n", "floor = 0.07\n")
    assert load_settings(env={"RESIDENT_CONFIG": str(path)}).decay.floor == 0.07


def test_data_dir_precedence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    arg, env_dir = tmp_path / "from-flag", tmp_path / "from-env"
    assert load_settings(env={}).data_dir == DEFAULT_DATA_DIR
    assert load_settings(env={"RESIDENT_DATA_DIR": str(env_dir)}).data_dir == env_dir
    both = load_settings(data_dir=arg, env={"RESIDENT_DATA_DIR": str(env_dir)})
    assert both.data_dir == arg
    assert both.graph_path == arg / "graph.duckdb"
    monkeypatch.chdir(tmp_path)
    assert load_settings(data_dir="rel", env={}).data_dir == tmp_path / "rel"
    monkeypatch.setenv("HOME", str(tmp_path))
    assert load_settings(data_dir="~/max", env={}).data_dir == tmp_path / "max"


# -- the CLI ---------------------------------------------------------------------------------------


def cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}
    return subprocess.run(
        [str(RESIDENT), *args],
        capture_output=True,
        text=True,
        env={**clean, **env},
        cwd=REPO,
        timeout=120,
    )


def test_cli_prints_the_configuration_and_honours_the_data_dir(tmp_path: Path) -> None:
    flag, env_dir = tmp_path / "flag", tmp_path / "env"
    shown = cli("config")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["decay"]["floor"] == 0.05
    assert json.loads(cli("config", RESIDENT_DATA_DIR=str(env_dir)).stdout)["data_dir"] == str(
        env_dir
    )
    both = cli(
        "--data-dir",
        str(flag),
        "config",
        RESIDENT_DATA_DIR=str(env_dir),
        RESIDENT_DECAY__FLOOR="0.1",
    )
    assert json.loads(both.stdout)["data_dir"] == str(flag)
    assert json.loads(both.stdout)["decay"]["floor"] == 0.1


@pytest.mark.parametrize("command", ["config", "migrate"])
def test_cli_bad_config_is_one_line_and_exit_2(tmp_path: Path, command: str) -> None:
    result = cli("--data-dir", str(tmp_path), command, RESIDENT_DECAY__FLOOR="2")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: config key 'decay.floor'")
    assert not (tmp_path / "graph.duckdb").exists(), "a bad config still touched the graph"


def test_cli_bad_config_file(tmp_path: Path) -> None:
    path = _toml_with(tmp_path, "hint_cap = 0.3\n", "hint_cap = 0.9\n")
    result = cli("--config", str(path), "config")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "hint_cap" in result.stderr
