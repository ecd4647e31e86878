"""The game contract (:mod:`pnpkit.games.game`): every hook of every registered game (the
kinds and the fixture game too) names a function that exists, whose annotations are the
hook's: mypy checks that a game's hooks agree with each other as declared, this that each
named function is what its declaration says."""

from __future__ import annotations

import argparse
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pnpkit.games import KINDS, REGISTRY, game_of, register
from pnpkit.games.game import Game, GameBoard, Hook
from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.model.cards import Deck
from pnpkit.model.violation import Violation

FIXTURE = "tests.fixtures.games.lighthouse"


@pytest.fixture(scope="module", autouse=True)
def lighthouse() -> Iterator[None]:
    register("lighthouse", FIXTURE)
    yield
    REGISTRY.pop("lighthouse")


PACKAGES = sorted({*REGISTRY.values(), *KINDS.values(), FIXTURE})


def _hints(hook: Hook[..., Any]) -> tuple[list[Any], Any]:
    """The parameter types and the return type of the function ``hook`` names."""
    hints = typing.get_type_hints(hook.resolve())
    returned = hints.pop("return")
    return list(hints.values()), returned


@pytest.mark.parametrize("package", PACKAGES)
def test_every_hook_names_the_function_its_declaration_says(package: str) -> None:
    game = game_of(package)
    [path], model = _hints(game.load)
    assert path is Path
    laid = _hints(game.faces)[1] if game.faces is not None else type(None)
    expected: list[tuple[Hook[..., Any] | None, list[Any], Any]] = [
        (game.check, [model], list[Violation]),
        (game.documents, [model, laid, PrintSettings], list[DocumentPlan]),
        (game.decks, [model], list[Deck]),
        (game.boards, [model], list[GameBoard]),
        (game.report, [model], list[str]),
        (game.faces, [model, PrintSettings], laid),
        *((command.run, [argparse.Namespace], int) for command in game.commands),
    ]
    for hook, parameters, returned in expected:
        if hook is None:
            continue
        found, gives = _hints(hook)
        assert found == parameters, hook
        assert gives == returned, hook


def test_a_game_with_decks_lays_out_its_faces() -> None:
    """What passes check prints: check lays out the faces, so a game whose kit prints cards
    declares them."""
    with pytest.raises(TypeError, match="declares decks but no faces"):
        Game("cards", Hook("a.b:load"), Hook("a.b:documents"), decks=Hook("a.b:decks"))


def test_a_hook_is_a_module_and_a_function() -> None:
    with pytest.raises(ValueError, match=r"'package\.module:function'"):
        Hook("pnpkit.games.high_seas.load.load_high_seas")


def test_a_hook_imports_its_module_when_first_called() -> None:
    hook: Hook[[str], str] = Hook("tests.games.lazy_hook:shout")
    import sys

    assert "tests.games.lazy_hook" not in sys.modules
    assert hook("ahoy") == "AHOY!"
    assert "tests.games.lazy_hook" in sys.modules
