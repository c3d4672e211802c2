"""A normal install works: the wheel ships the migrations and the docs page's assets, and `lexmechanic migrate`
builds the schema with the migrations.

The wheel is built from a copy of the source tree and installed, not editable, into a fresh virtual
environment that borrows only the third-party packages of the running one; the command runs outside the
source tree, so nothing of the checkout can stand in for what the wheel lacks.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

import asyncpg

from service.migrations import MigrationError, discover

ROOT = Path(__file__).resolve().parents[2]
_NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "*.egg-info", "build", "__pycache__", ".lexmechanic", ".mypy_cache", ".pytest_cache",
    ".ruff_cache", ".hypothesis",
)


def _run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{args}: {done.stdout}\n{done.stderr}"
    return done.stdout


def test_discover_refuses_a_directory_without_migrations(tmp_path: Path) -> None:
    try:
        discover(tmp_path)
    except MigrationError as error:
        assert "no migration files" in str(error)
    else:
        raise AssertionError("an empty migrations directory must not read as 'up to date'")


async def test_the_installed_wheel_migrates_a_fresh_database(tmp_path: Path, empty_database_url: str) -> None:
    source, wheels, fresh = tmp_path / "source", tmp_path / "wheels", tmp_path / "fresh"
    shutil.copytree(ROOT, source, ignore=_NOT_SOURCE)
    _run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", wheels, source, cwd=tmp_path)
    (wheel,) = wheels.glob("lexmechanic-*.whl")
    _run(sys.executable, "-m", "venv", "--without-pip", fresh, cwd=tmp_path)
    _run(sys.executable, "-m", "pip", "--python", fresh / "bin" / "python", "install", "-q", "--no-deps", wheel,
         cwd=tmp_path)
    fresh_site = Path(_run(fresh / "bin" / "python", "-c", "import sysconfig; print(sysconfig.get_path('purelib'))",
                           cwd=tmp_path).strip())
    # Third-party packages come from the running environment; a path line in a .pth file is not itself
    # searched for .pth files, so the checkout's editable hook stays out.
    (fresh_site / "borrowed.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    where = _run(fresh / "bin" / "python", "-c", "import migrations, service; print(service.__file__)", cwd=tmp_path)
    assert Path(where.strip()).is_relative_to(fresh_site)
    assets = _run(fresh / "bin" / "python", "-c",
                  "from service.api.docs_page import ASSETS; print(*sorted(p.name for p in ASSETS.iterdir()))",
                  cwd=tmp_path).split()
    assert {"swagger-ui-bundle.js", "swagger-ui.css", "LICENSE", "NOTICE"} <= set(assets)  # the docs page, offline

    env = {**os.environ, "DATABASE_URL": empty_database_url}
    out = _run(fresh / "bin" / "lexmechanic", "migrate", cwd=tmp_path, env=env)
    assert out.startswith("Applied: 0001_")
    connection = await asyncpg.connect(empty_database_url)
    try:
        tables = {r[0] for r in await connection.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        )}
        applied = await connection.fetchval("SELECT count(*) FROM schema_migrations")
    finally:
        await connection.close()
    assert {"campaigns", "events", "dice_epochs", "access_tokens", "snapshots", "schema_migrations"} <= tables
    assert applied == len(discover())
    again = _run(fresh / "bin" / "lexmechanic", "migrate", cwd=tmp_path, env=env)
    assert again.startswith("The schema is up to date")
