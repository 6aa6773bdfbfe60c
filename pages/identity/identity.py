"""The member's identity verification (/verify-identity, Brazil brands) and the public
responsible-gambling page (/responsible-gambling, no login: the brand's tools, help lines,
the self-exclusion links)."""

from __future__ import annotations

import reflex as rx

from app import routes
from app.services.identity.onboarding import MAX_DOCUMENTS
from components.forms import LINK, PRIMARY, field, form_error, image_drop, notice
from components.i18n import t
from components.layout import layout, member_page
from pages.registry import Page
from state.identity.identity import DOCUMENT_UPLOAD, IdentityState, ResponsibleState
from state.site import SiteState

CARD = "rounded-xl border border-slate-200 dark:border-slate-800 p-4 mb-4 space-y-3"
STATUS_TONE = {
    "VERIFIED": "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200",
    "REVIEW": "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200",
    "REJECTED": "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200",
    "UNDERAGE": "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200",
    "PENDING": "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200",
}


def _status() -> rx.Component:
    return rx.el.div(
        rx.el.span(t("identity.status"), class_name="text-sm"),
        rx.el.span(
            SiteState.texts["identity.status." + IdentityState.status].to(str),
            class_name=rx.match(
                IdentityState.status,
                *(
                    (status, f"px-2 py-1 rounded text-sm font-medium {tone}")
                    for status, tone in STATUS_TONE.items()
                ),
                "px-2 py-1 rounded text-sm",
            ),
            data_testid="identity-status",
            data_status=IdentityState.status,
        ),
        class_name="flex items-center justify-between gap-2",
    )


def _form() -> rx.Component:
    return rx.el.form(
        rx.el.p(t("identity.intro"), class_name="text-sm"),
        rx.cond(
            IdentityState.cpf_needed,
            field("cpf", t("identity.cpf"), inputmode="numeric", max_length=14),
            rx.el.div(
                rx.el.span(t("identity.cpf"), class_name="text-sm"),
                rx.el.span(IdentityState.cpf, class_name="font-mono tabular-nums"),
                class_name="flex justify-between",
            ),
        ),
        # Started from what the member gave at registration: nothing is asked twice.
        field(
            "fullName",
            t("identity.fullName"),
            autocomplete="name",
            max_length=120,
            default_value=IdentityState.full_name,
        ),
        field(
            "birthDate",
            t("identity.birthDate"),
            kind="date",
            autocomplete="bday",
            default_value=IdentityState.birth_date,
        ),
        form_error(IdentityState.error),
        rx.el.button(
            t("identity.submit"),
            type="submit",
            class_name=PRIMARY,
            data_testid="identity-submit",
        ),
        on_submit=IdentityState.submit,
        reset_on_submit=False,
        class_name="space-y-1",
        data_testid="identity-form",
    )


def _review() -> rx.Component:
    """Under review: the member sends their document's images for staff to read."""
    return rx.el.div(
        rx.el.p(t("identity.review.text")),
        rx.el.h2(t("identity.documents.title"), class_name="font-semibold"),
        rx.el.p(
            t("identity.documents.hint"), class_name="text-sm text-slate-500 dark:text-slate-400"
        ),
        image_drop(
            DOCUMENT_UPLOAD, t("identity.documents.title"), MAX_DOCUMENTS, "identity-upload"
        ),
        form_error(IdentityState.error),
        notice(IdentityState.notice),
        rx.cond(
            IdentityState.documents > 0,
            rx.el.p(
                t("identity.documents.received"),
                ": ",
                IdentityState.documents.to(str),
                class_name="text-sm",
                data_testid="identity-documents",
            ),
        ),
        rx.el.button(
            t("identity.documents.send"),
            type="button",
            on_click=IdentityState.send_documents(rx.upload_files(upload_id=DOCUMENT_UPLOAD)),
            class_name=PRIMARY,
            data_testid="identity-documents-send",
        ),
        class_name="space-y-2",
    )


def identity_page() -> rx.Component:
    return member_page(
        "identity.title",
        rx.cond(
            IdentityState.required & (IdentityState.status != ""),
            rx.el.section(
                _status(),
                rx.match(
                    IdentityState.status,
                    (
                        "VERIFIED",
                        rx.el.div(
                            rx.el.p(t("identity.verified.text")),
                            rx.el.a(
                                t("identity.deposit.link"), href=routes.DEPOSIT, class_name=LINK
                            ),
                            class_name="space-y-2",
                        ),
                    ),
                    ("REVIEW", _review()),
                    (
                        "UNDERAGE",
                        rx.el.p(
                            t("identity.underage.text").replace(
                                "{age}", SiteState.min_age.to_string()
                            ),
                            data_testid="identity-underage",
                        ),
                    ),
                    _form(),
                ),
                class_name=CARD + " max-w-xl",
            ),
            rx.el.p(t("identity-not-required")),
        ),
    )


def _tool(key: str) -> rx.Component:
    return rx.el.li(t(key))


def _help(key: str, href: str) -> rx.Component:
    return rx.el.li(
        rx.el.a(t(key), href=href, target="_blank", rel="noopener noreferrer", class_name=LINK)
    )


def responsible_page() -> rx.Component:
    return layout(
        rx.el.article(
            rx.el.h1(t("rg.title"), class_name="text-2xl font-bold mb-3"),
            rx.el.p(
                t("rg.intro").replace("{brand}", ResponsibleState.brand_name),
                class_name="mb-4",
            ),
            rx.el.section(
                rx.el.h2(t("rg.tools.title"), class_name="text-lg font-semibold"),
                rx.el.ul(
                    _tool("rg.tools.limits"),
                    _tool("rg.tools.reality"),
                    _tool("rg.tools.breaks"),
                    _tool("rg.tools.exclusion"),
                    _tool("rg.tools.activity"),
                    class_name="list-disc pl-6 space-y-1",
                ),
                rx.el.div(
                    rx.el.a(
                        t("rg.manage"),
                        href=routes.RESPONSIBLE_GAMING,
                        class_name=f"{PRIMARY} grid place-items-center sm:w-auto sm:px-6",
                        data_testid="rg-manage",
                    ),
                    rx.cond(
                        ResponsibleState.central_url != "",
                        rx.el.a(
                            t("rg.central"),
                            href=ResponsibleState.central_url,
                            target="_blank",
                            rel="noopener noreferrer",
                            class_name=LINK,
                            data_testid="rg-central",
                        ),
                    ),
                    class_name="flex flex-col sm:flex-row sm:items-center gap-3 pt-2",
                ),
                class_name=CARD,
            ),
            rx.el.section(
                rx.el.h2(t("rg.signs.title"), class_name="text-lg font-semibold"),
                rx.el.ul(
                    *(_tool(f"rg.signs.{key}") for key in ("chasing", "money", "time", "mood")),
                    class_name="list-disc pl-6 space-y-1",
                ),
                class_name=CARD,
            ),
            rx.el.section(
                rx.el.h2(t("rg.help.title"), class_name="text-lg font-semibold"),
                rx.el.ul(
                    _help("rg.help.cvv", "https://cvv.org.br"),
                    _help(
                        "rg.help.caps",
                        "https://www.gov.br/saude/pt-br/composicao/saes/desme/raps/caps",
                    ),
                    _help("rg.help.ja", "https://jogadoresanonimos.com.br"),
                    _help("rg.help.gambling-therapy", "https://www.gamblingtherapy.org"),
                    class_name="list-disc pl-6 space-y-1",
                ),
                class_name=CARD,
            ),
            class_name="max-w-3xl",
            data_testid="rg-page",
        ),
    )


PAGES = (
    Page(
        routes.RESPONSIBLE_GAMBLING,
        responsible_page,
        "Responsible gambling",
        load=(ResponsibleState.load,),
    ),
    Page(
        routes.VERIFY_IDENTITY,
        identity_page,
        "Verify your identity",
        load=(IdentityState.load,),
        login=True,
    ),
)
