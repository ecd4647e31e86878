"""``image(name, x, y, w, h)`` in a template draws in a box that lies on the face and has a
size: a box off the face or of no size was drawn as nothing, silently, and one infinite or
not a number passed check and failed the build with a traceback. Each is now a data error at
the template's line, naming the card, the box and the box allowed, from check and build."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game, run_pnpkit, with_ship_front

from pnpkit.app.cli import main

HEAD = '{% import "cards/_svg.j2" as svg %}{{ svg.open(w, h) }}\n'
ALLOWED = (
    "(allowed: a box on the 180 × 252 pt face, y down from its top: x ≥ 0, y ≥ 0, w > 0, "
    "h > 0, x + w ≤ 180, y + h ≤ 252)"
)


@pytest.mark.parametrize(
    ("box", "says"),
    [
        (
            "-10, 0, 50, 50",
            "the box (x -10, y 0, w 50, h 50) is not on the 180 × 252 pt face: "
            "x is -10, y is 0: the box starts off the face",
        ),
        (
            "0, 210, 50, 50",
            "the box (x 0, y 210, w 50, h 50) is not on the 180 × 252 pt face: "
            "x + w is 50, y + h is 260: the box runs off the face",
        ),
        ("20, 20, w, 50", "x + w is 200, y + h is 70: the box runs off the face"),
        ("0, 0, 0, 50", "w is 0, h is 50: a box must have a width and a height"),
        ("0, 0, 50, -5", "w is 50, h is -5: a box must have a width and a height"),
        (
            "0, 0, 1e308 * 10, 50",
            "the box (x 0, y 0, w inf, h 50) is not on the 180 × 252 pt face: w is inf",
        ),
        ("0, (1e308 * 10) * 0, 50, 50", "y is nan"),
    ],
)
@pytest.mark.parametrize("command", ["check", "build"])
def test_an_image_box_off_the_face_or_of_no_size_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], box: str, says: str, command: str
) -> None:
    data, template = with_ship_front(
        tmp_path, HEAD + f"\n{{{{ image(art, {box}, field='art') }}}}\n</svg>\n"
    )
    game = template.parent.parent
    code, err = run_pnpkit(command, data, capsys)
    assert code == 1, err
    yaml = game / "game.yaml"
    row = next(i for i, line in enumerate(yaml.read_text().splitlines()) if "key: brig" in line)
    line = next(line for line in err.splitlines() if "Brig" in line)
    assert line.startswith(
        f"error: {template}:3:1: Brig (card at {yaml}:{row + 1}:9) and 2 more cards: "
        "the template failed: image(): the box ("
    ), line
    assert says in line, line
    assert line.endswith(ALLOWED), line
    assert not (tmp_path / "out" / game.name).exists()


def test_a_box_on_the_face_to_its_edges_builds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    # the whole face, and a box whose sums pass the edge by a rounding error only
    body = "{{ image(art, 0, 0, w, h, field='art') }}{{ image(art, 0.1, 0, w - 0.1, 0.3) }}"
    template.write_text(HEAD + body + "\n</svg>\n")
    assert main(["check", "--data", str(data)]) == 0, capsys.readouterr().err
