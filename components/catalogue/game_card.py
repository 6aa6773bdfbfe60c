"""Game cards (spec 2): the HOT look (one tile: image, name, vendor, favourite) and the
normal look (image, play, free demo when supportPlay is 0, name, favourite heart)."""

from __future__ import annotations

import reflex as rx

from app.services.catalogue.rules import ELOTT, LOTT
from components.i18n import t
from components.media import SHOW_NEXT, image
from components.style import FOCUS
from state.catalogue.lobby import LobbyState


def _heart(game: rx.Var) -> rx.Component:
    liked = LobbyState.favorite_ids.contains(game.id)
    return rx.el.button(
        rx.icon(
            "heart",
            size=18,
            aria_hidden="true",
            class_name=rx.cond(liked, "fill-red-500 text-red-500", "text-white"),
        ),
        on_click=[rx.stop_propagation, LobbyState.toggle_favorite(game)],
        # Named for the game it acts on: a screen reader's list of buttons reads them apart.
        aria_label=rx.cond(liked, t("lobby.favorite_remove"), t("lobby.favorite_add")).replace(
            "{name}", game.name
        ),
        aria_pressed=liked,
        type="button",
        class_name=f"absolute top-1.5 right-1.5 p-1.5 rounded-full bg-black/40 {FOCUS}",
        data_testid="favorite-" + game.id.to(str),
    )


PICTURE = "aspect-square w-full rounded-xl object-cover bg-slate-200 dark:bg-slate-800"


def _cover_name(game: rx.Var) -> rx.Component:
    """The name written over the cover, at the top (the play buttons cover the lower part)."""
    return rx.el.span(
        rx.el.span(game.name, class_name="line-clamp-2"),
        aria_hidden="true",
        class_name=rx.cond(game.tag != "", "pt-8", "pt-2")  # below a lottery tag
        + (
            " absolute inset-x-0 top-0 rounded-t-xl bg-gradient-to-b from-black/75 "
            "via-black/40 to-transparent pl-2 pr-9 pb-5 text-xs sm:text-sm font-bold "
            "leading-tight text-white drop-shadow-[0_1px_1px_rgb(0_0_0/0.9)]"
        ),
        data_testid="game-cover-name",
    )


def _cover(game: rx.Var) -> rx.Component:
    """A game without an image of its own: its type's cover with the name written over it; a
    vendor's tile: the cover with the vendor's wordmark whole on it, or the name written over
    it should the wordmark fail to load. The card names the game below as well, so both are
    decorative to a screen reader."""
    return rx.el.div(
        image(game.icon, "", 240, 240, loading="lazy", class_name=PICTURE),
        rx.cond(
            game.logo != "",
            rx.fragment(
                image(
                    game.logo,
                    "",
                    240,
                    96,
                    loading="lazy",
                    on_error=SHOW_NEXT,
                    class_name=(
                        "absolute left-1/2 top-[34%] w-3/4 -translate-x-1/2 -translate-y-1/2 "
                        "rounded-lg object-contain shadow-lg"
                    ),
                    data_testid="game-cover-logo",
                ),
                rx.el.div(_cover_name(game), hidden=True, data_testid="game-cover-logo-name"),
            ),
            _cover_name(game),
        ),
        class_name="relative",
        data_testid="game-cover",
    )


def _picture(game: rx.Var) -> rx.Component:
    return rx.cond(
        game.cover,
        _cover(game),
        image(
            game.icon,
            game.name,
            240,
            240,
            fallback=game.fallback,
            loading="lazy",
            class_name=PICTURE,
        ),
    )


def _rtp(game: rx.Var) -> rx.Component:
    """An Original's exact return to player (the studio states it; vendors' games have none)."""
    return rx.cond(
        game.rtp != "",
        rx.el.span(
            t("lobby.rtp").replace("{rtp}", game.rtp.to(str)),
            class_name="block truncate text-xs tabular-nums text-emerald-700 dark:text-emerald-400",
            data_testid="game-rtp",
        ),
    )


def hot_card(game: rx.Var) -> rx.Component:
    """The HOT look: one tappable tile; lottery types have no favourite button."""
    return rx.el.div(
        rx.el.button(
            _picture(game),
            rx.el.span(game.name, class_name="mt-1 block truncate text-sm font-medium"),
            rx.el.span(
                game.vendor_name,
                class_name="block truncate text-xs text-slate-500 dark:text-slate-400",
            ),
            _rtp(game),
            on_click=LobbyState.play(game, False),
            type="button",
            class_name=f"w-full text-left rounded-xl {FOCUS}",
            data_testid="hot-card",
            data_game=game.code,
        ),
        rx.cond((game.type != LOTT) & (game.type != ELOTT), _heart(game)),
        class_name="relative",
    )


def _start_button(game: rx.Var, *, demo: bool) -> rx.Component:
    """Play for real, or the free demo."""
    kind = "demo" if demo else "play"
    look = "bg-white/90 px-2" if demo else "flex-1 bg-amber-400 sm:text-sm"
    return rx.el.button(
        t(f"lobby.{kind}"),
        on_click=LobbyState.play(game, demo),
        aria_label=t(f"lobby.{kind}_named").replace("{name}", game.name),
        type="button",
        class_name=f"rounded-md py-1 text-xs {look} text-slate-900 font-semibold {FOCUS}",
        data_testid=f"{kind}-" + game.id.to(str),
    )


def _tag(game: rx.Var) -> rx.Component:
    """A lottery entry's tag (spec 3: from its gameGroupCode), over the picture's corner."""
    return rx.cond(
        game.tag != "",
        rx.el.span(
            game.tag,
            class_name=(
                "absolute top-1.5 left-1.5 rounded px-1.5 py-0.5 text-xs font-bold "
                "bg-amber-400 text-slate-900"
            ),
            data_testid="game-tag",
        ),
    )


def game_card(game: rx.Var) -> rx.Component:
    """The normal look: image, play, free demo (only when supportPlay is 0), name, heart
    (none on lottery entries, which carry their tag instead)."""
    return rx.el.div(
        rx.el.div(
            _picture(game),
            _tag(game),
            rx.cond((game.type != LOTT) & (game.type != ELOTT), _heart(game)),
            rx.el.div(
                _start_button(game, demo=False),
                rx.cond(game.demo, _start_button(game, demo=True)),
                # One low row, so the picture stays in sight on a phone's narrow card; on the
                # narrowest (the search's) the demo wraps below rather than spill out of it.
                class_name="absolute inset-x-1.5 bottom-1.5 flex flex-wrap gap-1",
            ),
            class_name="relative",
        ),
        rx.el.p(game.name, class_name="mt-1 truncate text-sm font-medium"),
        _rtp(game),
        class_name="min-w-0",
        data_testid="game-card",
        data_game=game.code,
    )


def game_grid(games: rx.Var, look: str = "normal") -> rx.Component:
    render = hot_card if look == "hot" else game_card
    return rx.el.div(
        rx.foreach(games, render),
        class_name="grid grid-cols-3 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6 gap-3",
    )
