"""Everything the service shows people, in one place above the pure folds.

Transcripts (every event of a span as a frame: post, actor, summary, dice, state changes) and mission
reports, each as JSON, Markdown or BBCode (one `Format`) in English or Spanish (one `Lang`, one
vocabulary per language); the rules engines lend their own phrases for their events.
"""

from projections.rendering.changes import Change
from projections.rendering.formats import Format
from projections.rendering.frames import Frame, build_frames
from projections.rendering.mission_report import mission_report
from projections.rendering.transcript import render

__all__ = ["Change", "Format", "Frame", "build_frames", "mission_report", "render"]
