"""Recomputing what players can verify: lottery issues and Crash rounds, and the Crash chain's set-
up."""

from __future__ import annotations

import sys

from app.core.db import dispose_engine
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.lottery import issues as lottery_issues
from app.services.studio.crash import chains as crash_chains
from app.services.studio.crash import rounds as crash_rounds
from models.base import utcnow


async def lottery_verify_command(game_code: str, issue_no: str) -> int:
    try:
        issue = await lottery_issues.find(game_code, issue_no)
        check = lottery_issues.verify(issue)
    except AppError as refused:
        print(f"{game_code} {issue_no}: {refused.code}", file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    print(f"issue:       {check.game_code} {check.issue_no}")
    print(f"seed hash:   {check.seed_hash} (published before the issue opened)")
    print(f"server seed: {check.server_seed}")
    print(f"beacon:      {check.beacon or '-'}")
    print(f"hash check:  {'ok' if check.hash_matches else 'DIFFERENT'}")
    print(f"stored:      {' '.join(map(str, check.stored))}")
    print(f"recomputed:  {' '.join(map(str, check.recomputed))}")
    print(f"matches: {'yes' if check.matches else 'NO'}")
    return 0 if check.matches else 1


async def crash_chain_command(brand: str, length: int, edge: str) -> int:
    try:
        view = await crash_chains.create_chain(brand, length, edge)
    except AppError as refused:
        print(translate(refused.code, "en", **refused.params), file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    print(f"brand:         {view.brand} (chain {view.chain_id}, {view.length} rounds)")
    print(f"house edge:    {view.house_edge_bp / 100:.2f} % (return {view.rtp:.2f} %)")
    print(f"terminal hash: {view.terminal_hash}  <- publish this before the salt")
    return 0


async def crash_salt_command(brand: str, salt: str) -> int:
    try:
        view = await crash_chains.set_salt(brand, salt, utcnow())
    except AppError as refused:
        print(translate(refused.code, "en", **refused.params), file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    print(f"brand {view.brand}: chain {view.chain_id} salt {view.salt}; rounds start now")
    return 0


async def crash_verify_command(round_id: str) -> int:
    try:
        check = await crash_rounds.verify(round_id)
    except AppError as refused:
        print(f"{round_id}: {refused.code}", file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    print(f"round:          {check.round_id} (chain index {check.number})")
    print(f"seed:           {check.seed}")
    print(f"previous:       {check.previous}")
    print(f"links:          {'ok' if check.links_to_previous else 'BROKEN'}")
    print(f"terminal hash:  {check.terminal_hash}")
    print(f"reaches it:     {'ok' if check.reaches_terminal else 'NO'}")
    print(f"salt:           {check.salt}")
    print(f"house edge:     {check.house_edge_bp / 100:.2f} %")
    print(f"stored:         {check.stored:.2f}x")
    print(f"recomputed:     {check.recomputed:.2f}x")
    print(f"matches: {'yes' if check.matches else 'NO'}")
    return 0 if check.matches else 1
