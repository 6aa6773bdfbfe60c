"""The studio's play pages: rounds, seeds, demo play and the verify page."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "play-demo-invalid": "This demo session is not valid. Reload the page to start again.",
        "play-seed-missing": "Your fairness seeds are not ready yet. Try again.",
        "play-client-seed-invalid": (
            "The client seed takes 1 to 32 letters, digits, hyphens or underscores."
        ),
        "play-rotate-open-round": ("Finish the round in progress before changing the server seed."),
        "play-bet-invalid": "Enter a bet above zero with at most two decimals.",
        "play-bet-over-balance": "Your balance is too low for this bet.",
        "play-wallet-refused": "The wallet refused this round. No money was moved.",
        "play-round-failed": "The round could not be completed; your bet was returned.",
        "play-round-unknown": "There is no round of yours with this id.",
        "play-round-finished": "This round is already finished.",
        "play-round-open": "Finish the round in progress first.",
        "play-round-not-settled": "This round has not been settled, so it cannot be verified.",
        "play-session-mismatch": "This game link belongs to another account.",
        "play-login-needed": "Log in to play for real money, or try the demo.",
    },
    "pt": {
        "play-demo-invalid": "Esta sessão de demonstração não é válida. Recarregue a página.",
        "play-seed-missing": "Suas sementes de verificação ainda não estão prontas. Tente de novo.",
        "play-client-seed-invalid": (
            "A semente do cliente aceita de 1 a 32 letras, números, hífens ou sublinhados."
        ),
        "play-rotate-open-round": (
            "Termine a rodada em andamento antes de trocar a semente do servidor."
        ),
        "play-bet-invalid": "Digite uma aposta maior que zero, com no máximo duas casas decimais.",
        "play-bet-over-balance": "Seu saldo não é suficiente para esta aposta.",
        "play-wallet-refused": "A carteira recusou esta rodada. Nenhum valor foi movimentado.",
        "play-round-failed": "Não foi possível concluir a rodada; sua aposta foi devolvida.",
        "play-round-unknown": "Não existe uma rodada sua com este código.",
        "play-round-finished": "Esta rodada já terminou.",
        "play-round-open": "Termine primeiro a rodada em andamento.",
        "play-round-not-settled": "Esta rodada não foi concluída, então não pode ser verificada.",
        "play-session-mismatch": "Este link de jogo pertence a outra conta.",
        "play-login-needed": (
            "Entre na sua conta para jogar valendo, ou experimente a demonstração."
        ),
    },
}
