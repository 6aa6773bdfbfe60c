"""Site footer: app download, help links, providers, payments, qualifications, copyright."""

from __future__ import annotations

import reflex as rx

from app import routes
from app.services.catalogue.rules import vendor_list_icon
from components.i18n import t
from components.link import page_link
from components.media import image
from components.side_menu import social_link
from components.style import FOCUS
from state.catalogue.lobby import LobbyState
from state.site import SiteState

# The footer's providers (code, name): their wordmarks from the image host, as the lobby's.
PROVIDERS = (
    ("PG", "PG Soft"),
    ("PP", "Pragmatic Play"),
    ("JILI", "JILI"),
    ("EVO", "Evolution"),
    ("SPB", "Spribe"),
    ("SABA", "SABA Sports"),
    ("BGS", "BGS Originals"),
    ("IMES", "IM Esports"),
)
HELP_LINKS = (
    ("footer.help_center", routes.HELP),
    ("footer.terms", routes.TERMS),
    ("footer.privacy", routes.PRIVACY),
    ("footer.responsible", routes.RESPONSIBLE_GAMBLING),
    ("footer.sponsor", routes.SPONSOR),
    ("footer.description", routes.DESCRIPTION),
)


def _heading(key: str) -> rx.Component:
    return rx.el.h2(
        t(key),
        class_name=(
            "text-xs font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-400 mb-2"
        ),
    )


def _providers() -> rx.Component:
    return rx.el.ul(
        *[
            rx.el.li(
                image(
                    src=f"/img/{vendor_list_icon(code, 'color')}",
                    alt=name,
                    loading="lazy",
                    class_name="h-[30px] w-[75px]",
                    width=75,
                    height=30,
                )
            )
            for code, name in PROVIDERS
        ],
        data_testid="footer-provider-marks",
        class_name="flex flex-wrap gap-2",
    )


LINK_CLASS = f"text-sm hover:text-amber-500 rounded {FOCUS}"


def _payment(name: rx.Var[str]) -> rx.Component:
    return rx.el.li(
        image(
            src="/icons/pay-" + name + ".svg",
            alt=name.upper(),
            loading="lazy",
            class_name="h-[30px] w-[72px]",
            width=72,
            height=30,
        ),
        data_testid="footer-pay-" + name,
    )


def _game_link(item: rx.Var) -> rx.Component:
    return rx.el.li(
        page_link(
            SiteState.texts.get("nav." + item.type, item.title),
            href=item.path,
            class_name=LINK_CLASS,
            data_testid="footer-nav-" + item.type.lower(),
        )
    )


def _sub_category_link(item: rx.Var) -> rx.Component:
    return rx.el.li(
        page_link(
            item.title,
            href="/rng?sub=" + item.code,
            class_name=LINK_CLASS,
            data_testid="footer-sub-" + item.code.lower(),
        )
    )


def _games() -> rx.Component:
    """The footer's game navigation (spec 2: the menus without PROMO, HOME and HOT), the
    slots sub-categories and the providers page."""
    return rx.el.nav(
        _heading("footer.games"),
        rx.el.ul(
            rx.foreach(LobbyState.footer_nav, _game_link),
            rx.foreach(LobbyState.sub_categories, _sub_category_link),
            rx.el.li(
                page_link(
                    t("providers.title"),
                    href=routes.SEAMLESS,
                    class_name=LINK_CLASS,
                    data_testid="footer-providers",
                )
            ),
            class_name="grid grid-cols-2 sm:grid-cols-3 gap-x-4 gap-y-1",
        ),
        aria_label=t("footer.games"),
        class_name="lg:col-span-2",
        data_testid="footer-games",
    )


def _qualifications(age_badge: rx.Var) -> rx.Component:
    """The age limit and the ways to stop, in words (no chip pretending to be a seal)."""
    return rx.el.div(
        _heading("footer.qualifications"),
        rx.el.div(
            image(
                src="/icons/qual-" + age_badge + ".svg",
                alt=SiteState.min_age.to_string() + "+",
                loading="lazy",
                class_name="h-[30px] w-[72px]",
                width=72,
                height=30,
            ),
            rx.el.span(
                SiteState.texts["footer.age_words"]
                .to(str)
                .replace("{age}", SiteState.min_age.to_string()),
                class_name="text-sm",
            ),
            class_name="flex items-center gap-2",
        ),
        rx.el.ul(
            rx.el.li(
                page_link(
                    t("footer.responsible"),
                    href=routes.RESPONSIBLE_GAMBLING,
                    class_name=LINK_CLASS,
                    data_testid="footer-responsible",
                )
            ),
            rx.el.li(
                page_link(
                    t("footer.self_exclusion"),
                    href=routes.RESPONSIBLE_GAMING,
                    class_name=LINK_CLASS,
                    data_testid="footer-self-exclusion",
                )
            ),
            class_name="mt-2 space-y-1",
        ),
    )


def operator_lines(testid_prefix: str) -> list[rx.Component]:
    """Who runs the site, line by line: legal name and CNPJ, the licence in words, and on a
    demo site that its values are examples."""
    return [
        rx.el.p(
            rx.el.span(SiteState.operator_name, class_name="font-semibold"),
            rx.cond(
                SiteState.operator_cnpj != "",
                rx.el.span(
                    " · ",
                    t("footer.cnpj").replace("{cnpj}", SiteState.operator_cnpj),
                    class_name="whitespace-nowrap",
                    data_testid=f"{testid_prefix}-cnpj",
                ),
            ),
        ),
        rx.cond(
            SiteState.licence_words != "",
            rx.el.p(SiteState.licence_words, data_testid=f"{testid_prefix}-licence"),
        ),
        rx.cond(
            SiteState.licensed_domain != "",
            rx.el.p(
                t("footer.domain"),
                " ",
                # Words, not a link: the player checks the address bar against it.
                rx.el.span(SiteState.licensed_domain, class_name="font-semibold"),
                data_testid=f"{testid_prefix}-domain",
            ),
        ),
        rx.cond(
            SiteState.demo,
            rx.el.p(
                t("footer.demo"),
                class_name=(
                    "inline-block mt-1 px-2 py-0.5 rounded bg-amber-100 text-amber-900 "
                    "dark:bg-amber-900/40 dark:text-amber-100"
                ),
                data_testid=f"{testid_prefix}-demo",
            ),
        ),
    ]


FOOTER_OPERATOR = (
    "mx-auto max-w-7xl px-4 sm:pr-16 py-4 border-t border-slate-200 dark:border-slate-800 "
    "text-xs space-y-1"
)


def operator_identity(
    testid_prefix: str = "footer",
    heading_key: str = "footer.operator",
    heading_class: str = "sr-only",
    class_name: str = FOOTER_OPERATOR,
) -> rx.Component:
    """Who runs the site under its heading: at the foot of every page, or below a legal
    text. Nothing when the brand has set none."""
    return rx.cond(
        (SiteState.operator_name != "")
        | (SiteState.licence != "")
        | (SiteState.licensed_domain != ""),
        rx.el.section(
            rx.el.h2(t(heading_key), class_name=heading_class),
            *operator_lines(testid_prefix),
            class_name=class_name,
            data_testid=f"{testid_prefix}-operator",
        ),
    )


def footer() -> rx.Component:
    link_class = LINK_CLASS
    age_badge = rx.cond(SiteState.min_age >= 21, "age21", "age18")
    return rx.el.footer(
        rx.el.div(
            rx.el.div(
                _heading("footer.download"),
                page_link(
                    rx.icon("download", size=16, aria_hidden="true"),
                    t("footer.download"),
                    href=routes.DOWNLOAD,
                    class_name=f"inline-flex items-center gap-2 {link_class}",
                    data_testid="footer-download",
                ),
                _heading("footer.help"),
                rx.el.ul(
                    *[
                        rx.el.li(page_link(t(key), href=href, class_name=link_class))
                        for key, href in HELP_LINKS
                    ],
                    class_name="space-y-1",
                ),
                class_name="space-y-3",
            ),
            _games(),
            rx.el.div(
                _heading("footer.providers"),
                _providers(),
                rx.cond(
                    SiteState.follows.length() > 0,
                    rx.el.div(
                        _heading("footer.follow"),
                        rx.el.ul(
                            rx.foreach(SiteState.follows, social_link),
                            class_name="flex flex-wrap gap-2",
                            data_testid="footer-follow",
                        ),
                        class_name="mt-4",
                    ),
                ),
            ),
            rx.el.div(
                _heading("footer.payments"),
                rx.el.ul(
                    rx.foreach(SiteState.payment_icons, _payment),
                    class_name="flex flex-wrap gap-2",
                ),
            ),
            _qualifications(age_badge),
            class_name=(
                "mx-auto max-w-7xl grid gap-8 px-4 sm:pr-16 py-10 sm:grid-cols-2 lg:grid-cols-6"
            ),
        ),
        operator_identity(),
        rx.el.div(
            rx.el.p(SiteState.age_notice, class_name="text-xs text-slate-600 dark:text-slate-400"),
            rx.el.p(
                SiteState.copyright,
                " · ",
                t("footer.rights"),
                class_name="text-xs text-slate-600 dark:text-slate-400",
                data_testid="copyright",
            ),
            class_name=(
                "mx-auto max-w-7xl px-4 pr-16 py-4 border-t border-slate-200 dark:border-slate-800 "
                "flex flex-col sm:flex-row gap-2 justify-between"
            ),
        ),
        # pb-16: on a phone the tab bar covers the last 4rem of the page.
        class_name=(
            "mt-16 pb-16 sm:pb-0 bg-slate-100 dark:bg-slate-900 text-slate-700 dark:text-slate-300"
        ),
        data_testid="site-footer",
    )
