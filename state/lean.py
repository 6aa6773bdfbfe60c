"""What a tab's stored state leaves out (issue 36: page state under 40 KB a member).

Scaled mode pickles each substate a tab touched into Redis after every event, and reads it
back for the next one. A cached computed var keeps its value on the state instance, so that
pickle carried a copy of everything the var derives (the whole catalog of `SiteState.texts`
was 150 KB of every tab). A state with `Lean` among its bases leaves those values out: a
computed var is a function of the state's own vars, so the next read computes it again, and
the browser is sent it only when a var it depends on changes, as before.
"""

from __future__ import annotations

import functools
from typing import Any

import reflex as rx
from reflex.state import BaseState


@functools.cache
def _cache_names(cls: type[BaseState]) -> frozenset[str]:
    return frozenset(var._cache_attr for var in cls.computed_vars.values())


class Lean(rx.State, mixin=True):
    """Pickles without the values of the state's computed vars."""

    def __getstate__(self) -> dict[str, Any]:
        kept = super().__getstate__()
        dropped = _cache_names(type(self))
        return {name: value for name, value in kept.items() if name not in dropped}
