"""Sentences for mounted combat: mounting and dismounting, riders thrown from the saddle, the mounted actions
and a burning mount — each Survival test against its target with every modifier, and what the mount did.

Spanish words are seed 001's: a lomos de su montura, derribado de la silla, medio galope, galopar, trote
evasivo, salto de altura, golpe encabritado, rehúye el obstáculo, Supervivencia (doma), en llamas.
"""

from __future__ import annotations

from collections.abc import Callable

from ..dice import d5
from ..engine import Lang
from ..events import Event
from .mounted_events import BurningMountTested, MountChanged, RideRolled
from .phrase_parts import hits, metres, pick, signed, tested
from .phrase_terms import term
from .tested_phrases import fall_text

Name = Callable[[str], str]


def _mount(event: MountChanged, name: Name, lang: Lang) -> str:
    rider, mount = name(event.rider_id), name(event.mount_id)
    if event.thrown:
        thrown = pick(lang, f"{rider} is thrown from {mount}'s saddle",
                      f"{rider} es derribado de la silla de {mount}")
        if event.test is None and len(event.dice) == 2:  # no test to fail: 1d5 metres (the first die, a d10 halved)
            thrown += f" (1d5 m: [{d5(event.dice[0])}])"
        fall_die = event.dice[-1] if event.dice else None
        fell = fall_text(event.fall_m, fall_die, lang) if event.fall_m is not None else pick(lang, "falls", "cae")
        if event.test is not None:
            return (pick(lang, f"{rider} tries to mount {mount}: ", f"{rider} intenta subir a lomos de {mount}: ")
                    + f"{tested(event.test, lang, name)}; " + pick(lang, f"thrown from the saddle, {fell}",
                                                                   f"derribado de la silla, {fell}"))
        return f"{thrown}: {fell}"
    if event.test is None:
        return (pick(lang, f"{rider} mounts {mount}", f"{rider} sube a lomos de {mount}") if event.mounted
                else pick(lang, f"{rider} dismounts from {mount}", f"{rider} baja de {mount}"))
    getting_on = event.mounted if event.test.success else not event.mounted
    tries = (pick(lang, f"{rider} tries to mount {mount}", f"{rider} intenta subir a lomos de {mount}") if getting_on
             else pick(lang, f"{rider} tries to dismount from {mount}", f"{rider} intenta bajar de {mount}"))
    now = (pick(lang, "in the saddle", "queda a lomos de la montura") if event.mounted
           else pick(lang, "on foot", "queda a pie"))
    return f"{tries}: {tested(event.test, lang, name)}; {now}"


def _ride(event: RideRolled, name: Name, lang: Lang) -> str:  # noqa: C901 — one short branch per mounted action
    rider, mount = name(event.rider_id), name(event.mount_id)
    match event.manoeuvre:
        case "half_gallop":
            said = pick(lang, f"{rider} rides {mount} at a half gallop", f"{rider} lleva a {mount} a medio galope")
        case "gallop":
            said = pick(lang, f"{rider} puts {mount} to the gallop", f"{rider} pone a {mount} al galope")
        case "evasive":
            said = pick(lang, f"{rider} rides {mount} at an evasive trot", f"{rider} lleva a {mount} al trote evasivo")
        case "leap":
            said = pick(lang, f"{rider} makes {mount} jump", f"{rider} hace saltar a {mount}")
        case "rearing_strike" if event.target_id is not None:
            whom = name(event.target_id)
            weapon = f" ({name(f'{event.mount_id}/{event.weapon_id}')})" if event.weapon_id is not None else ""
            said = pick(lang, f"{rider} has {mount} rear and strike {whom}{weapon}",
                        f"{rider} hace que {mount} golpee encabritado a {whom}{weapon}")
        case _:
            said = pick(lang, f"{rider} rides {mount}: {term(event.manoeuvre, lang)}",
                        f"{rider} cabalga a {mount}: {term(event.manoeuvre, lang)}")
    if event.test is not None:
        said += f": {tested(event.test, lang, name)}"
    done: list[str] = []
    if event.hits:
        struck = hits(event.hits, lang)
        if event.locations:
            struck += ": " + ", ".join(term(location, lang) for location in event.locations)
        done.append(struck)
    if event.refused:
        done.append(pick(lang, f"{mount} shies from the obstacle", f"{mount} rehúye el obstáculo"))
    if event.distance_m is not None:
        long, high = metres(event.distance_m, lang), metres(event.height_m or 0, lang)
        done.append(pick(lang, f"{long} long, {high} high", f"{long} de largo, {high} de alto"))
    elif event.move_m is not None:
        moved = metres(event.move_m, lang)
        if event.manoeuvre == "gallop":
            done.append(pick(lang, f"{mount} runs {moved} without its rider", f"{mount} corre {moved} sin su jinete")
                        if event.thrown else pick(lang, f"{mount} runs {moved}", f"{mount} corre {moved}"))
        else:
            done.append(pick(lang, f"{mount} moves {moved}", f"{mount} se mueve {moved}"))
    elif event.manoeuvre == "gallop" and event.test is not None and not event.test.success:
        done.append(pick(lang, f"{mount} does not break into a gallop", f"{mount} no llega a galopar"))
    if event.evasive:
        done.append(pick(lang, f"{signed(-event.evasive)} to ranged attacks at rider and mount, and to the rider's "
                               "shots, until the rider's next turn",
                         f"{signed(-event.evasive)} a los ataques a distancia contra jinete y montura, y a los "
                         "disparos del jinete, hasta su siguiente turno"))
    if event.thrown and event.manoeuvre != "gallop":
        done.append(pick(lang, "the rider is thrown", "el jinete es derribado de la silla"))
    if event.test is None:
        return f"{said}: {', '.join(done)}" if done else said
    return f"{said}; {', '.join(done)}" if done else said


def _burning_mount(event: BurningMountTested, name: Name, lang: Lang) -> str:
    rider, mount = name(event.rider_id), name(event.mount_id)
    burns = pick(lang, f"{mount} burns: [{event.damage_roll}] energy, {event.wounding} through TB, +1 fatigue",
                 f"{mount} arde: [{event.damage_roll}] de energía, {event.wounding} tras la BR, +1 de fatiga")
    agility = event.agility
    if event.caught_fire:
        fire = pick(lang, "catches fire", "se prende fuego")
    elif agility.success:
        fire = pick(lang, "does not catch fire", "no se prende")
    else:
        fire = pick(lang, "already burning", "ya arde")
    said = f"{burns}; {rider}: {tested(agility, lang, name)}, {fire}"
    bolt = ""
    if event.bolted:
        moved = metres(event.bolt_m or 0, lang)
        bolt = pick(lang, f"{mount} bolts {moved} in a random direction", f"{mount} se desboca {moved} en una "
                    "dirección al azar")
    if event.survival is None:
        return said + pick(lang, f"; no Survival to hold it: {bolt}", f"; sin Supervivencia para sujetarla: {bolt}")
    held = bolt or pick(lang, f"keeps {mount} under control", f"mantiene a {mount} bajo control")
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

