"""The public verify page (/lottery/verify?gameCode=..&issue=..): no login; a drawn issue
recomputed by the server from its revealed seed, and handed to the player's browser to redo
(assets/lottery-verify.js)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import reflex as rx

from app.core.errors import AppError
from app.core.i18n import translate
from app.services import gates
from app.services.lottery import issues as issue_service
from app.services.lottery import views
from app.services.lottery.games import game
from state.lottery.lottery_rows import game_name_key
from state.site import ui_lang

HANDLER_GATES: dict[str, gates.Door] = {"LotteryVerifyState.load": gates.READ}

VERIFY_SCRIPT = rx.call_script(
    "window.appLotteryVerify ? window.appLotteryVerify.scan() : document.head.appendChild("
    "Object.assign(document.createElement('script'), {src: '/lottery-verify.js'}))"
)


@dataclass
class VerifyLine:
    label_key: str = ""
    value: str = ""
    value_key: str = ""  # a value said in words: a catalog key, read in the page's language


class LotteryVerifyState(rx.State):
    """/lottery/verify?gameCode=..&issue=..: public, no login; recomputes a drawn issue."""

    game_code: str = ""
    name_key: str = ""
    issue: str = ""
    error: str = ""
    official: bool = False
    drawn: bool = False
    matches: bool = False
    hash_matches: bool = False
    lines: list[VerifyLine] = []
    stored: list[str] = []
    recomputed: list[str] = []
    # What the player's browser redoes the draw from (assets/lottery-verify.js): only once the
    # issue is drawn and its seed revealed.
    seed: str = ""
    seed_hash: str = ""
    beacon: str = ""
    recipe: str = ""  # JSON of the family's recipe

    @rx.event
    async def load(self) -> Any:
        lang = await ui_lang(self)
        query = self.router.url.query_parameters
        self.game_code = str(query.get("gameCode", ""))[:32]
        self.issue = str(query.get("issue", ""))[:32]
        self.error, self.lines, self.stored, self.recomputed = "", [], [], []
        self.seed = self.seed_hash = self.beacon = self.recipe = ""
        self.official = self.drawn = self.matches = self.hash_matches = False
        try:
            found = await views.verification(self.game_code, self.issue)
        except AppError as exc:
            if exc.code == "lottery-not-drawn":
                await self._pending()
                return None
            self.error = translate(exc.code, lang, **exc.params)
            return None
        self.name_key = game_name_key(self.game_code)
        self.official = found.matches is None
        self.stored = [str(n) for n in found.numbers]
        if found.seed_hash:
            self.lines.append(VerifyLine("lotterypage.verify.hash", found.seed_hash))
        if found.beacon_round is not None:
            self.lines.append(
                VerifyLine("lotterypage.verify.beacon_round", str(found.beacon_round))
            )
        if found.matches is None:
            return None
        self.drawn = True
        self.seed, self.seed_hash = found.server_seed or "", found.seed_hash or ""
        self.beacon, self.recipe = found.beacon or "", json.dumps(found.recipe)
        self.lines.append(VerifyLine("lotterypage.verify.seed", found.server_seed or ""))
        self.lines.append(
            VerifyLine(
                "lotterypage.verify.beacon",
                found.beacon or "",
                "" if found.beacon else "lotterypage.verify.no_beacon",
            )
        )
        self.recomputed = [str(n) for n in found.recomputed or []]
        self.hash_matches = bool(found.hash_matches)
        self.matches = bool(found.matches)
        return VERIFY_SCRIPT

    async def _pending(self) -> None:
        """Not drawn yet: the published fingerprint only (its seed is still secret)."""
        issue = views.issue_view(await issue_service.find(self.game_code, self.issue))
        self.name_key = game_name_key(self.game_code)
        self.official = game(self.game_code).official
        if issue.seed_hash:
            self.lines = [VerifyLine("lotterypage.verify.hash", issue.seed_hash)]


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "LotteryVerifyState.load": "public: published hashes, revealed seeds only",
}
