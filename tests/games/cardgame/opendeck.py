"""A designer's game with an open deck: declared fields, its own template, art in assets/."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import IndirectObject

GAME = """\
kit: cards
title: Open Seas
card_size: poker
decks:
  - key: ships
    title: Ships
    colour: "#1f4e79"
    template: ship-front.svg.j2
    fields:
      - {name: cost, type: number, default: 1}
      - {name: art, type: image}
      - {name: tags, type: list}
      - {name: tint, type: colour, default: "#aa3322"}
      - {name: badge, type: icon, default: star}
    cards:
      - {key: brig, name: Brig, cost: 3, art: ship.png, tags: [fast, small], copies: 4}
      - {key: frigate, name: Frigate, cost: 5.5, art: ship.png, tint: "#225533", copies: 5}
      - {key: sloop, name: Sloop, art: flag.svg, badge: skull, colour: "#552211"}
  - key: orders
    title: Orders
    fields:
      - {name: art, type: image}
    cards:
      - {key: sail, name: Full Sail, text: Move two spaces., art: ship.png, copies: 3}
      - {key: hold, name: Hold Fast, text: Stay where you are., back: own-back.svg.j2}
"""

FRONT = """\
<svg xmlns="http://www.w3.org/2000/svg" width="{{ fmt(w) }}pt" height="{{ fmt(h) }}pt" \
viewBox="0 0 {{ fmt(w) }} {{ fmt(h) }}">
<rect x="0" y="0" width="{{ fmt(w) }}" height="{{ fmt(h) }}" fill="{{ tint }}"/>
{{ line(name, w / 2, 30, w - 20, 16, field="name", weight="bold", anchor="middle") }}
{{ line("Cost " ~ cost, 12, 50, 80, 10, field="cost") }}
{{ image(art, 20, 60, w - 40, 100, field="art") }}
{{ emblem(badge, w / 2, 190, 16, accent, "#ffffff") }}
{{ line(tags | join(", "), w / 2, h - 20, w - 20, 9, field="tags", anchor="middle") }}
</svg>
"""

BACK = """\
<svg xmlns="http://www.w3.org/2000/svg" width="{{ fmt(w) }}pt" height="{{ fmt(h) }}pt" \
viewBox="0 0 {{ fmt(w) }} {{ fmt(h) }}">
<rect x="0" y="0" width="{{ fmt(w) }}" height="{{ fmt(h) }}" fill="{{ accent }}"/>
{{ line(title, w / 2, h / 2, w - 20, 14, field="title", anchor="middle", fill="#ffffff") }}
</svg>
"""

FLAG = """\
<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40" viewBox="0 0 60 40">
<rect x="0" y="0" width="60" height="40" fill="#111111"/>
<circle cx="30" cy="20" r="10" fill="#eeeeee"/>
</svg>
"""


def make_game(data: Path, name: str = "open-seas") -> Path:
    """Write the game into ``data/name``; returns its folder."""
    game = data / name
    (game / "assets").mkdir(parents=True)
    (game / "templates").mkdir()
    (game / "game.yaml").write_text(GAME, encoding="utf-8")
    (game / "templates" / "ship-front.svg.j2").write_text(FRONT, encoding="utf-8")
    (game / "templates" / "own-back.svg.j2").write_text(BACK, encoding="utf-8")
    (game / "assets" / "flag.svg").write_text(FLAG, encoding="utf-8")
    image = Image.new("RGB", (64, 48), "#d9b26f")
    for x in range(64):
        image.putpixel((x, x * 48 // 64), (20, 40, 90))
    image.save(game / "assets" / "ship.png")
    return game


def image_xobjects(path: Path) -> set[int]:
    """The object numbers of every image XObject the pages (and the forms on them) use."""
    reader = PdfReader(str(path))
    found: set[int] = set()

    def walk(resources: object, seen: set[int]) -> None:
        xobjects = resources.get("/XObject") if hasattr(resources, "get") else None
        if xobjects is None:
            return
        for ref in xobjects.get_object().values():
            if not isinstance(ref, IndirectObject) or ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Image":
                found.add(ref.idnum)
            elif "/Resources" in obj:
                walk(obj["/Resources"].get_object(), seen)

    seen: set[int] = set()
    for page in reader.pages:
        walk(page["/Resources"].get_object(), seen)
    return found


def with_ship_front(tmp_path: Path, template: str) -> tuple[Path, Path]:
    """The open-deck game under ``tmp_path/data`` with ``template`` as its ships' front: the
    data folder and the template's file."""
    data = tmp_path / "data"
    path = make_game(data) / "templates" / "ship-front.svg.j2"
    path.write_text(template)
    return data, path


def run_pnpkit(command: str, data: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``pnpkit <command>`` of ``data`` (a build writes beside it, in ``out``): its exit code
    and what it said on stderr, which is never a traceback."""
    from pnpkit.app.cli import main

    capsys.readouterr()
    code = main([command, "--data", str(data), "--out", str(data.parent / "out")])
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    return code, err
