"""Every bad case of an open deck is exit 1 with ``file:line:col``, the field and what is
allowed; nothing is silently dropped."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main


def _errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, command: str = "build"
) -> tuple[list[str], str, str]:
    """Build the game with ``old`` replaced by ``new``; the error lines, the game file and the
    ``line:col`` where ``new`` was written."""
    data = tmp_path / "data"
    game = make_game(data)
    path = game / "game.yaml"
    text = path.read_text()
    assert old in text
    text = text.replace(old, new, 1)
    path.write_text(text)
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if new in line)
    value = new.split(": ", 1)[1]
    where = f"{path}:{row + 1}:{lines[row].index(value, lines[row].index(new)) + 1}"
    capsys.readouterr()
    args = [command, "--data", str(data)]
    if command == "build":
        args += ["--out", str(tmp_path / "out")]
    assert main(args) == 1
    err = capsys.readouterr().err.splitlines()
    assert not (tmp_path / "out" / "open-seas").exists()
    return err, str(path), where


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("missing.png", "'missing.png' does not exist"),
        ("../game.yaml", "leaves the assets/ folder (..)"),
        ("/etc/passwd.png", "is an absolute path"),
        ("ship.gif", "is not a PNG, JPEG or SVG file name"),
    ],
)
def test_a_bad_image_name_is_refused_where_it_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str, message: str
) -> None:
    err, _, where = _errors(tmp_path, capsys, "art: flag.svg", f"art: {bad}")
    assert any(
        line.startswith(f"error: {where}: decks[0].cards[2].art: ") and message in line
        for line in err
    ), err


def test_a_link_out_of_the_game_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = tmp_path / "secret.png"
    secret.write_bytes((tmp_path.parent / "x").name.encode() * 10)
    game = make_game(tmp_path / "data")
    (game / "assets" / "out.png").symlink_to(secret)
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("art: flag.svg", "art: out.png", 1))
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    assert "decks[0].cards[2].art: 'out.png' is a link that leads outside the game folder" in err
    assert f"{path}:" in err


def test_an_unreadable_image_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = make_game(tmp_path / "data")
    (game / "assets" / "flag.svg").write_text("not svg at all")
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    assert "'flag.svg' cannot be read as an image" in capsys.readouterr().err


def test_an_unknown_field_has_a_did_you_mean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err, _, where = _errors(tmp_path, capsys, "cost: 3,", "cots: 3,", command="check")
    file, row, col = where.rsplit(":", 2)
    key = f"{file}:{row}:{int(col) - len('cots: ')}"  # the problem is at the key
    assert any(
        line.startswith(f"error: {key}: decks[0].cards[0].cots: unknown key; did you mean 'cost'?")
        for line in err
    ), err


def test_a_bad_number_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err, _, where = _errors(tmp_path, capsys, "cost: 5.5", "cost: lots")
    assert any(
        line.startswith(f"error: {where}: decks[0].cards[1].cost: expected a number")
        for line in err
    ), err


def test_a_missing_image_in_a_template_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = make_game(tmp_path / "data")
    front = game / "templates" / "ship-front.svg.j2"
    original = front.read_text()
    front.write_text(original.replace("image(art,", 'image("gone.png",'))
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    assert "Brig: art: 'gone.png' does not exist" in err
    front.write_text(original.replace("</svg>", '<image href="ship.png"/></svg>'))
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    assert "the template has an <image> element" in capsys.readouterr().err


def test_a_template_that_is_not_there_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err, _, where = _errors(
        tmp_path, capsys, "template: ship-front.svg.j2", "template: nowhere.svg.j2", "check"
    )
    assert any(
        line.startswith(f"error: {where}: decks[0].template: 'nowhere.svg.j2' does not exist in")
        for line in err
    ), err


def _png_header(width: int, height: int) -> bytes:
    """A PNG that claims ``width`` × ``height`` pixels (and holds none)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"") + chunk(b"IEND", b"")


def test_an_oversized_image_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = make_game(tmp_path / "data")
    (game / "assets" / "ship.png").write_bytes(_png_header(9000, 9000))
    with (game / "assets" / "huge.png").open("wb") as big:
        big.truncate(17 * 1024 * 1024)
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("art: flag.svg", "art: huge.png", 1))
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    assert "decks[0].cards[0].art: 'ship.png' has 9000 × 9000 pixels" in err
    assert "decks[0].cards[2].art: 'huge.png' is 17.0 MB" in err


@pytest.mark.parametrize(
    ("old", "new", "field", "read"),
    [
        ("cost: 3,", "cost: 1:30,", "cost", "90"),
        ("cost: 3,", "cost: 0x1F,", "cost", "31"),
        ("name: Brig,", "name: 007,", "name", "7"),
    ],
)
def test_a_number_yaml_would_read_in_another_base_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, field: str, read: str
) -> None:
    """YAML 1.1 reads 1:30 as 90, 0x1F as 31 and 007 as 7: the card would print them."""
    err, _, where = _errors(tmp_path, capsys, old, new, command="check")
    written = new.split(": ")[1].rstrip(",")
    said = (
        f"error: {where}: decks[0].cards[0].{field}: {written} is a number in "
        f"{'base 60' if ':' in written else 'hexadecimal' if 'x' in written else 'octal'} "
        f"to YAML, which reads it as {read} (allowed: a plain number such as {read}, or text "
        f'in quotes ("{written}"))'
    )
    assert said in err, err


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ('colour: "#1f4e79"', 'colour: "#f0e68c"', "decks[0].colour"),
        ('colour: "#552211"', 'colour: "#ffd700"', "decks[0].cards[2].colour"),
    ],
)
def test_a_colour_too_light_for_the_built_in_card_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, field: str
) -> None:
    """The built-in card prints its words in the colour on its paper, and in its paper colour
    on the colour: a light colour makes them nearly invisible."""
    err, _, where = _errors(tmp_path, capsys, old, new, command="check")
    colour = new.split('"')[1]
    said = f"error: {where}: {field}: {colour} has contrast "
    assert any(
        line.startswith(said)
        and "with the paper #fbf7ee of the built-in card" in line
        and "(allowed: a colour of contrast at least 4.5 with #fbf7ee" in line
        for line in err
    ), err


def test_a_light_colour_is_the_designers_on_their_own_templates(tmp_path: Path) -> None:
    from pnpkit.games.cardgame.load import load_card_game

    game = make_game(tmp_path / "data")
    path = game / "game.yaml"
    text = path.read_text().replace('colour: "#1f4e79"', 'colour: "#f0e68c"', 1)
    text = text.replace(
        "    template: ship-front.svg.j2\n",
        "    template: ship-front.svg.j2\n    back: own-back.svg.j2\n",
        1,
    )
    path.write_text(text)
    assert load_card_game(game).decks[0].colour == "#f0e68c"
