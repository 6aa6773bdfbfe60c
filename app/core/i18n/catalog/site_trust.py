"""The site a player trusts at first sight (issue 35): the operator's identity in the footer,
the phone's tab bar, the member centre's groups, feedback next to its action."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "operator-name-invalid": "The operator's legal name must be at most {max} characters.",
        "operator-licence-invalid": "The licence number must be at most {max} characters.",
        "operator-cnpj-invalid": "This CNPJ is not valid: check its 14 digits.",
        "operator-domain-invalid": "Write the domain as a host name only, e.g. marca.bet.br.",
        "operator-domain-not-bet-br": "A Brazilian licence names a .bet.br domain.",
        "footer.operator": "Operator",
        "footer.cnpj": "CNPJ {cnpj}",
        "footer.licence.BR": (
            "Authorised by the Secretariat of Prizes and Betting of Brazil's Ministry of "
            "Finance (SPA/MF), authorisation {licence}."
        ),
        "footer.licence.other": "Licence {licence}.",
        "footer.domain": "Authorised site:",
        "footer.age": "{age}+",
        "footer.age_words": "Only for people aged {age} or over",
        "footer.self_exclusion": "Take a break or self-exclude",
        "footer.demo": (
            "Demo site: the operator name, CNPJ, authorisation and domain shown are examples, "
            "not a licensed operator's."
        ),
        "homepage.demo_figures": "Demo figures",
        "demo.brands.title": "This demo runs several brands, each with its own rules:",
        "demo.brands.here": "you are here",
        "demo.brand.BR1": (
            "Brazil's rules: Portuguese and English, reais and PIX, 18+, lotteries returning "
            "at least 85 % to players"
        ),
        "demo.brand.BR2": "English first, reais, 21+, one wallet for every game, no Brazil profile",
        "demo.brand.VN1": (
            "an Asian market: English, Vietnamese đồng, the Vietnamese and SEA lotteries, "
            "Zalo and Telegram on sign-up, its own field formats"
        ),
        "tabs.label": "Main sections",
        "tabs.casino": "Casino",
        "tabs.sports": "Sports",
        "tabs.lottery": "Lottery",
        "tabs.my_bets": "My bets",
        "tabs.wallet": "Wallet",
        "centre.group.money": "Money",
        "centre.group.history": "History",
        "centre.group.rewards": "Rewards",
        "centre.group.account": "Account and safety",
        "centre.group.more": "More",
        "register.optional_mark": " (optional)",
        "register.optional_more": "More details and your own limits (optional)",
        "cashier.wagering_rule": (
            "Before a withdrawal, bet at least {times}× each deposit made since your last "
            "withdrawal (an anti-money-laundering rule). The withdraw page shows what is left."
        ),
        "remedy./verify-identity": "Verify my identity",
        "break.title.COOLING_OFF": "You are taking a break",
        "break.title.SELF_EXCLUSION": "You are self-excluded",
        "break.until": "Until {until}: no bets or deposits until then.",
        "break.indefinite": "With no end date: no bets or deposits.",
        "break.more": "Your limits and breaks",
        "wallet_offer.title": "Play {vendor} with your balance",
        "wallet_offer.why": (
            "{vendor} keeps a wallet of its own: move money into it to bet there. What you do "
            "not use can be moved back on the wallet page."
        ),
        "wallet_offer.main": "Main wallet",
        "wallet_offer.vendor": "Game wallet",
        "wallet_offer.amount": "Amount to move in",
        "wallet_offer.move": "Move and play",
        "wallet_offer.skip": "Play without moving money",
        "games_wallet.held": "In game wallets",
        "signed_out.title": "You have been logged out",
        "signed_out.until.SELF_EXCLUSION": (
            "You excluded yourself until {until}: no bets or deposits until then."
        ),
        "signed_out.until.COOLING_OFF": (
            "You started a break until {until}: no bets or deposits until then."
        ),
        "signed_out.indefinite.SELF_EXCLUSION": (
            "You excluded yourself with no end date: no bets or deposits."
        ),
        "signed_out.indefinite.COOLING_OFF": "You started a break: no bets or deposits.",
        "signed_out.indefinite.REALITY_STOP": (
            "You stopped playing at the reality check and were logged out. See you soon."
        ),
        "signed_out.withdraw": (
            "Every session has ended. Log in again only to withdraw your balance."
        ),
        "signed_out.dismiss": "Close this notice",
        "games_wallet.bring_back": "Bring back to the main wallet",
    },
    "pt": {
        "operator-name-invalid": "A razão social do operador deve ter no máximo {max} caracteres.",
        "operator-licence-invalid": "O número da autorização deve ter no máximo {max} caracteres.",
        "operator-cnpj-invalid": "Este CNPJ não é válido: confira os 14 dígitos.",
        "operator-domain-invalid": "Escreva só o nome do domínio, por exemplo marca.bet.br.",
        "operator-domain-not-bet-br": "Uma licença brasileira é para um domínio .bet.br.",
        "footer.operator": "Operador",
        "footer.cnpj": "CNPJ {cnpj}",
        "footer.licence.BR": (
            "Autorizada pela Secretaria de Prêmios e Apostas do Ministério da Fazenda "
            "(SPA/MF), autorização {licence}."
        ),
        "footer.licence.other": "Licença {licence}.",
        "footer.domain": "Site autorizado:",
        "footer.age": "{age}+",
        "footer.age_words": "Proibido para menores de {age} anos",
        "footer.self_exclusion": "Faça uma pausa ou autoexclua-se",
        "footer.demo": (
            "Site de demonstração: a razão social, o CNPJ, a autorização e o domínio mostrados "
            "são exemplos, não de um operador autorizado."
        ),
        "homepage.demo_figures": "Dados de demonstração",
        "demo.brands.title": "Esta demonstração roda várias marcas, cada uma com suas regras:",
        "demo.brands.here": "você está aqui",
        "demo.brand.BR1": (
            "regras do Brasil: português e inglês, reais e PIX, 18+, loterias que devolvem "
            "ao menos 85 % aos jogadores"
        ),
        "demo.brand.BR2": (
            "inglês primeiro, reais, 21+, uma carteira para todos os jogos, sem o perfil do Brasil"
        ),
        "demo.brand.VN1": (
            "um mercado asiático: inglês, dong vietnamita, as loterias do Vietnã e do Sudeste "
            "Asiático, Zalo e Telegram no cadastro, seus próprios formatos de campo"
        ),
        "tabs.label": "Seções principais",
        "tabs.casino": "Cassino",
        "tabs.sports": "Esportes",
        "tabs.lottery": "Loteria",
        "tabs.my_bets": "Minhas apostas",
        "tabs.wallet": "Carteira",
        "centre.group.money": "Dinheiro",
        "centre.group.history": "Histórico",
        "centre.group.rewards": "Recompensas",
        "centre.group.account": "Conta e segurança",
        "centre.group.more": "Mais",
        "register.optional_mark": " (opcional)",
        "register.optional_more": "Mais dados e seus próprios limites (opcional)",
        "cashier.wagering_rule": (
            "Antes de sacar, aposte pelo menos {times}× cada depósito feito desde o seu último "
            "saque (uma regra contra lavagem de dinheiro). A página de saque mostra quanto falta."
        ),
        "remedy./verify-identity": "Verificar minha identidade",
        "break.title.COOLING_OFF": "Você está em uma pausa",
        "break.title.SELF_EXCLUSION": "Você está em autoexclusão",
        "break.until": "Até {until}: sem apostas nem depósitos até lá.",
        "break.indefinite": "Sem data de término: sem apostas nem depósitos.",
        "break.more": "Seus limites e pausas",
        "wallet_offer.title": "Jogue {vendor} com o seu saldo",
        "wallet_offer.why": (
            "{vendor} tem uma carteira própria: transfira dinheiro para ela para apostar lá. "
            "O que não usar pode voltar para a carteira principal na página da carteira."
        ),
        "wallet_offer.main": "Carteira principal",
        "wallet_offer.vendor": "Carteira do jogo",
        "wallet_offer.amount": "Valor a transferir",
        "wallet_offer.move": "Transferir e jogar",
        "wallet_offer.skip": "Jogar sem transferir",
        "games_wallet.held": "Nas carteiras dos jogos",
        "signed_out.title": "Você saiu da sua conta",
        "signed_out.until.SELF_EXCLUSION": (
            "Você se autoexcluiu até {until}: sem apostas nem depósitos até lá."
        ),
        "signed_out.until.COOLING_OFF": (
            "Você começou uma pausa até {until}: sem apostas nem depósitos até lá."
        ),
        "signed_out.indefinite.SELF_EXCLUSION": (
            "Você se autoexcluiu sem data de término: sem apostas nem depósitos."
        ),
        "signed_out.indefinite.COOLING_OFF": "Você começou uma pausa: sem apostas nem depósitos.",
        "signed_out.indefinite.REALITY_STOP": (
            "Você parou de jogar no alerta de tempo de jogo e saiu da conta. Até breve."
        ),
        "signed_out.withdraw": (
            "Todas as sessões foram encerradas. Entre de novo apenas para sacar seu saldo."
        ),
        "signed_out.dismiss": "Fechar este aviso",
        "games_wallet.bring_back": "Trazer para a carteira principal",
    },
}
