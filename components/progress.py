"""A progress bar: how far a player is toward a goal (a mission, a bonus's wagering, a VIP
level, a withdrawal's wagering), named for screen readers."""

from __future__ import annotations

from typing import Any

import reflex as rx


def progress_bar(
    percent: rx.Var[int],
    label: rx.Var[str] | str,
    testid: str,
    fill: str = "bg-emerald-500",
    height: str = "h-3",
) -> rx.Component:
    """A bar filled to `percent` (0 to 100), its figure in `data-percent` for the walks."""
    attributes: dict[str, Any] = {"data_testid": testid, "data_percent": percent}
    return rx.el.div(
        rx.el.div(
            class_name=f"h-full rounded-full {fill} transition-all",
            style={"width": percent.to(str) + "%"},
        ),
        role="progressbar",
        aria_valuemin=0,
        aria_valuemax=100,
        aria_valuenow=percent,
        aria_label=label,
        class_name=f"{height} w-full rounded-full bg-slate-200 dark:bg-slate-800 overflow-hidden",
        **attributes,
    )
