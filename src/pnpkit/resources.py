"""What pnpkit ships besides its code, found with :mod:`importlib.resources` wherever it is
installed: the built-in face templates (``pnpkit/templates/``), each game's own templates
(``pnpkit/games/<game>/templates/``) and the bundled games' data (``pnpkit/bundled/``).

In the repository ``src/pnpkit/bundled`` is a link to the top-level ``data/`` folder, where the
five games' data is edited (one copy); a wheel carries the files themselves.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from pnpkit.errors import PnpkitError


def package_folder(package: str, name: str) -> Path | None:
    """The folder ``name`` inside the installed ``package`` as a file-system path (its links
    followed), or None when the package has no such folder."""
    found = files(package) / name
    if not isinstance(found, Path):  # imported from a zip file: Jinja and YAML need real files
        raise PnpkitError(
            f"pnpkit reads {package}/{name} from the file system; install pnpkit with pip "
            "(not as a zipped package)"
        )
    return found.resolve() if found.is_dir() else None


def builtin_templates() -> Path:
    """The built-in face templates shared by every game (``pnpkit/templates/``)."""
    folder = package_folder("pnpkit", "templates")
    if folder is None:
        raise PnpkitError("pnpkit's built-in templates are missing: reinstall pnpkit")
    return folder


def bundled_games() -> Path:
    """The folder of the games bundled with pnpkit (``pnpkit/bundled/<game>/``)."""
    folder = package_folder("pnpkit", "bundled")
    if folder is None:
        raise PnpkitError(
            "pnpkit's bundled games are missing: reinstall pnpkit (in a git checkout, "
            "src/pnpkit/bundled is a link to data/: check out with links enabled)"
        )
    return folder


__all__ = ["builtin_templates", "bundled_games", "package_folder"]
