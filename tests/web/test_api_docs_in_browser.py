"""The interactive API docs under their Content-Security-Policy, in Chromium: Swagger UI starts, lists the
endpoints and runs "Try it out", and the browser refuses nothing the page needs (no CSP violation)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import Served


async def test_swagger_ui_works_under_its_policy_and_the_browser_reports_no_violation(
    served: Served, context: Any, shots: Path
) -> None:
    page = await context.new_page()
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    page.on("pageerror", lambda error: said.append(str(error)))
    answer = await page.goto(f"{served.base}/schema/swagger")
    assert answer is not None and "script-src 'self'" in answer.headers["content-security-policy"]
    await page.wait_for_selector(".opblock", timeout=30_000)
    assert await page.locator(".opblock").count() > 10  # every endpoint, from /schema/openapi.json
    health = page.locator(".opblock-get", has_text="/health").first
    await health.locator(".opblock-summary").click()
    await health.get_by_role("button", name="Try it out").click()
    await health.get_by_role("button", name="Execute").click()
    await health.locator(".live-responses-table .response-col_status", has_text="200").first.wait_for(timeout=30_000)
    await page.screenshot(path=str(shots / "api-docs-under-csp.png"))
    refused = [text for text in said if "Content Security Policy" in text or "Refused to" in text]
    assert refused == [], refused
    framed = await page.evaluate("() => document.querySelector('#swagger-ui').childElementCount")
    assert framed > 0
