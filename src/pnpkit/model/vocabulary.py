"""The words data uses to tell players, fleets and factions apart without colour: emblems and
patterns. Defined once; loaders accept exactly these and :mod:`pnpkit.render.emblems` draws
every one of them."""

from __future__ import annotations

EMBLEMS: tuple[str, ...] = (
    "skull",
    "anchor",
    "star",
    "wheel",
    "crown",
    "moon",
    "cross",
    "heart",
    "cannon",
    "musket",
    "cutlass",
    "wave",
)
"""Every emblem a fleet, player, faction, card or counter may wear."""

PATTERNS: tuple[str, ...] = ("plain", "stripes", "dots", "checks", "waves", "cross", "diagonal")
"""Every pattern a fleet, player or faction colour may carry."""
