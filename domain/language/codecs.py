"""How `key=value` options read and write their values: numbers, text, and JSON payloads (whole sheets)."""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from domain.message import message

from .messages import Failure
from .tokens import Token, quote
from .words import Lang


@dataclass(frozen=True)
class IntCodec:
    def read(self, token: Token, lang: Lang) -> object:
        try:
            return int(token.value)
        except ValueError:
            raise Failure("bad_value", token.text, message("lines.expected.whole_number")) from None

    def write(self, value: object, lang: Lang) -> str:
        return str(value)


@dataclass(frozen=True)
class FloatCodec:
    def read(self, token: Token, lang: Lang) -> object:
        text = token.value[:-1] if token.value.endswith("m") else token.value
        try:
            return float(text)
        except ValueError:
            raise Failure("bad_value", token.text, message("lines.expected.number")) from None

    def write(self, value: object, lang: Lang) -> str:
        return repr(value) if isinstance(value, float) else str(value)


@dataclass(frozen=True)
class StrCodec:
    def read(self, token: Token, lang: Lang) -> object:
        return token.value

    def write(self, value: object, lang: Lang) -> str:
        return quote(str(value))


@dataclass(frozen=True)
class JsonCodec:
    """A JSON value (`sheet={"wounds": 20, …}`), checked against the command's type when it is built."""

    def read(self, token: Token, lang: Lang) -> object:
        try:
            value: object = msgspec.json.decode(token.value)
        except msgspec.DecodeError:
            raise Failure("bad_json", token.text) from None
        return value

    def write(self, value: object, lang: Lang) -> str:
        # "[/" cannot occur outside a JSON string; escaping its slash keeps a `[/lx]` inside one harmless.
        return msgspec.json.encode(msgspec.to_builtins(value)).decode().replace("[/", "[\\/")


INT = IntCodec()
FLOAT = FloatCodec()
STR = StrCodec()
JSON = JsonCodec()
