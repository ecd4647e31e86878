"""Card and counter faces: laid out from Jinja SVG templates
(:mod:`~pnpkit.render.faces.renderer`) with the text helpers templates call
(:mod:`~pnpkit.render.faces.typesetter`, markup text in
:mod:`~pnpkit.render.faces.markup_lines`), held as SVG until drawn
(:mod:`~pnpkit.render.faces.face`), gathered deck by deck with every problem kept
(:mod:`~pnpkit.render.faces.decks`); the counters' and reference cards' faces
(:mod:`~pnpkit.render.faces.counters`, :mod:`~pnpkit.render.faces.reference`)."""
