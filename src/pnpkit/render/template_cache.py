"""Compiled templates, kept: Jinja's bytecode cache, in memory and on disk.

Card and counter templates, and the placeholders of rule text
(:class:`~pnpkit.render.placeholders.PlaceholderEnvironment`, keyed by the text's digest and
the filters its environment knows, and kept only once the text has passed its check).

Compiling a template (Jinja parses it, writes Python and compiles that) cost about 30 ms each, a
quarter of a card kit's build, and every :class:`~pnpkit.render.cards.FaceRenderer` compiled
its templates again. Jinja's own hook for this, :class:`jinja2.BytecodeCache`, keeps a
template's code under its name and file, checked against a digest of its source, so an edited
template is compiled anew. This cache keeps the code for the process (every environment made
by :func:`pnpkit.render.cards.make_environment` shares it) and, like Python's ``.pyc`` files,
in a folder of the user's cache: ``$PNPKIT_CACHE_DIR`` when set (empty: no folder), else
``$XDG_CACHE_HOME/pnpkit`` or ``~/.cache/pnpkit``, one subfolder per pnpkit and Jinja version.
Writing it is best effort: a folder that cannot be written is passed over without a word, as
Python does with ``.pyc`` files, and what is printed never depends on it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from jinja2 import __version__ as jinja_version
from jinja2.bccache import Bucket, BytecodeCache

from pnpkit import __version__

ENV = "PNPKIT_CACHE_DIR"
"""Where the cache folder is; empty for none."""
KEPT = 2000
"""At most this many compiled texts are kept on disk: rule text is kept by its digest, so every
edit of it adds one; past this, the least recently written half is removed."""


def cache_folder() -> Path | None:
    """The folder compiled templates are kept in, or None when the environment says none."""
    given = os.environ.get(ENV)
    if given is not None:
        base = Path(given) if given.strip() else None
    else:
        xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
        home = os.path.expanduser("~")
        if xdg and os.path.isabs(xdg):
            base = Path(xdg) / "pnpkit"
        elif os.path.isabs(home):
            base = Path(home) / ".cache" / "pnpkit"
        else:  # no home folder to be found: nothing is kept on disk
            base = None
    if base is None:
        return None
    return base / f"templates-{__version__}-jinja-{jinja_version}"


class TemplateCache(BytecodeCache):
    """Compiled templates by Jinja's key (template name and file), in memory and in ``folder``."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.memory: dict[str, bytes] = {}

    def _file(self, key: str) -> Path | None:
        return None if self.folder is None else self.folder / f"{key}.code"

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.memory.get(bucket.key)
        if code is None:
            path = self._file(bucket.key)
            try:
                code = path.read_bytes() if path is not None else None
            except OSError:
                code = None
        if code is not None:
            bucket.bytecode_from_string(code)  # Jinja resets it if the source has changed

    def dump_bytecode(self, bucket: Bucket) -> None:
        code = bucket.bytecode_to_string()
        self.memory[bucket.key] = code
        path = self._file(bucket.key)
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(code)
                os.replace(temporary, path)  # another build reads the old file or this one
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
            _trim(path.parent)
        except OSError:
            return  # best effort, as with .pyc files: the template was compiled all the same


def _trim(folder: Path) -> None:
    """Keep at most :data:`KEPT` files in ``folder``: past that, remove the older half."""
    with os.scandir(folder) as entries:
        kept = [entry for entry in entries if entry.name.endswith(".code")]
    if len(kept) <= KEPT:
        return
    kept.sort(key=lambda entry: (entry.stat().st_mtime_ns, entry.name))
    for entry in kept[: len(kept) - KEPT // 2]:
        Path(entry.path).unlink(missing_ok=True)  # another build may have removed it


_SHARED: TemplateCache | None = None


def shared_cache() -> TemplateCache:
    """The process's cache (its folder read from the environment the first time)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = TemplateCache(cache_folder())
    return _SHARED
