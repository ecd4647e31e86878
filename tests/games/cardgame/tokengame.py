"""A designer's game with one token set of each shape, for the token tests."""

from __future__ import annotations

from pathlib import Path

GAME = """\
kit: cards
title: Token Sea
layouts:
  coin:
    background: "#e8c547"
    elements:
      - shape: ellipse
        x: 8%
        y: 8%
        width: 84%
        height: 84%
        stroke: "#7a5a00"
      - text: "{value}"
        x: 15%
        y: 25%
        width: 70%
        height: 50%
        size: 20pt
        weight: bold
        align: center
        valign: middle
  coin-back:
    background: "#7a5a00"
    elements:
      - icon: star
        x: 25%
        y: 25%
        width: 50%
        height: 50%
        colour: "#ffffff"
  tile:
    elements:
      - shape: rect
        fill: "{accent}"
      - text: "{name} {power}"
        x: 10%
        y: 20%
        width: 80%
        height: 60%
        size: 12pt
        align: center
        valign: middle
        colour: "#ffffff"
  figure:
    background: "#dfe8f0"
    elements:
      - text: "{name}"
        x: 5%
        y: 60%
        width: 90%
        height: 30%
        size: 10pt
        align: center
decks:
  - key: crew
    title: Crew
    cards:
      - {key: bosun, name: Bosun}
tokens:
  - key: coins
    title: Coins
    shape: round
    size: 0.75in
    front: coin
    back: coin-back
    tokens:
      - {key: one, name: One, value: 1, copies: 12}
      - {key: five, name: Five, value: 5, copies: 6}
  - key: tiles
    title: Sea tiles
    shape: hex
    size: 1.25in
    front: tile
    fields:
      - {name: power, type: number, default: 0}
    tokens: tiles.csv
  - key: crates
    title: Crates
    shape: square
    size: 20mm
    front: tile
    back: coin-back
    fields:
      - {name: power, type: number}
    tokens:
      - {key: rum, name: Rum, power: 2, copies: 10}
  - key: ships
    title: Ships
    shape: tent
    size: [1in, 0.75in]
    front: figure
    back: figure
    tokens:
      - {key: brig, name: Brig, copies: 3}
  - key: crew
    title: Crew
    shape: standee
    size: [0.9in, 1.4in]
    front: figure
    back: figure
    tokens:
      - {key: cap, name: Captain, copies: 2}
      - {key: mate, name: Mate, copies: 2}
"""
TILES = """\
key,name,power,copies
calm,Calm,1,4
storm,Storm,3,3
"""


def make_token_game(data: Path, name: str = "token-sea", game: str = GAME) -> Path:
    """Write the game into ``data/name``; returns its folder."""
    folder = data / name
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "tiles.csv").write_text(TILES, encoding="utf-8")
    return folder


def changed(data: Path, old: str, new: str, name: str = "token-sea") -> Path:
    """The game with ``old`` (which it must hold) replaced by ``new``; returns its folder."""
    assert old in GAME, old
    return make_token_game(data, name, GAME.replace(old, new, 1))
