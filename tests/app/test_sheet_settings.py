"""Paper, units, duplex mode, bleed and back offset: from the command line, the environment
(PNPKIT_PAPER, …) or pnpkit.toml in the data folder, in that order, by the one resolver
(:mod:`pnpkit.app.settings`); bad values named where they are written. (tests/conftest.py
clears the environment's settings for every test.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pnpkit.app.cli import build_parser, main
from pnpkit.app.settings import print_settings, settings_from
from pnpkit.errors import DataError, UsageError
from pnpkit.layout.imposition import Duplex, Imposition
from pnpkit.layout.offset import BackOffset
from pnpkit.layout.paper import A4, LETTER
from pnpkit.layout.print_settings import DEFAULTS, PrintSettings
from pnpkit.units import INCH, MM


def _options(data: Path, *argv: str) -> PrintSettings:
    return settings_from(build_parser().parse_args(["build", "--data", str(data), *argv]))


def test_defaults_without_settings(tmp_path: Path) -> None:
    options = _options(tmp_path)
    assert options == DEFAULTS
    sheet = options.imposition
    assert (sheet.paper, sheet.duplex, sheet.bleed) == (LETTER, Duplex.LONG, 0.0)
    assert options.table_units == "in"
    assert options.on(A4).table_units == "cm"


def test_the_data_folder_remembers_a_users_sheets(tmp_path: Path) -> None:
    (tmp_path / "pnpkit.toml").write_text(
        '# my printer\npaper = "A4"\nduplex = "fold"\nbleed = "2mm"\n'
        'back_offset = [1.5, -0.5]\nunits = "in"\n',
        encoding="utf-8",
    )
    assert print_settings(tmp_path) == PrintSettings(
        Imposition(A4, Duplex.FOLD, 2 * MM, BackOffset.from_mm(1.5, -0.5)), "in"
    )
    sheet = _options(tmp_path).imposition
    assert sheet.paper == A4 and sheet.duplex is Duplex.FOLD
    assert sheet.bleed == pytest.approx(2 * MM)
    assert sheet.offset == BackOffset.from_mm(1.5, -0.5)
    # the command line still wins, one option at a time
    sheet = _options(tmp_path, "--paper", "letter", "--duplex", "long", "--bleed").imposition
    assert (sheet.paper, sheet.duplex, sheet.bleed) == (LETTER, Duplex.LONG, 0.125 * INCH)
    assert sheet.offset == BackOffset.from_mm(1.5, -0.5)


def test_the_environment_overrides_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pnpkit.toml").write_text('paper = "letter"\n', encoding="utf-8")
    monkeypatch.setenv("PNPKIT_PAPER", "a4")
    assert _options(tmp_path).paper == A4
    assert _options(tmp_path, "--paper", "letter").paper == LETTER
    monkeypatch.setenv("PNPKIT_PAPER", "legal")
    with pytest.raises(
        UsageError, match=r"PNPKIT_PAPER='legal' is not allowed \(allowed: letter, a4\)"
    ):
        print_settings(tmp_path)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'paper = "legal"\n',
            "pnpkit.toml:1:9: paper: 'legal' is not allowed (allowed: letter, a4)",
        ),
        ('\npapr = "a4"\n', "pnpkit.toml:2:8: papr: unknown setting; did you mean paper?"),
        ('duplex = "short"\n', "pnpkit.toml:1:10: duplex: 'short' is not allowed"),
        ('bleed = "2"\n', "pnpkit.toml:1:9: bleed: '2' is not a length with its unit"),
        ('bleed = "1in"\n', "pnpkit.toml:1:9: bleed: '1in' is too large"),
        ("back_offset = [6, 0]\n", "pnpkit.toml:1:15: back_offset: [6, 0] is out of range"),
        ("back_offset = 1.5\n", "pnpkit.toml:1:15: back_offset: 1.5 is not two numbers"),
        ('paper = "a4\n', "pnpkit.toml:1:"),
        ('\n[paper]\nsize = "a4"\n', "pnpkit.toml:2:2: paper: a table is not allowed"),
        ('paper.size = "a4"\n', "pnpkit.toml:1:1: paper: a table is not allowed"),
        ('[[ "units" ]]\n', "pnpkit.toml:1:4: units: [{}] is not allowed"),
    ],
)
def test_bad_settings_are_named_where_they_are_written(
    tmp_path: Path, text: str, expected: str
) -> None:
    (tmp_path / "pnpkit.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        print_settings(tmp_path)
    assert str(caught.value).startswith(f"{tmp_path}/{expected}")


def test_bad_settings_stop_a_build_with_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = tmp_path / "data"
    assert main(["new", "salvage", "--data", str(data)]) == 0
    (data / "pnpkit.toml").write_text('paper = "legal"\n', encoding="utf-8")
    capsys.readouterr()
    assert main(["build", "--data", str(data), "--out", str(tmp_path / "out")]) == 1
    assert "pnpkit.toml:1:9: paper" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_duplex_and_bleed_values(tmp_path: Path) -> None:
    def sheet(**asked: str) -> Imposition:
        return print_settings(tmp_path, asked).imposition

    assert sheet(duplex=" Fold ").duplex is Duplex.FOLD
    with pytest.raises(UsageError, match=r"--duplex 'short' is not allowed \(allowed: long"):
        sheet(duplex="short")
    assert sheet(bleed="3mm").bleed == pytest.approx(3 * MM)
    assert sheet(bleed="0mm").bleed == 0.0
    with pytest.raises(UsageError, match="--bleed '3' is not a length with its unit"):
        sheet(bleed="3")
    with pytest.raises(UsageError, match="--bleed '1cm' is too large"):
        sheet(bleed="1cm")


@pytest.mark.parametrize(
    ("argv", "words"), [(["--bleed", "3"], "not a length"), (["--duplex", "x"], "invalid choice")]
)
def test_bad_sheet_options_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], words: str
) -> None:
    data = tmp_path / "data"
    assert main(["new", "salvage", "--data", str(data)]) == 0
    assert main(["build", *argv, "--data", str(data), "--out", str(tmp_path / "out")]) == 2
    assert words in capsys.readouterr().err


def test_a_fold_over_build_needs_no_duplex_page(tmp_path: Path) -> None:
    data, out = tmp_path / "data", tmp_path / "out"
    assert main(["new", "salvage", "--data", str(data)]) == 0
    (data / "pnpkit.toml").write_text('duplex = "fold"\npaper = "a4"\n', encoding="utf-8")
    assert main(["build", "-q", "--data", str(data), "--out", str(out)]) == 0
    built = sorted(p.name for p in (out / "salvage").glob("*.pdf"))
    assert built == [  # no duplex calibration page
        "coins-tokens.pdf",
        "crew-cards.pdf",
        "fortune-cards.pdf",
        "harbour-board.pdf",
        "print-this-kit.pdf",
        "rulebook.pdf",
    ]
    reader = PdfReader(out / "salvage" / "crew-cards.pdf")
    assert str(reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"]) == "/Simplex"
    width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert (width, height) == pytest.approx(A4.landscape().size)


@pytest.mark.parametrize(
    "text",
    [
        'paper = "a5"\n',
        'papr = "a4"\n',
        'bleed = "1in"\n',
        "back_offset = [6, 0]\n",
        'duplex = "short"\n',
        'paper = "a4\n',
        '[paper]\nsize = "a4"\n',
    ],
)
def test_check_holds_the_settings_file_to_what_build_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    data = tmp_path / "data"
    assert main(["new", "salvage", "--data", str(data)]) == 0
    (data / "pnpkit.toml").write_text(text, encoding="utf-8")
    capsys.readouterr()
    assert main(["build", "--data", str(data), "--out", str(tmp_path / "out"), "-q"]) == 1
    built = capsys.readouterr().err
    assert main(["check", "--data", str(data)]) == 1
    checked = capsys.readouterr()
    assert f"{data}/pnpkit.toml:1:" in built and "Traceback" not in checked.err
    assert built.splitlines()[0] in checked.err.splitlines()  # the same located error
    assert "no problems" not in checked.out
