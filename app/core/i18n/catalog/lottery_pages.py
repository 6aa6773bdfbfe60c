"""The lottery pages: lobby, betting page, bet slip, results and charts, verify page."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "lotterypage.area.LOTT": "Lottery",
        "lotterypage.area.ELOTT": "Lottery",
        "lotterypage.area.SEA": "SEA Lottery",
        "lotterypage.area.VN": "Vietnam Lottery",
        "lotterypage.mode.LOTT": "Standard · up to 90% return",
        "lotterypage.mode.ZY": "Alternative · up to 85% return",
        "lotterypage.mode.ELOTT": "Two-sided",
        "lotterypage.mode.SEA": "4D",
        "lotterypage.modes": "Prize table",
        "lotterypage.lobby.intro": (
            "Every draw is made from a seed whose fingerprint is published before betting "
            "opens; anyone can check it afterwards."
        ),
        "lotterypage.lobby.empty": (
            "No game of this lottery can be played here in this prize table: none is open, or "
            "none reaches the minimum return to players allowed in your market."
        ),
        "lotterypage.family.ssc": "Five digits",
        "lotterypage.family.11x5": "Eleven balls",
        "lotterypage.family.k3": "Three dice",
        "lotterypage.family.pk10": "Ten-car race",
        "lotterypage.family.lhc": "Mark Six",
        "lotterypage.family.pcb": "Sum 28",
        "lotterypage.family.lf": "Three digits",
        "lotterypage.about.ssc": (
            "Five digits from 0 to 9 are drawn: bet on a position, the sum or odd/even."
        ),
        "lotterypage.about.11x5": (
            "Five of eleven balls (1 to 11) are drawn: pick the ones that come out."
        ),
        "lotterypage.about.k3": "Three dice are rolled: bet on the sum, a triple or a pair.",
        "lotterypage.about.pk10": (
            "Ten numbered cars finish in a random order: pick who comes where."
        ),
        "lotterypage.about.lhc": "Six numbers and a bonus number from 1 to 49 are drawn.",
        "lotterypage.about.pcb": (
            "Three digits from 0 to 9 are added up (0 to 27): bet on the total, high/low or "
            "odd/even."
        ),
        "lotterypage.about.lf": (
            "Three digits from 0 to 9 are drawn: guess them in order or in any order."
        ),
        "lotterypage.about.vns": (
            "Vietnam's southern and central draws: 18 prizes, bet on their last digits."
        ),
        "lotterypage.about.vnn": "Vietnam's northern draw: 27 prizes, bet on their last digits.",
        "lotterypage.about.4d": (
            "23 four-digit numbers are drawn: first, second, third, starters and consolations."
        ),
        "lotterypage.family.vns": "Vietnam South/Central",
        "lotterypage.family.vnn": "Vietnam North",
        "lotterypage.family.4d": "4D",
        "lotterypage.game.lhc-hk": "Mark Six Hong Kong",
        "lotterypage.game.vn-mn": "Miền Nam",
        "lotterypage.game.vn-mt": "Miền Trung",
        "lotterypage.game.vn-mb": "Miền Bắc",
        "lotterypage.game.4d-mkt": "Magnum 4D",
        "lotterypage.every": "every {minutes} min",
        "lotterypage.entry": "{family} · {minutes} min",
        "lotterypage.official": "official draw",
        "lotterypage.play_now": "Play",
        "lotterypage.next_issue": "Issue {issue}",
        "lotterypage.closes_in": "Closes in",
        "lotterypage.no_issue": "No issue open",
        "lotterypage.closed": "Closed",
        "lotterypage.back": "All games",
        "lotterypage.all_games": "All",
        "lotterypage.other_lotteries": "See the lotteries you can play",
        "lotterypage.unknown_game": "There is no lottery game with this code here.",
        "lotterypage.not_offered": (
            "No play of this game reaches the minimum return to players allowed in your "
            "market, so it cannot be played here."
        ),
        "lotterypage.current": "Current issue",
        "lotterypage.station": "Station",
        "lotterypage.second_station": "Second station",
        "lotterypage.refresh": "Refresh",
        "lotterypage.last_result": "Last result",
        "lotterypage.no_result": "No draw yet",
        "lotterypage.seed_hash": "Seed fingerprint (SHA-256)",
        "lotterypage.plays": "Plays",
        "lotterypage.rules": "Rules and paytable",
        "lotterypage.rtp": "Return to player: {rtp}%",
        "lotterypage.quick.all": "All",
        "lotterypage.quick.big": "Big",
        "lotterypage.quick.small": "Small",
        "lotterypage.quick.odd": "Odd",
        "lotterypage.quick.even": "Even",
        "lotterypage.quick.clear": "Clear",
        "lotterypage.position": "Position {n}",
        "lotterypage.numbers_need": "Pick at least {need} numbers",
        "lotterypage.digits_help": (
            "Type {digits}-digit numbers separated by spaces, for example {example}."
        ),
        "lotterypage.slip": "Bet slip",
        "lotterypage.unit": "Unit",
        "lotterypage.multiplier": "Multiplier",
        "lotterypage.bet_count": "Bets",
        "lotterypage.stake": "Stake",
        "lotterypage.pays": "Pays per win",
        "lotterypage.odds": "Odds",
        "lotterypage.slip_empty": "Pick numbers or options to see your stake and payout.",
        "lotterypage.place": "Place bet",
        "lotterypage.slip_bar.open": "Review and bet",
        "lotterypage.placed": "Bet of {stake} placed on issue {issue}.",
        "lotterypage.chase": "Chase",
        "lotterypage.chase_issues": "Issues",
        "lotterypage.chase_stop": "Stop when a bet wins",
        "lotterypage.chase_place": "Place chase",
        "lotterypage.chased": "Chase placed on {issues} issues.",
        "lotterypage.cancel": "Cancel",
        "lotterypage.cancelled": "Bet cancelled; the stake is back in your balance.",
        "lotterypage.my_bets": "My bets",
        "lotterypage.open_bets": "Open",
        "lotterypage.settled_bets": "Settled",
        "lotterypage.no_bets": "No bets yet.",
        "lotterypage.bet.issue": "Issue",
        "lotterypage.bet.play": "Play",
        "lotterypage.bet.selection": "Selection",
        "lotterypage.bet.stake": "Stake",
        "lotterypage.bet.payout": "Payout",
        "lotterypage.bet.status": "Status",
        "lotterypage.status.PENDING": "Open",
        "lotterypage.status.SETTLED": "Settled",
        "lotterypage.status.CANCELLED": "Cancelled",
        "lotterypage.status.REFUNDED": "Refunded",
        "lotterypage.chase_tag": "chase",
        "lotterypage.history": "Results",
        "lotterypage.verify": "Verify",
        "lotterypage.trend": "Trend",
        "lotterypage.trend_help": "How often each number came out in the last {count} draws.",
        "lotterypage.missing": "Missing",
        "lotterypage.missing_help": "Draws since each number last came out.",
        "lotterypage.hits": "Hits",
        "lotterypage.draws_since": "Draws since",
        "lotterypage.vn_codes": "Bet codes",
        "lotterypage.vn_codes_help": (
            "Type one code per line, for example: 2dmn 12 34 dd10 or tg 12b5."
        ),
        "lotterypage.vn_check": "Check codes",
        "lotterypage.vn_ok": "{count} bets read from this code.",
        "lotterypage.vn_place": "Place code bets",
        "lotterypage.vn_placed": "{count} bets placed.",
        "lotterypage.verify.title": "Verify a lottery draw",
        "lotterypage.verify.find": (
            "Open a game's results and choose Verify beside a drawn issue: this page then "
            "recomputes that draw."
        ),
        "lotterypage.verify.game": "Game",
        "lotterypage.verify.issue": "Issue",
        "lotterypage.verify.hash": "Published seed fingerprint (SHA-256)",
        "lotterypage.verify.seed": "Revealed server seed",
        "lotterypage.verify.beacon_round": "Public beacon round (drand)",
        "lotterypage.verify.beacon": "Beacon randomness",
        "lotterypage.verify.no_beacon": "none: this game draws from its seed alone",
        "lotterypage.verify.stored": "Result drawn",
        "lotterypage.verify.recomputed": "Result recomputed now from the seed",
        "lotterypage.verify.hash_ok": "The revealed seed hashes to the published fingerprint.",
        "lotterypage.verify.hash_bad": "The revealed seed does NOT hash to the fingerprint.",
        "lotterypage.verify.ok": "Matches: this draw was made from the committed seed.",
        "lotterypage.verify.bad": "Does not match.",
        "lotterypage.verify.pending": (
            "This issue has not been drawn yet: its seed stays secret until the draw."
        ),
        "lotterypage.verify.official": (
            "This is an official draw: its numbers come from the official results, not from a seed."
        ),
        "lotterypage.verify.how": (
            "How to read this: the seed is a secret value that decides the numbers. Its "
            "fingerprint was published before betting opened, and the seed is revealed after "
            "the draw. If the seed matches the fingerprint, the result was fixed in advance "
            "and nobody changed it afterwards; this page then works the numbers out again from "
            "the seed, and they must be the ones drawn. Where a public beacon is shown, its "
            "value came out only after betting closed, so not even we could know the result "
            "beforehand."
        ),
        "lotterypage.verify.expert": (
            "For experts: the numbers are HMAC-SHA256(server seed, game, issue, beacon) turned "
            "into numbers by rejection sampling; `python -m app.cli lottery-verify GAME ISSUE` "
            "recomputes them."
        ),
        "lotterypage.verify.browser_checking": "Checking in your browser…",
        "lotterypage.verify.browser_ok": "Checked in your browser: the numbers match",
        "lotterypage.verify.browser_bad_hash": (
            "Checked in your browser: the revealed seed is NOT the one whose fingerprint was "
            "published"
        ),
        "lotterypage.verify.browser_bad_numbers": (
            "Checked in your browser: the numbers do NOT match"
        ),
        "lotterypage.verify.browser_unavailable": (
            "Your browser could not run the check here (it needs a secure https connection)."
        ),
        "lotterypage.verify.browser_about": (
            "Your own browser did the sums again from the seed, without asking our server."
        ),
        "lotterypage.record.title": "Lottery bets",
        "lotterypage.record.empty": "No lottery bets in this period.",
        "lotterypage.record.game": "Game",
        "lotterypage.record.time": "Placed",
        # Play names: the words of a play code, joined.
        "lotterypage.seg.star5": "5 stars",
        "lotterypage.seg.da": "Đá (pairs)",
        "lotterypage.seg.da2": "Đá on two stations",
        "lotterypage.seg.front3": "Front 3",
        "lotterypage.seg.top3": "Top 3",
        "lotterypage.seg.top2": "Top 2",
        "lotterypage.seg.direct": "direct",
        "lotterypage.seg.group": "group",
        "lotterypage.seg.group6": "group of 6",
        "lotterypage.seg.any2": "Any 2",
        "lotterypage.seg.any5": "Any 5",
        "lotterypage.seg.position": "Position",
        "lotterypage.seg.bsoe": "big/small/odd/even",
        "lotterypage.seg.sum": "Sum",
        "lotterypage.seg.dragon_tiger": "Dragon/Tiger",
        "lotterypage.seg.triple": "Triple",
        "lotterypage.seg.any": "any",
        "lotterypage.seg.pair": "Pair",
        "lotterypage.seg.single": "Single number",
        "lotterypage.seg.special": "Special number",
        "lotterypage.seg.colour": "colour",
        "lotterypage.seg.dd": "Đầu đuôi",
        "lotterypage.seg.dau": "Đầu",
        "lotterypage.seg.duoi": "Đuôi",
        "lotterypage.seg.xc": "Xỉu chủ",
        "lotterypage.seg.b2": "Bao lô 2",
        "lotterypage.seg.b3": "Bao lô 3",
        "lotterypage.seg.b4": "Bao lô 4",
        "lotterypage.seg.daob": "Đảo bao 2",
        "lotterypage.seg.daob3": "Đảo bao 3",
        "lotterypage.seg.b7l": "Bao 7 lô",
        "lotterypage.seg.b8l": "Bao 8 lô",
        "lotterypage.seg.big": "Big",
        "lotterypage.seg.small": "Small",
        "lotterypage.opt.big": "Big",
        "lotterypage.opt.small": "Small",
        "lotterypage.opt.odd": "Odd",
        "lotterypage.opt.even": "Even",
        "lotterypage.opt.dragon": "Dragon",
        "lotterypage.opt.tiger": "Tiger",
        "lotterypage.opt.draw": "Tie",
        "lotterypage.opt.red": "Red",
        "lotterypage.opt.blue": "Blue",
        "lotterypage.opt.green": "Green",
        "lotterypage.opt.any": "Any triple",
        "lotterypage.line.win": "Win",
        "lotterypage.line.hit": "Each lô matched",
        "lotterypage.line.nhay": "Nháy bonus: each repeat of a number of the pair",
        "lotterypage.line.first": "1st prize",
        "lotterypage.line.second": "2nd prize",
        "lotterypage.line.third": "3rd prize",
        "lotterypage.line.starter": "Starter",
        "lotterypage.line.consolation": "Consolation",
        # Rules by how a play is picked.
        "lotterypage.rule.positions": (
            "Pick one or more numbers for each position. A bet wins when the drawn numbers "
            "at those positions are your numbers, in order. Every combination of your picks "
            "is one bet."
        ),
        "lotterypage.rule.numbers": (
            "Pick at least {need} numbers. Every group of {need} of them is one bet; a bet "
            "wins when the drawn numbers at the play's positions are that group, in any order."
        ),
        "lotterypage.rule.options": (
            "Pick one or more options; each option is one bet and pays its own odds when it "
            "comes out. Big and small split the range in two halves."
        ),
        "lotterypage.rule.digits": (
            "Type numbers of {digits} digits; each number is one bet on the last digits of "
            "the prizes the play covers, and every prize it matches pays once."
        ),
        # A family's ties, said in its game's rules only (a brand lists the games it offers).
        "lotterypage.rule.ties.k3": "Ties: big/small and odd/even lose on any triple.",
        "lotterypage.rule.ties.11x5": (
            "Ties: a ball of 11 returns the stake of its big/small and odd/even; a total of 30, "
            "that of big/small."
        ),
        "lotterypage.rule.ties.lhc": (
            "Ties: a special number of 49 returns the stake of big/small and odd/even."
        ),
        "lotterypage.rule.stake": (
            "Stake = bets × unit × multiplier. The payout shown on the slip is per winning "
            "bet, stake included, fixed when you bet."
        ),
    },
    "pt": {
        "lotterypage.area.LOTT": "Loteria",
        "lotterypage.area.ELOTT": "Loteria",
        "lotterypage.area.SEA": "Loteria do Sudeste Asiático",
        "lotterypage.area.VN": "Loteria do Vietnã",
        "lotterypage.mode.LOTT": "Padrão · retorno até 90%",
        "lotterypage.mode.ZY": "Alternativa · retorno até 85%",
        "lotterypage.mode.ELOTT": "Dois lados",
        "lotterypage.mode.SEA": "4D",
        "lotterypage.modes": "Tabela de prêmios",
        "lotterypage.lobby.intro": (
            "Cada sorteio é feito a partir de uma semente cuja impressão digital é publicada "
            "antes de abrirem as apostas; qualquer pessoa pode conferi-lo depois."
        ),
        "lotterypage.lobby.empty": (
            "Nenhum jogo desta loteria pode ser jogado aqui nesta tabela de prêmios: nenhum "
            "está aberto ou nenhum atinge o retorno mínimo ao jogador permitido no seu mercado."
        ),
        "lotterypage.family.ssc": "Cinco dígitos",
        "lotterypage.family.11x5": "Onze bolas",
        "lotterypage.family.k3": "Três dados",
        "lotterypage.family.pk10": "Corrida de dez carros",
        "lotterypage.family.lhc": "Mark Six",
        "lotterypage.family.pcb": "Soma 28",
        "lotterypage.family.lf": "Três dígitos",
        "lotterypage.about.ssc": (
            "Saem cinco dígitos de 0 a 9: aposte numa posição, na soma ou em par/ímpar."
        ),
        "lotterypage.about.11x5": "Saem cinco de onze bolas (de 1 a 11): escolha as que vão sair.",
        "lotterypage.about.k3": "Três dados são lançados: aposte na soma, numa trinca ou num par.",
        "lotterypage.about.pk10": (
            "Dez carros numerados chegam numa ordem sorteada: diga quem chega em cada lugar."
        ),
        "lotterypage.about.lhc": "Saem seis números e um número bônus, de 1 a 49.",
        "lotterypage.about.pcb": (
            "Três dígitos de 0 a 9 são somados (de 0 a 27): aposte no total, alto/baixo ou "
            "par/ímpar."
        ),
        "lotterypage.about.lf": (
            "Saem três dígitos de 0 a 9: acerte-os na ordem ou em qualquer ordem."
        ),
        "lotterypage.about.vns": (
            "Sorteios do sul e do centro do Vietnã: 18 prêmios, aposte nos seus últimos dígitos."
        ),
        "lotterypage.about.vnn": (
            "Sorteio do norte do Vietnã: 27 prêmios, aposte nos seus últimos dígitos."
        ),
        "lotterypage.about.4d": (
            "Saem 23 números de quatro dígitos: primeiro, segundo, terceiro, iniciais e de "
            "consolação."
        ),
        "lotterypage.family.vns": "Vietnã Sul/Centro",
        "lotterypage.family.vnn": "Vietnã Norte",
        "lotterypage.family.4d": "4D",
        "lotterypage.game.lhc-hk": "Mark Six Hong Kong",
        "lotterypage.game.vn-mn": "Miền Nam",
        "lotterypage.game.vn-mt": "Miền Trung",
        "lotterypage.game.vn-mb": "Miền Bắc",
        "lotterypage.game.4d-mkt": "Magnum 4D",
        "lotterypage.every": "a cada {minutes} min",
        "lotterypage.entry": "{family} · {minutes} min",
        "lotterypage.official": "sorteio oficial",
        "lotterypage.play_now": "Jogar",
        "lotterypage.next_issue": "Concurso {issue}",
        "lotterypage.closes_in": "Fecha em",
        "lotterypage.no_issue": "Nenhum concurso aberto",
        "lotterypage.closed": "Fechado",
        "lotterypage.back": "Todos os jogos",
        "lotterypage.all_games": "Todos",
        "lotterypage.other_lotteries": "Ver as loterias que você pode jogar",
        "lotterypage.unknown_game": "Não existe jogo de loteria com este código aqui.",
        "lotterypage.not_offered": (
            "Nenhuma modalidade deste jogo atinge o retorno mínimo ao jogador permitido no "
            "seu mercado, por isso ele não pode ser jogado aqui."
        ),
        "lotterypage.current": "Concurso atual",
        "lotterypage.station": "Estação",
        "lotterypage.second_station": "Segunda estação",
        "lotterypage.refresh": "Atualizar",
        "lotterypage.last_result": "Último resultado",
        "lotterypage.no_result": "Nenhum sorteio ainda",
        "lotterypage.seed_hash": "Impressão digital da semente (SHA-256)",
        "lotterypage.plays": "Modalidades",
        "lotterypage.rules": "Regras e tabela de prêmios",
        "lotterypage.rtp": "Retorno ao jogador: {rtp}%",
        "lotterypage.quick.all": "Todos",
        "lotterypage.quick.big": "Altos",
        "lotterypage.quick.small": "Baixos",
        "lotterypage.quick.odd": "Ímpares",
        "lotterypage.quick.even": "Pares",
        "lotterypage.quick.clear": "Limpar",
        "lotterypage.position": "Posição {n}",
        "lotterypage.numbers_need": "Escolha pelo menos {need} números",
        "lotterypage.digits_help": (
            "Digite números de {digits} dígitos separados por espaços, por exemplo {example}."
        ),
        "lotterypage.slip": "Boletim de aposta",
        "lotterypage.unit": "Unidade",
        "lotterypage.multiplier": "Multiplicador",
        "lotterypage.bet_count": "Apostas",
        "lotterypage.stake": "Valor",
        "lotterypage.pays": "Paga por acerto",
        "lotterypage.odds": "Cotação",
        "lotterypage.slip_empty": "Escolha números ou opções para ver o valor e o prêmio.",
        "lotterypage.place": "Apostar",
        "lotterypage.slip_bar.open": "Conferir e apostar",
        "lotterypage.placed": "Aposta de {stake} feita no concurso {issue}.",
        "lotterypage.chase": "Apostas seguidas",
        "lotterypage.chase_issues": "Concursos",
        "lotterypage.chase_stop": "Parar quando uma aposta ganhar",
        "lotterypage.chase_place": "Apostar em sequência",
        "lotterypage.chased": "Apostas feitas em {issues} concursos.",
        "lotterypage.cancel": "Cancelar",
        "lotterypage.cancelled": "Aposta cancelada; o valor voltou ao seu saldo.",
        "lotterypage.my_bets": "Minhas apostas",
        "lotterypage.open_bets": "Abertas",
        "lotterypage.settled_bets": "Liquidadas",
        "lotterypage.no_bets": "Nenhuma aposta ainda.",
        "lotterypage.bet.issue": "Concurso",
        "lotterypage.bet.play": "Modalidade",
        "lotterypage.bet.selection": "Seleção",
        "lotterypage.bet.stake": "Valor",
        "lotterypage.bet.payout": "Prêmio",
        "lotterypage.bet.status": "Situação",
        "lotterypage.status.PENDING": "Aberta",
        "lotterypage.status.SETTLED": "Liquidada",
        "lotterypage.status.CANCELLED": "Cancelada",
        "lotterypage.status.REFUNDED": "Reembolsada",
        "lotterypage.chase_tag": "sequência",
        "lotterypage.history": "Resultados",
        "lotterypage.verify": "Verificar",
        "lotterypage.trend": "Tendência",
        "lotterypage.trend_help": "Quantas vezes cada número saiu nos últimos {count} sorteios.",
        "lotterypage.missing": "Atrasados",
        "lotterypage.missing_help": "Sorteios desde a última vez que cada número saiu.",
        "lotterypage.hits": "Saídas",
        "lotterypage.draws_since": "Sorteios sem sair",
        "lotterypage.vn_codes": "Códigos de aposta",
        "lotterypage.vn_codes_help": (
            "Digite um código por linha, por exemplo: 2dmn 12 34 dd10 ou tg 12b5."
        ),
        "lotterypage.vn_check": "Conferir códigos",
        "lotterypage.vn_ok": "{count} apostas lidas deste código.",
        "lotterypage.vn_place": "Apostar com os códigos",
        "lotterypage.vn_placed": "{count} apostas feitas.",
        "lotterypage.verify.title": "Verificar um sorteio da loteria",
        "lotterypage.verify.find": (
            "Abra os resultados de um jogo e toque em Verificar ao lado de um concurso já "
            "sorteado: esta página refaz o sorteio dele."
        ),
        "lotterypage.verify.game": "Jogo",
        "lotterypage.verify.issue": "Concurso",
        "lotterypage.verify.hash": "Impressão digital publicada da semente (SHA-256)",
        "lotterypage.verify.seed": "Semente do servidor revelada",
        "lotterypage.verify.beacon_round": "Rodada do sinal público (drand)",
        "lotterypage.verify.beacon": "Aleatoriedade do sinal",
        "lotterypage.verify.no_beacon": "nenhum: este jogo sorteia só a partir da semente",
        "lotterypage.verify.stored": "Resultado sorteado",
        "lotterypage.verify.recomputed": "Resultado recalculado agora a partir da semente",
        "lotterypage.verify.hash_ok": "A semente revelada gera a impressão digital publicada.",
        "lotterypage.verify.hash_bad": "A semente revelada NÃO gera a impressão digital.",
        "lotterypage.verify.ok": "Confere: este sorteio foi feito com a semente publicada.",
        "lotterypage.verify.bad": "Não confere.",
        "lotterypage.verify.pending": (
            "Este concurso ainda não foi sorteado: a semente fica secreta até o sorteio."
        ),
        "lotterypage.verify.official": (
            "Este é um sorteio oficial: os números vêm dos resultados oficiais, não de uma semente."
        ),
        "lotterypage.verify.how": (
            "Como entender: a semente é um valor secreto que define os números. A impressão "
            "digital dela foi publicada antes de abrirem as apostas, e a semente é revelada "
            "depois do sorteio. Se a semente bate com a impressão digital, o resultado já "
            "estava definido antes e ninguém o mudou depois; esta página então calcula os "
            "números de novo a partir da semente, e eles têm que ser os sorteados. Quando "
            "aparece um sinal público, o valor dele só saiu depois do fim das apostas: nem nós "
            "podíamos saber o resultado antes."
        ),
        "lotterypage.verify.expert": (
            "Para especialistas: os números são HMAC-SHA256(semente do servidor, jogo, "
            "concurso, sinal) convertidos em números por amostragem com rejeição; o comando "
            "`python -m app.cli lottery-verify JOGO CONCURSO` recalcula o resultado."
        ),
        "lotterypage.verify.browser_checking": "Conferindo no seu navegador…",
        "lotterypage.verify.browser_ok": "Conferido no seu navegador: os números batem",
        "lotterypage.verify.browser_bad_hash": (
            "Conferido no seu navegador: a semente revelada NÃO é a da impressão digital publicada"
        ),
        "lotterypage.verify.browser_bad_numbers": (
            "Conferido no seu navegador: os números NÃO batem"
        ),
        "lotterypage.verify.browser_unavailable": (
            "Seu navegador não conseguiu fazer a conferência aqui (precisa de uma conexão "
            "segura, https)."
        ),
        "lotterypage.verify.browser_about": (
            "O seu próprio navegador refez a conta a partir da semente, sem perguntar nada ao "
            "nosso servidor."
        ),
        "lotterypage.record.title": "Apostas na loteria",
        "lotterypage.record.empty": "Nenhuma aposta na loteria neste período.",
        "lotterypage.record.game": "Jogo",
        "lotterypage.record.time": "Feita em",
        "lotterypage.seg.star5": "5 estrelas",
        "lotterypage.seg.da": "Đá (pares)",
        "lotterypage.seg.da2": "Đá em duas estações",
        "lotterypage.seg.front3": "3 primeiros",
        "lotterypage.seg.top3": "3 primeiros",
        "lotterypage.seg.top2": "2 primeiros",
        "lotterypage.seg.direct": "direto",
        "lotterypage.seg.group": "grupo",
        "lotterypage.seg.group6": "grupo de 6",
        "lotterypage.seg.any2": "Quaisquer 2",
        "lotterypage.seg.any5": "Quaisquer 5",
        "lotterypage.seg.position": "Posição",
        "lotterypage.seg.bsoe": "alto/baixo/ímpar/par",
        "lotterypage.seg.sum": "Soma",
        "lotterypage.seg.dragon_tiger": "Dragão/Tigre",
        "lotterypage.seg.triple": "Trinca",
        "lotterypage.seg.any": "qualquer",
        "lotterypage.seg.pair": "Par de dados",
        "lotterypage.seg.single": "Número simples",
        "lotterypage.seg.special": "Número especial",
        "lotterypage.seg.colour": "cor",
        "lotterypage.seg.dd": "Đầu đuôi",
        "lotterypage.seg.dau": "Đầu",
        "lotterypage.seg.duoi": "Đuôi",
        "lotterypage.seg.xc": "Xỉu chủ",
        "lotterypage.seg.b2": "Bao lô 2",
        "lotterypage.seg.b3": "Bao lô 3",
        "lotterypage.seg.b4": "Bao lô 4",
        "lotterypage.seg.daob": "Đảo bao 2",
        "lotterypage.seg.daob3": "Đảo bao 3",
        "lotterypage.seg.b7l": "Bao 7 lô",
        "lotterypage.seg.b8l": "Bao 8 lô",
        "lotterypage.seg.big": "Big",
        "lotterypage.seg.small": "Small",
        "lotterypage.opt.big": "Alto",
        "lotterypage.opt.small": "Baixo",
        "lotterypage.opt.odd": "Ímpar",
        "lotterypage.opt.even": "Par",
        "lotterypage.opt.dragon": "Dragão",
        "lotterypage.opt.tiger": "Tigre",
        "lotterypage.opt.draw": "Empate",
        "lotterypage.opt.red": "Vermelho",
        "lotterypage.opt.blue": "Azul",
        "lotterypage.opt.green": "Verde",
        "lotterypage.opt.any": "Qualquer trinca",
        "lotterypage.line.win": "Acerto",
        "lotterypage.line.hit": "Cada lô acertado",
        "lotterypage.line.nhay": "Bônus nháy: cada repetição de um número do par",
        "lotterypage.line.first": "1º prêmio",
        "lotterypage.line.second": "2º prêmio",
        "lotterypage.line.third": "3º prêmio",
        "lotterypage.line.starter": "Starter",
        "lotterypage.line.consolation": "Consolação",
        "lotterypage.rule.positions": (
            "Escolha um ou mais números para cada posição. Uma aposta ganha quando os números "
            "sorteados nessas posições são os seus, na ordem. Cada combinação das suas "
            "escolhas é uma aposta."
        ),
        "lotterypage.rule.numbers": (
            "Escolha pelo menos {need} números. Cada grupo de {need} deles é uma aposta; uma "
            "aposta ganha quando os números sorteados nas posições da modalidade são esse "
            "grupo, em qualquer ordem."
        ),
        "lotterypage.rule.options": (
            "Escolha uma ou mais opções; cada opção é uma aposta e paga a sua própria cotação "
            "quando sai. Alto e baixo dividem o intervalo em duas metades."
        ),
        "lotterypage.rule.digits": (
            "Digite números de {digits} dígitos; cada número é uma aposta nos últimos dígitos "
            "dos prêmios que a modalidade cobre, e cada prêmio acertado paga uma vez."
        ),
        "lotterypage.rule.ties.k3": ("Empates: alto/baixo e ímpar/par perdem em qualquer trinca."),
        "lotterypage.rule.ties.11x5": (
            "Empates: uma bola 11 devolve o valor do seu alto/baixo e ímpar/par; uma soma 30, "
            "o de alto/baixo."
        ),
        "lotterypage.rule.ties.lhc": (
            "Empates: o número especial 49 devolve o valor de alto/baixo e ímpar/par."
        ),
        "lotterypage.rule.stake": (
            "Valor = apostas × unidade × multiplicador. O prêmio mostrado no boletim é por "
            "aposta vencedora, com o valor incluído, fixado no momento da aposta."
        ),
    },
}
