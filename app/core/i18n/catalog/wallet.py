"""Transfer wallets (transferFund), consolidated funds, bonus details and the close of a
withdrawal investigation: errors, page texts and inbox messages."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "ledger-invalid-sub-key": "This account needs a valid wallet name.",
        "wallet-transfer-amount-invalid": (
            "Enter an amount greater than zero with at most two decimals."
        ),
        "wallet-transfer-request-id-invalid": "The transfer request needs a valid request id.",
        "wallet-transfer-direction-invalid": "Choose whether to move money in or out.",
        "wallet-transfer-single-wallet": "This site uses a single wallet: there is no transfer.",
        "wallet-vendor-unknown": "Unknown game wallet.",
        "wallet-vendor-seamless": "{vendor} plays from your main wallet: no transfer needed.",
        "wallet-vendor-maintenance": "{vendor} is under maintenance; try again later.",
        "wallet-transfer-insufficient": "Not enough balance: {balance} available.",
        "wallet-transfer-request-reused": (
            "This transfer request was already used for a different transfer."
        ),
        "wallet-merchant-mismatch": "This wallet belongs to another site.",
        "investigation-outcome-invalid": "Choose RECEIVED or NOT_PAID.",
        "investigation-none-open": "This withdrawal has no open investigation.",
        "withdraw.status.REFUNDED": "Refunded: not paid",
        "withdraw.receipt.REFUNDED": "Not paid: refunded",
        "inbox.WITHDRAWAL_RECEIPT_CONFIRMED.title": "Withdrawal confirmed",
        "inbox.WITHDRAWAL_RECEIPT_CONFIRMED.body": (
            "We checked withdrawal {orderNo}: the payment of {amount} reached your account."
        ),
        "inbox.WITHDRAWAL_REFUNDED.title": "Withdrawal refunded",
        "inbox.WITHDRAWAL_REFUNDED.body": (
            "We checked withdrawal {orderNo}: {amount} was not paid and is back in your balance."
        ),
        "transfer.title": "Wallet",
        "transfer.main": "Main wallet",
        "transfer.total": "Total balance",
        "transfer.total_bonus": "includes a {amount} bonus",
        "transfer.maintenance": "Maintenance",
        "transfer.from_to": "Move money",
        "transfer.direction.IN": "Main → game wallet",
        "transfer.direction.OUT": "Game wallet → main",
        "transfer.vendor": "Game wallet",
        "transfer.amount": "Amount",
        "transfer.max": "All",
        "transfer.submit": "Transfer",
        "transfer.recall_all": "Recall all to main wallet",
        "transfer.done": "Transferred {amount}.",
        "transfer.recalled": "{amount} back in the main wallet.",
        "transfer.see_wallets": "See your wallets",
        "transfer.back_on_exit": (
            "You left {vendor}: the {amount} in its wallet is back in your main wallet."
        ),
        "transfer.nothing_to_recall": "Nothing to recall: the game wallets are empty.",
        "transfer.single": "This site uses a single wallet.",
        "bonus.title": "Bonus details",
        "bonus.empty": "No bonuses or rebates in this period.",
        "bonus.wallet.MEMBER_CASH": "Main wallet",
        "bonus.wallet.MEMBER_BONUS": "Bonus wallet",
    },
    "pt": {
        "ledger-invalid-sub-key": "Esta conta precisa de um nome de carteira válido.",
        "wallet-transfer-amount-invalid": (
            "Digite um valor maior que zero com no máximo duas casas decimais."
        ),
        "wallet-transfer-request-id-invalid": (
            "A transferência precisa de um identificador de pedido válido."
        ),
        "wallet-transfer-direction-invalid": "Escolha se o dinheiro entra ou sai.",
        "wallet-transfer-single-wallet": (
            "Este site usa carteira única: não há transferência entre carteiras."
        ),
        "wallet-vendor-unknown": "Carteira de jogo desconhecida.",
        "wallet-vendor-seamless": (
            "{vendor} usa a sua carteira principal: não é preciso transferir."
        ),
        "wallet-vendor-maintenance": "{vendor} está em manutenção; tente mais tarde.",
        "wallet-transfer-insufficient": "Saldo insuficiente: {balance} disponível.",
        "wallet-transfer-request-reused": (
            "Este pedido de transferência já foi usado para outra transferência."
        ),
        "wallet-merchant-mismatch": "Esta carteira pertence a outro site.",
        "investigation-outcome-invalid": "Escolha RECEIVED ou NOT_PAID.",
        "investigation-none-open": "Este saque não tem análise em aberto.",
        "withdraw.status.REFUNDED": "Estornado: não pago",
        "withdraw.receipt.REFUNDED": "Não pago: estornado",
        "inbox.WITHDRAWAL_RECEIPT_CONFIRMED.title": "Saque confirmado",
        "inbox.WITHDRAWAL_RECEIPT_CONFIRMED.body": (
            "Verificamos o saque {orderNo}: o pagamento de {amount} chegou à sua conta."
        ),
        "inbox.WITHDRAWAL_REFUNDED.title": "Saque estornado",
        "inbox.WITHDRAWAL_REFUNDED.body": (
            "Verificamos o saque {orderNo}: {amount} não foi pago e voltou ao seu saldo."
        ),
        "transfer.title": "Carteira",
        "transfer.main": "Carteira principal",
        "transfer.total": "Saldo total",
        "transfer.total_bonus": "inclui {amount} de bônus",
        "transfer.maintenance": "Manutenção",
        "transfer.from_to": "Transferir dinheiro",
        "transfer.direction.IN": "Principal → carteira do jogo",
        "transfer.direction.OUT": "Carteira do jogo → principal",
        "transfer.vendor": "Carteira do jogo",
        "transfer.amount": "Valor",
        "transfer.max": "Tudo",
        "transfer.submit": "Transferir",
        "transfer.recall_all": "Recolher tudo para a principal",
        "transfer.done": "{amount} transferido.",
        "transfer.recalled": "{amount} de volta na carteira principal.",
        "transfer.see_wallets": "Ver suas carteiras",
        "transfer.back_on_exit": (
            "Você saiu do {vendor}: os {amount} da carteira do jogo voltaram para a sua "
            "carteira principal."
        ),
        "transfer.nothing_to_recall": "Nada a recolher: as carteiras dos jogos estão vazias.",
        "transfer.single": "Este site usa carteira única.",
        "bonus.title": "Detalhes de bônus",
        "bonus.empty": "Nenhum bônus ou cashback neste período.",
        "bonus.wallet.MEMBER_CASH": "Carteira principal",
        "bonus.wallet.MEMBER_BONUS": "Carteira de bônus",
    },
}
