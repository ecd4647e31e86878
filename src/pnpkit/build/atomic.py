"""Write a file completely or not at all.

>>> from pathlib import Path
>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> with atomic_write(folder / "a.txt") as out:
...     _ = out.write(b"hello")
>>> (folder / "a.txt").read_bytes()
b'hello'
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO


@contextlib.contextmanager
def atomic_write(path: str | Path) -> Iterator[IO[bytes]]:
    """Yield a binary file; on success it replaces ``path`` in one ``os.replace``.

    The temporary file lives in the same folder (so the rename is atomic), is flushed and
    fsynced before the rename. On any exception the old ``path`` is untouched, the temporary
    file is removed, and the exception propagates. The folder must exist. A ``path`` that is a
    device, a pipe or a symbolic link is written into directly: it is not ours to replace.

    A write that fails without naming its file (a full disk, a quota, an I/O error: the
    kernel's answer to ``write`` or ``fsync`` carries no name) is raised as an
    :class:`OSError` naming ``path``, so the message says which document could not be written.
    """
    target = Path(path)
    with _naming(target):
        if target.is_symlink() or (
            target.exists() and not target.is_file() and not target.is_dir()
        ):
            # a device, a pipe or a link (``--out /dev/null``, ``/dev/stdout``): write into it;
            # renaming a file over it would replace the node or the link itself
            with target.open("wb") as stream:
                yield stream
            return
        fd, temp_name = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
        )
        temp = Path(temp_name)
        try:
            with os.fdopen(fd, "wb") as handle:
                yield handle
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(temp, 0o644)
            os.replace(temp, target)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                temp.unlink()
            raise


@contextlib.contextmanager
def _naming(target: Path) -> Iterator[None]:
    """Give an :class:`OSError` without a file name the name ``target``."""
    try:
        yield
    except OSError as exc:
        if exc.filename is not None or exc.errno is None:
            raise
        raise OSError(exc.errno, exc.strerror or str(exc), str(target)) from exc
