"""The reply to a forum post, ready to paste under it: one line per command of the post (its sentences, with
the modifiers behind each target, hits, locations, damage, Righteous Fury or the Wrath die), the new
standing of whoever changed, the proof link of every roll, a link back to the post, and the head witness
(version and hash) that `verify --expect` checks later."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.commands import PostRef
from domain.engine import Lang
from projections.rendering.markup import WRITERS, Markup
from projections.rendering.told import Told
from projections.rendering.vocabulary import bare_word, word


class ToldLine(msgspec.Struct, frozen=True):
    """One command line of the post, as told in the reply's language."""

    line: int
    told: Told


class Head(msgspec.Struct, frozen=True):
    """The campaign's head after the post: pasted into the forum, it witnesses the log."""

    version: int
    head_hash: str


def witness(head: Head, lang: Lang) -> str:
    return word("chain_head", lang, version=head.version, hash=head.head_hash)


def told_item(told: Told, lang: Lang, markup: Markup) -> str:
    """One command as a line of the reply: its sentences, then who changed, then its proof links."""
    out = WRITERS[markup]
    sentences = told.sentences
    text = out.lines(sentences[0]) if len(sentences) == 1 else "; ".join([out.lines(s) for s in sentences])
    if told.changes:
        text += " → " + out.italic("; ".join([out.text(change) for change in told.changes]))
    if told.rolls:
        label, rolls = bare_word("rolls", lang), told.rolls
        if len(rolls) == 1:  # a command's one roll, the common case
            text += f" · {out.link(f'{label} #{rolls[0].seq}', rolls[0].proof)}"
        else:
            text += " · " + " ".join([out.link(f"{label} #{roll.seq}", roll.proof) for roll in rolls])
    return text


def reply(lines: Sequence[ToldLine], lang: Lang, head: Head, post: PostRef | None, author: str,
          markup: Markup) -> str:
    """The post's reply in one markup and language; a post that ran nothing answers its head only.

    `author` is the name of the participant whose token sent the post; the post's own `author` (a forum
    display name the client sends, untrusted) is shown only as what it is, "posted as …", when it differs.
    """
    out = WRITERS[markup]
    header = out.bold(out.text(author))
    if post is not None and post.author and post.author.strip() != author.strip():
        header += " " + out.italic(out.text(f"({word('posted_as', lang, author=post.author)})"))
    if post is not None and post.id is not None:
        label = out.text(f"{word('in_post', lang)} {post.id}")
        header += " · " + (out.link(label, post.url) if post.url else label)
    items = [told_item(told_line.told, lang, markup) for told_line in lines]
    parts = [header, out.items(items), out.small(out.text(witness(head, lang)))]
    return "\n\n".join(part for part in parts if part) + "\n"
