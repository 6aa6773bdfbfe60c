"""The crash test's world, set up and read back in its own process against the database under
test (DATABASE_URL, SECRET_KEY of the app under test): `python -m tests.helpers.crash_world
prepare|report`. Both print one JSON document.

prepare: members, each with a launch token of a BGS game and pending PIX deposit orders whose
webhook notices are signed as the sandbox provider would; the vendor's signing secret.
report: each member's cash balance, the idempotency keys of their ledger transactions, and
their deposit orders' statuses.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from decimal import Decimal
from typing import Any

from sqlmodel import col, select

from app.core.db import dispose_engine, session_scope
from app.services import ledger
from app.services.brands import brands
from app.services.cashier import deposits
from app.services.cashier.providers import SandboxProvider
from app.services.seamless import wallet
from app.services.seamless.vendors import rotate_vendor_secret
from models import Member
from models.cashier import DepositOrder
from models.ledger import LedgerTransaction
from tests.helpers.accounts import cpf_of, make_member
from tests.helpers.seamless import CURRENCY, studio_game


async def prepare(members: int, orders_each: int, seed: int) -> dict[str, Any]:
    chance = random.Random(seed)
    brand = await brands.by_code("BR1")
    game = await studio_game()
    sandbox = SandboxProvider()
    world: list[dict[str, Any]] = []
    for _ in range(members):
        member = await make_member("BR1")
        assert member.id is not None
        token = await wallet.open_session(
            member=member, vendor=wallet.STUDIO_VENDOR, game_code=game.game_code, currency=CURRENCY
        )
        orders = []
        for _ in range(orders_each):
            amount = Decimal(chance.randint(5000, 20000)) / 100
            order = await deposits.create_deposit(brand, member, "PIX", f"{amount:.2f}")
            body = json.dumps(
                {
                    "orderNo": order.order_no,
                    "providerReference": order.provider_reference,
                    "status": "PAID",
                    "amount": f"{order.amount:.2f}",
                    "currency": order.currency,
                    "payerDocument": await cpf_of(member),  # a PIX from the member's own CPF
                }
            )
            orders.append(
                {
                    "orderNo": order.order_no,
                    "body": body,
                    "signature": sandbox.sign(body.encode()),
                    "credited": f"{order.credited_amount:.2f}",
                }
            )
        world.append({"memberId": member.id, "launchToken": token, "orders": orders})
    return {
        "vendorSecret": await rotate_vendor_secret(wallet.STUDIO_VENDOR),
        "gameCode": game.game_code,
        "members": world,
    }


async def report(member_ids: list[int]) -> dict[str, Any]:
    async with session_scope() as session:
        balances = {}
        for member_id in member_ids:
            member = await session.get(Member, member_id)
            assert member is not None
            found = await ledger.member_wallet(
                session, merchant_id=member.merchant_id, member_id=member_id, currency=CURRENCY
            )
            balances[str(member_id)] = f"{found.cash:.2f}"
        keys = (
            await session.exec(
                select(LedgerTransaction.idempotency_key).where(
                    col(LedgerTransaction.member_id).in_(member_ids)
                )
            )
        ).all()
        orders = (
            await session.exec(
                select(DepositOrder.order_no, DepositOrder.status).where(
                    col(DepositOrder.member_id).in_(member_ids)
                )
            )
        ).all()
    return {
        "balances": balances,
        "ledgerKeys": list(keys),
        "orders": {order_no: str(status) for order_no, status in orders},
    }


async def _main(args: argparse.Namespace) -> dict[str, Any]:
    try:
        if args.command == "prepare":
            return await prepare(args.members, args.orders, args.seed)
        return await report([int(m) for m in args.member_ids])
    finally:
        await dispose_engine()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.helpers.crash_world")
    sub = parser.add_subparsers(dest="command", required=True)
    prepare_args = sub.add_parser("prepare")
    prepare_args.add_argument("--members", type=int, required=True)
    prepare_args.add_argument("--orders", type=int, required=True)
    prepare_args.add_argument("--seed", type=int, default=7)
    report_args = sub.add_parser("report")
    report_args.add_argument("member_ids", nargs="+")
    json.dump(asyncio.run(_main(parser.parse_args())), sys.stdout)


if __name__ == "__main__":
    main()
