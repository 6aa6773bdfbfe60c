"""Site header: brand, game search, game navigation, visitor login form, language, theme,
invite."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.cashier.wallet import balance_badge
from components.catalogue.game_search import search_button
from components.dialog import close_dialog, dialog, open_dialog
from components.i18n import t
from components.link import icon_link_item, page_link
from components.media import image
from components.member_nav import MEMBER_CENTRE
from components.side_menu import phone_help
from components.style import FOCUS, INFO_TAG, SCROLL_HINT
from state.accounts.auth import LOGOUT_DIALOG, AuthState
from state.accounts.register import RegisterState
from state.cashier.wallet import WalletState
from state.catalogue.lobby import LobbyState
from state.catalogue.search import GameSearchState
from state.site import SiteState

MOBILE_MENU = "mobile-menu"
# Below 360 px a member's magnifier is in the menu: the logo, the six-digit balance with
# Depositar and the menu's button fill the row. A trial account has no Depositar: its row
# keeps the magnifier at every width.
MEMBER_SEARCH_HIDDEN = rx.cond(AuthState.is_trial, "", "max-[359px]:hidden")
# The choice is written to the browser's storage at once (the names of SiteState.lang and
# his_lang): a link followed before the server answers sends the stored language with its route
# change, which would otherwise still be the old one and undo the choice.
_REMEMBER_LANGUAGE = rx.vars.FunctionStringVar.create(
    "(code) => { localStorage.setItem('lang', code); localStorage.setItem('hisLang', code); }"
)


def language_selector(test_id: str = "language-select") -> rx.Component:
    return rx.el.label(
        rx.el.span(t("lang.label"), class_name="sr-only"),
        rx.icon("globe", size=16, class_name="shrink-0", aria_hidden="true"),
        rx.el.select(
            rx.foreach(
                SiteState.languages,
                lambda lang: rx.el.option(lang.name, value=lang.code),
            ),
            value=SiteState.lang,
            on_change=[_REMEMBER_LANGUAGE, SiteState.set_language],
            class_name=f"bg-transparent text-sm font-medium py-1 pr-1 cursor-pointer {FOCUS}",
            data_testid=test_id,
        ),
        class_name=(
            "flex items-center gap-1 rounded-lg border border-slate-300 dark:border-slate-700 "
            "px-2 h-9"
        ),
    )


def theme_toggle(
    test_id: str = "theme-toggle", display: str | rx.Var[str] = "grid"
) -> rx.Component:
    return rx.el.button(
        rx.color_mode_cond(
            light=rx.icon("moon", size=18, aria_hidden="true"),
            dark=rx.icon("sun", size=18, aria_hidden="true"),
        ),
        on_click=rx.toggle_color_mode,
        aria_label=t("theme.toggle"),
        title=t("theme.toggle"),
        class_name=(
            f"{display} place-items-center size-9 rounded-lg border border-slate-300 "
            f"dark:border-slate-700 hover:bg-slate-100 dark:hover:bg-slate-800 {FOCUS}"
        ),
        data_testid=test_id,
    )


def _input(key: str, name: str, kind: str, autocomplete: str) -> rx.Component:
    return rx.el.input(
        name=name,
        type=kind,
        placeholder=t(key),
        aria_label=t(key),
        auto_complete=autocomplete,
        class_name=(
            "h-9 w-32 xl:w-40 rounded-lg px-3 text-sm bg-white text-slate-900 "
            "border border-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:border-slate-700 "
            f"{FOCUS}"
        ),
    )


def visitor_login_form() -> rx.Component:
    """The visitor's login form; errors show in the warning popup (spec 5)."""
    return rx.el.form(
        _input("header.username", "username", "text", "username"),
        _input("header.password", "password", "password", "current-password"),
        rx.el.button(
            t("header.login"),
            type="submit",
            class_name=(
                "h-9 px-4 rounded-lg text-sm font-semibold bg-amber-400 text-slate-900 "
                f"hover:bg-amber-300 {FOCUS}"
            ),
        ),
        rx.el.input(type="hidden", name="source", value="header"),
        rx.el.input(type="hidden", name="type", value="username"),
        on_submit=AuthState.submit_login,
        reset_on_submit=False,
        class_name="hidden lg:flex items-center gap-2",
        data_testid="header-login-form",
    )


def _register_button(extra: str = "") -> rx.Component:
    return rx.el.button(
        t("header.register"),
        on_click=RegisterState.open,
        data_testid="header-register",
        class_name=(
            "h-9 px-4 rounded-lg text-sm font-semibold border border-amber-400 "
            f"text-amber-700 dark:text-amber-300 hover:bg-amber-400/10 {FOCUS} {extra}"
        ),
    )


def _deposit_button() -> rx.Component:
    """Depositar, joined to the balance's right end as Brazilian betting sites show it, on
    every width: a phone's small words leave the row room for a six-digit balance."""
    return rx.el.button(
        t("auth.deposit"),
        on_click=AuthState.gate("deposit"),
        class_name=(
            "flex items-center h-9 px-2.5 sm:px-3 rounded-r-lg text-xs sm:text-sm font-semibold "
            f"whitespace-nowrap bg-amber-400 text-slate-900 hover:bg-amber-300 {FOCUS}"
        ),
        data_testid="header-deposit",
    )


def member_area() -> rx.Component:
    """A member's header: account, balance with show/hide and deposit, inbox and logout
    (spec 2)."""
    return rx.el.div(
        search_button(hidden=MEMBER_SEARCH_HIDDEN),
        rx.el.button(
            rx.icon("user", size=16, aria_hidden="true"),
            # The name from lg up only: a tablet's row has no room for it beside the balance.
            rx.el.span(AuthState.account, class_name="sr-only lg:not-sr-only max-w-28 truncate"),
            type="button",
            on_click=open_dialog(MEMBER_CENTRE),
            aria_haspopup="dialog",
            class_name=(
                "hidden sm:flex items-center justify-center gap-1 h-9 min-w-9 text-sm "
                "font-medium rounded-lg max-lg:border border-slate-300 dark:border-slate-700 "
                f"{FOCUS}"
            ),
            data_testid="header-account",
        ),
        rx.el.div(
            balance_badge(),
            # A trial account cannot deposit: its register button follows the inbox instead.
            rx.cond(~AuthState.is_trial, _deposit_button()),
            class_name="flex items-center",
        ),
        page_link(
            rx.icon("mail", size=16, aria_hidden="true"),
            rx.cond(
                WalletState.unread > 0,
                rx.el.span(
                    WalletState.unread.to(str),
                    class_name=(
                        "absolute -top-1 -right-1 min-w-4 h-4 px-1 rounded-full bg-rose-600 "
                        "text-white text-[10px] font-bold grid place-items-center"
                    ),
                    data_testid="header-unread",
                ),
            ),
            href=routes.MESSAGES,
            aria_label=t("inbox.title"),
            title=t("inbox.title"),
            # Below 400 px in the menu (its unread dot on the menu's button): the row holds
            # the balance and Depositar first.
            class_name=(
                "relative hidden min-[400px]:grid place-items-center size-9 rounded-lg border "
                f"border-slate-300 dark:border-slate-700 {FOCUS}"
            ),
            data_testid="header-messages",
        ),
        rx.cond(
            AuthState.is_trial,
            rx.fragment(
                rx.el.span(
                    t("header.trial"),
                    # From xl up: below it the row's buttons would be squeezed and the badge
                    # broken on two lines; Cadastrar beside the balance says it there.
                    class_name=(
                        "hidden xl:inline-flex items-center h-6 px-2 rounded-full text-xs "
                        f"whitespace-nowrap font-semibold {INFO_TAG}"
                    ),
                    data_testid="trial-badge",
                ),
                # A phone's menu holds it: the row has no room beside the balance.
                _register_button("max-sm:hidden"),
            ),
        ),
        rx.el.button(
            rx.icon("log-out", size=16, aria_hidden="true"),
            on_click=open_dialog(LOGOUT_DIALOG),
            aria_label=t("auth.logout"),
            title=t("auth.logout"),
            class_name=(
                "hidden sm:grid place-items-center size-9 rounded-lg border border-slate-300 "
                f"dark:border-slate-700 {FOCUS}"
            ),
            data_testid="header-logout",
        ),
        class_name="flex items-center gap-1 sm:gap-2",
        data_testid="member-area",
    )


def _nav_item(item: rx.Var) -> rx.Component:
    return rx.el.li(
        page_link(
            SiteState.texts.get("nav." + item.type, item.title),
            href=item.path,
            class_name=(
                "block whitespace-nowrap px-3 py-2 rounded-lg text-sm font-medium "
                f"hover:bg-slate-200 dark:hover:bg-slate-800 {FOCUS}"
            ),
            data_testid="nav-" + item.type.lower(),
        )
    )


def nav_bar() -> rx.Component:
    """The top navigation built from the catalogue (spec 2): Home first, promotions last."""
    invite = rx.el.li(
        page_link(
            rx.icon("gift", size=16, aria_hidden="true"),
            t("header.invite"),
            href=routes.REFERRAL,
            class_name=(
                "flex items-center gap-1 whitespace-nowrap px-3 py-2 rounded-lg text-sm "
                f"font-medium text-amber-700 dark:text-amber-300 hover:bg-amber-400/10 {FOCUS}"
            ),
            data_testid="nav-invite",
        ),
        class_name="ml-auto",
    )
    return rx.el.nav(
        rx.el.ul(
            rx.foreach(LobbyState.nav, _nav_item),
            invite,
            # No scrollbar: one appearing when the entries arrive would push the page down.
            class_name=(
                "flex items-center gap-1 overflow-x-auto min-h-10 [scrollbar-width:none] "
                + SCROLL_HINT
            ),
        ),
        aria_label=t("nav.label"),
        class_name="mx-auto max-w-7xl px-3 sm:px-4",
        data_testid="game-nav",
    )


def header() -> rx.Component:
    return rx.el.header(
        rx.el.a(
            t("app.skip_to_content"),
            href="#main",
            class_name=(
                "sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 "
                "focus:rounded focus:bg-amber-400 focus:px-3 focus:py-2 focus:text-slate-900"
            ),
        ),
        rx.el.div(
            page_link(
                # Never squeezed: the parts on the right give way instead.
                image(src="/logo.svg", alt="", class_name="size-9 shrink-0", width=36, height=36),
                rx.el.span(
                    SiteState.brand_name,
                    # A member's row is full below lg: the name would be cut to a letter.
                    class_name=rx.cond(
                        AuthState.is_login,
                        "hidden lg:inline text-lg font-bold tracking-tight truncate",
                        "hidden min-[400px]:inline text-lg font-bold tracking-tight truncate",
                    ),
                ),
                href=routes.HOME,
                # Named even where the brand's name is hidden (narrow phones): the logo is
                # the way home.
                aria_label=SiteState.brand_name,
                class_name=f"flex items-center gap-2 min-w-9 rounded-lg {FOCUS}",
                data_testid="brand-link",
            ),
            rx.el.div(
                rx.cond(
                    AuthState.is_login,
                    member_area(),
                    rx.fragment(
                        search_button(),
                        visitor_login_form(),
                        # Smaller words under 400 px: both buttons fit beside the magnifier.
                        _register_button("max-sm:px-3 max-[399px]:text-xs"),
                        rx.el.button(
                            t("header.login"),
                            on_click=AuthState.open_login,
                            class_name=(
                                "lg:hidden h-9 px-3 rounded-lg text-sm max-[399px]:text-xs "
                                f"font-semibold bg-amber-400 text-slate-900 {FOCUS}"
                            ),
                            data_testid="header-login-button",
                        ),
                    ),
                ),
                # Below md in the menu: a tablet's row has no room for it beside the balance.
                rx.el.div(language_selector(), class_name="hidden md:block"),
                # In the menu where the row has no room for it: under 360 px for a visitor,
                # under 440 px for a member, whose balance and Depositar come first.
                theme_toggle(
                    display=rx.cond(
                        AuthState.is_login, "hidden min-[440px]:grid", "hidden min-[360px]:grid"
                    )
                ),
                rx.el.button(
                    rx.icon("menu", size=20, aria_hidden="true"),
                    # Unread messages, where the menu holds the inbox (below 400 px).
                    rx.cond(
                        AuthState.is_login & (WalletState.unread > 0),
                        rx.el.span(
                            class_name=(
                                "min-[400px]:hidden absolute top-1 right-1 size-2 rounded-full "
                                "bg-rose-600"
                            ),
                            data_testid="menu-unread",
                        ),
                    ),
                    on_click=open_dialog(MOBILE_MENU),
                    aria_label=t("header.menu"),
                    class_name=(
                        "relative md:hidden grid place-items-center size-9 rounded-lg border "
                        f"border-slate-300 dark:border-slate-700 {FOCUS}"
                    ),
                    data_testid="mobile-menu-button",
                ),
                class_name="flex items-center gap-1 sm:gap-2",
            ),
            class_name=(
                # Narrow gaps on a phone: a member's logo, magnifier, balance with Depositar and
                # menu share 360 px (320 px with the magnifier in the menu).
                "mx-auto max-w-7xl flex items-center justify-between gap-2 sm:gap-3 px-3 "
                "sm:px-4 h-14"
            ),
        ),
        nav_bar(),
        class_name=(
            "sticky top-0 z-40 border-b border-slate-200 dark:border-slate-800 "
            "bg-white/90 dark:bg-slate-950/90 backdrop-blur"
        ),
        data_testid="site-header",
    )


_MOBILE_LINK = (
    "flex items-center gap-2 h-10 px-3 rounded-lg text-sm font-medium bg-slate-100 "
    f"dark:bg-slate-800 hover:bg-slate-200 dark:hover:bg-slate-700 {FOCUS}"
)
# The member pages a phone reaches from the menu (issue 21: deposit, withdraw and records).
_MOBILE_MEMBER_LINKS = (
    ("wallet", "cashier.deposit_title", routes.DEPOSIT, "deposit"),
    ("banknote", "withdraw.title", routes.WITHDRAW, "withdraw"),
    ("list", "record.title", routes.TRANSACTION_HISTORY, "records"),
    ("dices", "betting.title", routes.BETTING_RECORD, "bets"),
)


@rx.memo
def mobile_menu_body() -> rx.Component:
    """The phone menu's content, compiled once for every page (see components/layout.py)."""
    return rx.el.div(
        rx.el.div(
            language_selector("mobile-language-select"),
            theme_toggle("mobile-theme-toggle"),
            class_name="flex items-center gap-2",
        ),
        rx.cond(
            AuthState.is_login,
            rx.fragment(
                # Named for where it leads (the member centre), the account's name beside.
                rx.el.button(
                    rx.icon("user", size=16, aria_hidden="true"),
                    rx.el.span(t("auth.member_menu"), class_name="font-medium"),
                    rx.el.span(
                        AuthState.account,
                        class_name="min-w-0 truncate text-sm text-slate-500 dark:text-slate-400",
                    ),
                    rx.icon("chevron-right", size=16, aria_hidden="true", class_name="ml-auto"),
                    type="button",
                    on_click=[close_dialog(MOBILE_MENU), open_dialog(MEMBER_CENTRE)],
                    aria_haspopup="dialog",
                    class_name=f"flex w-full items-center gap-2 h-9 rounded {FOCUS}",
                    data_testid="mobile-account",
                ),
                # What a member's narrow header row leaves to the menu: the magnifier below
                # 360 px (a trial account's row keeps it), the inbox below 400 px.
                rx.cond(
                    ~AuthState.is_trial,
                    rx.el.button(
                        rx.icon("search", size=16, aria_hidden="true"),
                        t("lobby.search"),
                        type="button",
                        on_click=[close_dialog(MOBILE_MENU), GameSearchState.open],
                        aria_haspopup="dialog",
                        class_name=f"{_MOBILE_LINK} min-[360px]:hidden",
                        data_testid="mobile-search",
                    ),
                ),
                page_link(
                    rx.icon("mail", size=16, aria_hidden="true"),
                    t("inbox.title"),
                    rx.cond(
                        WalletState.unread > 0,
                        rx.el.span(
                            rx.el.span(WalletState.unread.to(str), aria_hidden="true"),
                            rx.el.span(
                                t("inbox.unread_count").replace(
                                    "{count}", WalletState.unread.to(str)
                                ),
                                class_name="sr-only",
                            ),
                            class_name=(
                                "ml-auto grid place-items-center min-w-5 h-5 px-1.5 rounded-full "
                                "bg-rose-600 text-white text-xs font-bold"
                            ),
                            data_testid="mobile-unread",
                        ),
                    ),
                    href=routes.MESSAGES,
                    class_name=f"{_MOBILE_LINK} min-[400px]:hidden",
                    data_testid="mobile-messages",
                ),
                rx.cond(
                    AuthState.is_trial,
                    rx.fragment(
                        rx.el.p(
                            t("header.trial"),
                            class_name="text-sm text-sky-700 dark:text-sky-300",
                            data_testid="mobile-trial-badge",
                        ),
                        _register_button("w-full"),
                    ),
                    rx.el.ul(
                        *[
                            icon_link_item(
                                icon,
                                key,
                                href,
                                class_name=_MOBILE_LINK,
                                data_testid=f"mobile-{test_id}",
                            )
                            for icon, key, href, test_id in _MOBILE_MEMBER_LINKS
                        ],
                        class_name="grid grid-cols-2 gap-2",
                    ),
                ),
                rx.el.button(
                    rx.icon("log-out", size=16, aria_hidden="true"),
                    t("auth.logout"),
                    on_click=[close_dialog(MOBILE_MENU), open_dialog(LOGOUT_DIALOG)],
                    class_name=(
                        "flex items-center justify-center gap-2 h-9 w-full rounded-lg "
                        f"border border-slate-300 dark:border-slate-700 {FOCUS}"
                    ),
                    data_testid="mobile-logout",
                ),
            ),
            _register_button("w-full"),
        ),
        phone_help(),
        class_name="flex flex-col gap-3",
    )


def mobile_menu_dialog() -> rx.Component:
    """Rendered at the page root: the header's backdrop filter would trap a fixed overlay."""
    return dialog(MOBILE_MENU, mobile_menu_body(), title=t("header.menu"))
