"""All tables, imported here so that Alembic and the app see one metadata."""

from models.brand import (
    Banner,
    CustomerService,
    DomainRoute,
    HelpArticle,
    Merchant,
    RegisterField,
    SiteResource,
    WhitelabelModule,
)
from models.crypto import RsaKey
from models.member import Member

__all__ = [
    "Banner",
    "CustomerService",
    "DomainRoute",
    "HelpArticle",
    "Member",
    "Merchant",
    "RegisterField",
    "RsaKey",
    "SiteResource",
    "WhitelabelModule",
]
