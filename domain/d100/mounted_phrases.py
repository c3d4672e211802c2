"""Sentences for mounted combat: mounting and dismounting, riders thrown from the saddle, the mounted actions
and a burning mount — each Survival test against its target with every modifier, and what the mount did.

Spanish words are seed 001's: a lomos de su montura, derribado de la silla, medio galope, galopar, trote
evasivo, salto de altura, golpe encabritado, rehúye el obstáculo, Supervivencia (doma), en llamas.
The sentences are the catalog's (`d100.told.*`, domain/catalog/*/d100_told.po).
"""

from __future__ import annotations

from collections.abc import Callable

from ..catalog import text
from ..dice import d5
from ..engine import Lang
from ..events import Event
from ..message import message
from .mounted_events import BurningMountTested, MountChanged, RideRolled
from .phrase_parts import hits, metres, signed, tested
from .phrase_terms import term
from .tested_phrases import fall_text

Name = Callable[[str], str]


def _mount(event: MountChanged, name: Name, lang: Lang) -> str:
    rider, mount = name(event.rider_id), name(event.mount_id)
    if event.thrown:
        thrown = text(message("d100.told.mount.thrown", rider=rider, mount=mount), lang)
        if event.test is None and len(event.dice) == 2:  # no test to fail: 1d5 metres (the first die, a d10 halved)
            thrown += f" (1d5 m: [{d5(event.dice[0])}])"
        fall_die = event.dice[-1] if event.dice else None
        fell = (fall_text(event.fall_m, fall_die, lang) if event.fall_m is not None
                else text(message("d100.told.mount.falls"), lang))
        if event.test is not None:
            return text(message("d100.told.mount.thrown_mounting", rider=rider, mount=mount,
                                test=tested(event.test, lang, name), fell=fell), lang)
        return f"{thrown}: {fell}"
    if event.test is None:
        return (text(message("d100.told.mount.mounted", rider=rider, mount=mount), lang) if event.mounted
                else text(message("d100.told.mount.dismounted", rider=rider, mount=mount), lang))
    getting_on = event.mounted if event.test.success else not event.mounted
    tries = (text(message("d100.told.mount.try_on", rider=rider, mount=mount), lang) if getting_on
             else text(message("d100.told.mount.try_off", rider=rider, mount=mount), lang))
    now = (text(message("d100.told.mount.now_on"), lang) if event.mounted
           else text(message("d100.told.mount.now_off"), lang))
    return f"{tries}: {tested(event.test, lang, name)}; {now}"


def _ride(event: RideRolled, name: Name, lang: Lang) -> str:  # noqa: C901 — one short branch per mounted action
    rider, mount = name(event.rider_id), name(event.mount_id)
    match event.manoeuvre:
        case "half_gallop":
            said = text(message("d100.told.ride.half_gallop", rider=rider, mount=mount), lang)
        case "gallop":
            said = text(message("d100.told.ride.gallop", rider=rider, mount=mount), lang)
        case "evasive":
            said = text(message("d100.told.ride.evasive", rider=rider, mount=mount), lang)
        case "leap":
            said = text(message("d100.told.ride.leap", rider=rider, mount=mount), lang)
        case "rearing_strike" if event.target_id is not None:
            whom = name(event.target_id)
            weapon = f" ({name(f'{event.mount_id}/{event.weapon_id}')})" if event.weapon_id is not None else ""
            said = text(message("d100.told.ride.rearing_strike", rider=rider, mount=mount, whom=whom, weapon=weapon),
                        lang)
        case _:
            said = text(message("d100.told.ride.other", rider=rider, mount=mount,
                                manoeuvre=term(event.manoeuvre, lang)), lang)
    if event.test is not None:
        said += f": {tested(event.test, lang, name)}"
    done: list[str] = []
    if event.hits:
        struck = hits(event.hits, lang)
        if event.locations:
            struck += ": " + ", ".join(term(location, lang) for location in event.locations)
        done.append(struck)
    if event.refused:
        done.append(text(message("d100.told.ride.refused", mount=mount), lang))
    if event.distance_m is not None:
        long, high = metres(event.distance_m, lang), metres(event.height_m or 0, lang)
        done.append(text(message("d100.told.ride.leapt", long=long, high=high), lang))
    elif event.move_m is not None:
        moved = metres(event.move_m, lang)
        if event.manoeuvre == "gallop":
            done.append(text(message("d100.told.ride.ran_riderless", mount=mount, moved=moved), lang)
                        if event.thrown else text(message("d100.told.ride.ran", mount=mount, moved=moved), lang))
        else:
            done.append(text(message("d100.told.ride.moved", mount=mount, moved=moved), lang))
    elif event.manoeuvre == "gallop" and event.test is not None and not event.test.success:
        done.append(text(message("d100.told.ride.no_gallop", mount=mount), lang))
    if event.evasive:
        done.append(text(message("d100.told.ride.evasive_modifier", modifier=signed(-event.evasive)), lang))
    if event.thrown and event.manoeuvre != "gallop":
        done.append(text(message("d100.told.ride.rider_thrown"), lang))
    if event.test is None:
        return f"{said}: {', '.join(done)}" if done else said
    return f"{said}; {', '.join(done)}" if done else said


def _burning_mount(event: BurningMountTested, name: Name, lang: Lang) -> str:
    rider, mount = name(event.rider_id), name(event.mount_id)
    burns = text(message("d100.told.burning_mount.burns", mount=mount, damage_roll=event.damage_roll,
                         wounding=event.wounding), lang)
    agility = event.agility
    if event.caught_fire:
        fire = text(message("d100.told.burning_mount.caught_fire"), lang)
    elif agility.success:
        fire = text(message("d100.told.burning_mount.spared"), lang)
    else:
        fire = text(message("d100.told.burning_mount.already"), lang)
    said = f"{burns}; {rider}: {tested(agility, lang, name)}, {fire}"
    bolt = ""
    if event.bolted:
        moved = metres(event.bolt_m or 0, lang)
        bolt = text(message("d100.told.burning_mount.bolted", mount=mount, moved=moved), lang)
    if event.survival is None:
        return said + text(message("d100.told.burning_mount.no_survival", bolt=bolt), lang)
    held = bolt or text(message("d100.told.burning_mount.held", mount=mount), lang)
    return f"{said}; {tested(event.survival, lang, name)}, {held}"


def mounted_sentence(event: Event, name: Name, lang: Lang) -> str | None:
    """The sentence of a mounted-combat event, or None for another event."""
    match event:
        case MountChanged():
            return _mount(event, name, lang)
        case RideRolled():
            return _ride(event, name, lang)
        case BurningMountTested():
            return _burning_mount(event, name, lang)
    return None

