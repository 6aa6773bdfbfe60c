"""Crash, the studio's shared multiplayer game: its page, rules, verification and refusals."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "studio.BGS_CRASH.name": "Crash",
        "crash.rules": (
            "Each round takes bets for a few seconds, then a multiplier rises from 1.00x on one "
            "curve that every player sees, until it crashes. Cash out before the crash to win "
            "your bet times the multiplier at that instant, by clicking or automatically at a "
            "target you set (1.01x to 10,000x); a bet still riding at the crash is lost. Up to "
            "two bets per round. The server's clock alone decides whether a cash-out came "
            "before the crash. Every crash point is fixed in advance by a published hash "
            "chain and a public salt, and every round can be verified. Return to player: "
            "{rtp} % for every cash-out target (lower by less than 0.000000001 points from "
            "rounding)."
        ),
        "crash.rules_none": "Crash is not open on this site yet.",
        "crash.rules_title": "Rules and fairness",
        "crash.betting": "Bets close in {seconds} s",
        "crash.running": "In flight",
        "crash.crashed": "Crashed at {multiplier}x",
        "crash.waiting": "The next round starts soon",
        "crash.round": "Round #{number}",
        "crash.bet_slot": "Bet {slot}",
        "crash.auto": "Auto cash-out at (x)",
        "crash.auto_hint": "Empty: cash out by hand",
        "crash.auto_help": (
            "Auto cash-out: a bet with a target cashes out by itself when the curve reaches it, "
            "checked by the server like a click. Every bet is checked like one by hand; your "
            "limits, a reality check or the balance refuse it at once."
        ),
        "crash.hotkeys.bet": "bet 1, or cash it out",
        "crash.hotkeys.half": "halve bet 1",
        "crash.hotkeys.double": "double bet 1",
        "crash.hotkeys.cashout": "cash out every bet in play",
        "crash.place": "Bet",
        "crash.cash_out": "Cash out",
        "crash.cash_out_at": "Cash out {amount}",
        "crash.riding": "In play",
        "crash.cashed": "Cashed out at {multiplier}x",
        "crash.lost": "Lost",
        "crash.voided": "Returned",
        "crash.feed": "Bets this round",
        "crash.feed_empty": "No bets in this round yet.",
        "crash.feed_connecting": "Connecting to the live round…",
        "crash.feed_more": "More bets this round: {count}",
        "crash.past": "Last crash points",
        "crash.mine": "My bets",
        "crash.mine_empty": "You have not played Crash yet.",
        "crash.verify": "Verify",
        "crash.hash": "Round hash (SHA-256 of its seed)",
        "crash.chain": "Chain terminal hash",
        "crash.salt": "Public salt",
        "crash.placed": "Bet {slot} placed.",
        "crash.queued": "Bet {slot} goes in the next round.",
        "crash.unqueue": "Cancel (next round)",
        "crash.cashed_notice": "Cashed out at {multiplier}x: {amount}.",
        "crash.curve_label": "Multiplier {multiplier}x",
        "crash.verify.title": "Crash round",
        "crash.verify.seed": "Round seed",
        "crash.verify.previous": "Previous seed (or terminal hash)",
        "crash.verify.links": "SHA-256 of the seed is the previous seed",
        "crash.verify.number": "Round number",
        "crash.verify.terminal": "The seed, hashed {number} ×, gives the terminal hash",
        "crash.verify.edge": "House edge",
        "crash.verify.stored": "Crash point played",
        "crash.verify.recomputed": "Crash point recomputed",
        "crash.yes": "yes",
        "crash.no": "NO",
        "crash-edge-invalid": "The house edge is a percentage from 0 to 50 with two decimals.",
        "crash-edge-over-floor": (
            "This house edge would bring the return to player under {rtp} %, the brand's floor."
        ),
        "crash-chain-length": "A chain has from 1 to {max} rounds.",
        "crash-salt-invalid": "The salt is 1 to 128 visible ASCII characters.",
        "crash-no-chain": "This brand has no Crash chain yet.",
        "crash-salt-fixed": "The salt is fixed once, before the chain's first round.",
        "crash-round-unknown": "There is no Crash round with this id.",
        "crash-round-not-settled": "This round has not crashed yet, so it cannot be verified.",
        "crash-target-invalid": "The cash-out target is from {min}x to {max}x, two decimals.",
        "crash-slot-invalid": "Choose bet 1 or bet 2.",
        "crash-login-needed": "Log in to play Crash.",
        "crash-betting-closed": "Bets for this round are closed. Wait for the next round.",
        "crash-slot-taken": "This bet is already placed for this round.",
        "crash-not-riding": "This bet is not in play.",
        "crash-not-started": "The round has not started yet.",
        "crash-too-late": "Too late: the round crashed before your cash-out.",
        "crash-wrong-game": "This game session is not a Crash session.",
    },
    "pt": {
        "studio.BGS_CRASH.name": "Crash",
        "crash.rules": (
            "Cada rodada aceita apostas por alguns segundos; depois um multiplicador sobe a "
            "partir de 1,00x numa curva que todos os jogadores veem, até estourar. Retire antes "
            "do estouro para ganhar a aposta vezes o multiplicador daquele instante, com um "
            "clique ou automaticamente num alvo que você define (1,01x a 10.000x); a aposta "
            "que ainda estiver em jogo no estouro é perdida. Até duas apostas por rodada. "
            "Só o relógio do servidor decide se a retirada veio antes do estouro. Cada ponto "
            "de estouro é fixado de antemão por uma cadeia de hashes publicada e um sal "
            "público, e toda rodada pode ser verificada. Retorno ao jogador: {rtp} % para "
            "qualquer alvo de retirada (menos de 0,000000001 ponto abaixo, por arredondamento)."
        ),
        "crash.rules_none": "O Crash ainda não está aberto neste site.",
        "crash.rules_title": "Regras e justiça",
        "crash.betting": "Apostas fecham em {seconds} s",
        "crash.running": "Em voo",
        "crash.crashed": "Estourou em {multiplier}x",
        "crash.waiting": "A próxima rodada começa em breve",
        "crash.round": "Rodada nº {number}",
        "crash.bet_slot": "Aposta {slot}",
        "crash.auto": "Retirada automática em (x)",
        "crash.auto_hint": "Vazio: retire manualmente",
        "crash.auto_help": (
            "Retirada automática: uma aposta com alvo é retirada sozinha quando a curva chega "
            "nele, conferida pelo servidor como um clique. Cada aposta é conferida como uma "
            "feita à mão; seus limites, um alerta de tempo de jogo ou o saldo a recusam na hora."
        ),
        "crash.hotkeys.bet": "apostar na aposta 1, ou retirá-la",
        "crash.hotkeys.half": "metade da aposta 1",
        "crash.hotkeys.double": "dobrar a aposta 1",
        "crash.hotkeys.cashout": "retirar todas as apostas em jogo",
        "crash.place": "Apostar",
        "crash.cash_out": "Retirar",
        "crash.cash_out_at": "Retirar {amount}",
        "crash.riding": "Em jogo",
        "crash.cashed": "Retirou em {multiplier}x",
        "crash.lost": "Perdeu",
        "crash.voided": "Devolvida",
        "crash.feed": "Apostas desta rodada",
        "crash.feed_empty": "Ainda não há apostas nesta rodada.",
        "crash.feed_connecting": "Conectando à rodada ao vivo…",
        "crash.feed_more": "Mais apostas nesta rodada: {count}",
        "crash.past": "Últimos pontos de estouro",
        "crash.mine": "Minhas apostas",
        "crash.mine_empty": "Você ainda não jogou Crash.",
        "crash.verify": "Verificar",
        "crash.hash": "Hash da rodada (SHA-256 da semente)",
        "crash.chain": "Hash final da cadeia",
        "crash.salt": "Sal público",
        "crash.placed": "Aposta {slot} feita.",
        "crash.queued": "A aposta {slot} entra na próxima rodada.",
        "crash.unqueue": "Cancelar (próxima rodada)",
        "crash.cashed_notice": "Retirou em {multiplier}x: {amount}.",
        "crash.curve_label": "Multiplicador {multiplier}x",
        "crash.verify.title": "Rodada de Crash",
        "crash.verify.seed": "Semente da rodada",
        "crash.verify.previous": "Semente anterior (ou hash final)",
        "crash.verify.links": "O SHA-256 da semente é a semente anterior",
        "crash.verify.number": "Número da rodada",
        "crash.verify.terminal": "A semente, com o hash aplicado {number} ×, dá o hash final",
        "crash.verify.edge": "Vantagem da casa",
        "crash.verify.stored": "Ponto de estouro jogado",
        "crash.verify.recomputed": "Ponto de estouro recalculado",
        "crash.yes": "sim",
        "crash.no": "NÃO",
        "crash-edge-invalid": "A vantagem da casa é uma porcentagem de 0 a 50, com duas casas.",
        "crash-edge-over-floor": (
            "Essa vantagem da casa deixaria o retorno ao jogador abaixo de {rtp} %, o mínimo "
            "da marca."
        ),
        "crash-chain-length": "Uma cadeia tem de 1 a {max} rodadas.",
        "crash-salt-invalid": "O sal tem de 1 a 128 caracteres ASCII visíveis.",
        "crash-no-chain": "Esta marca ainda não tem cadeia de Crash.",
        "crash-salt-fixed": "O sal é fixado uma única vez, antes da primeira rodada da cadeia.",
        "crash-round-unknown": "Não há rodada de Crash com este id.",
        "crash-round-not-settled": "Esta rodada ainda não estourou, então não pode ser verificada.",
        "crash-target-invalid": "O alvo de retirada vai de {min}x a {max}x, com duas casas.",
        "crash-slot-invalid": "Escolha a aposta 1 ou a aposta 2.",
        "crash-login-needed": "Entre na sua conta para jogar Crash.",
        "crash-betting-closed": "As apostas desta rodada fecharam. Aguarde a próxima rodada.",
        "crash-slot-taken": "Esta aposta já foi feita nesta rodada.",
        "crash-not-riding": "Esta aposta não está em jogo.",
        "crash-not-started": "A rodada ainda não começou.",
        "crash-too-late": "Tarde demais: a rodada estourou antes da sua retirada.",
        "crash-wrong-game": "Esta sessão de jogo não é uma sessão de Crash.",
    },
}
