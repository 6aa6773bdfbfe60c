"""BGS studio games: names, rules, paytable labels and the games' own error messages.

Names are `studio.<code>.name`, rules `studio.<code>.rules`; a paytable row's label is a key here
with the row's other fields (except "pays") as placeholders. Symbol and hand names for showing a
result: `studio.slot.symbol.*`, `studio.scratch.symbol.*`, `studio.poker.hand.*`.
"""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "studio-unknown-game": "Unknown studio game: {code}.",
        "studio-round-finished": "This round is already finished.",
        "studio-currency-unsupported": "The studio does not take bets in {currency}.",
        "studio-bet-out-of-range": "The bet must be between {min} and {max}.",
        "studio-dice-direction": "Choose whether the roll must be over or under the target.",
        "studio-dice-target": "The target must be between {min} and {max}, with two decimals.",
        "studio.BGS_DICE.name": "Dice",
        "studio.BGS_DICE.rules": (
            "A roll from 00.00 to 99.99, every value equally likely. Bet under a target (win "
            "chance = target %) or over it (win chance = 100 − target %). The win chance goes "
            "from 2 % to 98 %; a win pays 99 ÷ win chance times the bet. Return to player 99 %."
        ),
        "studio.dice.row.chance": "Win chance {chance} %",
        "studio-roulette-no-chips": "Place between 1 and {max} chips.",
        "studio-roulette-bet-kind": "Unknown roulette bet.",
        "studio-roulette-units": "A bet's share of the stake is a whole number from 1 to {max}.",
        "studio-roulette-scale": (
            "Autobet stopped: the new bet is too small to put the smallest amount on each of "
            "your bets."
        ),
        "studio-roulette-numbers": "Choose numbers from 0 to 36 for this bet.",
        "studio-roulette-split": "A split covers two numbers next to each other on the table.",
        "studio-roulette-street": "A street covers the three numbers of one row of the table.",
        "studio-roulette-corner": "A corner covers four numbers that meet at one corner.",
        "studio-roulette-line": "A six line covers two rows of the table next to each other.",
        "studio-roulette-index": "Choose the first, second or third dozen or column.",
        "studio.BGS_ROULETTE.name": "European Roulette",
        "studio.BGS_ROULETTE.rules": (
            "One ball, 37 pockets (0 to 36). Pick a chip and place it on any bets; your bet is "
            "the chips on the table. A winning chip is paid back with: straight up 35 to 1, "
            "split 17 to 1, street 11 to 1, corner 8 to 1, six line 5 to 1, dozen and column "
            "2 to 1, red/black, odd/even and 1–18/19–36 1 to 1. Zero loses every outside bet. "
            "Return to player 97.30 %."
        ),
        "studio.roulette.row.straight": "Straight up (one number)",
        "studio.roulette.row.split": "Split (two neighbouring numbers)",
        "studio.roulette.row.street": "Street (a row of three numbers)",
        "studio.roulette.row.corner": "Corner (four numbers)",
        "studio.roulette.row.line": "Six line (two rows, six numbers)",
        "studio.roulette.row.dozen": "Dozen (1–12, 13–24, 25–36)",
        "studio.roulette.row.column": "Column",
        "studio.roulette.row.red": "Red",
        "studio.roulette.row.black": "Black",
        "studio.roulette.row.odd": "Odd",
        "studio.roulette.row.even": "Even",
        "studio.roulette.row.low": "Low (1–18)",
        "studio.roulette.row.high": "High (19–36)",
        "studio.BGS_SLOT_JUNGLE.name": "Jungle Reels",
        "studio.BGS_SLOT_JUNGLE.rules": (
            "Five reels, three rows, ten paylines always played; the line bet is a tenth of the "
            "bet. Three to five matching symbols in a row from the leftmost reel win on a line. "
            "WILD appears on reels 2 to 4 and stands in for every symbol except SCATTER. Three, "
            "four or five SCATTERs anywhere pay 2, 10 or 50 times the bet and award 10 free "
            "spins where every win pays triple. Return to player 96.17 %."
        ),
        "studio.slot.pay.TIGER": "{count} × Tiger on a line",
        "studio.slot.pay.JAGUAR": "{count} × Jaguar on a line",
        "studio.slot.pay.PARROT": "{count} × Parrot on a line",
        "studio.slot.pay.TOUCAN": "{count} × Toucan on a line",
        "studio.slot.pay.A": "{count} × A on a line",
        "studio.slot.pay.K": "{count} × K on a line",
        "studio.slot.pay.Q": "{count} × Q on a line",
        "studio.slot.pay.J": "{count} × J on a line",
        "studio.slot.pay.10": "{count} × 10 on a line",
        "studio.slot.pay.SCATTER": "{count} × Scatter anywhere",
        "studio.scratch.pay.DIAMOND": "3 × Diamond (odds 1 in {odds})",
        "studio.scratch.pay.CROWN": "3 × Crown (odds 1 in {odds})",
        "studio.scratch.pay.GOLD": "3 × Gold bar (odds 1 in {odds})",
        "studio.scratch.pay.STAR": "3 × Star (odds 1 in {odds})",
        "studio.scratch.pay.BELL": "3 × Bell (odds 1 in {odds})",
        "studio.scratch.pay.CHERRY": "3 × Cherry (odds 1 in {odds})",
        "studio.scratch.pay.LEMON": "3 × Lemon (odds 1 in {odds})",
        "studio.scratch.pay.GRAPE": "3 × Grapes (odds 1 in {odds})",
        "studio.scratch.pay.COIN": "3 × Coin (odds 1 in {odds})",
        "studio.slot.row.free_spins": "3+ SCATTER: {spins} free spins, wins × {factor}",
        "studio.slot.symbol.TIGER": "Tiger",
        "studio.slot.symbol.JAGUAR": "Jaguar",
        "studio.slot.symbol.PARROT": "Parrot",
        "studio.slot.symbol.TOUCAN": "Toucan",
        "studio.slot.symbol.WILD": "Wild",
        "studio.slot.symbol.SCATTER": "Scatter",
        "studio.slot.symbol.A": "A",
        "studio.slot.symbol.K": "K",
        "studio.slot.symbol.Q": "Q",
        "studio.slot.symbol.J": "J",
        "studio.slot.symbol.10": "10",
        "studio.BGS_SCRATCH_LUCKY.name": "Lucky Scratch",
        "studio.BGS_SCRATCH_LUCKY.rules": (
            "Scratch the nine cells. Three matching symbols win that symbol's prize, from 1 to "
            "1,000 times the ticket price; a ticket never shows more than one set of three. Each "
            "series has 1,000,000 tickets and the odds of every prize are printed in the "
            "paytable. Return to player 95.00 %."
        ),
        "studio.scratch.symbol.DIAMOND": "Diamond",
        "studio.scratch.symbol.CROWN": "Crown",
        "studio.scratch.symbol.GOLD": "Gold bar",
        "studio.scratch.symbol.STAR": "Star",
        "studio.scratch.symbol.BELL": "Bell",
        "studio.scratch.symbol.CHERRY": "Cherry",
        "studio.scratch.symbol.LEMON": "Lemon",
        "studio.scratch.symbol.GRAPE": "Grapes",
        "studio.scratch.symbol.COIN": "Coin",
        "studio-poker-hold": "Choose which of the five cards to hold (positions 0 to 4).",
        "studio-poker-stream": "This draw does not belong to the dealt hand.",
        "studio.BGS_POKER_JACKS.name": "Jacks or Better",
        "studio.BGS_POKER_JACKS.rules": (
            "Five cards are dealt from a 52-card deck. Hold any of them; the others are replaced "
            "from the same deck. The final hand pays by the table below, from a pair of jacks "
            "or better (1 times the bet, so the bet comes back) up to a royal flush (800 times). "
            "Return to player 99.54 % with perfect play; the suggested hold follows a simple "
            "strategy worth about 99.46 %."
        ),
        "studio.poker.hand.royal_flush": "Royal flush",
        "studio.poker.hand.straight_flush": "Straight flush",
        "studio.poker.hand.four_of_a_kind": "Four of a kind",
        "studio.poker.hand.full_house": "Full house",
        "studio.poker.hand.flush": "Flush",
        "studio.poker.hand.straight": "Straight",
        "studio.poker.hand.three_of_a_kind": "Three of a kind",
        "studio.poker.hand.two_pair": "Two pair",
        "studio.poker.hand.jacks_or_better": "Jacks or better",
        "studio.poker.hand.nothing": "No win",
        "studio-bingo-card": (
            "A bingo card has 5 rows of 5 numbers: B 1–15, I 16–30, N 31–45, G 46–60, O 61–75, "
            "no number twice and 0 for the free centre."
        ),
        "studio.BGS_BINGO_75.name": "Bingo 75",
        "studio.BGS_BINGO_75.rules": (
            "Your card has 24 numbers and a free centre. 36 of the 75 balls are drawn and every "
            "number on your card that comes out is marked. Complete lines — rows, columns and "
            "the two diagonals — pay by how many you have: 1 line 1.5 times the bet, 2 lines "
            "5.5, 3 lines 25, 4 lines 100, 5 lines 400, 6 or more 1,000, and a full card 5,000. "
            "Return to player 95.35 %."
        ),
        "studio.bingo.row.full_card": "Full card",
        "studio.bingo.row.lines_or_more": "{lines} lines or more",
        "studio.bingo.row.lines": "Lines completed: {lines}",
        "studio-limbo-target": "The target must be from {min} to {max}, with two decimals.",
        "studio.BGS_LIMBO.name": "Limbo",
        "studio.BGS_LIMBO.rules": (
            "Choose a target multiplier from 1.01 to 1,000. The round draws a result; if it "
            "reaches your target you win the bet times the target. The chance of reaching a "
            "target t is 99 ÷ t %, so a 2x target wins 49.5 % of the time. Return to player 99 %."
        ),
        "studio.limbo.row": "Chance {chance} %",
        "studio-mines-count": "Choose from 1 to {max} mines.",
        "studio-mines-tiles": "Pick from 1 to {max} different tiles of the 5 × 5 field.",
        "studio-mines-too-rich": "This choice would pay more than {max}x; pick fewer tiles.",
        "studio.BGS_MINES.name": "Mines",
        "studio.BGS_MINES.rules": (
            "Choose how many mines (1 to 24) hide in the 5 × 5 field and pick your tiles. The "
            "mines are then laid; if none of your tiles holds a mine you win the multiplier shown "
            "when you bet, which grows with the mines and the tiles: 0.99 ÷ chance of a clean "
            "pick. Choices paying over 10,000x are not offered. Return to player 99 %."
        ),
        "studio.mines.row": "Mines: {mines} · tiles opened: {picks}",
    },
    "pt": {
        "studio-unknown-game": "Jogo do estúdio desconhecido: {code}.",
        "studio-round-finished": "Esta rodada já terminou.",
        "studio-currency-unsupported": "O estúdio não aceita apostas em {currency}.",
        "studio-bet-out-of-range": "A aposta deve ficar entre {min} e {max}.",
        "studio-dice-direction": "Escolha se o resultado deve ficar acima ou abaixo do alvo.",
        "studio-dice-target": "O alvo deve ficar entre {min} e {max}, com duas casas decimais.",
        "studio.BGS_DICE.name": "Dados",
        "studio.BGS_DICE.rules": (
            "Um número de 00,00 a 99,99, todos com a mesma chance. Aposte abaixo de um alvo "
            "(chance de ganhar = alvo %) ou acima dele (chance = 100 − alvo %). A chance vai de "
            "2 % a 98 %; um acerto paga 99 ÷ chance vezes a aposta. Retorno ao jogador de 99 %."
        ),
        "studio.dice.row.chance": "Chance de ganhar {chance} %",
        "studio-roulette-no-chips": "Coloque de 1 a {max} fichas.",
        "studio-roulette-bet-kind": "Aposta de roleta desconhecida.",
        "studio-roulette-units": "A parte de cada aposta é um número inteiro de 1 a {max}.",
        "studio-roulette-scale": (
            "Aposta automática parada: a nova aposta é pequena demais para pôr o valor mínimo "
            "em cada uma das suas apostas."
        ),
        "studio-roulette-numbers": "Escolha números de 0 a 36 para esta aposta.",
        "studio-roulette-split": "Um cavalo cobre dois números vizinhos na mesa.",
        "studio-roulette-street": "Uma transversal cobre os três números de uma linha da mesa.",
        "studio-roulette-corner": "Um quadrado cobre quatro números que se encontram num canto.",
        "studio-roulette-line": "Uma linha cobre duas fileiras vizinhas da mesa (seis números).",
        "studio-roulette-index": "Escolha a primeira, segunda ou terceira dúzia ou coluna.",
        "studio.BGS_ROULETTE.name": "Roleta Europeia",
        "studio.BGS_ROULETTE.rules": (
            "Uma bola, 37 casas (0 a 36). Escolha uma ficha e coloque-a nas apostas que quiser; "
            "sua aposta é o total das fichas na mesa. A ficha vencedora volta com o prêmio: "
            "pleno 35 para 1, cavalo 17 para 1, transversal 11 para 1, quadrado 8 para 1, linha "
            "5 para 1, dúzia e coluna 2 para 1, vermelho/preto, par/ímpar e 1–18/19–36 1 para 1. "
            "O zero perde todas as apostas externas. Retorno ao jogador de 97,30 %."
        ),
        "studio.roulette.row.straight": "Pleno (um número)",
        "studio.roulette.row.split": "Cavalo (dois números vizinhos)",
        "studio.roulette.row.street": "Transversal (uma linha de três números)",
        "studio.roulette.row.corner": "Quadrado (quatro números)",
        "studio.roulette.row.line": "Linha (duas fileiras, seis números)",
        "studio.roulette.row.dozen": "Dúzia (1–12, 13–24, 25–36)",
        "studio.roulette.row.column": "Coluna",
        "studio.roulette.row.red": "Vermelho",
        "studio.roulette.row.black": "Preto",
        "studio.roulette.row.odd": "Ímpar",
        "studio.roulette.row.even": "Par",
        "studio.roulette.row.low": "Baixo (1–18)",
        "studio.roulette.row.high": "Alto (19–36)",
        "studio.BGS_SLOT_JUNGLE.name": "Rolos da Selva",
        "studio.BGS_SLOT_JUNGLE.rules": (
            "Cinco rolos, três linhas de símbolos e dez linhas de pagamento sempre ativas; a "
            "aposta por linha é um décimo da aposta. De três a cinco símbolos iguais seguidos a "
            "partir do primeiro rolo à esquerda ganham na linha. O WILD aparece nos rolos 2 a 4 e "
            "substitui qualquer símbolo, menos o SCATTER. Três, quatro ou cinco SCATTERs em "
            "qualquer posição pagam 2, 10 ou 50 vezes a aposta e dão 10 giros grátis em que "
            "todo prêmio vale o triplo. Retorno ao jogador de 96,17 %."
        ),
        "studio.slot.pay.TIGER": "{count} × Tigre na linha",
        "studio.slot.pay.JAGUAR": "{count} × Onça na linha",
        "studio.slot.pay.PARROT": "{count} × Papagaio na linha",
        "studio.slot.pay.TOUCAN": "{count} × Tucano na linha",
        "studio.slot.pay.A": "{count} × A na linha",
        "studio.slot.pay.K": "{count} × K na linha",
        "studio.slot.pay.Q": "{count} × Q na linha",
        "studio.slot.pay.J": "{count} × J na linha",
        "studio.slot.pay.10": "{count} × 10 na linha",
        "studio.slot.pay.SCATTER": "{count} × Scatter em qualquer posição",
        "studio.scratch.pay.DIAMOND": "3 × Diamante (chance de 1 em {odds})",
        "studio.scratch.pay.CROWN": "3 × Coroa (chance de 1 em {odds})",
        "studio.scratch.pay.GOLD": "3 × Barra de ouro (chance de 1 em {odds})",
        "studio.scratch.pay.STAR": "3 × Estrela (chance de 1 em {odds})",
        "studio.scratch.pay.BELL": "3 × Sino (chance de 1 em {odds})",
        "studio.scratch.pay.CHERRY": "3 × Cereja (chance de 1 em {odds})",
        "studio.scratch.pay.LEMON": "3 × Limão (chance de 1 em {odds})",
        "studio.scratch.pay.GRAPE": "3 × Uvas (chance de 1 em {odds})",
        "studio.scratch.pay.COIN": "3 × Moeda (chance de 1 em {odds})",
        "studio.slot.row.free_spins": "3+ SCATTER: {spins} giros grátis, prêmios × {factor}",
        "studio.slot.symbol.TIGER": "Tigre",
        "studio.slot.symbol.JAGUAR": "Onça",
        "studio.slot.symbol.PARROT": "Papagaio",
        "studio.slot.symbol.TOUCAN": "Tucano",
        "studio.slot.symbol.WILD": "Curinga",
        "studio.slot.symbol.SCATTER": "Scatter",
        "studio.slot.symbol.A": "A",
        "studio.slot.symbol.K": "K",
        "studio.slot.symbol.Q": "Q",
        "studio.slot.symbol.J": "J",
        "studio.slot.symbol.10": "10",
        "studio.BGS_SCRATCH_LUCKY.name": "Raspadinha da Sorte",
        "studio.BGS_SCRATCH_LUCKY.rules": (
            "Raspe as nove casas. Três símbolos iguais ganham o prêmio desse símbolo, de 1 a "
            "1.000 vezes o preço do bilhete; um bilhete nunca mostra mais de um trio. Cada série "
            "tem 1.000.000 de bilhetes e a chance de cada prêmio está na tabela de pagamentos. "
            "Retorno ao jogador de 95,00 %."
        ),
        "studio.scratch.symbol.DIAMOND": "Diamante",
        "studio.scratch.symbol.CROWN": "Coroa",
        "studio.scratch.symbol.GOLD": "Barra de ouro",
        "studio.scratch.symbol.STAR": "Estrela",
        "studio.scratch.symbol.BELL": "Sino",
        "studio.scratch.symbol.CHERRY": "Cereja",
        "studio.scratch.symbol.LEMON": "Limão",
        "studio.scratch.symbol.GRAPE": "Uvas",
        "studio.scratch.symbol.COIN": "Moeda",
        "studio-poker-hold": "Escolha quais das cinco cartas segurar (posições 0 a 4).",
        "studio-poker-stream": "Esta troca não pertence à mão distribuída.",
        "studio.BGS_POKER_JACKS.name": "Valetes ou Melhor",
        "studio.BGS_POKER_JACKS.rules": (
            "Cinco cartas são distribuídas de um baralho de 52. Segure as que quiser; as outras "
            "são trocadas pelo mesmo baralho. A mão final paga conforme a tabela abaixo, de um "
            "par de valetes ou melhor (1 vez a aposta, ou seja, a aposta volta) até um royal "
            "flush (800 vezes). Retorno ao jogador de 99,54 % com a jogada perfeita; a sugestão "
            "de cartas segue uma estratégia simples que vale cerca de 99,46 %."
        ),
        "studio.poker.hand.royal_flush": "Royal flush",
        "studio.poker.hand.straight_flush": "Straight flush",
        "studio.poker.hand.four_of_a_kind": "Quadra",
        "studio.poker.hand.full_house": "Full house",
        "studio.poker.hand.flush": "Flush",
        "studio.poker.hand.straight": "Sequência",
        "studio.poker.hand.three_of_a_kind": "Trinca",
        "studio.poker.hand.two_pair": "Dois pares",
        "studio.poker.hand.jacks_or_better": "Valetes ou melhor",
        "studio.poker.hand.nothing": "Sem prêmio",
        "studio-bingo-card": (
            "Uma cartela de bingo tem 5 linhas de 5 números: B 1–15, I 16–30, N 31–45, "
            "G 46–60, O 61–75, sem números repetidos e 0 no centro livre."
        ),
        "studio.BGS_BINGO_75.name": "Bingo 75",
        "studio.BGS_BINGO_75.rules": (
            "Sua cartela tem 24 números e o centro livre. São sorteadas 36 das 75 bolas e cada "
            "número da cartela que sair é marcado. Linhas completas — horizontais, verticais e "
            "as duas diagonais — pagam conforme a quantidade: 1 linha paga 1,5 vez a aposta, "
            "2 linhas 5,5, 3 linhas 25, 4 linhas 100, 5 linhas 400, 6 ou mais 1.000 e a cartela "
            "cheia 5.000. Retorno ao jogador de 95,35 %."
        ),
        "studio.bingo.row.full_card": "Cartela cheia",
        "studio.bingo.row.lines_or_more": "{lines} linhas ou mais",
        "studio.bingo.row.lines": "Linhas completas: {lines}",
        "studio-limbo-target": "O alvo deve ficar entre {min} e {max}, com duas casas.",
        "studio.BGS_LIMBO.name": "Limbo",
        "studio.BGS_LIMBO.rules": (
            "Escolha um multiplicador alvo de 1,01 a 1.000. A rodada sorteia um resultado; se "
            "ele alcançar o alvo, você ganha a aposta vezes o alvo. A chance de alcançar um alvo "
            "t é de 99 ÷ t %, então um alvo de 2x ganha em 49,5 % das vezes. Retorno ao jogador "
            "de 99 %."
        ),
        "studio.limbo.row": "Chance de {chance} %",
        "studio-mines-count": "Escolha de 1 a {max} minas.",
        "studio-mines-tiles": "Escolha de 1 a {max} casas diferentes do campo 5 × 5.",
        "studio-mines-too-rich": "Esta escolha pagaria mais de {max}x; escolha menos casas.",
        "studio.BGS_MINES.name": "Minas",
        "studio.BGS_MINES.rules": (
            "Escolha quantas minas (1 a 24) se escondem no campo 5 × 5 e marque suas casas. Em "
            "seguida as minas são colocadas; se nenhuma das suas casas tiver mina, você ganha o "
            "multiplicador mostrado na aposta, que cresce com as minas e as casas: 0,99 ÷ chance "
            "de escapar. Escolhas que pagariam mais de 10.000x não são aceitas. Retorno ao "
            "jogador de 99 %."
        ),
        "studio.mines.row": "Minas: {mines} · casas abertas: {picks}",
    },
}
