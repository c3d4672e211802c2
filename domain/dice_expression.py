"""Free-form dice expressions (`2d10+3`, `1d5`, `d100`, `4d6-1`): parse, evaluate, render.

Bounded so one expression cannot roll more than MAX_DICE dice or dice of more than MAX_SIDES faces.
"""

from __future__ import annotations

import functools
import re

import msgspec

from domain.dice import Dice, Die, d5
from domain.message import Message, Param

MAX_DICE = 100
MAX_SIDES = 1000
MAX_CONSTANT = 1_000_000

_AROUND_SIGNS = re.compile(r"\s*([+-])\s*")
_TERM = re.compile(r"([+-]?)(?:(\d*)d(\d+)|(\d+))")


class ExpressionError(ValueError):
    """The expression is not a sum of `NdX` and whole-number terms within the bounds.

    It says why as the case of the rule `dice_expression` (message `rule.dice_expression.<case>`) and its
    parameters, so the refusal reads in the reader's language; `str()` is the English sentence.
    """

    def __init__(self, case: str, **params: Param) -> None:
        self.case = case
        self.params = params
        self.said = Message(f"rule.dice_expression.{case}", params)
        super().__init__(case)

    def __str__(self) -> str:
        from domain.catalog import english  # the catalog loads on first use, not at import

        return english(self.said)


class Term(msgspec.Struct, frozen=True):
    """`sign` × (`count` d `sides`), or `sign` × `constant` when `sides` is 0."""

    sign: int
    count: int
    sides: int
    constant: int = 0


class Evaluated(msgspec.Struct, frozen=True):
    terms: tuple[Term, ...]
    dice: tuple[Die, ...]
    total: int


# Remembered: a table rolls the same few expressions again and again, and the terms are frozen (shared safely).
# A refusal raises, and what raises is not remembered; the bound keeps a stream of new expressions from growing it.
@functools.lru_cache(maxsize=1024)
def parse(expression: str) -> tuple[Term, ...]:
    """The terms of an expression, or ExpressionError saying what is wrong with it."""
    text = _AROUND_SIGNS.sub(r"\1", expression.strip()).lower()
    if not text:
        raise ExpressionError("empty")
    terms: list[Term] = []
    position = 0
    while position < len(text):
        match = _TERM.match(text, position)
        if match is None or match.end() == position or (terms and not match.group(1)):
            raise ExpressionError("unreadable", expression=expression, rest=text[position:])
        sign = -1 if match.group(1) == "-" else 1
        if match.group(3) is not None:
            count = int(match.group(2)) if match.group(2) else 1
            sides = int(match.group(3))
            if count < 1:
                raise ExpressionError("no_dice", term=match.group(0).lstrip("+-"))
            if not 2 <= sides <= MAX_SIDES:
                raise ExpressionError("sides", sides=sides, max=MAX_SIDES)
            terms.append(Term(sign=sign, count=count, sides=sides))
        else:
            constant = int(match.group(4))
            if constant > MAX_CONSTANT:
                raise ExpressionError("constant", constant=constant, max=MAX_CONSTANT)
            terms.append(Term(sign=sign, count=0, sides=0, constant=constant))
        position = match.end()
    dice_count = sum(term.count for term in terms)
    if dice_count > MAX_DICE:
        raise ExpressionError("too_many", expression=expression, dice=dice_count, max=MAX_DICE)
    return tuple(terms)


def evaluate(terms: tuple[Term, ...], dice: Dice) -> Evaluated:
    """Roll every die of the terms in order; a d5 is rolled as a d10 halved up."""
    rolled: list[Die] = []
    total = 0
    for term in terms:
        if term.sides == 0:
            total += term.sign * term.constant
            continue
        for _ in range(term.count):
            if term.sides == 5:
                die = dice.roll(10)
                total += term.sign * d5(die)
            else:
                die = dice.roll(term.sides)
                total += term.sign * die.value
            rolled.append(die)
    return Evaluated(terms=terms, dice=tuple(rolled), total=total)


def face(term: Term, die: Die) -> int:
    """What a die counts as inside its term (a d5's d10 counts half, rounded up)."""
    return d5(die) if term.sides == 5 else die.value


def _shown(term: Term, die: Die) -> str:
    counted = face(term, die)
    return str(counted) if counted == die.value else f"{die.value}→{counted}"


def render(evaluated: Evaluated) -> str:
    """`2d10+1d5 = [7, 4] + [9→5] = 16`: every die visible as rolled, in the order rolled."""
    parts: list[str] = []
    dice = iter(evaluated.dice)
    for index, term in enumerate(evaluated.terms):
        sign = "-" if term.sign < 0 else ("+" if index else "")
        if term.sides == 0:
            parts.append(f"{sign} {term.constant}".strip())
            continue
        # A d5 is a d10 halved: the d10 as rolled first (`7→4`), as the proof records it.
        shown = [_shown(term, next(dice)) for _ in range(term.count)]
        parts.append(f"{sign} [{', '.join(shown)}]".strip())
    return f"{' '.join(parts)} = {evaluated.total}"
