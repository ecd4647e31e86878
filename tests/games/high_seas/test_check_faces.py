"""``pnpkit check`` lays out every face High Seas prints (crew cards, tokens, reference card):
text that does not fit is refused by ``check`` at its place in the data, as ``build`` refuses
it, and the kit prints exactly the faces :func:`~pnpkit.games.high_seas.faces.faces` lays out."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpkit.app.cli import main
from pnpkit.build.options import BuildOptions
from pnpkit.games import find_game
from pnpkit.games.high_seas import kit
from pnpkit.games.high_seas.faces import faces
from pnpkit.games.high_seas.load import load_high_seas
from pnpkit.render.cards import FaceRenderer

WORD = "Supercalifragilisticexpialidociousbooty1"
"""One word of 40 letters: as long as a name may be, wider than any box it is printed in."""
LINE = " ".join(["Overlong reference wording"] * 21)
"""A reference line just under the 600 characters a line may hold."""


def _copy(data_dir: Path, tmp_path: Path) -> Path:
    shutil.copytree(data_dir / "high-seas", tmp_path / "high-seas")
    return tmp_path / "high-seas" / "game.yaml"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _at(path: Path, needle: str) -> str:
    """``file:line:col`` of the first ``needle`` in ``path``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(lines) if needle in line)
    return f"{path}:{row + 1}:{lines[row].index(needle) + 1}"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    capsys.readouterr()
    code = main(list(argv))
    return code, [line for line in capsys.readouterr().err.splitlines() if "does not fit" in line]


def _check(capsys: pytest.CaptureFixture[str], data: Path) -> tuple[int, list[str]]:
    return _run(capsys, "check", "high-seas", "--data", str(data))


def test_a_crew_card_name_too_long_is_refused_by_check_and_build_alike(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _copy(data_dir, tmp_path)
    _edit(game, "name: Musketeer", f"name: {WORD}")
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    name = f"error: {_at(game, WORD)}: {WORD}: name: text does not fit: '{WORD}'"
    assert any(line.startswith(name) for line in refused), refused
    # the other crews print the name too (what they beat, what beats them): reported as well
    assert any(": Cannoneer: loses_to: text does not fit" in line for line in refused), refused
    assert any(": Boarding Party: beats: text does not fit" in line for line in refused), refused
    assert len(refused) == 3
    out = tmp_path / "out"
    built, in_build = _run(capsys, "build", "high-seas", "--data", str(tmp_path), "--out", str(out))
    assert built == 1
    assert in_build == refused  # the build lays out the very faces check does
    assert not (out / "high-seas").exists()


def test_a_cannon_label_too_long_is_refused_at_its_ship(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _copy(data_dir, tmp_path)
    _edit(game, "name: Top ship", f"name: {WORD}")
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    assert refused == [
        f"error: {_at(game, 'key: top')}: {WORD} cannon (front): label: text does not fit: "
        f"'{WORD}' is 107.4 pt wide at 6 pt, the box 32.4 pt"
    ]


def test_a_reference_card_too_full_is_refused_at_its_text(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _copy(data_dir, tmp_path)
    more = "".join(f'      - "{LINE}"\n' for _ in range(8))
    _edit(game, '      - "Place a cannon', more + '      - "Place a cannon')
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    assert refused == [
        f"error: {_at(game, '- title: Objective')}: reference card (front): text: "
        "text does not fit: the text does not fit a 252 × 358 pt box at 6 pt"
    ]


def test_check_reports_every_group_that_cannot_be_printed(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _copy(data_dir, tmp_path)
    _edit(game, "name: Musketeer", f"name: {WORD}")
    _edit(game, "name: Top ship", f"name: {WORD}")
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    assert len(refused) == 4  # three crew cards and the cannon: not only the first group's


def test_faces_lay_out_every_printed_face_once(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = data_dir / "high-seas"
    game = load_high_seas(folder)
    options = find_game("high-seas", data_dir).options_for(folder, BuildOptions())
    rendered: list[str] = []
    render = FaceRenderer.render

    def counted(self: FaceRenderer, template: str, *args: object, **kwargs: object) -> object:
        rendered.append(template)
        return render(self, template, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(FaceRenderer, "render", counted)
    laid = faces(game, options)
    by_faces = list(rendered)
    # as the seed counts them: 30 crew cards, 10 cannons and 38 heart pieces, one reference card
    assert len(laid.crew) == game.component("crew_cards") == 30
    assert len(laid.tokens) == game.component("cannons") + game.component("heart_pieces") == 48
    assert len(laid.reference) == 1
    fronts = {id(front) for front, _ in laid.crew}
    assert len(fronts) == len(game.crew)  # each design laid out once, printed `count` times
    assert len(by_faces) == len(game.crew) + 1 + len(game.ships) + 1 + 2
    rendered.clear()
    kit.documents(game, options)
    assert rendered == by_faces  # the kit lays out exactly what check does, once
