"""Compiled templates, kept: Jinja's bytecode cache, in memory and on disk
(:mod:`pnpkit.render.disk_cache`).

Card and counter templates, and the placeholders of rule text
(:class:`~pnpkit.render.placeholders.PlaceholderEnvironment`, keyed by the text's digest and
the filters its environment knows, and kept only once the text has passed its check).

Compiling a template (Jinja parses it, writes Python and compiles that) cost about 30 ms each, a
quarter of a card kit's build, and every :class:`~pnpkit.render.faces.renderer.FaceRenderer` compiled
its templates again. Jinja's own hook for this, :class:`jinja2.BytecodeCache`, keeps a
template's code under its name and file, checked against a digest of its source, so an edited
template is compiled anew. This cache keeps the code for the process (every environment made
by :func:`pnpkit.render.templates.environment.make_environment` shares it) and on disk, one subfolder per
pnpkit and Jinja version and :data:`~pnpkit.render.templates.budget.CODE_VERSION`.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import __version__ as jinja_version
from jinja2.bccache import Bucket, BytecodeCache

from pnpkit import __version__
from pnpkit.render.disk_cache import DiskCache, cache_root
from pnpkit.render.templates.budget import CODE_VERSION

SUBFOLDER = f"templates-{__version__}-jinja-{jinja_version}-{CODE_VERSION}"
"""Where compiled templates are kept: compiled code depends on pnpkit's version, Jinja's, and
what pnpkit adds to it (the work budget's counted loops), so none compiled otherwise is read."""


def cache_folder() -> Path | None:
    """The folder compiled templates are kept in, or None when nothing is kept on disk."""
    root = cache_root()
    return None if root is None else root / SUBFOLDER


class TemplateCache(BytecodeCache):
    """Compiled templates by Jinja's key (template name and file), in memory and in ``folder``."""

    def __init__(self, folder: Path | None) -> None:
        self.kept = DiskCache(folder, ".code", family="templates")
        self.memory: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.memory.get(bucket.key)
        if code is None:
            code = self.kept.read(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)  # Jinja resets it if the source has changed

    def dump_bytecode(self, bucket: Bucket) -> None:
        code = bucket.bytecode_to_string()
        self.memory[bucket.key] = code
        self.kept.write(bucket.key, code)


_SHARED: TemplateCache | None = None


def shared_cache() -> TemplateCache:
    """The process's cache (its folder read from the environment the first time)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = TemplateCache(cache_folder())
    return _SHARED
