"""Coloured and sized spans in card text (:mod:`pnpkit.load.markup`): what a span sets, what
:func:`problems_in` says of every span it refuses, and :func:`plain` without them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.load import markup
from pnpkit.load.markup import Atom, MarkupProblem, markup_problems, plain, problems_in, words

ICONS = ("coin",)
RED = '<span colour="#b22222" size="150%">'


def test_a_span_colours_and_sizes_the_atoms_in_it() -> None:
    found = words(f"Deal {RED}3 **hits**</span> :coin:", "normal", ICONS)
    assert found == [
        (Atom("Deal", "normal"),),
        (Atom("3", "normal", colour="#b22222", scale=1.5),),
        (Atom("hits", "bold", colour="#b22222", scale=1.5),),
        (Atom("", "normal", "coin"),),
    ]


def test_a_span_may_colour_an_icon_and_join_a_word() -> None:
    ((gold, coin),) = words('Gold<span color="#B22222">:coin:</span>', "normal", ICONS)
    assert gold == Atom("Gold", "normal")
    assert coin == Atom("", "normal", "coin", colour="#b22222")  # color, upper case: the same


@pytest.mark.parametrize(
    "span",
    [
        '<span colour="#b22222">',
        "<span colour='#b22222'>",
        "<span colour=#b22222 size=80%>",
        '<span size="50%">',
        '<span size="300%">',
        '<span  size = "120.5%" >',
        "<span>",
    ],
)
def test_spans_that_print(span: str) -> None:
    assert problems_in(f"a {span}b c</span> d", ICONS) == []


def test_a_lone_angle_bracket_is_text() -> None:
    assert problems_in("3 < 4 > 2 and a<b", ICONS) == []
    assert problems_in("<Fireship & Co> sails", ICONS) == []  # no HTML tag's name
    assert words("a<b", "normal", ICONS) == [(Atom("a<b", "normal"),)]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            f"{RED}Red",
            f"{RED} is not closed on its line with </span> (a span cannot cross a line break: "
            "close it before the break and open another after it)",
        ),
        (
            f"{RED}Red\nstill red</span>",
            f"{RED} is not closed on its line with </span> (a span cannot cross a line break: "
            "close it before the break and open another after it)",
        ),
        ("Red</span>", "a </span> closes no <span>"),
        (
            f'{RED}<span size="120%">x</span></span>',
            f'<span size="120%"> is inside {RED}: spans do not nest; close the first with '
            "</span> before opening the next (one span may set both colour and size)",
        ),
        (
            '<span colur="#b22222">x</span>',
            "<span colur=\"#b22222\"> has an unknown attribute 'colur'; did you mean colour? "
            "(a span takes colour (or color) and size)",
        ),
        (
            '<span style="color: red">x</span>',
            "<span style=\"color: red\"> has an unknown attribute 'style' (a span takes colour "
            "(or color) and size)",
        ),
        (
            '<span colour="red">x</span>',
            "<span colour=\"red\">: colour 'red' is not a colour (write #rrggbb: # and six hex "
            "digits, e.g. #b22222)",
        ),
        (
            '<span colour="#b22">x</span>',
            "<span colour=\"#b22\">: colour '#b22' is not a colour (write #rrggbb: # and six hex "
            "digits, e.g. #b22222)",
        ),
        (
            '<span size="400%">x</span>',
            '<span size="400%">: size 400% is out of range (a span\'s size is 50%–300% of '
            "the text's)",
        ),
        (
            '<span size="40%">x</span>',
            '<span size="40%">: size 40% is out of range (a span\'s size is 50%–300% of '
            "the text's)",
        ),
        (
            '<span size="120">x</span>',
            "<span size=\"120\">: size '120' is not a percentage of the text's size (write "
            "120%; 50%–300%)",
        ),
        (
            '<span size="12pt">x</span>',
            "<span size=\"12pt\">: size '12pt' is not a percentage of the text's size (e.g. "
            'size="120%"; 50%–300%)',
        ),
        (
            '<span colour="#b22222" color="#000000">x</span>',
            '<span colour="#b22222" color="#000000"> sets its colour twice',
        ),
        (
            '<span colour="#b22222" bold>x</span>',
            "<span colour=\"#b22222\" bold> cannot be read from 'bold': write each attribute "
            'as name="value"',
        ),
        ('<span colour="#b22222" x</span>', "a <span has no closing > on its line"),
        ("<b>bold</b>", "<b> is not markup, so it would print as written; did you mean **bold**?"),
        (
            '<font color="#b22222">x</font>',
            '<font color="#b22222"> is not markup, so it would print as written; did you mean '
            "<span>?",
        ),
    ],
)
def test_every_span_problem_is_said(text: str, said: str) -> None:
    assert problems_in(text, ICONS) == [said]


@pytest.mark.parametrize(
    ("tag", "hint"),
    [
        ("<i>", "; did you mean *italic*?"),
        ("<BR/>", "; for a line break, start a new line in the text"),
        ('<SPAN colour="#b22222">', "; did you mean <span>?"),
        ("<p>", ""),
    ],
)
def test_an_html_tag_is_refused_with_what_to_write(tag: str, hint: str) -> None:
    (said,) = markup_problems(f"a {tag}b", ICONS)
    assert said == (
        f"{tag} is not markup, so it would print as written{hint}",
        '**bold**, *italic*, :icon: and <span colour="#rrggbb" size="NN%">text</span>, the size '
        "50%–300% of the text's",
    )


@pytest.mark.parametrize(
    "text", ['<span size="400%">x</span>', "a <span>b", "a</span>", '<span colour="red">x</span>']
)
def test_a_span_problem_allows_what_a_span_may_be(text: str) -> None:
    """Not the icons, as a trial found: what a span may be."""
    (said,) = markup_problems(text, ICONS)
    assert said[1] == (
        '<span colour="#rrggbb" size="NN%">text</span>, the size 50%–300% of the text\'s, '
        "closed on its line, never inside another span"
    )
    with pytest.raises(MarkupProblem) as raised:
        words(text, "normal", ICONS)
    assert raised.value.allowed == said[1]


def test_words_refuses_what_problems_in_refuses() -> None:
    for text in (f"{RED}Red", "Red</span>", '<span size="400%">x</span>'):
        with pytest.raises(MarkupProblem):
            words(text, "normal", ICONS)


def test_plain_takes_spans_out() -> None:
    assert plain(f"**Gold** {RED}:coin: 3</span>") == "Gold coin 3"
    assert plain("3 < 4") == "3 < 4"


@settings(max_examples=200, deadline=None)
@given(
    st.text(
        alphabet=st.characters(blacklist_characters="*:<", blacklist_categories=("Cs",)),
        max_size=60,
    )
)
def test_a_paragraph_without_markup_is_split_as_the_markup_reader_splits_it(text: str) -> None:
    """Plain words take a short way (no ``*``, ``:`` or ``<``): the same atoms as the reader of
    markup gives them, white space of every kind (a no-break space, a tab) included."""
    plain = markup.words(text, "600", ("coin",))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(markup, "_MARKUP_CHARACTERS", frozenset(text) | {"*"})  # the long way
        assert markup.words(text, "600", ("coin",)) == plain
