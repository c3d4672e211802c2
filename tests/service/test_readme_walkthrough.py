"""The README runs as written: every `bash` block after the Quick start, pasted in order into one shell, against
a running `lexmechanic serve`, sets up a table, plays a round of a fight from a forum post, uses the command
line client and verifies the export offline — with no value typed by hand (issue 21, item 1).

The blocks run exactly as the README prints them; the test only says where the service listens (`LX`, which
the README's first block defaults to the Quick start's address), gives the client a fresh config directory,
and runs them in a directory whose `.venv` is this interpreter's virtualenv, as in a clone where the Quick
start ran. `bash -e -o pipefail` stops at the first failing command, so a refused request fails the test
(the README's `send` uses `curl --fail-with-body`).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from .test_two_processes import _serving

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def bash_blocks(text: str) -> list[str]:
    return re.findall(r"^```bash\n(.*?)^```", text, re.S | re.M)


def test_the_quick_start_is_two_commands_install_and_serve_then_install_and_test() -> None:
    quick = bash_blocks(README.read_text())[0].strip().splitlines()
    assert len(quick) == 2
    assert quick[0].endswith("lexmechanic serve") and "pip install" in quick[0]
    assert quick[1].endswith("pytest") and "'.[test]'" in quick[1]


def test_the_readme_blocks_run_in_order_in_one_shell(database_url: str, tmp_path: Path) -> None:
    venv = Path(sys.executable).parent.parent
    assert (venv / "bin" / "lexmechanic").exists(), f"the tests run from a virtualenv with lexmechanic: {venv}"
    (tmp_path / ".venv").symlink_to(venv)
    script = "\n".join(bash_blocks(README.read_text())[1:])
    with _serving(database_url) as base:
        env = {**os.environ, "LX": base, "XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path)}
        env.pop("LEXMECHANIC_TOKEN", None)
        ran = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=600)
    said = ran.stdout + ran.stderr
    assert ran.returncode == 0, said[-4000:]
    # A round of the fight was played from Ana's post, and the reply names it.
    assert "Brother Kai fires a semi-auto burst at Cultists (Bolter)" in said
    assert "Brother Kai ends the turn; Round 2 begins" in said
    # The client logged in with the token the first block kept, and posted.
    assert "as Ana, player" in said and "Roll 2d10 (for the Emperor)" in said
    # The export verifies offline, rules replayed, and holds the head the forum saw under the post.
    verdict = next((line for line in said.splitlines() if "campaign" in line and "hash chain" in line), "no verdict")
    assert verdict.startswith("OK campaign") and "witnessed heads: 1 found" in verdict, said[-3000:]
    assert re.search(r"rules: \d+ commands decided again", said)
    assert (tmp_path / "campaign.jsonl").stat().st_size > 0
