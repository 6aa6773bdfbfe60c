"""The console's content page (announcements, legal documents and banners per brand) and
lottery page (issues per game, their result and settlement, void)."""

from __future__ import annotations

import reflex as rx

from app import routes
from app.services.content import banners, legal
from components.backoffice.console import (
    BUTTON,
    DANGER,
    INPUT,
    QUIET,
    allowed,
    brand_picker,
    card,
    feedback,
    frame,
    label,
    messages,
    table,
    text_input,
)
from components.forms import date_input
from components.i18n import t
from pages.registry import Page
from state.content.console_content import AnnouncementLine, BannerLine, ContentState
from state.lottery.console_lottery import IssueLine, LotteryConsoleState

TEXTAREA = INPUT.replace("h-10", "min-h-32 py-2") + " w-full font-mono"


def _choice(name: str, options: list[tuple[str, str]], value: rx.Var) -> rx.Component:
    return rx.el.select(
        *(rx.el.option(t(key) if key else code, value=code) for code, key in options),
        name=name,
        default_value=value,
        class_name=INPUT + " w-full",
    )


def _announcement_actions(row: AnnouncementLine) -> rx.Component:
    return rx.el.div(
        allowed(
            "content.edit",
            rx.el.button(
                t("bo-edit"),
                on_click=ContentState.edit(row.id),
                data_testid="announcement-edit",
                class_name=QUIET,
            ),
        ),
        allowed(
            "content.publish",
            rx.cond(
                row.live,
                rx.el.button(
                    t("bo-unpublish"),
                    on_click=ContentState.unpublish(row.id),
                    data_testid="announcement-unpublish",
                    class_name=DANGER,
                ),
            ),
        ),
        class_name="flex flex-wrap gap-2",
    )


def _editor() -> rx.Component:
    s = ContentState
    d = s.draft
    return rx.el.form(
        rx.el.div(
            label(
                t("bo-content-type"),
                _choice(
                    "type",
                    [
                        ("PL", "bo-type-PL"),
                        ("B", "bo-type-B"),
                        ("PU", "bo-type-PU"),
                        ("PR", "bo-type-PR"),
                        ("H", "bo-type-H"),
                    ],
                    d.type,
                ),
            ),
            label(
                t("bo-audience"),
                _choice(
                    "execution",
                    [
                        ("A", "bo-exec-A"),
                        ("B", "bo-exec-B"),
                        ("F", "bo-exec-F"),
                        ("G", "bo-exec-G"),
                    ],
                    d.execution,
                ),
            ),
            label(
                t("bo-language"),
                _choice("language", [("", "bo-all-languages"), ("EN", ""), ("PT", "")], d.language),
            ),
            label(
                t("bo-platform-col"),
                _choice(
                    "platform",
                    [(code, f"bo-platform-{code}") for code in ("W", "H5", "APP")],
                    d.platform,
                ),
            ),
            class_name="grid grid-cols-2 md:grid-cols-4 gap-2",
        ),
        label(
            t("bo-col-title"),
            text_input(
                "title",
                default_value=d.title,
                required=True,
                max_length=200,
                class_name=INPUT + " w-full",
                data_testid="announcement-title",
            ),
        ),
        label(
            t("bo-html"),
            rx.el.textarea(
                name="content",
                default_value=d.content,
                class_name=TEXTAREA,
                data_testid="announcement-content",
            ),
        ),
        rx.el.div(
            label(
                t("bo-starts-utc"),
                date_input(
                    "starts",
                    kind="datetime-local",
                    default_value=d.starts,
                    required=True,
                    class_name=INPUT + " w-full",
                ),
            ),
            label(
                t("bo-ends-utc"),
                date_input(
                    "ends",
                    kind="datetime-local",
                    default_value=d.ends,
                    required=True,
                    class_name=INPUT + " w-full",
                ),
            ),
            label(
                t("bo-sort"),
                text_input(
                    "sort", type="number", default_value=d.sort, class_name=INPUT + " w-full"
                ),
            ),
            class_name="grid grid-cols-1 md:grid-cols-3 gap-2",
        ),
        rx.el.div(
            rx.el.button(
                rx.cond(s.editing_id == 0, t("bo-create"), t("bo-save")),
                type="submit",
                data_testid="announcement-save",
                class_name=BUTTON,
            ),
            rx.el.button(t("bo-new"), type="button", on_click=s.new, class_name=QUIET),
            class_name="flex gap-2",
        ),
        # A new key remounts the form, so its fields take the row being edited.
        key=s.editing_id.to_string() + s.brand,
        on_submit=s.save,
        class_name="space-y-3",
    )


def _preview() -> rx.Component:
    s = ContentState
    return rx.cond(
        s.preview_title != "",
        card(
            "bo-preview",
            rx.el.h3(s.preview_title, class_name="font-semibold mb-2"),
            # Sanitised with nh3 when it was stored (app/core/html.sanitize_html).
            rx.html(s.preview_html, class_name="prose dark:prose-invert max-w-none text-sm"),
            testid="announcement-preview",
        ),
    )


def _legal_form() -> rx.Component:
    return rx.el.form(
        rx.el.div(
            label(
                t("bo-document"),
                _choice("slug", [(slug, f"bo-doc-{slug}") for slug in legal.DOCUMENTS], ""),
            ),
            label(t("bo-language"), _choice("language", [("PT", ""), ("EN", "")], "")),
            class_name="grid grid-cols-2 gap-2",
        ),
        label(
            t("bo-col-title"),
            text_input("title", required=True, max_length=200, class_name=INPUT + " w-full"),
        ),
        label(t("bo-html"), rx.el.textarea(name="html", required=True, class_name=TEXTAREA)),
        rx.el.button(
            t("bo-publish-version"), type="submit", data_testid="legal-publish", class_name=BUTTON
        ),
        on_submit=ContentState.publish_legal,
        reset_on_submit=True,
        class_name="space-y-3",
    )


def _banner_actions(row: BannerLine) -> rx.Component:
    return allowed(
        "content.publish",
        rx.el.button(
            t("bo-banner-remove"),
            on_click=ContentState.remove_banner(row.id),
            data_testid="banner-remove",
            class_name=DANGER,
        ),
    )


def _banner_form() -> rx.Component:
    """A new banner: where it shows, then a promotion (home carousel) or an image and link."""
    s = ContentState
    return rx.el.form(
        rx.el.div(
            label(
                t("bo-banner-group"),
                _choice("group", [(g, f"bo-banner-group-{g}") for g in banners.GROUPS], ""),
            ),
            label(
                t("bo-language"),
                rx.el.select(
                    rx.el.option(t("bo-all-languages"), value=""),
                    rx.foreach(s.languages, lambda code: rx.el.option(code, value=code)),
                    name="language",
                    class_name=INPUT + " w-full",
                ),
            ),
            label(
                t("bo-sort"),
                text_input("sort", type="number", default_value="0", class_name=INPUT + " w-full"),
            ),
            class_name="grid grid-cols-2 sm:grid-cols-3 gap-2",
        ),
        label(
            t("bo-banner-promotion"),
            rx.el.select(
                rx.el.option(t("bo-banner-no-promotion"), value=""),
                rx.foreach(
                    s.promotion_choices,
                    lambda c: rx.el.option(c.title, value=c.code),
                ),
                name="promotion",
                class_name=INPUT + " w-full",
                data_testid="banner-promotion",
            ),
        ),
        rx.el.div(
            label(
                t("bo-banner-image"),
                text_input("image", max_length=300, class_name=INPUT + " w-full"),
            ),
            label(
                t("bo-banner-title"),
                text_input("title", max_length=200, class_name=INPUT + " w-full"),
            ),
            label(
                t("bo-banner-link"),
                text_input("link", max_length=500, class_name=INPUT + " w-full"),
            ),
            class_name="grid md:grid-cols-3 gap-2",
        ),
        rx.el.button(
            t("bo-banner-add"), type="submit", data_testid="banner-add", class_name=BUTTON
        ),
        feedback(s.error, s.notice, s.acted, "banner-form"),
        on_submit=ContentState.add_banner,  # kept after a refusal: the fix is one field
        class_name="space-y-3",
        data_testid="banner-form",
    )


def content_page() -> rx.Component:
    s = ContentState
    return frame(
        "bo-content",
        messages(s.error, s.notice, s.acted),
        brand_picker(s.brands, s.brand, s.pick_brand, "content-brand"),
        card(
            "bo-announcements",
            table(
                [
                    ("title", "bo-col-title"),
                    ("type", "bo-content-type"),
                    ("execution", "bo-audience"),
                    ("language", "bo-language"),
                    ("starts_shown", "bo-starts-utc"),
                    ("ends_shown", "bo-ends-utc"),
                    ("state", "bo-status"),
                ],
                s.announcements,
                _announcement_actions,
                testid="announcements",
            ),
        ),
        allowed(
            "content.edit",
            card(
                "bo-announcement-editor",
                _editor(),
                testid="announcement-editor",
            ),
        ),
        _preview(),
        card(
            "bo-legal",
            table(
                [
                    ("slug", "bo-document"),
                    ("language", "bo-language"),
                    ("title", "bo-col-title"),
                    ("version", "bo-version"),
                    ("at", "bo-col-at"),
                ],
                s.documents,
                testid="legal-documents",
                written_in={"title": "language"},
            ),
            allowed("content.publish", rx.el.div(_legal_form(), class_name="mt-4")),
        ),
        card(
            "bo-banners",
            table(
                [
                    ("group", "bo-banner-group"),
                    ("sort", "bo-sort"),
                    ("language", "bo-language"),
                    ("shows", "bo-banner-shows"),
                    ("link", "bo-banner-link-col"),
                ],
                s.banners,
                _banner_actions,
                testid="banners",
            ),
            feedback(s.error, s.notice, s.acted, "banners"),
            allowed("content.publish", rx.el.div(_banner_form(), class_name="mt-4")),
            testid="banners-card",
        ),
    )


def _void_form(row: IssueLine) -> rx.Component:
    return allowed(
        "lottery.void",
        rx.cond(
            row.voidable,
            rx.el.form(
                rx.el.input(type="hidden", name="id", value=row.id),
                text_input("reason", t("bo-reason"), required=True, class_name=INPUT + " w-32"),
                rx.el.button(
                    t("bo-void"), type="submit", data_testid="issue-void", class_name=DANGER
                ),
                on_submit=LotteryConsoleState.void,
                reset_on_submit=True,
                class_name="flex gap-1",
            ),
        ),
    )


def _result_form(row: IssueLine) -> rx.Component:
    return allowed(
        "lottery.result",
        rx.cond(
            row.resultable,
            rx.el.form(
                rx.el.input(type="hidden", name="id", value=row.id),
                text_input(
                    "numbers", t("bo-result-numbers"), required=True, class_name=INPUT + " w-32"
                ),
                text_input(
                    "reason", t("bo.result.source"), required=True, class_name=INPUT + " w-40"
                ),
                rx.el.button(
                    t("bo-result-enter"),
                    type="submit",
                    data_testid="issue-result",
                    class_name=BUTTON,
                ),
                on_submit=LotteryConsoleState.enter_result,
                reset_on_submit=True,
                class_name="flex flex-wrap gap-1",
            ),
        ),
    )


def _issue_actions(row: IssueLine) -> rx.Component:
    return rx.el.div(_void_form(row), _result_form(row), class_name="flex flex-col gap-1")


def lottery_console_page() -> rx.Component:
    s = LotteryConsoleState
    return frame(
        "bo-lottery",
        messages(s.error, s.notice),
        rx.el.form(
            label(
                t("bo-game"),
                rx.el.select(
                    rx.foreach(s.games, lambda code: rx.el.option(code, value=code)),
                    name="game",
                    default_value=s.game,
                    class_name=INPUT,
                ),
            ),
            label(
                t("bo-status"),
                rx.el.select(
                    rx.el.option(t("bo-any"), value=""),
                    *(
                        rx.el.option(t(f"bo.word.issue.{code}"), value=code)
                        for code in ("SCHEDULED", "OPEN", "CLOSED", "DRAWN", "SETTLED", "VOIDED")
                    ),
                    name="status",
                    default_value=s.status,
                    class_name=INPUT,
                ),
            ),
            rx.el.button(
                t("bo-show"),
                type="submit",
                data_testid="lottery-show",
                class_name=BUTTON + " self-end",
            ),
            on_submit=s.pick,
            class_name="flex flex-wrap gap-2",
        ),
        card(
            "bo-issues",
            table(
                [
                    ("issue", "bo-col-issue"),
                    ("status", "bo-status"),
                    ("at", "bo-col-draw"),
                    ("result", "bo-col-result"),
                    ("source", "bo-col-source"),
                    ("bets", "bo-col-bets"),
                    ("stake", "bo-col-stake"),
                ],
                s.issues,
                _issue_actions,
                testid="lottery-issues",
            ),
        ),
    )


PAGES = (
    Page(routes.ADMIN_CONTENT, content_page, "Content", load=(ContentState.load,), console=True),
    Page(
        routes.ADMIN_LOTTERY,
        lottery_console_page,
        "Lottery issues",
        load=(LotteryConsoleState.load,),
        console=True,
    ),
)
