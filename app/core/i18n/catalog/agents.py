"""Agents and affiliates: errors, inbox messages and the agent centre's labels."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "agent-only": "Only agents can use the agent centre.",
        "agent-invalid-upline": "This upline cannot take this member.",
        "agent-tree-too-deep": "The team is too deep to add another level.",
        "agent-not-in-downline": "This member is not in your team.",
        "agent-invalid-period": "Choose a valid period.",
        "agent-contract-invalid-kind": "Choose a valid contract type.",
        "agent-contract-invalid-terms": (
            "Check the contract terms: rates between 0 and the maximum, with at most 4 "
            "decimals, and amounts in cents."
        ),
        "agent-contract-rate-too-high": (
            "This rate is above what your own contract allows. Offer a rate up to your own."
        ),
        "agent-contract-upline-has-none": (
            "You need a contract of this type yourself before you can offer one. Ask your "
            "upline (the house, for a top agent) to offer you one first."
        ),
        "agent-contract-kind-off": "This type of contract is not available on this site.",
        "agent-contract-unknown": "This contract was not found.",
        "agent-contract-not-pending": "This contract cannot be changed this way any more.",
        "agent-contract-invalid-action": "Choose accept, reject, terminate or confirm.",
        "agent-register-invalid-username": ("The username must have 6 to 16 letters and digits."),
        "agent-register-invalid-password": (
            "The password must have 8 to 64 characters and not be a common one."
        ),
        "agent-transfer-invalid-amount": "Enter an amount within the transfer limits.",
        "agent-transfer-not-allowed": "You can transfer only to your team or to your upline.",
        "affiliate-application-invalid": "Tell us where you will promote us (3 to 200 characters).",
        "affiliate-application-exists": "You already have an application or are an affiliate.",
        "affiliate-application-unknown": "This application was not found or is decided.",
        "inbox.AFFILIATE_APPROVED.title": "You are now an affiliate",
        "inbox.AFFILIATE_APPROVED.body": (
            "Your affiliate application was approved. Open the agent centre for your referral "
            "link and your next step."
        ),
        "inbox.AFFILIATE_REJECTED.title": "Affiliate application not approved",
        "inbox.AFFILIATE_REJECTED.body": (
            "Your affiliate application was not approved this time. You may apply again with "
            "more detail about where you will promote us."
        ),
        "inbox.AGENT_CONTRACT_OFFERED.title": "New contract offer",
        "inbox.AGENT_CONTRACT_OFFERED.body": (
            "You were offered a {kind} contract. Open your agent home to accept or reject it."
        ),
        "inbox.AGENT_CONTRACT_ACCEPTED.title": "Contract accepted",
        "inbox.AGENT_CONTRACT_ACCEPTED.body": "Your downline accepted your {kind} contract.",
        "inbox.AGENT_CONTRACT_REJECTED.title": "Contract rejected",
        "inbox.AGENT_CONTRACT_REJECTED.body": "Your downline rejected your {kind} contract.",
        "inbox.AGENT_CONTRACT_END_REQUESTED.title": "Contract termination requested",
        "inbox.AGENT_CONTRACT_END_REQUESTED.body": (
            "The other side asked to end the {kind} contract. Open it to agree."
        ),
        "inbox.AGENT_CONTRACT_ENDED.title": "Contract ended",
        "inbox.AGENT_CONTRACT_ENDED.body": "Your {kind} contract has ended.",
        "inbox.AGENT_PAID.title": "Team pay credited",
        "inbox.AGENT_PAID.body": "Your {kind} of {amount} was credited to your balance.",
        "inbox.AGENT_TRANSFER_SENT.title": "Transfer sent",
        "inbox.AGENT_TRANSFER_SENT.body": "You sent {amount} to {other}.",
        "inbox.AGENT_TRANSFER_RECEIVED.title": "Transfer received",
        "inbox.AGENT_TRANSFER_RECEIVED.body": "You received {amount} from {other}.",
        "inbox.AGENT_TRANSFER_RETURNED.title": "Transfer returned",
        "inbox.AGENT_TRANSFER_RETURNED.body": (
            "After a review, your transfer of {amount} to {other} went back to your balance."
        ),
        "agent.kind.DIVIDEND": "Dividend",
        "agent.kind.DAILY_SALARY": "Daily salary",
        "agent.kind.HOURLY_SALARY": "Hourly salary",
        "agent.kind.REALTIME_SALARY": "Real-time salary",
        "agent.status.OFFERED": "Offered",
        "agent.status.ACTIVE": "Active",
        "agent.status.REJECTED": "Rejected",
        "agent.status.TERMINATION_REQUESTED": "Termination requested",
        "agent.status.TERMINATED": "Terminated",
        "agent.status.SUPERSEDED": "Replaced",
        "agent.status.WITHDRAWN": "Withdrawn",
        "agent.home.title": "Agent home",
        "agent.home.team_turnover": "Team turnover today",
        "agent.home.direct_turnover": "Direct turnover today",
        "agent.home.estimated": "Estimated pay today",
        "agent.home.yesterday": "Yesterday's pay",
        "agent.home.unclaimed": "Unclaimed",
        "agent.home.team_size": "Team members",
        "agent.home.active_today": "Active today",
        "agent.home.pending_offers": "Contract offers waiting for you",
        "agent.home.no_offers": "No offers waiting.",
        "agent.register.title": "Register a downline",
        "agent.register.as_agent": "Sub-agent (can have a team)",
        "agent.register.first_steps": (
            "Before playing, the new member must change this password at their first login."
        ),
        "agent.register.first_steps_identity": (
            "Before playing, the new member must change this password at their first login "
            "and add their CPF on the identity page."
        ),
        "agent.register.done": "Account {username} created in your team.",
        "agent.downlines.title": "Downline management",
        "agent.downlines.search": "Search by username",
        "agent.downlines.direct": "Direct",
        "agent.downlines.level": "Level",
        "agent.downlines.registered": "Registered",
        "agent.downlines.offer": "Offer contract",
        "agent.downlines.empty": "No members in your team yet.",
        "agent.contract.title": "Contract",
        "agent.contract.rate": "Rate (%)",
        "agent.contract.min_active": "Minimum active members",
        "agent.contract.min_valid_bet": "Minimum period valid bet",
        "agent.contract.send": "Send offer",
        "agent.contract.cancel": "Cancel",
        "agent.contract.sent": "Offer sent.",
        "agent.contract.own": "Your contract ({kind}): {rate}%. You can offer up to that rate.",
        "agent.contract.own_none": (
            "You have no contract of this kind in force: an offer of it would be refused."
        ),
        "agent.contract.offered_by": "offered by {upline} on {date}",
        "agent.contract.offered_by_house": "offered by the house on {date}",
        "agent.contract.accept": "Accept",
        "agent.contract.reject": "Reject",
        "agent.contract.terminate": "Request termination",
        "agent.contract.confirm": "Agree to end",
        "agent.contract.tiers": "Tiers",
        "agent.contract.none": "No contracts.",
        "agent.wages.title": "Daily wages",
        "agent.wages.line": (
            "Tier {tier} (active members: {active}): {rate}% × team valid bet {base}, "
            "less your downlines' {below}"
        ),
        "agent.wages.no_tier": "No tier reached (team valid bet {base})",
        "agent.wages.formula": "How it was computed",
        "agent.wages.total": "Total",
        "agent.nav.home": "Agent home",
        "agent.nav.register": "Register downline",
        "agent.nav.downlines": "Downlines",
        "agent.nav.wages": "Daily wages",
        "agent.nav.contracts": "Contracts",
    },
    "pt": {
        "agent-only": "Apenas agentes podem usar a central do agente.",
        "agent-invalid-upline": "Este superior não pode receber este membro.",
        "agent-tree-too-deep": "A equipe já tem níveis demais para adicionar outro.",
        "agent-not-in-downline": "Este membro não está na sua equipe.",
        "agent-invalid-period": "Escolha um período válido.",
        "agent-contract-invalid-kind": "Escolha um tipo de contrato válido.",
        "agent-contract-invalid-terms": (
            "Confira os termos do contrato: taxas entre 0 e o máximo, com no máximo 4 "
            "casas decimais, e valores em centavos."
        ),
        "agent-contract-rate-too-high": (
            "Esta taxa é maior do que o seu próprio contrato permite. Ofereça até a sua taxa."
        ),
        "agent-contract-upline-has-none": (
            "Você precisa ter um contrato deste tipo antes de oferecer um. Peça primeiro ao seu "
            "agente superior (à casa, se você for um agente principal) que lhe ofereça um."
        ),
        "agent-contract-kind-off": "Este tipo de contrato não está disponível neste site.",
        "agent-contract-unknown": "Contrato não encontrado.",
        "agent-contract-not-pending": "Este contrato não pode mais ser alterado assim.",
        "agent-contract-invalid-action": "Escolha aceitar, recusar, encerrar ou confirmar.",
        "agent-register-invalid-username": (
            "O nome de usuário deve ter de 6 a 16 letras e números."
        ),
        "agent-register-invalid-password": (
            "A senha deve ter de 8 a 64 caracteres e não ser uma senha comum."
        ),
        "agent-transfer-invalid-amount": "Informe um valor dentro dos limites de transferência.",
        "agent-transfer-not-allowed": (
            "Você só pode transferir para a sua equipe ou para o seu superior."
        ),
        "affiliate-application-invalid": (
            "Conte onde você vai nos divulgar (de 3 a 200 caracteres)."
        ),
        "affiliate-application-exists": "Você já tem uma inscrição ou já é afiliado.",
        "affiliate-application-unknown": "Inscrição não encontrada ou já decidida.",
        "inbox.AFFILIATE_APPROVED.title": "Agora você é afiliado",
        "inbox.AFFILIATE_APPROVED.body": (
            "Sua inscrição como afiliado foi aprovada. Abra a central do agente para ver seu link "
            "de indicação e o próximo passo."
        ),
        "inbox.AFFILIATE_REJECTED.title": "Inscrição de afiliado não aprovada",
        "inbox.AFFILIATE_REJECTED.body": (
            "Sua inscrição como afiliado não foi aprovada desta vez. Você pode se inscrever de "
            "novo, contando melhor onde vai nos divulgar."
        ),
        "inbox.AGENT_CONTRACT_OFFERED.title": "Nova oferta de contrato",
        "inbox.AGENT_CONTRACT_OFFERED.body": (
            "Você recebeu uma oferta de contrato de {kind}. Abra o início do agente para aceitar "
            "ou recusar."
        ),
        "inbox.AGENT_CONTRACT_ACCEPTED.title": "Contrato aceito",
        "inbox.AGENT_CONTRACT_ACCEPTED.body": "Seu subordinado aceitou o contrato de {kind}.",
        "inbox.AGENT_CONTRACT_REJECTED.title": "Contrato recusado",
        "inbox.AGENT_CONTRACT_REJECTED.body": "Seu subordinado recusou o contrato de {kind}.",
        "inbox.AGENT_CONTRACT_END_REQUESTED.title": "Pedido de encerramento de contrato",
        "inbox.AGENT_CONTRACT_END_REQUESTED.body": (
            "A outra parte pediu para encerrar o contrato de {kind}. Abra-o para concordar."
        ),
        "inbox.AGENT_CONTRACT_ENDED.title": "Contrato encerrado",
        "inbox.AGENT_CONTRACT_ENDED.body": "Seu contrato de {kind} foi encerrado.",
        "inbox.AGENT_PAID.title": "Pagamento da equipe creditado",
        "inbox.AGENT_PAID.body": "Seu {kind} de {amount} foi creditado no seu saldo.",
        "inbox.AGENT_TRANSFER_SENT.title": "Transferência enviada",
        "inbox.AGENT_TRANSFER_SENT.body": "Você enviou {amount} para {other}.",
        "inbox.AGENT_TRANSFER_RECEIVED.title": "Transferência recebida",
        "inbox.AGENT_TRANSFER_RECEIVED.body": "Você recebeu {amount} de {other}.",
        "inbox.AGENT_TRANSFER_RETURNED.title": "Transferência devolvida",
        "inbox.AGENT_TRANSFER_RETURNED.body": (
            "Após uma análise, sua transferência de {amount} para {other} voltou ao seu saldo."
        ),
        "agent.kind.DIVIDEND": "Dividendo",
        "agent.kind.DAILY_SALARY": "Salário diário",
        "agent.kind.HOURLY_SALARY": "Salário por hora",
        "agent.kind.REALTIME_SALARY": "Salário em tempo real",
        "agent.status.OFFERED": "Oferecido",
        "agent.status.ACTIVE": "Ativo",
        "agent.status.REJECTED": "Recusado",
        "agent.status.TERMINATION_REQUESTED": "Encerramento pedido",
        "agent.status.TERMINATED": "Encerrado",
        "agent.status.SUPERSEDED": "Substituído",
        "agent.status.WITHDRAWN": "Retirado",
        "agent.home.title": "Início do agente",
        "agent.home.team_turnover": "Volume da equipe hoje",
        "agent.home.direct_turnover": "Volume direto hoje",
        "agent.home.estimated": "Pagamento estimado hoje",
        "agent.home.yesterday": "Pagamento de ontem",
        "agent.home.unclaimed": "Não resgatado",
        "agent.home.team_size": "Membros da equipe",
        "agent.home.active_today": "Ativos hoje",
        "agent.home.pending_offers": "Ofertas de contrato esperando por você",
        "agent.home.no_offers": "Nenhuma oferta esperando.",
        "agent.register.title": "Cadastrar subordinado",
        "agent.register.as_agent": "Subagente (pode ter equipe)",
        "agent.register.first_steps": (
            "Antes de jogar, o novo membro precisa trocar esta senha no primeiro acesso."
        ),
        "agent.register.first_steps_identity": (
            "Antes de jogar, o novo membro precisa trocar esta senha no primeiro acesso "
            "e informar o CPF na página de verificação de identidade."
        ),
        "agent.register.done": "Conta {username} criada na sua equipe.",
        "agent.downlines.title": "Gestão de subordinados",
        "agent.downlines.search": "Buscar por usuário",
        "agent.downlines.direct": "Direto",
        "agent.downlines.level": "Nível",
        "agent.downlines.registered": "Cadastro",
        "agent.downlines.offer": "Oferecer contrato",
        "agent.downlines.empty": "Ainda não há membros na sua equipe.",
        "agent.contract.title": "Contrato",
        "agent.contract.rate": "Taxa (%)",
        "agent.contract.min_active": "Mínimo de membros ativos",
        "agent.contract.min_valid_bet": "Aposta válida mínima do período",
        "agent.contract.send": "Enviar oferta",
        "agent.contract.cancel": "Cancelar",
        "agent.contract.sent": "Oferta enviada.",
        "agent.contract.own": "Seu contrato ({kind}): {rate}%. Você pode oferecer até essa taxa.",
        "agent.contract.own_none": (
            "Você não tem contrato deste tipo em vigor: uma oferta dele seria recusada."
        ),
        "agent.contract.offered_by": "oferecido por {upline} em {date}",
        "agent.contract.offered_by_house": "oferecido pela casa em {date}",
        "agent.contract.accept": "Aceitar",
        "agent.contract.reject": "Recusar",
        "agent.contract.terminate": "Pedir encerramento",
        "agent.contract.confirm": "Concordar em encerrar",
        "agent.contract.tiers": "Faixas",
        "agent.contract.none": "Nenhum contrato.",
        "agent.wages.title": "Salário diário",
        "agent.wages.line": (
            "Faixa {tier} (membros ativos: {active}): {rate}% × aposta válida da equipe {base}, "
            "menos {below} dos seus subordinados"
        ),
        "agent.wages.no_tier": "Nenhuma faixa atingida (aposta válida da equipe {base})",
        "agent.wages.formula": "Como foi calculado",
        "agent.wages.total": "Total",
        "agent.nav.home": "Início do agente",
        "agent.nav.register": "Cadastrar subordinado",
        "agent.nav.downlines": "Subordinados",
        "agent.nav.wages": "Salário diário",
        "agent.nav.contracts": "Contratos",
    },
}

# The team pages, reports and transfers (state/agents/agent_team.py, pages/agents/agent_team.py).
TEAM: dict[str, dict[str, str]] = {
    "en": {
        "agent-transfer-limits": "Transfers must be between {min} and {max}.",
        "agent-transfer-no-upline": "Your account has no upline agent to transfer to.",
        "transfer-recipient-unavailable": (
            "This transfer cannot be made to this member. Nothing was moved."
        ),
        "agent-transfer-invalid-request": "This transfer form expired. Open it again.",
        "member-transfers-off": (
            "Transfers between members are not offered here: money comes in and goes out "
            "only through an account in your own name."
        ),
        "transfer-daily-send-limit": (
            "You reached today's transfer limit: at most {count} transfers and {amount} a day."
        ),
        "transfer-daily-receive-limit": (
            "This member reached today's limit of transfers received: at most {count} "
            "transfers and {amount} a day."
        ),
        "agent.transfer.held": (
            "Your transfer of {amount} to {other} is held for a review by our team. The money "
            "stays in your account's locked balance until then."
        ),
        "agent.transfer.off": (
            "Transfers between members are not offered on this site: money comes in and goes "
            "out only through an account in each member's own name."
        ),
        "agent-report-range-too-long": "Choose a range of at most {days} days.",
        "agent-report-invalid-filter": "Choose a valid filter.",
        "agent.nav.overview": "Team overview",
        "agent.nav.revenue": "Revenue",
        "agent.nav.statements": "Profit and loss",
        "agent.nav.transactions": "Team transactions",
        "agent.nav.hour_salary": "Hourly salary",
        "agent.nav.realtime_salary": "Real-time salary",
        "agent.nav.dividends": "Dividends",
        "agent.nav.announcements": "Announcements",
        "agent.nav.referral": "Invite friends",
        "agent.nav.transfer_upline": "Transfer to upline",
        "agent.range.today": "Today",
        "agent.range.7d": "7 days",
        "agent.range.30d": "30 days",
        "agent.range.90d": "90 days",
        "agent.report.empty": "Nothing in this range.",
        "agent.report.chart": "Chart of the figures per day",
        "agent.report.export": "Export CSV",
        "agent.chart.turnover": "Valid bet",
        "agent.chart.revenue": "Team loss",
        "agent.chart.pay": "Your pay",
        "agent.chart.amount": "Paid",
        "agent.col.day": "Day",
        "agent.col.turnover": "Valid bet",
        "agent.col.revenue": "Team loss",
        "agent.col.active": "Active",
        "agent.col.pay": "Your pay",
        "agent.col.member": "Member",
        "agent.col.bet": "Bet",
        "agent.col.win": "Win",
        "agent.col.net": "Profit/loss",
        "agent.col.time": "Time",
        "agent.col.kind": "Type",
        "agent.col.amount": "Amount",
        "agent.col.balance": "Balance after",
        "agent.col.game": "Game",
        "agent.col.period": "Period",
        "agent.col.base": "Base",
        "agent.col.rate": "Rate",
        "agent.overview.title": "Team overview",
        "agent.overview.direct_size": "Direct members",
        "agent.overview.net_loss": "Team loss today",
        "agent.overview.last7": "The last 7 days",
        "agent.revenue.title": "Revenue report",
        "agent.statements.title": "Team profit and loss",
        "agent.transactions.title": "Team transactions",
        "agent.transactions.transactions": "Transactions",
        "agent.transactions.bets": "Bets",
        "agent.transactions.in": "Money in",
        "agent.transactions.out": "Money out",
        "agent.tx.ALL": "All types",
        "agent.tx.DEPOSIT": "Deposit",
        "agent.tx.WITHDRAWAL": "Withdrawal",
        "agent.tx.TRANSFER": "Transfer",
        "agent.tx.BONUS": "Bonus",
        "agent.tx.REBATE": "Rebate",
        "agent.tx.SALARY": "Salary",
        "agent.tx.DIVIDEND": "Dividend",
        "agent.tx.ADJUSTMENT": "Adjustment",
        "agent.dividends.title": "Dividend record",
        "agent.hour_salary.title": "Hourly salary",
        "agent.realtime_salary.title": "Real-time salary",
        "agent.announcements.title": "Agent announcements",
        "agent.announcements.empty": "No announcements right now.",
        "agent.transfer.payment_password": "Payment password",
        "agent.transfer.send": "Transfer",
        "agent.transfer.sent": "You sent {amount} to {other}.",
        "agent.transfer.to_downline": "Transfer to downline",
        "agent.transfer.button": "Transfer",
        "agent.transfer.upline_title": "Transfer to upline",
        "agent.transfer.upline": "Your upline",
        "agent.transfer.balance": "Your balance",
        "agent.transfer.records": "Team transfers in the last 30 days",
        "agent.transfer.DOWN": "To downline",
        "agent.transfer.UP": "To upline",
        "agent.referral.title": "Invite friends",
        "agent.referral.lead": (
            "Share your link or QR code. Friends who register through it are counted here."
        ),
        "agent.referral.link": "Your invitation link",
        "agent.referral.copy": "Copy",
        "agent.referral.code": "Your code",
        "agent.referral.qr": "QR code of your invitation link",
        "agent.referral.clicks": "Visits",
        "agent.referral.registrations": "Registrations",
    },
    "pt": {
        "agent-transfer-limits": "As transferências devem ficar entre {min} e {max}.",
        "agent-transfer-no-upline": "Sua conta não tem um agente superior para receber.",
        "transfer-recipient-unavailable": (
            "Não é possível fazer esta transferência para este membro. Nada foi movimentado."
        ),
        "agent-transfer-invalid-request": "Este formulário de transferência expirou. Abra de novo.",
        "member-transfers-off": (
            "Transferências entre membros não são oferecidas aqui: o dinheiro entra e sai "
            "somente por uma conta no seu próprio nome."
        ),
        "transfer-daily-send-limit": (
            "Você atingiu o limite de transferências de hoje: no máximo {count} transferências "
            "e {amount} por dia."
        ),
        "transfer-daily-receive-limit": (
            "Este membro atingiu o limite de transferências recebidas hoje: no máximo {count} "
            "transferências e {amount} por dia."
        ),
        "agent.transfer.held": (
            "Sua transferência de {amount} para {other} ficou retida para análise da nossa "
            "equipe. Até lá, o valor fica no saldo bloqueado da sua conta."
        ),
        "agent.transfer.off": (
            "Transferências entre membros não são oferecidas neste site: o dinheiro entra e "
            "sai somente por uma conta no nome do próprio membro."
        ),
        "agent-report-range-too-long": "Escolha um período de no máximo {days} dias.",
        "agent-report-invalid-filter": "Escolha um filtro válido.",
        "agent.nav.overview": "Visão da equipe",
        "agent.nav.revenue": "Receita",
        "agent.nav.statements": "Lucros e perdas",
        "agent.nav.transactions": "Transações da equipe",
        "agent.nav.hour_salary": "Salário por hora",
        "agent.nav.realtime_salary": "Salário em tempo real",
        "agent.nav.dividends": "Dividendos",
        "agent.nav.announcements": "Avisos",
        "agent.nav.referral": "Convidar amigos",
        "agent.nav.transfer_upline": "Transferir ao superior",
        "agent.range.today": "Hoje",
        "agent.range.7d": "7 dias",
        "agent.range.30d": "30 dias",
        "agent.range.90d": "90 dias",
        "agent.report.empty": "Nada neste período.",
        "agent.report.chart": "Gráfico dos números por dia",
        "agent.report.export": "Exportar CSV",
        "agent.chart.turnover": "Aposta válida",
        "agent.chart.revenue": "Perda da equipe",
        "agent.chart.pay": "Seu ganho",
        "agent.chart.amount": "Pago",
        "agent.col.day": "Dia",
        "agent.col.turnover": "Aposta válida",
        "agent.col.revenue": "Perda da equipe",
        "agent.col.active": "Ativos",
        "agent.col.pay": "Seu ganho",
        "agent.col.member": "Membro",
        "agent.col.bet": "Aposta",
        "agent.col.win": "Prêmio",
        "agent.col.net": "Lucro/perda",
        "agent.col.time": "Horário",
        "agent.col.kind": "Tipo",
        "agent.col.amount": "Valor",
        "agent.col.balance": "Saldo após",
        "agent.col.game": "Jogo",
        "agent.col.period": "Período",
        "agent.col.base": "Base",
        "agent.col.rate": "Taxa",
        "agent.overview.title": "Visão da equipe",
        "agent.overview.direct_size": "Membros diretos",
        "agent.overview.net_loss": "Perda da equipe hoje",
        "agent.overview.last7": "Últimos 7 dias",
        "agent.revenue.title": "Relatório de receita",
        "agent.statements.title": "Lucros e perdas da equipe",
        "agent.transactions.title": "Transações da equipe",
        "agent.transactions.transactions": "Transações",
        "agent.transactions.bets": "Apostas",
        "agent.transactions.in": "Entradas",
        "agent.transactions.out": "Saídas",
        "agent.tx.ALL": "Todos os tipos",
        "agent.tx.DEPOSIT": "Depósito",
        "agent.tx.WITHDRAWAL": "Saque",
        "agent.tx.TRANSFER": "Transferência",
        "agent.tx.BONUS": "Bônus",
        "agent.tx.REBATE": "Reembolso",
        "agent.tx.SALARY": "Salário",
        "agent.tx.DIVIDEND": "Dividendo",
        "agent.tx.ADJUSTMENT": "Ajuste",
        "agent.dividends.title": "Registro de dividendos",
        "agent.hour_salary.title": "Salário por hora",
        "agent.realtime_salary.title": "Salário em tempo real",
        "agent.announcements.title": "Avisos aos agentes",
        "agent.announcements.empty": "Nenhum aviso no momento.",
        "agent.transfer.payment_password": "Senha de pagamento",
        "agent.transfer.send": "Transferir",
        "agent.transfer.sent": "Você enviou {amount} para {other}.",
        "agent.transfer.to_downline": "Transferir ao subordinado",
        "agent.transfer.button": "Transferir",
        "agent.transfer.upline_title": "Transferir ao superior",
        "agent.transfer.upline": "Seu superior",
        "agent.transfer.balance": "Seu saldo",
        "agent.transfer.records": "Transferências da equipe nos últimos 30 dias",
        "agent.transfer.DOWN": "Ao subordinado",
        "agent.transfer.UP": "Ao superior",
        "agent.referral.title": "Convidar amigos",
        "agent.referral.lead": (
            "Compartilhe seu link ou QR code. Os amigos que se cadastrarem por ele aparecem aqui."
        ),
        "agent.referral.link": "Seu link de convite",
        "agent.referral.copy": "Copiar",
        "agent.referral.code": "Seu código",
        "agent.referral.qr": "QR code do seu link de convite",
        "agent.referral.clicks": "Visitas",
        "agent.referral.registrations": "Cadastros",
    },
}
for _language, _texts in TEAM.items():
    MESSAGES[_language].update(_texts)

# The agent programme's start (the house's offers, the agent home's next step, the affiliate
# application page, the team with activity, the referral link's sharing).
PROGRAMME: dict[str, dict[str, str]] = {
    "en": {
        "affiliate-terms-required": "Read and accept the programme terms to apply.",
        "affiliate-application-own": "You cannot decide your own application.",
        "agent-contract-not-top": (
            "This agent has an upline: its contracts come from its upline, not from the house."
        ),
        "agent.next.title": "Your next step",
        "agent.next.ANSWER_OFFER": (
            "A contract offer is waiting for you: read it and accept it to start earning from "
            "your team's play."
        ),
        "agent.next.ASK_UPLINE": (
            "You have no contract yet, so nothing is paid for your team's play. Ask your "
            "upline, {upline}, to offer you one: it will appear here for you to accept."
        ),
        "agent.next.ASK_HOUSE": (
            "You have no contract yet, so nothing is paid for your team's play. As a top "
            "agent, your contract comes from the house: ask our team through support, and the "
            "offer will appear here for you to accept."
        ),
        "agent.next.GROW_TEAM": (
            "Your contract is in force. Grow your team: share your invitation link, open "
            "accounts in Register a downline and offer contracts to your sub-agents."
        ),
        "agent.next.support": "Contact support",
        "agent.next.invite": "Share your invitation link",
        "agent.next.downlines": "Offer contracts",
        "agent.downlines.last_login": "Last login",
        "agent.downlines.never": "Never",
        "agent.downlines.bets": "Valid bets, 30 days",
        "agent.downlines.deposits": "Deposits, 30 days",
        "agent.downlines.activity_hidden": (
            "Each member's bets and deposits show here once you have a contract in force."
        ),
        "agent.downlines.sub_agent": "Sub-agent",
        "agent.downlines.player": "Player",
        "agent.downlines.contract": "{kind} at {rate}% · {status}",
        "agent.referral.whatsapp": "Share on WhatsApp",
        "agent.referral.share_text": "Join me on {brand}: {link}",
        "agent.referral.copied": "Link copied.",
        "agent.period.D": "Day",
        "agent.period.W": "Week",
        "agent.period.H": "Half month",
        "agent.period.M": "Month",
        "agent.period.h": "Hour",
        "agent.period.5": "5 minutes",
        "agent.house.title": "The house's contract to a top agent",
        "agent.house.lead": (
            "Top agents (agents without an upline) get their contracts from the house; each "
            "then offers contracts to its own downline. Above the brand's threshold (the "
            "highest rate, in percent) a second staff member approves the offer."
        ),
        "agent.house.agent": "Top agent",
        "agent.house.kind": "Contract type",
        "agent.house.period": "Period",
        "agent.house.rate": "Rate (%)",
        "agent.house.profit_rate": "Profit salary rate (%)",
        "agent.house.loss_rate": "Loss salary rate (%)",
        "agent.house.min_single_bet": "Single bet amount",
        "agent.house.send": "Offer the contract",
        "agent.house.reason": "Reason (needed when a second staff member must approve)",
        "agent.house.offered": "Contract offered: the agent accepts it on its agent home.",
        "agent.house.none": "No top agent yet: approve an affiliate application first.",
        "agent.house.by": "the house",
        # The console's words for the approval kind and the audit action
        # (state/backoffice/console.py).
        "bo.word.approval-kind.agent.contract": "House contract to a top agent",
        "bo.word.action.agent.contract.offer": "offered an agent the house's contract",
        "affiliate.title": "Become an affiliate",
        "affiliate.lead": (
            "Affiliates and agents earn from the play of the players they bring, under a "
            "contract they accept. Tell us where you will promote us: our team reviews each "
            "application."
        ),
        "affiliate.terms_title": "Programme terms",
        "affiliate.terms.1": "You are 18 or older and promote only to adults.",
        "affiliate.terms.2": (
            "Your ads follow Brazil's rules for betting advertising (Portaria SPA/MF "
            "1.231/2024): no promise of easy money, nothing aimed at minors, always with the "
            "responsible gaming warning. The operator answers for its affiliates' ads."
        ),
        "affiliate.terms.3": (
            "You are paid only under a contract you accept, offered by the house or by your "
            "upline, from your team's play; every pay line shows how it was computed."
        ),
        "affiliate.terms.4": "Breaking these terms ends your place in the programme.",
        "affiliate.channel": "Where will you promote us? (site, social profile, group)",
        "affiliate.audience": "Who is your audience? (optional)",
        "affiliate.accept": "I have read and accept the programme terms.",
        "affiliate.submit": "Send application",
        "affiliate.sent": "Application sent. Its status shows on this page.",
        "affiliate.status_title": "Your application",
        "affiliate.status.PENDING": "Under review by our team.",
        "affiliate.status.APPROVED": "Approved: you are an agent now.",
        "affiliate.status.REJECTED": "Not approved. You can apply again with more details.",
        "affiliate.sent_at": "Sent",
        "affiliate.open_agent_home": "Open the agent centre",
        "affiliate.apply_link": "Apply to become an affiliate",
        "affiliate.trial": "Register a real account to apply.",
    },
    "pt": {
        "affiliate-terms-required": "Leia e aceite os termos do programa para se inscrever.",
        "affiliate-application-own": "Você não pode decidir a sua própria inscrição.",
        "agent-contract-not-top": (
            "Este agente tem um agente superior: os contratos dele vêm do superior, não da casa."
        ),
        "agent.next.title": "Seu próximo passo",
        "agent.next.ANSWER_OFFER": (
            "Uma oferta de contrato está esperando por você: leia e aceite para começar a "
            "ganhar com as apostas da sua equipe."
        ),
        "agent.next.ASK_UPLINE": (
            "Você ainda não tem contrato, então nada é pago pelas apostas da sua equipe. Peça "
            "ao seu agente superior, {upline}, que lhe ofereça um: ele aparecerá aqui para "
            "você aceitar."
        ),
        "agent.next.ASK_HOUSE": (
            "Você ainda não tem contrato, então nada é pago pelas apostas da sua equipe. Como "
            "agente principal, seu contrato vem da casa: fale com a nossa equipe pelo suporte "
            "e a oferta aparecerá aqui para você aceitar."
        ),
        "agent.next.GROW_TEAM": (
            "Seu contrato está em vigor. Faça sua equipe crescer: compartilhe seu link de "
            "convite, abra contas em Cadastrar subordinado e ofereça contratos aos seus "
            "subagentes."
        ),
        "agent.next.support": "Falar com o suporte",
        "agent.next.invite": "Compartilhar seu link de convite",
        "agent.next.downlines": "Oferecer contratos",
        "agent.downlines.last_login": "Último acesso",
        "agent.downlines.never": "Nunca",
        "agent.downlines.bets": "Apostas válidas, 30 dias",
        "agent.downlines.deposits": "Depósitos, 30 dias",
        "agent.downlines.activity_hidden": (
            "As apostas e os depósitos de cada membro aparecem aqui quando você tiver um "
            "contrato em vigor."
        ),
        "agent.downlines.sub_agent": "Subagente",
        "agent.downlines.player": "Jogador",
        "agent.downlines.contract": "{kind} de {rate}% · {status}",
        "agent.referral.whatsapp": "Compartilhar no WhatsApp",
        "agent.referral.share_text": "Venha jogar comigo na {brand}: {link}",
        "agent.referral.copied": "Link copiado.",
        "agent.period.D": "Dia",
        "agent.period.W": "Semana",
        "agent.period.H": "Quinzena",
        "agent.period.M": "Mês",
        "agent.period.h": "Hora",
        "agent.period.5": "5 minutos",
        "agent.house.title": "Contrato da casa para um agente principal",
        "agent.house.lead": (
            "Os agentes principais (agentes sem agente superior) recebem os contratos da casa; "
            "cada um depois oferece contratos aos seus subordinados. Acima do limite da marca "
            "(a maior taxa, em percentual) outro membro da equipe aprova a oferta."
        ),
        "agent.house.agent": "Agente principal",
        "agent.house.kind": "Tipo de contrato",
        "agent.house.period": "Período",
        "agent.house.rate": "Taxa (%)",
        "agent.house.profit_rate": "Taxa do salário sobre lucro (%)",
        "agent.house.loss_rate": "Taxa do salário sobre prejuízo (%)",
        "agent.house.min_single_bet": "Valor mínimo por aposta",
        "agent.house.send": "Oferecer o contrato",
        "agent.house.reason": "Motivo (obrigatório quando outro membro da equipe precisa aprovar)",
        "agent.house.offered": "Contrato oferecido: o agente aceita na página inicial do agente.",
        "agent.house.none": (
            "Ainda não há agente principal: aprove primeiro uma inscrição de afiliado."
        ),
        "agent.house.by": "a casa",
        "bo.word.approval-kind.agent.contract": "Contrato da casa para um agente principal",
        "bo.word.action.agent.contract.offer": "ofereceu a um agente o contrato da casa",
        "affiliate.title": "Seja um afiliado",
        "affiliate.lead": (
            "Afiliados e agentes ganham com as apostas dos jogadores que trazem, sob um "
            "contrato que aceitam. Conte onde você vai nos divulgar: nossa equipe analisa cada "
            "inscrição."
        ),
        "affiliate.terms_title": "Termos do programa",
        "affiliate.terms.1": "Você tem 18 anos ou mais e divulga apenas para adultos.",
        "affiliate.terms.2": (
            "Seus anúncios seguem as regras brasileiras de publicidade de apostas (Portaria "
            "SPA/MF nº 1.231/2024): sem promessa de dinheiro fácil, nada voltado a menores e "
            "sempre com o aviso de jogo responsável. O operador responde pelos anúncios dos "
            "seus afiliados."
        ),
        "affiliate.terms.3": (
            "Você só recebe sob um contrato que aceitar, oferecido pela casa ou pelo seu agente "
            "superior, com base nas apostas da sua equipe; cada linha de pagamento mostra como "
            "foi calculada."
        ),
        "affiliate.terms.4": "Descumprir estes termos encerra sua participação no programa.",
        "affiliate.channel": "Onde você vai nos divulgar? (site, perfil em rede social, grupo)",
        "affiliate.audience": "Quem é o seu público? (opcional)",
        "affiliate.accept": "Li e aceito os termos do programa.",
        "affiliate.submit": "Enviar inscrição",
        "affiliate.sent": "Inscrição enviada. A situação dela aparece nesta página.",
        "affiliate.status_title": "Sua inscrição",
        "affiliate.status.PENDING": "Em análise pela nossa equipe.",
        "affiliate.status.APPROVED": "Aprovada: agora você é um agente.",
        "affiliate.status.REJECTED": (
            "Não aprovada. Você pode se inscrever de novo com mais detalhes."
        ),
        "affiliate.sent_at": "Enviada em",
        "affiliate.open_agent_home": "Abrir a central do agente",
        "affiliate.apply_link": "Inscreva-se como afiliado",
        "affiliate.trial": "Cadastre uma conta real para se inscrever.",
    },
}
for _language, _texts in PROGRAMME.items():
    MESSAGES[_language].update(_texts)
