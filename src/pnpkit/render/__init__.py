"""render: one component at a time, drawn into a box.

ReportLab checks every attribute set on a graphics shape when ``rl_config.shapeChecking`` is on
(its default): a development aid that cost a fifth of converting a card face from SVG. It is
read once, when ``reportlab.graphics.shapes`` is first imported, so it is switched off here,
before any drawing module can import it (through the environment, which ReportLab reads, so
that nothing of ReportLab is imported by commands that draw nothing). Output is unchanged.
"""

import os

os.environ.setdefault("RL_shapeChecking", "0")
