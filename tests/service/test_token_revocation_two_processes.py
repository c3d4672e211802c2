"""Two service processes on one database: a token revoked through one is refused at once by the other.

Each process is a real `lexmechanic serve` (tests/service/test_two_processes.py). The second one has used
the player's token before the revocation, so a process that remembered tokens would still let it in.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .test_two_processes import _clients, _serving

ROLL = {"type": "roll", "expression": "1d10", "reason": "which process?"}


@pytest.fixture
def two_servers(database_url: str) -> Iterator[tuple[str, str]]:
    with _serving(database_url) as first, _serving(database_url) as second:
        yield first, second


async def test_a_token_revoked_or_rotated_on_one_process_is_refused_at_once_on_the_other(
    two_servers: tuple[str, str],
) -> None:
    async with _clients(*two_servers) as (a, b):
        created = await a.post("/campaigns", json={"name": "Two hosts", "ruleset": "deathwatch"})
        assert created.status_code == 201, created.text
        campaign_id, gm = created.json()["campaign_id"], {"Authorization": f"Bearer {created.json()['gm_token']}"}
        path = f"/campaigns/{campaign_id}"
        invited = await a.post(f"{path}/participants", json={"name": "Kai", "role": "player"}, headers=gm)
        player, token = invited.json()["participant_id"], invited.json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        for via in (a, b, b):
            assert (await via.post(f"{path}/commands", json=ROLL, headers=auth)).status_code == 201
            assert (await via.get(f"{path}/me", headers=auth)).status_code == 200

        assert (await a.delete(f"{path}/participants/{player}/token", headers=gm)).status_code == 200
        for via in (b, a):
            assert (await via.post(f"{path}/commands", json=ROLL, headers=auth)).status_code == 401
            assert (await via.get(f"{path}/me", headers=auth)).status_code == 401

        # Rotated on the second process: the first takes the new token and refuses the old one.
        rotated = await b.post(f"{path}/participants/{player}/token", headers=gm)
        assert rotated.status_code == 201, rotated.text
        fresh = {"Authorization": f"Bearer {rotated.json()['token']}"}
        assert (await a.post(f"{path}/commands", json=ROLL, headers=fresh)).status_code == 201
        assert (await b.post(f"{path}/commands", json=ROLL, headers=fresh)).status_code == 201
        again = await a.post(f"{path}/participants/{player}/token", headers=gm)
        assert again.status_code == 201
        for via in (b, a):
            assert (await via.post(f"{path}/commands", json=ROLL, headers=fresh)).status_code == 401
