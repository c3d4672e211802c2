"""The sentence a few answers carry for the person who reads them (`note`), in the language the request asked for.

The same choice as a problem document's `detail` (service/api/negotiation.py, docs/errors.md "Language").
"""

from __future__ import annotations

from typing import Any

from litestar import Request

from service.api.negotiation import language

_NOTES: dict[str, tuple[str, str]] = {
    "gm_token": (
        "The GM token is shown only once: keep it. Send it as 'Authorization: Bearer <token>'.",
        "El token del DJ solo se muestra una vez: guárdalo. Envíalo como 'Authorization: Bearer <token>'.",
    ),
    "token": (
        "The token is shown only once: hand it to the participant.",
        "El token solo se muestra una vez: dáselo al participante.",
    ),
    "token_not_kept": (
        "This invitation was already made with this idempotency key; its token was shown then and is not kept.",
        "Esta invitación ya se hizo con esta clave de idempotencia; su token se mostró entonces y no se guarda.",
    ),
    "rotated_token": (
        "The new token is shown only once: hand it to the participant. The old one, and every web page signed "
        "in with it, stopped working.",
        "El token nuevo solo se muestra una vez: dáselo al participante. El anterior, y toda página web en la que "
        "se entró con él, dejaron de valer.",
    ),
    "rotated_token_not_kept": (
        "This rotation was already made with this idempotency key; its token was shown then and is not kept.",
        "Esta sustitución ya se hizo con esta clave de idempotencia; su token se mostró entonces y no se guarda.",
    ),
    "share_link": (
        "Anyone with this link reads the campaign as an observer until you revoke it (DELETE {revoke}).",
        "Quien tenga este enlace lee la campaña como observador hasta que lo revoques (DELETE {revoke}).",
    ),
}


def note(request: Request[Any, Any, Any], key: str, **values: str) -> str:
    english, spanish = _NOTES[key]
    return (spanish if language(request)[0] == "es" else english).format(**values)
