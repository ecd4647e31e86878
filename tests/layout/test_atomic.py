from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.build.atomic import atomic_write


def test_writes_the_new_content(tmp_path: Path) -> None:
    target = tmp_path / "kit.pdf"
    target.write_bytes(b"old")
    with atomic_write(target) as out:
        out.write(b"new")
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit.pdf"]


def test_failure_leaves_the_old_file_and_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "kit.pdf"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError, match="boom"), atomic_write(target) as out:
        out.write(b"half of a new file")
        raise RuntimeError("boom")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit.pdf"]


def test_failure_without_an_old_file_leaves_nothing(tmp_path: Path) -> None:
    target = tmp_path / "new.pdf"
    with pytest.raises(ValueError), atomic_write(target) as out:
        out.write(b"x")
        raise ValueError("bad data")
    assert list(tmp_path.iterdir()) == []


def test_temp_file_is_in_the_target_folder_until_the_rename(tmp_path: Path) -> None:
    target = tmp_path / "kit.pdf"
    with atomic_write(target) as out:
        out.write(b"x")
        assert not target.exists()
        names = [p.name for p in tmp_path.iterdir()]
        assert len(names) == 1 and names[0].startswith(".kit.pdf.")
    assert target.read_bytes() == b"x"
