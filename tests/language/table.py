"""The directory the language tests (and docs/commands.md's examples) name things in.

A Deathwatch squad (Brother Kai, played by Ana; Brother Ister, played by Boris), a cultist horde and their
leader; a Wrath & Glory hero (Sigma 19, Ana's) and an ork mob; a mission with two objectives.
"""

from __future__ import annotations

from domain.language import (
    CharacterEntry,
    Directory,
    EncounterEntry,
    MissionEntry,
    ObjectiveEntry,
    ParseContext,
    ParticipantEntry,
    PendingEntry,
    WeaponEntry,
)

D100_WEAPONS = (WeaponEntry("bolter", "Godwyn bolter"), WeaponEntry("knife", "Combat knife"))
WNG_WEAPONS = (WeaponEntry("Bolt Pistol", "Bolt Pistol"), WeaponEntry("Chainsword", "Chainsword"))

PARTICIPANTS = (
    ParticipantEntry(id="gm", name="Game Master"),
    ParticipantEntry(id="ana", name="Ana"),
    ParticipantEntry(id="boris", name="Boris"),
    ParticipantEntry(id="carla", name="Carla"),
)

D100_CHARACTERS = (
    CharacterEntry(id="kai", name="Brother Kai", owner="ana", weapons=D100_WEAPONS, skills=("Dodge", "Awareness")),
    CharacterEntry(id="ister", name="Brother Ister", owner="boris", weapons=D100_WEAPONS),
    CharacterEntry(id="cultists", name="Cultist horde", weapons=D100_WEAPONS),
    CharacterEntry(id="magus", name="Cult Magus", weapons=D100_WEAPONS),
)
WNG_CHARACTERS = (
    CharacterEntry(id="sigma", name="Sigma 19", owner="ana", weapons=WNG_WEAPONS),
    CharacterEntry(id="orks", name="Ork mob", weapons=WNG_WEAPONS),
    CharacterEntry(id="boss", name="Ork boss", weapons=WNG_WEAPONS),
)
MISSIONS = (
    MissionEntry(id="m1", title="Purge the hive", objectives=(
        ObjectiveEntry(id="o1", text="Destroy the generator"),
        ObjectiveEntry(id="o2", text="Rescue the miners"),
    )),
)
ENCOUNTERS = (EncounterEntry(id="skirmish"),)

D100 = Directory(characters=D100_CHARACTERS, participants=PARTICIPANTS, encounters=ENCOUNTERS, missions=MISSIONS,
                 pending=(PendingEntry(kind="attack", id="a7", actor="cultists", targets=("kai",),
                                       tags=("awaiting_reaction",)),
                          PendingEntry(kind="attack", id="a8", actor="kai", targets=("cultists",),
                                       tags=("awaiting_damage",)),
                          PendingEntry(kind="test", id="t5", actor="kai")))
WNG = Directory(characters=WNG_CHARACTERS, participants=PARTICIPANTS, encounters=ENCOUNTERS, missions=MISSIONS,
                pending=(PendingEntry(kind="test", id="t3", actor="sigma", targets=("orks",),
                                      tags=("attack", "resolvable")),
                         PendingEntry(kind="test", id="t4", actor="boss", tags=("skill", "complication"))))

ANA = ParseContext(author="ana", id_prefix="p1")
GM = ParseContext(author="gm", id_prefix="p2")
