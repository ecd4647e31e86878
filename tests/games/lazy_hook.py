"""A module a hook names, imported only when the hook is first called (tests/games/test_contract.py)."""


def shout(word: str) -> str:
    return f"{word.upper()}!"
