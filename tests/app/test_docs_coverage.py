"""Every model field is documented in docs/reference/, and the reference names no field that
does not exist."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import re
from pathlib import Path

import pnpkit.games
import pnpkit.model

DOCS = Path(__file__).resolve().parents[2] / "docs"
REFERENCE = DOCS / "reference"
MODULE = re.compile(r"`pnpkit\.((?:model\.[a-z_]+)|(?:games\.[a-z_.]+\.model))`")
FIELD = re.compile(r"`([A-Z][A-Za-z]*)\.([a-z_][a-z0-9_]*)`")


def model_modules() -> list[str]:
    """The shared models (``model.cells``…) and every game's own (``games.high_seas.model``,
    ``games.false_colors.charts.model``)."""
    shared = [f"model.{info.name}" for info in pkgutil.iter_modules(pnpkit.model.__path__)]
    games = [
        info.name.removeprefix("pnpkit.")
        for info in pkgutil.walk_packages(pnpkit.games.__path__, "pnpkit.games.")
        if info.name.endswith(".model") and info.name.count(".") > 2
    ]
    return shared + sorted(games)


def model_fields() -> dict[str, set[tuple[str, str]]]:
    """``{module: {(class, field)}}`` for every dataclass of every model module."""
    found: dict[str, set[tuple[str, str]]] = {}
    for name in model_modules():
        module = importlib.import_module(f"pnpkit.{name}")
        fields = {
            (name, field.name)
            for name, obj in vars(module).items()
            if isinstance(obj, type)
            and dataclasses.is_dataclass(obj)
            and obj.__module__ == module.__name__
            for field in dataclasses.fields(obj)
        }
        if fields:
            found[name] = fields
    return found


def documented() -> dict[str, set[tuple[str, str]]]:
    """``{module: {(class, field)}}`` named in the reference pages that declare the module."""
    found: dict[str, set[tuple[str, str]]] = {}
    for page in sorted(REFERENCE.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        header = next((line for line in text.splitlines() if line.startswith("Model module")), "")
        for module in MODULE.findall(header):
            found.setdefault(module, set()).update(FIELD.findall(text))
    return found


def test_the_model_has_fields_to_document() -> None:
    fields = model_fields()
    assert {
        "games.false_colors.charts.model",
        "model.cards",
        "games.false_colors.model",
        "games.cardgame.model",
    } <= set(fields)
    assert ("ShipClass", "rating") in fields["games.false_colors.model"]


def test_every_model_field_is_in_the_reference() -> None:
    docs = documented()
    missing = [
        f"pnpkit.{module}: {cls}.{field}"
        for module, fields in sorted(model_fields().items())
        for cls, field in sorted(fields)
        if (cls, field) not in docs.get(module, set())
    ]
    assert not missing, (
        "document these model fields in docs/reference/ (a page whose 'Model module:' line "
        "names the module, a row `Class.field`):\n" + "\n".join(missing)
    )


def test_the_reference_names_only_real_fields() -> None:
    fields = model_fields()
    stale = [
        f"{module}: {cls}.{field}"
        for module, named in sorted(documented().items())
        for cls, field in sorted(named)
        if module in fields
        and any(c == cls for c, _ in fields[module])
        and (cls, field) not in fields[module]
    ]
    assert not stale, "the reference names fields the model does not have:\n" + "\n".join(stale)


def test_docs_link_to_pages_that_exist() -> None:
    for page in sorted(DOCS.rglob("*.md")):
        for target in re.findall(r"\]\(([^)#:]+\.md)(?:#[^)]*)?\)", page.read_text("utf-8")):
            assert (page.parent / target).resolve().is_file(), f"{page.name} links to {target}"
