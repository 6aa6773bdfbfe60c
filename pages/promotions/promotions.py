"""Promotions (/promotions): the last item of the navigation. The brand's promotions 6 a page;
choosing one opens its detail (promo detail) with the full terms, read before joining."""

from __future__ import annotations

import reflex as rx

from app import routes
from app.services.promotions.applications import MAX_IMAGES
from components.forms import (
    INPUT,
    PRIMARY,
    TAP_LINK,
    form_error,
    image_drop,
    notice,
    pager,
    typed_value,
)
from components.i18n import local_time, t
from components.layout import layout, member_page
from components.media import image
from components.progress import progress_bar
from components.style import FOCUS
from pages.registry import Page
from state.promotions.promotions import APPLICATION_UPLOAD, PromotionsState
from state.site import SiteState


def _status_badge(status: rx.Var) -> rx.Component:
    return rx.el.span(
        SiteState.texts.get("promo.status." + status.to(str), ""),
        class_name=(
            "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold "
            "bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200"
        ),
        data_testid="promo-status",
        data_status=status,
    )


def _progress(item: rx.Var) -> rx.Component:
    """How much of the member's bonus wagering is met: a bar and the amounts in words."""
    return rx.cond(
        item.progress >= 0,
        rx.el.div(
            progress_bar(item.progress, t("promo.progress.label"), "promo-bar", height="h-2"),
            rx.el.p(item.progress_text, class_name="text-xs text-slate-600 dark:text-slate-300"),
            class_name="mt-3 space-y-1",
            data_testid="promo-progress",
        ),
    )


def _banner(item: rx.Var, rounded: str) -> rx.Component:
    """The promotion's picture at 16:9 (its space kept before it loads), named by its title."""
    return image(
        item.image,
        item.title,
        640,
        360,
        loading="lazy",
        class_name=(
            f"block w-full h-auto shrink-0 aspect-video object-cover {rounded} "
            "bg-slate-200 dark:bg-slate-800"
        ),
        data_testid="promo-image",
    )


def _card(item: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.button(
            _banner(item, "rounded-t-xl"),
            rx.el.div(
                rx.el.div(
                    rx.el.span(
                        SiteState.texts.get("promo.kind." + item.kind, ""),
                        class_name=(
                            "text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400"
                        ),
                    ),
                    _status_badge(item.status),
                    class_name="flex items-center justify-between gap-2",
                ),
                rx.el.h2(item.title, class_name="text-lg font-bold mt-2"),
                rx.el.p(item.summary, class_name="text-sm text-slate-600 dark:text-slate-300"),
                rx.el.p(
                    item.reward,
                    class_name="mt-3 text-sm font-semibold text-emerald-700 dark:text-emerald-300",
                ),
                _progress(item),
                class_name="p-4",
            ),
            type="button",
            on_click=PromotionsState.select(item.id),
            class_name=(
                "flex flex-col w-full h-full text-left rounded-xl overflow-hidden bg-white "
                "dark:bg-slate-900 border border-slate-200 dark:border-slate-800 "
                f"hover:border-amber-400 shadow-sm {FOCUS}"
            ),
            data_testid="promo-card",
            data_code=item.code,
        ),
    )


def _application_form() -> rx.Component:
    return rx.el.div(
        rx.el.label(
            t("promo.comment"),
            # Uncontrolled (a new box for each promotion shown): the apply button hands the
            # text to the upload.
            rx.el.textarea(
                id="promo-comment",
                key=PromotionsState.selected.id.to(str),
                max_length=140,
                rows=3,
                class_name=INPUT.replace("h-11", "min-h-20 py-2"),
                data_testid="promo-comment",
            ),
            class_name="block text-sm font-medium space-y-1",
        ),
        image_drop(APPLICATION_UPLOAD, t("promo.images"), MAX_IMAGES, "promo-upload"),
        rx.el.button(
            t("promo.apply"),
            type="button",
            on_click=PromotionsState.send_application(
                rx.upload_files(upload_id=APPLICATION_UPLOAD), typed_value("promo-comment")
            ),
            class_name=PRIMARY,
            data_testid="promo-apply",
        ),
        class_name="space-y-2",
    )


def _actions() -> rx.Component:
    selected = PromotionsState.selected
    status = selected.status
    can_apply = (selected.kind == "ACTIVITY") & ((status == "join") | (status == "rejected"))
    return rx.el.div(
        rx.cond(
            (status == "join") | (status == "rejected"),
            rx.el.label(
                # Uncontrolled (the box changes at once; the state follows), remounted per
                # promotion so a new detail starts unticked like the state.
                rx.el.input(
                    type="checkbox",
                    default_checked=False,
                    key=selected.id,
                    on_change=PromotionsState.set_accepted,
                    class_name=f"h-4 w-4 {FOCUS}",
                    data_testid="promo-accept",
                ),
                t("promo.accept_terms"),
                class_name="flex items-center gap-2 text-sm",
            ),
        ),
        rx.cond(
            can_apply,
            _application_form(),
            rx.cond(
                status == "join",
                rx.el.button(
                    t("promo.join"),
                    type="button",
                    on_click=PromotionsState.join,
                    class_name=PRIMARY,
                    data_testid="promo-join",
                ),
            ),
        ),
        rx.cond(
            (status == "claim") | (status == "issued"),
            rx.el.button(
                rx.match(
                    selected.kind,
                    ("RAFFLE", t("promo.raffle.claim")),
                    ("RED_ENVELOPE", t("promo.envelope.open")),
                    t("promo.request_reward"),
                ),
                type="button",
                on_click=PromotionsState.request_reward,
                class_name=PRIMARY,
                data_testid="promo-request",
            ),
        ),
        class_name="space-y-3",
    )


def _raffle() -> rx.Component:
    """A raffle: the ticket rule, the member's tickets, the draw time, then its result."""
    selected = PromotionsState.selected
    return rx.el.div(
        rx.el.p(selected.raffle_rule, class_name="text-sm"),
        rx.el.p(
            selected.raffle_tickets,
            class_name="text-lg font-bold text-amber-700 dark:text-amber-300",
            data_testid="raffle-tickets",
        ),
        rx.cond(
            selected.raffle_numbers != "",
            rx.el.p(selected.raffle_numbers, class_name="text-sm"),
        ),
        rx.el.p(
            t("promo.raffle.draw_at"),
            " ",
            local_time(selected.draw_at),
            class_name="text-sm text-slate-600 dark:text-slate-300",
        ),
        rx.cond(
            selected.raffle_result != "",
            rx.el.p(selected.raffle_result, class_name="text-sm", data_testid="raffle-result"),
        ),
        rx.cond(
            selected.raffle_outcome != "",
            rx.el.p(
                selected.raffle_outcome,
                class_name="font-semibold text-rose-700 dark:text-rose-300",
                data_testid="raffle-outcome",
            ),
        ),
        rx.cond(
            selected.raffle_authorisation != "",
            rx.el.p(
                selected.raffle_authorisation,
                class_name="text-xs text-slate-500 dark:text-slate-400",
            ),
        ),
        class_name=(
            "space-y-1 rounded-lg p-3 bg-amber-50 dark:bg-amber-400/10 "
            "border border-amber-200 dark:border-amber-400/30"
        ),
        data_testid="raffle",
    )


def _envelope() -> rx.Component:
    """The red envelope screen: sealed until the member opens it, then open on the amount
    drawn for them (home.css animates the opening, except for reduced motion)."""
    selected = PromotionsState.selected
    opened = selected.drawn != ""
    return rx.el.div(
        rx.el.div(class_name="envelope-flap", aria_hidden="true"),
        rx.el.span(rx.icon("gift", size=26), class_name="envelope-seal", aria_hidden="true"),
        rx.cond(
            opened,
            rx.el.div(
                rx.el.p(t("promo.envelope_drawn"), class_name="text-sm text-rose-100"),
                rx.el.p(
                    selected.drawn,
                    class_name="text-4xl font-black text-amber-300 tabular-nums",
                    data_testid="promo-drawn",
                ),
                class_name="envelope-prize",
            ),
            rx.el.p(t("promo.envelope.sealed"), class_name="envelope-note"),
        ),
        class_name="red-envelope",
        data_state=rx.cond(opened, "open", "sealed"),
        data_testid="red-envelope",
    )


def _detail() -> rx.Component:
    selected = PromotionsState.selected
    return rx.el.section(
        rx.el.button(
            "← ",
            t("promo.back"),
            type="button",
            on_click=PromotionsState.close,
            class_name=f"{TAP_LINK} self-start",
            data_testid="promo-back",
        ),
        _banner(selected, "rounded-lg"),
        rx.el.div(
            rx.el.h2(selected.title, class_name="text-2xl font-bold"),
            _status_badge(selected.status),
            class_name="flex flex-wrap items-center gap-3",
        ),
        rx.el.p(selected.summary, class_name="text-slate-600 dark:text-slate-300"),
        rx.el.p(
            t("promo.reward"),
            ": ",
            selected.reward,
            class_name="font-semibold text-emerald-700 dark:text-emerald-300",
        ),
        _progress(selected),
        rx.el.p(
            local_time(selected.start),
            " – ",
            local_time(selected.end),
            class_name="text-xs text-slate-500 dark:text-slate-400",
        ),
        rx.el.h3(t("promo.terms"), class_name="font-semibold mt-2"),
        rx.el.div(
            rx.el.p(selected.terms, class_name="whitespace-pre-line text-sm"),
            class_name=(
                "max-h-64 overflow-y-auto rounded-lg p-3 bg-slate-100 dark:bg-slate-900 "
                "border border-slate-200 dark:border-slate-800"
            ),
            tab_index=0,
            data_testid="promo-terms",
        ),
        rx.cond(selected.raffle, _raffle()),
        rx.cond(selected.kind == "RED_ENVELOPE", _envelope()),
        rx.cond(
            selected.seed_hash != "",
            rx.el.p(
                t("promo.seed_hash"),
                " ",
                rx.el.code(selected.seed_hash, class_name="break-all"),
                rx.cond(
                    selected.server_seed != "",
                    rx.el.span(
                        " · ",
                        t("promo.server_seed"),
                        " ",
                        rx.el.code(selected.server_seed, class_name="break-all"),
                    ),
                ),
                class_name="text-xs text-slate-500 dark:text-slate-400",
                data_testid="promo-seed",
            ),
        ),
        rx.cond(
            selected.note != "",
            rx.el.p(selected.note, class_name="text-sm italic text-slate-500 dark:text-slate-400"),
        ),
        form_error(PromotionsState.error),
        notice(PromotionsState.notice),
        _actions(),
        class_name=(
            "space-y-3 rounded-xl p-4 bg-white dark:bg-slate-950 border border-slate-200 "
            "dark:border-slate-800 max-w-2xl"
        ),
        data_testid="promo-detail",
    )


def _content(empty_key: str) -> rx.Component:
    return rx.cond(
        PromotionsState.selected.id > 0,
        _detail(),
        rx.fragment(
            rx.cond(
                PromotionsState.items.length() > 0,  # type: ignore[attr-defined]
                rx.el.ul(
                    rx.foreach(PromotionsState.items, _card),
                    class_name="grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
                    data_testid="promo-list",
                ),
                rx.el.p(
                    t(empty_key),
                    class_name="text-slate-500 dark:text-slate-400",
                    data_testid="promo-empty",
                ),
            ),
            rx.cond(PromotionsState.pages > 1, pager(PromotionsState)),
        ),
    )


def promotions_page() -> rx.Component:
    return layout(
        rx.el.h1(t("nav.PROMO"), class_name="text-2xl font-bold mb-4"),
        _content("promo.empty"),
    )


def reward_center_page() -> rx.Component:
    return member_page("promo.center", _content("promo.center_empty"))


PAGES = (
    Page(routes.PROMOTIONS, promotions_page, "Promotions", load=(PromotionsState.load,)),
    Page(
        routes.REWARD_CENTER,
        reward_center_page,
        "Reward center",
        load=(PromotionsState.load_mine,),
        login=True,
    ),
)
