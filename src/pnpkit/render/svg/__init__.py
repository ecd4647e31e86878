"""SVG as pnpkit reads and draws it: :mod:`~pnpkit.render.svg.rules` (what a face's or an art
file's SVG must be to print as drawn, read with the standard library so ``check`` holds every
face to it), :mod:`~pnpkit.render.svg.features` (the SVG features svglib leaves out or draws
otherwise than a browser) and :mod:`~pnpkit.render.svg.drawings` (SVG converted to ReportLab
drawings by svglib, once, and kept)."""
