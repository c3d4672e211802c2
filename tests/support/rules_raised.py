"""Which rule names the code under test raised during this pytest session (issue 20: a rule no test triggers
is a rule nobody has seen work).

The recorder wraps `RuleViolation.__init__` and keeps the rule of every violation constructed by the code
under test (`domain/`, `service/`, `projections/`), not by a test file, so a test that builds a
`RuleViolation` itself proves nothing. The check needs the whole suite: a session that ran only some tests
saw only some rules, so `Session.whole` says whether every test was collected and none deselected.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from domain.errors import RuleViolation

ROOT = Path(__file__).resolve().parents[2]
_CODE = tuple(str(ROOT / part) + "/" for part in ("domain", "service", "projections"))


@dataclass
class Session:
    raised: dict[str, str] = field(default_factory=dict)
    whole: bool = False
    # Off during a property test: what random examples happen to raise is no test of a rule, and would make
    # the check pass or fail by chance.
    counting: bool = True


SESSION = Session()


def install() -> None:
    original = RuleViolation.__init__
    if getattr(original, "_records_rules", False):
        return

    def recording(self: RuleViolation, rule: str, message: str | None = None, /, **params: Any) -> None:
        original(self, rule, message, **params)
        caller = sys._getframe(1).f_code.co_filename
        if SESSION.counting and caller.startswith(_CODE) and rule not in SESSION.raised:
            SESSION.raised[rule] = caller

    recording._records_rules = True  # type: ignore[attr-defined]
    RuleViolation.__init__ = recording  # type: ignore[method-assign]


def counts(item: Any) -> bool:
    """Whether the rules a test raises count: not in a hypothesis property test."""
    return not hasattr(getattr(item, "obj", None), "hypothesis")


def whole_suite(config: Any, items: list[Any], deselected: int) -> bool:
    """Whether this session runs every test under tests/: no path narrower than tests/, no -k, -m, --lf."""
    tests = ROOT / "tests"
    args = [Path(str(a).split("::")[0]).resolve() for a in config.args] or [tests]
    narrowed = (config.option.keyword or config.option.markexpr or getattr(config.option, "lf", False)
                or getattr(config.option, "deselect", None) or any("::" in str(a) for a in config.args))
    return not narrowed and deselected == 0 and all(a in (tests, ROOT) for a in args) and bool(items)
