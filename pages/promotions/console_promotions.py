"""The console's promotions page: the brand's promotions with budget and take-up, the form of
a new one (its optional fields follow the kind and reward chosen), editing an open one's
texts, image, end and budget, and ending one early."""

from __future__ import annotations

import reflex as rx

from app import routes
from app.services.catalogue.rules import GAME_TYPES
from app.services.promotions.free_rounds import offerable_games
from components.backoffice.console import (
    BUTTON,
    DANGER,
    INPUT,
    allowed,
    brand_picker,
    card,
    frame,
    label,
    messages,
    table,
    text_input,
)
from components.forms import DATE_TYPES, date_input
from components.i18n import t
from models.loyalty_missions import MissionKind, MissionPeriod, MissionReward, RaceMetric
from models.promotions import PromotionKind, RewardKind
from pages.registry import Page
from state.promotions.console_promotions import CampaignLine, PromotionLine, PromotionsConsoleState

TEXTAREA = INPUT.replace("h-10", "min-h-20 py-2") + " w-full"
WIDE = INPUT + " w-full"


def _field(name: str, key: str, form: str = "promo", **props: object) -> rx.Component:
    """A labelled field of a form (its test id `<form>-<name>`); a date is typed in the
    reader's format."""
    kind = props.pop("type", "text")
    if kind in DATE_TYPES:
        return label(
            t(key),
            date_input(name, kind=str(kind), class_name=WIDE, testid=f"{form}-{name}", **props),
        )
    return label(
        t(key), text_input(name, class_name=WIDE, data_testid=f"{form}-{name}", type=kind, **props)
    )


def _amount(name: str, key: str, required: bool = False) -> rx.Component:
    return _field(
        name, key, inputmode="decimal", pattern=r"[0-9]+([.,][0-9]{1,2})?", required=required
    )


def _moment(name: str, key: str) -> rx.Component:
    return _field(name, key, type="datetime-local", required=True)


def _select(name: str, options: list[tuple[str, str]], on_change: object) -> rx.Component:
    return rx.el.select(
        *(rx.el.option(t(key), value=value) for value, key in options),
        name=name,
        on_change=on_change,
        data_testid=f"promo-{name}",
        class_name=WIDE,
    )


def _stored(name: str, stored: rx.Var | None) -> dict[str, object]:
    """The edit form's value of a field (as stored), none on the new-promotion form."""
    return {} if stored is None else {"default_value": getattr(stored, name)}


def _texts(language: str, stored: rx.Var | None = None) -> rx.Component:
    """Title, summary and full terms in one language (a language without a title is left
    out; at least one is needed)."""
    title, summary, terms = (f"{name}_{language}" for name in ("title", "summary", "terms"))
    return rx.el.fieldset(
        rx.el.legend(t(f"bo-promo-texts-{language}"), class_name="text-sm font-semibold"),
        _field(title, "bo-col-title", max_length=120, **_stored(title, stored)),
        label(
            t("bo-promo-summary"),
            rx.el.textarea(
                name=summary, max_length=400, class_name=TEXTAREA, **_stored(summary, stored)
            ),
        ),
        label(
            t("bo-promo-terms"),
            rx.el.textarea(
                name=terms, max_length=8000, class_name=TEXTAREA, **_stored(terms, stored)
            ),
        ),
        class_name="space-y-2",
    )


def _image(stored: rx.Var | None = None) -> rx.Component:
    """The card's image: a path of the site or an https address (checked by the service);
    empty, the kind's own artwork."""
    hint = "promo-image-hint" if stored is None else "promo-edit-image-hint"
    return rx.el.div(
        _field(
            "image",
            "bo-promo-image",
            max_length=300,
            aria_describedby=hint,
            **_stored("image", stored),
        ),
        rx.el.p(
            t("bo-promo-image-hint"),
            id=hint,
            class_name="text-xs text-slate-600 dark:text-slate-400",
        ),
        class_name="space-y-1",
    )


def _grid(*children: rx.Component) -> rx.Component:
    return rx.el.div(*children, class_name="grid grid-cols-1 sm:grid-cols-2 lg:grid-cols-4 gap-2")


def _form() -> rx.Component:
    s = PromotionsConsoleState
    return rx.el.form(
        _grid(
            _field("code", "bo-promo-code", required=True, max_length=32, pattern="[A-Za-z0-9_-]+"),
            label(
                t("bo-promo-kind"),
                _select(
                    "kind",
                    [(k.value, f"bo-promo-kind-{k.value}") for k in PromotionKind],
                    s.pick_kind,
                ),
            ),
            label(
                t("bo-promo-reward-kind"),
                _select(
                    "reward_kind",
                    [(k.value, f"bo-promo-reward-{k.value}") for k in RewardKind],
                    s.pick_reward,
                ),
            ),
            _amount("reward_amount", "bo-promo-reward-amount", required=True),
        ),
        _grid(
            _amount("budget", "bo-promo-budget", required=True),
            _moment("starts", "bo-starts-utc"),
            _moment("ends", "bo-ends-utc"),
            rx.match(
                s.kind,
                ("DEPOSIT", _amount("min_deposit", "bo-promo-min-deposit")),
                ("RAFFLE", _amount("ticket_turnover", "bo-promo-ticket-turnover", required=True)),
                _amount("min_turnover", "bo-promo-min-turnover"),
            ),
        ),
        rx.cond(
            s.kind == "RAFFLE",
            _grid(
                _field("winners", "bo-promo-winners", type="number", min=1, max=100, required=True),
                _moment("draw_at", "bo-promo-draw-at"),
                _field("authorisation", "bo-promo-authorisation", max_length=64),
            ),
        ),
        rx.cond(
            s.kind == "RED_ENVELOPE",
            _grid(_amount("reward_max", "bo-promo-reward-max", required=True)),
        ),
        rx.match(
            s.reward_kind,
            (
                "BONUS",
                _grid(
                    _field(
                        "wagering_multiplier", "bo-promo-wagering", type="number", min=0, max=100
                    )
                ),
            ),
            (
                "FREE_ROUNDS",
                _grid(
                    label(
                        t("bo-promo-free-game"),
                        rx.el.select(
                            *(rx.el.option(code, value=code) for code in offerable_games()),
                            name="free_game",
                            class_name=WIDE,
                        ),
                    ),
                    _field(
                        "free_rounds",
                        "bo-promo-free-rounds",
                        type="number",
                        min=1,
                        max=100,
                        required=True,
                    ),
                ),
            ),
            rx.fragment(),
        ),
        _image(),
        rx.el.div(_texts("en"), _texts("pt"), class_name="grid grid-cols-1 md:grid-cols-2 gap-4"),
        rx.el.button(t("bo-create"), type="submit", data_testid="promo-create", class_name=BUTTON),
        key=s.form_key.to_string() + s.brand,
        on_submit=s.create,
        class_name="space-y-3",
    )


def _edit_form() -> rx.Component:
    """An open promotion's texts, image, end and budget; the reward and its terms stay."""
    s = PromotionsConsoleState
    return rx.el.form(
        rx.el.p(t("bo-promo-edit-note"), class_name="text-sm text-slate-600 dark:text-slate-400"),
        _grid(
            _field(
                "ends",
                "bo-ends-utc",
                type="datetime-local",
                required=True,
                **_stored("ends", s.editing),
            ),
            _field(
                "budget",
                "bo-promo-budget",
                inputmode="decimal",
                required=True,
                pattern=r"[0-9]+([.,][0-9]{1,2})?",
                **_stored("budget", s.editing),
            ),
        ),
        _image(s.editing),
        rx.el.div(
            _texts("en", s.editing),
            _texts("pt", s.editing),
            class_name="grid grid-cols-1 md:grid-cols-2 gap-4",
        ),
        rx.el.div(
            rx.el.button(
                t("bo-promo-save"), type="submit", data_testid="promo-save", class_name=BUTTON
            ),
            rx.el.button(t("bo-cancel"), type="button", on_click=s.cancel_edit, class_name=BUTTON),
            class_name="flex gap-2",
        ),
        key=s.editing_id.to_string(),
        on_submit=s.amend,
        class_name="space-y-3",
    )


def _row_buttons(row: PromotionLine) -> rx.Component:
    return allowed(
        "promotions.manage",
        rx.cond(
            row.open,
            rx.el.div(
                rx.el.button(
                    t("bo-promo-edit"),
                    on_click=PromotionsConsoleState.edit(row.id),
                    data_testid="promo-edit",
                    class_name=BUTTON,
                ),
                rx.el.button(
                    t("bo-promo-end"),
                    on_click=PromotionsConsoleState.end(row.id),
                    data_testid="promo-end",
                    class_name=DANGER + " whitespace-nowrap",
                ),
                class_name="flex gap-2",
            ),
        ),
    )


def _campaign_select(name: str, options: list[tuple[str, str]]) -> rx.Component:
    return rx.el.select(
        *(rx.el.option(t(key), value=value) for value, key in options),
        name=name,
        data_testid=f"campaign-{name}",
        class_name=WIDE,
    )


def _campaign_field(name: str, key: str, **props: object) -> rx.Component:
    return _field(name, key, "campaign", **props)


def _campaign_form() -> rx.Component:
    """A new mission or race: its fields follow the kind picked."""
    s = PromotionsConsoleState
    amount = {"inputmode": "decimal", "pattern": r"[0-9]+([.,][0-9]{1,2})?"}
    periods = [(p.value, f"bo-campaign-period-{p.value}") for p in MissionPeriod]
    return rx.el.form(
        _grid(
            label(
                t("bo-campaign-kind"),
                rx.el.select(
                    rx.el.option(t("bo-campaign-mission"), value="mission"),
                    rx.el.option(t("bo-campaign-race"), value="race"),
                    name="kind",
                    on_change=s.pick_campaign_kind,
                    data_testid="campaign-kind",
                    class_name=WIDE,
                ),
            ),
            _campaign_field("code", "bo-promo-code", required=True, max_length=32,
                            pattern="[A-Za-z0-9][A-Za-z0-9_-]+"),
            _campaign_field("title_en", "bo-campaign-title-en", required=True, max_length=120),
            _campaign_field("title_pt", "bo-campaign-title-pt", required=True, max_length=120),
            label(t("bo-campaign-period"), _campaign_select("period", periods)),
            label(
                t("bo-campaign-measure"),
                rx.cond(
                    s.campaign_kind == "race",
                    _campaign_select(
                        "measure", [(m.value, f"bo-campaign-measure-{m.value}") for m in RaceMetric]
                    ),
                    _campaign_select(
                        "measure",
                        [(m.value, f"bo-campaign-measure-{m.value}") for m in MissionKind],
                    ),
                ),
            ),
            label(
                t("bo-promo-reward-kind"),
                _campaign_select(
                    "reward_kind", [(r.value, f"bo-promo-reward-{r.value}") for r in MissionReward]
                ),
            ),
            label(
                t("bo-campaign-category"),
                rx.el.select(
                    rx.el.option(t("bo-campaign-every-category"), value=""),
                    *(rx.el.option(code, value=code) for code in GAME_TYPES),
                    name="category",
                    class_name=WIDE,
                ),
            ),
            rx.cond(
                s.campaign_kind == "race",
                rx.fragment(
                    _campaign_field("prizes", "bo-campaign-prizes", required=True, max_length=400),
                    _campaign_field("min_bet", "bo-campaign-min-bet", **amount),
                ),
                rx.fragment(
                    _campaign_field("target", "bo-campaign-target", type="number", min=1,
                                    max=100000, required=True),
                    _campaign_field("reward", "bo-promo-reward-amount", required=True, **amount),
                    _campaign_field("game_code", "bo-campaign-game", max_length=64),
                    _campaign_field("min_multiplier", "bo-campaign-multiplier", **amount),
                ),
            ),
            _campaign_field("starts", "bo-starts-utc", type="datetime-local"),
            _campaign_field("ends", "bo-ends-utc", type="datetime-local"),
        ),
        rx.el.p(t("bo-campaign-note"), class_name="text-xs text-slate-600 dark:text-slate-400"),
        rx.el.button(
            t("bo-create"), type="submit", data_testid="campaign-create", class_name=BUTTON
        ),
        key=s.campaign_key.to_string() + s.brand,
        on_submit=s.create_campaign,
        class_name="space-y-3",
    )  # fmt: skip


def _schedule_form() -> rx.Component:
    s = PromotionsConsoleState
    return rx.el.form(
        _grid(
            label(
                t("bo-campaign-kind"),
                _campaign_select(
                    "kind", [("mission", "bo-campaign-mission"), ("race", "bo-campaign-race")]
                ),
            ),
            _campaign_field("code", "bo-promo-code", required=True, max_length=32),
            _campaign_field("starts", "bo-starts-utc", type="datetime-local"),
            _campaign_field("ends", "bo-ends-utc", type="datetime-local"),
        ),
        rx.el.button(
            t("bo-campaign-schedule"),
            type="submit",
            data_testid="campaign-schedule",
            class_name=BUTTON,
        ),
        on_submit=s.schedule_campaign,
        reset_on_submit=True,
        class_name="space-y-3",
    )


def _campaign_buttons(row: CampaignLine) -> rx.Component:
    return allowed(
        "promotions.manage",
        rx.cond(
            row.open,
            rx.el.button(
                t("bo-campaign-stop"),
                on_click=PromotionsConsoleState.stop_campaign(row.kind, row.code),
                data_testid="campaign-stop-" + row.code,
                class_name=DANGER + " whitespace-nowrap",
            ),
        ),
    )


def promotions_console_page() -> rx.Component:
    s = PromotionsConsoleState
    return frame(
        "bo-promotions",
        messages(s.error, s.notice),
        brand_picker(s.brands, s.brand, s.pick_brand, "promotions-brand"),
        card(
            "bo-promotions",
            table(
                [
                    ("code", "bo-promo-code"),
                    ("title", "bo-col-title"),
                    ("kind", "bo-promo-kind"),
                    ("reward", "bo-promo-reward-kind"),
                    ("budget", "bo-promo-budget"),
                    ("taken", "bo-promo-taken"),
                    ("starts", "bo-starts-utc"),
                    ("ends", "bo-ends-utc"),
                    ("state", "bo-status"),
                ],
                s.rows,
                _row_buttons,
                testid="promotions",
            ),
        ),
        rx.cond(
            s.editing_id > 0,
            allowed(
                "promotions.manage", card("bo-promo-edit", _edit_form(), testid="promo-edit-form")
            ),
        ),
        allowed("promotions.manage", card("bo-promo-new", _form(), testid="promotion-editor")),
        card(
            "bo-campaigns",
            table(
                [
                    ("kind_name", "bo-campaign-kind"),
                    ("code", "bo-promo-code"),
                    ("title", "bo-col-title"),
                    ("repeats", "bo-campaign-period"),
                    ("measure", "bo-campaign-measure"),
                    ("reward", "bo-promo-reward-kind"),
                    ("starts", "bo-starts-utc"),
                    ("ends", "bo-ends-utc"),
                    ("state", "bo-status"),
                ],
                s.campaigns,
                _campaign_buttons,
                testid="campaigns",
            ),
        ),
        allowed(
            "promotions.manage",
            rx.el.div(
                card("bo-campaign-new", _campaign_form(), testid="campaign-editor"),
                card("bo-campaign-schedule", _schedule_form(), testid="campaign-scheduler"),
                class_name="space-y-4",
            ),
        ),
    )


PAGES = (
    Page(
        routes.ADMIN_PROMOTIONS,
        promotions_console_page,
        "Promotions",
        load=(PromotionsConsoleState.load,),
        console=True,
    ),
)
