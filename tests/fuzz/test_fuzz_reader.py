"""libyaml reads mutated data as the pure-Python reader does, or leaves it to that reader
(``make fuzz`` tries :data:`~tests.fuzz.harness.SCALE` times as many cases)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from tests.fuzz.harness import budget
from tests.fuzz.mutate import mutation
from tests.load.test_fast_reader import FILES, shape, slow

import pnpkit.load.yamlnode as yamlnode


@budget(60)
@given(data=st.data())
def test_a_mutated_file_reads_the_same_or_is_left_to_the_full_reader(data: st.DataObject) -> None:
    source = data.draw(st.sampled_from(FILES))
    raw = data.draw(mutation(source.read_text(encoding="utf-8")))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return
    fast = yamlnode._compose_fast(text)
    if fast is None:
        return  # the pure-Python reader reads it and reports what is wrong
    try:
        expected = slow(text)
    except Exception as exc:  # libyaml read a document the full reader refuses
        raise AssertionError(f"only libyaml reads this: {exc}\n{text[:2000]}") from None
    assert shape(fast) == expected
