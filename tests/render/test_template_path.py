"""Where faces are found: the designer's folder, then the game's own templates, then the
built-in ones; the first folder holding a name wins, and no name leaves the folders."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.errors import DataError
from pnpkit.games import REGISTRY, registered
from pnpkit.render.faces.renderer import FaceRenderer
from pnpkit.render.templates.environment import TEMPLATE_DIR, search_path
from pnpkit.resources import builtin_templates

BOX = '<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}"><title>{tag}</title></svg>'


def _template(folder: Path, name: str, tag: str) -> None:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(BOX.replace("{tag}", tag).replace("{w}", "{{ w }}").replace("{h}", "{{ h }}"))


def test_the_first_folder_holding_a_name_wins(tmp_path: Path) -> None:
    designer, game = tmp_path / "designer", tmp_path / "game"
    _template(designer, "cards/back.svg.j2", "designer")
    _template(game, "cards/back.svg.j2", "game")
    _template(game, "cards/front.svg.j2", "game")
    renderer = FaceRenderer([designer, game])
    assert "<title>designer</title>" in renderer.svg("cards/back.svg.j2", 10, 10, {})
    assert "<title>game</title>" in renderer.svg("cards/front.svg.j2", 10, 10, {})
    # a built-in template is found after both, and may be replaced by a folder before it
    assert "generic" not in renderer.svg("cards/_svg.j2", 10, 10, {})
    _template(designer, "cards/_svg.j2", "mine")
    assert "<title>mine</title>" in FaceRenderer([designer]).svg("cards/_svg.j2", 10, 10, {})


def test_the_built_in_templates_come_last_and_once(tmp_path: Path) -> None:
    assert builtin_templates() == TEMPLATE_DIR
    assert (TEMPLATE_DIR / "cards" / "generic-back.svg.j2").is_file()
    assert search_path() == (TEMPLATE_DIR,)
    assert search_path(tmp_path) == (tmp_path, TEMPLATE_DIR)
    assert search_path([tmp_path, TEMPLATE_DIR, tmp_path]) == (tmp_path, TEMPLATE_DIR)


def test_a_missing_folder_is_passed_over_and_a_missing_name_is_an_error(tmp_path: Path) -> None:
    renderer = FaceRenderer([tmp_path / "no-such-folder"])
    with pytest.raises(DataError) as caught:
        renderer.render("cards/none.svg.j2", 10, 10, {}, name="card")
    assert "card: template cards/none.svg.j2: 'cards/none.svg.j2' not found" in str(caught.value)


@pytest.mark.parametrize("name", ["../game/secret.svg.j2", "designer/../../game/secret.svg.j2"])
def test_no_name_leaves_its_folder_to_reach_another(tmp_path: Path, name: str) -> None:
    designer, game = tmp_path / "designer", tmp_path / "game"
    designer.mkdir()
    _template(game, "secret.svg.j2", "secret")
    with pytest.raises(DataError, match="template "):
        FaceRenderer([designer]).render(name, 10, 10, {}, name="card")


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_bundled_game_searches_the_designer_then_its_own_templates(
    name: str, tmp_path: Path
) -> None:
    game = registered(name)
    own = game.templates
    if own is not None:  # every file there is a template, inside the game's package
        assert own.parts[-3:-1] == ("games", REGISTRY[name].rsplit(".", 1)[1])
        assert {p.suffix for p in own.rglob("*") if p.is_file()} == {".j2"}
    assert game.template_folders(tmp_path) == (tmp_path / "templates", *([own] if own else []))


def test_a_game_template_is_not_also_a_built_in_one() -> None:
    """One copy of each template: a game's own name never shadows a built-in by accident."""
    built_in = {str(p.relative_to(TEMPLATE_DIR)) for p in TEMPLATE_DIR.rglob("*.j2")}
    for name in REGISTRY:
        own = registered(name).templates
        if own is not None:
            assert not built_in & {str(p.relative_to(own)) for p in own.rglob("*.j2")}, name
