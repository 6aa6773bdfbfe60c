"""Withdrawals: payment password, payout accounts, requests, payouts and their confirmation."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "payment-password-not-set": "Set a payment password first.",
        "payment-password-incorrect": (
            "Wrong payment password. {remaining} attempts left before withdrawals are locked."
        ),
        "payment-password-locked": (
            "Too many wrong passwords. Withdrawals are locked for {minutes} minutes."
        ),
        "payment-password-already-set": (
            "Your payment password is already set. To change it, enter the current one."
        ),
        "payment-password-same-as-old": (
            "The new payment password must be different from the current one."
        ),
        "payment-password-same-as-login": (
            "The payment password must be different from your login password."
        ),
        "payout-profile-incomplete": (
            "Complete your profile with your full name (as on your bank account) "
            "before adding a payout account."
        ),
        "payout-holder-mismatch": (
            "The account holder's name must match the full name in your profile."
        ),
        "payout-account-type-invalid": "Choose a kind of payout account this site takes.",
        "payout-pix-key-type-invalid": (
            "Choose the PIX key type: CPF, e-mail, mobile number or random key."
        ),
        "payout-pix-cpf-invalid": "Enter a valid CPF (11 digits).",
        "payout-pix-email-invalid": "Enter a valid e-mail address (at most 77 characters).",
        "payout-pix-phone-invalid": (
            "Enter a Brazilian mobile number with area code, e.g. (11) 91234-5678."
        ),
        "payout-pix-random-invalid": (
            "Enter the random key exactly as your bank shows it, "
            "e.g. 123e4567-e89b-12d3-a456-426614174000."
        ),
        "payout-bank-code-invalid": "Enter the 3-digit bank code.",
        "payout-bank-id-invalid": "Choose your bank from the list (its 6-digit bank ID).",
        "payout-bank-account-digits-invalid": "Enter the account number: 6 to 19 digits.",
        "payout-pix-unavailable": "PIX keys are for accounts in reais: add a bank account.",
        "payout-bank-branch-invalid": "Enter the branch number (digits only, up to 5).",
        "payout-bank-account-invalid": (
            "Enter the account number, with the check digit after a hyphen if there is one."
        ),
        "payout-account-limit": "You can add at most {max} payout accounts.",
        "payout-account-duplicate": "This payout account is already registered.",
        "payout-account-unknown": "Payout account not found.",
        "withdrawal-amount-invalid": "Enter an amount with at most two decimals.",
        "withdrawal-amount-below-min": "The minimum withdrawal is {min}.",
        "withdrawal-amount-above-max": "The maximum withdrawal is {max}.",
        "withdrawal-daily-limit": (
            "You have reached the limit of {limit} withdrawals per day. Try again tomorrow."
        ),
        "withdrawal-turnover-not-met": "You still need to wager {remaining} before withdrawing.",
        "withdrawal-insufficient-balance": (
            "Insufficient balance: you can withdraw up to {balance}."
        ),
        "withdrawal-order-unknown": "Withdrawal order not found.",
        "withdrawal-status-invalid": "Unknown withdrawal status.",
        "withdrawal-own-order": "Operators cannot process their own withdrawals.",
        "withdrawal-part-conflict": (
            "Payout part {partNo} does not match this order: the next part is {next}."
        ),
        "withdrawal-not-payable": "This withdrawal has nothing left to pay or reject.",
        "withdrawal-payout-over-remaining": (
            "The payout is more than the remaining amount of {remaining}."
        ),
        "withdrawal-reason-required": "Please give a reason for the rejection.",
        "withdrawal-answer-invalid": "Answer RECEIVED or NOT_RECEIVED.",
        "withdrawal-nothing-to-confirm": "There is no payment waiting for your confirmation.",
        "withdrawal-proof-required": "Attach a proof image (png or jpg).",
        "withdrawal-proof-too-large": "The proof image must be at most {max} MB.",
        "withdrawal-proof-type": "The proof must be a png or jpg image.",
        "withdrawal-proof-unknown": "There is no proof image for this payment.",
        "operator-only": "This call is for operators only.",
        "withdraw.status.PENDING": "Waiting for approval",
        "withdraw.status.PARTIALLY_PAID": "Partially paid",
        "withdraw.status.DISBURSED": "Paid: please confirm receipt",
        "withdraw.status.RECEIVED": "Done: received",
        "withdraw.status.AUTO_RECEIVED": "Done: treated as received",
        "withdraw.status.INVESTIGATING": "Under investigation",
        "withdraw.status.REJECTED": "Rejected",
        "withdraw.receipt.AWAITING": "Waiting for your confirmation",
        "withdraw.receipt.RECEIVED": "Received",
        "withdraw.receipt.AUTO_RECEIVED": "Treated as received",
        "withdraw.receipt.NOT_RECEIVED": "Not received",
    },
    "pt": {
        "payment-password-not-set": "Cadastre uma senha de pagamento primeiro.",
        "payment-password-incorrect": (
            "Senha de pagamento incorreta. Restam {remaining} tentativas antes de os saques "
            "serem bloqueados."
        ),
        "payment-password-locked": (
            "Muitas tentativas com senha errada. Os saques estão bloqueados por {minutes} minutos."
        ),
        "payment-password-already-set": (
            "Sua senha de pagamento já está cadastrada. Para alterá-la, informe a senha atual."
        ),
        "payment-password-same-as-old": "A nova senha de pagamento deve ser diferente da atual.",
        "payment-password-same-as-login": (
            "A senha de pagamento deve ser diferente da sua senha de acesso."
        ),
        "payout-profile-incomplete": (
            "Complete seu cadastro com seu nome completo (como na conta bancária) "
            "antes de adicionar uma conta para saque."
        ),
        "payout-holder-mismatch": "O nome do titular deve ser igual ao nome completo do cadastro.",
        "payout-account-type-invalid": "Escolha um tipo de conta para saque que este site aceita.",
        "payout-pix-key-type-invalid": (
            "Escolha o tipo de chave PIX: CPF, e-mail, celular ou chave aleatória."
        ),
        "payout-pix-cpf-invalid": "Informe um CPF válido (11 dígitos).",
        "payout-pix-email-invalid": "Informe um e-mail válido (até 77 caracteres).",
        "payout-pix-phone-invalid": (
            "Informe um celular brasileiro com DDD, por exemplo (11) 91234-5678."
        ),
        "payout-pix-random-invalid": (
            "Informe a chave aleatória exatamente como o seu banco mostra, "
            "por exemplo 123e4567-e89b-12d3-a456-426614174000."
        ),
        "payout-bank-code-invalid": "Informe o código do banco com 3 dígitos.",
        "payout-bank-id-invalid": "Escolha seu banco na lista (o código de 6 dígitos).",
        "payout-bank-account-digits-invalid": "Informe o número da conta: de 6 a 19 dígitos.",
        "payout-pix-unavailable": (
            "Chaves PIX valem só para contas em reais: adicione uma conta bancária."
        ),
        "payout-bank-branch-invalid": "Informe o número da agência (somente números, até 5).",
        "payout-bank-account-invalid": (
            "Informe o número da conta, com o dígito depois do hífen, se houver."
        ),
        "payout-account-limit": "Você pode cadastrar no máximo {max} contas para saque.",
        "payout-account-duplicate": "Esta conta para saque já está cadastrada.",
        "payout-account-unknown": "Conta para saque não encontrada.",
        "withdrawal-amount-invalid": "Digite um valor com no máximo duas casas decimais.",
        "withdrawal-amount-below-min": "O valor mínimo de saque é {min}.",
        "withdrawal-amount-above-max": "O valor máximo de saque é {max}.",
        "withdrawal-daily-limit": (
            "Você atingiu o limite de {limit} saques por dia. Tente novamente amanhã."
        ),
        "withdrawal-turnover-not-met": "Você ainda precisa apostar {remaining} para poder sacar.",
        "withdrawal-insufficient-balance": "Saldo insuficiente: você pode sacar até {balance}.",
        "withdrawal-order-unknown": "Pedido de saque não encontrado.",
        "withdrawal-status-invalid": "Status de saque desconhecido.",
        "withdrawal-own-order": "Operadores não podem processar os próprios saques.",
        "withdrawal-part-conflict": (
            "A parcela {partNo} não confere com este pedido: a próxima parcela é a {next}."
        ),
        "withdrawal-not-payable": "Este saque não tem mais valor a pagar ou recusar.",
        "withdrawal-payout-over-remaining": (
            "O pagamento é maior que o valor restante de {remaining}."
        ),
        "withdrawal-reason-required": "Informe o motivo da recusa.",
        "withdrawal-answer-invalid": "Responda RECEIVED (recebido) ou NOT_RECEIVED (não recebido).",
        "withdrawal-nothing-to-confirm": "Não há pagamento aguardando a sua confirmação.",
        "withdrawal-proof-required": "Anexe um comprovante em imagem (png ou jpg).",
        "withdrawal-proof-too-large": "O comprovante deve ter no máximo {max} MB.",
        "withdrawal-proof-type": "O comprovante deve ser uma imagem png ou jpg.",
        "withdrawal-proof-unknown": "Não há comprovante para este pagamento.",
        "operator-only": "Esta função é exclusiva para operadores.",
        "withdraw.status.PENDING": "Aguardando aprovação",
        "withdraw.status.PARTIALLY_PAID": "Pago parcialmente",
        "withdraw.status.DISBURSED": "Pago: confirme o recebimento",
        "withdraw.status.RECEIVED": "Concluído: recebido",
        "withdraw.status.AUTO_RECEIVED": "Concluído: considerado recebido",
        "withdraw.status.INVESTIGATING": "Em análise",
        "withdraw.status.REJECTED": "Recusado",
        "withdraw.receipt.AWAITING": "Aguardando sua confirmação",
        "withdraw.receipt.RECEIVED": "Recebido",
        "withdraw.receipt.AUTO_RECEIVED": "Considerado recebido",
        "withdraw.receipt.NOT_RECEIVED": "Não recebido",
    },
}
