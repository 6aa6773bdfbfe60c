"""Home page (/, /home; /index and /index.html redirect here), spec 2 and 9: banner carousel,
notice marquee (with the agent entry for agents), what players won over the last day,
latest winners, hot games row, recommended and PG lists.

The sections arrive after the page frame; each keeps the box of its loaded content from the
first paint (skeletons of the same size), so nothing below moves when they fill in. The
carousel and the swipers move in the browser (assets/home.js)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app import routes
from app.services.catalogue import home as home_rules
from components.accounts.first_steps import break_banner, first_steps_card
from components.cashier.wallet import game_exit_notice
from components.catalogue.game_card import game_grid, hot_card
from components.i18n import money, t
from components.layout import layout
from components.link import page_link
from components.media import image
from components.style import FOCUS
from pages.registry import Page
from state.accounts.auth import AuthState
from state.accounts.first_steps import FirstStepsState
from state.cashier.wallet import WalletState
from state.catalogue.home import HomeState
from state.catalogue.lobby import HOME_LIST, LobbyState
from state.site import SiteState

HOT_ROW = "home-hot-row"
WINNERS_ROW = "home-winners-row"
_BONE = "bg-slate-200 dark:bg-slate-800"
# The banner's arrows: halfway down its sides from sm up; on a phone both in its bottom right
# corner, over the art, so that a promotion's title has the banner's width (swiping turns it too).
_SIDE_ARROW = "sm:top-1/2 sm:-translate-y-1/2"
_ROUND = (
    "grid place-items-center size-8 rounded-full bg-white/90 text-slate-900 shadow "
    f"dark:bg-slate-800 dark:text-slate-100 {FOCUS}"
)


def _attrs(**values: object) -> dict[str, str]:
    """data-* attributes the browser script reads (names with dashes, values as text)."""
    return {"custom_attrs": {f"data-{k.replace('_', '-')}": str(v) for k, v in values.items()}}


def _section(
    title_key: str,
    *children: rx.Component,
    test_id: str,
    controls: tuple[rx.Component, ...] = (),
    lazy: bool = False,
) -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h2(t(title_key), class_name="text-lg font-bold"),
            *controls,
            class_name="flex items-center justify-between gap-2 mb-3 h-8",
        ),
        *children,
        class_name=(
            "mt-8 [content-visibility:auto] [contain-intrinsic-size:auto_40rem]" if lazy else "mt-8"
        ),
        data_testid=test_id,
    )


# The browser script of the home page, added once the page is live: a script that changed
# the page before React took it over would make React throw the server's HTML away.
LOAD_SCRIPT = rx.call_script(
    "window.appHome ? window.appHome.scan() : document.head.appendChild("
    "Object.assign(document.createElement('script'), {src: '/home.js'}))"
)


# Banner carousel ---------------------------------------------------------------------------


def _promotion_slide(banner: rx.Var, index: rx.Var) -> rx.Component:
    """A promotion's banner: its art on the right (behind the words on a phone), its kind,
    title and reward lettered on the left in the reader's language, and the call to act."""
    return rx.el.div(
        image(
            banner.image,
            "",  # the words beside it say what it is
            640,
            360,
            loading=rx.cond(index == 0, "eager", "lazy"),
            fetch_priority=rx.cond(index == 0, "high", "auto"),
            # Wide: its left edge fades into the panel the words are on.
            class_name=(
                "absolute inset-y-0 right-0 h-full w-full sm:w-3/5 object-cover "
                "sm:[mask-image:linear-gradient(to_right,transparent,black_45%)]"
            ),
        ),
        rx.el.div(
            class_name=(
                "absolute inset-0 bg-gradient-to-r from-slate-950 via-slate-950/85 "
                "to-slate-950/30 sm:via-40% sm:to-transparent"
            ),
        ),
        rx.el.div(
            rx.el.p(
                banner.label,
                class_name=(
                    "hidden sm:block text-xs font-semibold uppercase tracking-widest text-amber-300"
                ),
            ),
            rx.el.p(
                banner.title,
                class_name=(
                    "text-base sm:text-3xl lg:text-4xl font-extrabold leading-tight text-white "
                    "line-clamp-1 sm:line-clamp-2"
                ),
                data_testid="banner-title",
            ),
            rx.el.p(
                banner.reward,
                class_name="text-xs sm:text-lg font-semibold text-emerald-300 line-clamp-1",
                data_testid="banner-reward",
            ),
            rx.el.span(
                t("homepage.banner_cta"),
                class_name=(
                    "mt-1.5 sm:mt-4 inline-flex self-start items-center rounded-full bg-amber-400 "
                    "px-3 sm:px-6 h-7 sm:h-11 text-xs sm:text-base font-bold text-slate-900"
                ),
            ),
            # A phone's arrows sit in its bottom corner (_SIDE_ARROW): the words take the width.
            class_name=(
                "relative flex h-full flex-col justify-center gap-0.5 sm:gap-1 "
                "px-4 sm:pl-16 sm:pr-0 sm:max-w-[55%]"
            ),
        ),
        class_name="relative size-full overflow-hidden bg-slate-950",
    )


def _slide(banner: rx.Var, index: rx.Var) -> rx.Component:
    """A banner image, or a promotion's banner composed from its art and words."""
    picture = rx.cond(
        banner.label != "",
        _promotion_slide(banner, index),
        image(
            banner.image,
            banner.title,
            1200,
            400,
            loading=rx.cond(index == 0, "eager", "lazy"),
            fetch_priority=rx.cond(index == 0, "high", "auto"),
            class_name="size-full object-cover",
        ),
    )
    return rx.el.div(
        rx.cond(
            banner.link.startswith("/"),
            page_link(picture, href=banner.link, class_name=f"block size-full {FOCUS}"),
            picture,
        ),
        role="group",
        aria_roledescription=t("homepage.slide"),
        class_name="size-full shrink-0",
        **_attrs(carousel_slide=""),
    )


def _dot(_banner: rx.Var, index: rx.Var) -> rx.Component:
    return rx.el.button(
        type="button",
        aria_label=t("homepage.banner_goto").replace("{n}", (index + 1).to_string()),
        class_name=(
            "size-2.5 rounded-full bg-white/60 aria-[current=true]:bg-white "
            f"aria-[current=true]:w-6 transition-all {FOCUS}"
        ),
        custom_attrs={"data-carousel-dot": index.to_string()},
        data_testid="banner-dot",
    )


def _arrow(icon: str, label_key: str, testid: str, class_name: str, **attrs: Any) -> rx.Component:
    """A round previous or next button (the banner carousel, the hot row)."""
    return rx.el.button(
        rx.icon(icon, size=18, aria_hidden="true"),
        type="button",
        aria_label=t(label_key),
        class_name=class_name,
        data_testid=testid,
        **attrs,
    )


def banner_carousel() -> rx.Component:
    """Autoplay 5 s, slide 1 s; controls and autoplay only with more than one banner."""
    controls = rx.fragment(
        _arrow(
            "chevron-left",
            "homepage.banner_prev",
            "banner-prev",
            f"absolute max-sm:bottom-2 max-sm:right-12 sm:left-2 {_SIDE_ARROW} {_ROUND}",
            **_attrs(carousel_prev=""),
        ),
        _arrow(
            "chevron-right",
            "homepage.banner_next",
            "banner-next",
            f"absolute max-sm:bottom-2 right-2 {_SIDE_ARROW} {_ROUND}",
            **_attrs(carousel_next=""),
        ),
        rx.el.div(
            rx.foreach(HomeState.banners, _dot),
            class_name="absolute bottom-2 inset-x-0 flex justify-center items-center gap-1.5",
        ),
    )
    carousel = rx.el.section(
        rx.el.div(
            rx.foreach(HomeState.banners, _slide),
            class_name="flex size-full",
            **_attrs(carousel_track=""),
        ),
        rx.cond(HomeState.banners.length() > 1, controls),
        aria_roledescription=t("homepage.carousel"),
        aria_label=t("homepage.banners"),
        class_name=f"relative overflow-hidden rounded-2xl w-full aspect-[3/1] {_BONE}",
        data_testid="home-banner",
        on_mount=LOAD_SCRIPT,
        **_attrs(
            carousel="",
            delay=home_rules.BANNER_DELAY_MS,
            speed=home_rules.BANNER_SPEED_MS,
            index=0,
        ),
    )
    # Its space is kept until the brand's content comes; a brand without banners has none.
    return rx.cond(HomeState.filled & (HomeState.banners.length() == 0), rx.fragment(), carousel)


# Notice marquee and the day's wins -----------------------------------------------------------


def notice_bar() -> rx.Component:
    agent_entry = page_link(
        rx.icon("briefcase", size=16, aria_hidden="true"),
        rx.el.span(t("homepage.agent_entry"), class_name="hidden sm:inline"),
        href=routes.AGENT_HOME,
        aria_label=t("homepage.agent_entry"),
        class_name=(
            "flex shrink-0 items-center gap-1 h-7 px-2 rounded-lg text-sm font-semibold "
            f"bg-amber-400 text-slate-900 {FOCUS}"
        ),
        data_testid="home-agent-entry",
    )
    return rx.el.div(
        rx.icon("megaphone", size=18, aria_hidden="true", class_name="shrink-0 text-amber-500"),
        rx.el.div(
            rx.el.p(
                rx.foreach(HomeState.notices, lambda text: rx.el.span(text, class_name="mr-16")),
                class_name="home-marquee text-sm",
            ),
            role="marquee",
            aria_label=t("homepage.notice"),
            tab_index=0,
            class_name=f"home-marquee-box flex-1 min-w-0 overflow-hidden rounded {FOCUS}",
        ),
        rx.cond(AuthState.is_agent, agent_entry),
        class_name=(
            "mt-4 flex items-center gap-2 h-10 px-3 rounded-xl bg-white dark:bg-slate-900 shadow-sm"
        ),
        data_testid="home-notice",
    )


def paid_out() -> rx.Component:
    """What the brand's players won over the last day, from the platform's own wager facts;
    nothing at all when nobody won (never an invented figure)."""
    return rx.cond(
        HomeState.paid_out != "",
        rx.el.section(
            rx.el.h2(
                t("homepage.paid_out"), class_name="text-xs font-bold uppercase tracking-widest"
            ),
            rx.el.p(
                HomeState.paid_out,
                class_name=(
                    "font-mono font-extrabold text-2xl sm:text-4xl whitespace-nowrap tabular-nums"
                ),
                data_testid="paid-out-value",
            ),
            rx.el.p(t("homepage.paid_out_hint"), class_name="text-xs"),
            class_name=(
                "mt-4 flex flex-col items-center justify-center gap-1 min-h-28 px-4 py-3 "
                "rounded-2xl text-center text-slate-900 "
                "bg-gradient-to-r from-amber-300 via-yellow-200 to-amber-400"
            ),
            data_testid="home-paid-out",
        ),
    )


# Rows and lists ----------------------------------------------------------------------------

_HOT_SLOT = "w-[calc(20%-0.6rem)] min-w-28 shrink-0 snap-start"
_ROW = "flex gap-3 overflow-x-auto snap-x pb-2 scroll-smooth"


def _hot_bone(_: int) -> rx.Component:
    return rx.el.div(
        rx.el.div(class_name=f"aspect-square w-full rounded-xl {_BONE}"),
        rx.el.div(class_name=f"mt-1 h-5 w-3/4 rounded {_BONE}"),
        rx.el.div(class_name=f"h-4 w-1/2 rounded {_BONE}"),
        class_name=_HOT_SLOT,
    )


def _row_buttons(target: str) -> tuple[rx.Component, ...]:
    """Previous and next: the hot row shows 5 and moves 4 (spec 9)."""
    step = home_rules.HOT_STEP
    return (
        rx.el.div(
            *(
                _arrow(
                    f"chevron-{side}",
                    f"homepage.rows_{way}",
                    f"hot-{way}",
                    _ROUND,
                    aria_controls=target,
                    custom_attrs={"data-row-target": target, "data-row-step": str(sign * step)},
                )
                for way, side, sign in (("prev", "left", -1), ("next", "right", 1))
            ),
            class_name="flex gap-2",
        ),
    )


def hot_row() -> rx.Component:
    return _section(
        "lobby.hot",
        rx.el.div(
            rx.cond(
                LobbyState.hot.length() > 0,
                rx.foreach(LobbyState.hot, lambda g: rx.el.div(hot_card(g), class_name=_HOT_SLOT)),
                rx.fragment(*[_hot_bone(i) for i in range(home_rules.HOT_VISIBLE)]),
            ),
            id=HOT_ROW,
            class_name=_ROW,
        ),
        test_id="home-hot",
        controls=_row_buttons(HOT_ROW),
    )


_WINNER = (
    "flex items-center gap-3 w-64 shrink-0 snap-start rounded-xl p-2 "
    "bg-white dark:bg-slate-900 shadow-sm"
)


def _winner(winner: rx.Var) -> rx.Component:
    return rx.el.li(
        image(
            winner.icon,
            "",
            40,
            40,
            fallback=winner.fallback,
            loading="lazy",
            class_name="size-10 rounded-lg",
        ),
        rx.el.div(
            rx.el.p(winner.name, class_name="text-sm font-medium"),
            rx.el.p(
                winner.game,
                class_name="text-xs text-slate-600 dark:text-slate-400 truncate max-w-32",
            ),
            class_name="min-w-0",
        ),
        rx.el.p(
            money(winner.amount),
            class_name=(
                "ml-auto font-mono text-sm font-semibold tabular-nums text-emerald-700 "
                "dark:text-emerald-400 whitespace-nowrap"
            ),
            data_testid="winner-amount",
        ),
        class_name=_WINNER,
    )


def _winner_bone(_: int) -> rx.Component:
    return rx.el.li(
        rx.el.div(class_name=f"size-10 shrink-0 rounded-lg {_BONE}"),
        rx.el.div(class_name=f"h-4 flex-1 rounded {_BONE}"),
        class_name=_WINNER,
    )


def winners_swiper() -> rx.Component:
    """The latest winners: moves on by itself, one every 3 s (spec 9)."""
    return _section(
        "lobby.winners",
        rx.el.ul(
            rx.cond(
                LobbyState.winners.length() > 0,
                rx.foreach(LobbyState.winners, _winner),
                rx.fragment(*[_winner_bone(i) for i in range(5)]),
            ),
            id=WINNERS_ROW,
            # A scrolling list of text only: reachable by keyboard to scroll it.
            tab_index=0,
            aria_label=t("lobby.winners"),
            class_name=f"{_ROW} rounded-xl {FOCUS}",
            **_attrs(autoscroll="", speed=home_rules.WINNERS_SPEED_MS),
        ),
        test_id="home-winners",
        # The demo's winners are generated: said so while the demo parts run.
        controls=(
            rx.cond(
                SiteState.demo,
                rx.el.span(
                    t("homepage.demo_figures"),
                    class_name=(
                        "px-2 py-0.5 rounded text-xs font-medium whitespace-nowrap "
                        "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
                    ),
                    data_testid="winners-demo",
                ),
            ),
        ),
    )


def _card_bone(_: int) -> rx.Component:
    return rx.el.div(
        rx.el.div(class_name=f"aspect-square w-full rounded-xl {_BONE}"),
        rx.el.div(class_name=f"mt-1 h-5 w-3/4 rounded {_BONE}"),
        class_name="min-w-0",
    )


def _list(title_key: str, items: rx.Var, test_id: str) -> rx.Component:
    bones = rx.el.div(
        *[_card_bone(i) for i in range(HOME_LIST)],
        class_name="grid grid-cols-3 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6 gap-3",
    )
    return _section(
        title_key,
        rx.cond(items.length() > 0, game_grid(items), bones),
        test_id=test_id,
        # Below the fold on most screens: the browser skips their layout and paint until
        # they come near (the box keeps its last size, so nothing moves).
        lazy=True,
    )


def _demo_brand(row: rx.Var) -> rx.Component:
    note = SiteState.texts.get(row.note_key, "").to(str)
    return rx.el.li(
        rx.cond(
            row.current,
            rx.el.span(
                rx.el.b(row.name),
                " · ",
                t("demo.brands.here"),
                data_testid="demo-brand-current",
            ),
            rx.cond(
                row.address != "",
                rx.el.a(row.name, href=row.address, class_name=f"underline font-semibold {FOCUS}"),
                rx.el.b(row.name),
            ),
        ),
        rx.cond(note != "", rx.el.span(": ", note)),
        data_testid="demo-brand",
        data_brand=row.code,
    )


def demo_brands() -> rx.Component:
    """While the demo parts run: which demo brand this is, and where the others open."""
    return rx.cond(
        SiteState.demo_brands.length() > 0,
        rx.el.aside(
            rx.el.p(
                rx.el.span(
                    t("homepage.demo_figures"),
                    class_name=(
                        "mr-2 rounded px-2 py-0.5 text-xs font-medium bg-amber-200 text-amber-950"
                    ),
                ),
                t("demo.brands.title"),
                class_name="font-semibold",
            ),
            rx.el.ul(rx.foreach(SiteState.demo_brands, _demo_brand), class_name="mt-1 space-y-1"),
            class_name=(
                "mt-6 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 "
                "dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
            ),
            data_testid="demo-brands",
        ),
    )


def home_content() -> tuple[rx.Component, ...]:
    return (
        banner_carousel(),
        notice_bar(),
        game_exit_notice(),
        break_banner(),
        first_steps_card(),
        paid_out(),
        winners_swiper(),
        hot_row(),
        _list("lobby.recommended", LobbyState.recommended, "home-recommended"),
        _list("lobby.pg", LobbyState.pg_games, "home-pg"),
        # Last: it arrives after the first paint and would push the page down from above.
        demo_brands(),
    )


def home() -> rx.Component:
    return layout(*home_content())


_LOAD = (LobbyState.load_home, FirstStepsState.load, WalletState.back_from_game)


PAGES = (
    Page(routes.HOME, home, "Home", load=_LOAD),
    *(Page(alias, home, "Home", load=_LOAD, indexed=False) for alias in routes.HOME_ALIASES),
)
