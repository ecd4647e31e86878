from __future__ import annotations

import json
from dataclasses import replace

from pnpkit.games.false_colors.charts.chartjson import chart_to_json

from .engine.charts import duel_chart, hex_chart, square_chart

CELL_KEYS = ["at", "label", "terrain", "seat", "wing", "ring", "closes_after_round"]


def cell(doc, at):
    [found] = [c for c in doc["cells"] if c["at"] == at]
    return found


def test_square_json_follows_the_design():
    doc = chart_to_json(replace(square_chart(), seed=7))
    assert doc["format"] == "pnpkit-chart/1"
    assert (doc["chart"], doc["shape"], doc["seed"]) == ("square", "square", 7)
    assert doc["size"] == {"width": 12, "height": 12}
    assert doc["symmetry"] == {"rotations": 4, "reflections": True}
    assert [s["seat"] for s in doc["seats"]] == [0, 1, 2, 3]
    north = doc["seats"][0]["anchorage"]
    assert north[:5] == [[4, 0], [5, 0], [6, 0], [7, 0], [4, 1]] and len(north) == 16
    assert len(doc["cells"]) == 144
    assert [c["at"] for c in doc["cells"][:13]] == [[x, 0] for x in range(12)] + [[0, 1]]
    first = doc["cells"][0]
    assert list(first) == CELL_KEYS
    assert first == {
        "at": [0, 0], "label": "A1", "terrain": "water", "seat": None, "wing": None,
        "ring": 1, "closes_after_round": 13,
    }  # fmt: skip
    assert cell(doc, [2, 0])["wing"] == 0
    assert cell(doc, [5, 2])["seat"] == 0
    assert cell(doc, [2, 2])["terrain"] == "harbor"
    assert cell(doc, [3, 3])["terrain"] == "island"
    assert cell(doc, [5, 5]) == {
        "at": [5, 5], "label": "F6", "terrain": "capital", "seat": None, "wing": None,
        "ring": 6, "closes_after_round": None,
    }  # fmt: skip


def test_hex_json_uses_axial_cells_and_radius():
    doc = chart_to_json(hex_chart())
    assert doc["size"] == {"radius": 8}
    assert doc["seed"] is None
    assert len(doc["cells"]) == 217
    centre = cell(doc, [0, 0])
    assert (centre["label"], centre["terrain"], centre["ring"], centre["closes_after_round"]) == (
        "I9",
        "capital",
        9,
        None,
    )
    corner = cell(doc, [8, 0])
    assert (corner["seat"], corner["ring"], corner["closes_after_round"]) == (0, 1, 13)
    assert doc["cells"][0]["at"] == [0, -8]


def test_json_is_deterministic_and_serialisable():
    a = json.dumps(chart_to_json(duel_chart()))
    b = json.dumps(chart_to_json(duel_chart()))
    assert a == b
    assert json.loads(a)["cells"][0]["at"] == [0, 0]


def test_every_cell_appears_once():
    for chart in (square_chart(), duel_chart(), hex_chart()):
        ats = [tuple(c["at"]) for c in chart_to_json(chart)["cells"]]
        assert len(ats) == len(set(ats)) == len(chart.cells)
