"""Messages for the ledger's error codes (app/services/ledger/)."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "ledger-invalid-amount": (
            "Invalid amount: use a non-zero value with at most two decimal places."
        ),
        "ledger-unknown-kind": "Unknown transaction type.",
        "ledger-unknown-account-kind": "Unknown account type.",
        "ledger-invalid-idempotency-key": "The request identifier is missing or too long.",
        "ledger-invalid-reference": "The reference is too long.",
        "ledger-too-few-legs": "A transaction needs at least two entries.",
        "ledger-duplicate-account": "An account appears more than once in the same transaction.",
        "ledger-unbalanced": "The entries of a transaction must add up to zero.",
        "ledger-idempotency-conflict": (
            "This request identifier was already used for a different operation."
        ),
        "ledger-already-reversed": "This transaction has already been reversed.",
        "ledger-unknown-transaction": "Transaction not found.",
        "ledger-unknown-account": "Account not found.",
        "ledger-currency-mismatch": "All entries of a transaction must be in the same currency.",
        "ledger-insufficient-funds": "Insufficient balance.",
        "ledger-reason-required": "Please give a reason for the reversal.",
        "ledger-invalid-owner": "This account type does not match its owner.",
        "ledger-invalid-currency": "Invalid currency code.",
        "ledger-invalid-page": "Invalid page or page size.",
    },
    "pt": {
        "ledger-invalid-amount": (
            "Valor inválido: informe um valor diferente de zero com no máximo duas casas decimais."
        ),
        "ledger-unknown-kind": "Tipo de transação desconhecido.",
        "ledger-unknown-account-kind": "Tipo de conta desconhecido.",
        "ledger-invalid-idempotency-key": (
            "O identificador da solicitação está ausente ou é longo demais."
        ),
        "ledger-invalid-reference": "A referência é longa demais.",
        "ledger-too-few-legs": "Uma transação precisa de pelo menos dois lançamentos.",
        "ledger-duplicate-account": "A mesma conta aparece mais de uma vez na transação.",
        "ledger-unbalanced": "Os lançamentos de uma transação devem somar zero.",
        "ledger-idempotency-conflict": (
            "Este identificador de solicitação já foi usado em outra operação."
        ),
        "ledger-already-reversed": "Esta transação já foi estornada.",
        "ledger-unknown-transaction": "Transação não encontrada.",
        "ledger-unknown-account": "Conta não encontrada.",
        "ledger-currency-mismatch": (
            "Todos os lançamentos de uma transação devem estar na mesma moeda."
        ),
        "ledger-insufficient-funds": "Saldo insuficiente.",
        "ledger-reason-required": "Informe o motivo do estorno.",
        "ledger-invalid-owner": "Este tipo de conta não corresponde ao titular.",
        "ledger-invalid-currency": "Código de moeda inválido.",
        "ledger-invalid-page": "Página ou tamanho de página inválido.",
    },
}
