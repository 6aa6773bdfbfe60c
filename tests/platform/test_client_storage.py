"""Client-storage values (rx.Cookie / rx.LocalStorage / rx.SessionStorage vars) come from the
browser: each is classified with its shape in state/client_storage.py, and a value of another
type, too long or ill-shaped never reaches the state: the var keeps its default (issue 32)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from reflex.state import BaseState, State, UpdateVarsInternalState

import app.app  # noqa: F401 (registers every state and the check)
from state.cashier.wallet import WalletState
from state.client_storage import SHAPES, storage_key
from state.site import SiteState
from state.studio.play import PlayState
from state.studio.studio_auto import HotkeyState

MEGABYTE = "x" * 1_048_576


def _states(root: type[BaseState]) -> Iterator[type[BaseState]]:
    yield root
    for substate in root.get_substates():
        yield from _states(substate)


def test_every_client_storage_var_is_classified() -> None:
    keys = {
        key
        for state in _states(State)
        for name in state.get_fields()
        if (key := storage_key(state, name)) is not None
    }
    assert keys == set(SHAPES), "classify each client-storage var in state/client_storage.py"


def _key(state: type[BaseState], name: str) -> str:
    return f"{state.get_full_name()}.{name}"


async def _sent(vars: Any) -> State:
    """A fresh tab's state after the browser sent `vars` (Reflex's update_vars_internal)."""
    root = State(_reflex_internal_init=True)  # type: ignore[call-arg]
    internal = await root.get_state(UpdateVarsInternalState)
    handler = UpdateVarsInternalState.event_handlers["update_vars_internal"]
    await handler.fn(internal, vars=vars)
    return root


async def test_values_of_their_shape_are_kept() -> None:
    demo = "A" * 24
    root = await _sent(
        {
            _key(SiteState, "lang"): "pt",
            _key(WalletState, "hidden_choice"): "1",
            _key(PlayState, "demo_id"): demo,
        }
    )
    assert (await root.get_state(SiteState)).lang == "pt"
    assert (await root.get_state(WalletState)).hidden_choice == "1"
    assert (await root.get_state(PlayState)).demo_id == demo


async def test_oversized_or_ill_shaped_values_are_dropped() -> None:
    root = await _sent(
        {
            _key(SiteState, "lang"): MEGABYTE,
            _key(SiteState, "his_lang"): ["pt"],
            _key(WalletState, "hidden_choice"): {"nested": 1},
            _key(PlayState, "demo_id"): "../../etc",
            _key(SiteState, "merchant"): "BR2",  # no client-storage var: ignored
        }
    )
    site = await root.get_state(SiteState)
    assert (site.lang, site.his_lang, site.merchant) == ("", "", "")
    assert (await root.get_state(WalletState)).hidden_choice == ""
    assert (await root.get_state(PlayState)).demo_id == ""
    for hostile in (["not", "a", "dict"], {str(n): "1" for n in range(1000)}):
        root = await _sent(hostile)
        assert (await root.get_state(SiteState)).lang == ""


async def test_the_hotkeys_switch_is_on_off_or_back_to_on() -> None:
    """The studio's hotkeys switch: the browser's "off" keeps them off (the page then marks
    itself `data-hotkeys="off"` and the script ignores every key); anything else is on."""
    key = _key(HotkeyState, "hotkeys")
    assert not (await (await _sent({key: "off"})).get_state(HotkeyState)).hotkeys_on
    for sent in ("on", "OFF", "0", "x" * 100, 0):
        state = await (await _sent({key: sent})).get_state(HotkeyState)
        assert state.hotkeys in ("on", "off") and state.hotkeys_on
