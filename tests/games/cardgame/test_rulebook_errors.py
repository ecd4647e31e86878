"""Rule text that cannot print as written is refused where it is written: a placeholder naming
a deck, card or field the data does not hold (in Markdown at its line and column, with a
did-you-mean), Markdown the printer has no way to print, a bad rule file; ``check`` finds
each as ``build`` would."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import run_pnpkit
from tests.games.cardgame.rulebook_game import MARKDOWN, YAML, rule_game

from pnpkit.errors import DataError
from pnpkit.games.cardgame.load import load_card_game


def _problems(game: Path) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_card_game(game)
    return [str(problem) for problem in caught.value.problems]


def _markdown(tmp_path: Path, text: str) -> tuple[Path, list[str]]:
    game = rule_game(tmp_path / "data", "rules.md", text)
    return game, _problems(game)


@pytest.mark.parametrize(
    ("line", "column", "said"),
    [
        (
            "Costs {{ crew.bosn.cost }}.",
            7,
            "crew has no card or value 'bosn'; did you mean 'bosun'?",
        ),
        ("Costs {{ crew.bosun.cots }}.", 7, "crew.bosun has no field 'cots'; did you mean 'cost'?"),
        ("Holds {{ crews.count }}.", 7, "has no deck or value 'crews'; did you mean 'crew'?"),
        ("See {{ crew.first-mate.cost }}.", 5, "a key's - is written _ in a placeholder"),
        ("All of {{ crew }}.", 8, "{{ crew }} names a group of values, not one"),
        ("A {{ crew.bosun.cost.more }}.", 3, "crew.bosun.cost is a value, with no field 'more'"),
        ("A {{ game.title | nope }}.", 3, "No filter named 'nope'"),
        (
            "Pay :coni: now.",
            5,
            ":coni: is no built-in emblem, and assets/icons/coni.svg does not exist; "
            "did you mean :coin:?",
        ),
    ],
)
def test_a_bad_placeholder_or_icon_is_refused_at_its_line_and_column(
    tmp_path: Path, line: str, column: int, said: str
) -> None:
    game, problems = _markdown(tmp_path, f"# Rules\n\nFirst line.\n{line}\n")
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{game / 'rules.md'}:4:{column}: paragraph: ")
    assert said in problems[0]


def test_the_names_there_are_come_with_the_problem(tmp_path: Path) -> None:
    _, problems = _markdown(tmp_path, "Costs {{ crew.bosn.cost }}.\n")
    assert "(allowed: title, count, designs, cards, bosun, first_mate, gunner)" in problems[0]


def test_every_placeholder_problem_is_found_at_once(tmp_path: Path) -> None:
    text = "- {{ crew.nobody.cost }}\n- {{ event.count }}\n\n| a |\n|---|\n| {{ crew.x }} |\n"
    game, problems = _markdown(tmp_path, text)
    where = [problem.split(": ")[0] for problem in problems]
    rules = game / "rules.md"
    assert where == [f"{rules}:1:3", f"{rules}:2:3", f"{rules}:6:3"]


@pytest.mark.parametrize(
    ("text", "where", "said"),
    [
        ("> quoted\n", "1:1", "a block quote is not printed"),
        ("```\ncode\n```\n", "1:1", "a code block is not printed"),
        ("    indented\n", "1:1", "is a code block, which is not printed"),
        ("<div>x</div>\n", "1:1", "HTML is not printed"),
        ("Some <b>bold</b>.\n", "1:6", "HTML is not printed"),
        ("---\n", "1:1", "a horizontal rule"),
        ("Title\n=====\n", "2:1", "an underline under a paragraph is not printed"),
        ("### Deep\n", "1:1", "a heading of level 3 (###) is not printed"),
        ("#Heading\n", "1:1", "a heading needs a space after its #"),
        ("- a\n  - b\n", "2:3", "a list inside a list is not printed"),
        ("2. two\n3. three\n", "1:1", "a numbered list starting at 2"),
        ("See [the site](https://x.org).\n", "1:5", "a link cannot be followed on paper"),
        ("A ![map](assets/table.png) here.\n", "1:3", "a picture inside a paragraph"),
        ("Very _keen_ crew.\n", "1:6", "_underscore_ emphasis is not printed"),
        ("A \\* star.\n", "1:3", "a backslash escape"),
        ("~~gone~~\n", "1:1", "~~strike-through~~ is not printed"),
        ("| a | b |\n| 1 | 2 |\n", "2:1", "a table needs a |---|---| line under its header"),
        ("| a | b |\n|---|---|\n| 1 |\n", "3:1", "the row has 1 cell, the header 2"),
        ("{% cards crw %}\n", "1:1", "no deck 'crw'; did you mean 'crew'?"),
        ("{% deal crew %}\n", "1:1", "unknown block '{% deal crew %}'"),
        ("![Map](assets/none.png)\n", "1:1", "'none.png' does not exist"),
        ("Tab\there.\n", "1:4", "a tab is not printed"),
        ("An *open italic.\n", "1:1", "a * (italic) is not closed"),
    ],
)
def test_markdown_the_printer_cannot_print_is_refused(
    tmp_path: Path, text: str, where: str, said: str
) -> None:
    game, problems = _markdown(tmp_path, text)
    assert any(
        problem.startswith(f"{game / 'rules.md'}:{where}: ") and said in problem
        for problem in problems
    ), problems


def test_a_yaml_placeholder_is_refused_at_its_block(tmp_path: Path) -> None:
    text = YAML.replace("{{ crew.bosun.cost }}", "{{ crew.bosun.price }}")
    game = rule_game(tmp_path / "data", "rules.yaml", text)
    (problem,) = _problems(game)
    assert problem.startswith(f"{game / 'rules.yaml'}:6:7: p: {{{{ crew.bosun.price }}}}: ")
    assert "crew.bosun has no field 'price'" in problem


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (YAML.replace("cards: crew", "cards: crow"), "7:7: cards: no deck 'crow'; did you"),
        (YAML.replace("table: components", "table: parts"), "8:14: rulebook.blocks[3].table:"),
        (YAML.replace("image: table.png", "image: tabel.png"), "9:7: image: 'tabel.png' does"),
        (YAML.replace("rulebook:", "rulebok:"), "1:1: rulebok: unknown key"),
        (YAML + "extra: 1\n", "14:1: extra: unknown key (allowed: card, rulebook)"),
    ],
)
def test_a_bad_yaml_rule_document_is_refused(tmp_path: Path, text: str, said: str) -> None:
    game = rule_game(tmp_path / "data", "rules.yaml", text)
    problems = _problems(game)
    assert any(problem.startswith(f"{game / 'rules.yaml'}:{said}") for problem in problems), (
        problems
    )


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ("none.md", "'none.md' does not exist in"),
        ("../rules.md", "'../rules.md' is not in the game folder"),
        ("rules.txt", "'rules.txt' is not a Markdown or YAML file"),
        ("[a, b]", "expected a file name"),
    ],
)
def test_a_bad_rules_field_is_refused_at_game_yaml(tmp_path: Path, rules: str, said: str) -> None:
    game = rule_game(tmp_path / "data")
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("rules: rules.md", f"rules: {rules}"))
    (problem,) = _problems(game)
    assert problem.startswith(f"{path}:4:8: rules: {said}"), problem


def test_check_finds_what_build_refuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    rule_game(data, "rules.md", MARKDOWN.replace("{{ crew.count }}", "{{ crew.size }}"))
    checked = run_pnpkit("check", data, capsys)
    built = run_pnpkit("build", data, capsys)
    assert checked[0] == built[0] == 1
    error = next(line for line in checked[1].splitlines() if "crew.size" in line)
    assert "rules.md:4:21: paragraph: {{ crew.size }}: crew has no card or value 'size'" in error
    assert error in built[1].splitlines()
    assert not (tmp_path / "out" / "salt").exists()


def test_a_rules_card_longer_than_its_pages_is_refused_at_pages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long = "\n".join(f"    - p: Rule {n} says what a player does on the turn." for n in range(80))
    text = YAML.replace("card:\n", "card:\n  pages: 1\n").replace(
        '    - steps: [Draw a card., "Pay {{ crew.gunner.cost }} :coin: to fire."]', long
    )
    game = rule_game(tmp_path / "data", "rules.yaml", text)
    code, err = run_pnpkit("build", tmp_path / "data", capsys)
    assert code == 1
    assert f"{game / 'rules.yaml'}:11:10: card.pages: the rule text of rules-card.pdf fills " in err
    assert "more than 1 cards of 2.5in × 3.5in, not 1" in err


def test_a_card_with_a_mistake_is_quoted_without_a_word(tmp_path: Path) -> None:
    """A card with a mistake is read all the same: a placeholder quoting it says nothing
    more, and the Markdown's own mistakes are reported with the card's."""
    game = rule_game(tmp_path / "data", "rules.md", "> quoted\n\n{{ crew.bosun.cost }}\n")
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("copies: 3}", "copies: 300}"))
    problems = _problems(game)
    assert len(problems) == 2, problems
    assert "copies" in problems[0] and "300" in problems[0]
    assert problems[1].startswith(f"{game / 'rules.md'}:1:1: a block quote")
