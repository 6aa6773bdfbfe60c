"""Brands (merchants) and everything configured per brand."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow


class Merchant(SQLModel, table=True):
    """A brand: its code is sent as the `Merchant` header and chosen by domain on the site."""

    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(unique=True, index=True, max_length=32)
    name: str = Field(max_length=100)
    platform: str = Field(default="WEB", max_length=16)
    lottery_type: str = Field(default="SEA", max_length=16)
    default_language: str = Field(default="PT", max_length=8)
    supported_languages: list[str] = Field(default_factory=list, sa_column=Column(JSON))
    currency: str = Field(default="BRL", max_length=3)
    currency_symbol: str = Field(default="R$", max_length=8)
    timezone: str = Field(default="America/Sao_Paulo", max_length=64)
    image_base_url: str = Field(default="/img", max_length=255)
    image_cdns: list[str] = Field(default_factory=list, sa_column=Column(JSON))
    launch_game_cdns: list[str] = Field(default_factory=list, sa_column=Column(JSON))
    gtag_id: str | None = Field(default=None, max_length=32)
    main_domain: str = Field(max_length=255)
    min_age: int = Field(default=18, ge=18, le=21)
    copyright: str = Field(default="", max_length=255)
    maintenance: bool = False
    maintenance_end_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    maintenance_message: str | None = Field(default=None, max_length=500)
    blocked_networks: list[str] = Field(default_factory=list, sa_column=Column(JSON))
    blocked_countries: list[str] = Field(default_factory=list, sa_column=Column(JSON))
    login_verification: str = Field(
        default="SMS", max_length=16, description="NONE, SMS, EMAIL, TOTP or BANK_NAME"
    )
    password_expiry_days: int = Field(default=90, ge=1)
    sms_expired_minutes: int = Field(default=1, ge=1, le=30)
    sms_daily_quota: int = Field(default=10_000, ge=0)
    # Merchant wallet isSingle: one wallet only, so transfer-mode vendors are not offered.
    single_wallet: bool = False
    # The market's rules this brand follows (app/services/jurisdiction.py): "BR" or "" (none).
    jurisdiction: str = Field(default="", max_length=8)
    # Who runs the site, shown in its footer (issue 35): the legal name, the CNPJ (14 digits),
    # the licence in force (Brazil: the SPA/MF authorisation's ordinance number) and the domain
    # the licence names (Brazil: a .bet.br domain).
    operator_name: str = Field(default="", max_length=160)
    operator_cnpj: str = Field(default="", max_length=14)
    licence_number: str = Field(default="", max_length=64)
    licensed_domain: str = Field(default="", max_length=253)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class DomainRoute(SQLModel, table=True):
    """A domain served for a brand; the site picks the brand from the request's host."""

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    domain: str = Field(unique=True, max_length=255)
    route_type: str = Field(default="MAIN", max_length=16)


class WhitelabelModule(SQLModel, table=True):
    """A node of the white-label module tree (spec 3): switches features per brand."""

    __table_args__ = (UniqueConstraint("merchant_id", "mod_id"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    mod_id: str = Field(max_length=64)
    parent_mod_id: str | None = Field(default=None, max_length=64)
    name: str = Field(default="", max_length=100)
    enabled: str = Field(default="1", max_length=1)
    sort: int = 0


class RegisterField(SQLModel, table=True):
    """Per-brand validation config of one registration field (spec 3)."""

    __table_args__ = (UniqueConstraint("merchant_id", "field_name"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    field_name: str = Field(max_length=64)
    enabled: bool = True
    required: bool = False
    min_length: int | None = None
    max_length: int | None = None
    pattern_id: int | None = Field(default=None, ge=0, le=23)
    accepted_pattern: str | None = Field(default=None, max_length=255)
    hint: str | None = Field(default=None, max_length=200)  # the operator's words, plain text
    sort: int = 0


class SiteResource(SQLModel, table=True):
    """Social and download links keyed by resourceType (spec 3, Resources)."""

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    resource_type: str = Field(max_length=32)
    label_name_en: str = Field(default="", max_length=100)
    url: str = Field(max_length=500)
    open_new_tab: bool = True
    sort: int = 0


class CustomerService(SQLModel, table=True):
    """A customer-service channel shown in the side menu (csType, csPosition)."""

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    cs_type: str = Field(max_length=32)
    cs_position: str = Field(max_length=32)
    label: str = Field(default="", max_length=100)
    url: str = Field(max_length=500)
    sort: int = 0


class Banner(SQLModel, table=True):
    """A banner image of a group (w_home, w_login, w_register, w_forget). A home banner tied
    to a promotion (`promotion_id`) shows the promotion's own art and words in the reader's
    language, and only while the promotion is open."""

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    group_name: str = Field(max_length=32, index=True)
    language: str | None = Field(default=None, max_length=8)
    image_url: str = Field(max_length=500)
    link_url: str | None = Field(default=None, max_length=500)
    linkage_type: str = Field(default="NONE", max_length=16)
    title: str = Field(default="", max_length=200)
    sort: int = 0
    promotion_id: int | None = Field(default=None)


class HelpArticle(SQLModel, table=True):
    """A help-centre article; its HTML is sanitised before it is stored and again when served."""

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    language: str = Field(max_length=8)
    category: str = Field(max_length=64)
    title: str = Field(max_length=200)
    content_html: str
    sort: int = 0


class LegalDocument(SQLModel, table=True):
    """A brand's legal text (terms and conditions, privacy policy) in one language; its HTML
    is sanitised before it is stored and again when served. Changing it bumps `version`."""

    __table_args__ = (UniqueConstraint("merchant_id", "slug", "language"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    slug: str = Field(max_length=32)
    language: str = Field(max_length=8)
    title: str = Field(max_length=200)
    content_html: str
    version: int = 1
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime(timezone=True))
