"""Faces laid out from data (:mod:`pnpkit.model.face_layout`) and drawn straight onto the page.

:class:`~pnpkit.render.face_layout.draw.LayoutPainter` fills a layout with one card's values: it keeps
the elements whose conditions hold, puts each field's value in its placeholders, fits each
text to its box with the real font (shrinking it down to its ``min_size``, never under 6 pt)
and places pictures and icons, giving a display list (:mod:`pnpkit.render.vector`) and every
problem at its place in the data. :class:`~pnpkit.render.face_layout.face.LayoutFace` draws
the list with ReportLab's canvas calls: no SVG is written or read back for it.
"""
