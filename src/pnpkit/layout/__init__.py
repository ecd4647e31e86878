"""Pages: paper, fonts, documents, marks, tiling, atomic writes (ReportLab).

Layout places component boxes (:class:`pnpkit.render.base.Drawable`) on pages; it never draws a
component itself. The modules other layers call:

- ``paper`` — ``Paper(name, width, height)`` in points; ``LETTER``, ``A4``, ``.landscape()``,
  ``MARGIN`` (18 pt), ``by_name("letter" | "a4")``.
- ``fonts`` — ``register()``; ``REGULAR``, ``SEMIBOLD``, ``BOLD``, ``ITALIC``;
  ``text_width(text, font, size)``; ``fit_size(text, font, size, width)``.
- ``document`` — ``Document(target, paper=None, *, title, subject="", author="pnpkit")``:
  ``start_page(paper)``, ``canvas``, ``form(drawable) -> name``, ``promise_lines(…)``,
  ``promise_ruler(…)``, ``promise_assembly(…)``, ``allow_size(w, h)``, ``set_margin(m)``,
  ``save()``.
- ``marks`` — ``calibration(canvas, x, y, doc) -> Rect`` (1 in and 5 cm bars and the 100 %
  words; ``CALIBRATION_HEIGHT``, ``calibration_width()``), ``crop_marks``, ``trim_line``,
  ``trim_box``, ``cut_line`` (dotted), ``fold_line`` (dashed), ``crosshair``, ``triangle``.
- ``tiling`` — ``tile(item, paper, *, title, subtitle="", glue=GLUE, target_sheets=None)
  -> TiledLayout`` (pure plan); ``tiled_pdf`` — ``write_tiled(layout, doc)`` and
  ``write_tiled_pdf(layout, path)`` (sheets + assembly page).
- ``overview`` — ``place_one_page(item, paper, doc, *, title, subtitle="") -> OnePage``.
- ``atomic`` — ``atomic_write(path)`` context manager yielding a binary file.
- ``geometry`` — ``Rect``; ``sample`` — ``SampleGrid`` (a synthetic tileable grid).

Promises recorded by ``Document`` are read back and measured by :mod:`pnpkit.verify`.
"""
