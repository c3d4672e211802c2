"""The handouts' lines the premades' numbers come from, copied verbatim (seed, line number, text).

The seeds themselves (four Spanish handouts) are not in the repository; these quotes are, so the tests that
read numbers from them run anywhere. Each is the line as the handout has it (a non-breaking space and all),
or, where the line is long, its sentences that hold the numbers.
"""

from __future__ import annotations

QUOTES: dict[str, tuple[int, int, str]] = {
    "elena": (3, 16, 'Ejemplo: Elena esta intentando una prueba de persuasión para convencer a un gobernador '
                     'planetario de que le otorgue acceso a sus recursos. Ella reúne un grupo de dados igual a su '
                     'habilidad de persuasión (un valor de 3) y agrega el valor de su atributo "carisma" para '
                     'obtener un total de siete dados.'),
    "laspistol": (3, 27, "Por ejemplo, una pistola láser tiene un valor de daño de 7 + 1 ED, lo que significa que "
                         "se tira un dado adicional y se añaden los iconos obtenidos en dicho dado al valor de "
                         "daño de 7."),
    "daniel": (3, 54, "Ejemplo: Daniel intenta saltar de un pórtico en un Manufactorum a una pasarela cercana. "
                      "Reune un grupo de dados igual a su atletismo (un valor de 3), añadiendo su puntuación en "
                      "agilidad para un total de siete dados."),
    "james": (3, 64, "Ejemplo: James se enfrenta a una puerta sellada que conduce a las profundidades de una "
                     "antigua bóveda de datos. Realiza una prueba de tecnología para intentar abrirla con un total "
                     "de nueve dados (5 de su puntuación en intelecto y 4 de su puntuación en tecnología)."),
    "sigma_19": (3, 185, "Ejemplo: Sigma 19 realiza un ataque a distancia contra una tropa de orkos que está "
                         "atacando un puesto minero. Reúne un grupo de 12 dados (su agilidad de 6 y su habilidad "
                         "balística de 6), y realiza una tirada contra la defensa de la tropa de 3."),
    "ork_boyz": (3, 199, "Ejemplo: Un grupo de tres héroes ha sido rodeado por una tropa furiosa de diez orkos."),
    "xanthia": (1, 116, "La capacidad de movimiento de Xanthia está indicada en su hoja de personaje como "
                        "4/8/12/24. Esto significa que Xanthia puede desplazarse 4 metros"),
    "cultist_horde": (1, 415, 'Los integrantes de una horda poseen su perfil de atributos sin modificar, pero al '
                              'estar en una horda, pierden sus heridas individuales para dar paso a la "Magnitud" '
                              'de la horda, que representa una idea de lo poderosa que es una horada. 1 punto de '
                              'magnitud no tiene por que ser un integrante de la horda, por ello, podremos '
                              'encontrarnos con hordas de quince orkos y que su magnitud sea igual a 30.'),
    "range": (1, 306, "Arma de alcance 20 m."),
}

# 002 "Toma de Juramentos": each oath's prerequisite line names the specialities that may lead it.
PREREQUISITES: tuple[tuple[int, str], ...] = (
    (236, "\u00a0 - Prerrequisito: Marine Táctico, Marine de Asalto o Devastador."),
    (241, "\u00a0 - Prerrequisito: Marine Táctico, Bibliotecario o Apotecario."),
    (246, "\u00a0 - Prerrequisito: Marine Táctico o Marine de Asalto."),
    (251, "\u00a0 - Prerrequisito: Bibliotecario o Apotecario."),
    (257, "\u00a0 - Prerrequisito: Marine Táctico o Apotecario."),
    (262, "\u00a0 - Prerrequisito: Tecnomarine o Devastador."),
)

SPANISH_NUMBERS = {"tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10,
                   "quince": 15}
