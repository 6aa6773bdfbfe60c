"""Site switches (app/services/site_status.py), banners (app/services/content/banners.py) and
the member's profile picture."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "site-status-unknown-merchant": "Unknown merchant (brand) {merchant}.",
        "banner-invalid": (
            "The banner's {field} is not valid: the group is w_home, w_login, w_register or "
            "w_forget; the language one of the brand's; the link a site path or a web address "
            "(none for a promotion's banner); the order between -9999 and 9999; a banner has "
            "an image with the words it shows (plain text, at most 200 characters), or a "
            "promotion of the brand (home banners only)."
        ),
        "banner-unknown": "The brand has no banner {id}.",
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
        "backup-key-missing": (
            "No backup key: set BACKUP_KEY (at least 32 characters, kept in the secret store)."
        ),
        "backup-key-wrong": (
            "The backup does not decrypt with this key, or the file is damaged: nothing was "
            "restored."
        ),
        "backup-not-a-backup": "This file is not a backup of this platform, or it is cut short.",
        "backup-kind-mismatch": (
            "This is a {backup} backup; the configured database is {database}."
        ),
        "backup-target-not-empty": (
            "The configured database is not empty: restore into a new one (a new SQLite file, "
            "a database made with createdb), then switch DATABASE_URL to it."
        ),
        "backup-tool-missing": (
            "{tool} is not installed (Debian: apt-get install postgresql-client)."
        ),
        "backup-tool-failed": "{tool} failed: {detail}",
        "backup-no-database-file": "The configured SQLite database file does not exist.",
    },
    "pt": {
        "site-status-unknown-merchant": "Marca {merchant} desconhecida.",
        "banner-invalid": (
            "O campo {field} do banner não é válido: o grupo é w_home, w_login, w_register ou "
            "w_forget; o idioma, um dos da marca; o link, um caminho do site ou um endereço "
            "web (nenhum para o banner de uma promoção); a ordem, entre -9999 e 9999; um "
            "banner tem uma imagem com o texto que ela mostra (texto simples, até 200 "
            "caracteres), ou uma promoção da marca (só banners da página inicial)."
        ),
        "banner-unknown": "A marca não tem o banner {id}.",
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
        "backup-key-missing": (
            "Sem chave de backup: defina BACKUP_KEY (pelo menos 32 caracteres, guardada no "
            "cofre de segredos)."
        ),
        "backup-key-wrong": (
            "O backup não se decifra com esta chave, ou o arquivo está danificado: nada foi "
            "restaurado."
        ),
        "backup-not-a-backup": "Este arquivo não é um backup desta plataforma, ou está incompleto.",
        "backup-kind-mismatch": "Este é um backup {backup}; o banco configurado é {database}.",
        "backup-target-not-empty": (
            "O banco configurado não está vazio: restaure em um novo (um novo arquivo SQLite, "
            "um banco criado com createdb) e depois aponte DATABASE_URL para ele."
        ),
        "backup-tool-missing": (
            "{tool} não está instalado (Debian: apt-get install postgresql-client)."
        ),
        "backup-tool-failed": "{tool} falhou: {detail}",
        "backup-no-database-file": "O arquivo do banco SQLite configurado não existe.",
    },
}
