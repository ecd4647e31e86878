"""A designer's game with rule text: two decks (one from data with a declared field and a card
marked ours), an icon of its own, a picture, and a rulebook in Markdown or YAML."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

GAME = """\
kit: cards
title: Salt and Rigging
author: A. Designer
rules: {rules}
decks:
  - key: crew
    title: Crew
    fields:
      - {{name: cost, type: number, default: 1}}
    cards:
      - {{key: bosun, name: Bosun, kind: Crew, value: 2, text: "Draw a card.", cost: 3, copies: 3}}
      - {{key: first-mate, name: First Mate, kind: Crew, text: "**Move** a ship.", cost: {{ours: 2}}}}
      - {{key: gunner, name: Gunner, kind: Crew, text: "Fire :coin:.", copies: 2}}
  - key: events
    title: Events
    cards:
      - {{key: storm, name: Storm, text: Every ship drifts.}}
      - {{key: calm, name: Calm, text: Nothing moves., copies: 4}}
"""
COIN = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle cx="5" cy="5" r="5" fill="#e0a010"/></svg>'
)
MARKDOWN = """\
# Overview

Welcome to **{{ game.title }}** by {{ game.author }}: {{ game.cards }} cards.
The crew deck holds {{ crew.count }} cards; the Bosun costs {{ crew.bosun.cost }}
and the First Mate {{ crew.first_mate.cost }}. Pay :coin: to draw.

## Setting up

1. Shuffle the {{ crew.title }} deck.
2. Put the {{ events.count }} events face down.

- Keep your hand *secret*.
- Play `one` card a turn.

{% components %}

# The crew

{% cards crew %}

| Card | When |
|------|------|
| {{ crew.bosun.name }} | any time |
| {{ events.storm.name }} | round start |

![The table, set up](assets/table.png)

{% break page %}

# Events

{% cards events %}
"""
YAML = """\
rulebook:
  title: "{{ game.title }}"
  subtitle: the rules
  blocks:
    - h: Overview
    - p: "A game of {{ game.cards }} cards; the Bosun costs {{ crew.bosun.cost }} :coin:."
    - cards: crew
    - table: components
    - image: table.png
card:
  title: "{{ game.title }}: your turn"
  blocks:
    - steps: [Draw a card., "Pay {{ crew.gunner.cost }} :coin: to fire."]
"""


def rule_game(data: Path, rules: str = "rules.md", text: str | None = None) -> Path:
    """Write the game into ``data/salt``, its rule text ``text`` (the Markdown or YAML above,
    as ``rules`` ends) in the file ``rules``; returns its folder."""
    game = data / "salt"
    (game / "assets" / "icons").mkdir(parents=True)
    (game / "game.yaml").write_text(GAME.format(rules=rules), encoding="utf-8")
    (game / "assets" / "icons" / "coin.svg").write_text(COIN, encoding="utf-8")
    Image.new("RGB", (300, 150), "#3a6ea5").save(game / "assets" / "table.png")
    if text is None:
        text = MARKDOWN if rules.endswith(".md") else YAML
    (game / rules).write_text(text, encoding="utf-8")
    return game
