"""Site switches (app/services/site_status.py) and the member's profile picture."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "site-status-unknown-merchant": "Unknown merchant (brand) {merchant}.",
        "site-status-unknown-module": "The brand has no module {module}.",
        "site-status-invalid-network": (
            "{network} is not a network: write it in CIDR form, e.g. 198.51.100.0/24."
        ),
        "site-status-invalid-country": (
            "{country} is not a country code: use two letters (ISO 3166-1), e.g. US."
        ),
        "site-status-until-offset": (
            "The end of the maintenance needs a UTC offset, e.g. 2026-12-01T03:00+00:00."
        ),
        "site-status-until-invalid": (
            "{until} is not a time: write it in ISO 8601 with its offset, "
            "e.g. 2026-12-01T03:00+00:00."
        ),
        "site-status-message-too-long": "The maintenance message is longer than {max} characters.",
        "member-icon-invalid": "Choose one of the {max} profile pictures.",
    },
    "pt": {
        "site-status-unknown-merchant": "Marca {merchant} desconhecida.",
        "site-status-unknown-module": "A marca não tem o módulo {module}.",
        "site-status-invalid-network": (
            "{network} não é uma rede: escreva-a em notação CIDR, por exemplo 198.51.100.0/24."
        ),
        "site-status-invalid-country": (
            "{country} não é um código de país: use duas letras (ISO 3166-1), por exemplo US."
        ),
        "site-status-until-offset": (
            "O fim da manutenção precisa de um fuso UTC, por exemplo 2026-12-01T03:00+00:00."
        ),
        "site-status-until-invalid": (
            "{until} não é uma data e hora: escreva em ISO 8601 com o fuso, por exemplo "
            "2026-12-01T03:00+00:00."
        ),
        "site-status-message-too-long": "A mensagem de manutenção passa de {max} caracteres.",
        "member-icon-invalid": "Escolha uma das {max} imagens de perfil.",
    },
}
