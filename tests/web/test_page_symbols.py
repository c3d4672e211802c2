"""Every symbol the pages draw (✔ ✘ ◷ ◀ …) is in a font the machine's Chromium can fall back on.

A symbol no installed font holds is drawn as an empty box: the pending mark ⧗ was, on Debian's Chromium.
fontconfig answers which fonts cover a character (`fc-list :charset=<hex>`), the same lookup Chromium makes.
"""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from projections.rendering.page_words import LABELS

WEB = Path(__file__).parents[2] / "service" / "web"


def _symbols() -> set[str]:
    texts = [p.read_text() for p in (*WEB.glob("templates/*.html"), *WEB.glob("static/*"))]
    texts += [word for pair in LABELS.values() for word in pair]
    return {ch for text in texts for ch in text if unicodedata.category(ch) in ("So", "Sm") and ord(ch) > 0x2000}


def test_the_pages_symbols_each_have_a_font() -> None:
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        pytest.fail("no fc-list: fontconfig comes with Debian's chromium package (.ci/run installs it)")
    symbols = _symbols()
    assert "✔" in symbols and "◷" in symbols
    missing = [f"{ch} U+{ord(ch):04X}" for ch in sorted(symbols)
               if not subprocess.run([fc_list, f":charset={ord(ch):x}", "family"], capture_output=True, text=True,
                                     check=True).stdout.strip()]
    assert missing == []
