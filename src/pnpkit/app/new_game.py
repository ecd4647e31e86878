"""``pnpkit new GAME``: a new game folder that builds as it is.

Without ``--from`` the example is a generic card game (``kit: cards``, see ``docs/reference/cardgame.md``): two
decks on poker cards, one written in ``game.yaml`` on the built-in front and one in
``fortune.csv`` whose faces are a layout written in ``game.yaml`` (``docs/reference/layouts.md``:
no template file), with a field of
the deck's own (``cost``), art (``assets/ship.png``) and an icon in the text
(``assets/icons/coin.svg``); a board tiled over two sheets with an assembly page, its cells in
``harbour.csv``; a sheet of round coin tokens; and a rulebook, ``rules.md``, that quotes the
decks' numbers. Every field is
written out once with a comment, so a designer changes
words and numbers and runs ``pnpkit build GAME`` (or ``pnpkit watch GAME``) straight away.

``pnpkit new GAME --from BUNDLED`` copies a game bundled with pnpkit instead: every data file,
and the game's own templates into ``GAME/templates/`` (they are found there first, so the
designer edits the copies). ``game.yaml`` gains ``kit: BUNDLED``, which tells pnpkit whose
rules and kit build the folder whatever it is called. The folder appears whole or not at all.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import re
import shutil
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path

from pnpkit.build.atomic import atomic_write
from pnpkit.errors import DataError, UsageError
from pnpkit.load.nodes import quote
from pnpkit.model.vocabulary import EMBLEMS

NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")

EXAMPLE = """\
# {title}: a card game made by `pnpkit new {name}`.
# Every field is described in docs/reference/cardgame.md. Build it with
#   pnpkit build {name}          (PDFs in output/{name}/)
#   pnpkit watch {name}          (rebuilds as you save a file of this folder)
kit: cards                 # a generic card game (required, exactly this)
title: {title}             # printed on every card back (text, up to 60 characters)
author: Your Name          # optional, printed in every card's footer
card_size: poker           # poker (2.5 × 3.5 in), mini, bridge, tarot, square, jumbo, large,
                           # or two lengths: [63mm, 88mm]; the card faces adapt to any size;
                           # a deck may give its own card_size, and orientation: landscape
layouts:                   # how card faces look, with no template (docs/reference/layouts.md)
  frame:                   # a layout's name: lower-case letters, digits, - and _
    background: "#fbf7ee"  # the card's paper, edge to edge
    elements:              # drawn in order, the first at the bottom
      - shape: rect        # rect, ellipse, line, polygon or hex
        x: 4%              # from the card's left edge: a share of its width, or 3mm, 0.1in, 9pt
        y: 3%              # from its top edge: a share of its height, or a length
        width: 92%
        height: 94%
        radius: 3mm        # rounded corners
        stroke: "{{accent}}" # the deck's colour ("{{field}}" is a card's field: quote it)
        stroke_width: 2pt
  coin:                    # the coins' front (tokens: below)
    background: "#e8c547"  # carried past the round cut line as bleed
    elements:
      - shape: ellipse
        x: 8%
        y: 8%
        width: 84%
        height: 84%
        stroke: "#7a5a00"
      - text: "{{value}}"
        x: 15%
        y: 25%
        width: 70%
        height: 50%
        size: 22pt
        weight: bold
        align: center
        valign: middle
  coin-back:
    background: "#7a5a00"
    elements:
      - icon: coin
        x: 25%
        y: 25%
        width: 50%
        height: 50%
  event:
    extends: frame         # frame's elements first, then these
    elements:
      - shape: rect        # the name band
        x: 8%
        y: 6%
        width: 84%
        height: 14%
        radius: 2mm
        fill: "{{accent}}"
      - text: "{{name}}"     # a field, or words with fields in them: "Cost {{cost}}"
        x: 10%
        y: 6%
        width: 80%
        height: 14%
        size: 16pt         # shrinks to fit its box, down to min_size (6 pt at least)
        weight: bold       # normal, semibold or bold; style: italic
        align: center      # left, center or right
        valign: middle     # top, middle or bottom
        colour: "#ffffff"
      - text: "{{kind}}"
        y: 21%
        height: 5%
        size: 9pt
        weight: semibold
        align: center
        colour: "{{accent}}"
      - image: "{{art}}"     # a picture of assets/ (fit, fill or crop its box)
        x: 12%
        y: 28%
        width: 76%
        height: 30%
        when: art          # only on cards that give art ("kind = Crew", "not art", a list…)
      - icon: "{{icon}}"     # an emblem or an icon of assets/icons/
        y: 30%
        height: 26%
        colour: "{{accent}}"
        when: not art
      - text: "{{text}}"
        x: 12%
        y: 60%
        width: 76%
        height: 24%
        size: 11pt
        align: center
      - icon: coin         # assets/icons/coin.svg, once for each point of cost
        x: 10%
        y: 86%
        width: 50%
        height: 6%
        repeat: "{{cost}}"
        align: left
      - text: "{{value}}"
        x: 70%
        y: 85%
        width: 20%
        height: 8%
        size: 16pt
        weight: bold
        align: right
        colour: "{{accent}}"
decks:
  - key: crew              # the deck's file name: output/{name}/crew-cards.pdf
    title: Crew            # printed on the deck's back
    colour: "#7a4a1d"      # the deck's accent colour, #rrggbb (quote it: # starts a comment)
    icon: anchor           # {emblems}
    template: generic      # the built-in front: name band, value, kind, picture, text, cost
    fields:                # the deck's own fields, beyond name, kind, value, text and icon
      - name: cost         # lower-case letters, digits and _
        type: number       # text, number, icon, image, colour or list
        default: 1         # for cards that do not give it (optional)
      - name: art
        type: image        # a PNG, JPEG or SVG file of assets/ in this folder
    cards:
      - key: bosun         # unique in the deck: lower-case letters, digits and -
        name: Bosun        # the card's title (up to 40 characters)
        kind: Crew         # optional word above the text
        value: 2           # optional number or short word (up to 4 characters) in the corner
        text: Draw a card. Your next order costs **1 less**.
                           # **bold**, *italic*, and icons: :coin: is assets/icons/coin.svg,
                           # :star: a built-in emblem
        icon: wheel        # optional emblem in the middle of the card (if there is no art)
        copies: 3          # how many of this card the deck holds (1 to 99; default 1)
      - key: gunner
        name: Gunner
        kind: Crew
        value: 3
        cost: 2            # the deck's own field
        text: Fire one cannon; add 1 to the roll.
        icon: cannon
        copies: 3
      - key: lookout
        name: Lookout
        kind: Crew
        value: 1
        art: ship.png      # assets/ship.png, drawn in place of the emblem
        text: "Look at the top three cards of any deck. Gain :coin:."
        icon: star
        copies: 2
  - key: fortune
    title: Fortune
    colour: "#16324f"
    icon: skull
    template: event        # the front: a layout above, generic (built in), or a template file
    fields:
      - {{name: cost, type: number, default: 0}}
      - {{name: art, type: image}}
    cards: fortune.csv     # one card per row; the columns are the fields (or a sheet of a
                           # workbook: cards.xlsx#Fortune)
tokens:                    # token and counter sheets, drawn by layouts (optional)
  - key: coins             # the file: output/{name}/coins-tokens.pdf
    title: Coins
    shape: round           # round, square, hex, tent or standee
    size: 0.75in           # a round token's diameter
    front: coin            # a layout above
    back: coin-back        # leave it out for tokens printed on one side
    tokens:
      - {{key: one, name: One, value: 1, copies: 12}}
      - {{key: five, name: Five, value: 5, copies: 6}}
rules: rules.md            # the rulebook: Markdown whose {{{{ … }}}} quote the data (optional)
boards:                    # boards tiled across sheets with an assembly page (optional)
  - key: harbour           # the file: output/{name}/harbour-board.pdf
    title: The harbour
    columns: 8             # cells across (1–40)
    rows: 6                # cells down (1–40)
    cell_size: 1.25in      # a square's side (0.5–3 in); grid: hex for hexes
    fill: "#e8f1f5"        # the colour of a cell that gives none
    cells: harbour.csv     # one cell a row: column,row,fill,label,icon,text
    tracks:
      - {{kind: score, first: 0, last: 27}}   # numbered boxes round the board's edge
"""

RULES_MD = """\
# Overview

**{{ game.title }}** is a race for treasure: {{ game.cards }} cards and a harbour board.
Every number below comes from the game's data, so the rules and the cards always agree.

## Setting up

1. Shuffle the {{ crew.title }} deck ({{ crew.count }} cards) and deal 3 to each player.
2. Put the {{ fortune.count }} {{ fortune.title }} cards face down beside the board.
3. Each player puts a ship on the Dock and a marker on 0 of the score track.
4. The {{ coins.count }} coins are the bank; each player takes {{ coins.one.value }} coin.

{% components %}

# Playing

On your turn, play one card and pay its cost in :coin:. The Bosun costs
{{ crew.bosun.cost }} :coin: and is worth {{ crew.bosun.value }}; the Gunner costs
{{ crew.gunner.cost }}. Then draw a card.

When a ship reaches the Isle, turn up a {{ fortune.title }} card. The first player round
the whole score track wins.

# The crew

{% cards crew %}
"""

BOARD_CSV = """\
column,row,fill,label,icon,text
1,1,#f6e3a1,Dock,anchor,Start here
8,1,#f6e3a1,Fort,star,
4,3,#cfe3c6,Isle,,Dig for gold
5,4,#cfe3c6,Cove,,
8,6,#a33a2a,Reef,skull,Lose a turn
"""

CARDS_CSV = """\
key,name,kind,value,cost,art,text,copies,icon
squall,Squall,Event,,0,,Every ship moves one space downwind.,2,wave
treasure,Buried Treasure,Event,5,3,ship.png,The first ship to reach an island takes 5 :coin:.,1,
"""

COIN = """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
  <circle cx="12" cy="12" r="11" fill="#d9a21b" stroke="#8a5a00" stroke-width="2"/>
  <circle cx="12" cy="12" r="6" fill="none" stroke="#8a5a00" stroke-width="1.5"/>
</svg>
"""


COMMENT_AT = 27
"""The column of the example's comments after a field."""


def emblems_comment(width: int = 96) -> str:
    """The comment on the example's ``icon:`` line, naming every built-in emblem (read from
    :data:`~pnpkit.model.vocabulary.EMBLEMS`, so a new emblem is listed without a word here),
    wrapped in lines of at most ``width`` characters under its column."""
    prefix = " " * COMMENT_AT + "# "
    said = f"the emblem on the back ({', '.join(EMBLEMS)})"
    return f"\n{prefix}".join(textwrap.wrap(said, width - len(prefix)))


def ship_png() -> bytes:
    """A small picture of a ship at sea (the example's art), the same bytes every time."""
    import io

    from PIL import Image, ImageDraw

    image = Image.new("RGB", (240, 150), "#bcd7e6")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 100, 240, 150), fill="#2f6690")
    draw.polygon([(60, 100), (180, 100), (160, 122), (80, 122)], fill="#5b3a1e")
    draw.line([(120, 30), (120, 100)], fill="#3b2412", width=4)
    draw.polygon([(124, 34), (170, 90), (124, 90)], fill="#fbf7ee")
    draw.polygon([(116, 40), (80, 90), (116, 90)], fill="#f1e6cf")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def _new_folder(data_dir: Path, name: str) -> Path:
    """``data_dir/name`` once ``name`` is a folder name pnpkit accepts and nothing is there."""
    if not NAME.fullmatch(name):
        raise UsageError(
            f"game name {quote(name)} is not allowed (allowed: lower-case letters, digits and -, "
            "starting with a letter, up to 40 characters, e.g. salvage-run)"
        )
    folder = data_dir / name
    if folder.exists():
        raise UsageError(f"{folder} exists already; choose another name or remove it")
    return folder


def scaffold(data_dir: Path, name: str, title: str | None = None) -> list[Path]:
    """Write ``data_dir/<name>/`` (the example card game); returns the files written.

    A :class:`UsageError` when ``name`` is not a folder name pnpkit accepts, the folder
    exists already (nothing is overwritten), or the game would not load as written: a title the
    loader refuses (blank, or holding a character the font cannot print) is said with what the
    loader says of it, and nothing is left behind."""
    folder = _new_folder(data_dir, name)
    shown = title or " ".join(part.capitalize() for part in name.split("-"))
    if "\n" in shown or len(shown) > 60:
        raise UsageError("the title must be one line of up to 60 characters")
    files = {
        Path("game.yaml"): EXAMPLE.format(
            name=name, title=_yaml_text(shown), emblems=emblems_comment()
        ).encode("utf-8"),
        Path("fortune.csv"): CARDS_CSV.encode("utf-8"),
        Path("harbour.csv"): BOARD_CSV.encode("utf-8"),
        Path("rules.md"): RULES_MD.encode("utf-8"),
        Path("assets/ship.png"): ship_png(),
        Path("assets/icons/coin.svg"): COIN.encode("utf-8"),
    }

    def checks(stage: Path) -> None:
        """The game as ``pnpkit check`` holds it (read, its rules, every face laid out): only
        the title can break it, and a title that does is a usage error saying why."""
        from pnpkit.app.pipeline import examine

        try:
            examined = examine(name, stage)
            found = [str(v) for v in [*examined.violations, *examined.faces]]
        except DataError as exc:
            found = [str(p) for p in exc.problems]
        if found:
            said = "; ".join(line.replace(str(stage), str(folder)) for line in found)
            raise UsageError(f"--title {quote(shown)} cannot be the game's title: {said}")

    return _publish(data_dir, name, folder, files, checks)


def _yaml_text(text: str) -> str:
    """``text`` as a YAML scalar that stays text: plain when YAML reads it as written, else a
    double-quoted scalar with every ``\\`` and ``"`` escaped (JSON's string syntax is YAML's)."""
    plain = re.fullmatch(r"[A-Za-z][A-Za-z0-9 '.,!-]*", text) and text.lower() not in {
        "yes",
        "no",
        "true",
        "false",
        "null",
        "on",
        "off",
    }
    return text if plain else json.dumps(text, ensure_ascii=False)


KIT_LINE = "kit: {game}  # copied from pnpkit's {game}: its rules and kit build this game\n"


def copy_bundled(data_dir: Path, name: str, game: str) -> list[Path]:
    """Copy the bundled ``game`` to ``data_dir/<name>/``: its data files, and its own
    templates into ``templates/``; ``game.yaml`` names the game as its ``kit``. Returns the
    files written. A :class:`UsageError` for a game that is not bundled, a bad name or a folder
    that exists already (nothing is overwritten, and nothing is left half-copied)."""
    from pnpkit.games import REGISTRY, registered
    from pnpkit.resources import bundled_games

    bundled = bundled_games()
    available = sorted(p.name for p in bundled.iterdir() if (p / "game.yaml").is_file())
    if game not in available or game not in REGISTRY:
        close = difflib.get_close_matches(game, available, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise UsageError(
            f"--from {game!r} is not a game bundled with pnpkit{hint} "
            f"(available: {', '.join(available)})"
        )
    folder = _new_folder(data_dir, name)
    files = [(p, p.relative_to(bundled / game)) for p in _files(bundled / game)]
    templates = registered(game).templates
    if templates is not None:
        files += [(p, Path("templates") / p.relative_to(templates)) for p in _files(templates)]
    bodies = {relative: source.read_bytes() for source, relative in files}
    game_yaml = Path("game.yaml")
    bodies[game_yaml] = _with_kit(bodies[game_yaml].decode("utf-8"), game).encode("utf-8")
    return _publish(data_dir, name, folder, bodies)


def _publish(
    data_dir: Path,
    name: str,
    folder: Path,
    files: dict[Path, bytes],
    verify: Callable[[Path], None] | None = None,
) -> list[Path]:
    """Write ``files`` into a folder of their own beside ``folder``, ``verify`` it there, then
    rename it ``folder``: a game folder appears whole or not at all. Returns the files."""
    data_dir.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f".{name}.", suffix=".tmp", dir=data_dir))
    try:
        for relative, body in files.items():
            target = stage / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            with atomic_write(target) as out:
                out.write(body)
        if verify is not None:
            verify(stage)
        os.chmod(stage, 0o755)
        os.rename(stage, folder)  # fails, leaving nothing, if the folder appeared meanwhile
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            shutil.rmtree(stage)
        raise
    return [folder / relative for relative in files]


def _files(folder: Path) -> list[Path]:
    """The files under ``folder``, sorted (no caches)."""
    return sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def _with_kit(text: str, game: str) -> str:
    """``game.yaml``'s text with ``kit: <game>`` before its first field (after the comments at
    the top, which describe the game)."""
    lines = text.splitlines(keepends=True)
    at = 0
    while at < len(lines) and (not lines[at].strip() or lines[at].lstrip().startswith("#")):
        at += 1
    if at < len(lines) and lines[at].startswith("---"):
        at += 1
    return "".join([*lines[:at], KIT_LINE.format(game=game), *lines[at:]])
