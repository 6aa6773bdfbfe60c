"""BGS studio games: names, rules, paytable labels and the games' own error messages.

Names are `studio.<code>.name`, rules `studio.<code>.rules`; paytable rows use `studio.<game>.row.*`
with the row's fields as placeholders.
"""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "studio-unknown-game": "Unknown studio game: {code}.",
        "studio-round-finished": "This round is already finished.",
        "studio-currency-unsupported": "The studio does not take bets in {currency}.",
        "studio-bet-out-of-range": "The bet must be between {min} and {max} {currency}.",
        "studio-dice-direction": "Choose whether the roll must be over or under the target.",
        "studio-dice-target": "The target must be between {min} and {max}, with two decimals.",
        "studio.BGS_DICE.name": "Dice",
        "studio.BGS_DICE.rules": (
            "A roll from 00.00 to 99.99, every value equally likely. Bet under a target (win "
            "chance = target %) or over it (win chance = 100 − target %). The win chance goes "
            "from 2 % to 98 %; a win pays 99 ÷ win chance times the bet. Return to player 99 %."
        ),
        "studio.dice.row.chance": "Win chance {chance} %",
    },
    "pt": {
        "studio-unknown-game": "Jogo do estúdio desconhecido: {code}.",
        "studio-round-finished": "Esta rodada já terminou.",
        "studio-currency-unsupported": "O estúdio não aceita apostas em {currency}.",
        "studio-bet-out-of-range": "A aposta deve ficar entre {min} e {max} {currency}.",
        "studio-dice-direction": "Escolha se o resultado deve ficar acima ou abaixo do alvo.",
        "studio-dice-target": "O alvo deve ficar entre {min} e {max}, com duas casas decimais.",
        "studio.BGS_DICE.name": "Dados",
        "studio.BGS_DICE.rules": (
            "Um número de 00,00 a 99,99, todos com a mesma chance. Aposte abaixo de um alvo "
            "(chance de ganhar = alvo %) ou acima dele (chance = 100 − alvo %). A chance vai de "
            "2 % a 98 %; um acerto paga 99 ÷ chance vezes a aposta. Retorno ao jogador de 99 %."
        ),
        "studio.dice.row.chance": "Chance de ganhar {chance} %",
    },
}
