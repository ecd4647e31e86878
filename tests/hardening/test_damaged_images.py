"""A PNG or JPEG that Pillow cannot decode to its last pixel (cut short, damaged) is an error at
the field that names it, in ``check`` and in ``build``: never a grey block in the kit."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main


def _picture(kind: str) -> bytes:
    """A noisy 300 × 200 picture (so its data is long enough to cut), as PNG or JPEG."""
    image = Image.effect_noise((300, 200), 60).convert("RGB")
    buffer = io.BytesIO()
    image.save(buffer, format=kind)
    return buffer.getvalue()


def _cut(body: bytes) -> bytes:
    return body[: len(body) * 2 // 3]


def _flip(body: bytes) -> bytes:
    """The middle of the compressed data overwritten with noise."""
    middle = len(body) // 2
    return body[:middle] + bytes(range(256)) * 4 + body[middle + 1024 :]


@pytest.mark.parametrize("command", ["check", "build"])
@pytest.mark.parametrize(
    ("name", "kind", "damage"),
    [
        ("cut.jpg", "JPEG", _cut),
        ("cut.png", "PNG", _cut),
        ("noise.png", "PNG", _flip),
    ],
)
def test_a_damaged_image_is_refused_at_its_field(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    name: str,
    kind: str,
    damage: object,
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    assert callable(damage)
    (game / "assets" / name).write_bytes(damage(_picture(kind)))
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("art: flag.svg", f"art: {name}", 1))
    capsys.readouterr()
    args = [command, "--data", str(data)]
    args += ["--out", str(tmp_path / "out")] if command == "build" else []
    assert main(args) == 1
    err = capsys.readouterr().err
    assert f"decks[0].cards[2].art: '{name}' cannot be read as an image" in err, err
    assert "Error:" not in err and "Exception" not in err, err  # Pillow's words, not its class
    assert f"{path}:" in err
    assert not list(tmp_path.glob("out/*/*.pdf"))


def test_a_whole_image_of_either_kind_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "whole.jpg").write_bytes(_picture("JPEG"))
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("art: flag.svg", "art: whole.jpg", 1))
    assert main(["check", "--data", str(data)]) == 0, capsys.readouterr().err
