"""A figure a studio round changes, held until the game's board reveals the result
(assets/home.css `balance-held`, `balance-due`): the balances of the game's line and the
header."""

from __future__ import annotations

from typing import Any

import reflex as rx


def held_figure(
    held: rx.Var[str], shown: rx.Var[str], key: rx.Var, class_name: str, **props: Any
) -> rx.Component:
    """`shown` (its props: a test id), with `held` in its place until the reveal; the two
    share one grid cell, and a new `key` (a new round) starts the wait again."""
    return rx.el.span(
        rx.cond(
            held != "",
            rx.el.span(held, key=key, class_name="balance-held", aria_hidden="true"),
        ),
        rx.el.span(shown, key=key, class_name=rx.cond(held != "", "balance-due", ""), **props),
        class_name=f"grid [&>*]:col-start-1 [&>*]:row-start-1 {class_name}",
    )
