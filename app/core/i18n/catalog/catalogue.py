"""The game catalogue: list, favourite and winner-board errors, menu titles, PvP room levels
and their refusals, and what a market does not allow (animal fights).

Navigation titles of the other categories come from `ui.py` (nav.*).
"""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "game-type-unknown": "Unknown game type: {game_type}.",
        "game-vendor-unknown": "Unknown game vendor: {vassalage}.",
        "game-sort-unknown": "Unknown sort order: {sort}. Use popular, new or name.",
        "game-page-size-too-large": "A page holds at most {max} games.",
        "prize-mode-unknown": "Unknown prize mode: {prize_mode}.",
        "favorite-game-not-found": "This game does not exist or is no longer available.",
        "favorite-not-allowed": "Lottery games cannot be added to favourites.",
        "favorite-too-fast": "Please wait a second before changing your favourites again.",
        "winner-category-unknown": "Unknown game category: {game_category}.",
        "winner-limit-too-large": "The winner board shows at most {max} winners.",
        "animal-fights-not-offered": (
            "Betting on animal fights is not allowed in your market, so cockfighting is not "
            "offered here."
        ),
        "games.nav.ELOTT": "E-lottery",
        "games.nav.POINTMALL": "Points mall",
        "games.sub.SC": "Scratch",
        "games.sub.VP": "Video poker",
        "games.sub.JP": "Jackpot",
        "games.sub.TG": "Table games",
        "games.sub.AC": "Arcade",
        "games.sub.BG": "Bingo",
        "games.room.NOVICE": "Novice",
        "games.room.STANDARD": "Standard",
        "games.room.EXPERT": "Expert",
        "games.room.VIP": "VIP",
        "pvp-room-unknown": "This room does not exist.",
        "pvp-room-balance": (
            "This room needs a balance of at least {amount}. Pick a lower room or make a deposit."
        ),
    },
    "pt": {
        "game-type-unknown": "Tipo de jogo desconhecido: {game_type}.",
        "game-vendor-unknown": "Provedor de jogos desconhecido: {vassalage}.",
        "game-sort-unknown": "Ordem desconhecida: {sort}. Use popular, new ou name.",
        "game-page-size-too-large": "Uma página tem no máximo {max} jogos.",
        "prize-mode-unknown": "Modo de prêmio desconhecido: {prize_mode}.",
        "favorite-game-not-found": "Este jogo não existe ou não está mais disponível.",
        "favorite-not-allowed": "Jogos de loteria não podem ser adicionados aos favoritos.",
        "favorite-too-fast": "Aguarde um segundo antes de alterar seus favoritos de novo.",
        "winner-category-unknown": "Categoria de jogo desconhecida: {game_category}.",
        "winner-limit-too-large": "O quadro de ganhadores mostra no máximo {max} ganhadores.",
        "animal-fights-not-offered": (
            "Apostas em rinhas de galo não são permitidas na sua região e, por isso, não estão "
            "disponíveis aqui."
        ),
        "games.nav.ELOTT": "Loteria eletrônica",
        "games.nav.POINTMALL": "Loja de pontos",
        "games.sub.SC": "Raspadinha",
        "games.sub.VP": "Vídeo pôquer",
        "games.sub.JP": "Jackpot",
        "games.sub.TG": "Jogos de mesa",
        "games.sub.AC": "Arcade",
        "games.sub.BG": "Bingo",
        "games.room.NOVICE": "Iniciante",
        "games.room.STANDARD": "Padrão",
        "games.room.EXPERT": "Experiente",
        "games.room.VIP": "VIP",
        "pvp-room-unknown": "Esta sala não existe.",
        "pvp-room-balance": (
            "Esta sala exige um saldo mínimo de {amount}. "
            "Escolha uma sala de nível mais baixo ou faça um depósito."
        ),
    },
}
