"""A designer's template that fails as it runs (a division by zero, a range too large, a macro
that calls itself, a helper called wrongly) is a data error at the template's file and line,
naming the card and what went wrong: exit 1 in check, build and export, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main

HEAD = '{% import "cards/_svg.j2" as svg %}{{ svg.open(w, h) }}\n'


@pytest.mark.parametrize(
    ("body", "message", "allowed"),
    [
        ("{{ 1/0 }}", "ZeroDivisionError: division by zero", ""),
        ("{% for i in range(100000000) %}x{% endfor %}", "OverflowError: Range too big", ""),
        (
            "{% macro r(n) %}{{ r(n) }}{% endmacro %}{{ r(1) }}",
            "a macro calls itself without end",
            "",
        ),
        (
            "{{ line(name, 0, 10, 5, 100) }}",
            "line(): missing a required argument: 'field'",
            "line(text, x, y, w, size, field=…",
        ),
        (
            "{{ emblem('nosuch', 1, 1, 1, '#000000', '#ffffff') }}",
            "emblem(): unknown emblem 'nosuch' (allowed: skull",
            "emblem(name, cx, cy, r, ink, paper)",
        ),
        (
            "{{ mix('red', '#000000', 0.5) }}",
            "mix(): 'red' is not a colour #rrggbb",
            "mix(colour, other, amount)",
        ),
    ],
)
@pytest.mark.parametrize("command", ["check", "build", "export"])
def test_a_failing_template_is_a_located_data_error(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    body: str,
    message: str,
    allowed: str,
    command: str,
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    template.write_text(HEAD + body + "</svg>\n", encoding="utf-8")
    capsys.readouterr()
    code = main([command, "--data", str(data), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "Traceback" not in err
    yaml = game / "game.yaml"
    row = next(i for i, line in enumerate(yaml.read_text().splitlines()) if "key: brig" in line)
    line = next(line for line in err.splitlines() if "Brig" in line)
    assert line.startswith(f"error: {template}:2:1: Brig (card at {yaml}:{row + 1}:"), line
    assert f": the template failed: {message}" in line, line
    assert f"(allowed: {allowed}" in line if allowed else "(allowed" not in line
    assert not (tmp_path / "out" / game.name).exists()


def test_a_builtin_macro_called_wrongly_names_both_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    template.write_text(HEAD + "\n{{ svg.open(w) }}</svg>\n", encoding="utf-8")
    assert main(["check", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "templates/cards/_svg.j2:1:1: Brig (card at " in err
    assert "fmt(): unsupported format string passed to StrictUndefined" in err
    assert f"(called from {template}:3:1)" in err


def test_a_failure_on_every_card_is_said_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    template.write_text(HEAD + "{{ 1/0 }}</svg>\n", encoding="utf-8")
    assert main(["check", "--data", str(data)]) == 1
    lines = [line for line in capsys.readouterr().err.splitlines() if "ZeroDivision" in line]
    assert len(lines) == 1, lines
    assert (
        ": Brig (card at " in lines[0] and ") and 2 more cards: the template failed: " in lines[0]
    )


def test_an_undefined_name_says_the_template_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    template.write_text(HEAD + "\n\n{{ name.foo.bar }}</svg>\n", encoding="utf-8")
    assert main(["check", "--data", str(data)]) == 1
    lines = [line for line in capsys.readouterr().err.splitlines() if "has no attribute" in line]
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"error: {template}:4:1: Brig (card at "), lines[0]
    assert (
        ") and 2 more cards: the template failed: 'str object' has no attribute 'foo'" in lines[0]
    )


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_misspelled_name_is_said_once_with_the_name_it_is_closest_to(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """One misspelled name in a front template is one problem, at its line and column, not
    one a card, and says the field it is closest to."""
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    template.write_text(HEAD + '{{ line(nmae, 5, 20, 100, 9, field="name") }}</svg>\n', "utf-8")
    capsys.readouterr()
    assert main([command, "--data", str(data), "--out", str(tmp_path / "out")]) == 1
    said = capsys.readouterr().err.splitlines()
    err = [line for line in said if not line.startswith("warning:")]  # the name is unprinted
    yaml = game / "game.yaml"
    row = next(i for i, line in enumerate(yaml.read_text().splitlines()) if "key: brig" in line)
    assert err[0] == (
        f"error: {template}:2:9: Brig (card at {yaml}:{row + 1}:9) and 2 more cards: "
        "the template failed: 'nmae' is undefined; did you mean 'name'? (allowed: the card's "
        "fields and the helpers: " + err[0].split("fields and the helpers: ")[-1]
    )
    assert ", line, " in err[0] and ", name, " in err[0]
    assert [line for line in err if line.startswith("error:")] == err[:1]
