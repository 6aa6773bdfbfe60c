"""The member side's one handler pattern (state/member_page.py): a refusal anywhere in a
`member_action` handler stops it and shows the translated message in the page's own lines,
beside the form it belongs to; field messages where the page has them; the warning popup
where the page has no error line."""

from __future__ import annotations

from typing import Any

from reflex.state import State

import app.app  # noqa: F401 (registers every state)
from app.core.errors import AppError
from app.core.i18n import translate
from state.accounts.auth import AuthState
from state.accounts.password import PasswordState
from state.cashier.withdraw import ORDERS, WithdrawState
from state.catalogue.lobby import LobbyState

LANG = "pt"  # the site's default language, with nothing chosen in the tab


async def _tab() -> State:
    return State(_reflex_internal_init=True)  # type: ignore[call-arg]


async def _run(state: Any, handler: str, **kwargs: Any) -> Any:
    result = type(state).event_handlers[handler].fn(state, **kwargs)
    return await result if hasattr(result, "__await__") else result


async def test_a_refusal_shows_beside_its_form_and_clears_the_notice() -> None:
    withdraw = await (await _tab()).get_state(WithdrawState)
    withdraw.notice = "Saque W1 solicitado."
    # Nobody is logged in on this tab: the member is refused before anything is read.
    shown = await _run(withdraw, "received", order_no="W1")
    assert withdraw.error == translate("not-logged-in", LANG)
    assert (withdraw.error_at, withdraw.notice, withdraw.errors) == (ORDERS, "", {})
    assert shown is not None  # the view scrolls to the message


async def test_field_messages_go_beside_their_fields() -> None:
    password = await (await _tab()).get_state(PasswordState)
    fields = [{"field": "newPassword", "code": "val_required"}]
    await password._failed(AppError("validation-failed", value={"fields": fields}))
    assert password.errors == {"newPassword": translate("val_required", LANG)}
    assert password.error == ""


async def test_a_page_without_an_error_line_warns_in_the_popup_with_the_params() -> None:
    root = await _tab()
    lobby = await root.get_state(LobbyState)
    refusal = AppError("withdraw.requested", params={"orderNo": "W7"})
    assert await lobby._failed(refusal) is not None  # the warning popup opens
    warning = (await root.get_state(AuthState)).warning
    assert warning == translate("withdraw.requested", LANG, orderNo="W7")
    assert "W7" in warning
