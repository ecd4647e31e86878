"""Compiled templates are kept (in memory and in a cache folder), never stale, never in the way."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import Environment

from pnpkit.render.disk_cache import ENV
from pnpkit.render.templates.cache import TemplateCache, cache_folder
from pnpkit.render.templates.environment import make_environment


def _env(templates: Path, cache: TemplateCache) -> Environment:
    env = make_environment(templates)
    env.bytecode_cache = cache
    return env


def _compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    original = Environment._compile

    def counting(self: Environment, source: str, filename: str) -> object:
        seen.append(filename)
        return original(self, source, filename)

    monkeypatch.setattr(Environment, "_compile", counting)
    return seen


def test_a_template_is_compiled_once_and_then_read_from_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "face.svg.j2").write_text("<text>{{ name }}</text>", encoding="utf-8")
    folder = tmp_path / "cache"
    compiles = _compiles(monkeypatch)

    first = _env(templates, TemplateCache(folder)).get_template("face.svg.j2")
    assert first.render(name="Sloop") == "<text>Sloop</text>"
    assert len(compiles) == 1
    assert len(list(folder.glob("*.code"))) == 1

    # another process: a new cache on the same folder, a new environment
    again = _env(templates, TemplateCache(folder)).get_template("face.svg.j2")
    assert again.render(name="Frigate") == "<text>Frigate</text>"
    assert len(compiles) == 1


def test_an_edited_template_is_compiled_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    templates = tmp_path / "templates"
    templates.mkdir()
    face = templates / "face.svg.j2"
    face.write_text("<text>{{ name }}</text>", encoding="utf-8")
    cache = TemplateCache(tmp_path / "cache")
    compiles = _compiles(monkeypatch)
    assert _env(templates, cache).get_template("face.svg.j2").render(name="A") == "<text>A</text>"

    face.write_text("<tspan>{{ name }}!</tspan>", encoding="utf-8")
    for kept in (cache, TemplateCache(tmp_path / "cache")):  # this process, and the next
        assert (
            _env(templates, kept).get_template("face.svg.j2").render(name="A")
            == "<tspan>A!</tspan>"
        )
    assert len(compiles) == 2  # the edit compiled once, then kept for the next process


def test_a_folder_that_cannot_be_written_is_passed_over(tmp_path: Path) -> None:
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "face.svg.j2").write_text("{{ 2 * 3 }}", encoding="utf-8")
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    cache = TemplateCache(blocked / "cache")
    assert _env(templates, cache).get_template("face.svg.j2").render() == "6"
    assert blocked.read_text(encoding="utf-8") == "not a folder"
    assert cache.memory  # still kept for the process


def test_the_folder_follows_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, "")
    assert cache_folder() is None
    monkeypatch.setenv(ENV, str(tmp_path))
    folder = cache_folder()
    assert folder is not None and folder.parent == tmp_path
    monkeypatch.delenv(ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    folder = cache_folder()
    assert folder is not None and folder.parent == tmp_path / "xdg" / "pnpkit"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")  # the XDG rule: ignored unless absolute
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    folder = cache_folder()
    assert folder is not None and folder.parent == tmp_path / "home" / ".cache" / "pnpkit"
    monkeypatch.setenv("HOME", "")  # no home to be found: nothing on disk, never "~" in here
    monkeypatch.setattr("os.path.expanduser", lambda path: path)
    assert cache_folder() is None


def test_rule_text_is_compiled_once_across_processes_and_still_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jinja2 import TemplateAssertionError
    from jinja2.exceptions import SecurityError

    from pnpkit.render import placeholders
    from pnpkit.render.placeholders import PlaceholderEnvironment, render_placeholders

    caches = [TemplateCache(tmp_path), TemplateCache(tmp_path)]  # two processes, one folder
    monkeypatch.setattr(placeholders, "shared_cache", lambda: caches[0])
    compiles = _compiles(monkeypatch)
    text = "{{ game.rounds }} rounds, {{ name | shout }}"
    shout = {"shout": lambda s: s.upper()}
    context = {"game": {"rounds": 22}, "name": "ahoy"}
    assert render_placeholders(PlaceholderEnvironment(shout), text, context) == "22 rounds, AHOY"
    assert len(compiles) == 1

    caches.pop(0)  # the next process
    assert render_placeholders(PlaceholderEnvironment(shout), text, context) == "22 rounds, AHOY"
    assert len(compiles) == 1
    # an environment without that filter does not take the kept code: Jinja refuses the text
    with pytest.raises(TemplateAssertionError, match="shout"):
        render_placeholders(PlaceholderEnvironment(), text, context)
    # statements are refused, and nothing of them is kept
    with pytest.raises(SecurityError):
        render_placeholders(PlaceholderEnvironment(), "{% for i in x %}{% endfor %}", {})
    with pytest.raises(SecurityError):
        render_placeholders(PlaceholderEnvironment(), "{% for i in x %}{% endfor %}", {})


def test_the_folder_keeps_a_bounded_number_of_texts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pnpkit.render import disk_cache, placeholders
    from pnpkit.render.placeholders import PlaceholderEnvironment, render_placeholders

    monkeypatch.setattr(disk_cache, "MAX_FILES", 10)
    cache = TemplateCache(tmp_path)
    monkeypatch.setattr(placeholders, "shared_cache", lambda: cache)
    env = PlaceholderEnvironment()
    for n in range(25):  # every edit of a rule text is another text
        assert render_placeholders(env, f"{{{{ x }}}} and {n}", {"x": 1}) == f"1 and {n}"
        assert len(list(tmp_path.glob("*.code"))) <= 10
    assert len(list(tmp_path.glob("*.code"))) >= 5


def test_keeping_many_files_reads_the_folder_once_until_it_may_be_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first build keeps hundreds of faces: each write must not read the whole folder again."""
    import os

    from pnpkit.render import disk_cache

    monkeypatch.setattr(disk_cache, "MAX_FILES", 40)
    reads: list[str] = []
    real = os.scandir

    def counting(path: str) -> object:
        reads.append(path)
        return real(path)

    monkeypatch.setattr(disk_cache.os, "scandir", counting)
    store = disk_cache.DiskCache(tmp_path / "faces", ".bin")
    for n in range(39):
        store.write(f"key{n}", b"x")
    assert len(reads) == 1  # counted once, then kept count of
    for n in range(39, 100):
        store.write(f"key{n}", b"x")
        assert len(os.listdir(tmp_path / "faces")) <= 40
    assert 2 <= len(reads) <= 5  # read again only when the count reached the bound
