"""``pnpkit check`` lays out every face Pirate Fleets prints (the board's words, the supply and
captains decks, the pieces, the reference card): text that does not fit is refused by ``check``
at its place in the data, as ``build`` refuses it (the board's words included: they are fitted
when the kit is planned, no longer when the board is drawn), and the kit prints exactly the
faces :func:`~pnpkit.games.pirate_fleets.faces.faces` lays out."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from tests.refusals import at, copy_game, run
from tests.writing import replace_once

from pnpkit.games import find_game
from pnpkit.games.pirate_fleets import kit
from pnpkit.games.pirate_fleets.faces import faces
from pnpkit.games.pirate_fleets.load import load_pirate_fleets
from pnpkit.games.pirate_fleets.rules import space_cells
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.render.faces.renderer import FaceRenderer

GAME = "pirate-fleets"
WORD = "Supercalifragilisticexpialidociousbooty1"
"""One word of 40 letters: as long as a name or a title may be, wider than its box."""
LINE = " ".join(["Overlong reference wording"] * 21)
"""A reference line just under the 600 characters a line may hold."""


def _check(capsys: pytest.CaptureFixture[str], data: Path) -> tuple[int, list[str]]:
    return run(capsys, "check", GAME, "--data", str(data))


def test_a_space_title_too_long_is_refused_by_check_and_build_alike(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The board's words were fitted only as the board was drawn: check passed them, and the
    build stopped in its drawing process."""
    spaces = copy_game(data_dir, tmp_path, GAME) / "spaces.yaml"
    replace_once(spaces, "[3, merchant, 4, P, English Cargo Ship]", f"[3, merchant, 4, P, {WORD}]")
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    assert refused == [
        f"error: {at(spaces, '[3, merchant')}: spaces[3].title: text does not fit: "
        f"'{WORD}' in 116 × 24 pt"
    ]
    out = tmp_path / "out"
    built, in_build = run(
        capsys, "build", "pirate-fleets", "--data", str(tmp_path), "--out", str(out)
    )
    assert built == 1
    assert in_build == refused
    assert not (out / "pirate-fleets").exists()


def test_an_action_summary_too_long_is_refused_once_at_its_line(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    actions = copy_game(data_dir, tmp_path, GAME) / "actions.yaml"
    short = 'short: "Roll over TN: gain (6−TN)D6 gold and 6−TN ships."'
    replace_once(actions, short, f'short: "{WORD}{WORD}"')
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    place = at(actions, f'"{WORD}')
    # five merchant spaces print it: alone on three, with the escort note on two
    assert refused == [
        f"error: {place}: actions.merchant.short: text does not fit: '{WORD}{WORD} Escorted: "
        "first lose 6−1D6 ships (a fight).' in 114 × 40 pt",
        f"error: {place}: actions.merchant.short: text does not fit: '{WORD}{WORD}' in 114 × 40 pt",
    ]


def test_an_action_name_too_long_for_the_band_is_refused_once_at_its_name(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The name in a space's coloured band was drawn at 9 pt whatever its length: a long name
    ran over the space's number and badge, into the next space, with no word said."""
    actions = copy_game(data_dir, tmp_path, GAME) / "actions.yaml"
    replace_once(actions, "name: Merchant", "name: Merchant Venturers of Spain")
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    assert refused == [
        f"error: {at(actions, 'Merchant Venturers')}: actions.merchant.name: text does not fit: "
        "'MERCHANT VENTURERS OF SPAIN' in one line of 78 pt"
    ]


def test_an_action_name_a_little_long_is_set_smaller(data_dir: Path) -> None:
    from pnpkit.games.pirate_fleets.board import NAME_SIZE, board_text

    folder = data_dir / "pirate-fleets"
    game = find_game("pirate-fleets", folder).read(folder)
    assert {t.name_size for t in board_text(game)} == {NAME_SIZE}  # as printed before
    longer = replace(game.actions[0], name="Merchant Venturer")
    game = replace(game, actions=(longer, *game.actions[1:]))
    sizes = {t.name_size for t in board_text(game) if game.space(t.number).action == longer.key}
    ((size,),) = (sizes,)
    assert 6 <= size < NAME_SIZE


@pytest.mark.parametrize(
    ("file", "old", "needle", "field"),
    [
        ("supply.yaml", 'name: "Pirates Code"', f'"{WORD}"', f"{WORD}: name"),
        ("captains.yaml", "name: Navigator", "{name:", f"{WORD}: name"),
    ],
    ids=["supply", "captains"],
)
def test_a_card_name_too_long_is_refused_at_its_card(
    data_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    file: str,
    old: str,
    needle: str,
    field: str,
) -> None:
    path = copy_game(data_dir, tmp_path, GAME) / file
    replace_once(path, old, "name: " + ('"' + WORD + '"' if '"' in old else WORD))
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    lines = path.read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(lines) if WORD in line)
    # the supply card's name where it is written; the captains deck's loader keeps the card's
    # place only (the card, its first column)
    column = lines[row].index(needle) + 1
    assert refused == [
        f"error: {path}:{row + 1}:{column}: {field}: text does not fit: '{WORD}' does not fit "
        "a 140 × 36 pt box at 9 pt (allowed: shorter text, a larger box, or a smaller min_size "
        "(6 pt at least))"
    ]


def test_a_player_colour_too_long_for_its_pieces_is_refused_at_the_colour(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = copy_game(data_dir, tmp_path, GAME) / "game.yaml"
    replace_once(game, "name: Yellow,", "name: Yellowyellowyellowy,")
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    # the colour's pawn and its danger disk each print the name: both are reported
    assert refused == [
        f"error: {at(game, '{key: yellow')}: Yellowyellowyellowy {piece} (front): label: text "
        "does not fit: 'Yellowyellowyellowy' is 56.1 pt wide at 6 pt, the box 33.5 pt"
        for piece in ("pawn", "danger disk")
    ]


def test_a_reference_card_too_full_is_refused_at_its_text(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = copy_game(data_dir, tmp_path, GAME) / "game.yaml"
    more = "".join(f'      - "{LINE}"\n' for _ in range(8))
    replace_once(game, '      - "Play {{ turns }}', more + '      - "Play {{ turns }}')
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    assert refused == [
        f"error: {at(game, '- title: Goal')}: reference card (front): text: text does not fit: "
        "the text does not fit a 360 × 538 pt box at 6.5 pt"
    ]


def test_check_reports_the_board_and_the_cards_at_once(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = copy_game(data_dir, tmp_path, GAME)
    replace_once(
        folder / "spaces.yaml",
        "[3, merchant, 4, P, English Cargo Ship]",
        f"[3, merchant, 4, P, {WORD}]",
    )
    replace_once(folder / "supply.yaml", 'name: "Pirates Code"', f'name: "{WORD}"')
    code, refused = _check(capsys, tmp_path)
    assert code == 1
    assert [line.split(": ")[2] for line in refused] == ["spaces[3].title", WORD]


def test_faces_lay_out_every_printed_face_once(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = data_dir / "pirate-fleets"
    game = load_pirate_fleets(folder)
    options = find_game("pirate-fleets", data_dir).settings_for(folder, DEFAULTS)
    rendered: list[str] = []
    render = FaceRenderer.render

    def counted(self: FaceRenderer, template: str, *args: object, **kwargs: object) -> object:
        rendered.append(template)
        return render(self, template, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(FaceRenderer, "render", counted)
    laid = faces(game, options)
    assert rendered  # faces lays out every design
    # the counts the data declares for its decks (supply.yaml and captains.yaml `count:`)
    assert len(laid.supply) == 59
    assert len(laid.captains) == 36
    assert len(laid.tokens) == sum(piece.qty for piece in laid.pieces)
    pawns = game.pawns_per_player * len(game.colours)
    assert sum(p.qty for p in laid.pieces if p.key.startswith("pawn-")) == pawns
    assert len(laid.reference) == 1
    assert [words.number for words in laid.board] == sorted(space_cells(game)) == list(range(1, 37))
    rendered.clear()
    kit.documents(game, laid, options)
    assert rendered == []  # the kit prints the faces check laid out: it lays out none itself
