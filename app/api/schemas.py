"""Response and request bodies of the system calls, as the OpenAPI document shows them."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from datetime import date, datetime
from decimal import Decimal
from functools import cache
from typing import Annotated, Any

from fastapi import Query
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel


class ApiModel(BaseModel):
    model_config = ConfigDict(populate_by_name=True)


# Values that go to the wire as they are: nothing inside them to rename.
_PLAIN = frozenset({str, int, bool, float, type(None), Decimal, date, datetime})


@cache
def _wire_names(kind: type) -> tuple[tuple[str, str], ...]:
    """A dataclass's fields and their wire names, worked out once per class (a game list
    page shapes fifty entries of twenty fields)."""
    return tuple((f.name, to_camel(f.name) if "_" in f.name else f.name) for f in fields(kind))


def camel(value: Any) -> Any:
    """A service's dataclass value as the dict an ApiModel validates: its fields under their
    camelCase names (the wire's), through nested dataclasses, lists, tuples and dicts. A name
    of one word is the wire's as it is (to_camel would write `u9w` as `u9W`)."""
    if type(value) in _PLAIN:
        return value
    if is_dataclass(value) and not isinstance(value, type):
        return {wire: camel(getattr(value, name)) for name, wire in _wire_names(type(value))}
    if isinstance(value, list | tuple):
        return [camel(item) for item in value]
    if isinstance(value, dict):
        return {key: camel(item) for key, item in value.items()}
    return value


# Paged lists: the page asked for, and the fields every page value has besides its items.
PageNumber = Annotated[int, Query(ge=1, le=10_000)]
PageSize = Annotated[int, Query(alias="pageSize", ge=1, le=100)]


class PageValue(ApiModel):
    total: int
    page: int
    pageSize: int


class StatusValue(ApiModel):
    status: int = Field(description="0 normal, 1 maintenance, 2 region blocked")
    maintenance: bool
    regionRestriction: bool
    maintenanceEndAt: datetime | None = None
    maintenanceMessage: str | None = None
    ip: str


class ModuleNodeValue(ApiModel):
    modId: str
    name: str
    enabled: str = Field(description="'1' means on")
    childrenNodes: list[ModuleNodeValue]


class DomainRouteValue(ApiModel):
    domain: str
    routeType: str


class RegisterFieldValue(ApiModel):
    field: str
    enabled: bool
    required: bool
    minLength: int | None
    maxLength: int | None
    patternId: int | None
    acceptedPattern: str | None
    hint: str | None = None  # the operator's words under the field (not in the spec)


class RegisterSettingsValue(ApiModel):
    fields: list[RegisterFieldValue]
    methods: dict[str, bool]
    minAge: int


class ResourceValue(ApiModel):
    resourceType: str
    labelNameEn: str
    url: str
    openNewTab: bool


class AnalyticsValue(ApiModel):
    gtagId: str | None


class PermissionInfo(ApiModel):
    merchantCode: str
    platform: str
    lotteryType: str
    defaultLanguage: str
    supportedLanguages: list[str]
    currency: str
    currencySymbol: str
    imgUrl: str
    domainRoute: list[DomainRouteValue]
    resources: list[ResourceValue]
    whitelabelVal: list[ModuleNodeValue]
    register_methods: dict[str, bool] = Field(alias="register")
    login: dict[str, bool]
    mainDomain: str
    analytics: AnalyticsValue
    imageCDNs: list[str]
    launchGameCDNs: list[str]


class LocationValue(ApiModel):
    ip: str
    country: str | None


class PermissionValue(ApiModel):
    info: PermissionInfo
    location: LocationValue
    maintenance: bool
    regionRestriction: bool


class CountryCodeValue(ApiModel):
    countryCode: str = Field(description="ISO 3166, e.g. BR")
    dialingCode: str = Field(description="digits without +, e.g. 55")
    name: str = Field(description="in the request's language")


class HelpArticleValue(ApiModel):
    id: int | None
    category: str
    title: str
    content: str = Field(description="sanitised HTML")


class RsaKeyValue(ApiModel):
    kid: str
    publicKey: str = Field(description="PEM, SubjectPublicKeyInfo")
    algorithm: str


class LanguageRequest(ApiModel):
    language: str = Field(min_length=2, max_length=8)


class LanguageValue(ApiModel):
    language: str


class SealedPayload(ApiModel):
    """The body of a call marked E: its JSON sealed for the key of /wps/session/key/rsa."""

    kid: str = Field(description="id of the public key it was sealed for")
    key: str = Field(description="AES-256 content key wrapped with RSA-OAEP-SHA256, base64")
    iv: str = Field(description="AES-GCM nonce, base64")
    tag: str = Field(description="AES-GCM tag, base64")
    data: str = Field(description="the JSON body encrypted with AES-256-GCM, base64")
    ts: int = Field(description="seconds since the epoch; bound to the method and path")
