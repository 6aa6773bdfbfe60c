"""The affiliate application page (/affiliateApply): the programme's terms, the form, and the
status of the member's latest application (an approved member goes on to the agent centre)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.agents.agent_centre import CARD
from components.forms import INPUT, PRIMARY, SECONDARY, field, form_error, notice
from components.i18n import local_time, t
from components.layout import member_page
from components.link import page_link
from pages.registry import Page
from state.agents.affiliate import AffiliateState
from state.site import SiteState

TERMS = ("affiliate.terms.1", "affiliate.terms.2", "affiliate.terms.3", "affiliate.terms.4")


def _terms() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("affiliate.terms_title"), class_name="font-bold mb-2"),
        rx.el.ol(
            *[rx.el.li(t(key), class_name="mb-1") for key in TERMS],
            class_name="list-decimal pl-5 text-sm space-y-1",
        ),
        class_name=f"{CARD} mb-4",
        data_testid="affiliate-terms",
    )


def _status() -> rx.Component:
    return rx.cond(
        AffiliateState.status != "",
        rx.el.section(
            rx.el.h2(t("affiliate.status_title"), class_name="font-bold mb-1"),
            rx.el.p(
                SiteState.texts.get("affiliate.status." + AffiliateState.status, ""),
                class_name="text-sm",
                data_testid="affiliate-status",
            ),
            rx.el.p(
                t("affiliate.sent_at"),
                " ",
                local_time(AffiliateState.sent_at),
                class_name="text-xs text-slate-500 dark:text-slate-400",
            ),
            class_name=f"{CARD} mb-4 border-l-4 border-amber-400",
        ),
    )


def _form() -> rx.Component:
    return rx.el.form(
        field("channel", t("affiliate.channel"), max_length=200, data_testid="affiliate-channel"),
        rx.el.label(t("affiliate.audience"), html_for="affiliate-audience", class_name="text-sm"),
        rx.el.textarea(
            id="affiliate-audience",
            name="audience",
            max_length=500,
            rows=3,
            class_name=f"{INPUT} !h-auto py-2 mb-3",
            data_testid="affiliate-audience",
        ),
        rx.el.label(
            rx.el.input(
                type="checkbox",
                name="accept",
                class_name="size-4 accent-amber-500",
                data_testid="affiliate-accept",
            ),
            t("affiliate.accept"),
            class_name="flex items-center gap-2 text-sm mb-3",
        ),
        form_error(AffiliateState.error),
        rx.el.button(
            t("affiliate.submit"), type="submit", class_name=PRIMARY, data_testid="affiliate-submit"
        ),
        on_submit=AffiliateState.apply,
        class_name=f"{CARD} max-w-xl space-y-1",
        data_testid="affiliate-form",
    )


def affiliate_page() -> rx.Component:
    return member_page(
        "affiliate.title",
        rx.el.p(
            t("affiliate.lead"), class_name="text-slate-500 dark:text-slate-400 mb-4 max-w-2xl"
        ),
        notice(AffiliateState.message),
        _status(),
        rx.cond(
            AffiliateState.is_agent,
            page_link(
                t("affiliate.open_agent_home"),
                href=routes.AGENT_HOME,
                class_name=f"{SECONDARY} !w-auto px-4 inline-flex items-center",
                data_testid="affiliate-agent-home",
            ),
            rx.el.div(
                _terms(),
                rx.cond(
                    AffiliateState.trial,
                    rx.el.p(t("affiliate.trial"), class_name="text-sm"),
                    rx.cond(AffiliateState.status != "PENDING", _form()),
                ),
            ),
        ),
    )


PAGES = (
    Page(
        routes.AFFILIATE_APPLY,
        affiliate_page,
        "Become an affiliate",
        load=(AffiliateState.load,),
        login=True,
    ),
)
