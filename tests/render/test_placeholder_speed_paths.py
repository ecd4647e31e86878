"""Text without a placeholder skips Jinja, and a text is compiled once: both must give exactly
what Jinja gives."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jinja2 import TemplateError

from pnpkit.render.placeholders import PlaceholderEnvironment, render_placeholders

ENV = PlaceholderEnvironment()


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters="{", blacklist_categories=["Cs"])))
def test_text_without_braces_reads_as_jinja_renders_it(text: str) -> None:
    assert render_placeholders(ENV, text, {}) == ENV.from_string(text).render()


def test_a_text_is_compiled_once_and_filled_anew_each_time() -> None:
    env = PlaceholderEnvironment()
    assert render_placeholders(env, "{{ n }} ships", {"n": 3}) == "3 ships"
    assert render_placeholders(env, "{{ n }} ships", {"n": 4}) == "4 ships"
    assert list(env.compiled) == ["{{ n }} ships"]


def test_a_refused_text_is_refused_every_time() -> None:
    env = PlaceholderEnvironment()
    for _ in range(2):
        with pytest.raises(TemplateError, match="statements"):
            render_placeholders(env, "{% for x in y %}{% endfor %}", {})
    assert env.compiled == {}
