"""Transcripts: every event of a span as a frame — post, actor, a one-line summary, dice, state changes."""

from projections.transcript.changes import Change
from projections.transcript.frames import Frame, build_frames
from projections.transcript.render import render

__all__ = ["Change", "Frame", "build_frames", "render"]
