"""Player protection: limits, cooling-off and self-exclusion, the retention log's texts."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "protection-limit-invalid": (
            "Enter a limit above zero: an amount with at most two decimals, or a whole number "
            "of bets or minutes."
        ),
        "protection-not-offered": "Limits are not offered on this site.",
        "protection-limit-nothing-pending": "There is no limit change waiting for you.",
        "protection-limit-wait": (
            "For your protection a higher limit waits 24 hours. You can confirm it from {from} "
            "(UTC)."
        ),
        "protection-limit-lapsed": (
            "The confirmation window has passed, so your current limit stays. Ask again if you "
            "still want the change."
        ),
        "protection-excluded": (
            "Your account is paused: play, deposits, transfers and promotions are closed until "
            "the pause ends. You can still see your balance and withdraw it."
        ),
        "protection-exclusion-invalid": (
            "Choose a cooling-off of 1 day to 6 weeks, or a self-exclusion of 6 months or more."
        ),
        "protection-exclusion-shorter": (
            "You already have a pause that lasts as long or longer. It cannot be shortened."
        ),
        "protection-limit-reached-deposit": (
            "This deposit would pass your deposit limit: {left} is left to deposit in this "
            "period. The whole limit is back when the period starts over."
        ),
        "protection-limit-reached-loss": (
            "This bet would pass your loss limit, so it was not placed. Betting resumes when the "
            "limit's period starts over."
        ),
        "protection-limit-reached-wager": (
            "This bet would pass your wagering limit, so it was not placed. Betting resumes "
            "when the limit's period starts over."
        ),
        "protection-limit-reached-bets": (
            "You have reached your limit on the number of bets. Betting resumes when the "
            "limit's period starts over."
        ),
        "protection-limit-reached-time": (
            "You have reached your play time limit. Betting resumes when the limit's period "
            "starts over."
        ),
        "protection.title": "Responsible gaming",
        "protection.intro": (
            "Play for fun, never to make money. Set your own limits, take a break whenever you "
            "need, and see what you spent. Betting is for adults (18+) only."
        ),
        "protection.limits_title": "My limits",
        "protection.limits_intro": (
            "A lower limit applies at once. A higher limit, or removing one, waits 24 hours "
            "and then needs your confirmation."
        ),
        "protection.no_limits": "You have no limits yet.",
        "protection.limit_kind": "Limit",
        "protection.limit_period": "Period",
        "protection.limit_value": "Value (amount, number of bets or minutes)",
        "protection.unit.LOSS": "An amount of money, net of your wins.",
        "protection.unit.DEPOSIT": "An amount of money.",
        "protection.unit.WAGER": "An amount of money, the total of your bets.",
        "protection.unit.BETS": "A number of bets.",
        "protection.unit.TIME": "Minutes of play.",
        "protection.save": "Save limit",
        "protection.saved": "Your limit is saved and applies now.",
        "protection.requested": (
            "Your request is saved. Confirm it here after 24 hours; until then your current "
            "limit holds."
        ),
        "protection.request_withdrawn": "The change was withdrawn; your current limit holds.",
        "protection.pending": "Waiting change:",
        "protection.pending_from": "can be confirmed from",
        "protection.confirm": "Confirm",
        "protection.cancel": "Withdraw request",
        "protection.break_title": "Take a break",
        "protection.break_intro": (
            "A cooling-off (1 day to 6 weeks) or a self-exclusion (6 months or more) closes "
            "play and deposits at once and cannot be shortened. Open lottery bets are refunded; "
            "you can still log in to withdraw your balance."
        ),
        "protection.length": "Length",
        "protection.length.1d": "Cooling-off: 24 hours",
        "protection.length.7d": "Cooling-off: 7 days",
        "protection.length.30d": "Cooling-off: 30 days",
        "protection.length.6w": "Cooling-off: 6 weeks",
        "protection.length.6m": "Self-exclusion: 6 months",
        "protection.length.1y": "Self-exclusion: 1 year",
        "protection.length.indefinite": "Self-exclusion: indefinite",
        "protection.agree": "I understand that this cannot be undone before it ends.",
        "protection.agree_required": "Tick the box to confirm your break.",
        "protection.take_break": "Start my break",
        "protection.paused_until": "Play and deposits are closed until",
        "protection.paused_indefinitely": "Play and deposits are closed indefinitely.",
        "protection.removal": "remove the limit",
        "protection.central_link": (
            "Central self-exclusion platform of the Ministry of Finance (all betting sites)"
        ),
        "protection.activity_title": "My activity",
        "protection.activity.DAY": "Today",
        "protection.activity.WEEK": "This week",
        "protection.activity.MONTH": "This month",
        "protection.activity.deposits": "Deposits",
        "protection.activity.withdrawals": "Withdrawals",
        "protection.activity.stakes": "Bets placed",
        "protection.activity.wins": "Winnings",
        "protection.activity.net": "Net result",
        "protection.activity.bets": "Number of bets",
        "protection.activity.balance": "Balance now",
        "protection-reality-check-due": (
            "Time for a reality check: see how long you have played and your result in the "
            "reality check window, then choose to continue or stop."
        ),
        "protection-reality-check-not-due": "There is no reality check waiting.",
        "protection.event.reality-check-continue": (
            "Reality check: {minutes} minutes played, net result {net}; chose to continue."
        ),
        "protection.event.reality-check-stop": (
            "Reality check: {minutes} minutes played, net result {net}; chose to stop."
        ),
        "protection.reality_title": "Reality check",
        "protection.reality_played": "Time played (minutes)",
        "protection.reality_net": "Net result",
        "protection.reality_continue": "Continue playing",
        "protection.reality_stop": "Stop and log out",
        "protection.reality_continued": "Enjoy your game. We will check in again later.",
        "protection.kind.DEPOSIT": "Deposit",
        "protection.kind.LOSS": "Loss",
        "protection.kind.WAGER": "Wagering",
        "protection.kind.BETS": "Number of bets",
        "protection.kind.TIME": "Play time (minutes)",
        "protection.period.DAY": "per day",
        "protection.period.WEEK": "per week",
        "protection.period.MONTH": "per month",
        "protection.event.limit-applied": "Limit saved: {kind} {period}: {value}.",
        "protection.event.limit-requested": (
            "Limit change requested: {kind} {period}: {value}. It can be confirmed from {from}."
        ),
        "protection.event.limit-confirmed": "Limit change confirmed: {kind} {period}: {value}.",
        "protection.event.limit-lapsed": "A limit change was not confirmed in time: {kind}.",
        "protection.event.limit-request-cancelled": "A limit change was withdrawn: {kind}.",
        "protection.event.limit-alert": (
            "You have used {used} of your limit of {value} ({kind} {period})."
        ),
        "protection.event.exclusion-started": (
            "{kind} started; it ends {until}. Play and deposits are closed; the balance can be "
            "withdrawn."
        ),
        "protection.event.sessions-ended": "Logged-in sessions ended: {count}.",
        "protection.event.lottery-refunded": "Open lottery bets refunded: {count} ({amount}).",
        "protection.event.bonuses-forfeited": "Open bonuses forfeited: {count}.",
        "protection.event.marketing-stopped": "Marketing messages stopped.",
        "protection.exclusion.COOLING_OFF": "Cooling-off",
        "protection.exclusion.SELF_EXCLUSION": "Self-exclusion",
        "protection.exclusion.never": "never (indefinite)",
        "inbox.LIMIT_ALERT.title": "You are close to a limit",
        "inbox.LIMIT_ALERT.body": (
            "You have used {used} of a limit of {value}. See your limits in the member centre."
        ),
        "inbox.LIMIT_CHANGED.title": "Your limits changed",
        "inbox.LIMIT_CHANGED.body": (
            "A change to your limits was saved (new value: {value}). A higher limit waits 24 "
            "hours and your confirmation."
        ),
        "protection.event.closure-notice": (
            "Account closure notice: the CPF is on the list of people barred from betting. The "
            "balance can be withdrawn until {until} (UTC)."
        ),
        "protection.event.closure-refund": (
            "Account closed. The balance of {amount} is being paid to {account} by {due} (UTC)."
        ),
        "protection.event.closure-closed": "Account closed; nothing is owed to the member.",
        "protection.event.closure-unclaimed": (
            "The refund could not be paid: {amount} set apart as unclaimed funds."
        ),
        "inbox.ACCOUNT_CLOSING.title": "Your account will be closed",
        "inbox.ACCOUNT_CLOSING.body": (
            "Your CPF is on the official list of people who may not bet, so this account will "
            "be closed. You can log in and withdraw your balance until {until} (UTC); after "
            "that, we pay what is left to a PIX account in your own CPF."
        ),
        "inbox.ACCOUNT_CLOSED.title": "Your account was closed",
        "inbox.ACCOUNT_CLOSED.body": (
            "Your balance of {amount} is being paid to the PIX key {account} (your CPF) by "
            "{due} (UTC)."
        ),
        "inbox.IDENTITY_RECHECK.title": "Please confirm your identity again",
        "inbox.IDENTITY_RECHECK.body": (
            "We need to check your identity once more. Until then deposits, play and "
            "withdrawals wait: send a photo of your document and a selfie holding it on the "
            "identity page."
        ),
        "inbox.IDENTITY_TRIES_EXCEEDED.title": "Your identity check went to our team",
        "inbox.IDENTITY_TRIES_EXCEEDED.body": (
            "There were too many tries at your name or birth date, so our team will check "
            "your identity. Until then deposits, play and withdrawals wait; you can send a "
            "photo of your document and a selfie holding it on the identity page."
        ),
        "inbox.EXCLUSION_STARTED.title": "Your pause has started",
        "inbox.EXCLUSION_STARTED.body": (
            "Play and deposits are closed until {until} (UTC). Your balance stays yours: you "
            "can log in and withdraw it at any time."
        ),
    },
    "pt": {
        "protection-limit-invalid": (
            "Informe um limite acima de zero: um valor com no máximo duas casas decimais, ou um "
            "número inteiro de apostas ou minutos."
        ),
        "protection-not-offered": "Este site não oferece limites.",
        "protection-limit-nothing-pending": "Não há alteração de limite aguardando você.",
        "protection-limit-wait": (
            "Para sua proteção, um limite maior aguarda 24 horas. Você pode confirmá-lo a partir "
            "de {from} (UTC)."
        ),
        "protection-limit-lapsed": (
            "O prazo de confirmação terminou, então seu limite atual continua valendo. Peça de "
            "novo se ainda quiser a alteração."
        ),
        "protection-excluded": (
            "Sua conta está pausada: apostas, depósitos, transferências e promoções ficam "
            "fechadas até o fim da pausa. Você ainda pode ver seu saldo e sacá-lo."
        ),
        "protection-exclusion-invalid": (
            "Escolha uma pausa de 1 dia a 6 semanas, ou uma autoexclusão de 6 meses ou mais."
        ),
        "protection-exclusion-shorter": (
            "Você já tem uma pausa igual ou mais longa. Ela não pode ser encurtada."
        ),
        "protection-limit-reached-deposit": (
            "Este depósito ultrapassaria seu limite de depósito: neste período ainda cabem "
            "{left}. O limite inteiro volta quando o período recomeçar."
        ),
        "protection-limit-reached-loss": (
            "Esta aposta ultrapassaria seu limite de perda e não foi feita. As apostas voltam "
            "quando o período do limite recomeçar."
        ),
        "protection-limit-reached-wager": (
            "Esta aposta ultrapassaria seu limite de apostas em valor e não foi feita. As "
            "apostas voltam quando o período do limite recomeçar."
        ),
        "protection-limit-reached-bets": (
            "Você atingiu seu limite de número de apostas. As apostas voltam quando o período "
            "do limite recomeçar."
        ),
        "protection-limit-reached-time": (
            "Você atingiu seu limite de tempo de jogo. As apostas voltam quando o período do "
            "limite recomeçar."
        ),
        "protection.title": "Jogo responsável",
        "protection.intro": (
            "Jogue por diversão, nunca para ganhar dinheiro. Defina seus próprios limites, faça "
            "uma pausa quando precisar e veja quanto gastou. Apostas só para maiores de 18 anos."
        ),
        "protection.limits_title": "Meus limites",
        "protection.limits_intro": (
            "Um limite menor vale na hora. Um limite maior, ou a remoção de um limite, aguarda "
            "24 horas e depois precisa da sua confirmação."
        ),
        "protection.no_limits": "Você ainda não tem limites.",
        "protection.limit_kind": "Limite",
        "protection.limit_period": "Período",
        "protection.limit_value": "Valor (quantia, número de apostas ou minutos)",
        "protection.unit.LOSS": "Uma quantia em dinheiro, descontados os seus ganhos.",
        "protection.unit.DEPOSIT": "Uma quantia em dinheiro.",
        "protection.unit.WAGER": "Uma quantia em dinheiro: o total das suas apostas.",
        "protection.unit.BETS": "Um número de apostas.",
        "protection.unit.TIME": "Minutos de jogo.",
        "protection.save": "Salvar limite",
        "protection.saved": "Seu limite foi salvo e já vale.",
        "protection.requested": (
            "Seu pedido foi salvo. Confirme aqui depois de 24 horas; até lá vale o limite atual."
        ),
        "protection.request_withdrawn": "A alteração foi retirada; vale o limite atual.",
        "protection.pending": "Alteração aguardando:",
        "protection.pending_from": "pode ser confirmada a partir de",
        "protection.confirm": "Confirmar",
        "protection.cancel": "Retirar pedido",
        "protection.break_title": "Fazer uma pausa",
        "protection.break_intro": (
            "Uma pausa (1 dia a 6 semanas) ou uma autoexclusão (6 meses ou mais) fecha apostas "
            "e depósitos na hora e não pode ser encurtada. Apostas de loteria em aberto são "
            "reembolsadas; você ainda pode entrar para sacar seu saldo."
        ),
        "protection.length": "Duração",
        "protection.length.1d": "Pausa: 24 horas",
        "protection.length.7d": "Pausa: 7 dias",
        "protection.length.30d": "Pausa: 30 dias",
        "protection.length.6w": "Pausa: 6 semanas",
        "protection.length.6m": "Autoexclusão: 6 meses",
        "protection.length.1y": "Autoexclusão: 1 ano",
        "protection.length.indefinite": "Autoexclusão: por tempo indeterminado",
        "protection.agree": "Entendo que isto não pode ser desfeito antes do fim.",
        "protection.agree_required": "Marque a caixa para confirmar sua pausa.",
        "protection.take_break": "Começar minha pausa",
        "protection.paused_until": "Apostas e depósitos fechados até",
        "protection.paused_indefinitely": "Apostas e depósitos fechados por tempo indeterminado.",
        "protection.removal": "remover o limite",
        "protection.central_link": (
            "Plataforma central de autoexclusão do Ministério da Fazenda (todas as bets)"
        ),
        "protection.activity_title": "Minha atividade",
        "protection.activity.DAY": "Hoje",
        "protection.activity.WEEK": "Esta semana",
        "protection.activity.MONTH": "Este mês",
        "protection.activity.deposits": "Depósitos",
        "protection.activity.withdrawals": "Saques",
        "protection.activity.stakes": "Valor apostado",
        "protection.activity.wins": "Ganhos",
        "protection.activity.net": "Resultado líquido",
        "protection.activity.bets": "Número de apostas",
        "protection.activity.balance": "Saldo atual",
        "protection-reality-check-due": (
            "Hora do alerta de tempo de jogo: veja há quanto tempo você joga e seu resultado "
            "na janela do alerta, e escolha continuar ou parar."
        ),
        "protection-reality-check-not-due": "Não há alerta de tempo de jogo aguardando.",
        "protection.event.reality-check-continue": (
            "Alerta de tempo de jogo: {minutes} minutos jogados, resultado líquido {net}; "
            "escolheu continuar."
        ),
        "protection.event.reality-check-stop": (
            "Alerta de tempo de jogo: {minutes} minutos jogados, resultado líquido {net}; "
            "escolheu parar."
        ),
        "protection.reality_title": "Alerta de tempo de jogo",
        "protection.reality_played": "Tempo de jogo (minutos)",
        "protection.reality_net": "Resultado líquido",
        "protection.reality_continue": "Continuar jogando",
        "protection.reality_stop": "Parar e sair",
        "protection.reality_continued": "Bom jogo. Voltaremos a checar mais tarde.",
        "protection.kind.DEPOSIT": "Depósito",
        "protection.kind.LOSS": "Perda",
        "protection.kind.WAGER": "Valor apostado",
        "protection.kind.BETS": "Número de apostas",
        "protection.kind.TIME": "Tempo de jogo (minutos)",
        "protection.period.DAY": "por dia",
        "protection.period.WEEK": "por semana",
        "protection.period.MONTH": "por mês",
        "protection.event.limit-applied": "Limite salvo: {kind} {period}: {value}.",
        "protection.event.limit-requested": (
            "Alteração de limite solicitada: {kind} {period}: {value}. Pode ser confirmada a "
            "partir de {from}."
        ),
        "protection.event.limit-confirmed": (
            "Alteração de limite confirmada: {kind} {period}: {value}."
        ),
        "protection.event.limit-lapsed": (
            "Uma alteração de limite não foi confirmada a tempo: {kind}."
        ),
        "protection.event.limit-request-cancelled": "Uma alteração de limite foi retirada: {kind}.",
        "protection.event.limit-alert": (
            "Você usou {used} do seu limite de {value} ({kind} {period})."
        ),
        "protection.event.exclusion-started": (
            "{kind} iniciada; termina {until}. Apostas e depósitos fechados; o saldo pode ser "
            "sacado."
        ),
        "protection.event.sessions-ended": "Sessões encerradas: {count}.",
        "protection.event.bonuses-forfeited": "Bônus em aberto perdidos: {count}.",
        "protection.event.lottery-refunded": (
            "Apostas de loteria em aberto reembolsadas: {count} ({amount})."
        ),
        "protection.event.marketing-stopped": "Mensagens de marketing interrompidas.",
        "protection.exclusion.COOLING_OFF": "Pausa",
        "protection.exclusion.SELF_EXCLUSION": "Autoexclusão",
        "protection.exclusion.never": "nunca (por tempo indeterminado)",
        "inbox.LIMIT_ALERT.title": "Você está perto de um limite",
        "inbox.LIMIT_ALERT.body": (
            "Você usou {used} de um limite de {value}. Veja seus limites na central do membro."
        ),
        "inbox.LIMIT_CHANGED.title": "Seus limites mudaram",
        "inbox.LIMIT_CHANGED.body": (
            "Uma alteração nos seus limites foi salva (novo valor: {value}). Um limite maior "
            "aguarda 24 horas e a sua confirmação."
        ),
        "protection.event.closure-notice": (
            "Aviso de encerramento da conta: o CPF está na lista de pessoas impedidas de apostar. "
            "O saldo pode ser sacado até {until} (UTC)."
        ),
        "protection.event.closure-refund": (
            "Conta encerrada. O saldo de {amount} está sendo pago para {account} até {due} (UTC)."
        ),
        "protection.event.closure-closed": "Conta encerrada; nada é devido ao membro.",
        "protection.event.closure-unclaimed": (
            "A devolução não pôde ser paga: {amount} reservado como valor não reclamado."
        ),
        "inbox.ACCOUNT_CLOSING.title": "Sua conta será encerrada",
        "inbox.ACCOUNT_CLOSING.body": (
            "Seu CPF está na lista oficial de pessoas que não podem apostar, por isso esta conta "
            "será encerrada. Você pode entrar e sacar seu saldo até {until} (UTC); depois disso, "
            "pagamos o que sobrar para uma conta PIX no seu próprio CPF."
        ),
        "inbox.ACCOUNT_CLOSED.title": "Sua conta foi encerrada",
        "inbox.ACCOUNT_CLOSED.body": (
            "Seu saldo de {amount} está sendo pago para a chave PIX {account} (seu CPF) até "
            "{due} (UTC)."
        ),
        "inbox.IDENTITY_RECHECK.title": "Confirme sua identidade novamente",
        "inbox.IDENTITY_RECHECK.body": (
            "Precisamos conferir sua identidade mais uma vez. Até lá, depósitos, apostas e "
            "saques aguardam: envie uma foto do seu documento e uma selfie segurando-o na "
            "página de identidade."
        ),
        "inbox.IDENTITY_TRIES_EXCEEDED.title": "Sua identidade foi para a nossa equipe",
        "inbox.IDENTITY_TRIES_EXCEEDED.body": (
            "Houve tentativas demais com seu nome ou data de nascimento, então nossa equipe "
            "vai conferir sua identidade. Até lá, depósitos, apostas e saques aguardam; você "
            "pode enviar uma foto do seu documento e uma selfie segurando-o na página de "
            "identidade."
        ),
        "inbox.EXCLUSION_STARTED.title": "Sua pausa começou",
        "inbox.EXCLUSION_STARTED.body": (
            "Apostas e depósitos estão fechados até {until} (UTC). Seu saldo continua seu: "
            "você pode entrar e sacá-lo a qualquer momento."
        ),
    },
}

# Identity (app/services/identity), the register form's CPF and limits, the public
# responsible-gambling page and the KYC console. Refusals about the barred list use neutral
# words (IN 22/2025): they never say why.
MESSAGES["en"].update(
    {
        "identity-cpf-invalid": "Enter a valid CPF: 11 digits whose check digits match.",
        "identity-cpf-taken": "An account with this CPF already exists. Log in, or ask support.",
        "identity-refused": (
            "We cannot open or use an account with these details. Please contact support."
        ),
        "identity-pending": (
            "Verify your identity first: deposits, bets and withdrawals open once it is done."
        ),
        "identity-provider-unavailable": (
            "The identity check is not answering right now. Nothing was sent; try again soon."
        ),
        "identity-not-required": "This site does not ask for an identity check.",
        "identity-not-submittable": "Your identity is already verified or under review.",
        "identity-name-invalid": "Enter your full name as on your document (letters only).",
        "identity-birth-date-invalid": "Enter your birth date as on your document.",
        "identity-not-in-review": "This identity is not waiting for a decision.",
        "identity-payout-not-own-cpf": (
            "Payouts go only to a PIX key that is your own CPF. Add your CPF as the PIX key."
        ),
        "barred-import-invalid": "The file was not loaded: check line(s) {lines}.",
        "barred-import-too-large": "The file was not loaded: more than {max} rows.",
        "inbox.DEPOSIT_REFUNDED.title": "Deposit returned",
        "inbox.DEPOSIT_REFUNDED.body": (
            "Your deposit {orderNo} of {amount} came from an account in another person's name "
            "(CPF), so it was returned to that account and not credited. Deposit from an "
            "account in your own CPF."
        ),
        "protection.event.identity-registered": "Account opened; identity check pending.",
        "protection.event.identity-verified": "Identity verified; the account is active.",
        "protection.event.profile-changed": "The member changed their data: {fields}.",
        "protection.event.identity-review": "Identity sent for review by our team.",
        "protection.event.identity-rejected": "Identity check not passed ({reason}).",
        "protection.event.identity-barred": "Account restricted after a regulatory check.",
        "register.cpf": "CPF",
        "register.limits.title": "Your limits",
        "register.limits.hint": (
            "Set your own limits now (you can change them later under Responsible gaming). "
            "Empty means no limit."
        ),
        "register.depositLimitDay": "Deposit limit per day (R$)",
        "register.lossLimitDay": "Loss limit per day (R$)",
        "register.timeLimitDay": "Play time per day (minutes)",
        "identity.title": "Verify your identity",
        "identity.verify_first.title": "Verify your identity first",
        "identity.verify_first.body": (
            "Deposits, bets and withdrawals open once your identity is verified. It takes a "
            "few minutes."
        ),
        "identity.verify_first.action": "Verify now",
        "identity.intro": (
            "The law asks us to confirm who you are and that you are 18 or over before you "
            "deposit or play. Enter your name and birth date exactly as on your document."
        ),
        "identity.cpf": "CPF",
        "identity.fullName": "Full name",
        "identity.birthDate": "Birth date",
        "identity.submit": "Verify",
        "identity.status": "Status",
        "identity.status.PENDING": "Waiting for your details",
        "identity.status.REVIEW": "Under review by our team",
        "identity.status.VERIFIED": "Verified",
        "identity.status.REJECTED": "Not verified: check your details and try again",
        "identity.status.UNDERAGE": "Not verified: under the minimum age",
        "identity.underage.text": (
            "Betting is allowed only from {age} years of age, as the document checked shows. "
            "If that is a mistake, contact customer service."
        ),
        "identity.banner": "Verify your identity to deposit and play.",
        "identity.banner.link": "Verify now",
        "identity.verified.text": "You are verified. Deposits and play are open.",
        "identity.review.text": "Our team is checking your document. We will let you know.",
        "identity.documents.title": "Send your document",
        "identity.documents.hint": (
            "Photos of the front and back of your ID (RG or CNH) and a selfie holding it: "
            "PNG or JPG, up to 5 MB each, at most 3."
        ),
        "identity.documents.send": "Send the document",
        "identity.documents.received": "Images received",
        "identity.documents.sent": "Sent. Our team will read them and let you know.",
        "identity-documents-required": "Choose 1 to {max} images of your document.",
        "protection.event.identity-documents": "Document images sent for review: {count}.",
        "protection.event.identity-liveness": "Liveness check of the images: {outcome} ({score}).",
        "identity.deposit.link": "Make a deposit",
        "rg.title": "Responsible gambling",
        "rg.intro": (
            "Betting is entertainment, never a way to earn money. Only people aged 18 or over "
            "may play. These are the tools {brand} gives you to stay in control."
        ),
        "rg.tools.title": "Tools you can use",
        "rg.tools.limits": (
            "Limits on deposits, losses, wagering, number of bets and play time, per day, week "
            "or month. Lowering is immediate; raising waits 24 hours."
        ),
        "rg.tools.reality": "A reminder every 60 minutes of play with your time and result.",
        "rg.tools.breaks": "A cooling-off pause of 1 day to 6 weeks.",
        "rg.tools.exclusion": (
            "Self-exclusion of 6 months or more, or indefinite. Open bets are refunded and "
            "your balance can be withdrawn."
        ),
        "rg.tools.activity": "A statement of your deposits, withdrawals, bets and net result.",
        "rg.manage": "Manage my limits and breaks",
        "rg.central": "Central self-exclusion platform (gov.br)",
        "rg.signs.title": "Signs to watch for",
        "rg.signs.chasing": "Betting more to win back what you lost.",
        "rg.signs.money": "Betting money meant for bills, food or family.",
        "rg.signs.time": "Playing longer than you planned, or hiding it from others.",
        "rg.signs.mood": "Feeling anxious or irritable when you are not playing.",
        "rg.help.title": "Where to find help",
        "rg.help.cvv": "CVV — Centro de Valorização da Vida: call 188 (free, 24 hours)",
        "rg.help.caps": "CAPS — the public health network's psychosocial care centres (SUS)",
        "rg.help.ja": "Jogadores Anônimos (Gamblers Anonymous) Brasil",
        "rg.help.gambling-therapy": "Gambling Therapy: free online support in many languages",
        "footer.responsible.page": "Responsible gambling",
        "kyc.nav": "KYC",
        "kyc.title": "Identity verification",
        "kyc.queue": "Waiting for a decision",
        "kyc.queue.empty": "Nothing waiting.",
        "kyc.member": "Member",
        "kyc.cpf": "CPF",
        "kyc.name": "Full name",
        "kyc.claimed": "Birth date given",
        "kyc.submitted": "Sent",
        "kyc.why": "Provider's note",
        "kyc.reason": "Reason (required to reject)",
        "kyc.open": "Decide",
        "kyc.documents": "Documents",
        "kyc.liveness": "Liveness",
        "kyc.liveness.none": "Not checked",
        "kyc.liveness.PASSED": "Passed ({score})",
        "kyc.liveness.FAILED": "Failed",
        "kyc.liveness.REVIEW": "Inconclusive",
        "kyc.liveness.why.selfie-missing": "no selfie with the document",
        "kyc.liveness.why.not-a-live-face": "the selfie is a copy of the document",
        "kyc.no_documents": "The member has sent no document yet.",
        "kyc.why.document-unreadable": "Document could not be read",
        "kyc.why.name-mismatch": "Name does not match the document",
        "kyc.why.reverification": "Re-verification asked by staff",
        "kyc.reverify": "Ask a verified member to verify again",
        "kyc.reverify.member": "Member id",
        "kyc.reverify.reason": "Reason (kept in the audit log)",
        "kyc.reverify.send": "Ask to verify again",
        "kyc.reverified": "The member's identity is back under review.",
        "identity-not-verified": "This identity is not verified.",
        "protection.event.identity-reverification": (
            "Asked to confirm the identity again (documents and selfie)."
        ),
        "kyc.why.too-many-tries": "Too many tries at the name, birth date or payee name",
        "protection.event.identity-tries": "Too many identity tries ({step}): sent to review.",
        "protection.event.login-failures": (
            "{count} failed logins from unknown devices within an hour."
        ),
        "kyc.approve": "Approve",
        "kyc.reject": "Reject",
        "kyc.approved": "Approved.",
        "kyc.rejected": "Rejected.",
        "kyc-reason-required": "Write the reason.",
        "kyc.barred": "Barred list",
        "kyc.barred.counts": "People on each list",
        "kyc.barred.search": "Search by CPF",
        "kyc.barred.list": "List",
        "kyc.barred.source": "Source file",
        "kyc.barred.imported": "Loaded",
        "kyc.barred.hint": "Load a list with: python -m app.cli barred-import FILE.csv",
    }
)
MESSAGES["pt"].update(
    {
        "identity-cpf-invalid": (
            "Informe um CPF válido: 11 dígitos com dígitos verificadores corretos."
        ),
        "identity-cpf-taken": "Já existe uma conta com este CPF. Entre nela ou fale com o suporte.",
        "identity-refused": (
            "Não é possível abrir ou usar uma conta com estes dados. Fale com o suporte."
        ),
        "identity-pending": (
            "Verifique sua identidade primeiro: depósitos, apostas e saques são liberados "
            "depois disso."
        ),
        "identity-provider-unavailable": (
            "A verificação de identidade não está respondendo agora. Nada foi enviado; tente "
            "de novo em instantes."
        ),
        "identity-not-required": "Este site não pede verificação de identidade.",
        "identity-not-submittable": "Sua identidade já está verificada ou em análise.",
        "identity-name-invalid": "Informe seu nome completo como no documento (só letras).",
        "identity-birth-date-invalid": "Informe sua data de nascimento como no documento.",
        "identity-not-in-review": "Esta identidade não está aguardando decisão.",
        "identity-payout-not-own-cpf": (
            "Os saques vão apenas para uma chave PIX que seja o seu próprio CPF. Cadastre seu "
            "CPF como chave PIX."
        ),
        "barred-import-invalid": "O arquivo não foi carregado: verifique a(s) linha(s) {lines}.",
        "barred-import-too-large": "O arquivo não foi carregado: mais de {max} linhas.",
        "inbox.DEPOSIT_REFUNDED.title": "Depósito devolvido",
        "inbox.DEPOSIT_REFUNDED.body": (
            "Seu depósito {orderNo} de {amount} veio de uma conta em nome de outra pessoa "
            "(CPF), por isso foi devolvido a essa conta e não creditado. Deposite a partir de "
            "uma conta no seu próprio CPF."
        ),
        "protection.event.identity-registered": "Conta aberta; verificação de identidade pendente.",
        "protection.event.identity-verified": "Identidade verificada; a conta está ativa.",
        "protection.event.profile-changed": "O membro alterou seus dados: {fields}.",
        "protection.event.identity-review": "Identidade enviada para análise da nossa equipe.",
        "protection.event.identity-rejected": "Verificação de identidade não aprovada ({reason}).",
        "protection.event.identity-barred": "Conta restrita após uma verificação regulatória.",
        "register.cpf": "CPF",
        "register.limits.title": "Seus limites",
        "register.limits.hint": (
            "Defina já seus próprios limites (você pode mudá-los depois em Jogo responsável). "
            "Em branco: sem limite."
        ),
        "register.depositLimitDay": "Limite de depósito por dia (R$)",
        "register.lossLimitDay": "Limite de perda por dia (R$)",
        "register.timeLimitDay": "Tempo de jogo por dia (minutos)",
        "identity.title": "Verifique sua identidade",
        "identity.verify_first.title": "Verifique sua identidade primeiro",
        "identity.verify_first.body": (
            "Depósitos, apostas e saques são liberados assim que a sua identidade for "
            "verificada. Leva poucos minutos."
        ),
        "identity.verify_first.action": "Verificar agora",
        "identity.intro": (
            "A lei pede que confirmemos quem você é e que você tem 18 anos ou mais antes de "
            "depositar ou jogar. Informe seu nome e data de nascimento exatamente como no "
            "documento."
        ),
        "identity.cpf": "CPF",
        "identity.fullName": "Nome completo",
        "identity.birthDate": "Data de nascimento",
        "identity.submit": "Verificar",
        "identity.status": "Situação",
        "identity.status.PENDING": "Aguardando seus dados",
        "identity.status.REVIEW": "Em análise pela nossa equipe",
        "identity.status.VERIFIED": "Verificada",
        "identity.status.REJECTED": "Não verificada: confira seus dados e tente de novo",
        "identity.status.UNDERAGE": "Não verificada: abaixo da idade mínima",
        "identity.underage.text": (
            "Apostar só é permitido a partir dos {age} anos, como mostra o documento conferido. "
            "Se houver um engano, fale com o atendimento."
        ),
        "identity.banner": "Verifique sua identidade para depositar e jogar.",
        "identity.banner.link": "Verificar agora",
        "identity.verified.text": "Você está verificado. Depósitos e jogos liberados.",
        "identity.review.text": "Nossa equipe está conferindo seu documento. Avisaremos você.",
        "identity.documents.title": "Envie seu documento",
        "identity.documents.hint": (
            "Fotos da frente e do verso do seu documento (RG ou CNH) e uma selfie segurando-o: "
            "PNG ou JPG, até 5 MB cada, no máximo 3."
        ),
        "identity.documents.send": "Enviar o documento",
        "identity.documents.received": "Imagens recebidas",
        "identity.documents.sent": "Enviado. Nossa equipe vai conferir e avisar você.",
        "identity-documents-required": "Escolha de 1 a {max} imagens do seu documento.",
        "protection.event.identity-documents": (
            "Imagens do documento enviadas para análise: {count}."
        ),
        "protection.event.identity-liveness": (
            "Verificação de prova de vida das imagens: {outcome} ({score})."
        ),
        "identity.deposit.link": "Fazer um depósito",
        "rg.title": "Jogo responsável",
        "rg.intro": (
            "Apostar é diversão, nunca uma forma de ganhar dinheiro. Só maiores de 18 anos "
            "podem jogar. Estas são as ferramentas que a {brand} oferece para você manter o "
            "controle."
        ),
        "rg.tools.title": "Ferramentas à sua disposição",
        "rg.tools.limits": (
            "Limites de depósito, perda, valor apostado, número de apostas e tempo de jogo, "
            "por dia, semana ou mês. Reduzir vale na hora; aumentar espera 24 horas."
        ),
        "rg.tools.reality": "Um aviso a cada 60 minutos de jogo com seu tempo e resultado.",
        "rg.tools.breaks": "Uma pausa de 1 dia a 6 semanas.",
        "rg.tools.exclusion": (
            "Autoexclusão de 6 meses ou mais, ou por tempo indeterminado. Apostas em aberto são "
            "reembolsadas e seu saldo pode ser sacado."
        ),
        "rg.tools.activity": "Um extrato dos seus depósitos, saques, apostas e resultado.",
        "rg.manage": "Gerenciar meus limites e pausas",
        "rg.central": "Plataforma centralizada de autoexclusão (gov.br)",
        "rg.signs.title": "Sinais de alerta",
        "rg.signs.chasing": "Apostar mais para recuperar o que perdeu.",
        "rg.signs.money": "Apostar dinheiro de contas, comida ou da família.",
        "rg.signs.time": "Jogar mais tempo do que planejou, ou esconder isso dos outros.",
        "rg.signs.mood": "Ficar ansioso ou irritado quando não está jogando.",
        "rg.help.title": "Onde buscar ajuda",
        "rg.help.cvv": "CVV — Centro de Valorização da Vida: ligue 188 (gratuito, 24 horas)",
        "rg.help.caps": "CAPS — Centros de Atenção Psicossocial da rede pública (SUS)",
        "rg.help.ja": "Jogadores Anônimos Brasil",
        "rg.help.gambling-therapy": "Gambling Therapy: apoio on-line gratuito em vários idiomas",
        "footer.responsible.page": "Jogo responsável",
        "kyc.nav": "KYC",
        "kyc.title": "Verificação de identidade",
        "kyc.queue": "Aguardando decisão",
        "kyc.queue.empty": "Nada aguardando.",
        "kyc.member": "Membro",
        "kyc.cpf": "CPF",
        "kyc.name": "Nome completo",
        "kyc.claimed": "Nascimento informado",
        "kyc.submitted": "Enviado",
        "kyc.why": "Nota do provedor",
        "kyc.reason": "Motivo (obrigatório para recusar)",
        "kyc.open": "Decidir",
        "kyc.documents": "Documentos",
        "kyc.liveness": "Prova de vida",
        "kyc.liveness.none": "Não verificada",
        "kyc.liveness.PASSED": "Aprovada ({score})",
        "kyc.liveness.FAILED": "Reprovada",
        "kyc.liveness.REVIEW": "Inconclusiva",
        "kyc.liveness.why.selfie-missing": "sem selfie com o documento",
        "kyc.liveness.why.not-a-live-face": "a selfie é uma cópia do documento",
        "kyc.no_documents": "O membro ainda não enviou documentos.",
        "kyc.why.document-unreadable": "Documento ilegível",
        "kyc.why.name-mismatch": "Nome diferente do documento",
        "kyc.why.reverification": "Nova verificação pedida pela equipe",
        "kyc.reverify": "Pedir nova verificação a um membro verificado",
        "kyc.reverify.member": "Id do membro",
        "kyc.reverify.reason": "Motivo (fica no registro de auditoria)",
        "kyc.reverify.send": "Pedir nova verificação",
        "kyc.reverified": "A identidade do membro voltou para análise.",
        "identity-not-verified": "Esta identidade não está verificada.",
        "protection.event.identity-reverification": (
            "Pedido para confirmar a identidade novamente (documentos e selfie)."
        ),
        "kyc.why.too-many-tries": "Tentativas demais de nome, data de nascimento ou titular",
        "protection.event.identity-tries": (
            "Tentativas de identidade demais ({step}): enviada para análise."
        ),
        "protection.event.login-failures": (
            "{count} entradas erradas de dispositivos desconhecidos em uma hora."
        ),
        "kyc.approve": "Aprovar",
        "kyc.reject": "Recusar",
        "kyc.approved": "Aprovado.",
        "kyc.rejected": "Recusado.",
        "kyc-reason-required": "Escreva o motivo.",
        "kyc.barred": "Lista de impedidos",
        "kyc.barred.counts": "Pessoas em cada lista",
        "kyc.barred.search": "Buscar por CPF",
        "kyc.barred.list": "Lista",
        "kyc.barred.source": "Arquivo de origem",
        "kyc.barred.imported": "Carregado",
        "kyc.barred.hint": "Carregue uma lista com: python -m app.cli barred-import ARQUIVO.csv",
    }
)
