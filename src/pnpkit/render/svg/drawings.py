"""SVG made into ReportLab drawings by svglib: each converted once, and kept between runs.

Card faces, and the emblems and patterns on tokens and in rulebooks, are SVG; ReportLab draws
them as :class:`~reportlab.graphics.shapes.Drawing` values that svglib converts. Converting is
slow (8 ms a card face, 2 ms an emblem, and 0.02 s to load svglib and lxml in each process that
converts), and the same SVG makes the same drawing every time. So :func:`converted` keeps each
drawing, pickled, in the cache folder (:mod:`pnpkit.render.disk_cache`) under a digest of its SVG and
of the folder its relative references start from; a process that finds all it draws kept never
loads svglib. What is printed is the same either way (``tests/render/test_disk_cache.py``).

svglib only ever finds the embedded faces of the built-in families (:class:`PipFontMap`): any
other font in an SVG is an :class:`~pnpkit.render.svg.rules.UnknownFont`, so nothing falls back
to Helvetica or to a system font.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import io
import pickle
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab import Version as reportlab_version

from pnpkit import __version__
from pnpkit.render import font_book, fonts
from pnpkit.render.disk_cache import DiskCache
from pnpkit.render.svg.rules import family_face

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing


class PipFontMap:
    """svglib's font map (it only calls ``find_font``), reduced to the embedded faces of the
    built-in families (:func:`~pnpkit.render.svg.rules.family_face`), each registered as it is
    found (svglib measures text with it)."""

    def find_font(
        self, font_name: str, weight: str = "normal", style: str = "normal"
    ) -> tuple[str, bool]:
        face = family_face(font_name, str(weight), style)
        fonts.register_face(face)
        return face, True


FONT_MAP = PipFontMap()


@functools.cache
def _kept() -> DiskCache:
    """The kept drawings, in a folder named with every version they depend on (read from the
    environment on first use): pnpkit's, and the source of the modules that decide how SVG is
    converted (a checkout's code changes without its version), svglib's, ReportLab's and the
    font packages' (svglib places text with the fonts' widths)."""
    name = (
        f"drawings-{__version__}-{_converter_digest()}-svglib-{_installed('svglib')}"
        f"-reportlab-{reportlab_version}-fonts-{'-'.join(map(_installed, font_book.PACKAGES))}"
    )
    return DiskCache.named(name, ".pickle", family="drawings")


def _converter_digest() -> str:
    """A digest of this module's source and of the modules it converts with (the faces svglib
    may find, the registered fonts): read in well under a millisecond."""
    from pnpkit.render.svg import rules as svg_rules

    digest = hashlib.sha256()
    for module in (__file__, svg_rules.__file__, fonts.__file__, font_book.__file__):
        digest.update(Path(module or "").read_bytes())
    return digest.hexdigest()[:10]


def _installed(package: str) -> str:
    """The version of ``package`` as installed: the name of its ``.dist-info`` folder beside it
    (``svglib-2.3.2.dist-info``, as every wheel installs one), which a process reads in a
    millisecond; ``importlib.metadata`` (12 ms a process) where there is none."""
    spec = importlib.util.find_spec(package)
    if spec is not None and spec.origin is not None:
        for info in Path(spec.origin).parent.parent.glob(f"{package}-*.dist-info"):
            return info.name[len(package) + 1 : -len(".dist-info")]
    from importlib.metadata import version

    return version(package)


@functools.lru_cache(maxsize=4096)
def converted(text: str, root: str = "") -> Drawing | None:
    """The drawing of the SVG document ``text`` (None if svglib cannot read it), whose relative
    references start at the folder ``root``. Drawings are shared: only ever read after this.
    Raises :class:`~pnpkit.render.svg.rules.UnknownFont` for a font other than the embedded
    one."""
    from reportlab.graphics.shapes import Drawing

    key = hashlib.sha256(f"{root}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()
    kept = _kept().read(key)
    if kept is not None:
        try:
            drawing = pickle.loads(kept)
        except Exception:  # a damaged file of our own: convert again
            drawing = None
        if isinstance(drawing, Drawing):
            return drawing
    from svglib.svglib import svg2rlg

    fonts.register()  # svglib measures text with the registered faces
    made = svg2rlg(
        io.BytesIO(text.encode("utf-8")),
        font_map=FONT_MAP,
        external_reference_root=root or None,
    )
    if made is not None:
        _kept().write(key, pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL))
    return made


def converted_file(path: str) -> Drawing | None:
    """The drawing of the SVG file at ``path`` (a game's art; not kept: its digest keys the
    caller's cache)."""
    from svglib.svglib import svg2rlg

    fonts.register()
    return svg2rlg(path, font_map=FONT_MAP)
