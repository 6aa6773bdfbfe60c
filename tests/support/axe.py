"""axe-core in the page (the copy axe-playwright-python ships): the serious and critical
accessibility violations of what the page shows now."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from playwright.async_api import Page

BLOCKING = ("serious", "critical")


@cache
def _script() -> str:
    return (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


async def blocking_violations(page: Page, within: tuple[str, ...] = ()) -> list[str]:
    """Each serious or critical violation as "rule: first targets" (empty: clean), in the
    whole page or only `within` these CSS selectors (those present)."""
    if not await page.evaluate("() => typeof window.axe !== 'undefined'"):
        await page.add_script_tag(content=_script())
    found = await page.evaluate(
        "async (within) => {"
        " const present = within.filter((s) => document.querySelector(s));"
        " const context = within.length ? {include: present.map((s) => [s])} : document;"
        " if (within.length && !present.length) return [];"
        " const result = await axe.run(context, {resultTypes: ['violations']});"
        " return result.violations.map((v) => ({id: v.id, impact: v.impact,"
        "  target: v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}));"
        "}",
        list(within),
    )
    return [f"{v['id']}: {v['target']}" for v in found if v["impact"] in BLOCKING]
