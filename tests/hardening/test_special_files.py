"""A named pipe (FIFO), a device or a socket named as a card table, an image or a template is
"not a regular file" at the field that names it, at once (never opened, never waited on), not
"does not exist"."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _socket(path: Path) -> None:
    here = os.getcwd()
    os.chdir(path.parent)  # bound by its short name: a socket's path has a length limit
    try:
        with socket.socket(socket.AF_UNIX) as listener:
            listener.bind(path.name)
    finally:
        os.chdir(here)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
@pytest.mark.parametrize(
    ("make", "kind"),
    [(_fifo, "a named pipe (FIFO)"), (_socket, "a socket")],
    ids=["fifo", "socket"],
)
@pytest.mark.parametrize(
    ("written", "replaced", "field", "where"),
    [
        ("art: flag.svg", "art: odd.png", "decks[0].cards[2].art", "assets/odd.png"),
        (
            "template: ship-front.svg.j2",
            "template: odd.svg.j2",
            "decks[0].template",
            "templates/odd.svg.j2",
        ),
        (None, "cards: odd.csv", "decks[2].cards", "odd.csv"),
    ],
    ids=["image", "template", "table"],
)
def test_a_special_file_is_not_a_regular_file(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    make: Callable[[Path], None],
    kind: str,
    written: str | None,
    replaced: str,
    field: str,
    where: str,
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    path = game / "game.yaml"
    text = path.read_text()
    if written is None:  # a third deck whose cards are a table
        text += f"  - key: crew\n    title: Crew\n    {replaced}\n"
    else:
        assert written in text
        text = text.replace(written, replaced, 1)
    path.write_text(text)
    make(game / where)
    capsys.readouterr()
    assert main(["check", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    name = Path(where).name
    assert f"{field}: '{name}' is {kind}, not a regular file" in err, err
    assert "does not exist" not in err
