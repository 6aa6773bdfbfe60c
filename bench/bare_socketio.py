"""The floor of bench_events: a bare python-socketio echo, served the same way as the site.

It speaks just enough of the page's protocol for bench_events' clients to run unchanged: the
`/_event` namespace on the `/_event` engine path, websocket only, a connect that answers with a
hydrated root state, and each `event` answered with a state delta of the size and shape of
Reflex's answer to the show/hide-balance click. No state, no Redis, no handler: what is left is
Socket.IO, the ASGI server and the loopback.
"""

from typing import Any

import socketio

NAMESPACE = "/_event"
ROOT_STATE = "reflex___state____state"
WALLET_STATE = f"{ROOT_STATE}.state___cashier___wallet____wallet_state"
HYDRATED = {"delta": {ROOT_STATE: {"is_hydrated_rx_state_": True}}}
# What Reflex answers to WalletState.toggle_hidden on the home page (a visitor), 216 bytes.
ANSWER = {
    "delta": {
        WALLET_STATE: {
            "hidden_choice_rx_state_": "1",
            "shown_rx_state_": "******",
            "bonus_shown_rx_state_": "",
            "hidden_rx_state_": True,
            "games_shown_rx_state_": "",
        }
    }
}

# The site's server settings (Reflex's App: websocket only, no upgrades, handlers run inline on
# the socket's receive loop); always_connect so the hydrated answer follows the CONNECT packet.
sio = socketio.AsyncServer(
    async_mode="asgi",
    cors_allowed_origins="*",
    transports=["websocket"],
    allow_upgrades=False,
    async_handlers=False,
    always_connect=True,
)


@sio.on("connect", namespace=NAMESPACE)
async def connect(sid: str, _environ: dict[str, Any], _auth: Any) -> None:
    await sio.emit("event", HYDRATED, to=sid, namespace=NAMESPACE)


@sio.on("event", namespace=NAMESPACE)
async def event(sid: str, _event: dict[str, Any]) -> None:
    await sio.emit("event", ANSWER, to=sid, namespace=NAMESPACE)


app = socketio.ASGIApp(sio, socketio_path=NAMESPACE.strip("/"))
