"""A designer's card template has a work budget for each face it draws
(:mod:`pnpkit.render.templates.budget`): nested loops, huge products and powers end with a data
error at the template's line, naming the card and the limit, in check and build alike; a
template that works hard but within the budget still builds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from jinja2 import TemplateError
from tests.games.cardgame.opendeck import make_game

import pnpkit
from pnpkit.app.cli import main
from pnpkit.render.faces.renderer import FACE_HELPERS
from pnpkit.render.templates.budget import MAX_STEPS, OverBudget
from pnpkit.render.templates.environment import make_environment

HEAD = '{% import "cards/_svg.j2" as svg %}{{ svg.open(w, h) }}\n'
NESTED = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"
SRC = Path(pnpkit.__file__).resolve().parents[1]
"""The source folder of the pnpkit under test, for the command run in its own process."""


def _designer_game(tmp_path: Path, body: str) -> tuple[Path, Path, Path]:
    """A ``pnpkit new``-style game whose ship deck's own template runs ``body`` on line 2;
    returns the data folder, the template and the game's ``game.yaml``."""
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    template.write_text(HEAD + body + "</svg>\n", encoding="utf-8")
    return data, template, game / "game.yaml"


def _brig_line(err: str, template: Path, yaml: Path) -> str:
    """The error line about the Brig, checked to be at the template's line 2."""
    row = next(i for i, line in enumerate(yaml.read_text().splitlines()) if "key: brig" in line)
    line = next(line for line in err.splitlines() if "Brig" in line)
    assert line.startswith(f"error: {template}:2:1: Brig (card at {yaml}:{row + 1}:"), line
    return line


@pytest.mark.parametrize("command", ["check", "build"])
def test_nested_loops_end_with_a_located_error(tmp_path: Path, command: str) -> None:
    """Ten billion loop turns once hung the command for hours; a subprocess with a timeout
    makes a regression fail instead of hanging the suite."""
    data, template, yaml = _designer_game(tmp_path, NESTED)
    env = {**os.environ, "PYTHONPATH": str(SRC), "PNPKIT_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pnpkit",
            command,
            "--data",
            str(data),
            "--out",
            str(tmp_path / "o"),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    line = _brig_line(done.stderr, template, yaml)
    assert (
        f": the template failed: it takes more than {MAX_STEPS:,} steps of work for one card "
        "(nested loops, or a macro that calls itself too often?) "
        f"(allowed: at most {MAX_STEPS:,} steps for each face: one a loop turn or range() item"
    ) in line, line
    assert not (tmp_path / "o" / "open-seas").exists()


@pytest.mark.parametrize(
    ("body", "message", "allowed"),
    [
        (
            '{{ "x" * 10**9 }}',
            "'x' * 1000000000 would make 1,000,000,000 characters or items",
            "at most 10,000,000 characters or items made for each face",
        ),
        (
            '{{ ("ab" * 50000) * 50000 }}',
            "a text of 100,000 characters * 50000 would make 5,000,000,000 characters or items",
            "at most 10,000,000 characters or items made for each face",
        ),
        (
            "{% set l = [0] * 10**8 %}",
            "a list of 1 item * 100000000 would make 100,000,000 characters or items",
            "at most 10,000,000 characters or items made for each face",
        ),
        (
            "{{ 9 ** (9 ** 9) }}",
            "9 ** 387420489 would be a number of about 349,875,565 digits or more",
            "numbers of at most 1,000 digits",
        ),
    ],
)
@pytest.mark.parametrize("command", ["check", "build"])
def test_a_huge_product_or_power_is_refused_before_it_is_made(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    body: str,
    message: str,
    allowed: str,
    command: str,
) -> None:
    data, template, yaml = _designer_game(tmp_path, body)
    capsys.readouterr()
    assert main([command, "--data", str(data), "--out", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    line = _brig_line(err, template, yaml)
    assert f": the template failed: {message} (allowed: {allowed})" in line, line


def test_a_template_that_loops_a_lot_within_its_budget_builds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Some 490,000 loop turns a face, on three ship designs: more than the budget if it were
    not a face's own (each face starts at zero), and still far from hanging."""
    loops = '{% for i in range(700) %}{% for j in range(700) %}{% endfor %}{% endfor %}{{ "ok" }}'
    data, _, _ = _designer_game(tmp_path, loops)
    assert main(["build", "--data", str(data), "--out", str(tmp_path / "o")]) == 0, (
        capsys.readouterr().err
    )
    assert (tmp_path / "o" / "open-seas" / "ships-cards.pdf").exists()


def _run(source: str) -> str:
    env = make_environment(helpers=FACE_HELPERS)
    env.fresh_budget()
    return env.from_string(source).render()


@pytest.mark.parametrize(
    ("source", "says"),
    [
        # loops over anything, not only range()
        (
            '{% set s = "x" * 1000 %}{% for a in s %}{% for b in s %}{% for c in s %}'
            "{% endfor %}{% endfor %}{% endfor %}",
            "steps of work",
        ),
        # a macro that calls itself twice, forty deep
        (
            "{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}"
            "{{ f(40) }}",
            "steps of work",
        ),
        # a text doubled sixty times, by ~ and by +
        (
            '{% set ns = namespace(s="x") %}{% for i in range(60) %}'
            "{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
            "joining with ~ would make",
        ),
        (
            '{% set ns = namespace(s="x") %}{% for i in range(60) %}'
            "{% set ns.s = ns.s + ns.s %}{% endfor %}",
            "+ a text of",
        ),
        # a number squared sixty times
        (
            "{% set ns = namespace(n=3) %}{% for i in range(60) %}"
            "{% set ns.n = ns.n * ns.n %}{% endfor %}",
            "would be a number of over 1,000 digits",
        ),
        # widths and methods that grow a text
        ('{{ "x".center(10**9) }}', "'x'.center() with 1000000000"),
        ('{{ "x"|center(999999999) }}', "the filter center with 999999999"),
        ('{{ "%999999999d" % 1 }}', "a format width of 999,999,999"),
        ('{{ "{:>999999999}".format(1) }}', "a format width of 999,999,999"),
        ('{% set s = "x" * 100000 %}{{ s.replace("", s) }}', ".replace() would make"),
        ('{% set s = "\n" * 100000 %}{{ s|indent(1000000) }}', "the filter indent would make"),
        (
            '{% set s = "ab " * 100000 %}{{ s|wordwrap(1, wrapstring="x" * 100000) }}',
            "the filter wordwrap would make",
        ),
        ('{% set l = ["a"] * 100000 %}{{ l|join("x" * 1000) }}', "the filter join would make"),
        ('{{ "%999999999d"|format(1) }}', "a format width of 999,999,999"),
        # an include is a call
        (
            '{% for i in range(100000) %}{% for j in range(100) %}{% include "cards/_svg.j2" %}'
            "{% endfor %}{% endfor %}",
            "steps of work",
        ),
        # a big list gone through again and again
        (
            "{% set b = [1] * 1000000 %}{% for i in range(100000) %}{% set _ = b|sum %}"
            "{% endfor %}",
            "steps of work",
        ),
        (
            "{% set b = [1] * 1000000 %}{% for i in range(100000) %}{% if 2 in b %}{% endif %}"
            "{% endfor %}",
            "steps of work",
        ),
        (
            "{% set b = [1] * 1000000 %}{% for i in range(100000) %}{% set _ = b[1:] %}"
            "{% endfor %}",
            "a slice would make",
        ),
    ],
)
def test_every_way_round_the_budget_ends(source: str, says: str) -> None:
    with pytest.raises(OverBudget, match=None) as caught:
        _run(source)
    assert says in caught.value.message, caught.value.message


def test_templates_compute_as_before_within_the_budget() -> None:
    source = (
        "{% for i in range(3) %}{{ i }}{% endfor %}|{{ range(5)|list }}|{{ range(5)|length }}|"
        '{{ range(5)|reverse|list }}|{{ "a" ~ 1 }}|{{ [1, 2] * 2 }}|{{ 2 ** 10 }}|'
        '{{ "%05.1f" % 3.14159 }}|{{ "{:>3}".format("a") }}|{{ 3 in range(5) }}|'
        '{{ "ab"|upper }}|{{ [3, 1]|sort|join(",") }}|{{ "abc"[1:] }}|{{ (2.0 ** 0.5)|round(3) }}'
    )
    assert _run(source) == (
        "012|[0, 1, 2, 3, 4]|5|[4, 3, 2, 1, 0]|a1|[1, 2, 1, 2]|1024|003.1|  a|True|AB|1,3|bc|1.414"
    )


@pytest.mark.parametrize(
    ("source", "says"),
    [("{{ lipsum(5) }}", "'lipsum' is undefined"), ("{{ [1, 2]|random }}", "No filter named")],
)
def test_nothing_random_is_left(source: str, says: str) -> None:
    """Lorem ipsum and ``|random`` give random text: a face drawn with them would differ at
    every build."""
    with pytest.raises(TemplateError, match=says):
        _run(source)


@pytest.mark.parametrize(
    ("source", "result"),
    [
        ('{{ "x".center(5) }}|{{ "x".ljust(3) }}|{{ "x".rjust(3) }}', "  x  |x  |  x"),
        ('{{ "7".zfill(3) }}|{{ "a\tb".expandtabs(4) }}', "007|a   b"),
        (
            '{{ "{:>{}}".format("x", 4) }}|{{ "{:^{w}.{p}f}".format(1.5, w=7, p=2) }}',
            "   x| 1.50  ",
        ),
        ('{{ "%*d" % (4, 7) }}|{{ "%.5s" % "abcdefgh" }}', "   7|abcde"),
        (
            "{{ [1, 2, 3]|batch(2)|list }}|{{ [1, 2, 3]|batch(2, 0)|list }}",
            "[[1, 2], [3]]|[[1, 2], [3, 0]]",
        ),
        ('{{ "x"|center(5) }}|{{ "a\nb"|indent(2) }}', "  x  |a\n  b"),
        (
            '{{ [1, 2, 3]|slice(2)|list }}|{{ {"a": [1]}|tojson(1) }}',
            '[[1, 2], [3]]|{\n "a": [\n  1\n ]\n}',
        ),
        # a number that only bounds the result, or a value printed, is no width
        ('{{ "abc"|wordwrap(999999999) }}|{{ "abc"|truncate(999999999) }}', "abc|abc"),
        ('{{ "{}".format(10**30) }}|{{ "%d" % 10**30 }}', f"{10**30}|{10**30}"),
        (
            '{{ "a,b".split(",", 999999999)|join("-") }}|{{ "abc".expandtabs(999999999) }}',
            "a-b|abc",
        ),
        ("{{ [1, 2, 3]|batch(999999999)|list }}|{{ []|tojson(999999999) }}", "[[1, 2, 3]]|[]"),
        ('{{ (2.5)|round(999999999) }}|{{ "%.999999999s" % "ab" }}', "2.5|ab"),
    ],
)
def test_small_widths_and_numbers_that_are_no_width_pass(source: str, result: str) -> None:
    """Only a width the result is made as wide or as many as is held to the budget: these
    were refused (every whole number over 10,000,000 given to a filter or a method was taken
    for a width, and ``"{}".format(10**30)`` for a format width)."""
    assert _run(source) == result


@pytest.mark.parametrize(
    ("source", "says"),
    [
        ('{{ "x".ljust(10**9) }}', "'x'.ljust() with 1000000000 would make 1,000,000,000"),
        ('{{ "x".rjust(10**9) }}', "'x'.rjust() with 1000000000 would make"),
        ('{{ "x".zfill(10**9) }}', "'x'.zfill() with 1000000000 would make"),
        ('{{ "a\tb".expandtabs(10**9) }}', "'a\\tb'.expandtabs() with 1000000000 would make"),
        (
            '{{ "{:>{}}".format("x", 10**9) }}',
            "a format width of 1,000,000,000 in '{:>{}}'.format() would make 1,000,000,000",
        ),
        ('{{ "{:.{p}f}".format(1.5, p=10**9) }}', "a format width of 1,000,000,000 in"),
        ('{{ "%.999999999f" % 1.5 }}', "a format width of 999,999,999 in '%.999999999f'"),
        ('{{ "%*d" % (10**9, 1) }}', "a format width of 1,000,000,000 in '%*d'"),
        ("{{ [1]|batch(10**9, 0)|list }}", "the filter batch with 1000000000 would make"),
        ("{{ [1]|slice(10**9)|list }}", "the filter slice with 1000000000 would make"),
        ('{{ {"a": [1, 2]}|tojson(10**9) }}', "the filter tojson with 1000000000 would make"),
        ('{{ "x"|center(10**9) }}', "the filter center with 1000000000 would make"),
        # a width of a thousand digits is quoted by its first 20
        (
            '{{ "x".center(10**999) }}',
            "'x'.center() with 10000000000000000000… (1,000 digits) would make "
            "10000000000000000000… (1,000 digits) characters or items",
        ),
        (
            '{{ "%*d" % (10**999, 1) }}',
            "a format width of 10000000000000000000… (1,000 digits) in '%*d'",
        ),
        ("{{ 5|round(10**9, 'ceil') }}", "the filter round with 1000000000 would compute 10 **"),
    ],
)
def test_a_huge_width_is_refused_and_said_short(source: str, says: str) -> None:
    with pytest.raises(OverBudget) as caught:
        _run(source)
    assert says in caught.value.message, caught.value.message
    assert "0" * 30 not in caught.value.message
