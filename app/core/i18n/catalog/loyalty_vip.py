"""VIP levels and rebate ("my income"): error codes, page labels and messages (EN and PT)."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "vip-invalid-config": "This VIP or rebate setting is not valid: {field}.",
        "vip-invalid-period": "This period has not closed yet.",
        "rebate-not-claimable": "There is no rebate to claim.",
        "rebate-invalid-range": "Choose a valid date range.",
        "inbox.VIP_UPGRADE.title": "New VIP level",
        "inbox.VIP_UPGRADE.body": "Congratulations! You reached {level}.",
        "inbox.VIP_REWARD.title": "VIP reward",
        "inbox.VIP_REWARD.body": "A VIP reward of {amount} was credited to your balance.",
        "vip.title": "VIP",
        "vip.current": "Your level",
        "vip.since": "since",
        "vip.next": "Progress to {level}",
        "vip.top": "You are at the top level. Keep playing to keep it.",
        "vip.valid_bet": "Valid bet, last {days} days",
        "vip.deposits": "Deposits, last {days} days",
        "vip.of": "of",
        "vip.benefits": "Benefits of each level",
        "vip.col.level": "Level",
        "vip.col.bet": "Valid bet",
        "vip.col.deposit": "Deposits",
        "vip.col.keep": "To keep",
        "vip.col.boost": "Rebate boost",
        "vip.col.withdraw": "Largest withdrawal",
        "vip.col.per_day": "Withdrawals a day",
        "vip.col.level_up": "Level-up bonus",
        "vip.col.member_day": "Member day",
        "vip.col.sunday": "Sunday best",
        "vip.col.slots": "Slots bonus",
        "vip.slots_value": "{rate} up to {cap}",
        "vip.rules": "Rules",
        "vip.rule.reach": (
            "You reach a level as soon as both your valid bet and your deposits over the last "
            "{days} days reach its thresholds. The level-up bonus of each level is paid once."
        ),
        "vip.rule.keep": (
            "At the close of each calendar month you keep your level if your valid bet over "
            "the last {days} days reaches the level's \u201cto keep\u201d figure; otherwise "
            "you go down one level (never more than one at a time). A level reached during a "
            "month is kept at least until the next close."
        ),
        "vip.rule.weekly": (
            "Sunday best is paid at the end of each week (Sunday) when your valid bet that week "
            "reached {amount}. The slots bonus is a share of that week's slot bets, up to the "
            "level's cap."
        ),
        "vip.rule.member_day": (
            "Member day: on day {day} of each month, paid when your valid bet in the month "
            "before reached {amount}."
        ),
        "vip.rule.cash": (
            "Every VIP reward is paid in cash with no wagering requirement, and only after "
            "play: nothing is given before a bet."
        ),
        "vip.history": "History",
        "vip.history_empty": "No level changes or VIP rewards yet.",
        "vip.event.UPGRADE": "Level up",
        "vip.event.DOWNGRADE": "Level down",
        "vip.event.LEVEL_UP_BONUS": "Level-up bonus",
        "vip.event.MEMBER_DAY": "Member day bonus",
        "vip.event.SUNDAY_BEST": "Sunday best",
        "vip.event.SLOTS_BONUS": "Slots bonus",
        "vip.my_income": "My income",
        "income.title": "My income",
        "income.claimable": "Ready to claim",
        "income.paid": "Paid so far",
        "income.accruing": "Accruing (estimate)",
        "income.claimable_from": "You can claim it from {when}.",
        "income.paid_at": "Paid to your balance at {when}.",
        "income.claim": "Claim",
        "income.claim_all": "Claim all",
        "income.claimed": "{amount} credited to your balance.",
        "income.col.category": "Category",
        "income.col.period": "Period",
        "income.col.base": "Valid bet",
        "income.col.rate": "Rate",
        "income.col.amount": "Amount",
        "income.col.status": "Status",
        "income.status.OPEN": "Accruing",
        "income.status.CLAIMABLE": "Claimable",
        "income.status.PAID": "Paid",
        "income.status.NONE": "No rebate",
        "income.rates": "Rebate rates (your level included)",
        "income.auto": "Rebates are paid automatically when each period closes.",
        "income.manual": "Claim each rebate here once its period has closed.",
        "income.daily": "A period is one day.",
        "income.realtime": "A period is five minutes.",
        "income.rule": (
            "Rebate is paid on the valid bets of your own money, per game category, at the "
            "base rate plus your VIP level's boost."
        ),
        "income.empty": "No rebate in this period.",
    },
    "pt": {
        "vip-invalid-config": "Esta configuração de VIP ou cashback não é válida: {field}.",
        "vip-invalid-period": "Este período ainda não terminou.",
        "rebate-not-claimable": "Não há cashback para resgatar.",
        "rebate-invalid-range": "Escolha um período válido.",
        "inbox.VIP_UPGRADE.title": "Novo nível VIP",
        "inbox.VIP_UPGRADE.body": "Parabéns! Você alcançou o {level}.",
        "inbox.VIP_REWARD.title": "Recompensa VIP",
        "inbox.VIP_REWARD.body": "Uma recompensa VIP de {amount} foi creditada no seu saldo.",
        "vip.title": "VIP",
        "vip.current": "Seu nível",
        "vip.since": "desde",
        "vip.next": "Progresso para o {level}",
        "vip.top": "Você está no nível mais alto. Continue jogando para mantê-lo.",
        "vip.valid_bet": "Aposta válida, últimos {days} dias",
        "vip.deposits": "Depósitos, últimos {days} dias",
        "vip.of": "de",
        "vip.benefits": "Benefícios de cada nível",
        "vip.col.level": "Nível",
        "vip.col.bet": "Aposta válida",
        "vip.col.deposit": "Depósitos",
        "vip.col.keep": "Para manter",
        "vip.col.boost": "Cashback extra",
        "vip.col.withdraw": "Maior saque",
        "vip.col.per_day": "Saques por dia",
        "vip.col.level_up": "Bônus de nível",
        "vip.col.member_day": "Dia do membro",
        "vip.col.sunday": "Bônus de domingo",
        "vip.col.slots": "Bônus de slots",
        "vip.slots_value": "{rate} até {cap}",
        "vip.rules": "Regras",
        "vip.rule.reach": (
            "Você alcança um nível assim que a sua aposta válida e os seus depósitos dos "
            "últimos {days} dias atingem os limites dele. O bônus de cada nível, ao alcançá-lo, é "
            "pago uma única vez."
        ),
        "vip.rule.keep": (
            "No fechamento de cada mês, você mantém o seu nível se a sua aposta válida dos "
            "últimos {days} dias atingir o valor \u201cpara manter\u201d do nível; caso "
            "contrário, desce um nível (nunca mais de um por vez). Um nível alcançado durante "
            "o mês é mantido pelo menos até o próximo fechamento."
        ),
        "vip.rule.weekly": (
            "O bônus de domingo é pago no fim de cada semana (domingo) quando a sua aposta válida "
            "na semana chegou a {amount}. O bônus de slots é uma parte das apostas em slots da "
            "semana, até o teto do nível."
        ),
        "vip.rule.member_day": (
            "Dia do membro: no dia {day} de cada mês, pago quando a sua aposta válida no mês "
            "anterior chegou a {amount}."
        ),
        "vip.rule.cash": (
            "Toda recompensa VIP é paga em dinheiro, sem exigência de apostas, e somente depois "
            "de jogar: nada é dado antes de uma aposta."
        ),
        "vip.history": "Histórico",
        "vip.history_empty": "Nenhuma mudança de nível ou recompensa VIP ainda.",
        "vip.event.UPGRADE": "Subiu de nível",
        "vip.event.DOWNGRADE": "Desceu de nível",
        "vip.event.LEVEL_UP_BONUS": "Bônus por subir de nível",
        "vip.event.MEMBER_DAY": "Bônus do dia do membro",
        "vip.event.SUNDAY_BEST": "Bônus de domingo",
        "vip.event.SLOTS_BONUS": "Bônus de slots",
        "vip.my_income": "Meus ganhos",
        "income.title": "Meus ganhos",
        "income.claimable": "Pronto para resgatar",
        "income.paid": "Pago até agora",
        "income.accruing": "Acumulando (estimativa)",
        "income.claimable_from": "Você pode resgatar a partir de {when}.",
        "income.paid_at": "Creditado no seu saldo em {when}.",
        "income.claim": "Resgatar",
        "income.claim_all": "Resgatar tudo",
        "income.claimed": "{amount} creditado no seu saldo.",
        "income.col.category": "Categoria",
        "income.col.period": "Período",
        "income.col.base": "Aposta válida",
        "income.col.rate": "Taxa",
        "income.col.amount": "Valor",
        "income.col.status": "Situação",
        "income.status.OPEN": "Acumulando",
        "income.status.CLAIMABLE": "Disponível",
        "income.status.PAID": "Pago",
        "income.status.NONE": "Sem cashback",
        "income.rates": "Taxas de cashback (com o seu nível)",
        "income.auto": "O cashback é pago automaticamente no fechamento de cada período.",
        "income.manual": "Resgate cada cashback aqui depois que o período dele terminar.",
        "income.daily": "Cada período é um dia.",
        "income.realtime": "Cada período tem cinco minutos.",
        "income.rule": (
            "O cashback é pago sobre as apostas válidas do seu próprio dinheiro, por categoria "
            "de jogo, com a taxa base mais o bônus do seu nível VIP."
        ),
        "income.empty": "Nenhum cashback neste período.",
    },
}
