from __future__ import annotations

import pytest

from pnpkit.layout.paper import A4, LETTER, MARGIN, by_name, matches_standard


def test_paper_sizes_are_in_points() -> None:
    assert (LETTER.width, LETTER.height) == (612.0, 792.0)
    assert (A4.width, A4.height) == (595.28, 841.89)
    assert MARGIN == 18.0


def test_landscape_swaps_and_is_idempotent() -> None:
    turned = LETTER.landscape()
    assert (turned.width, turned.height) == (792.0, 612.0)
    assert turned.landscape() == turned
    assert turned.portrait() == LETTER
    assert turned.orientation == "landscape" and LETTER.orientation == "portrait"


def test_printable_area_leaves_the_margin() -> None:
    assert LETTER.printable_width == 576.0
    assert LETTER.printable_height == 756.0


def test_by_name_and_its_error() -> None:
    assert by_name("letter") is LETTER
    assert by_name(" A4 ") is A4
    with pytest.raises(ValueError, match=r"allowed: letter, a4"):
        by_name("legal")


def test_matches_standard_either_orientation() -> None:
    assert matches_standard(841.89, 595.28) == A4.landscape()
    assert matches_standard(612.2, 791.9) == LETTER
    assert matches_standard(500, 500) is None
