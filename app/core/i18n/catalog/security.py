"""Messages of the site's front door: the browser binding of a login."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "browser-cookie-required": (
            "This browser did not keep the site's cookie: reload the page (with cookies "
            "allowed for this site) and try again."
        ),
    },
    "pt": {
        "browser-cookie-required": (
            "Este navegador não guardou o cookie do site: recarregue a página (com cookies "
            "permitidos para este site) e tente de novo."
        ),
    },
}
