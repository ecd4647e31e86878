"""``pnpkit check`` lays out every face High Seas prints (crew cards, tokens, reference card):
text that does not fit is refused by ``check`` at its place in the data, as ``build`` refuses
it, and the kit prints exactly the faces :func:`~pnpkit.games.high_seas.faces.faces` lays out."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.refusals import at, copy_game, run
from tests.writing import replace_once

from pnpkit.app.cli import main
from pnpkit.games import find_game
from pnpkit.games.high_seas import kit
from pnpkit.games.high_seas.faces import faces
from pnpkit.games.high_seas.load import load_high_seas
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.model.face_layout import Layout
from pnpkit.render.face_layout.draw import LayoutPainter
from pnpkit.render.faces.renderer import FaceRenderer

GAME = "high-seas"
WORD = "Supercalifragilisticexpialidociousbooty1"
"""One word of 40 letters: as long as a name may be, wider than any box it is printed in."""
LINE = " ".join(["Overlong reference wording"] * 21)
"""A reference line just under the 600 characters a line may hold."""


def _check(capsys: pytest.CaptureFixture[str], data: Path) -> tuple[int, list[str]]:
    return run(capsys, "check", GAME, "--data", str(data))


def test_a_crew_card_name_too_long_is_refused_by_check_and_build_alike(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = copy_game(data_dir, tmp_path, GAME) / "game.yaml"
    replace_once(game, "name: Musketeer", f"name: {WORD}")
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    name = f"error: {at(game, WORD)}: {WORD}: name: text does not fit: '{WORD}'"
    assert any(line.startswith(name) for line in refused), refused
    # the other crews print the name too (what they beat, what beats them): reported as well
    assert any(": Cannoneer: loses_to: text does not fit" in line for line in refused), refused
    assert any(": Boarding Party: beats: text does not fit" in line for line in refused), refused
    # and the examples' diagrams set it on a card
    card = f"error: {at(game, WORD)}: crew.musketeer.name: text does not fit: '{WORD}'"
    assert any(line.startswith(card) for line in refused), refused
    assert len(refused) == 4
    out = tmp_path / "out"
    built, in_build = run(capsys, "build", "high-seas", "--data", str(tmp_path), "--out", str(out))
    assert built == 1
    assert in_build == refused  # the build lays out the very faces check does
    assert not (out / "high-seas").exists()


def test_a_cannon_label_too_long_is_refused_at_its_ship(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = copy_game(data_dir, tmp_path, GAME) / "game.yaml"
    replace_once(game, "name: Top ship", f"name: {WORD}")
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    assert refused == [
        f"error: {at(game, 'key: top')}: {WORD} cannon (front): label: text does not fit: "
        f"'{WORD}' is 107.4 pt wide at 6 pt, the box 32.4 pt"
    ]


def test_a_reference_card_too_full_is_refused_at_its_text(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = copy_game(data_dir, tmp_path, GAME) / "game.yaml"
    more = "".join(f'      - "{LINE}"\n' for _ in range(8))
    replace_once(game, '      - "Place a cannon', more + '      - "Place a cannon')
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    assert refused == [
        f"error: {at(game, '- title: Objective')}: reference card (front): text: "
        "text does not fit: the text does not fit a 252 × 358 pt box at 6 pt"
    ]


def test_check_reports_every_group_that_cannot_be_printed(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = copy_game(data_dir, tmp_path, GAME) / "game.yaml"
    replace_once(game, "name: Musketeer", f"name: {WORD}")
    replace_once(game, "name: Top ship", f"name: {WORD}")
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    # three crew cards, a diagram's card and the cannon: not only the first group's
    assert len(refused) == 5


def test_faces_lay_out_every_printed_face_once(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = data_dir / "high-seas"
    game = load_high_seas(folder)
    options = find_game("high-seas", data_dir).settings_for(folder, DEFAULTS)
    rendered: list[str] = []
    render = FaceRenderer.render

    def counted(self: FaceRenderer, template: str, *args: object, **kwargs: object) -> object:
        rendered.append(template)
        return render(self, template, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(FaceRenderer, "render", counted)
    lay_out = LayoutPainter.face

    def laid_out(self: LayoutPainter, layout: Layout, *args: object, **kwargs: object) -> object:
        rendered.append(f"layout:{layout.name}")
        return lay_out(self, layout, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(LayoutPainter, "face", laid_out)
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
    kit.documents(game, laid, options)
    assert rendered == []  # the kit prints the faces check laid out: it lays out none itself


def test_a_credit_too_long_for_the_board_is_refused_by_check_and_build_alike(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The board's words were drawn at their size whatever their length: a long credit ran
    off both sides of the board, unsaid."""
    game = copy_game(data_dir, tmp_path, GAME) / "game.yaml"
    credit = "High Seas is a game by Nicholas Wolff, published freely as he asks"
    longer = " ".join([credit] * 5) + ": his name and rules"  # 385 characters
    replace_once(game, credit, longer)
    replace_once(game, "staging_area: [2.75in, 3.75in]", "staging_area: [2.25in, 3.75in]")
    replace_once(game, "crew_card: poker", "crew_card: mini")  # a staging area holds a card
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    board = [line for line in refused if " credit: " in line]
    assert len(board) == 1, refused  # the reference card's footer prints the credit too
    assert board[0].startswith(f"error: {at(game, 'credit:')[:-2]}:9: credit: text does not fit")
    assert board[0].endswith("in one line of 409 pt")  # half the water: one copy a captain
    built, in_build = run(
        capsys, "build", "high-seas", "--data", str(tmp_path), "--out", str(tmp_path / "out")
    )
    assert (built, in_build) == (1, refused)


def test_the_boards_words_are_set_smaller_when_long_and_as_before_when_not(
    data_dir: Path,
) -> None:
    from dataclasses import replace

    from pnpkit.games.high_seas.board import board_words

    folder = data_dir / "high-seas"
    game = find_game("high-seas", folder).read(folder)
    words = board_words(game)
    shipped = [words.title, words.credit, *words.labels.values(), *words.hearts]
    assert [w.size for w in shipped] == [20, 8] + [9] * len(words.labels) + [7.5] * game.areas
    long_name = replace(game.ships[0], name="The Most Serene Republic of Venice")
    smaller = board_words(replace(game, ships=(long_name, *game.ships[1:])))
    sizes = {smaller.labels[long_name.key, area].size for area in range(game.areas)}
    assert len(sizes) == 1 and 6 <= sizes.pop() < 9


def test_check_lays_out_no_face_of_data_that_breaks_a_rule(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A crew that beats no crew type broke the crew cycle, and then laying out the crew cards
    crashed `check` with a KeyError (found by `make fuzz`). The build stops at the rule; so does
    check now, and it says why."""
    game = copy_game(data_dir, tmp_path, GAME) / "game.yaml"
    line = replace_once(game, "beats: boarding-party", "beats: boarding-partyx")
    capsys.readouterr()
    assert main(["check", GAME, "--data", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert f"{game}:{line}:12: crew-cycle: Cannoneer beats 'boarding-partyx'" in out  # at beats
    assert "Traceback" not in err and err.endswith("problems in 1 game\n")
