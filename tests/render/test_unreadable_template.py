"""A template whose SVG is not readable XML (an HTML entity such as ``&copy;``) is reported at
the template's file, line and column, found from the piece of the SVG it made where the XML
parser stopped; it was said at the card, with the line of the made SVG, which the designer
never sees."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game, run_pnpkit, with_ship_front

from pnpkit.app.cli import main

TEMPLATE = """\
{% import "cards/_svg.j2" as svg %}{{ svg.open(w, h) }}
{% for i in range(20) %}
<rect x="{{ i }}" y="0" width="1" height="1" fill="#000000"/>
{% endfor %}
<text x="10" y="40" font-family="Source Sans Pro" font-size="10">{{ name }} &copy; B</text>
</svg>
"""


@pytest.mark.parametrize("command", ["check", "build"])
def test_an_undefined_entity_is_said_at_the_templates_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    data, template = with_ship_front(tmp_path, TEMPLATE)
    code, err = run_pnpkit(command, data, capsys)
    assert code == 1, err
    line = next(line for line in err.splitlines() if "Brig" in line)
    assert line.startswith(f"error: {template}:5:77: Brig (card at "), line
    assert line.endswith(
        "the template is not readable SVG (undefined entity at '&copy; B</text>') (allowed: an "
        "SVG document: XML knows only the entities &amp; &lt; &gt; &quot; &apos; and numbered "
        "ones (&#169;); write the character itself (©))"
    ), line
    assert "Traceback" not in err


def test_unreadable_svg_made_from_the_data_is_said_at_the_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    template.write_text(TEMPLATE.replace(" &copy; B", "").replace("{{ name }}", "{{ name|safe }}"))
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace("name: Brig,", 'name: "Brig &zz;",'))
    capsys.readouterr()
    assert main(["check", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    line = next(line for line in err.splitlines() if "Brig" in line)
    assert f"{yaml}:" in line.split(" Brig")[0], line
    assert (
        "the template game/ship-front.svg.j2 is not readable SVG (undefined entity: line 22, "
        in line
    )
