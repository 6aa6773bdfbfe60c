"""The member centre's own navigation (spec 2, member centre pages) and the member centre
popup, with the agent centre's pages for agents (spec 2 popups)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.dialog import dialog
from components.i18n import t
from components.link import page_link
from components.style import FOCUS
from state.accounts.auth import AuthState
from state.cashier.wallet import WalletState
from state.site import SiteState
from state.ui import UiState

MEMBER_CENTRE = "member-centre"

# The member centre in groups (issue 35: not one row of 19 pills): money, history, rewards,
# the account and its safety, then the rest.
GROUPS = (
    (
        "centre.group.money",
        (
            ("cashier.deposit_title", routes.DEPOSIT, "wallet"),
            ("withdraw.title", routes.WITHDRAW, "banknote"),
            ("transfer.title", routes.TRANSFER_FUND, "arrow-left-right"),
            ("agent.transfer.upline_title", routes.TRANSFER_UPLINE, "arrow-up-right"),
        ),
    ),
    (
        "centre.group.history",
        (
            ("betting.title", routes.BETTING_RECORD, "dices"),
            ("record.title", routes.TRANSACTION_HISTORY, "list"),
            ("profit.title", routes.PROFIT_AND_LOSS, "chart-column"),
            ("bonus.title", routes.BONUS_DETAILS, "gift"),
        ),
    ),
    (
        "centre.group.rewards",
        (
            ("promo.center", routes.REWARD_CENTER, "trophy"),
            ("vip.title", routes.VIP, "crown"),
            ("income.title", routes.MY_INCOME, "piggy-bank"),
            ("missions.title", routes.MISSION_LEADERBOARD, "target"),
            ("agent.referral.title", routes.REFERRAL, "share-2"),
        ),
    ),
    (
        "centre.group.account",
        (
            ("auth.security_title", routes.SECURITY_CENTER, "shield"),
            ("protection.title", routes.RESPONSIBLE_GAMING, "life-buoy"),
            ("inbox.title", routes.MESSAGES, "mail"),
            ("feedback.title", routes.FEEDBACK, "message-square"),
        ),
    ),
    (
        "centre.group.more",
        (
            ("mygames.favorites", routes.FAVORITES, "heart"),
            ("mygames.recent", routes.MY_GAMES, "gamepad-2"),
            ("affiliate.title", routes.AFFILIATE_APPLY, "handshake"),
        ),
    ),
)
ITEMS = tuple(item for _, items in GROUPS for item in items)

AGENT_ITEMS = (
    ("agent.nav.home", routes.AGENT_HOME, "layout-dashboard"),
    ("agent.nav.register", routes.REGISTER_CENTER, "user-plus"),
    ("agent.nav.downlines", routes.DOWNLINES, "users"),
    ("agent.nav.overview", routes.AGENT_TEAM_OVERVIEW, "chart-pie"),
    ("agent.nav.revenue", routes.AGENT_REVENUE_REPORT, "chart-column"),
    ("agent.nav.statements", routes.AGENT_STATEMENTS, "scale"),
    ("agent.nav.transactions", routes.AGENT_TRANSACTIONS, "receipt"),
    ("agent.nav.wages", routes.AGENT_DAILY_WAGES, "calendar-days"),
    ("agent.nav.hour_salary", routes.AGENT_HOUR_SALARY, "clock"),
    ("agent.nav.realtime_salary", routes.AGENT_REALTIME_SALARY, "timer"),
    ("agent.nav.dividends", routes.AGENT_DIVIDEND_RECORD, "coins"),
    ("agent.nav.announcements", routes.AGENT_ANNOUNCEMENT, "megaphone"),
    ("agent.nav.referral", routes.REFERRAL, "share-2"),
    ("agent.nav.transfer_upline", routes.TRANSFER_UPLINE, "arrow-up-right"),
)
_LINK = (
    "flex items-center gap-2 whitespace-nowrap px-3 py-2 rounded-lg "
    f"text-sm bg-slate-100 dark:bg-slate-800 hover:bg-amber-100 {FOCUS}"
)
# The popup's tiles: two columns, a long label wraps instead of being cut.
_TILE = (
    "flex items-center gap-2 h-full px-3 py-2 rounded-lg text-sm leading-tight "
    f"bg-slate-100 dark:bg-slate-800 hover:bg-amber-100 dark:hover:bg-slate-700 {FOCUS}"
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


def _item(
    key: str, href: str, icon: str, testid: str = "member-nav", look: str = _LINK
) -> rx.Component:
    badge = BADGES.get(href)
    item = rx.el.li(
        page_link(
            rx.icon(icon, size=16, aria_hidden="true", class_name="shrink-0"),
            t(key),
            *([badge()] if badge else []),
            href=href,
            class_name=look,
            data_testid=f"{testid}-{href.strip('/')}",
        )
    )
    return when_offered(href, item)


def when_offered(href: str, item: rx.Component) -> rx.Component:
    """A menu entry shown only where its page has something for the member: a single-wallet
    brand (isSingle 1) has no transfer wallets, a member without an upline none to send to."""
    if href == routes.TRANSFER_FUND:
        return rx.cond(SiteState.single_wallet, rx.fragment(), item)
    if href == routes.TRANSFER_UPLINE:
        return rx.cond(AuthState.has_upline, item)
    return item


MEMBER_NAV_GROUPS = "member-nav-groups"


def _nav_group(key: str, items: tuple[tuple[str, str, str], ...]) -> rx.Component:
    return rx.el.div(
        rx.el.h2(
            t(key),
            class_name=(
                "text-[11px] font-semibold uppercase tracking-wider text-slate-600 "
                "dark:text-slate-400 lg:self-center lg:mr-1"
            ),
        ),
        rx.el.ul(
            *[_item(k, h, i) for k, h, i in items],
            class_name="grid grid-cols-2 gap-2 lg:flex lg:flex-wrap",
        ),
        class_name="flex flex-col gap-1 lg:flex-row lg:items-center lg:gap-2",
    )


def member_nav() -> rx.Component:
    """The member centre's pages in groups: on a phone behind one button (closed again on the
    next page), on a wide screen in one wrapped row of labelled groups."""
    return rx.el.nav(
        rx.el.button(
            rx.icon("layout-grid", size=16, aria_hidden="true"),
            t("auth.member_menu"),
            rx.icon(
                "chevron-down",
                size=16,
                aria_hidden="true",
                class_name=rx.cond(UiState.member_nav_open, "ml-auto rotate-180", "ml-auto"),
            ),
            type="button",
            on_click=UiState.toggle_member_nav,
            aria_expanded=UiState.member_nav_open,
            aria_controls=MEMBER_NAV_GROUPS,
            class_name=(
                "lg:hidden flex w-full items-center gap-2 h-10 px-3 rounded-lg text-sm "
                f"font-medium bg-slate-100 dark:bg-slate-800 {FOCUS}"
            ),
            data_testid="member-nav-toggle",
        ),
        rx.el.div(
            *[_nav_group(key, items) for key, items in GROUPS],
            id=MEMBER_NAV_GROUPS,
            class_name=rx.cond(
                UiState.member_nav_open,
                "mt-2 flex flex-col gap-3 lg:mt-0 lg:flex-row lg:flex-wrap lg:gap-x-5 lg:gap-y-2",
                "hidden lg:flex lg:flex-row lg:flex-wrap lg:gap-x-5 lg:gap-y-2",
            ),
        ),
        aria_label=t("auth.member_menu"),
        class_name="mb-4",
        data_testid="member-nav",
    )


def _balances() -> rx.Component:
    """The balance as the header shows it (masked with it) and, when third-party games hold
    money in wallets of their own, that sum with the button bringing it back and its result
    beside it."""
    amount = "font-mono tabular-nums font-semibold whitespace-nowrap"
    return rx.el.section(
        rx.el.p(
            rx.el.span(t("transfer.main"), class_name="text-slate-600 dark:text-slate-400"),
            rx.el.span(WalletState.currency_symbol, " ", WalletState.shown, class_name=amount),
            class_name="flex justify-between gap-2",
            data_testid="centre-balance",
        ),
        rx.cond(
            (WalletState.games_shown != "")
            | (WalletState.games_notice != "")
            | (WalletState.games_error != ""),
            rx.el.div(
                rx.cond(
                    WalletState.games_shown != "",
                    rx.el.p(
                        rx.el.span(
                            t("games_wallet.held"), class_name="text-slate-600 dark:text-slate-400"
                        ),
                        rx.el.span(
                            WalletState.currency_symbol,
                            " ",
                            WalletState.games_shown,
                            class_name=amount,
                        ),
                        class_name="flex justify-between gap-2",
                        data_testid="centre-games-balance",
                    ),
                ),
                rx.el.div(
                    rx.cond(
                        WalletState.games_shown != "",
                        rx.el.button(
                            rx.icon("undo-2", size=16, aria_hidden="true"),
                            t("games_wallet.bring_back"),
                            type="button",
                            on_click=WalletState.bring_back,
                            class_name=(
                                "flex items-center gap-1.5 shrink-0 px-3 py-1.5 rounded-lg "
                                "text-sm font-medium bg-amber-400 text-slate-900 "
                                f"hover:bg-amber-300 {FOCUS}"
                            ),
                            data_testid="centre-bring-back",
                        ),
                    ),
                    rx.el.p(
                        WalletState.games_notice,
                        role="status",
                        class_name="text-sm text-emerald-700 dark:text-emerald-300",
                        data_testid="centre-bring-back-result",
                    ),
                    rx.el.p(
                        WalletState.games_error,
                        role="alert",
                        class_name="text-sm text-rose-700 dark:text-rose-300",
                        data_testid="centre-bring-back-error",
                    ),
                    class_name="flex flex-wrap items-center gap-2",
                ),
                class_name="flex flex-col gap-2",
            ),
        ),
        class_name="flex flex-col gap-2 rounded-lg p-3 text-sm bg-slate-100 dark:bg-slate-800",
        data_testid="centre-balances",
    )


@rx.memo
def member_centre_body() -> rx.Component:
    """The member centre popup's content, compiled once for every page (see
    components/layout.py)."""
    grid = "grid grid-cols-2 gap-2"
    return rx.el.div(
        rx.el.p(
            rx.icon("user", size=16, aria_hidden="true"),
            AuthState.account,
            class_name="flex items-center gap-2 font-medium",
        ),
        _balances(),
        rx.el.nav(
            *[
                rx.el.section(
                    rx.el.h3(t(key), class_name="text-sm font-semibold mb-1.5"),
                    rx.el.ul(
                        *[_item(k, h, i, "centre", _TILE) for k, h, i in items], class_name=grid
                    ),
                )
                for key, items in GROUPS
            ],
            aria_label=t("auth.member_menu"),
            class_name="flex flex-col gap-3",
        ),
        rx.cond(
            AuthState.is_agent,
            rx.el.nav(
                rx.el.h3(t("agent.home.title"), class_name="font-semibold mb-2"),
                rx.el.ul(
                    *[_item(k, h, i, "agent-centre", _TILE) for k, h, i in AGENT_ITEMS],
                    class_name=grid,
                ),
                aria_label=t("agent.home.title"),
                data_testid="agent-centre-popup",
            ),
        ),
        class_name="flex flex-col gap-4 max-h-[70vh] overflow-y-auto",
        data_testid="member-centre",
    )


def member_centre_dialog() -> rx.Component:
    """The member centre popup (opened from the header's account): every member centre page
    with its count badge and, for an agent, every agent centre page."""
    return dialog(MEMBER_CENTRE, member_centre_body(), title=t("auth.member_menu"))
