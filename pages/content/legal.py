"""Legal pages: terms and conditions (/terms), the privacy policy (/privacy), sponsorships and
the brand's description, the brand's own texts in the visitor's language, with their version
and date, and below each who runs the site (legal name, CNPJ, licence)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.footer import operator_identity
from components.i18n import local_time, t
from components.layout import layout
from pages.registry import Page
from state.content.legal import LegalState
from state.site import SiteState

PROSE = (
    "max-w-3xl space-y-3 text-slate-700 dark:text-slate-300 leading-relaxed "
    "[&_h2]:text-lg [&_h2]:font-semibold [&_h2]:mt-6 [&_h2]:text-slate-900 "
    "dark:[&_h2]:text-white [&_ul]:list-disc [&_ul]:pl-6 [&_li]:my-1"
)


def legal_page() -> rx.Component:
    shown = LegalState.by_lang.get(SiteState.lang, None)
    return layout(
        rx.cond(
            LegalState.by_lang.contains(SiteState.lang),
            rx.el.article(
                rx.el.h1(shown.title, class_name="text-2xl font-bold mb-1"),
                rx.el.p(
                    t("legal.version")
                    .replace("{version}", shown.version.to(str))
                    .replace("{date}", local_time(shown.updated_at)),
                    class_name="text-sm text-slate-500 dark:text-slate-400 mb-4",
                    data_testid="legal-version",
                ),
                rx.cond(
                    shown.original_language,
                    rx.el.p(
                        t("legal.other_language"),
                        class_name="text-sm text-amber-700 dark:text-amber-400 mb-2",
                    ),
                ),
                rx.html(shown.html, class_name=PROSE),
                operator_identity(
                    "legal",
                    "legal.operator",
                    "text-lg font-semibold",
                    "max-w-3xl mt-8 pt-4 border-t border-slate-200 dark:border-slate-800 "
                    "text-sm space-y-1",
                ),
                data_testid="legal-document",
            ),
            rx.el.p(t("legal.missing"), class_name="text-slate-500 dark:text-slate-400"),
        ),
    )


_TITLES = {
    routes.TERMS: "Terms and conditions",
    routes.PRIVACY: "Privacy policy",
    routes.SPONSOR: "Sponsorships",
    routes.DESCRIPTION: "About the brand",
}


PAGES = (
    *(Page(path, legal_page, title, load=(LegalState.load,)) for path, title in _TITLES.items()),
)
