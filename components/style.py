"""Class strings shared across components."""

from typing import Any

import reflex as rx

from state.site import SiteState

FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
# Charts: axis numbers in the text colour of the theme (the chart's box sets it), not
# recharts' fixed grey, which is hard to read on the dark theme.
CHART_TEXT = "text-slate-600 dark:text-slate-300"
# A chart legend's words in the page's text colour (recharts writes them in their bar's colour,
# too faint on a light page); the legend's squares keep the colours.
LEGEND_TEXT = (
    "[&_.recharts-legend-item-text]:!text-slate-700 "
    "dark:[&_.recharts-legend-item-text]:!text-slate-200"
)
# An informational tag (a trial account, a demo balance, a lottery chase): one colour pair on
# both themes, apart from the amber of actions and the red of warnings.
INFO_TAG = "bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100"
AXIS_TICK = {"fill": "currentColor"}
# A chart's day axis keeps its first and last labels (dates wider than their bars) inside the
# plot: without it the first date runs into the value axis's 0.
DAY_AXIS_PADDING = {"left": 28, "right": 28}
# A row that scrolls sideways fades out at its end, a hint that more items follow.
SCROLL_HINT = "[mask-image:linear-gradient(to_right,#000_calc(100%-2.5rem),transparent)] pr-10"


def page_frame(classes: str) -> dict[str, Any]:
    """A page frame's loading marks: busy and deaf to clicks (`until_loaded`) until the page's
    loaders ran, and which page they ran for (SiteState.loaded_path)."""
    return {
        "aria_busy": ~rx.State.is_hydrated,
        "data_loaded": SiteState.loaded_path,
        "class_name": until_loaded(classes),
    }


def until_loaded(classes: str) -> rx.Var:
    """A page's frame classes that take no clicks until the page has loaded its data: a click
    sent before the page's loaders would run ahead of them, on empty state, and be lost."""
    return rx.cond(rx.State.is_hydrated, classes, f"{classes} pointer-events-none")
