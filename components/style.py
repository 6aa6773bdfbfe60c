"""Class strings shared across components."""

FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
# A row that scrolls sideways fades out at its end, a hint that more items follow.
SCROLL_HINT = "[mask-image:linear-gradient(to_right,#000_calc(100%-2.5rem),transparent)] pr-10"
