"""A designer's template that Jinja cannot read (a syntax error, a filter or test Jinja does
not have, a block never closed, a number too long to read) is a data error at the template's
file, line and column, said once for every card that uses it, the same words from check and
build: exit 1, never a traceback (check's note of fields no template prints once raised
Jinja's own error for it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main

HEAD = '{% import "cards/_svg.j2" as svg %}{{ svg.open(w, h) }}\n'


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, command: str) -> str:
    """The errors of ``command`` on the open deck game whose ship template has ``body`` as its
    line 2, checked to be exit 1, one line on the ship cards, no traceback, nothing built."""
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    template.write_text(HEAD + body + "\n</svg>\n", encoding="utf-8")
    capsys.readouterr()
    code = main([command, "--data", str(data), "--out", str(tmp_path / "out")])
    captured = capsys.readouterr()
    assert code == 1, captured.err
    assert "Traceback" not in captured.err + captured.out
    lines = [line for line in captured.err.splitlines() if "Brig" in line]
    assert len(lines) == 1, captured.err
    assert not (tmp_path / "out" / game.name).exists()
    yaml = game / "game.yaml"
    row = next(i for i, line in enumerate(yaml.read_text().splitlines()) if "key: brig" in line)
    card = f"Brig (card at {yaml}:{row + 1}:9) and 2 more cards"
    return lines[0].replace(str(template), "T").replace(card, "CARD")


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "<g>{{ name | nosuchfilter }}</g>",
            "T:2:14: CARD: the template cannot be read: No filter named 'nosuchfilter' "
            "(allowed: abs, attr, batch, capitalize, center,",
        ),
        (
            # inside an if, Jinja itself would refuse it only on a card that reaches it
            "{% if cost > 100 %}{{ name | upper | nosuch }}{% endif %}",
            "T:2:38: CARD: the template cannot be read: No filter named 'nosuch' (allowed: abs,",
        ),
        (
            "{% if name is nosuchtest %}x{% endif %}",
            "T:2:15: CARD: the template cannot be read: No test named 'nosuchtest' "
            "(allowed: !=, <, <=, ==, >, >=, boolean,",
        ),
        (
            "<g/>  {{ name + }}",
            "T:2:7: CARD: the template cannot be read: unexpected 'end of print statement'",
        ),
        (
            "<g/>{{ name }}{% for x in %}{% endfor %}",
            "T:2:15: CARD: the template cannot be read: Expected an expression, got 'end of "
            "statement block'",
        ),
        (
            "  {% if cost %}\n<g/>",
            "T:2:3: CARD: the template cannot be read: {% if %} is never closed: the template "
            "ends while Jinja looks for 'elif' or 'else' or 'endif'",
        ),
        (
            "{% for t in tags %}{% if t %}{% endfor %}",
            "T:2:30: CARD: the template cannot be read: Encountered unknown tag 'endfor'. You "
            "probably made a nesting mistake. Jinja is expecting this tag, but currently looking "
            "for 'elif' or 'else' or 'endif'. The innermost block that needs to be closed is "
            "'if', opened at line 2, column 20",
        ),
        ("<g/>{% endif %}", "T:2:5: CARD: the template cannot be read: Encountered unknown tag"),
        (
            "{{ " + "1" * 5000 + " }}",
            "T:2:1: CARD: the template cannot be read: the number 11111111111111111111… "
            "(5,000 digits) has over 1,000 digits (allowed: numbers of at most 1,000 digits)",
        ),
        (
            "<g/>{{ " + "(" * 300 + "1" + ")" * 300 + " }}",
            "T:2:307: CARD: the template cannot be read: it nests 300 brackets deep, deeper "
            "than Jinja can read (allowed: brackets a few dozen deep at most)",
        ),
        (
            "{{ " + "1" * 1200 + " }}",
            "T:2:1: CARD: the template cannot be read: the number 11111111111111111111… "
            "(1,200 digits) has over 1,000 digits (allowed: numbers of at most 1,000 digits)",
        ),
    ],
)
@pytest.mark.parametrize("command", ["check", "build"])
def test_a_template_jinja_cannot_read_is_an_error_at_its_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, expected: str, command: str
) -> None:
    line = _run(tmp_path, capsys, body, command)
    assert line.startswith(f"error: {expected}"), line


def test_an_imported_template_that_cannot_be_read_is_named_at_its_own_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    macros = game / "templates" / "macros.j2"
    macros.write_text("{% macro title(t) %}\n{{ t | shout }}\n{% endmacro %}\n", encoding="utf-8")
    template = game / "templates" / "ship-front.svg.j2"
    template.write_text(
        HEAD + '{% import "macros.j2" as m %}{{ m.title(name) }}\n</svg>\n', encoding="utf-8"
    )
    assert main(["check", "--data", str(data)]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert f"error: {macros}:2:8: Brig (card at " in captured.err
    assert ": the template cannot be read: No filter named 'shout' (allowed: " in captured.err


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_template_that_is_not_utf8_is_said_at_its_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """It was a UnicodeDecodeError at no line (and a traceback from check's note of fields
    no template prints)."""
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    template.write_bytes(HEAD.encode() + '<g>{{ "caf\xe9" }}</g>\n</svg>\n'.encode("latin-1"))
    code = main([command, "--data", str(data), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "Traceback" not in err
    assert f"error: {template}:2:11: Brig (card at " in err
    assert (
        ": the template cannot be read: not UTF-8 text (byte 0xE9) (allowed: UTF-8 text: save "
        "the template in your editor's UTF-8 encoding)"
    ) in err
