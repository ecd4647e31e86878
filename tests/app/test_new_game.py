"""``pnpkit new``: a new game folder whose example card game builds, checks and exports."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image
from tests.games.cardgame.opendeck import image_xobjects

from pnpkit.app.cli import main
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.verify import verify_paths


def test_new_game_builds_checks_and_exports(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data, out = tmp_path / "data", tmp_path / "output"
    data.mkdir()
    assert main(["new", "salvage-run", "--data", str(data)]) == 0
    folder = data / "salvage-run"
    assert capsys.readouterr().out.startswith(
        "".join(
            f"wrote {folder / name}\n"
            for name in ("game.yaml", "fortune.csv", "assets/ship.png", "assets/icons/coin.svg")
        )
    )
    assert main(["check", "--data", str(data)]) == 0
    assert capsys.readouterr().out == "checked 1 game: no problems\n"
    assert main(["build", "--preview", "--data", str(data), "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        str(out / "salvage-run" / name)
        for name in ("crew-cards.pdf", "fortune-cards.pdf", "duplex-calibration.pdf")
    ] + ["wrote 3 files", f"previews: {out / 'index.html'}"]
    assert "salvage-run/previews/crew-cards-p1.png" in (out / "index.html").read_text("utf-8")
    assert verify_paths([out]) == []
    assert main(["export", "--data", str(data), "--out", str(out), "--format", "tts"]) == 0
    assert (out / "salvage-run" / "tts" / "crew.json").is_file()


def test_the_example_shows_a_csv_deck_with_art_icons_and_a_field_of_its_own(
    tmp_path: Path,
) -> None:
    data, out = tmp_path / "data", tmp_path / "out"
    assert main(["new", "salvage", "--data", str(data)]) == 0
    game = load_card_game(data / "salvage")
    crew, fortune = game.decks
    assert [f.name for f in fortune.fields] == ["cost", "art"]
    assert fortune.cards[1].source.endswith("fortune.csv:3:1")
    assert dict(fortune.cards[1].fields) == {"cost": 3, "art": "ship.png"}
    assert ":coin:" in fortune.cards[1].text
    assert sum(c.copies for c in crew.cards if dict(c.fields)["art"]) == 2
    assert main(["build", "salvage", "--data", str(data), "--out", str(out)]) == 0
    # ship.png is on two crew cards and one fortune card: one image in each PDF
    for deck in ("crew", "fortune"):
        assert len(image_xobjects(out / "salvage" / f"{deck}-cards.pdf")) == 1
    page = tmp_path / "fortune"
    pdf = out / "salvage" / "fortune-cards.pdf"
    subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "1", str(pdf), str(page)])
    with Image.open(tmp_path / "fortune-1.png") as image:
        colours = {c for _, c in image.convert("RGB").getcolors(1 << 20) or []}
    # the coin icon (#d9a21b) and the picture's sea (#2f6690) are on the page
    assert any(
        abs(r - 0xD9) < 10 and abs(g - 0xA2) < 10 and abs(b - 0x1B) < 10 for r, g, b in colours
    )
    assert any(
        abs(r - 0x2F) < 10 and abs(g - 0x66) < 10 and abs(b - 0x90) < 10 for r, g, b in colours
    )


def test_new_refuses_a_bad_name_or_an_existing_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["new", "Salvage Run", "--data", str(tmp_path)]) == 2
    assert "lower-case letters" in capsys.readouterr().err
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    assert main(["new", "taken", "--data", str(tmp_path)]) == 2
    assert "exists already" in capsys.readouterr().err
    assert (tmp_path / "taken" / "notes.txt").read_text() == "mine"


def test_a_title_that_yaml_would_misread_is_quoted(tmp_path: Path) -> None:
    assert main(["new", "yes", "--title", "Yes", "--data", str(tmp_path)]) == 0
    assert main(["check", "--data", str(tmp_path)]) == 0


def test_bad_card_data_names_file_line_and_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["new", "salvage", "--data", str(tmp_path)]) == 0
    game = tmp_path / "salvage" / "game.yaml"
    text = game.read_text()
    text = text.replace("copies: 3          #", "copies: 300        #", 1)
    text = text.replace("icon: cannon", "icon: kraken", 1)
    text = text.replace("- key: lookout", "- key: gunner", 1)
    game.write_text(text)
    capsys.readouterr()
    assert main(["build", "salvage", "--data", str(tmp_path), "--out", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err.splitlines()
    lines = text.splitlines()

    def at(needle: str) -> str:
        row = next(i for i, line in enumerate(lines) if needle in line)
        return f"{game}:{row + 1}:{lines[row].index(needle.split(': ')[-1]) + 1}: "

    assert any(
        line.startswith(f"error: {at('copies: 300')}decks[0].cards[0].copies") for line in err
    )
    assert any(
        line.startswith(f"error: {at('icon: kraken')}decks[0].cards[1].icon") for line in err
    )
    assert any("'gunner' is used twice" in line for line in err)
    assert err[-1] == "error: 3 problems found"
    assert not (tmp_path / "o" / "salvage").exists()
