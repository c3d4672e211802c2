"""The service fixtures (an app and a client on the test's own database) for the forum thread tests."""

from tests.service.conftest import campaign, client, new_campaign, settings

__all__ = ["campaign", "client", "new_campaign", "settings"]
