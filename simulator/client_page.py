"""The game client a player's browser opens: one small HTML page per game, plain JS.

It exchanges the launch token (or opens a demo) through `/api/session`, then plays rounds
through the kind's endpoint; the server moves the money. Buttons are real buttons (keyboard
reachable); animations are skipped when the player prefers reduced motion.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

from simulator.catalogue import SimGame
from simulator.games import blackjack, live_tables, slots

TEXT = {
    "en": {
        "balance": "Balance", "bet": "Bet", "spin": "Spin", "win": "Win", "demo": "Demo play",
        "lost": "No win", "player": "Player", "banker": "Banker", "tie": "Tie",
        "shoot": "Shoot", "caught": "Caught!", "missed": "Missed", "red": "Red",
        "black": "Black", "none": "This table is not simulated yet.", "error": "Error",
        "free": "Free spins", "opening": "Opening the game…", "lobby": "Back to the site",
        "fill": "Your wallet at this sportsbook is empty: move money to it on the site's Wallet "
        "page, then bet here.",
        "events": "Events", "mybets": "My bets", "placed": "Bet placed:", "open": "Open",
        "won": "Won", "home": "Home", "away": "Away", "draw": "Draw", "over": "Over 2.5",
        "under": "Under 2.5", "meron": "Meron", "wala": "Wala", "rooms": "Rooms",
        "deal": "Deal the next hand", "sit": "Sit", "seated": "You are seated.", "ante": "Ante",
        "hands": "Hands", "you": "You", "opponent": "Opponent", "novice": "Novice",
        "standard": "Standard", "expert": "Expert", "vip": "VIP",
        "e_provider-unreachable": "The casino is not answering right now. Your balance is "
        "safe: nothing was bet. Please try again in a moment.",
        "e_INSUFFICIENT_FUNDS": "Not enough balance for this bet.",
        "e_betting closed": "Betting on this event has closed.",
        "e_waiting for another player": "Waiting for another player to sit down.",
        "e_sit at a table first": "Sit at a table first.", "e_table full": "This table is full.",
        "e_seamless-session-expired": "The game session has expired. Open the game again.",
        "bj_deal": "Deal", "hit": "Hit", "stand": "Stand", "double": "Double",
        "dealer": "Dealer", "yourturn": "Your move: hit, stand or double.",
        "b_dragon": "Dragon", "b_tiger": "Tiger", "b_tie": "Tie", "b_big": "Big",
        "b_small": "Small", "b_triple": "Any triple", "b_andar": "Andar", "b_bahar": "Bahar",
        "l_D": "Dragon", "l_T": "Tiger", "l_S": "Die", "l_N": "Beads", "l_R": "Remainder",
        "l_J": "Joker", "l_A": "Andar", "l_B": "Bahar", "l_W": "Wheel", "l_PA": "A",
        "l_PB": "B", "b_a": "Player A", "b_b": "Player B", "b_pair_plus": "Pair Plus",
        "b_high": "High card", "b_pair": "Pair", "b_colour": "Colour",
        "b_sequence": "Sequence", "b_pure_sequence": "Pure sequence", "b_trail": "Trail",
        "e_finish the hand first": "Finish this hand first.",
        "e_deal a hand first": "Deal a hand first.",
        "expired":
        "This game link is no longer valid. Open the game again from the site.",
    },
    "pt": {
        "balance": "Saldo", "bet": "Aposta", "spin": "Girar", "win": "Ganho", "demo": "Modo demo",
        "lost": "Sem ganho", "player": "Jogador", "banker": "Banca", "tie": "Empate",
        "shoot": "Atirar", "caught": "Pegou!", "missed": "Errou", "red": "Vermelho",
        "black": "Preto", "none": "Esta mesa ainda não é simulada.", "error": "Erro",
        "free": "Giros grátis", "opening": "Abrindo o jogo…", "lobby": "Voltar ao site",
        "fill": "Sua carteira neste provedor está vazia: transfira dinheiro para ela na página "
        "Carteira do site e aposte aqui.",
        "events": "Eventos", "mybets": "Minhas apostas", "placed": "Aposta feita:",
        "open": "Aberta", "won": "Ganhou", "home": "Casa", "away": "Fora", "draw": "Empate",
        "over": "Mais de 2,5", "under": "Menos de 2,5", "meron": "Meron", "wala": "Wala",
        "rooms": "Salas", "deal": "Dar a próxima mão", "sit": "Sentar",
        "seated": "Você está sentado.", "ante": "Aposta inicial", "hands": "Mãos", "you": "Você",
        "opponent": "Adversário", "novice": "Iniciante", "standard": "Padrão",
        "expert": "Experiente", "vip": "VIP",
        "e_provider-unreachable": "O cassino não está respondendo agora. Seu saldo está "
        "seguro: nada foi apostado. Tente novamente em instantes.",
        "e_INSUFFICIENT_FUNDS": "Saldo insuficiente para esta aposta.",
        "e_betting closed": "As apostas neste evento estão encerradas.",
        "e_waiting for another player": "Aguardando outro jogador se sentar.",
        "e_sit at a table first": "Sente-se a uma mesa primeiro.",
        "e_table full": "Esta mesa está cheia.",
        "e_seamless-session-expired": "A sessão de jogo expirou. Abra o jogo novamente.",
        "bj_deal": "Distribuir", "hit": "Pedir", "stand": "Parar", "double": "Dobrar",
        "dealer": "Crupiê", "yourturn": "Sua vez: pedir, parar ou dobrar.",
        "b_dragon": "Dragão", "b_tiger": "Tigre", "b_tie": "Empate", "b_big": "Grande",
        "b_small": "Pequeno", "b_triple": "Qualquer trio", "b_andar": "Andar",
        "b_bahar": "Bahar", "l_D": "Dragão", "l_T": "Tigre", "l_S": "Dado", "l_N": "Contas",
        "l_R": "Resto", "l_J": "Coringa", "l_A": "Andar", "l_B": "Bahar", "l_W": "Roda",
        "l_PA": "A", "l_PB": "B", "b_a": "Jogador A", "b_b": "Jogador B",
        "b_pair_plus": "Pair Plus", "b_high": "Carta alta", "b_pair": "Par", "b_colour": "Cor",
        "b_sequence": "Sequência", "b_pure_sequence": "Sequência pura", "b_trail": "Trinca",
        "e_finish the hand first": "Termine esta mão primeiro.",
        "e_deal a hand first": "Distribua uma mão primeiro.",
        "expired":
        "Este link de jogo não é mais válido. Abra o jogo de novo pelo site.",
    },
}  # fmt: skip

STYLE = """
*{box-sizing:border-box}body{margin:0;font:16px system-ui,sans-serif;background:#0f172a;
color:#f8fafc;min-height:100vh;display:flex;flex-direction:column;align-items:center}
header{width:100%;display:flex;justify-content:space-between;padding:12px 16px;background:#1e293b}
main{width:100%;max-width:480px;padding:16px;display:flex;flex-direction:column;gap:12px}
h1{font-size:1.1rem;margin:0}.grid{display:grid;grid-template-columns:repeat(5,1fr);gap:4px}
.cell{aspect-ratio:1;display:flex;align-items:center;justify-content:center;font-size:1.6rem;
background:#334155;border-radius:8px}.cell.hit{outline:3px solid #facc15}
button,select,input{font:inherit;padding:10px 14px;border-radius:8px;border:0}
button{background:#16a34a;color:#fff;cursor:pointer;min-height:44px}button:disabled{opacity:.5}
button:focus-visible,select:focus-visible,input:focus-visible{outline:3px solid #facc15}
.row{display:flex;gap:8px;flex-wrap:wrap;align-items:center}.msg{min-height:1.5em}
.list{list-style:none;padding:0;display:flex;flex-direction:column;gap:8px}
.list li{background:#1e293b;border-radius:8px;padding:8px}h2{font-size:1rem;margin:8px 0 0}
.cards{display:flex;flex-wrap:wrap;gap:6px;min-height:60px;margin-top:6px}.card{background:#f8fafc;color:#0f172a;
border-radius:6px;padding:8px 6px;min-width:40px;text-align:center;animation:deal .3s}
@keyframes deal{from{transform:translateY(-20px);opacity:0}to{transform:none;opacity:1}}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}
"""

# Slot symbols as glyphs every system font has, each with its colour (no emoji font needed).
SYMBOLS = {
    "A": ["7", "#ef4444"], "B": ["♦", "#22d3ee"], "C": ["♛", "#facc15"], "D": ["♣", "#4ade80"],
    "E": ["♥", "#f472b6"], "F": ["♠", "#cbd5e1"], "G": ["●", "#a78bfa"], "W": ["★", "#fde047"],
    "S": ["✦", "#fb923c"],
}  # fmt: skip

SCRIPT = (Path(__file__).parent / "client.js").read_text()
CHAT_SCRIPT = (Path(__file__).parent / "chat.js").read_text()
CHAT_TEXT = {
    "en": {"title": "Table chat", "send": "Send", "placeholder": "Say hello to the table",
           "slow": "One message a second, please.", "error": "The message was not sent.",
           "expired": "This chat link is no longer valid. Open the chat again from the site."},
    "pt": {"title": "Chat da mesa", "send": "Enviar", "placeholder": "Diga olá para a mesa",
           "slow": "Uma mensagem por segundo, por favor.", "error": "A mensagem não foi enviada.",
           "expired": "Este link de chat não é mais válido. Abra o chat de novo pelo site."},
}  # fmt: skip
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; frame-ancestors *; base-uri 'none'; "
        "form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _controls(game: SimGame, text: dict[str, str]) -> str:
    if game.kind == "slot":
        return (
            '<div class="grid" id="reels" aria-live="polite"></div>'
            '<div class="row"><button data-play="/api/slot/spin" disabled>'
            f"{text['spin']}</button></div>"
        )
    if game.kind == "baccarat":
        buttons = "".join(
            f'<button data-play="/api/baccarat/bet" data-on="{side}" disabled>'
            f"{text[side.lower()]}</button>"
            for side in ("PLAYER", "BANKER", "TIE")
        )
        return (
            f'<div>{text["player"]}<div class="cards" id="pcards"></div></div>'
            f'<div>{text["banker"]}<div class="cards" id="bcards"></div></div>'
            f'<div class="row">{buttons}</div>'
        )
    if game.kind == "table":
        buttons = "".join(
            f'<button data-play="/api/table/bet" data-on="{bet}" disabled>'
            f"{text.get('b_' + bet.lower(), bet)}</button>"
            for bet in live_tables.TABLES[game.classify].bets
        )
        return f'<div class="cards" id="dealt"></div><div class="row">{buttons}</div>'
    if game.kind == "blackjack":
        actions = "".join(
            f'<button data-play="/api/blackjack/act" data-on="{action}" data-act disabled>'
            f"{text[action.lower()]}</button>"
            for action in blackjack.ACTIONS
        )
        return (
            f'<div>{text["dealer"]} <span id="dtotal"></span>'
            '<div class="cards" id="dcards"></div></div>'
            f'<div>{text["you"]} <span id="ptotal"></span>'
            '<div class="cards" id="pcards"></div></div>'
            f'<div class="row"><button data-play="/api/blackjack/deal" disabled>'
            f"{text['bj_deal']}</button>{actions}</div>"
        )
    if game.kind == "roulette":
        buttons = "".join(
            f'<button data-play="/api/roulette/bet" data-on="{on}" disabled>{label}</button>'
            for on, label in (("RED", text["red"]), ("BLACK", text["black"]), ("0", "0"))
        )
        return f'<div class="row">{buttons}</div>'
    if game.kind == "fishing":
        buttons = "".join(
            f'<button data-play="/api/fishing/shoot" data-on="{fish}" disabled>'
            f"{text['shoot']} {fish}</button>"
            for fish in ("clownfish", "turtle", "shark", "dragon")
        )
        return f'<div class="row">{buttons}</div>'
    if game.kind == "pvp":
        return (
            f'<h2>{text["rooms"]}</h2><ul id="rooms" class="list"></ul>'
            f'<div id="table" aria-live="polite"></div>'
            f'<div class="row"><button id="deal">{text["deal"]}</button></div>'
        )
    if game.kind == "sportsbook":
        return (
            f'<h2>{text["events"]}</h2><ul id="events" class="list"></ul>'
            f'<h2>{text["mybets"]}</h2><ul id="bets" class="list"></ul>'
        )
    return f"<p>{text['none']}</p>"


def render(game: SimGame, lang: str, lobby: str = "") -> str:
    text = TEXT[lang]
    back = (
        f'<a href="{escape(lobby)}" style="color:#facc15">{text["lobby"]}</a>'
        if lobby.startswith(("https://", "http://"))
        else ""
    )
    config = {
        "vendor": game.vendor,
        "game": game.game_code,
        "text": text,
        "symbols": SYMBOLS,
        "lines": [list(line) for line in slots.PAYLINES],
    }
    data = json.dumps(config).replace("<", "\\u003c")
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{escape(game.name)}</title><style>{STYLE}</style></head><body>"
        f'<header><h1>{escape(game.name)}</h1><span id="mode"></span>{back}</header><main>'
        f'<div id="balance" aria-live="polite">{text["opening"]}</div>'
        f'<label class="row">{text["bet"]} <input id="bet" type="number" min="0.20" '
        'max="1000" step="0.10" value="1.00"></label>'
        f"{_controls(game, text)}"
        '<div class="msg" id="msg" role="status"></div></main>'
        f'<script type="application/json" id="cfg">{data}</script>'
        '<script src="/client.js"></script></body></html>'
    )


def missing(vendor: str) -> str:
    return f"<!doctype html><title>{vendor}</title><p>Unknown game.</p>"


def render_chat(game: SimGame, lang: str) -> str:
    """The chat room of a live table (made for the spec's 440 × 750 window)."""
    text = CHAT_TEXT[lang]
    config = {"vendor": game.vendor, "table": game.game_code, "text": text}
    data = json.dumps(config).replace("<", "\\u003c")
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{escape(text['title'])} · {escape(game.name)}</title><style>{STYLE}"
        "#messages{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;"
        "gap:6px;max-height:60vh;overflow:auto}#messages li{background:#1e293b;"
        "border-radius:8px;padding:6px 10px;overflow-wrap:anywhere}</style></head><body>"
        f"<header><h1>{escape(text['title'])} · {escape(game.name)}</h1></header><main>"
        '<ul id="messages" aria-live="polite"></ul>'
        '<form id="form" class="row"><label class="row" style="flex:1">'
        f'<span class="sr">{escape(text["placeholder"])}</span>'
        f'<input id="text" maxlength="200" autocomplete="off" style="flex:1" '
        f'placeholder="{escape(text["placeholder"])}"></label>'
        f'<button type="submit">{escape(text["send"])}</button></form>'
        '<div class="msg" id="status" role="status"></div></main>'
        f'<script type="application/json" id="cfg">{data}</script>'
        '<script src="/chat.js"></script></body></html>'
    )
