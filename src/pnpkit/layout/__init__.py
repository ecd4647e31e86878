"""Pages: paper, documents, card and counter sheets, tiling, text flow, marks (ReportLab).

Layout places component boxes (:class:`pnpkit.render.drawable.Drawable`) on pages; it never draws a
component itself and writes no file (a document becomes a file in :mod:`pnpkit.build.write`;
fonts are :mod:`pnpkit.render.fonts`). The modules other layers call:

- :mod:`pnpkit.layout.paper` — ``Paper(name, width, height)`` in points; ``LETTER``, ``A4``,
  ``.landscape()``, ``MARGIN`` (18 pt), ``by_name("letter" | "a4")``.
- :mod:`pnpkit.layout.document` — ``Document(target, paper=None, *, title, subject="",
  author="pnpkit", margin=MARGIN)``: ``start_page(paper)``, ``canvas``, ``form(drawable) ->
  name``, ``promise_lines(…)``, ``promise_ruler(…)``, ``promise_assembly(…)``,
  ``allow_size(w, h)``, ``set_margin(m)``, ``save()``.
- :mod:`pnpkit.layout.plan` — ``DocumentPlan(filename, title, subject, pages, printing)``: a
  document before it is drawn, what kits return, with how a player prints it (``Printing``);
  :mod:`pnpkit.layout.print_guide` — ``with_print_guide(plans, …)``: the kit's "print this
  kit" page, read from those plans, first.
- :mod:`pnpkit.layout.marks` — ``calibration(canvas, x, y, doc) -> Rect`` (1 in and 5 cm bars
  and the 100 % words; ``CALIBRATION_HEIGHT``, ``calibration_width()``), ``crop_marks``,
  ``trim_line``, ``trim_box``, ``cut_line`` (dotted), ``fold_line`` (dashed), ``crosshair``,
  ``triangle``.
- :mod:`pnpkit.layout.tiling` — ``tile(item, paper, *, title, subtitle="", glue=GLUE,
  target_sheets=None) -> TiledLayout`` (pure plan; cells kept whole by
  :mod:`pnpkit.layout.seams`); :mod:`pnpkit.layout.tiled_pdf` — ``write_tiled(layout, doc)``
  and ``tiled_document(layout, filename)`` (sheets + assembly page).
- :mod:`pnpkit.layout.overview` — ``place_one_page(item, paper, doc, *, title, subtitle="")
  -> OnePage``.
- :mod:`pnpkit.layout.imposition` (pure: the card grid, upright or turned a quarter turn,
  ``card_sheets_of(…) -> Sheets``), :mod:`pnpkit.layout.packing` (counters packed, round rows
  nested, hexes interlocked, ``counter_sheets_of(…) -> Sheets``),
  :mod:`pnpkit.layout.sheet` (a sheet as a value: every place, cut line, ruler, label, back and
  fold), :mod:`pnpkit.layout.cards` (``paint``: the one painter of any sheet;
  ``impose_cards``, ``impose_counters``), :mod:`pnpkit.layout.duplex`,
  :mod:`pnpkit.layout.offset`, :mod:`pnpkit.layout.bleed`.
- :mod:`pnpkit.layout.flow` (text in columns) and :mod:`pnpkit.layout.rules` (a game's rule
  documents).
- :mod:`pnpkit.layout.geometry` — ``Rect``; :mod:`pnpkit.layout.sample` — ``SampleGrid`` (a
  synthetic tileable grid); :mod:`pnpkit.layout.pdfdate` — the one date a PDF carries.

Promises recorded by ``Document`` are read back and measured by :mod:`pnpkit.verify`.
"""
