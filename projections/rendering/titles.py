"""The title of every campaign and mission event type in English and Spanish, for transcripts and forum
posts: the catalog's `render.title.<event type>`.

Each rules engine brings the titles of its own events (its phrases); `title` asks them after these. A test
checks that every registered event type has one, so a new event cannot reach a transcript without words.
"""

from __future__ import annotations

from projections.rendering.catalog_words import pairs

TITLES: dict[str, tuple[str, str]] = pairs("render.title.")
