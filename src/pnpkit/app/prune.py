"""A kit folder holds exactly the current build of what pnpkit wrote there; nothing else is
ever removed.

For each kit folder pnpkit keeps a small manifest: every file pnpkit published there (a build's
documents, an export's files), by its path in the folder, with the SHA-256 of the bytes it
wrote. It lives in pnpkit's cache folder (:func:`pnpkit.render.disk_cache.cache_root`, ``kits/``, one
file per kit folder, named by the folder's real path), not in the kit folder, which holds the
kit and nothing else. After a kit is published (:func:`pnpkit.app.build.build_game`),
:func:`prune_kit` removes the documents the manifest lists that the build's plans no longer name
(a deck deleted from the data leaves no PDF behind) and the export files (``print-shop/``,
``tts/``) and proofs (``proofs/``) of decks and boards the game no longer has, then keeps the manifest of
the new build; ``pnpkit export`` and ``pnpkit proof`` add their files (:func:`record`).

A file is removed only when the manifest lists it and it still holds the bytes pnpkit wrote:
a player's own PDF in the folder and a file of the same name put in place of one of ours are
never touched. Without a manifest nothing is proven and nothing is removed: a kit built before
manifests existed, a kit folder moved or copied elsewhere, a cache folder cleared or turned off
(``PNPKIT_CACHE_DIR=""``); the files stay until the player removes them.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from pnpkit.build.atomic import atomic_write
from pnpkit.render.disk_cache import cache_root

PRINT_SHOP = "print-shop"
"""The print-shop export's folder (:data:`pnpkit.app.export_printshop.FOLDER`, a test checks)."""
TTS = "tts"
"""The Tabletop Simulator export's folder (:data:`pnpkit.app.export_tts.FOLDER`)."""
PROOFS = "proofs"
"""The proofs' folder (:data:`pnpkit.app.proof.FOLDER`)."""
EXPORT_FOLDERS = (PRINT_SHOP, TTS, PROOFS)

MANIFESTS = "kits"
"""The cache subfolder of the kit folders' manifests."""
FORMAT = "pnpkit-files/1"

Manifest = dict[str, str]
"""A file's path in the kit folder (``/``-separated) → the SHA-256 of the bytes written."""


def digest(path: Path) -> str | None:
    """The SHA-256 of the regular file ``path`` (not a link), or None."""
    try:
        if path.is_symlink() or not path.is_file():
            return None
        with path.open("rb") as stream:
            return hashlib.file_digest(stream, "sha256").hexdigest()
    except OSError:
        return None


def manifest_path(kit_dir: Path) -> Path | None:
    """Where the manifest of ``kit_dir`` is kept (None when nothing is kept on disk)."""
    root = cache_root()
    if root is None:
        return None
    name = hashlib.sha256(str(_real(kit_dir)).encode("utf-8", "surrogateescape")).hexdigest()
    return root / MANIFESTS / f"{name[:32]}.json"


def _real(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()


def read_manifest(kit_dir: Path) -> Manifest:
    """What the manifest of ``kit_dir`` lists (empty when there is none, it is unreadable or it
    is another folder's)."""
    where = manifest_path(kit_dir)
    if where is None:
        return {}
    try:
        body = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    files = body.get("files") if isinstance(body, dict) else None
    if (
        body.get("format") != FORMAT
        or body.get("kit") != str(_real(kit_dir))
        or not isinstance(files, dict)
    ):
        return {}
    return {
        name: value
        for name, value in files.items()
        if isinstance(name, str) and isinstance(value, str) and _inside(name)
    }


def _inside(name: str) -> bool:
    """Whether ``name`` is a plain relative path in the kit folder (no ``..``, not absolute)."""
    parts = name.split("/")
    return bool(name) and not name.startswith("/") and ".." not in parts and "" not in parts


def write_manifest(kit_dir: Path, files: Mapping[str, str]) -> None:
    """Replace the manifest of ``kit_dir`` with ``files`` (a cache that cannot be written keeps
    nothing: later builds then remove nothing)."""
    where = manifest_path(kit_dir)
    if where is None:
        return
    body = {"format": FORMAT, "kit": str(_real(kit_dir)), "files": dict(sorted(files.items()))}
    text = json.dumps(body, indent=1, ensure_ascii=False) + "\n"
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        with atomic_write(where) as out:
            out.write(text.encode("utf-8", "surrogateescape"))
    except OSError:
        return


def entry(kit_dir: Path, path: Path) -> str | None:
    """``path``'s name in the manifest of ``kit_dir`` (None if it is not under it)."""
    try:
        return path.resolve().relative_to(kit_dir.resolve()).as_posix()
    except (OSError, ValueError):
        return None


def record(kit_dir: Path, written: Iterable[Path] | Mapping[Path, Path]) -> None:
    """Add files written into ``kit_dir`` (``pnpkit export``) to its manifest: the files, or a
    mapping of each file's place in the kit to the file that holds its bytes now (its staged
    copy, not yet published). An export records before it publishes, so a kill between the two
    leaves no file of pnpkit's unlisted (a listed file whose bytes differ is never taken for
    pnpkit's)."""
    files = {
        name: sha for name, sha in read_manifest(kit_dir).items() if (kit_dir / name).is_file()
    }
    pairs = written.items() if isinstance(written, Mapping) else ((p, p) for p in written)
    for path, holder in pairs:
        name, sha = entry(kit_dir, path), digest(holder)
        if name is not None and sha is not None:
            files[name] = sha
    write_manifest(kit_dir, files)


def _ours(kit_dir: Path, name: str, files: Manifest) -> bool:
    """Whether ``name`` is a file pnpkit wrote that still holds what it wrote."""
    return digest(kit_dir / name) == files[name]


def stale_documents(kit_dir: Path, named: Iterable[str], files: Manifest) -> list[Path]:
    """The documents directly in ``kit_dir`` that the manifest ``files`` lists, that still hold
    the bytes pnpkit wrote and that are not among ``named`` (plan file names)."""
    keep = set(named)
    return sorted(
        kit_dir / name
        for name in files
        if "/" not in name and name not in keep and _ours(kit_dir, name, files)
    )


def owns(key: str, folder: str, name: str) -> bool:
    """Whether the export file (or folder) ``name`` in ``folder`` is deck or board ``key``'s:
    ``print-shop/<key>.pdf|.csv|.png`` and ``print-shop/<key>/``; ``proofs/<key>-proof.pdf``
    and ``proofs/<key>/``; ``tts/<key>.json``, ``tts/<key>.png``, ``tts/<key>-back.png``,
    ``tts/<key>-faces[-N].png|-backs[-N].png`` and ``tts/<key>/`` (a token set's tiles)."""
    if folder == PRINT_SHOP:
        return name in (key, f"{key}.pdf", f"{key}.csv", f"{key}.png")
    if folder == PROOFS:
        return name in (key, f"{key}-proof.pdf")
    if name in (key, f"{key}.json", f"{key}.png", f"{key}-back.png"):
        return True
    return re.fullmatch(re.escape(key) + r"-(?:faces|backs)(?:-?\d+)?\.png", name) is not None


def stale_exports(kit_dir: Path, decks: Iterable[str], files: Manifest) -> list[Path]:
    """The export files the manifest ``files`` lists in ``kit_dir``, still as pnpkit wrote
    them, of decks and boards not among ``decks`` (their keys)."""
    keys = set(decks)
    found: list[Path] = []
    for name in sorted(files):
        folder, _, rest = name.partition("/")
        if folder not in EXPORT_FOLDERS or not rest:
            continue
        top = rest.split("/")[0]
        if not any(owns(key, folder, top) for key in keys) and _ours(kit_dir, name, files):
            found.append(kit_dir / name)
    return found


def prune_kit(
    kit_dir: Path,
    named: Iterable[str],
    decks: Callable[[], Iterable[str]] | Iterable[str] | None,
    published: Mapping[str, str] | None = None,
    previous: Manifest | None = None,
) -> list[Path]:
    """Remove the stale documents and exports of ``kit_dir`` that pnpkit wrote; returns what
    was removed. ``decks`` are the keys of the game's decks and boards, or what gives them
    (asked only when the kit holds exports: a long deck takes a while to list), None for a game
    with neither: every export is stale.
    ``published`` (file name → SHA-256) is what the build just published; ``previous`` the
    manifest as it was before (default: as it is now). The new manifest lists the documents
    published, the ones kept from before, and the exports kept."""
    keep = set(named)
    files = dict(read_manifest(kit_dir) if previous is None else previous)
    exports = any(name.partition("/")[0] in EXPORT_FOLDERS for name in files)
    keys = set((decks() if callable(decks) else decks) or ()) if exports else set()
    gone = stale_documents(kit_dir, keep, files) + stale_exports(kit_dir, keys, files)
    for path in gone:
        with contextlib.suppress(OSError):
            path.unlink()
        files.pop(path.relative_to(kit_dir).as_posix(), None)
        _drop_empty(path.parent, kit_dir)
    for name in list(files):  # stale, but changed since pnpkit wrote it: no longer ours
        folder, _, rest = name.partition("/")
        if not rest:
            stale = name not in keep
        else:
            stale = folder in EXPORT_FOLDERS and not any(
                owns(key, folder, rest.split("/")[0]) for key in keys
            )
        if stale or not (kit_dir / name).is_file():
            files.pop(name)
    files.update(published or {})
    write_manifest(kit_dir, files)
    return gone


def _drop_empty(folder: Path, kit_dir: Path) -> None:
    """Remove ``folder`` and its parents up to (not including) ``kit_dir`` while empty."""
    while folder != kit_dir and kit_dir in folder.parents:
        try:
            folder.rmdir()
        except OSError:  # not empty (or not ours to remove)
            return
        folder = folder.parent
