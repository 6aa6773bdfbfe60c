"""Every public event handler is an endpoint any browser can call with any arguments.

`checked` validates a handler's arguments against its annotations (strictly: type, range,
length) before it runs; bad input changes nothing and shows the translated
"validation-failed" warning. The argument types below carry the bounds.
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar, get_args, get_origin, get_type_hints

import reflex as rx
from pydantic import Field, StringConstraints, TypeAdapter, ValidationError
from reflex.istate.proxy import StateProxy

logger = logging.getLogger(__name__)

# The words of the handlers' checks (each state module's HANDLER_CHECKS).
LOGIN = "member from current_login (session of this browser)"
GUEST = "no member data"
ARGS = "arguments checked (state/guard.py)"
DOWNLINE = "only the agent's own downline (the closure tree)"
MONEY = "payment password, limits, a ledger key per form"

STAFF = (
    "staff from current_staff (the console login of this browser); "
    "the use case checks permission and brand"
)


# Short words: codes, names, choices.
Name = Annotated[str, StringConstraints(max_length=64)]
# What a visitor types in one box.
Text = Annotated[str, StringConstraints(max_length=256)]
_Value = Annotated[str, StringConstraints(max_length=2048)]
# The browser's answer to the bot check (a base64 JSON document).
BotAnswer = Annotated[str, StringConstraints(max_length=4096)]
# A submitted form: a few named fields of text, ticks or numbers (Reflex names the fields
# of a list of inputs itself, in long names).
Form = Annotated[dict[Text, _Value | bool | int | float | None], Field(max_length=40)]


def field_id(name: str | rx.Var[str]) -> str:
    """The element id of a form's field (`components.forms.field` draws it; an event that
    empties a field after success names it so)."""
    return f"field-{name}"


# A game card as the page shows it (state.catalogue.cards.GameCard, sent back by a card's buttons).
Card = Annotated[dict[Name, _Value | bool], Field(max_length=24)]
Page = Annotated[int, Field(ge=1, le=100_000)]
Index = Annotated[int, Field(ge=0, le=1_000)]
Millis = Annotated[int, Field(ge=0, le=10_000)]

H = TypeVar("H", bound=Callable[..., Any])

CHECKED = "__checked_arguments__"


def _is_upload(hint: object) -> bool:
    return get_origin(hint) is list and get_args(hint) == (rx.UploadFile,)


def checked(handler: H) -> H:
    """Validate the handler's arguments first; refuse the call if any is out of bounds."""
    signature = inspect.signature(handler)
    hints = get_type_hints(handler, include_extras=True)
    # An upload handler's files come from Reflex's upload endpoint (read_uploads checks them by
    # content); its other arguments are checked like any handler's.
    names = [
        name for name in signature.parameters if name != "self" and not _is_upload(hints.get(name))
    ]
    adapters = {name: TypeAdapter(hints.get(name, Any)) for name in names}

    @functools.wraps(handler)
    async def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            bound = signature.bind(self, *args, **kwargs)
            for name in names:
                if name in bound.arguments:
                    value = bound.arguments[name]
                    bound.arguments[name] = adapters[name].validate_python(value, strict=True)
        except (TypeError, ValidationError) as exc:
            logger.info("refused %s: %s", handler.__qualname__, str(exc)[:500])
            # A background task holds no lock on the state: it only refuses.
            return None if isinstance(self, StateProxy) else await refuse(self)
        result = handler(*bound.args, **bound.kwargs)
        return await result if inspect.isawaitable(result) else result

    setattr(guarded, CHECKED, True)
    return guarded  # type: ignore[return-value]


# How a refusal is shown: state.accounts.auth (which imports this module) sets it at import.
_show_refusal: list[Callable[..., Awaitable[Any]]] = []


def on_refusal(show: Callable[..., Awaitable[Any]]) -> None:
    _show_refusal[:] = [show]


async def refuse(state: Any, code: str = "validation-failed", **params: Any) -> Any:
    """Tell the visitor why the call was refused (the warning popup with the catalog's
    message of `code` and its `params`: by default, the input was invalid), changing
    nothing else."""
    return await _show_refusal[0](state, code, **params) if _show_refusal else None
