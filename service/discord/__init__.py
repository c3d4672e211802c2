"""The Discord app: interactions received over HTTP (docs/discord.md), answered from the campaign's log."""
