"""The Spanish of the missions' refusals that name a phase, an oath, a speciality or an objective.

The rule's sentence alone was wrong or vague here: every `mission_phases` refusal read "una misión cerrada
no cambia de fase" (a mission in preparation skipping execution too), and an oath's prerequisite never said
which speciality leads it. The missions' rules write these messages always alike (domain/missions/), so
the message's words pick the sentence and its names fill it; texts people wrote pass unchanged.
"""

from __future__ import annotations

import re

from projections.rendering.mission_wording import EN, ES

_PHASES = {"preparation": "preparación", "execution": "ejecución", "rewards": "recompensas"}
_OATHS = {EN.oath_names[o]: ES.oath_names[o] for o in EN.oath_names}
# The rules write a speciality with its article ("a Tactical Marine", "an Apothecary").
_SPECIALITIES = {f"{'an' if name[0] in 'AEIOU' else 'a'} {name}": ES.specialities[key]
                 for key, name in EN.specialities.items()}

_REASONS: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    rule: tuple((re.compile(pattern), spanish) for pattern, spanish in reasons) for rule, reasons in {
        "mission_phases": (
            (r"^a closed mission cannot change phase$", "una misión cerrada no cambia de fase"),
            (r"^the mission is already in (?P<phase>\w+)$", "la misión ya está en la fase de {phase}"),
            (r"^a mission in (?P<phase>\w+) cannot go back to (?P<to>\w+)$",
             "una misión en la fase de {phase} no vuelve a la de {to}"),
            (r"^a mission in (?P<phase>\w+) cannot skip (?P<to>\w+); advance to \w+ first$",
             "una misión en la fase de {phase} no se salta la de {to}: pásala antes a la fase de {to}"),
        ),
        "no_xp_after_a_failed_primary": (
            (r"^no XP: primary objective '(?P<text>.*)' failed$", "sin PX: el objetivo primario «{text}» falló"),
            (r"^no XP: primary objective '(?P<text>.*)' was not completed$",
             "sin PX: el objetivo primario «{text}» no se cumplió"),
        ),
        "oath_prerequisite": (
            (r"^the (?P<oath>.+?) needs a leader who is (?P<allowed>.+); (?P<name>.+) is (?P<has>an? [A-Z][\w ]+)$",
             "el {oath} necesita un líder que sea {allowed}; {name} es {has}"),
            (r"^the (?P<oath>.+?) needs a leader who is (?P<allowed>.+); (?P<name>.+) has no speciality recorded$",
             "el {oath} necesita un líder que sea {allowed}; {name} no tiene especialidad anotada"),
            (r"^the squad swore the (?P<oath>.+), which (?P<name>.+) cannot lead; take another oath first$",
             "la escuadra prestó el {oath}, que {name} no puede liderar: presta antes otro juramento"),
        ),
    }.items()
}


def _term(group: str, value: str) -> str | None:
    match group:
        case "phase" | "to":
            return _PHASES.get(value)
        case "oath":
            return _OATHS.get(value)
        case "has":
            return _SPECIALITIES.get(value)
        case "allowed":
            shown = [_SPECIALITIES.get(part) for part in value.split(" or ")]
            return None if None in shown else " o ".join(s for s in shown if s is not None)
    return value  # a name or a text someone wrote


def mission_reason(rule: str, message: str) -> str | None:
    """The Spanish sentence for a missions refusal, with its names; None if the message is not one of these."""
    for pattern, spanish in _REASONS.get(rule, ()):
        found = pattern.match(message)
        if found is None:
            continue
        terms = {group: _term(group, value) for group, value in found.groupdict().items()}
        if any(v is None for v in terms.values()):
            return None  # an English word with no Spanish here: the rule's own sentence is better
        return spanish.format(**terms)
    return None
