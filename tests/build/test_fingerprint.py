"""A fingerprint describes every object as itself, even objects made while describing."""

from __future__ import annotations

from pnpkit.build.fingerprint import fingerprint


class _Picture:
    """Says what it is drawn from with a new tuple each time (as a chart drawing does)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __fingerprint__(self) -> tuple[object, ...]:
        return (self.value, [self.value])


def test_objects_made_while_describing_never_stand_for_one_another() -> None:
    for n in range(50):
        pictures = [_Picture(n), _Picture(n + 1), _Picture(n + 2)]
        same = [_Picture(n), _Picture(n), _Picture(n)]
        assert fingerprint(pictures) != fingerprint(same)
        assert fingerprint(pictures) == fingerprint([_Picture(n), _Picture(n + 1), _Picture(n + 2)])
