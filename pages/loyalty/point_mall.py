"""The points mall (/pointMall, logged-in real accounts only): the balance with how points are
earned and converted, the reward grid, the redeem and convert dialogs, and the "redeem
history" and "points details" screens with their date windows."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.forms import (
    INPUT,
    PRIMARY,
    SECONDARY,
    field,
    form_error,
    notice,
    page_nav,
    pager,
    tabs,
)
from components.i18n import t
from components.layout import member_page
from components.style import FOCUS
from pages.registry import Page
from state.loyalty.points import ADDRESS_FIELDS, PointsState
from state.site import SiteState

CARD = (
    "rounded-2xl bg-white dark:bg-slate-900 border border-slate-200 dark:border-slate-800 shadow-sm"
)
# Artwork of a reward without its own picture: a gradient and an icon by kind.
KIND_ART = {
    "CASH": ("from-emerald-400 to-teal-600", "banknote"),
    "BONUS": ("from-fuchsia-500 to-indigo-600", "gift"),
    "PHYSICAL": ("from-amber-300 to-orange-500", "package"),
    "FREE_ROUNDS": ("from-sky-400 to-blue-600", "rotate-cw"),
}


def _summary() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.p(t("points.balance"), class_name="text-sm opacity-90"),
            rx.el.p(
                PointsState.balance,
                class_name="text-4xl font-extrabold font-mono tabular-nums",
                data_testid="points-balance",
            ),
            rx.el.p(PointsState.worth, class_name="text-sm opacity-90"),
            rx.el.p(t("points.never_expire"), class_name="text-xs opacity-80 mt-1"),
            class_name="space-y-0.5",
        ),
        rx.el.button(
            rx.icon("repeat", size=18),
            t("points.convert"),
            type="button",
            on_click=PointsState.open_convert,
            class_name=(
                "inline-flex items-center gap-2 h-11 px-4 rounded-lg font-semibold bg-white/95 "
                f"text-slate-900 hover:bg-white {FOCUS}"
            ),
            data_testid="points-convert-open",
        ),
        class_name=(
            "flex flex-wrap items-end justify-between gap-4 rounded-2xl p-5 mb-4 text-white "
            "bg-gradient-to-br from-amber-500 via-orange-500 to-rose-500 shadow"
        ),
    )


def _earning() -> rx.Component:
    return rx.el.details(
        rx.el.summary(
            t("points.earn_title"), class_name=f"cursor-pointer font-semibold rounded {FOCUS}"
        ),
        rx.el.ul(
            rx.foreach(PointsState.earn_lines, lambda line: rx.el.li(line)),
            rx.el.li(PointsState.convert_line, class_name="font-medium pt-1"),
            class_name="mt-2 text-sm text-slate-600 dark:text-slate-300 space-y-0.5",
            data_testid="points-earn-rates",
        ),
        class_name=f"{CARD} p-4 mb-4",
    )


def _art(item: rx.Var) -> rx.Component:
    fallback = rx.match(
        item.kind,
        *[
            (
                kind,
                rx.el.div(
                    rx.icon(icon, size=44, class_name="text-white drop-shadow"),
                    class_name=(
                        "h-full w-full flex items-center justify-center bg-gradient-to-br "
                        f"{colours}"
                    ),
                ),
            )
            for kind, (colours, icon) in KIND_ART.items()
        ],
        rx.el.div(class_name="h-full w-full bg-slate-300"),
    )
    return rx.el.div(
        rx.cond(
            item.image != "",
            rx.el.img(
                src=item.image,
                alt="",
                loading="lazy",
                width=320,
                height=180,
                class_name="h-full w-full object-cover",
            ),
            fallback,
        ),
        class_name="aspect-[16/9] w-full overflow-hidden rounded-t-2xl",
    )


def _reward(item: rx.Var) -> rx.Component:
    return rx.el.li(
        _art(item),
        rx.el.div(
            rx.el.div(
                rx.el.span(
                    SiteState.texts.get("points.kind." + item.kind, ""),
                    class_name="text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400",
                ),
                rx.el.span(item.stock, class_name="text-xs text-slate-500 dark:text-slate-400"),
                class_name="flex justify-between gap-2",
            ),
            rx.el.h3(item.name, class_name="font-bold leading-tight"),
            rx.el.p(item.value, class_name="text-sm text-emerald-700 dark:text-emerald-300"),
            rx.el.p(
                item.description,
                class_name="text-xs text-slate-500 dark:text-slate-400 line-clamp-2",
            ),
            rx.el.p(item.terms, class_name="text-xs text-slate-500 dark:text-slate-400"),
            rx.el.div(
                rx.el.span(item.cost, class_name="font-semibold font-mono tabular-nums"),
                rx.el.button(
                    rx.cond(
                        item.sold_out,
                        t("points.sold_out"),
                        rx.cond(item.short != "", item.short, t("points.redeem")),
                    ),
                    type="button",
                    disabled=item.sold_out | (item.short != ""),
                    on_click=PointsState.open_redeem(item.id),
                    class_name=f"{PRIMARY} !w-auto px-4 !h-9 text-sm",
                    data_testid="reward-redeem",
                ),
                class_name="flex flex-wrap items-center justify-between gap-2 pt-2 mt-auto",
            ),
            class_name="flex flex-col gap-1 p-3 grow",
        ),
        class_name=f"{CARD} flex flex-col overflow-hidden",
        data_testid="reward-card",
        data_code=item.code,
        data_kind=item.kind,
    )


def _mall() -> rx.Component:
    return rx.cond(
        PointsState.rewards.length() > 0,  # type: ignore[attr-defined]
        rx.fragment(
            rx.el.ul(
                rx.foreach(PointsState.rewards, _reward),
                class_name="grid grid-cols-2 md:grid-cols-3 lg:grid-cols-4 gap-3",
                data_testid="reward-grid",
            ),
            rx.cond(
                PointsState.mall_pages > 1,
                page_nav(
                    PointsState.mall_page,
                    PointsState.mall_pages,
                    PointsState.go_mall,
                    keys="record",
                    testids=("mall-prev", "mall-status", "mall-next"),
                    class_name="flex items-center justify-between mt-4",
                ),
            ),
        ),
        rx.el.p(
            t("points.empty_rewards"),
            class_name="py-8 text-center text-slate-500 dark:text-slate-400",
        ),
    )


def _window_bar() -> rx.Component:
    button = f"{SECONDARY} !w-auto px-3 !h-9 text-sm"
    return rx.el.div(
        tabs(
            [("7d", t("points.range.7d")), ("30d", t("points.range.30d"))],
            PointsState.range_name,
            PointsState.set_range,
        ),
        rx.el.div(
            rx.el.button(
                rx.icon("chevron-left", size=16),
                t("points.range.previous"),
                type="button",
                on_click=PointsState.move_window(True),
                class_name=f"{button} inline-flex items-center gap-1",
                data_testid="window-previous",
            ),
            rx.el.span(PointsState.span, class_name="text-sm", data_testid="window-span"),
            rx.el.button(
                t("points.range.next"),
                rx.icon("chevron-right", size=16),
                type="button",
                on_click=PointsState.move_window(False),
                disabled=PointsState.offset == 0,
                class_name=f"{button} inline-flex items-center gap-1",
                data_testid="window-next",
            ),
            class_name="flex items-center justify-between gap-2 mb-3",
        ),
    )


def _cell(label: str, value: rx.Var | str, **props: object) -> rx.Component:
    return rx.el.div(
        rx.el.dt(t(label), class_name="text-xs text-slate-500 dark:text-slate-400"),
        rx.el.dd(value, class_name="font-medium break-all", **props),
    )


def _status(status: rx.Var, text: rx.Var) -> rx.Component:
    return rx.el.span(
        text,
        class_name=rx.match(
            status,
            ("APPROVED", "text-sm font-medium text-emerald-700 dark:text-emerald-300"),
            ("REJECTED", "text-sm font-medium text-red-600 dark:text-red-400"),
            "text-sm font-medium text-amber-700 dark:text-amber-300",
        ),
        data_testid="record-status",
        data_status=status,
    )


def _history_row(item: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.dl(
            _cell("points.col.reference", item.reference, data_testid="history-reference"),
            _cell("points.col.apply_time", item.time),
            _cell("points.col.model", item.model),
            _cell("points.col.name", item.name),
            _cell("points.col.quantity", item.quantity),
            _cell("points.col.points", item.points),
            rx.el.div(
                rx.el.dt(
                    t("points.col.status"), class_name="text-xs text-slate-500 dark:text-slate-400"
                ),
                rx.el.dd(_status(item.status, item.status_text)),
            ),
            class_name="grid grid-cols-2 sm:grid-cols-4 gap-x-4 gap-y-1 text-sm",
        ),
        class_name=f"{CARD} p-3",
        data_testid="history-row",
    )


def _record_row(item: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.div(
                rx.el.p(item.type_text, class_name="font-semibold"),
                rx.el.p(item.time, class_name="text-xs text-slate-500 dark:text-slate-400"),
                rx.el.p(item.reason, class_name="text-xs text-slate-500 dark:text-slate-400"),
            ),
            rx.el.div(
                rx.el.p(
                    item.amount,
                    class_name=rx.cond(
                        item.positive,
                        "font-mono tabular-nums font-semibold text-emerald-700 "
                        "dark:text-emerald-400",
                        "font-mono tabular-nums font-semibold text-red-600 dark:text-red-400",
                    ),
                    data_testid="record-amount",
                ),
                rx.el.p(item.balance, class_name="text-xs font-mono tabular-nums"),
                _status(item.status, item.status_text),
                class_name="text-right",
            ),
            class_name="flex justify-between gap-3",
        ),
        rx.el.dl(
            _cell("points.col.ratio", item.ratio),
            _cell("points.col.remark", item.remark),
            class_name="grid grid-cols-2 gap-x-4 text-xs mt-1",
        ),
        class_name="py-3 border-b border-slate-200 dark:border-slate-800",
        data_testid="record-row",
        data_type=item.type,
    )


def _pages() -> rx.Component:
    return rx.cond(PointsState.pages > 1, pager(PointsState))


def _records(items: rx.Var, row: object, testid: str) -> rx.Component:
    return rx.el.div(
        _window_bar(),
        rx.cond(
            items.length() > 0,  # type: ignore[attr-defined]
            rx.el.ul(rx.foreach(items, row), class_name="space-y-2", data_testid=f"{testid}-list"),
            rx.el.p(
                t("points.empty_records"),
                class_name="py-8 text-center text-slate-500 dark:text-slate-400",
                data_testid=f"{testid}-empty",
            ),
        ),
        _pages(),
    )


def _dialog_shell(title: rx.Var, body: rx.Component, testid: str) -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.h2(title, id=f"{testid}-title", class_name="text-lg font-semibold pr-8"),
            rx.el.button(
                rx.icon("x", size=20),
                type="button",
                on_click=PointsState.close_dialog,
                aria_label=t("points.close"),
                class_name=(
                    "absolute top-3 right-3 p-2 rounded-full hover:bg-slate-200 "
                    f"dark:hover:bg-slate-700 {FOCUS}"
                ),
            ),
            body,
            role="dialog",
            aria_modal="true",
            aria_labelledby=f"{testid}-title",
            class_name=(
                "relative w-full max-w-md max-h-[90vh] overflow-y-auto rounded-2xl p-6 "
                "shadow-2xl bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100"
            ),
            data_testid=testid,
        ),
        rx.window_event_listener(on_key_down=lambda key: PointsState.close_on_escape(key)),
        class_name="fixed inset-0 z-50 flex items-center justify-center p-4 bg-black/60",
    )


def _buttons() -> rx.Component:
    return rx.el.div(
        rx.el.button(
            t("points.cancel"),
            type="button",
            on_click=PointsState.close_dialog,
            class_name=SECONDARY,
        ),
        rx.el.button(
            t("points.confirm"), type="submit", class_name=PRIMARY, data_testid="points-confirm"
        ),
        class_name="flex gap-2 pt-2",
    )


def _password() -> rx.Component:
    return field(
        "payment_password",
        t("points.payment_password"),
        kind="password",
        autocomplete="off",
        input_mode="numeric",
        max_length=64,
        required=True,
        data_testid="points-payment-password",
    )


def _address() -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend(t("points.address"), class_name="text-sm font-semibold mb-1"),
        *[
            field(
                f"address_{name}",
                t(f"points.address.{name}"),
                error=PointsState.errors.get(name, ""),
                max_length=limit,
                data_testid=f"address-{name}",
            )
            for name, limit in zip(ADDRESS_FIELDS, (80, 24, 160, 60, 40, 16), strict=True)
        ],
        class_name="space-y-0",
    )


def _redeem_dialog() -> rx.Component:
    quantity_button = f"{SECONDARY} !w-11 !h-11"
    body = rx.el.form(
        rx.el.p(PointsState.chosen.name, class_name="font-semibold"),
        rx.el.p(PointsState.chosen.cost, class_name="text-sm text-slate-500 dark:text-slate-400"),
        rx.el.div(
            rx.el.span(t("points.quantity"), class_name="text-sm font-medium"),
            rx.el.div(
                rx.el.button(
                    "−",
                    type="button",
                    on_click=PointsState.set_quantity(PointsState.quantity - 1),
                    aria_label="-1",
                    class_name=quantity_button,
                    data_testid="quantity-less",
                ),
                rx.el.span(
                    PointsState.quantity,
                    aria_live="polite",
                    class_name="w-10 text-center font-mono text-lg",
                    data_testid="quantity",
                ),
                rx.el.button(
                    "+",
                    type="button",
                    on_click=PointsState.set_quantity(PointsState.quantity + 1),
                    aria_label="+1",
                    class_name=quantity_button,
                    data_testid="quantity-more",
                ),
                class_name="flex items-center gap-2",
            ),
            class_name="flex items-center justify-between py-2",
        ),
        rx.el.p(PointsState.total, class_name="font-semibold", data_testid="redeem-total"),
        rx.cond(PointsState.chosen.physical, _address()),
        _password(),
        form_error(PointsState.error),
        _buttons(),
        on_submit=PointsState.redeem,
        reset_on_submit=False,
        class_name="space-y-1 mt-2",
    )
    return _dialog_shell(t("points.redeem"), body, "points-redeem-dialog")


def _convert_dialog() -> rx.Component:
    body = rx.el.form(
        rx.el.p(PointsState.convert_line, class_name="text-sm text-slate-500 dark:text-slate-400"),
        rx.el.label(
            t("points.convert_amount"),
            rx.el.input(
                name="points",
                input_mode="decimal",
                max_length=13,
                required=True,
                on_change=PointsState.preview_convert.debounce(250),
                class_name=INPUT,
                data_testid="convert-points",
            ),
            class_name="block text-sm font-medium space-y-1",
        ),
        rx.el.p(PointsState.convert_get, class_name="min-h-5 text-sm font-semibold"),
        _password(),
        form_error(PointsState.error),
        _buttons(),
        on_submit=PointsState.convert,
        reset_on_submit=False,
        class_name="space-y-1 mt-2",
    )
    return _dialog_shell(t("points.convert"), body, "points-convert-dialog")


def point_mall_page() -> rx.Component:
    return member_page(
        "points.title",
        rx.el.div(
            _summary(),
            _earning(),
            tabs(
                [
                    ("mall", t("points.rewards")),
                    ("history", t("points.redeem_history")),
                    ("details", t("points.details")),
                ],
                PointsState.view,
                PointsState.set_view,
            ),
            notice(PointsState.notice),
            rx.cond(PointsState.dialog == "", form_error(PointsState.error)),
            rx.match(
                PointsState.view,
                ("history", _records(PointsState.history, _history_row, "history")),
                ("details", _records(PointsState.records, _record_row, "details")),
                _mall(),
            ),
            # Room on the right from md up: the site's floating buttons sit over that edge.
            class_name="md:pr-12",
        ),
        rx.cond(PointsState.dialog == "redeem", _redeem_dialog()),
        rx.cond(PointsState.dialog == "convert", _convert_dialog()),
    )


PAGES = (
    Page(routes.POINT_MALL, point_mall_page, "Points mall", load=(PointsState.load,), login=True),
)
