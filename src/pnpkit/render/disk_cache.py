"""Files pnpkit keeps between runs, like Python's ``.pyc`` files: what is slow to make and is
made the same way every time from the same input (compiled templates, card faces converted
from SVG), in a folder of the user's cache.

The folder is ``$PNPKIT_CACHE_DIR`` when set (empty: nothing is kept on disk), else
``$XDG_CACHE_HOME/pnpkit`` or ``~/.cache/pnpkit``; each kind of file has a subfolder named
with the versions it depends on, and making it removes that kind's folders of other versions
(an upgrade leaves nothing behind). Keeping is best effort: a folder that cannot be written is
passed over without a word, a file that cannot be read is made again, and what is printed never
depends on it. Each subfolder holds at most :data:`MAX_FILES` files (past that, the older half goes).
What is kept is code and pickled drawings, trusted as Python trusts the ``.pyc`` files beside a
user's packages: the folder is the user's own.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

ENV = "PNPKIT_CACHE_DIR"
"""Where the cache folder is; empty for none."""
MAX_FILES = 2000
"""At most this many files a subfolder (every edit of a rule text or a card adds one)."""


def cache_root() -> Path | None:
    """The folder everything is kept in, or None when nothing is kept on disk."""
    given = os.environ.get(ENV)
    if given is not None:
        return Path(given) if given.strip() else None
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    if xdg and os.path.isabs(xdg):  # the XDG rule: a relative path is ignored
        return Path(xdg) / "pnpkit"
    home = os.path.expanduser("~")
    if os.path.isabs(home):
        return Path(home) / ".cache" / "pnpkit"
    return None  # no home folder to be found: never a literal "~" in the working folder


_COUNTED: dict[tuple[Path, str], int] = {}
"""The files each subfolder held when this process last counted them, plus those it has
written since: the folder is read again only when that passes :data:`MAX_FILES`, not at every
write (a first build keeps hundreds of faces, and reading a folder of 2,000 names each time
made keeping them cost as the square of their number)."""


class DiskCache:
    """Files by key in one subfolder of :func:`cache_root` (None: nothing on disk)."""

    def __init__(self, folder: Path | None, suffix: str, family: str = "") -> None:
        self.folder = folder
        self.suffix = suffix
        self.family = family
        """The folders of this kind of file are named ``{family}-{versions}``: when this one
        is made, those of other versions (files no run of this code reads) are removed."""

    @classmethod
    def named(cls, name: str, suffix: str, family: str = "") -> DiskCache:
        root = cache_root()
        return cls(None if root is None else root / name, suffix, family)

    def read(self, key: str) -> bytes | None:
        if self.folder is None:
            return None
        try:
            return (self.folder / f"{key}{self.suffix}").read_bytes()
        except OSError:
            return None

    def write(self, key: str, data: bytes) -> None:
        if self.folder is None:
            return
        try:
            if not self.folder.is_dir():
                self.folder.mkdir(parents=True, exist_ok=True)
                self._remove_other_versions()
            fd, temporary = tempfile.mkstemp(dir=self.folder, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(data)
                # written whole, then renamed: another build reads the old file or this one
                os.replace(temporary, self.folder / f"{key}{self.suffix}")
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
            self._trim()
        except OSError:
            return  # best effort: what was made is used all the same

    def _remove_other_versions(self) -> None:
        """Remove the folders of this :attr:`family` made by other versions (of pnpkit, of a
        library, of the code they depend on), which would otherwise stay for ever. A process
        still using one reads nothing from it from then on and makes what it needs again."""
        assert self.folder is not None
        if not self.family:
            return
        with os.scandir(self.folder.parent) as entries:
            others = [
                entry.path
                for entry in entries
                if entry.name.startswith(f"{self.family}-")
                and entry.name != self.folder.name
                and entry.is_dir(follow_symlinks=False)
            ]
        for other in others:
            shutil.rmtree(other, ignore_errors=True)

    def _trim(self) -> None:
        """At most :data:`MAX_FILES` files (the older half goes past that), counted again only when
        this process's count says the folder may hold more (other processes write there too:
        the bound is kept to within what they wrote since)."""
        assert self.folder is not None
        place = (self.folder, self.suffix)
        counted = _COUNTED.get(place)
        if counted is not None and counted < MAX_FILES:
            _COUNTED[place] = counted + 1  # a key written again is counted twice: read sooner
            return
        with os.scandir(self.folder) as entries:
            files = [entry for entry in entries if entry.name.endswith(self.suffix)]
        _COUNTED[place] = len(files)
        if len(files) <= MAX_FILES:
            return
        files.sort(key=lambda entry: (entry.stat().st_mtime_ns, entry.name))
        for entry in files[: len(files) - MAX_FILES // 2]:
            Path(entry.path).unlink(missing_ok=True)  # another build may have removed it
        _COUNTED[place] = MAX_FILES // 2
