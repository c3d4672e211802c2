"""The command language a campaign speaks: the campaign's and the missions' vocabularies joined with its
rules engine's (the registry's `vocabulary` slot, DESIGN §8), one grammar per engine."""

from __future__ import annotations

from domain.campaign.vocabulary import VOCABULARY as CAMPAIGN
from domain.commands import Command
from domain.engine import Engine, Lang
from domain.language import Directory, Grammar, ParseContext, ParsedPost
from domain.missions.vocabulary import VOCABULARY as MISSIONS
from domain.rulesets import engine_for, engine_of_command, engines

_GRAMMARS: dict[str, Grammar] = {}


def _grammar(engine: Engine) -> Grammar:
    found = _GRAMMARS.get(engine.name)
    if found is None:
        found = _GRAMMARS[engine.name] = Grammar(CAMPAIGN, MISSIONS, engine.vocabulary)
    return found


def grammar_for(ruleset: str) -> Grammar:
    """The grammar of a campaign of this ruleset (an unknown ruleset is refused, naming the known ones)."""
    return _grammar(engine_for(ruleset))


def grammars() -> tuple[Grammar, ...]:
    """One grammar per engine, in registry order."""
    return tuple(_grammar(engine) for engine in engines())


def grammar_of_command(kind: type[Command]) -> Grammar:
    """A grammar that has a line form for this command type (its engine's; shared commands are in every one)."""
    engine = engine_of_command(kind)
    return _grammar(engine) if engine is not None else grammars()[0]


def parse_post(text: str, ruleset: str, directory: Directory, context: ParseContext) -> ParsedPost:
    """Every command line of a forum post to a campaign of this ruleset."""
    return grammar_for(ruleset).parse_post(text, directory, context)


def render(command: Command, lang: Lang) -> str:
    """The canonical line of any command the API accepts (without the leading `!`)."""
    return grammar_of_command(type(command)).render(command, lang)
