"""The member centre's own navigation (spec 2, member centre pages)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.i18n import t
from components.link import page_link
from components.style import FOCUS, SCROLL_HINT
from state.site import SiteState
from state.wallet import WalletState

ITEMS = (
    ("auth.security_title", routes.SECURITY_CENTER, "shield"),
    ("transfer.title", routes.TRANSFER_FUND, "arrow-left-right"),
    ("agent.transfer.upline_title", routes.TRANSFER_UPLINE, "arrow-up-right"),
    ("cashier.deposit_title", routes.DEPOSIT, "wallet"),
    ("withdraw.title", routes.WITHDRAW, "banknote"),
    ("betting.title", routes.BETTING_RECORD, "dices"),
    ("record.title", routes.TRANSACTION_HISTORY, "list"),
    ("profit.title", routes.PROFIT_AND_LOSS, "chart-column"),
    ("bonus.title", routes.BONUS_DETAILS, "gift"),
    ("promo.center", routes.REWARD_CENTER, "trophy"),
    ("vip.title", routes.VIP, "crown"),
    ("income.title", routes.MY_INCOME, "piggy-bank"),
    ("missions.title", routes.MISSION_LEADERBOARD, "target"),
    ("inbox.title", routes.MESSAGES, "mail"),
    ("agent.referral.title", routes.REFERRAL, "share-2"),
    ("feedback.title", routes.FEEDBACK, "message-square"),
    ("mygames.favorites", routes.FAVORITES, "heart"),
    ("mygames.recent", routes.MY_GAMES, "gamepad-2"),
    ("protection.title", routes.RESPONSIBLE_GAMING, "life-buoy"),
)


def _badge(count: rx.Var, testid: str) -> rx.Component:
    """A count badge (spec 2: on the mission, message and reward entries)."""
    return rx.cond(
        count > 0,
        rx.el.span(
            count.to(str),
            class_name=(
                "min-w-5 h-5 px-1 rounded-full bg-rose-600 text-white text-xs font-bold "
                "inline-flex items-center justify-center"
            ),
            data_testid=testid,
        ),
    )


BADGES = {
    routes.MESSAGES: lambda: _badge(WalletState.unread, "badge-messages"),
    routes.REWARD_CENTER: lambda: _badge(WalletState.rewards, "badge-rewards"),
    routes.MISSION_LEADERBOARD: lambda: _badge(WalletState.missions, "badge-missions"),
}


def _item(key: str, href: str, icon: str) -> rx.Component:
    badge = BADGES.get(href)
    item = rx.el.li(
        page_link(
            rx.icon(icon, size=16, aria_hidden="true"),
            t(key),
            *([badge()] if badge else []),
            href=href,
            class_name=(
                "flex items-center gap-2 whitespace-nowrap px-3 py-2 rounded-lg "
                f"text-sm bg-slate-100 dark:bg-slate-800 hover:bg-amber-100 {FOCUS}"
            ),
            data_testid=f"member-nav-{href.strip('/')}",
        )
    )
    # A single-wallet brand (isSingle 1) has no transfer wallets: the wallet page is hidden.
    return (
        rx.cond(SiteState.single_wallet, rx.fragment(), item)
        if href == routes.TRANSFER_FUND
        else item
    )


def member_nav() -> rx.Component:
    return rx.el.nav(
        rx.el.ul(
            *[_item(key, href, icon) for key, href, icon in ITEMS],
            # Phones scroll the row (with a hint at its end); wide screens show every item.
            class_name=(
                f"flex gap-2 overflow-x-auto pb-1 {SCROLL_HINT} "
                "lg:flex-wrap lg:overflow-visible lg:[mask-image:none] lg:pr-0"
            ),
        ),
        aria_label=t("auth.member_menu"),
        class_name="mb-4",
    )
