"""Literal tokens both grammars share: quoted strings and numbers, decoded or refused with a reason.

Kept apart from the parsers so that reading a game does not load the rules language's syntax tree.
"""

from __future__ import annotations

import re
import warnings
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the rules' tokens are Lark's; the game notation's are its line reader's Tok (also a str)
    from lark import Token

# No number in a rule set needs more digits; Python refuses to print ints past 4,300 digits.
MAX_DIGITS = 9
# Worshippers gained, paid, destroyed or exchanged at once; tiles in a pyramid row; display, realm and tokens:
# the engine holds that many things in lists, so a rule file, a game or a log may not ask for more.
MAX_QUANTITY = 1_000


class BadToken(Exception):
    """A token the grammar accepts but that means nothing: reported at the token."""

    def __init__(self, token: Token, message: str):
        super().__init__(message)
        self.token = token
        self.message = message


def unquote(token: Token) -> str:
    """A quoted string's text; literal_eval decodes the escapes without running anything."""
    import ast as python_ast  # here: a game's amounts need only number() (ast is a few ms of every start)

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # "\." is only a warning today and an error in later Pythons
            text = python_ast.literal_eval(str(token))
    except (SyntaxError, ValueError, Warning) as error:
        raise BadToken(token, "this string has an escape that means nothing (write \\\\ for a backslash)") from error
    if any("\ud800" <= char <= "\udfff" for char in text):
        raise BadToken(token, "this string has a lone surrogate escape (\\ud800-\\udfff), which is no character")
    return text


def number(token: Token) -> int:
    if len(str(token).lstrip("-")) > MAX_DIGITS:
        raise BadToken(token, f"this number is too large (at most {MAX_DIGITS} digits)")
    return int(token)


_PLAIN_COUNT = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")


def plain_count(text: str) -> int | None:
    """A whole number written with at most MAX_DIGITS ASCII digits, else None. Not `str.isdigit`, which takes
    '²' and every script's digits (int() then fails on some), nor bare int(), which takes '+1', '1_000', spaces
    and refuses 5,000 digits with an exception."""
    return int(text) if _PLAIN_COUNT.fullmatch(text) else None
