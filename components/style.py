"""Class strings shared across components."""

FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
