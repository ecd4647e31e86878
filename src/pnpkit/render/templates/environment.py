"""The Jinja environment card and counter templates run in, and where templates are found.

A template is found on a search path (:func:`search_path`): the designer's game folder's
``templates/``, then the game's own (``pnpkit/games/<game>/templates/``), then the built-in ones
(``pnpkit/templates/``); a template of the same name earlier on the path wins, and a name never
leaves its folder. It is rendered by a sandboxed environment
(:class:`~pnpkit.render.templates.budget.BudgetedSandbox`: Jinja's sandbox with a work budget
for each face) with autoescaping on (a card named ``<Fireship & "Co">`` prints as written) and
``StrictUndefined`` (a field the template asks for and the data lacks is an error, never
blank); compiled templates are kept between runs (:mod:`pnpkit.render.templates.cache`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from jinja2.loaders import split_template_path

from pnpkit.render.templates.budget import BudgetedSandbox, Refused
from pnpkit.render.templates.cache import shared_cache
from pnpkit.resources import builtin_templates

TEMPLATE_DIR = builtin_templates()
"""The built-in templates every game may use (``pnpkit/templates/``), last on every search path."""


def search_path(folders: Path | Iterable[Path] = ()) -> tuple[Path, ...]:
    """``folders`` (searched first, in order; a missing one is passed over) and then the
    built-in templates, each once."""
    given = [folders] if isinstance(folders, Path) else list(folders)
    return tuple(dict.fromkeys([*given, TEMPLATE_DIR]))


SAVE_AS_UTF8 = "UTF-8 text: save the template in your editor's UTF-8 encoding"
"""What a template's text must be, said when it is not."""


class TemplateFiles(FileSystemLoader):
    """Jinja's loader of template files, that says a file which is not UTF-8 text as a
    :class:`~pnpkit.render.templates.budget.Refused` at the first byte that is not, and at its
    file (where Jinja's own raised a UnicodeDecodeError naming neither)."""

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        try:
            return super().get_source(environment, template)
        except UnicodeDecodeError as exc:
            raw = exc.object
            row = raw[: exc.start].count(b"\n") + 1
            column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
            saved = (
                "UTF-16 text"
                if raw.startswith((b"\xff\xfe", b"\xfe\xff"))
                else f"not UTF-8 text (byte 0x{raw[exc.start]:02X})"
            )
            refused = Refused(saved, SAVE_AS_UTF8, row, template, self._file(template), column)
            raise refused from None

    def _file(self, template: str) -> str | None:
        """The file ``template`` names (the first on the search path, as Jinja finds it)."""
        for folder in self.searchpath:
            path = Path(folder, *split_template_path(template))
            if path.is_file():
                return str(path)
        return None


def make_environment(
    folders: Path | Iterable[Path] = (), helpers: Mapping[str, Callable[..., Any]] | None = None
) -> BudgetedSandbox:
    """The sandboxed, autoescaping, strict Jinja environment with a work budget for each face
    (:mod:`pnpkit.render.templates.budget`), loading templates from :func:`search_path` of
    ``folders``, that offers templates the functions ``helpers`` (by name)."""
    env = BudgetedSandbox(
        loader=TemplateFiles([str(folder) for folder in search_path(folders)]),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=shared_cache(),
    )
    env.globals.update(helpers or {})
    return env
