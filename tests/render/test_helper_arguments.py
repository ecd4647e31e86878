"""``line()``, ``wrap()`` and ``flow()`` refuse an ``anchor``, ``valign``, ``fill`` or
``head_fill`` they cannot use, at the template's line, naming the value and the ones allowed:
``anchor="center"`` was measured as fitting, then drawn starting at ``x`` and off the card,
``valign="centre"`` was read as ``top``, and ``fill="nonsense"`` printed no text at all."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game, run_pnpkit, with_ship_front

from pnpkit.app.cli import main

HEAD = '{% import "cards/_svg.j2" as svg %}{{ svg.open(w, h) }}\n'
COLOURS = "(allowed: #rgb or #rrggbb, rgb(r, g, b) of whole numbers 0–255 or of percentages"


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (
            'line(name, w / 2, 20, w - 20, 10, field="name", anchor="center")',
            "line(): anchor 'center' is not one of start, middle, end "
            "(allowed: anchor=start|middle|end)",
        ),
        (
            'wrap(name, 10, 60, w - 20, 50, 10, field="name", valign="centre")',
            "wrap(): valign 'centre' is not one of top, middle, bottom "
            "(allowed: valign=top|middle|bottom)",
        ),
        (
            'wrap(name, 10, 60, w - 20, 50, 10, field="name", anchor="right")',
            "wrap(): anchor 'right' is not one of start, middle, end",
        ),
        (
            'line(name, 10, 140, w - 20, 10, field="name", fill="nonsense")',
            f"line(): fill 'nonsense' is not a colour {COLOURS}",
        ),
        (
            'flow([(name, ["Go."])], 10, 100, w - 20, 60, 8, field="text", head_fill="#12345")',
            f"flow(): head_fill '#12345' is not a colour {COLOURS}",
        ),
    ],
)
@pytest.mark.parametrize("command", ["check", "build"])
def test_a_helper_argument_it_cannot_use_is_refused_at_the_templates_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], call: str, says: str, command: str
) -> None:
    data, template = with_ship_front(tmp_path, HEAD + "\n{{ " + call + " }}\n</svg>\n")
    code, err = run_pnpkit(command, data, capsys)
    assert code == 1, err
    line = next(line for line in err.splitlines() if "Brig" in line)
    assert line.startswith(f"error: {template}:3:1: Brig (card at "), line
    assert f"the template failed: {says}" in line, line


def test_the_allowed_values_still_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    calls = (
        'line(name, w / 2, 20, w - 20, 10, field="name", anchor="middle", fill="navy")',
        'wrap(name, 10, 60, w - 20, 50, 10, field="name", anchor="end", valign="bottom", '
        'fill="rgb(10, 20, 30)")',
        'flow([(name, ["Go."])], 10, 120, w - 20, 60, 8, field="text", head_fill="#a00")',
    )
    template.write_text(HEAD + "".join("{{ " + c + " }}\n" for c in calls) + "</svg>\n")
    assert main(["check", "--data", str(data)]) == 0, capsys.readouterr().err
