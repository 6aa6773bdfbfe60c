"""Wager facts, reports over them and transfer vendors' round reports: errors."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "wager-fact-invalid": "The wager record is incomplete or its amounts are not valid.",
        "wager-consumer-invalid": "The wager consumer name or batch size is not valid.",
        "wager-consumer-unknown": "This wager consumer is not registered.",
        "report-invalid-period": "Choose a valid period: a start before its end.",
        "report-currency-invalid": "Choose one of the currencies your brands hold.",
        "report-invalid-scope": "Choose either a brand or a list of members for this report.",
        "report-too-many-members": "Too many members for one report. Choose fewer.",
        "vendor-report-invalid": "The round report is incomplete or malformed.",
        "vendor-report-size": "A round report lists between 1 and {max} rounds.",
        "vendor-report-not-transfer": (
            "This vendor uses the seamless wallet: its rounds are settled by its wallet calls."
        ),
        "vendor-round-invalid": "A round id or status in the report is not valid.",
        "vendor-round-repeated": "The report lists the same round twice.",
        "vendor-round-invalid-amount": (
            "Round amounts must be in cents, the bet above zero and the win zero or more."
        ),
        "vendor-round-unknown-member": "Round {round}: this player is unknown.",
        "vendor-round-unknown-game": "Round {round}: this game is not in the vendor's catalogue.",
        "vendor-round-insufficient": (
            "Round {round}: the player's wallet at this vendor does not hold enough for it."
        ),
        "vendor-round-conflict": (
            "Round {round} was already reported with other figures; only a void can follow."
        ),
    },
    "pt": {
        "wager-fact-invalid": "O registro de aposta está incompleto ou seus valores são inválidos.",
        "wager-consumer-invalid": (
            "O nome do consumidor de apostas ou o tamanho do lote é inválido."
        ),
        "wager-consumer-unknown": "Este consumidor de apostas não está registrado.",
        "report-invalid-period": "Escolha um período válido: um início antes do fim.",
        "report-currency-invalid": "Escolha uma das moedas das suas marcas.",
        "report-invalid-scope": "Escolha uma marca ou uma lista de membros para este relatório.",
        "report-too-many-members": "Membros demais para um relatório. Escolha menos.",
        "vendor-report-invalid": "O relatório de rodadas está incompleto ou malformado.",
        "vendor-report-size": "Um relatório de rodadas lista entre 1 e {max} rodadas.",
        "vendor-report-not-transfer": (
            "Este fornecedor usa a carteira integrada: suas rodadas são liquidadas pelas "
            "chamadas de carteira."
        ),
        "vendor-round-invalid": "Um id ou status de rodada no relatório é inválido.",
        "vendor-round-repeated": "O relatório lista a mesma rodada duas vezes.",
        "vendor-round-invalid-amount": (
            "Os valores da rodada devem estar em centavos, a aposta acima de zero e o ganho "
            "zero ou mais."
        ),
        "vendor-round-unknown-member": "Rodada {round}: este jogador é desconhecido.",
        "vendor-round-unknown-game": (
            "Rodada {round}: este jogo não está no catálogo do fornecedor."
        ),
        "vendor-round-insufficient": (
            "Rodada {round}: a carteira do jogador neste fornecedor não tem saldo suficiente."
        ),
        "vendor-round-conflict": (
            "A rodada {round} já foi informada com outros valores; só pode ser cancelada."
        ),
    },
}
