"""Why the rules refused a command, in the reader's language: the refusal's message told by the catalog.

Every refusal the rules raise says a message (domain/errors.py); a test checks that every rule name of
docs/errors.md has its sentences in the catalog. No sentence here is derived from the English one.
"""

from __future__ import annotations

from domain.catalog import MissingMessage, text
from domain.engine import Lang
from domain.language import Grammar
from domain.message import Message

# The lead of each kind of refusal (the problem types' own, docs/errors.md), for a refusal stored without its
# message: an attempt recorded before refusals were messages of the catalog.
_LEADS = {"rule-violation": "edge.lead.rule_violation", "forbidden": "edge.lead.forbidden",
          "not-found": "edge.lead.not_found", "conflict": "edge.lead.version_conflict"}


def said_as_lines(said: Message | None, grammar: Grammar, lang: Lang) -> Message | None:
    """A refusal's message for a reader of another language than English: the command type it names (its
    `command` parameter, `retract`) becomes the line a player of that language writes (`!retirar`)."""
    command = said.params.get("command") if said is not None else None
    written = grammar.verb_of(command, lang) if isinstance(command, str) and lang != "en" else None
    if said is None or written is None:
        return said
    return Message(said.id, {**said.params, "command": f"`!{written}`"})


def refusal(kind: str, rule: str | None, message: str, lang: Lang, said: Message | None = None) -> str:
    """Why a command was refused, in the reader's language: the catalog's sentence of the refusal's message
    (`said`). Every refusal the rules raise says one; a refusal stored in the log before they did is told by
    its English words (`message`), after the lead of its kind in another language.

    A stored refusal (an `attempt_refused` of the log) keeps its message for good: one whose id or parameters
    the catalog no longer has is told as a prose refusal, never an error that would stop the whole timeline."""
    if said is not None:
        try:
            return text(said, lang)
        except (MissingMessage, KeyError, IndexError, ValueError):
            pass
    if lang == "en":
        return message
    # Stored before refusals were messages: its own English words, which say why, after the lead of its kind.
    return f"{text(Message(_LEADS.get(kind, 'edge.lead.generic')), lang)} ({message})"
