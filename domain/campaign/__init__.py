"""Ruleset-neutral campaign rules: sessions, participants, dice epochs, generic sheets, rolls, notes."""
