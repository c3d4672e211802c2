"""Given/when helpers for Wrath & Glory decision tests: sheets, actors, and folding decided events."""

from __future__ import annotations

from collections.abc import Sequence

from domain.commands import Actor
from domain.dice import FixedDice
from domain.events import Event
from domain.wrath_and_glory import WngCommand, WngState, decide, initial_state
from domain.wrath_and_glory.commands import AddCharacter, StartSession
from domain.wrath_and_glory.events import (
    GloryGained,
    GlorySpent,
    ReloadsSpent,
    RuinGained,
    RuinSpent,
    WrathGained,
    WrathSpent,
)
from domain.wrath_and_glory.evolve import evolve, replay
from domain.wrath_and_glory.sheet import NpcKind, Sheet, Weapon
from tests.support.characters import is_joining, joined

GM = Actor("gm", "gm")
ALICE = Actor("alice", "player")
BOB = Actor("bob", "player")
OBSERVER = Actor("olga", "observer")

BOLTGUN = Weapon(name="boltgun", kind="ranged", damage=10, ed=1, range=24, salvo=2)
CHAINSWORD = Weapon(name="chainsword", kind="melee", damage=5, ed=1, range=1)
LASPISTOL = Weapon(name="laspistol", kind="ranged", damage=7, ed=1, range=12, salvo=1, traits=("pistol",))
CHOPPA = Weapon(name="choppa", kind="melee", damage=6, ed=1, range=1)
SHOOTA = Weapon(name="shoota", kind="ranged", damage=10, ed=1, range=18, salvo=2)


def hero(name: str = "Sigma 19", **overrides: int) -> Sheet:
    """A tier-3 hero: Agility 6, Ballistic Skill 6 (Sigma 19's 12 dice), Strength 4, Toughness 4."""
    values = {"defence": 3, "resilience": 8, "wounds": 6, "shock": 6, "soak": 4, "resolve": 3} | overrides
    return Sheet(
        name=name,
        kind="hero",
        attributes={"agility": 6, "strength": 4, "toughness": 4, "initiative": 4, "fellowship": 4, "intellect": 5},
        skills={"ballistic_skill": 6, "weapon_skill": 3, "persuasion": 3, "athletics": 3, "tech": 4},
        weapons=(BOLTGUN, CHAINSWORD, LASPISTOL),
        **values,
    )


def ork_troop(members: int = 10) -> Sheet:
    return Sheet(
        name="ork boyz",
        kind="troop",
        attributes={"strength": 5, "initiative": 3, "agility": 3},
        skills={"weapon_skill": 3, "ballistic_skill": 2},
        defence=3,
        resilience=7,
        wounds=1,
        shock=2,
        weapons=(CHOPPA, SHOOTA),
        members=members,
    )


def ork_boss(kind: NpcKind = "adversary") -> Sheet:
    return Sheet(
        name="warboss",
        kind=kind,
        attributes={"strength": 6, "toughness": 6, "initiative": 4},
        skills={"weapon_skill": 5, "intimidation": 4},
        defence=3,
        resilience=10,
        wounds=8,
        shock=6,
        resolve=4,
        soak=6,
        weapons=(CHOPPA,),
        personal_ruin=2,
    )


def run(state: WngState, command: WngCommand, faces: Sequence[int] = (), actor: Actor = GM) -> list[Event]:
    """Decide one command with fixed dice, checking every face given was used and every pool change chained."""
    dice = FixedDice(faces)
    events = joined(state, command, actor) if is_joining(state, command) else decide(state, command, dice, actor)
    assert dice.used == len(faces), f"{len(faces) - dice.used} fixed faces were not rolled"
    assert_pools_chain(state, events)
    return events


def pool_before(state: WngState, event: Event) -> int | None:
    """The pool a Glory, Wrath, Ruin or Reloads event changes, as the state holds it; None for other events."""
    match event:
        case GloryGained() | GlorySpent():
            return state.glory
        case RuinGained():
            return state.ruin
        case RuinSpent(personal_of=None):
            return state.ruin
        case RuinSpent(personal_of=str(npc)):
            return state.characters[npc].personal_ruin
        case WrathGained() | WrathSpent():
            return state.characters[event.character_id].wrath
        case ReloadsSpent():
            return state.characters[event.character_id].reloads
    return None


def assert_pools_chain(state: WngState, events: Sequence[Event]) -> None:
    """Each change of a pool starts where the command's earlier events left it (issue 11, defect 6)."""
    for event in events:
        held = pool_before(state, event)
        if held is not None:
            assert event.before == held, f"{event} starts from {held}"
        state = evolve(state, event)


def then(state: WngState, command: WngCommand, faces: Sequence[int] = (), actor: Actor = GM) -> WngState:
    """The state after deciding and folding one command."""
    return replay(run(state, command, faces, actor), state)


def table(heroes: int = 3, *, troop: bool = True, boss: bool = True, session: bool = True) -> WngState:
    """A tier-3 table: heroes h1 (alice's), h2 (bob's), h3… (alice's), an ork troop and a warboss."""
    state = initial_state(tier=3)
    for i in range(1, heroes + 1):
        owner = "bob" if i == 2 else "alice"
        state = then(state, AddCharacter(character_id=f"h{i}", owner=owner, sheet=hero(f"hero {i}")))
    if troop:
        state = then(state, AddCharacter(character_id="orks", sheet=ork_troop()))
    if boss:
        state = then(state, AddCharacter(character_id="boss", sheet=ork_boss()))
    if session:
        state = then(state, StartSession())
    return state


def of(events: Sequence[Event], kind: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]
