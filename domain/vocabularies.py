"""Which vocabularies a campaign of each ruleset speaks, joined into one grammar per ruleset.

This is the plug the engine registry (domain/rulesets.py, DESIGN §8) takes over: each ruleset's
vocabulary is one `VOCABULARY` object; the campaign's and the missions' join every ruleset's.
"""

from __future__ import annotations

from domain.campaign.events import Ruleset
from domain.campaign.vocabulary import VOCABULARY as CAMPAIGN
from domain.commands import Command
from domain.d100.vocabulary import VOCABULARY as D100
from domain.language import Directory, Grammar, Lang, ParseContext, ParsedPost
from domain.missions.vocabulary import VOCABULARY as MISSIONS
from domain.wrath_and_glory.vocabulary import VOCABULARY as WRATH_AND_GLORY

D100_GRAMMAR = Grammar(CAMPAIGN, MISSIONS, D100)
WNG_GRAMMAR = Grammar(CAMPAIGN, MISSIONS, WRATH_AND_GLORY)

GRAMMARS: dict[Ruleset, Grammar] = {
    "deathwatch": D100_GRAMMAR,
    "dark_heresy": D100_GRAMMAR,
    "only_war": D100_GRAMMAR,
    "wrath_and_glory": WNG_GRAMMAR,
}


def grammar_for(ruleset: Ruleset) -> Grammar:
    return GRAMMARS[ruleset]


def parse_post(text: str, ruleset: Ruleset, directory: Directory, context: ParseContext) -> ParsedPost:
    """Every command line of a forum post to a campaign of this ruleset."""
    return GRAMMARS[ruleset].parse_post(text, directory, context)


def render(command: Command, lang: Lang) -> str:
    """The canonical line of any command the API accepts (without the leading `!`)."""
    for grammar in (D100_GRAMMAR, WNG_GRAMMAR):
        if any(type(command) is form.command for form in grammar.forms):
            return grammar.render(command, lang)
    raise KeyError(f"no line form for {type(command).__name__}")
