"""Every public event handler of every state is an endpoint any browser can call: each one
is listed here with the check it does, and a handler that is not listed fails this test
until it is (with its check). Handlers that take arguments validate them (state/guard.py).
Also: no state keeps a password, payment password or TOTP secret in a var."""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import reflex as rx
from reflex.state import BaseState

import app.app  # noqa: F401 (registers every state)
from state.guard import CHECKED

LOGIN = "member from current_login (session of this browser)"
GUEST = "no member data"
ARGS = "arguments checked (state/guard.py)"

# "module.Class.handler": the check it does. Reflex's own handlers come first.
ALLOWED: dict[str, str] = {
    "reflex.state.State.hydrate": "Reflex: sends this tab's own state (tab bound to browser)",
    "reflex.state.State.hydrate_and_load": "Reflex: hydrate, then the page's on_load events",
    "reflex.state.State.set_is_hydrated": "Reflex: a flag of the tab's own state",
    "reflex.state.OnLoadInternalState.on_load_internal": "Reflex: the path's on_load events",
    "reflex.state.OnLoadInternalState.set_is_hydrated": "Reflex: a flag of the tab's own state",
    "reflex.state.UpdateVarsInternalState.update_vars_internal": (
        "Reflex: sets only rx.Cookie/rx.LocalStorage vars, the browser's own storage"
    ),
    "reflex.state.FrontendEventExceptionState.handle_frontend_exception": "Reflex: logs only",
    "state.auth.AuthState.restore": "login from current_login, else logged out",
    "state.auth.AuthState.require_login": "restore; no login: redirect to /login",
    "state.auth.AuthState.require_member": "require_login; trial: the register-first dialog",
    "state.auth.AuthState.open_login_page": GUEST,
    "state.auth.AuthState.open_login": GUEST,
    "state.auth.AuthState.set_login_tab": f"{ARGS}; one of two tabs",
    "state.auth.AuthState.refresh_captcha": "captcha for this address (rate limited)",
    "state.auth.AuthState.submit_login": f"{ARGS}; secrets held sealed in the cache",
    "state.auth.AuthState.finish_login": f"{ARGS}; login service, bound to the browser",
    "state.auth.AuthState.start_trial": "trial service (per address limit), browser bound",
    "state.auth.AuthState.logout": "ends this browser's session and its binding",
    "state.auth.AuthState.gate": f"{ARGS}; only the listed gated actions",
    "state.betting.BettingState.load": LOGIN,
    "state.betting.BettingState.go": f"{ARGS}; {LOGIN}",
    "state.betting.BettingState.set_range": f"{ARGS}; {LOGIN}",
    "state.betting.BettingState.set_category": f"{ARGS}; {LOGIN}",
    "state.betting.BettingState.toggle_detail": f"{ARGS}; rounds of the {LOGIN} only",
    "state.betting.ProfitState.load": LOGIN,
    "state.betting.ProfitState.set_range": f"{ARGS}; {LOGIN}",
    "state.bonus.BonusState.load": LOGIN,
    "state.bonus.BonusState.go": f"{ARGS}; {LOGIN}",
    "state.bonus.BonusState.set_range": f"{ARGS}; {LOGIN}",
    "state.cashier.CashierState.load": f"{GUEST}: the brand's channels",
    "state.cashier.CashierState.pick_channel": ARGS,
    "state.cashier.CashierState.new_deposit": GUEST,
    "state.cashier.CashierState.create": f"{ARGS}; deposit for the {LOGIN}",
    "state.cashier.CashierState.watch_order": "one watch per tab; this tab's own order",
    "state.cashier.SandboxState.load": "sandbox provider page (off in production)",
    "state.cashier.SandboxState.settle": f"{ARGS}; sandbox provider (off in production)",
    "state.dialog.DialogState.open": f"{ARGS}; slug names, at most {8} open",
    "state.dialog.DialogState.close": ARGS,
    "state.dialog.DialogState.close_on_escape": ARGS,
    "state.dialog.DialogState.open_for": f"{ARGS}; at most 10 s, one closer per tab",
    "state.download.DownloadState.load": GUEST,
    "state.game_popup.GamePopupState.open_vendor": f"{ARGS}; catalogue only",
    "state.game_popup.GamePopupState.more_vendor_games": "catalogue only",
    "state.game_popup.GamePopupState.open_maintenance": f"{ARGS}; catalogue only",
    "state.help.HelpState.load": GUEST,
    "state.lobby.LobbyState.load_menu": f"catalogue; favourites of the {LOGIN}",
    "state.lobby.LobbyState.load_home": "catalogue only",
    "state.lobby.LobbyState.load_list": "catalogue only",
    "state.lobby.LobbyState.set_search": f"{ARGS}; catalogue only",
    "state.lobby.LobbyState.pick_vendor": f"{ARGS}; catalogue only",
    "state.lobby.LobbyState.more": "catalogue only",
    "state.lobby.LobbyState.toggle_favorite": f"{ARGS}; favourites of the {LOGIN}",
    "state.lobby.LobbyState.play": f"{ARGS}; launch for the {LOGIN}",
    "state.my_games.MyGamesState.gate": GUEST,
    "state.my_games.MyGamesState.load_favorites": f"{ARGS}; {LOGIN}",
    "state.my_games.MyGamesState.load_recent": LOGIN,
    "state.password.PasswordState.set_forgot_tab": ARGS,
    "state.password.PasswordState.open_forgot": GUEST,
    "state.password.PasswordState.open_change": GUEST,
    "state.password.PasswordState.change": f"{ARGS}; {LOGIN}; old password asked",
    "state.password.PasswordState.forgot_by_email": f"{ARGS}; e-mail to the account's owner",
    "state.password.PasswordState.reset_by_phone": f"{ARGS}; SMS code, browser bound",
    "state.password.PasswordState.reset_with_link": f"{ARGS}; the link's one-time token",
    "state.play.PlayState.load": f"demo, or real play for the {LOGIN}",
    "state.play.PlayState.play_real": f"real play for the {LOGIN}",
    "state.play.PlayState.set_bet": ARGS,
    "state.play.PlayState.bet_step": f"{ARGS}; ½ or 2× only",
    "state.play.PlayState.set_dice_target": ARGS,
    "state.play.PlayState.set_dice_over": ARGS,
    "state.play.PlayState.set_limbo_target": ARGS,
    "state.play.PlayState.set_mines_count": ARGS,
    "state.play.PlayState.toggle_pick": f"{ARGS}; tiles of the field only",
    "state.play.PlayState.add_chip": f"{ARGS}; table's bets only, bounded count",
    "state.play.PlayState.clear_chips": GUEST,
    "state.play.PlayState.toggle_hold": ARGS,
    "state.play.PlayState.place": f"game session of the {LOGIN} (same member)",
    "state.play.PlayState.reset_demo": "this tab's demo wallet",
    "state.play.PlayState.save_client_seed": f"{ARGS}; seeds of the {LOGIN} (same member)",
    "state.play.PlayState.rotate": f"seeds of the {LOGIN} (same member)",
    "state.play.PlayState.open_rules": GUEST,
    "state.play.VerifyState.load": f"rounds of the {LOGIN} or this tab's demo",
    "state.records.RecordsState.load": LOGIN,
    "state.records.RecordsState.go": f"{ARGS}; {LOGIN}",
    "state.records.RecordsState.set_range": f"{ARGS}; {LOGIN}",
    "state.records.RecordsState.set_type": f"{ARGS}; {LOGIN}",
    "state.register.RegisterState.open": GUEST,
    "state.register.RegisterState.open_page": "affiliate code of the address, 32 chars",
    "state.register.RegisterState.set_method": ARGS,
    "state.register.RegisterState.submit": f"{ARGS}; secrets held sealed in the cache",
    "state.register.RegisterState.finish": f"{ARGS}; registration service, browser bound",
    "state.security.SecurityState.load": LOGIN,
    "state.security.SecurityState.start_setup": f"{LOGIN}; secret pushed, not kept",
    "state.security.SecurityState.confirm": f"{ARGS}; {LOGIN}; codes pushed, not kept",
    "state.security.SecurityState.turn_off": f"{ARGS}; {LOGIN}; password and code",
    "state.site.SiteState.load_site": GUEST,
    "state.site.SiteState.set_language": f"{ARGS}; the brand's languages",
    "state.sms.SmsState.set_mobile": ARGS,
    "state.sms.SmsState.request_code": f"{ARGS}; known purposes only",
    "state.sms.SmsState.send": f"{ARGS}; bot check, rate limits of the SMS service",
    "state.sms.SmsState.tick": "one countdown per tab",
    "state.transfer.TransferState.load": LOGIN,
    "state.transfer.TransferState.pick_vendor": ARGS,
    "state.transfer.TransferState.set_direction": ARGS,
    "state.transfer.TransferState.set_amount": ARGS,
    "state.transfer.TransferState.fill_max": "this tab's loaded wallets",
    "state.transfer.TransferState.submit": f"{ARGS}; wallets of the {LOGIN}",
    "state.transfer.TransferState.recall_all": f"wallets of the {LOGIN}",
    "state.ui.UiState.toggle_side_menu": ARGS,
    "state.ui.UiState.toggle_panel": ARGS,
    "state.wallet.WalletState.refresh": f"balance of the {LOGIN}",
    "state.wallet.WalletState.watch": f"one watch per tab; balance of the {LOGIN}",
    "state.wallet.WalletState.reformat": "this tab's own amount",
    "state.wallet.WalletState.toggle_hidden": "this tab's own display choice",
    "state.withdraw.WithdrawState.load": LOGIN,
    "state.withdraw.WithdrawState.set_payment_password": f"{ARGS}; {LOGIN}; login password",
    "state.withdraw.WithdrawState.bind_account": f"{ARGS}; {LOGIN}",
    "state.withdraw.WithdrawState.request": f"{ARGS}; {LOGIN}; payment password",
    "state.withdraw.WithdrawState.received": f"{ARGS}; orders of the {LOGIN}",
    "state.withdraw.WithdrawState.choose": ARGS,
    "state.withdraw.WithdrawState.not_received": (
        f"Reflex upload (body size limit); orders of the {LOGIN}"
    ),
}
# setvar, on every state, calls only the state's own set_* handlers (each listed above).
SETVAR = "setvar"
# Handlers whose arguments Reflex itself supplies or checks.
UNCHECKED_ARGUMENTS = {
    *(name for name in ALLOWED if name.startswith("reflex.")),
    "state.withdraw.WithdrawState.not_received",
}
SECRET_WORDS = ("password", "secret", "totp_seed", "recovery")


def _states(root: type[BaseState] = rx.State) -> Iterator[type[BaseState]]:
    yield root
    for substate in root.get_substates():
        yield from _states(substate)


def public_handlers() -> dict[str, object]:
    return {
        f"{cls.__module__}.{cls.__name__}.{name}": handler.fn
        for cls in _states()
        for name, handler in cls.event_handlers.items()
        if name != SETVAR
    }


def test_every_public_handler_is_listed_with_its_check() -> None:
    found = public_handlers()
    assert sorted(set(found) - set(ALLOWED)) == [], "public handlers missing from ALLOWED"
    assert sorted(set(ALLOWED) - set(found)) == [], "ALLOWED lists handlers that are gone"
    assert all(check.strip() for check in ALLOWED.values())


def test_handlers_with_arguments_check_them() -> None:
    unchecked = []
    for name, fn in public_handlers().items():
        takes = [p for p in inspect.signature(fn).parameters if p != "self"]  # type: ignore[arg-type]
        if takes and name not in UNCHECKED_ARGUMENTS and not getattr(fn, CHECKED, False):
            unchecked.append(name)
    assert unchecked == []


def test_setvar_reaches_only_listed_setters() -> None:
    """setvar(name, value) calls `set_<name>`: every such method is a listed handler."""
    for cls in _states():
        for attribute in dir(cls):
            if attribute.startswith("set_") and attribute in cls.event_handlers:
                assert f"{cls.__module__}.{cls.__name__}.{attribute}" in ALLOWED


def test_helpers_are_private() -> None:
    """The known hole: applying a login was a public handler. Helpers start with _."""
    found = public_handlers()
    for name in ("after_login", "apply", "clear", "login", "show"):
        assert not [h for h in found if h.endswith(f"AuthState.{name}")]


def test_no_state_var_holds_a_secret() -> None:
    for cls in _states():
        if not cls.__module__.startswith("state."):
            continue
        # Its vars, backend (_...) ones too; a flag (has_payment_password) holds no secret.
        names = [n for n, kind in inspect.get_annotations(cls).items() if kind != "bool"]
        assert [n for n in names if any(w in n.lower() for w in SECRET_WORDS)] == [], cls
