"""``pnpkit new GAME``: a new game folder with a small card game that builds as it is.

The example is a generic card game (``kit: cards``, see ``docs/reference/cardgame.md``): two
decks on poker cards, every field written out once with a comment, so a designer changes words
and numbers and runs ``pnpkit build GAME`` (or ``pnpkit watch GAME``) straight away.
"""

from __future__ import annotations

import re
from pathlib import Path

from pnpkit.build.atomic import atomic_write
from pnpkit.errors import UsageError

NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")

EXAMPLE = """\
# {title}: a card game made by `pnpkit new {name}`.
# Every field is described in docs/reference/cardgame.md. Build it with
#   pnpkit build {name}          (PDFs in output/{name}/)
#   pnpkit watch {name}          (rebuilds as you save this file)
kit: cards                 # a generic card game (required, exactly this)
title: {title}             # printed on every card back (text, up to 60 characters)
author: Your Name          # optional, printed in every card's footer
card_size: poker           # poker (2.5 × 3.5 in), mini, bridge, tarot, square, large,
                           # or two lengths: [63mm, 88mm]; the card faces adapt to any size
decks:
  - key: crew              # the deck's file name: output/{name}/crew-cards.pdf
    title: Crew            # printed on the deck's back
    colour: "#7a4a1d"      # the deck's accent colour, #rrggbb (quote it: # starts a comment)
    icon: anchor           # the emblem on the back (anchor, skull, star, wheel, crown, moon,
                           # cross, heart, cannon, musket, cutlass)
    cards:
      - key: bosun         # unique in the deck: lower-case letters, digits and -
        name: Bosun        # the card's title (up to 40 characters)
        kind: Crew         # optional word above the text
        value: 2           # optional number or short word (up to 4 characters) in the corner
        text: Draw a card. Your next order costs 1 less.
        icon: wheel        # optional emblem in the middle of the card
        copies: 3          # how many of this card the deck holds (1 to 99; default 1)
      - key: gunner
        name: Gunner
        kind: Crew
        value: 3
        text: Fire one cannon; add 1 to the roll.
        icon: cannon
        copies: 3
      - key: lookout
        name: Lookout
        kind: Crew
        value: 1
        text: Look at the top three cards of any deck and put them back in any order.
        icon: star
        copies: 2
  - key: fortune
    title: Fortune
    colour: "#16324f"
    icon: skull
    cards:
      - key: squall
        name: Squall
        kind: Event
        text: Every ship moves one space downwind.
        icon: moon
        copies: 2
      - key: treasure
        name: Buried Treasure
        kind: Event
        value: 5
        text: The first ship to reach an island takes 5 gold.
        icon: crown
"""


def scaffold(data_dir: Path, name: str, title: str | None = None) -> list[Path]:
    """Write ``data_dir/<name>/game.yaml`` (the example card game); returns the files written.

    A :class:`UsageError` when ``name`` is not a folder name pnpkit accepts or the folder
    exists already (nothing is overwritten)."""
    if not NAME.fullmatch(name):
        raise UsageError(
            f"game name {name!r} is not allowed (allowed: lower-case letters, digits and -, "
            "starting with a letter, up to 40 characters, e.g. salvage-run)"
        )
    folder = data_dir / name
    if folder.exists():
        raise UsageError(f"{folder} exists already; choose another name or remove it")
    shown = title or " ".join(part.capitalize() for part in name.split("-"))
    if "\n" in shown or len(shown) > 60 or '"' in shown:
        raise UsageError("the title must be one line of up to 60 characters without quotes")
    folder.mkdir(parents=True)
    target = folder / "game.yaml"
    with atomic_write(target) as out:
        out.write(EXAMPLE.format(name=name, title=_yaml_text(shown)).encode("utf-8"))
    return [target]


def _yaml_text(text: str) -> str:
    """``text`` as a YAML scalar that stays text (quoted when YAML would read it otherwise)."""
    plain = re.fullmatch(r"[A-Za-z][A-Za-z0-9 '.,!-]*", text) and text.lower() not in {
        "yes",
        "no",
        "true",
        "false",
        "null",
        "on",
        "off",
    }
    return text if plain else f'"{text}"'
