"""Everything the service shows people, in one place above the pure folds.

Transcripts (every event of a span as a frame: post, actor, a sentence, the standing it changed, its proof),
the replies to forum posts, command results told in words, and mission reports, each as JSON, Markdown or
BBCode (one `Format`) in English or Spanish (one `Lang`, one vocabulary per language); the rules engines lend
their own phrases (titles, terms, sentences, standing) for their events.
"""

from projections.corrections import Voider, voided_by
from projections.rendering.changes import Change
from projections.rendering.formats import Format
from projections.rendering.frames import Frame, FrameBuilder, build_frames
from projections.rendering.mission_report import mission_report
from projections.rendering.reply import Head, reply
from projections.rendering.told import Told, tell
from projections.rendering.transcript import Splitter, Stream, render, split

__all__ = [
    "Change", "Format", "Frame", "FrameBuilder", "Head", "Told", "Voider", "build_frames", "mission_report",
    "Splitter", "Stream", "render", "reply", "split", "tell", "voided_by",
]
