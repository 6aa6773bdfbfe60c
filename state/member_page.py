"""One way for a member page's state to run an action, as the console's `ConsolePage._act`.

A handler marked `@member_action` is written straight, catching no AppError itself: it learns
the member with `current_member` (state/accounts/auth.py), the language with `ui_lang`
(state/site.py), and calls its use case. A refusal (AppError) anywhere in it stops it and
`MemberPage._failed` shows it in the state's own lines: the translated message in `error`
(field messages in `errors` where the state has them, for a `validation-failed`), the form
it belongs to in `error_at`, the page that lifts it in `error_link`, and the notice of an
earlier action cleared; a page without an `error` line shows it in the warning popup. A state
overrides `_failed` where a refusal also brings something up.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, overload

import reflex as rx

from app import routes
from app.core.errors import AppError
from app.core.i18n import translate
from state.errors import describe, show_first_error
from state.gates import LINK_VAR
from state.guard import refuse
from state.site import ui_lang

H = TypeVar("H", bound=Callable[..., Any])


def _shows(state: rx.State, name: str) -> bool:
    return name in type(state).base_vars


class MemberPage(rx.State, mixin=True):
    """What a member page's state shares (`class XState(MemberPage, rx.State)`): a refusal
    shown beside the action it refused."""

    if TYPE_CHECKING:  # the page's own lines, each optional (`_shows`)
        error: str
        errors: dict[str, str]
        error_at: str
        error_link: str
        notice: str

    async def _failed(self, exc: AppError, at: str = "") -> Any:
        """Show a refusal in the page's lines (a page without an `error` line: in the warning
        popup); `at`: the form (its test id) the message goes beside, which the view then
        scrolls to."""
        if not _shows(self, "error"):
            return await refuse(self, exc.code, **exc.params)
        lang = await ui_lang(self)
        if _shows(self, "errors"):
            self.errors, self.error = describe(exc, lang)
        else:
            self.error = translate(exc.code, lang, **exc.params)
        if _shows(self, "error_at"):
            self.error_at = at
        if _shows(self, LINK_VAR):
            self.error_link = routes.remedy(exc.code)
        if _shows(self, "notice"):
            self.notice = ""
        return show_first_error(at) if at else None

    async def _say(self, key: str, **params: Any) -> None:
        """An action went through: the page's notice says so, in the page's language."""
        self.notice = translate(key, await ui_lang(self), **params)


@overload
def member_action(handler: H, /) -> H: ...
@overload
def member_action(*, at: str = "") -> Callable[[H], H]: ...
def member_action(handler: H | None = None, /, *, at: str = "") -> H | Callable[[H], H]:
    """Run the handler; a refusal (AppError) stops it and is shown by the state's `_failed`
    (`at`: beside that form). The state is a `MemberPage`."""

    def wrap(handler: H) -> H:
        @functools.wraps(handler)
        async def acting(self: MemberPage, *args: Any, **kwargs: Any) -> Any:
            try:
                result = handler(self, *args, **kwargs)
                return await result if inspect.isawaitable(result) else result
            except AppError as exc:
                return await self._failed(exc, at)

        return acting  # type: ignore[return-value]

    return wrap if handler is None else wrap(handler)
