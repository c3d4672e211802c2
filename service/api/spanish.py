"""The Spanish words of the problem documents the edge writes: validation messages and a lead for each type.

The edge's own refusals carry their Spanish detail beside the English one (`ApiError(detail_es=…)`); the
rules' refusals lead with the rule's sentence (projections/rendering/refusals.py). What is left — the
decoder's messages about fields, and any English detail without a Spanish one — is translated here, so
a reader who asked for Spanish never gets an English-only answer.
"""

from __future__ import annotations

import re

# What a problem of each type is, in Spanish: the lead of a detail that has no Spanish wording of its own.
LEADS: dict[str, str] = {
    "bad-request": "el cuerpo de la petición no es JSON válido",
    "invalid-request": "la petición no es válida",
    "unauthenticated": "falta una credencial válida",
    "forbidden": "no tienes permiso para hacerlo",
    "campaign-not-found": "no existe esa campaña",
    "not-found": "no existe lo que nombra la petición",
    "method-not-allowed": "ese método HTTP no está permitido en esta ruta",
    "version-conflict": "la campaña ya no está en la versión esperada",
    "idempotency-conflict": "esa clave de idempotencia ya se usó para otra orden",
    "too-large": "el cuerpo de la petición es demasiado grande",
    "unsupported-media-type": "ese tipo de contenido no se admite",
    "rule-violation": "las reglas no lo permiten ahora",
    "internal-error": "el servicio ha fallado de forma inesperada; el error queda registrado",
    "service-unavailable": "la base de datos no responde ahora mismo",
}

# The decoder's (msgspec's) messages about one field, most specific first.
_MESSAGES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), spanish)
    for pattern, spanish in (
        (r"^Object missing required field `(.+)`$", r"falta el campo obligatorio `\1`"),
        (r"^Object contains unknown field `(.+)`$", r"el objeto tiene un campo desconocido, `\1`"),
        (r"^Invalid enum value (.+)$", r"valor no admitido: \1"),
        (r"^Invalid value (.+)$", r"valor no admitido: \1"),
        (r"^Expected `(.+)`, got `(.+)`$", r"se esperaba `\1` y ha llegado `\2`"),
        (r"^Expected `(.+)` of length (.+)$", r"se esperaba `\1` de longitud \2"),
        (r"^Expected `(.+)` matching regex (.+)$", r"se esperaba `\1` que cumpla la expresión regular \2"),
        (r"^Expected `(.+)` (>=|<=|>|<) (.+)$", r"se esperaba `\1` \2 \3"),
        (r"^Expected `(.+)`$", r"se esperaba `\1`"),
    )
)


def field_message(message: str) -> str:
    """A decoder's message about a field, in Spanish (the field names and types stay as they are written)."""
    for pattern, spanish in _MESSAGES:
        if pattern.match(message):
            return pattern.sub(spanish, message)
    return message


def led(slug: str, english: str) -> str:
    """An English detail that has no Spanish wording: the type's Spanish lead, then the English words."""
    return f"{LEADS.get(slug, 'la petición no se ha podido atender')} ({english})"
