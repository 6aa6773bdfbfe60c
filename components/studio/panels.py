"""What every studio game page shares: the bet form, the balance, the result line, the rules
and paytable, the fairness panel and the last rounds with their verify links."""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.event import EventType

from app import routes
from components.dialog import dialog
from components.forms import INPUT, LINK, PRIMARY, SECONDARY, TAP_LINK, form_error, refusal_remedy
from components.i18n import line_with, t
from components.revealed import held_figure
from components.style import FOCUS, INFO_TAG
from state.accounts.auth import AuthState
from state.site import SiteState
from state.studio.play import RULES_DIALOG, PlayState

_CARD_LOOK = "rounded-2xl p-4 bg-white dark:bg-slate-900 shadow min-w-0"
CARD = f"{_CARD_LOOK} space-y-3"
SMALL_BUTTON = (
    "h-11 min-w-11 px-3 rounded-lg text-sm font-semibold border border-slate-300 "
    f"dark:border-slate-600 hover:bg-slate-100 dark:hover:bg-slate-800 {FOCUS}"
)

# CSS-only animation: results pop in (staggered by a custom property), nothing waits on it,
# and visitors who ask for less motion get none. A game whose board animates its result (the
# ball's drop, the wheel's spin) sets --reveal to that animation's length on its page: what
# says the result (its line, the slot or pocket hit, the history's new row, the balances:
# assets/home.css) pops in only then.
ANIMATION_CSS = """
@keyframes studio-pop { from { transform: scale(.6) rotate(-8deg); opacity: 0 }
  to { transform: none; opacity: 1 } }
@keyframes studio-roll { 0% { transform: translateY(-40%); opacity: .2 }
  100% { transform: none; opacity: 1 } }
@keyframes studio-tumble { 0% { transform: translateY(-60%) rotate(-200deg) scale(.5); opacity: 0 }
  60% { transform: translateY(8%) rotate(12deg) scale(1.05); opacity: 1 }
  80% { transform: translateY(-4%) rotate(-4deg) } 100% { transform: none } }
@keyframes studio-flip { from { transform: perspective(500px) rotateY(90deg); opacity: .2 }
  to { transform: none; opacity: 1 } }
@keyframes studio-deal { from { transform: perspective(600px) translateY(-30%) rotateY(90deg);
  opacity: 0 } to { transform: none; opacity: 1 } }
@keyframes studio-spin { from { transform: rotate(-1080deg) scale(.5); opacity: .4 }
  to { transform: none; opacity: 1 } }
@keyframes studio-wheel { from { transform: rotate(0) } to { transform: rotate(900deg) } }
.studio-pop { animation: studio-pop .35s ease-out both;
  animation-delay: calc(var(--reveal, 0s) + var(--i, 0) * 40ms) }
.studio-roll { animation: studio-roll .45s cubic-bezier(.2,.8,.2,1) both }
.studio-tumble { animation: studio-tumble .7s cubic-bezier(.2,.8,.2,1) both }
.studio-flip { animation: studio-flip .4s ease-out both; animation-delay: calc(var(--i, 0) * 25ms) }
.studio-deal { animation: studio-deal .45s ease-out both;
  animation-delay: calc(var(--i, 0) * 90ms) }
.studio-spin { animation: studio-spin 1.2s cubic-bezier(.15,.75,.25,1) both }
.studio-wheel { animation: studio-wheel 1.2s cubic-bezier(.15,.75,.25,1) both }
@media (prefers-reduced-motion: reduce) {
  .studio-pop, .studio-roll, .studio-tumble, .studio-flip, .studio-deal, .studio-spin,
  .studio-wheel { animation: none } }
"""


def text_of(key: rx.Var) -> rx.Var[str]:
    """A catalog text whose key is only known in the page (an error key, a game name)."""
    return SiteState.texts.get(key, key).to(str)


def game_name() -> rx.Var[str]:
    return SiteState.texts.get("studio." + PlayState.code + ".name", PlayState.code).to(str)


def demo_badge() -> rx.Component:
    """Beside the game's title while it plays with the demo balance."""
    return rx.el.span(
        t("play.demo"),
        class_name=f"shrink-0 px-2 py-0.5 rounded-full text-xs font-bold {INFO_TAG}",
        data_testid="demo-badge",
    )


def balance_line(where: str = "", **props: Any) -> rx.Component:
    """The balance the game plays with (the demo's with its refill); `where` places the line
    (Crash's sits at the end of its title's row)."""
    return rx.el.div(
        rx.el.span(
            rx.cond(PlayState.mode == "demo", t("play.demo_balance"), t("play.balance")),
            class_name="text-sm text-slate-500 dark:text-slate-400",
        ),
        # The balance before the round's payout until the board reveals it, then after.
        held_figure(
            PlayState.balance_before,
            PlayState.balance,
            PlayState.round_id,
            "text-lg font-bold tabular-nums",
            data_testid="play-balance",
        ),
        rx.cond(PlayState.mode == "demo", demo_reset()),
        class_name=f"{where} flex items-baseline gap-2 flex-wrap",
        **props,
    )


def demo_reset() -> rx.Component:
    """Refill the demo balance: its words from sm up; on a phone an icon named by them, on the
    balance's line (on a line of their own they pushed the play button further down)."""
    return rx.el.button(
        rx.icon("rotate-ccw", size=16, aria_hidden="true", class_name="sm:hidden"),
        rx.el.span(t("play.demo_reset"), class_name="max-sm:sr-only"),
        type="button",
        on_click=PlayState.reset_demo,
        class_name=f"{LINK} inline-flex items-center max-sm:size-8 max-sm:justify-center "
        "max-sm:self-center",
        data_testid="demo-reset",
    )


# Below lg the board sits above the form: there the play button and its feedback come
# first, as on the betting sites' phone pages, so that a phone shows the button beside the
# board rather than under the fold.
PHONE_FIRST = "max-lg:order-first"


def bet_form(
    *choices: rx.Component, action: rx.Var | str | None = None, amount_field: bool = True
) -> rx.Component:
    """The bet amount with its limits, the game's own choices, and the play button. The
    button is never disabled: input stays free while a result animates. Without
    `amount_field` the choices make the amount (the roulette's chips)."""
    amount = (
        rx.el.label(t("play.bet"), html_for="studio-bet", class_name="block text-sm font-medium"),
        rx.el.div(
            rx.el.button(
                "½",
                type="button",
                on_click=PlayState.bet_step("0.5"),
                aria_label=t("play.bet_half"),
                class_name=SMALL_BUTTON,
                data_hotkey="half",
            ),
            rx.el.input(
                id="studio-bet",
                value=PlayState.bet,
                on_change=PlayState.set_bet,
                input_mode="decimal",
                auto_complete="off",
                class_name=INPUT + " text-center tabular-nums",
                data_testid="bet-input",
            ),
            rx.el.button(
                "2×",
                type="button",
                on_click=PlayState.bet_step("2"),
                aria_label=t("play.bet_double"),
                class_name=SMALL_BUTTON,
                data_hotkey="double",
            ),
            class_name="flex gap-2",
        ),
    )
    return rx.el.div(
        *choices,
        *(amount if amount_field else ()),
        rx.el.p(
            t("play.limits")
            .replace("{min}", PlayState.min_bet)
            .replace("{max}", PlayState.max_bet)
            .replace("{win}", PlayState.max_win),
            class_name="text-xs text-slate-500 dark:text-slate-400",
            data_testid="bet-limits",
        ),
        line_with(
            PlayState.quoted,
            "play.quoted",
            "multiplier",
            class_name="text-sm font-medium text-amber-700 dark:text-amber-300",
            data_testid="quoted-multiplier",
        ),
        rx.el.button(
            action if action is not None else t("play.play"),
            type="button",
            on_click=PlayState.place,
            class_name=f"{PRIMARY} {PHONE_FIRST}",
            data_testid="play-button",
            data_hotkey="bet",
        ),
        rx.cond(
            PlayState.free_count > 0,
            rx.el.div(
                rx.el.p(
                    t("free.left")
                    .replace("{count}", PlayState.free_count.to_string())
                    .replace("{stake}", PlayState.free_stake),
                    class_name="text-sm font-semibold",
                ),
                rx.el.button(
                    t("free.play"),
                    type="button",
                    on_click=PlayState.play_free,
                    class_name=PRIMARY,
                    data_testid="free-round-button",
                ),
                class_name=(
                    "space-y-2 rounded-lg p-3 bg-emerald-50 dark:bg-emerald-400/10 "
                    "border border-emerald-200 dark:border-emerald-400/30"
                ),
                data_testid="free-rounds",
            ),
        ),
        rx.el.div(
            form_error(PlayState.error, "play-error"),
            refusal_remedy(PlayState.error, PlayState.error_link),
            class_name=f"space-y-1 {PHONE_FIRST}",
        ),
        class_name=f"{_CARD_LOOK} flex flex-col gap-3",  # a column: its items can be reordered
    )


def result_line() -> rx.Component:
    return rx.el.div(
        rx.cond(
            PlayState.result_multiplier != "",
            rx.el.p(
                rx.cond(
                    PlayState.won,
                    t("play.won").replace("{amount}", PlayState.payout),
                    rx.cond(
                        PlayState.paid_back,
                        t("play.paid_back").replace("{amount}", PlayState.payout),
                        t("play.lost"),
                    ),
                ),
                rx.el.span(" · " + PlayState.result_multiplier, class_name="tabular-nums"),
                key=PlayState.round_id,
                class_name=rx.cond(
                    PlayState.won,
                    "studio-pop font-bold text-emerald-700 dark:text-emerald-400",
                    "studio-pop font-medium text-slate-500 dark:text-slate-400",
                ),
                data_testid="round-result",
            ),
        ),
        rx.el.p(
            rx.cond(PlayState.round_id != "", t("play.round") + " " + PlayState.round_id, ""),
            class_name="text-xs text-slate-500 dark:text-slate-400 font-mono",
            data_testid="round-id",
        ),
        aria_live="polite",
        class_name="min-h-12",
    )


def rules_button() -> rx.Component:
    # On a phone an icon named by its words, beside the game's title: a row of its own
    # pushed the game and its play button further down.
    return rx.el.button(
        rx.icon("book-open", size=16, aria_hidden="true"),
        rx.el.span(t("play.rules"), class_name="max-sm:sr-only"),
        type="button",
        on_click=PlayState.open_rules,
        class_name=(
            "h-11 px-4 max-sm:w-11 max-sm:px-0 rounded-lg font-semibold border border-slate-300 "
            "dark:border-slate-600 hover:bg-slate-100 dark:hover:bg-slate-800 flex items-center "
            f"justify-center gap-2 text-sm {FOCUS}"
        ),
        data_testid="rules-button",
    )


def rules_dialog() -> rx.Component:
    return dialog(
        RULES_DIALOG,
        rx.el.p(
            SiteState.texts.get("studio." + PlayState.code + ".rules", "").to(str),
            class_name="text-sm leading-relaxed",
        ),
        rx.el.table(
            rx.el.thead(
                rx.el.tr(
                    rx.el.th(t("play.paytable.bet"), class_name="text-left py-1"),
                    rx.el.th(t("play.paytable.pays"), class_name="text-right py-1"),
                )
            ),
            rx.el.tbody(
                rx.foreach(
                    PlayState.paytable,
                    lambda row: rx.el.tr(
                        rx.el.td(row.label, class_name="py-1 pr-2"),
                        rx.el.td(row.pays, class_name="py-1 text-right tabular-nums"),
                        class_name="border-t border-slate-200 dark:border-slate-700",
                    ),
                )
            ),
            class_name="w-full text-sm mt-3",
            data_testid="paytable",
        ),
        rx.el.p(
            t("play.limits")
            .replace("{min}", PlayState.min_bet)
            .replace("{max}", PlayState.max_bet)
            .replace("{win}", PlayState.max_win),
            class_name="text-xs text-slate-500 dark:text-slate-400 mt-3",
        ),
        title=game_name(),
    )


def _mono(value: rx.Var, test_id: str) -> rx.Component:
    return rx.el.code(
        value,
        class_name="block break-all text-xs font-mono bg-slate-100 dark:bg-slate-800 rounded p-2",
        data_testid=test_id,
    )


def fairness_panel() -> rx.Component:
    return rx.el.details(
        rx.el.summary(
            t("play.fairness"),
            class_name=f"cursor-pointer font-semibold rounded {FOCUS}",
            data_testid="fairness-toggle",
        ),
        rx.el.div(
            rx.el.p(
                t("play.fairness_help"), class_name="text-xs text-slate-500 dark:text-slate-400"
            ),
            rx.el.p(t("play.hash"), class_name="text-sm font-medium"),
            _mono(PlayState.seed_hash, "seed-hash"),
            rx.el.form(
                rx.el.label(
                    t("play.client_seed"),
                    html_for="studio-client-seed",
                    class_name="block text-sm font-medium",
                ),
                rx.el.div(
                    rx.el.input(
                        id="studio-client-seed",
                        name="clientSeed",
                        default_value=PlayState.client_seed,
                        key=PlayState.client_seed,
                        max_length=32,
                        auto_complete="off",
                        class_name=INPUT + " font-mono text-sm",
                        data_testid="client-seed-input",
                    ),
                    rx.el.button(
                        t("play.save"),
                        type="submit",
                        class_name=SMALL_BUTTON,
                        data_testid="client-seed-save",
                    ),
                    class_name="flex gap-2",
                ),
                on_submit=PlayState.save_client_seed,
                class_name="space-y-1",
            ),
            rx.el.p(
                t("play.nonce") + ": ",
                rx.el.span(PlayState.nonce, data_testid="seed-nonce"),
                class_name="text-sm",
            ),
            rx.el.button(
                t("play.rotate"),
                type="button",
                on_click=PlayState.rotate,
                class_name=SECONDARY,
                data_testid="rotate-seed",
            ),
            rx.cond(
                PlayState.revealed_seed != "",
                rx.el.div(
                    rx.el.p(t("play.revealed"), class_name="text-sm font-medium"),
                    _mono(PlayState.revealed_seed, "revealed-seed"),
                    rx.el.p(
                        t("play.revealed_hash"),
                        class_name="text-xs text-slate-500 dark:text-slate-400",
                    ),
                    _mono(PlayState.revealed_hash, "revealed-hash"),
                    class_name="space-y-1",
                ),
            ),
            rx.el.p(
                PlayState.notice,
                role="status",
                class_name="text-sm text-emerald-700 dark:text-emerald-400",
            ),
            class_name="space-y-2 mt-3",
        ),
        class_name=CARD,
        data_testid="fairness-panel",
    )


_HISTORY_ROW = "grid grid-cols-[1fr_auto_auto] gap-2 items-center text-sm"


def history_panel() -> rx.Component:
    return rx.el.div(
        rx.el.h2(t("play.history"), class_name="font-semibold"),
        rx.cond(
            PlayState.history.length() == 0,
            rx.el.p(
                t("play.history_empty"), class_name="text-sm text-slate-500 dark:text-slate-400"
            ),
        ),
        rx.el.ul(
            rx.foreach(
                PlayState.history,
                lambda r: rx.el.li(
                    rx.el.span(r.id, class_name="font-mono text-xs truncate"),
                    rx.el.span(
                        r.stake + " → " + r.payout,
                        class_name=rx.cond(
                            r.won,
                            "tabular-nums text-emerald-700 dark:text-emerald-400",
                            "tabular-nums",
                        ),
                    ),
                    rx.el.a(
                        t("play.verify"),
                        href=routes.PLAY_VERIFY + "?round=" + r.id,
                        # A finger's target: the row's words alone were 20 px tall.
                        class_name=TAP_LINK,
                        data_testid="verify-link",
                    ),
                    key=r.id,
                    # The round just played joins when its result is revealed.
                    class_name=rx.cond(
                        r.id == PlayState.round_id,
                        f"{_HISTORY_ROW} studio-pop",
                        _HISTORY_ROW,
                    ),
                    data_testid="history-row",
                ),
            ),
            class_name="space-y-1",
            data_testid="history",
        ),
        class_name=CARD,
    )


def ways_to_play(
    testid: str, demo_href: str | rx.Var[str], play_real: EventType[()], real_testid: str
) -> rx.Component:
    """A game page that cannot play yet: log in, try the demo, or (logged in) play for real."""
    return rx.el.div(
        rx.cond(
            ~AuthState.is_login,
            rx.el.button(
                t("play.login"),
                type="button",
                on_click=AuthState.open_login,
                class_name=PRIMARY,
                data_testid=f"{testid}-login",
            ),
        ),
        rx.el.a(
            t("play.try_demo"),
            href=demo_href,
            class_name=SECONDARY + " grid place-items-center",
            data_testid=f"{testid}-demo-link",
        ),
        rx.cond(
            AuthState.is_login & ~AuthState.is_trial,
            rx.el.button(
                t("play.play_real"),
                type="button",
                on_click=play_real,
                class_name=PRIMARY,
                data_testid=real_testid,
            ),
        ),
        class_name="grid gap-2 sm:grid-cols-2",
    )
