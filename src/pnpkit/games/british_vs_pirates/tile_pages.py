"""The words ``sea-tiles.pdf`` sets on its pages rather than on a face: the list of tiles
under the assembly diagram and each tile page's heading, with where they go and how large;
and where a tile lies on its page (:func:`tile_box`).

:func:`pnpkit.games.british_vs_pirates.kit.write_tiles` draws them; :func:`text_problems`
and :func:`size_problems` measure them first, with no drawing library (run by
:func:`pnpkit.games.british_vs_pirates.faces.faces`, so by ``check`` as by ``build``): a name
too long for its place is refused at its ``file:line:col``, never printed over its neighbour
or off the page, and so is a ``hex`` at which a tile does not fit one page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnpkit.errors import Problem
from pnpkit.games.british_vs_pirates.model import BvpGame, Tile
from pnpkit.games.british_vs_pirates.rules import placed
from pnpkit.games.british_vs_pirates.sailing import NEIGHBOURS
from pnpkit.layout.marks import CALIBRATION_HEIGHT
from pnpkit.layout.paper import MARGIN, PAPERS, Paper
from pnpkit.model.ours import MARK
from pnpkit.render import fonts
from pnpkit.render.typeset import location_of

LIST_SIZE = 9.0
"""The tile list's type size (its names bold)."""
LIST_NAME_X = 4.0
"""Where a tile's number and name start, from the left margin."""
LIST_TEXT_X = 120.0
"""Where a tile's islands and neighbours start, from the left margin."""
LIST_GAP = 4.0
"""The least room between a tile's name and its islands."""
HEADING_SIZE = 13.0
"""A tile page's heading (bold)."""
HEADING_X = 4.0
"""Where a tile page's heading starts, from the left margin."""
TOP_ROOM = 36.0
"""Room kept under a tile page's top margin: its heading and the key line under it."""
BOTTOM_ROOM = CALIBRATION_HEIGHT + 4.0
"""Room kept over a tile page's bottom margin: the calibration ruler."""
TAB = 16.0
"""How far a glue tab reaches out past a tile's edge (under the neighbouring tile)."""
PAD = TAB + 2.0
"""Room on each side of a tile's outer spaces: its glue tabs and its heavy edge's stroke."""
LABEL_SIZE = 6.5
"""The type size of the name and number printed on a tile's top space (set as large as fits,
never under 6 pt)."""


def tile_label(n: int, tile: Tile) -> str:
    """What tile ``n`` prints on its top space, under the up mark: its number and name."""
    return f"{n} · {tile.name}"


def label_room(across: float) -> float:
    """The room for :func:`tile_label` across a space ``across`` points across the flats."""
    return across * 0.8


@dataclass(frozen=True, slots=True)
class TileLine:
    """One tile in the list: ``1. Centre``, and its islands and the tiles it touches."""

    name: str
    text: str


def neighbours(game: BvpGame) -> dict[int, list[int]]:
    """Tile number → the numbers of the tiles it touches on the assembled map."""
    owner = {s: n for n, t in enumerate(game.tiles, 1) for s in placed(t, game.radius)}
    out: dict[int, list[int]] = {n: [] for n in range(1, len(game.tiles) + 1)}
    for (q, r), n in owner.items():
        for dq, dr in NEIGHBOURS:
            m = owner.get((q + dq, r + dr))
            if m is not None and m != n and m not in out[n]:
                out[n].append(m)
    return {n: sorted(ms) for n, ms in out.items()}


def tile_lines(game: BvpGame) -> list[TileLine]:
    """The list under the assembly diagram, one line a tile."""
    touching = neighbours(game)
    out = []
    for n, tile in enumerate(game.tiles, start=1):
        islands = ", ".join(i.name for i in tile.islands) or "open sea"
        extra = " and the Wind Vane space" if tile.wind_vane is not None else ""
        touches = ", ".join(map(str, touching[n]))
        out.append(TileLine(f"{n}. {tile.name}", f"{islands}{extra}; touches tiles {touches}"))
    return out


def heading(game: BvpGame, n: int, tile: Tile) -> str:
    """The heading of tile ``n``'s own page."""
    return f"{game.title}: sea tile {n} of {len(game.tiles)} · {tile.name}{MARK}"


KEY_SIZE, KEY_X = 8.0, 4.0
"""The type size and indent of the key line under a tile page's heading."""


def key_line(game: BvpGame, touching: list[int]) -> str:
    """The line under a tile page's heading: the space size, the key, the tiles it touches."""
    return (
        f"Spaces {game.hex / 72:g} in across the flats. P port entrance, F fort, "
        f"POI point of interest, H harvest. Touches tiles "
        f"{', '.join(map(str, touching))} (see page 2). Cut round the tabs."
    )


def text_problems(game: BvpGame, paper: Paper) -> list[Problem]:
    """Every tile whose name or islands do not fit their place on the pages of ``paper``
    (portrait, as the pages are set), each at the tile's place in ``tiles.yaml``."""
    width = paper.portrait().width - 2 * MARGIN
    problems: list[Problem] = []
    touching = neighbours(game)

    def measure(text: str, font: str, size: float, room: float, tile: Tile, key: str) -> None:
        wide = fonts.text_width(text, font, size)
        if wide > room + 1e-9:
            problems.append(
                Problem(
                    location_of(str(game.where.at(tile, key))),
                    f"sea tile {tile.name}: {key}",
                    f"text does not fit: {text!r} is {wide:.1f} pt wide at {size:g} pt, "
                    f"the room on {paper.name} paper {room:.1f} pt",
                )
            )

    for n, (tile, line) in enumerate(zip(game.tiles, tile_lines(game), strict=True), start=1):
        name_room = LIST_TEXT_X - LIST_NAME_X - LIST_GAP
        measure(line.name, fonts.BOLD, LIST_SIZE, name_room, tile, "name")
        measure(line.text, fonts.REGULAR, LIST_SIZE, width - LIST_TEXT_X, tile, "islands")
        measure(heading(game, n, tile), fonts.BOLD, HEADING_SIZE, width - HEADING_X, tile, "name")
        measure(tile_label(n, tile), fonts.BOLD, 6, label_room(game.hex), tile, "name")
        key = key_line(game, touching[n])
        measure(key, fonts.REGULAR, KEY_SIZE, width - KEY_X, tile, "at")  # its neighbours
    return problems


def tile_size(across: float, radius: int) -> tuple[float, float]:
    """Width and height of a tile of ``radius`` whose spaces are ``across`` points across the
    flats (pointy-top hexes), with :data:`PAD` on every side."""
    corner = across / math.sqrt(3)
    return across * (2 * radius + 1) + 2 * PAD, corner * (3 * radius + 2) + 2 * PAD


def tile_room(paper: Paper) -> tuple[float, float]:
    """Width and height a tile may take on a page of ``paper`` (portrait, as the pages are
    set): inside the margins, under the heading and over the calibration ruler."""
    sheet = paper.portrait()
    return sheet.width - 2 * MARGIN, sheet.height - 2 * MARGIN - TOP_ROOM - BOTTOM_ROOM


def largest_hex(radius: int, paper: Paper) -> float:
    """The largest ``hex`` (points across the flats) at which a tile of ``radius`` fits
    :func:`tile_room` on ``paper``."""
    room_w, room_h = tile_room(paper)
    return min(
        (room_w - 2 * PAD) / (2 * radius + 1), (room_h - 2 * PAD) * math.sqrt(3) / (3 * radius + 2)
    )


def tile_box(game: BvpGame, paper: Paper) -> tuple[float, float, float, float]:
    """Where a tile lies on its page, ``(x, y, width, height)``: centred on the sheet, moved
    up or down into :func:`tile_room` when centred it would meet the heading or the ruler."""
    sheet = paper.portrait()
    width, height = tile_size(game.hex, game.radius)
    low = MARGIN + BOTTOM_ROOM
    high = sheet.height - MARGIN - TOP_ROOM - height
    y = min(max((sheet.height - height) / 2, low), high)
    return (sheet.width - width) / 2, y, width, height


def size_problems(game: BvpGame, paper: Paper) -> list[Problem]:
    """``hex`` at which a tile of ``radius`` does not fit one page of ``paper``, at ``hex``'s
    place in ``tiles.yaml`` (each tile prints whole on a page of its own). The range it gives
    is the one every paper a kit prints on allows (``check`` lays the kit out on each)."""
    width, height = tile_size(game.hex, game.radius)
    room_w, room_h = tile_room(paper)
    if width <= room_w + 1e-9 and height <= room_h + 1e-9:
        return []
    largest = min(largest_hex(game.radius, p) for p in PAPERS.values())
    papers = " and ".join(PAPERS)
    return [
        Problem(
            game.where.of("tiles.yaml", "hex"),
            "hex",
            f"{game.hex / 72:g} in: a radius-{game.radius} sea tile is {width / 72:.2f} in "
            f"wide and {height / 72:.2f} in tall, more than the {room_w / 72:.2f} in by "
            f"{room_h / 72:.2f} in a page of {paper.name} paper holds under its heading",
            f"0.5 in to {math.floor(largest / 72 * 100) / 100:.2f} in at radius {game.radius}, "
            f"a tile a page on {papers} paper",
        )
    ]
