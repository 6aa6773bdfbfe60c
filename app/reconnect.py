"""A websocket reconnect keeps the tab's state (and so its login): Reflex issue #6345.

Reflex links each socket to the tab's token. When a socket connects with a token that is
still linked to another socket (the server has not yet noticed that the old one dropped: a
network blip, a proxy closing it, a reconnect to another process), Reflex takes it for a
duplicated tab and hands out a new token, and the state under the old token, where the
session lives, is left behind: the member appears logged out. Here a new token starts as a
copy of the old token's state, as a browser copies session storage into a duplicated tab;
from then on the two tabs' states are independent.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import reflex as rx
from reflex.istate.manager.redis import StateManagerRedis
from reflex.istate.manager.token import BaseStateToken
from reflex.state import BaseState, _substate_key

logger = logging.getLogger(__name__)


def _state_names(root: type[BaseState]) -> list[str]:
    names = [root.get_full_name()]
    for substate in root.get_substates():
        names += _state_names(substate)
    return names


async def copy_tab_state(app: rx.App, old_token: str, new_token: str) -> int:
    """Copy every stored substate of `old_token` to `new_token`; how many were copied."""
    manager = app.state_manager
    root = app._state
    if root is None:
        return 0
    if isinstance(manager, StateManagerRedis):
        copied = 0
        for name in _state_names(root):
            source, target = _substate_key(old_token, name), _substate_key(new_token, name)
            copied += int(await manager.redis.copy(source, target, replace=True))
        return copied
    # Disk and memory managers keep live states in this process: copy through pickling
    # (each substate pickles without its parent and children) and rebuild the tree.
    state = await manager.get_state(BaseStateToken(ident=old_token, cls=root))
    await manager.set_state(BaseStateToken(ident=new_token, cls=root), _clone_tree(state))
    return len(_state_names(root))


def _clone_tree(state: BaseState) -> BaseState:
    clone = BaseState._deserialize(data=state._serialize())
    clone._was_touched = True
    for name, substate in state.substates.items():
        child = _clone_tree(substate)
        child.parent_state = clone
        clone.substates[name] = child
    return clone


def keep_state_on_new_token(app: rx.App) -> None:
    """Wrap the app's token manager so that a new token inherits the tab's state."""
    namespace = app.event_namespace
    if namespace is None:
        return
    manager = namespace._token_manager
    link: Callable[[str, str], Awaitable[str | None]] = manager.link_token_to_sid

    async def link_keeping_state(token: str, sid: str) -> str | None:
        new_token = await link(token, sid)
        if new_token:
            try:
                await copy_tab_state(app, token, new_token)
            except Exception:
                logger.exception("could not copy the tab's state to its new token")
        return new_token

    manager.link_token_to_sid = link_keeping_state  # type: ignore[method-assign]
