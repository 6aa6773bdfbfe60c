"""axe-core in the page (the copy axe-playwright-python ships): the serious and critical
accessibility violations of what the page shows now."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from playwright.async_api import Page

BLOCKING = ("serious", "critical")


@dataclass(frozen=True)
class Violation:
    rule: str
    targets: str  # the first few offending elements' selectors, " | " between them
    message: str  # axe-core's one-line help for the rule
    detail: str  # what it found on the first element (colour contrast: the two colours)


@cache
def _script() -> str:
    return (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


async def blocking_findings(page: Page, within: tuple[str, ...] = ()) -> list[Violation]:
    """Each serious or critical violation (empty: clean), in the whole page or only `within`
    these CSS selectors (those present)."""
    if not await page.evaluate("() => typeof window.axe !== 'undefined'"):
        await page.add_script_tag(content=_script())
    found = await page.evaluate(
        "async (within) => {"
        " const present = within.filter((s) => document.querySelector(s));"
        " const context = within.length ? {include: present.map((s) => [s])} : document;"
        " if (within.length && !present.length) return [];"
        " const result = await axe.run(context, {resultTypes: ['violations']});"
        " return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,"
        "  detail: [...v.nodes[0].any, ...v.nodes[0].all, ...v.nodes[0].none]"
        "   .map((c) => c.message).join('; '),"
        "  target: v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}));"
        "}",
        list(within),
    )
    return [
        Violation(v["id"], v["target"], v["help"], v["detail"])
        for v in found
        if v["impact"] in BLOCKING
    ]


async def blocking_violations(page: Page, within: tuple[str, ...] = ()) -> list[str]:
    """Each serious or critical violation as "rule: first targets" (empty: clean)."""
    return [f"{v.rule}: {v.targets}" for v in await blocking_findings(page, within)]
