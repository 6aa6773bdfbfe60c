"""The in-house lottery: bets, issues, results and Vietnamese bet codes."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "lottery-game-unknown": "There is no lottery game with this code.",
        "lottery-play-unknown": "There is no such play in this lottery.",
        "lottery-play-not-offered": "This play is not offered here in this prize mode.",
        "lottery-selection-invalid": (
            "The numbers chosen do not make a valid bet for the play {play}. Check how many "
            "numbers it takes and their range."
        ),
        "lottery-too-many-bets": "This selection makes {count} bets; the most is {max}.",
        "lottery-stake-invalid": (
            "Enter a unit above zero with at most two decimals and a whole multiplier "
            "from 1 to {max}."
        ),
        "lottery-under-min": "The stake is below this play's minimum of {min}.",
        "lottery-over-max": "The stake is above this play's maximum of {max}.",
        "lottery-over-exposure": (
            "The bets on {number} in this issue have reached their limit. Choose a smaller "
            "stake or other numbers."
        ),
        "lottery-insufficient-funds": "Your balance is too low for this bet.",
        "lottery-issue-unknown": "There is no such issue of this game.",
        "lottery-issue-closed": "Betting on this issue has closed.",
        "lottery-bet-unknown": "There is no bet of yours with this id.",
        "lottery-bet-not-cancellable": "This bet can no longer be cancelled: its issue closed.",
        "lottery-chase-invalid": "A chase plan covers 2 to {max} issues.",
        "lottery-chase-short": "Only {available} issues of this game are scheduled ahead.",
        "lottery-result-private": (
            "This game is drawn by the engine from its committed seed; nobody can enter or "
            "change its result."
        ),
        "lottery-result-invalid": "These numbers are not a possible result of this game.",
        "lottery-result-final": "This issue's result is final and cannot be changed.",
        "lottery-result-not-due": "This issue cannot take a result yet: betting is still open.",
        "lottery-void-not-allowed": (
            "This issue can no longer be voided: its draw is under way or done."
        ),
        "lottery-void-reason": "Give a reason for voiding the issue.",
        "lottery-not-drawn": "This issue has not been drawn yet, so it cannot be verified.",
        "lottery-vn-empty": "Type a bet code, for example: 2dmn 12 34 dd10.",
        "lottery-vn-unknown": "“{code}” is not a station, a number or a bet type.",
        "lottery-vn-station-missing": (
            "“{code}”: start the code with a station or region, for example tg or 2dmn."
        ),
        "lottery-vn-stations": (
            "“{code}”: {count} stations asked for, but only {available} draw that day."
        ),
        "lottery-vn-station-closed": "“{code}”: this station does not draw that day.",
        "lottery-vn-amount": (
            "“{code}”: the amount must be above zero, with at most two decimals."
        ),
        "lottery-vn-numbers-missing": "“{code}”: give the numbers before the bet type.",
        "lottery-vn-bet-missing": "“{code}”: a bet type and amount must follow the numbers.",
        "lottery-vn-region": "“{code}”: this bet type does not exist in this region.",
        "lottery-vn-digits": "“{code}”: this bet type does not take the number {number}.",
        "lottery-area-unknown": "“{area}” is not a lottery area (LOTT, ELOTT, VN or SEA).",
        "lottery-vn-pair": "“{code}”: đá bets pairs, give at least two different numbers.",
        "lottery-vn-pair-stations": (
            "“{code}”: đá is on one station, or on exactly two stations of the same draw in "
            "the South or the Centre."
        ),
        "lottery-partner-required": (
            "Đá on two stations needs its second station: choose another station of the same draw."
        ),
        "lottery-partner-invalid": (
            "This second station cannot be used: only đá on two stations takes one, and it "
            "must be another station of the same draw."
        ),
        "lottery-chase-two-stations": (
            "Đá on two stations is one bet on one draw: it cannot be chased over several issues."
        ),
        "lottery-page-invalid": "Ask for a page from 1, of 1 to {max} items.",
    },
    "pt": {
        "lottery-game-unknown": "Não existe jogo de loteria com este código.",
        "lottery-play-unknown": "Esta modalidade não existe nesta loteria.",
        "lottery-play-not-offered": "Esta modalidade não é oferecida aqui neste modo de prêmio.",
        "lottery-selection-invalid": (
            "Os números escolhidos não formam uma aposta válida na modalidade {play}. Confira "
            "quantos números ela pede e o intervalo deles."
        ),
        "lottery-too-many-bets": "Esta seleção faz {count} apostas; o máximo é {max}.",
        "lottery-stake-invalid": (
            "Informe uma unidade acima de zero com no máximo duas casas decimais e um "
            "multiplicador inteiro de 1 a {max}."
        ),
        "lottery-under-min": "O valor está abaixo do mínimo desta modalidade, {min}.",
        "lottery-over-max": "O valor está acima do máximo desta modalidade, {max}.",
        "lottery-over-exposure": (
            "As apostas em {number} neste concurso chegaram ao limite. Escolha um valor menor "
            "ou outros números."
        ),
        "lottery-insufficient-funds": "Seu saldo é insuficiente para esta aposta.",
        "lottery-issue-unknown": "Este concurso não existe neste jogo.",
        "lottery-issue-closed": "As apostas neste concurso estão encerradas.",
        "lottery-bet-unknown": "Não há aposta sua com este identificador.",
        "lottery-bet-not-cancellable": (
            "Esta aposta não pode mais ser cancelada: o concurso já foi encerrado."
        ),
        "lottery-chase-invalid": "Um plano de acompanhamento cobre de 2 a {max} concursos.",
        "lottery-chase-short": "Só há {available} concursos deste jogo programados à frente.",
        "lottery-result-private": (
            "Este jogo é sorteado pelo motor a partir da semente já publicada; ninguém pode "
            "informar nem alterar o resultado."
        ),
        "lottery-result-invalid": "Estes números não são um resultado possível deste jogo.",
        "lottery-result-final": "O resultado deste concurso é definitivo e não pode ser alterado.",
        "lottery-result-not-due": (
            "Este concurso ainda não pode receber resultado: as apostas seguem abertas."
        ),
        "lottery-void-not-allowed": (
            "Este concurso não pode mais ser anulado: o sorteio está em andamento ou concluído."
        ),
        "lottery-void-reason": "Informe o motivo da anulação do concurso.",
        "lottery-not-drawn": "Este concurso ainda não foi sorteado, então não pode ser verificado.",
        "lottery-vn-empty": "Digite um código de aposta, por exemplo: 2dmn 12 34 dd10.",
        "lottery-vn-unknown": "“{code}” não é uma estação, um número nem um tipo de aposta.",
        "lottery-vn-station-missing": (
            "“{code}”: comece o código com uma estação ou região, por exemplo tg ou 2dmn."
        ),
        "lottery-vn-stations": (
            "“{code}”: foram pedidas {count} estações, mas só {available} sorteiam nesse dia."
        ),
        "lottery-vn-station-closed": "“{code}”: esta estação não sorteia nesse dia.",
        "lottery-vn-amount": (
            "“{code}”: o valor deve ser maior que zero, com no máximo duas casas decimais."
        ),
        "lottery-vn-numbers-missing": "“{code}”: informe os números antes do tipo de aposta.",
        "lottery-vn-bet-missing": (
            "“{code}”: depois dos números vem um tipo de aposta com o valor."
        ),
        "lottery-vn-region": "“{code}”: este tipo de aposta não existe nesta região.",
        "lottery-vn-digits": "“{code}”: este tipo de aposta não aceita o número {number}.",
        "lottery-area-unknown": "“{area}” não é uma área de loteria (LOTT, ELOTT, VN ou SEA).",
        "lottery-vn-pair": (
            "“{code}”: o đá aposta em pares, informe ao menos dois números diferentes."
        ),
        "lottery-vn-pair-stations": (
            "“{code}”: o đá vale para uma estação, ou para exatamente duas estações do mesmo "
            "sorteio do Sul ou do Centro."
        ),
        "lottery-partner-required": (
            "O đá em duas estações precisa da segunda estação: escolha outra estação do "
            "mesmo sorteio."
        ),
        "lottery-partner-invalid": (
            "Esta segunda estação não pode ser usada: só o đá em duas estações aceita uma, e ela "
            "precisa ser outra estação do mesmo sorteio."
        ),
        "lottery-chase-two-stations": (
            "O đá em duas estações é uma aposta só, em um sorteio: não dá para acompanhá-la em "
            "vários concursos."
        ),
        "lottery-page-invalid": "Peça uma página a partir de 1, com 1 a {max} itens.",
    },
}
