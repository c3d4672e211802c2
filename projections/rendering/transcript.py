"""Transcripts a forum can show: one line per event (a sentence, who changed and how, the proof link, a link
back to the post), undone events greyed and marked, and the head witness at the end; JSON, Markdown or
BBCode, streamed frame by frame, or cut into messages of at most N characters on frame boundaries.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import msgspec

from projections.rendering.formats import Format
from projections.rendering.frames import Frame
from projections.rendering.markup import WRITERS, Markup, Writer
from projections.rendering.reply import Head, witness
from projections.rendering.vocabulary import Lang, position, word

_encoder = msgspec.json.Encoder()


class Layout:
    """How one markup lays out a transcript: its opening, one item per frame, its closing."""

    def __init__(self, markup: Markup, lang: Lang, title: str) -> None:
        self.out: Writer = WRITERS[markup]
        self.markup = markup
        self.lang = lang
        self.title = title

    def item(self, frame: Frame) -> str:
        """One frame as a list item's text (without the list marker)."""
        out, lang = self.out, self.lang
        where = f" · {position(frame.round, frame.turn, lang)}" if frame.encounter else ""
        who = f" · {out.text(frame.actor_name or frame.actor or '')}" if frame.actor else ""
        # A summary may carry a GM's note of several lines: each is escaped and indented under the item.
        text = f"{out.bold(f'#{frame.seq}')}{where}{who}: {out.lines(frame.summary)}"
        if frame.effects:
            text += " → " + out.italic("; ".join(out.text(e) for e in frame.effects))
        links: list[str] = []
        if frame.dice and not frame.dice_told:
            links.append(out.text(f"{word('dice', lang)}: " + ", ".join(f"d{d.sides}={d.value}" for d in frame.dice)))
        if frame.proof is not None:
            links.append(out.link(word("proof", lang), frame.proof))
        if frame.entropy_from:
            listed = len(frame.entropy_from)
            said = (word("entropy_from_many", lang, count=frame.entropy_count, listed=listed)
                    if frame.entropy_count > listed else word("entropy_from", lang))
            links.append(out.text(f"{said}: " + ", ".join(f"#{s}" for s in frame.entropy_from)))
        if frame.post is not None and frame.post.id is not None:
            label = out.text(f"{word('post', lang)} {frame.post.id}")
            links.append(out.link(label, frame.post.url) if frame.post.url else label)
        if links:
            text += " · " + " · ".join(links)
        if frame.refused:
            # Nothing of a refused attempt counts; its dice stay: marked as such (Markdown has no strikethrough).
            marked = f"{out.italic(out.text(word('refused_attempt', lang)) + ':')} {text}"
            text = marked if self.markup == "markdown" else out.muted(marked)
        if frame.undone:
            mark = word("retracted_by" if frame.undone_by_retraction else "undone_by", lang,
                        actor=frame.undone_by_name or frame.undone_by_actor or "?", seq=frame.undone_by)
            marked = f"{out.italic(out.text(mark) + ':')} {text}"
            # Markdown has no grey (and no strikethrough both parsers read): the mark alone tells it.
            text = marked if self.markup == "markdown" else out.muted(marked)
        return text

    def opening(self, first: bool) -> str:
        title = self.out.title(self.out.text(self.title)) + "\n\n" if first else ""
        return title + ("[list]\n" if self.markup == "bbcode" else "")

    def closing(self, head: Head | None, last: bool) -> str:
        close = "\n[/list]" if self.markup == "bbcode" else ""
        tail = f"\n\n{self.out.small(self.out.text(witness(head, self.lang)))}" if last and head is not None else ""
        return close + tail + "\n"

    def line(self, item: str) -> str:
        item = item.strip()  # a trailing space reads differently in CommonMark and Python-Markdown
        return f"[*]{item}" if self.markup == "bbcode" else f"- {item}"

    def message(self, items: list[str], first: bool, last: bool, head: Head | None) -> str:
        if not items:
            # The head witness on its own (the last frame filled the message before it): no empty list.
            return self.closing(head, last).removeprefix("\n[/list]").lstrip("\n")
        return self.opening(first) + "\n".join(self.line(i) for i in items) + self.closing(head, last)


class Stream:
    """A transcript pushed frame by frame: `begin`, one `frame` per event, `end`; each answers text to send."""

    def __init__(self, fmt: Format, lang: Lang, title: str, head: Head | None) -> None:
        self.fmt, self.lang, self.title, self.head = fmt, lang, title, head
        self.layout = Layout(fmt, lang, title) if fmt != "json" else None
        self.count = 0

    def begin(self) -> str:
        if self.layout is None:
            return '{"title":' + _encoder.encode(self.title).decode() + ',"lang":"' + self.lang + '","frames":['
        return self.layout.opening(True)

    def frame(self, frame: Frame) -> str:
        if frame.minor and self.layout is not None:
            return ""
        self.count += 1
        glue = "" if self.count == 1 else ("," if self.layout is None else "\n")
        if self.layout is None:
            return glue + _encoder.encode(frame).decode()
        return glue + self.layout.line(self.layout.item(frame))

    def end(self) -> str:
        if self.layout is None:
            return '],"head":' + _encoder.encode(self.head).decode() + "}"
        return self.layout.closing(self.head, True)


class Splitter:
    """A transcript pushed frame by frame, answered as whole messages of at most `limit` characters, cut
    between frames (a frame longer than a message on its own is shortened, ending in …)."""

    def __init__(self, fmt: Markup, lang: Lang, title: str, head: Head | None, limit: int) -> None:
        self.layout = Layout(fmt, lang, title)
        self.head, self.limit = head, limit
        self.pending: list[str] = []
        self.first = True

    def push(self, frame: Frame) -> Iterator[str]:
        if frame.minor:
            return
        layout = self.layout
        item = _fit(layout, layout.item(frame), self.first and not self.pending, self.head, self.limit)
        if self.pending and len(layout.message([*self.pending, item], self.first, False, self.head)) > self.limit:
            yield layout.message(self.pending, self.first, False, self.head)
            self.first, self.pending = False, []
            item = _fit(layout, layout.item(frame), False, self.head, self.limit)
        self.pending.append(item)

    def finish(self) -> Iterator[str]:
        layout, pending, head = self.layout, self.pending, self.head
        final = layout.message(pending, self.first, True, head)
        if len(final) <= self.limit or not pending:
            yield final
            return
        tail = layout.message(pending[-1:], False, True, head)
        if len(pending) > 1 and len(tail) <= self.limit:
            yield layout.message(pending[:-1], self.first, False, head)
            yield tail
            return
        # The last frame and the head witness do not fit together: the witness goes on its own.
        yield layout.message(pending, self.first, False, head)
        yield layout.message([], False, True, head)


def render(frames: Iterable[Frame], fmt: Format, lang: Lang, title: str, head: Head | None = None) -> str:
    """The transcript in one format, as one text."""
    stream = Stream(fmt, lang, title, head)
    return stream.begin() + "".join(stream.frame(f) for f in frames) + stream.end()


def split(frames: Iterable[Frame], fmt: Markup, lang: Lang, title: str, head: Head | None, limit: int
          ) -> list[str]:
    """The transcript as messages of at most `limit` characters, each whole markup, cut between frames."""
    splitter = Splitter(fmt, lang, title, head, limit)
    messages = [message for frame in frames for message in splitter.push(frame)]
    return [*messages, *splitter.finish()]


def _fit(layout: Layout, item: str, first: bool, head: Head | None, limit: int) -> str:
    # Room in a message without the head witness (which can go on its own, `finish`): with the witness
    # counted, a short frame of the first message at a small limit was cut down to a bare "…".
    room = limit - len(layout.message([""], first, False, head))
    if len(item) <= room:
        return item
    cut = item[: max(room - 1, 0)]
    # Never end inside a markup tag or link: cut back to the last space.
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut) + "…"
