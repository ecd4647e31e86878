"""Pages: paper, fonts, documents, marks, tiling, atomic writes (ReportLab).

Layout places component boxes (:class:`pnpkit.render.base.Drawable`) on pages; it never draws a
component itself.
"""
