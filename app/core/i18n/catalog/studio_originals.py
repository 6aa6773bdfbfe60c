"""The studio Originals' shared features and Plinko: autobet, hotkeys, the Plinko game."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "studio.BGS_PLINKO.name": "Plinko",
        "studio.BGS_PLINKO.rules": (
            "Choose 8 to 16 rows of pegs and a risk level, then drop the ball: at every row it "
            "goes left or right with equal chance, and the slot it lands in pays the multiplier "
            "shown under the board. The edges pay the most and are the rarest; higher risk pays "
            "more at the edges and less in the middle. The path comes from your seeds like every "
            "round here, so you can verify it. Every table returns exactly 99 % to the player."
        ),
        "studio.plinko.row.low": "{rows} rows, low risk",
        "studio.plinko.row.medium": "{rows} rows, medium risk",
        "studio.plinko.row.high": "{rows} rows, high risk",
        "studio-plinko-rows": "Choose from {min} to {max} rows.",
        "studio-plinko-risk": "Choose a low, medium or high risk.",
        "play.plinko.board": "Plinko board",
        "play.plinko.rows": "Rows",
        "play.plinko.risk": "Risk",
        "play.plinko.risk.low": "Low",
        "play.plinko.risk.medium": "Medium",
        "play.plinko.risk.high": "High",
        "play.plinko.landed": "The ball landed in slot {slot}.",
        "play.autobet": "Autobet",
        "play.autobet.help": (
            "Plays the bet above again and again with the same choices. Every bet is checked "
            "like one by hand; your limits, a reality check or the balance stop it at once."
        ),
        "play.autobet.bets": "Number of bets",
        "play.autobet.stop_profit": "Stop on profit",
        "play.autobet.stop_loss": "Stop on loss",
        "play.autobet.on_win": "On a win",
        "play.autobet.on_loss": "On a loss",
        "play.autobet.reset": "Base bet",
        "play.autobet.increase": "Raise by %",
        "play.autobet.percent": "Increase in percent",
        "play.autobet.start": "Start autobet",
        "play.autobet.stop": "Stop autobet",
        "play.autobet.progress": "Bets played: {count} · result {profit}",
        "autobet-bets-invalid": "Choose from 1 to {max} bets.",
        "autobet-stop-invalid": "A stop amount must be above zero with at most two decimals.",
        "autobet-change-invalid": (
            "A stake change is back to the base bet or an increase from 0 to {max} %, with at "
            "most two decimals."
        ),
        "autobet.stop.done": "Autobet finished. Bets played: {count}.",
        "autobet.stop.profit": "Autobet stopped: the profit reached {amount}.",
        "autobet.stop.loss": (
            "Autobet stopped at your stop on loss of {amount}: the next bet could go past it."
        ),
        "autobet.stop.stake_max": "Autobet stopped: the next bet would be over the maximum {max}.",
        "autobet.stop.player": "Autobet stopped.",
        "play.hotkeys": "Hotkeys",
        "play.hotkeys.bet": "bet",
        "play.hotkeys.half": "halve the bet",
        "play.hotkeys.double": "double the bet",
        "play.key.space": "Space",
    },
    "pt": {
        "studio.BGS_PLINKO.name": "Plinko",
        "studio.BGS_PLINKO.rules": (
            "Escolha de 8 a 16 fileiras de pinos e um nível de risco e solte a bola: em cada "
            "fileira ela vai para a esquerda ou para a direita com a mesma chance, e a casa onde "
            "cai paga o multiplicador mostrado embaixo do tabuleiro. As pontas pagam mais e são "
            "as mais raras; quanto maior o risco, mais pagam as pontas e menos o meio. O caminho "
            "vem das suas sementes, como toda rodada aqui, então você pode verificá-lo. Todas as "
            "tabelas devolvem exatamente 99 % ao jogador."
        ),
        "studio.plinko.row.low": "{rows} fileiras, risco baixo",
        "studio.plinko.row.medium": "{rows} fileiras, risco médio",
        "studio.plinko.row.high": "{rows} fileiras, risco alto",
        "studio-plinko-rows": "Escolha de {min} a {max} fileiras.",
        "studio-plinko-risk": "Escolha risco baixo, médio ou alto.",
        "play.plinko.board": "Tabuleiro do Plinko",
        "play.plinko.rows": "Fileiras",
        "play.plinko.risk": "Risco",
        "play.plinko.risk.low": "Baixo",
        "play.plinko.risk.medium": "Médio",
        "play.plinko.risk.high": "Alto",
        "play.plinko.landed": "A bola caiu na casa {slot}.",
        "play.autobet": "Aposta automática",
        "play.autobet.help": (
            "Repete a aposta acima com as mesmas escolhas. Cada aposta é conferida como uma "
            "feita à mão; seus limites, um alerta de tempo de jogo ou o saldo a interrompem na "
            "hora."
        ),
        "play.autobet.bets": "Número de apostas",
        "play.autobet.stop_profit": "Parar no lucro de",
        "play.autobet.stop_loss": "Parar na perda de",
        "play.autobet.on_win": "Ao ganhar",
        "play.autobet.on_loss": "Ao perder",
        "play.autobet.reset": "Aposta base",
        "play.autobet.increase": "Subir em %",
        "play.autobet.percent": "Aumento em porcentagem",
        "play.autobet.start": "Iniciar aposta automática",
        "play.autobet.stop": "Parar aposta automática",
        "play.autobet.progress": "Apostas feitas: {count} · resultado {profit}",
        "autobet-bets-invalid": "Escolha de 1 a {max} apostas.",
        "autobet-stop-invalid": (
            "O valor de parada deve ser maior que zero, com até duas casas decimais."
        ),
        "autobet-change-invalid": (
            "A mudança da aposta é voltar à aposta base ou aumentar de 0 a {max} %, com até duas "
            "casas decimais."
        ),
        "autobet.stop.done": "Aposta automática concluída. Apostas feitas: {count}.",
        "autobet.stop.profit": "Aposta automática parada: o lucro chegou a {amount}.",
        "autobet.stop.loss": (
            "Aposta automática parada no seu limite de perda de {amount}: a próxima aposta "
            "poderia ultrapassá-lo."
        ),
        "autobet.stop.stake_max": (
            "Aposta automática parada: a próxima aposta passaria do máximo de {max}."
        ),
        "autobet.stop.player": "Aposta automática parada.",
        "play.hotkeys": "Atalhos de teclado",
        "play.hotkeys.bet": "apostar",
        "play.hotkeys.half": "metade da aposta",
        "play.hotkeys.double": "dobrar a aposta",
        "play.key.space": "Espaço",
    },
}
