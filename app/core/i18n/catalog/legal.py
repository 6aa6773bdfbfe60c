"""Legal pages (/terms, /privacy: app/services/content/legal.py)."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "legal-document-unknown": "There is no such legal document.",
        "legal-document-invalid": (
            "A legal document needs a title (at most 200 characters) and some text."
        ),
        "legal.terms": "Terms and conditions",
        "legal.privacy": "Privacy policy",
        "legal.responsible": "Responsible gaming",
        "legal.version": "Version {version}, updated on {date}",
        "legal.operator": "Who runs this site",
        "legal.missing": "This document is not available yet. Please contact support.",
        "legal.other_language": "This document is shown in its original language.",
    },
    "pt": {
        "legal-document-unknown": "Este documento legal não existe.",
        "legal-document-invalid": (
            "Um documento legal precisa de um título (até 200 caracteres) e de um texto."
        ),
        "legal.terms": "Termos e condições",
        "legal.privacy": "Política de privacidade",
        "legal.responsible": "Jogo responsável",
        "legal.version": "Versão {version}, atualizada em {date}",
        "legal.operator": "Quem opera este site",
        "legal.missing": "Este documento ainda não está disponível. Fale com o suporte.",
        "legal.other_language": "Este documento é exibido no idioma original.",
    },
}
