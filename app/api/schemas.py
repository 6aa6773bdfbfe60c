"""Response and request bodies of the system calls, as the OpenAPI document shows them."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field


class ApiModel(BaseModel):
    model_config = ConfigDict(populate_by_name=True)


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
