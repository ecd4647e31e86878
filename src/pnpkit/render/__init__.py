"""render: one component at a time, drawn into a box.

ReportLab checks every attribute set on a graphics shape when ``rl_config.shapeChecking`` is on
(its default): a development aid that cost a fifth of converting a card face from SVG. The
shapes module reads it once, when ``reportlab.graphics.shapes`` is first imported, so it is
switched off here, before any drawing module can import that (only ``pnpkit.render`` draws
shapes): on ReportLab's configuration when it is already loaded (``layout.document`` loads it
for PrintScaling), else through the environment ReportLab reads when it loads, so that commands
that draw nothing import nothing of ReportLab. Pages print the same (ReportLab then writes a
line width before text, which fills without stroking).
"""

import os
import sys

if "RL_shapeChecking" not in os.environ:  # a developer may still ask for the checks
    os.environ["RL_shapeChecking"] = "0"  # noqa: SIM112 (ReportLab spells it so)
    _config = sys.modules.get("reportlab.rl_config")
    if _config is not None:
        _config.shapeChecking = 0  # type: ignore[attr-defined]
