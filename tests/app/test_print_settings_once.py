"""Print settings are resolved once: one resolver (:func:`pnpkit.app.settings.print_settings`)
takes every setting from the command line, else the environment, else ``pnpkit.toml``, else
the default; each default and each allowed list is written once; a build reads the settings
file once and parses each data file once."""

from __future__ import annotations

import re
from collections import Counter, OrderedDict
from pathlib import Path
from typing import Any

import pytest

from pnpkit.app import settings as resolver
from pnpkit.app.cli import build_parser, main
from pnpkit.app.new_game import scaffold
from pnpkit.app.settings import SETTINGS, print_settings
from pnpkit.layout.duplex import DUPLEX_CHOICES, Duplex, Imposition
from pnpkit.layout.offset import BackOffset
from pnpkit.layout.paper import A4, LETTER, PAPERS
from pnpkit.layout.print_settings import DEFAULTS, UNITS, PrintSettings
from pnpkit.load import yamlnode
from pnpkit.units import MM

SRC = Path(__file__).resolve().parents[2] / "src" / "pnpkit"

# for each setting: (its value in pnpkit.toml, in the environment, on the command line), each
# with what it resolves to, and what the default resolves to
CASES: dict[str, tuple[tuple[str, Any], tuple[str, Any], tuple[str, Any], Any]] = {
    "paper": (('"a4"', A4), ("letter", LETTER), ("a4", A4), LETTER),
    "units": (('"cm"', "cm"), ("in", "in"), ("cm", "cm"), None),
    "duplex": (('"fold"', Duplex.FOLD), ("none", Duplex.NONE), ("long", Duplex.LONG), Duplex.LONG),
    "bleed": (('"2mm"', 2 * MM), ("3mm", 3 * MM), ("1mm", 1 * MM), 0.0),
    "back_offset": (
        ("[1.5, -0.5]", BackOffset.from_mm(1.5, -0.5)),
        ("-1,2", BackOffset.from_mm(-1, 2)),
        ("0.5,0", BackOffset.from_mm(0.5, 0)),
        BackOffset(),
    ),
}


def _value(settings: PrintSettings, key: str) -> Any:
    field = next(s.field for s in SETTINGS if s.key == key)
    return settings.units if key == "units" else getattr(settings.imposition, field)


def test_every_setting_has_a_case() -> None:
    assert sorted(CASES) == sorted(s.key for s in SETTINGS)


@pytest.mark.parametrize("key", list(CASES))
def test_command_line_over_environment_over_file_over_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    (in_file, from_file), (in_environment, from_environment), (asked, from_asked), default = CASES[
        key
    ]
    setting = next(s for s in SETTINGS if s.key == key)
    data = tmp_path / "data"
    data.mkdir()
    assert _value(print_settings(data), key) == default == _value(DEFAULTS, key)
    (data / "pnpkit.toml").write_text(f"{key} = {in_file}\n", encoding="utf-8")
    assert _value(print_settings(data), key) == pytest.approx(from_file)
    monkeypatch.setenv(setting.variable, in_environment)
    assert _value(print_settings(data), key) == pytest.approx(from_environment)
    assert _value(print_settings(data, {key: asked}), key) == pytest.approx(from_asked)
    # the same through the command line a user types
    option = [f"{setting.option}={asked}"]
    command = "table-layout" if key == "units" else "build"
    argv = [command, "--data", str(data), *option]
    if command == "table-layout":
        argv += ["--crews", "2", "--seed", "1"]
    args = build_parser(argv).parse_args(argv)
    assert _value(resolver.settings_from(args), key) == pytest.approx(from_asked)
    # the other settings keep their defaults
    others = [other.key for other in SETTINGS if other.key != key]
    resolved = print_settings(data, {key: asked})
    assert [_value(resolved, other) for other in others] == [_value(DEFAULTS, o) for o in others]


@pytest.mark.parametrize(
    ("variable", "text", "message"),
    [
        ("PNPKIT_PAPER", "legal", "PNPKIT_PAPER='legal' is not allowed (allowed: letter, a4)"),
        ("PNPKIT_UNITS", "mm", "PNPKIT_UNITS='mm' is not allowed (allowed: in, cm)"),
        ("PNPKIT_DUPLEX", "short", "PNPKIT_DUPLEX='short' is not allowed (allowed: long, none"),
        ("PNPKIT_BLEED", "2", "PNPKIT_BLEED='2' is not a length with its unit (allowed: a "),
        ("PNPKIT_BACK_OFFSET", "9,0", "PNPKIT_BACK_OFFSET='9,0' is out of range (allowed: X,Y"),
    ],
)
def test_a_bad_environment_value_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    variable: str,
    text: str,
    message: str,
) -> None:
    data = tmp_path / "data"
    scaffold(data, "salvage", None)
    monkeypatch.setenv(variable, text)
    assert main(["build", "--data", str(data), "--out", str(tmp_path / "out")]) == 2
    assert f"error: {message}" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_each_allowed_list_is_the_one_the_command_line_offers() -> None:
    def choices(argv: list[str], dest: str) -> Any:
        parser = build_parser(argv)
        command = parser._subparsers._group_actions[0].choices[argv[0]]  # type: ignore[union-attr]
        return next(a.choices for a in command._actions if a.dest == dest)

    for command in ("build", "check", "watch", "serve", "map", "table-layout"):
        assert list(choices([command], "paper")) == list(PAPERS)
    for command in ("build", "check", "watch", "serve"):
        assert choices([command], "duplex") == DUPLEX_CHOICES == tuple(m.value for m in Duplex)
    assert choices(["table-layout"], "units") is UNITS
    allowed = {setting.key: setting.allowed for setting in SETTINGS}
    assert allowed["paper"] == ", ".join(PAPERS) and allowed["units"] == ", ".join(UNITS)
    assert allowed["duplex"] == ", ".join(DUPLEX_CHOICES)


def _written_in(pattern: str) -> list[str]:
    found = re.compile(pattern)
    return sorted(
        str(path.relative_to(SRC))
        for path in SRC.rglob("*.py")
        if found.search(path.read_text("utf-8"))
    )


def test_each_default_and_allowed_list_is_written_once() -> None:
    # the default paper: the imposition's, which PrintSettings() and the resolver start from
    assert _written_in(r"(=|\bor)\s*LETTER\b") == ["layout/duplex.py"]
    assert _written_in(r"=\s*Duplex\.LONG\b") == ["layout/duplex.py"]
    assert Imposition().paper is LETTER and DEFAULTS.imposition == Imposition()
    # the units (cm on A4) and the allowed lists
    assert _written_in(r"\"cm\" if") == ["layout/print_settings.py"]
    assert _written_in(r"\(\s*\"in\",\s*\"cm\"\s*\)") == ["layout/print_settings.py"]
    assert _written_in(r"\(\s*\"letter\",\s*\"a4\"\s*\)") == []
    assert _written_in(r"\"long\",\s*\"none\"") == []


def test_a_build_reads_its_settings_once_and_each_data_file_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, data_dir: Path
) -> None:
    reads: list[Path] = []
    real_read = resolver._from_file

    def counted(path: Path) -> dict[str, Any]:
        reads.append(path)
        return real_read(path)

    parsed: Counter[str] = Counter()
    real_parse = yamlnode.parse_yaml

    def parse(text: str, file: str, problems: Any = None) -> Any:
        parsed[file] += 1
        return real_parse(text, file, problems)

    monkeypatch.setattr(resolver, "_from_file", counted)
    monkeypatch.setattr(yamlnode, "parse_yaml", parse)
    monkeypatch.setattr(yamlnode, "_PARSED", OrderedDict())  # as in a fresh process
    games = ["high-seas", "pirate-fleets"]
    out = tmp_path / "out"
    argv = ["build", *games, "-q", "--jobs", "1", "--data", str(data_dir), "--out", str(out)]
    assert main(argv) == 0
    assert main(argv) == 0
    assert reads == [data_dir / "pnpkit.toml"] * 2  # once per build
    assert parsed and set(parsed.values()) == {1}  # game.yaml too: each text parsed once
    assert f"{data_dir}/high-seas/game.yaml" in parsed
    reads.clear()
    assert main(["check", *games, "--data", str(data_dir)]) == 0
    assert reads == [data_dir / "pnpkit.toml"]
