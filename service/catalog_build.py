"""Compile the catalogs' `.po` files into the `.mo` files the service reads (`python -m service.catalog_build`).

Babel (the Python project's own i18n library) reads and writes the gettext formats; the service reads the
`.mo` files with the standard library alone, so Babel is needed only where catalogs are edited and tested.
Run it after editing a `.po` file; tests/domain/test_catalog.py fails while a `.mo` is stale.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path

_FIXED = datetime(2026, 1, 1, tzinfo=UTC)
CATALOG = Path(__file__).resolve().parent.parent / "domain" / "catalog"


def compiled(po: Path) -> bytes:
    """The `.mo` bytes of one `.po` file (fuzzy entries included: a catalog here has no draft entries)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source, locale=po.parent.name)
    # Babel stamps a catalog without dates with the time it reads it; fixed dates keep the bytes reproducible.
    catalog.creation_date = catalog.revision_date = _FIXED
    out = BytesIO()
    write_mo(out, catalog, use_fuzzy=True)
    return out.getvalue()


def sources() -> list[Path]:
    return sorted(CATALOG.glob("*/*.po"))


def main() -> int:
    for po in sources():
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
            print(f"compiled {mo.relative_to(CATALOG.parent.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
