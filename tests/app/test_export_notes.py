"""Exports explain "†": a deck whose cards print the mark carries the footnote where the person
who sees the cards reads words (the Tabletop Simulator tooltip, the print-shop list); a deck
with no mark is written as it always was."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from pnpkit.app.cli import main
from pnpkit.app.export import export_game
from pnpkit.app.export_decks import carries_mark
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render.faces.face import SvgFace


def _salvage(root: Path, name: str, *edits: tuple[str, str]) -> Path:
    """A new generic card game ``name`` in ``root/data`` with ``edits`` made to its game.yaml;
    returns the data folder."""
    data = root / "data"
    assert main(["new", name, "--data", str(data)]) == 0
    path = data / name / "game.yaml"
    text = path.read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text)
    return data


GUNNER = ("        name: Gunner\n", "        name: {ours: Gunner}\n")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """salvage: its crew deck has one marked card (Gunner), its fortune deck none."""
    root = tmp_path_factory.mktemp("notes")
    data = _salvage(root, "salvage", GUNNER)
    export_game("salvage", data, root / "out", ("printshop", "tts"))
    return root / "out" / "salvage"


def _deck(folder: Path, key: str) -> dict[str, Any]:
    saved: dict[str, Any] = json.loads((folder / "tts" / f"{key}.json").read_text("utf-8"))
    (deck,) = saved["ObjectStates"]
    assert isinstance(deck, dict)
    return deck


def _rows(folder: Path, key: str) -> list[dict[str, str]]:
    with (folder / "print-shop" / f"{key}.csv").open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


# --- Tabletop Simulator ----------------------------------------------------------------------


def test_tts_deck_with_a_marked_card_says_what_the_mark_means(exported: Path) -> None:
    deck = _deck(exported, "crew")
    assert deck["Description"] == f"8 cards\n{NOTE}"  # the deck's tooltip in the game
    said = {(c["Nickname"], c["Description"]) for c in deck["ContainedObjects"]}
    # each card keeps its own tooltip when drawn: the marked one explains its mark
    assert said == {(f"Gunner{MARK}", NOTE), ("Bosun", ""), ("Lookout", "")}


def test_tts_deck_with_no_mark_has_no_note(exported: Path) -> None:
    deck = _deck(exported, "fortune")
    assert deck["Description"] == "3 cards"
    assert all(c["Description"] == "" for c in deck["ContainedObjects"])
    text = (exported / "tts" / "fortune.json").read_text("utf-8")
    assert MARK not in text and NOTE not in text


# --- print shop --------------------------------------------------------------------------------


def test_print_shop_list_notes_each_marked_design(exported: Path) -> None:
    rows = _rows(exported, "crew")
    assert list(rows[0]) == ["file", "card", "copies", "back", "note"]
    notes = {r["card"]: r["note"] for r in rows}
    assert notes == {"Bosun": "", "Gunner†": NOTE, "Lookout": "", "back": ""}


def test_print_shop_list_of_a_deck_with_no_mark_keeps_four_columns(exported: Path) -> None:
    text = (exported / "print-shop" / "fortune.csv").read_text("utf-8")
    assert text.splitlines()[0] == "file,card,copies,back"
    assert NOTE not in text and all(line.count(",") == 3 for line in text.splitlines())


# --- where the mark is printed ------------------------------------------------------------------


def test_a_mark_on_the_common_back_notes_every_card_and_the_back(tmp_path: Path) -> None:
    """The game's title, marked, prints on every back: every card shows the mark."""
    data = _salvage(tmp_path, "salvage", ("title: Salvage", "title: {ours: Salvage}"))
    out = tmp_path / "out"
    export_game("salvage", data, out, ("printshop", "tts"))
    for key in ("crew", "fortune"):
        deck = _deck(out / "salvage", key)
        assert deck["Description"].endswith(f"\n{NOTE}")
        assert all(c["Description"] == NOTE for c in deck["ContainedObjects"])
        assert next(r for r in _rows(out / "salvage", key) if r["card"] == "back")["note"] == NOTE


def test_a_bundled_games_marked_card_is_noted(data_dir: Path, tmp_path: Path) -> None:
    """British vs Pirates' missions say at their foot what on them is ours (the Smuggler its
    flag, story and rewards; the others are ours whole); the blank mission card does not."""
    export_game("british-vs-pirates", data_dir, tmp_path, ("tts",))
    deck = _deck(tmp_path / "british-vs-pirates", "missions")
    assert deck["Description"].endswith(f"\n{NOTE}")
    said = {c["Nickname"]: c["Description"] for c in deck["ContainedObjects"]}
    assert said["Smuggler"] == NOTE and said["blank-mission"] == ""
    assert all(note == NOTE for name, note in said.items() if name != "blank-mission")


def _face(body: str) -> SvgFace:
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="10pt" height="10pt">{body}</svg>'
    return SvgFace(10, 10, svg)


def test_only_words_the_face_prints_carry_the_mark() -> None:
    assert carries_mark(_face(f"<text>Cost <tspan>2{MARK}</tspan></text>"))
    assert carries_mark(_face("<g><text>2&#8224;</text></g>"))  # written as a reference
    assert not carries_mark(_face(f"<!-- {MARK} --><text>Cost 2</text>"))
    assert not carries_mark(_face(f'<g id="x{MARK}"><title>{MARK}</title></g>'))


def test_tts_names_are_shown_without_markup(tmp_path: Path) -> None:
    """A Tabletop Simulator name shows no markup (it printed ``**Gold** :coin:`` as written):
    the card's and the deck's names are their words, an icon by its name."""
    data = _salvage(
        tmp_path,
        "salvage",
        ("        name: Gunner\n", '        name: "**Gold** :coin: Gunner"\n'),
        ("    title: Crew ", '    title: "*Crew* :anchor:" '),
    )
    export_game("salvage", data, tmp_path / "out", ("tts",))
    deck = _deck(tmp_path / "out" / "salvage", "crew")
    assert deck["Nickname"] == "Crew anchor"
    names = {c["Nickname"] for c in deck["ContainedObjects"]}
    assert "Gold coin Gunner" in names and not any("*" in n or ":" in n for n in names), names
