"""The web pages' own labels in English and Spanish, side by side so a missing translation shows.

Everything a page says about the game itself (event lines, field names, titles) comes from the rest of
the rendering package, the same words as transcripts and forum replies; this table holds only what a
page adds around them: headings, buttons, navigation, the proof page's steps.
"""

from __future__ import annotations

from projections.rendering.vocabulary import Lang

LABELS: dict[str, tuple[str, str]] = {
    "timeline": ("Timeline", "Cronología"),
    "state": ("State", "Estado"),
    "state_now": ("State now", "Estado actual"),
    "state_after": ("State right after {what}", "Estado justo tras {what}"),
    "compare": ("Compare", "Comparar"),
    "compare_title": ("Between {a} and {b}", "Entre {a} y {b}"),
    "compare_from": ("from post", "desde el mensaje"),
    "compare_to": ("to post", "hasta el mensaje"),
    "compare_go": ("Show what changed", "Mostrar qué cambió"),
    "compare_none": ("Nothing a reader follows changed.", "No cambió nada de lo que sigue un lector."),
    "compare_with_now": ("compare with now", "comparar con ahora"),
    "compare_previous": ("changes since the previous post", "cambios desde el mensaje anterior"),
    "post_n": ("post {post}", "el mensaje {post}"),
    "event_n": ("event {seq}", "el evento {seq}"),
    "turn_of_encounter": ("round {round}, turn {turn} of encounter {id}",
                          "el asalto {round}, turno {turn} del combate {id}"),
    "forum_post": ("forum post", "mensaje del foro"),
    "posted_as": ("posted as", "publicado como"),
    "no_post": ("no forum post", "sin mensaje del foro"),
    "by": ("by {who}", "de {who}"),
    "state_here": ("state here", "estado aquí"),
    "proof_link": ("dice proof", "comprobación de los dados"),
    "filters": ("Filters", "Filtros"),
    "filter_session": ("session", "sesión"),
    "filter_encounter": ("encounter", "combate"),
    "filter_character": ("character", "personaje"),
    "filter_type": ("event type", "tipo de evento"),
    "filter_any": ("any", "cualquiera"),
    "filter_apply": ("Apply", "Aplicar"),
    "filter_clear": ("Clear", "Quitar"),
    "older": ("← older", "← anteriores"),
    "newer": ("newer →", "posteriores →"),
    "first_page": ("⇤ first", "⇤ primeros"),
    "last_page": ("newest ⇥", "últimos ⇥"),
    "events_range": ("events {first}–{last} of {total}", "eventos {first}–{last} de {total}"),
    "no_events": ("No event matches.", "Ningún evento coincide."),
    "live_on": ("live: new events appear here", "en directo: los eventos nuevos aparecen aquí"),
    "live_new": ("{n} new event(s): show the newest", "{n} evento(s) nuevo(s): ver los últimos"),
    "undone_label": ("undone", "deshecho"),
    "refused_note": ("Refused: nothing of it counts; the dice it drew stay in the log, and verify.",
                     "Rechazado: nada de ello cuenta; los dados que tiró quedan en el registro y se verifican."),
    "undone_by": ("undone by {actor} at event {seq}, {when}", "deshecho por {actor} en el evento {seq}, {when}"),
    "retracted_by": ("retracted by {actor} at event {seq}, {when}",
                     "anulado por {actor} en el evento {seq}, {when}"),
    "session_heading": ("Session {n}", "Sesión {n}"),
    "outside_session": ("Outside any session", "Fuera de sesión"),
    "encounter_heading": ("Encounter {id}", "Combate {id}"),
    "characters": ("Characters", "Personajes"),
    "character": ("Character", "Personaje"),
    "encounter": ("Encounter", "Combate"),
    "no_encounter": ("No encounter is running.", "No hay ningún combate en curso."),
    "round_turn": ("round {round}, turn {turn}", "asalto {round}, turno {turn}"),
    "round_start": ("round {round}, before its first turn", "asalto {round}, antes de su primer turno"),
    "whose_turn": ("whose turn", "a quién le toca"),
    "nobody": ("nobody yet", "a nadie todavía"),
    "initiative_order": ("initiative order", "orden de iniciativa"),
    "initiative": ("initiative", "iniciativa"),
    "turns_played": ("Live turns", "Turnos vigentes"),
    "pools": ("Pools", "Reservas"),
    "no_pools": ("No shared pools in these rules.", "Estas reglas no tienen reservas comunes."),
    "missions": ("Missions", "Misiones"),
    "no_missions": ("No missions.", "No hay misiones."),
    "objectives": ("objectives", "objetivos"),
    "phase": ("phase", "fase"),
    "nothing_yet": ("—", "—"),
    "verify_ok": ("chain verified", "cadena verificada"),
    "verify_failed": ("verification FAILED", "verificación FALLIDA"),
    "verify_pending": ("verifying…", "verificando…"),
    "verify_details": (
        "{events} events, {dice} dice recomputed, {pending} not yet revealed",
        "{events} eventos, {dice} dados recalculados, {pending} aún sin revelar",
    ),
    "head_to_copy": ("chain head to quote in the forum", "cabeza de la cadena para citar en el foro"),
    "copy": ("copy", "copiar"),
    "copied": ("copied", "copiado"),
    "problems": ("Problems", "Problemas"),
    "roll_proof": ("Roll proof", "Comprobación de la tirada"),
    "the_roll": ("The roll", "La tirada"),
    "commitment": ("commitment (SHA-256 of the seed)", "compromiso (SHA-256 de la semilla)"),
    "seed": ("seed", "semilla"),
    "seed_secret": (
        "not revealed yet: the dice can be checked once the GM reveals it (at the end of the session)",
        "aún no revelada: los dados se podrán comprobar cuando el DJ la revele (al terminar la sesión)",
    ),
    "epoch": ("dice epoch", "época de dados"),
    "algorithm": ("dice algorithm", "algoritmo de dados"),
    "nonce": ("nonce (first event of the command)", "nonce (primer evento de la orden)"),
    "line_nonce": ("nonce (its line's)", "nonce (el de su línea)"),
    "entropy": ("entropy digest mixed in", "resumen de entropía mezclado"),
    "contributions": ("Contributions of the players", "Aportaciones de los jugadores"),
    "no_contributions": ("none before this roll", "ninguna antes de esta tirada"),
    "contribution_by": ("by {who}", "de {who}"),
    "contributions_omitted": (
        "{count} contributions before this roll: the last {listed} are listed here, the {omitted} before them in",
        "{count} aportaciones antes de esta tirada: aquí están las últimas {listed}, las {omitted} anteriores en",
    ),
    "all_contributions": ("the full list (JSON)", "la lista completa (JSON)"),
    "dice_heading": ("Dice", "Dados"),
    "die_k": ("die", "dado"),
    "sides": ("sides", "caras"),
    "value": ("value", "valor"),
    "in_event": ("in event", "en el evento"),
    "browser_says": ("your browser", "tu navegador"),
    "chain_position": ("Place in the hash chain", "Lugar en la cadena de hashes"),
    "prev_hash": ("previous hash", "hash anterior"),
    "hash": ("hash", "hash"),
    "witnessed_head": ("head now", "cabeza actual"),
    "verify_button": ("Verify in my browser", "Verificar en mi navegador"),
    "verify_intro": (
        "The button recomputes, in this browser and without trusting the server, the hash of each event of the "
        "roll, the commitment, the players' entropy and every die (docs/fairness.md); it asks the server only "
        "for the earlier contributions this page does not list, and checks their hashes too.",
        "El botón recalcula en este navegador, sin fiarse del servidor, el hash de cada evento de la "
        "tirada, el compromiso, la entropía de los jugadores y cada dado (docs/fairness.md); solo pide al "
        "servidor las aportaciones anteriores que esta página no lista, y también comprueba sus hashes.",
    ),
    "verify_noscript": (
        "Verifying in the browser needs JavaScript; the export and `lexmechanic verify` check the same offline.",
        "Verificar en el navegador necesita JavaScript; la exportación y `lexmechanic verify` comprueban lo mismo "
        "sin conexión.",
    ),
    "sealed_proof": ("Sealed roll proof", "Comprobación de la tirada secreta"),
    "sealed_what": ("What was sealed", "Qué se selló"),
    "sealed_not_revealed": (
        "Not yet revealed: its faces are in no event, so no page can show them; they are bound by the commitment "
        "below, and the GM's reveal (or the end of the session) will show them, checkable here.",
        "Aún no revelada: sus caras no están en ningún evento, así que ninguna página puede mostrarlas; las "
        "fija el compromiso de abajo, y la revelación del DJ (o el fin de la sesión) las mostrará, comprobables "
        "aquí.",
    ),
    "sealed_key_hidden": ("not yet revealed", "aún no revelada"),
    "sealed_revealed_at": ("revealed at event", "revelada en el evento"),
    "sealed_dice": ("dice", "dados"),
    "sealed_key": ("roll key", "clave de la tirada"),
    "sealed_key_commitment": ("commitment to the key", "compromiso de la clave"),
    "sealed_outcome_commitment": ("commitment to the outcome", "compromiso del resultado"),
    "v_key_ok": ("the key matches the roll's commitment", "la clave coincide con el compromiso de la tirada"),
    "v_key_bad": ("the key does NOT match the roll's commitment", "la clave NO coincide con el compromiso de la "
                  "tirada"),
    "v_key_seed_ok": ("the key is the HMAC of the epoch's seed", "la clave es el HMAC de la semilla de la época"),
    "v_key_seed_bad": ("the key is NOT the HMAC of the epoch's seed", "la clave NO es el HMAC de la semilla de la "
                       "época"),
    "v_outcome_ok": ("the outcome is the one the seal committed to", "el resultado es el que el sello comprometió"),
    "v_outcome_bad": ("the outcome is NOT the one the seal committed to", "el resultado NO es el que el sello "
                      "comprometió"),
    "v_sealed_pending": ("the seal's chain agrees; the roll is not yet revealed", "la cadena del sello coincide; la "
                         "tirada aún no se ha revelado"),
    "v_running": ("checking…", "comprobando…"),
    "v_verified": ("verified: every die, the commitment and the chain agree", "verificado: cada dado, el "
                   "compromiso y la cadena coinciden"),
    "v_failed": ("NOT verified", "NO verificado"),
    "v_pending": ("the chain agrees; the dice wait for the seed's reveal", "la cadena coincide; los dados esperan "
                  "a que se revele la semilla"),
    "v_no_crypto": (
        "this browser offers no WebCrypto here (it needs https or localhost)",
        "este navegador no ofrece WebCrypto aquí (necesita https o localhost)",
    ),
    "v_hash_ok": ("event {seq}: hash recomputed", "evento {seq}: hash recalculado"),
    "v_hash_bad": ("event {seq}: hash does not match", "evento {seq}: el hash no coincide"),
    "v_commit_ok": ("seed matches the commitment", "la semilla coincide con el compromiso"),
    "v_commit_bad": ("seed does NOT match the commitment", "la semilla NO coincide con el compromiso"),
    "v_fetched_ok": ("the {n} contributions before the roll, read from the server: hashes recomputed",
                     "las {n} aportaciones antes de la tirada, leídas del servidor: hashes recalculados"),
    "v_fetch_bad": ("the earlier contributions could not be read from the server",
                    "no se pudieron leer del servidor las aportaciones anteriores"),
    "v_entropy_ok": ("entropy digest recomputed", "resumen de entropía recalculado"),
    "v_entropy_bad": ("entropy digest does NOT match", "el resumen de entropía NO coincide"),
    "v_die_ok": ("die {k}: d{sides} = {value}", "dado {k}: d{sides} = {value}"),
    "v_die_bad": ("die {k}: recorded {value}, recomputed {computed}", "dado {k}: registrado {value}, "
                  "recalculado {computed}"),
    "v_dice_missing": ("dice numbers are not 0…n−1", "los números de dado no son 0…n−1"),
    "sign_in": ("Sign in", "Entrar"),
    "ways_back": ("where to go from here", "adónde ir desde aquí"),
    "sign_out": ("Sign out", "Salir"),
    "sign_in_intro": (
        "Paste the token this campaign gave you. It stays in an HTTP-only cookie of this browser, for this "
        "campaign only, until you sign out.",
        "Pega el token que te dio esta campaña. Se guarda en una cookie HTTP-only de este navegador, solo para "
        "esta campaña, hasta que salgas.",
    ),
    "token": ("token", "token"),
    "bad_token": ("This token does not belong to this campaign.", "Este token no pertenece a esta campaña."),
    "signed_in_as": ("signed in as {who} ({role})", "has entrado como {who} ({role})"),
    "shared_view": ("read-only share link", "enlace de solo lectura"),
    "role_gm": ("GM", "DJ"),
    "role_player": ("player", "persona jugadora"),  # without gender: a participant's is unknown
    "role_observer": ("observer", "persona observadora"),
    "language": ("Language", "Idioma"),
    "pages_nav": ("pages", "páginas"),
    "not_found": ("Not found", "No encontrado"),
    "no_such_page": ("No page answers {path}.", "Ninguna página responde a {path}."),
    "bad_request": ("This address is not valid", "Esta dirección no es válida"),
    "not_signed_in": ("Not signed in", "Sin identificar"),
    "forbidden": ("Not allowed", "No permitido"),
    "refused": ("Refused", "Rechazado"),
    "no_dice": ("This event rolled no dice.", "Este evento no tiró dados."),
    "back_to_timeline": ("back to the timeline", "volver a la cronología"),
    "skip_to_content": ("skip to content", "ir al contenido"),
}


def label(key: str, lang: Lang, **values: object) -> str:
    """The page label in the language, with its placeholders filled in."""
    pair = LABELS[key]
    return (pair[1] if lang == "es" else pair[0]).format(**values)


def labels(lang: Lang) -> dict[str, str]:
    """Every label in one language, unformatted (templates fill the placeholders)."""
    index = 1 if lang == "es" else 0
    return {key: pair[index] for key, pair in LABELS.items()}
