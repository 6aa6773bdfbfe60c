"""/wps/system/*: status, white-label tree, domains, register settings, help, language."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.api.deps import Context, request_context
from app.api.envelope import Envelope, ok
from app.api.schemas import (
    AnalyticsValue,
    CountryCodeValue,
    DomainRouteValue,
    HelpArticleValue,
    LanguageRequest,
    LanguageValue,
    LocationValue,
    ModuleNodeValue,
    PermissionInfo,
    PermissionValue,
    RegisterFieldValue,
    RegisterSettingsValue,
    ResourceValue,
    StatusValue,
)
from app.core.i18n import ui_language
from app.core.i18n.formatting import country_name
from app.services import site
from app.services.accounts import sessions, verification
from app.services.brands import Brand, ModuleNode
from models import RegisterField

router = APIRouter(prefix="/wps/system", tags=["system"])


# The serialized status answers by (brand, address, country), each kept with the brand
# snapshot it was made from: a reloaded brand is a new object, so an operator's change is
# never answered from here. Serializing cost more than the rest of the call (bench_status);
# a client polls from the same address, so its polls find theirs.
_answers: dict[tuple[str, str, str | None], tuple[Brand, bytes]] = {}
ANSWERS_KEPT = 4096  # addresses past this start the table afresh


def _status_body(brand: Brand, ip: str, country: str | None) -> bytes:
    key = (brand.code, ip, country)
    kept = _answers.get(key)
    if kept is not None and kept[0] is brand:
        return kept[1]
    status = site.system_status(brand, ip, country)
    answer = (
        ok(
            StatusValue(
                status=status.status,
                maintenance=status.maintenance,
                regionRestriction=status.region_restricted,
                maintenanceEndAt=status.maintenance_end_at,
                maintenanceMessage=status.maintenance_message,
                ip=status.ip,
            )
        )
        .model_dump_json()
        .encode()
    )
    if len(_answers) >= ANSWERS_KEPT:
        _answers.clear()
    _answers[key] = (brand, answer)
    return answer


async def system_status(request: Request) -> Response:
    """Every client polls this, so it is a plain Starlette endpoint: FastAPI's per-call
    dependency machinery cost several times the work of the call itself (bench_status).
    It is documented in OpenAPI like the others (see `HOT_ROUTES`)."""
    ctx = await request_context(request)
    return Response(_status_body(ctx.brand, ctx.ip, ctx.country), media_type="application/json")


# (path, endpoint, response model, summary): served by Starlette, listed in OpenAPI.
HOT_ROUTES = (("/wps/system/status", system_status, Envelope[StatusValue], "System status"),)


def _module_node(node: ModuleNode) -> ModuleNodeValue:
    return ModuleNodeValue(
        modId=node.mod_id,
        name=node.name,
        enabled=node.enabled,
        childrenNodes=[_module_node(child) for child in node.children],
    )


def _whitelabel(brand: Brand) -> list[ModuleNodeValue]:
    return [_module_node(node) for node in site.whitelabel_tree(brand)]


def _domain_routes(brand: Brand) -> list[DomainRouteValue]:
    return [
        DomainRouteValue(domain=d.domain, routeType=d.route_type) for d in site.domain_routes(brand)
    ]


def _register_field(f: RegisterField) -> RegisterFieldValue:
    return RegisterFieldValue(
        field=f.field_name,
        enabled=f.enabled,
        required=f.required,
        minLength=f.min_length,
        maxLength=f.max_length,
        patternId=f.pattern_id,
        acceptedPattern=f.accepted_pattern,
        hint=f.hint,
    )


@router.get("/permission", response_model=Envelope[PermissionValue])
async def permission(ctx: Context) -> Envelope[PermissionValue]:
    """Spec 3 permission payload: info, location, maintenance and regionRestriction flags."""
    brand = ctx.brand
    status = site.system_status(brand, ctx.ip, ctx.country)
    info = PermissionInfo(
        merchantCode=brand.code,
        platform=brand.platform,
        lotteryType=brand.lottery_type,
        defaultLanguage=brand.default_language,
        supportedLanguages=list(brand.supported_languages),
        currency=brand.currency,
        currencySymbol=brand.currency_symbol,
        imgUrl=brand.image_base_url,
        domainRoute=_domain_routes(brand),
        resources=[
            ResourceValue(
                resourceType=r.resource_type,
                labelNameEn=r.label_name_en,
                url=r.url,
                openNewTab=r.open_new_tab,
            )
            for r in site.resources(brand)
        ],
        whitelabelVal=_whitelabel(brand),
        register_methods=site.registration_methods(brand),
        login=site.login_methods(brand),
        mainDomain=brand.main_domain,
        analytics=AnalyticsValue(gtagId=brand.gtag_id),
        imageCDNs=list(brand.image_cdns),
        launchGameCDNs=list(brand.launch_game_cdns),
    )
    return ok(
        PermissionValue(
            info=info,
            location=LocationValue(ip=status.ip, country=ctx.country),
            maintenance=status.maintenance,
            regionRestriction=status.region_restricted,
        )
    )


@router.get("/whitelabel", response_model=Envelope[list[ModuleNodeValue]])
async def whitelabel(ctx: Context) -> Envelope[list[ModuleNodeValue]]:
    return ok(_whitelabel(ctx.brand))


@router.get("/domainRoute", response_model=Envelope[list[DomainRouteValue]])
async def domain_route(ctx: Context) -> Envelope[list[DomainRouteValue]]:
    return ok(_domain_routes(ctx.brand))


@router.get("/setting/register", response_model=Envelope[RegisterSettingsValue])
async def register_settings(ctx: Context) -> Envelope[RegisterSettingsValue]:
    settings = site.register_settings(ctx.brand)
    return ok(
        RegisterSettingsValue(
            fields=[_register_field(f) for f in settings.fields],
            methods=settings.methods,
            minAge=settings.min_age,
        )
    )


@router.get("/countryCodes", response_model=Envelope[list[CountryCodeValue]])
async def country_codes(ctx: Context) -> Envelope[list[CountryCodeValue]]:
    """getCountryCode: the dialling codes a phone may carry, the brand's market first."""
    lang = ui_language(ctx.language)
    return ok(
        [
            CountryCodeValue(
                countryCode=c.region, dialingCode=c.code, name=country_name(c.region, lang)
            )
            for c in verification.dialling_codes(ctx.brand)
        ]
    )


@router.get("/helpCenter", response_model=Envelope[list[HelpArticleValue]])
async def help_center(ctx: Context) -> Envelope[list[HelpArticleValue]]:
    articles = await site.help_center(ctx.brand, ctx.language)
    return ok(
        [
            HelpArticleValue(id=a.id, category=a.category, title=a.title, content=a.content)
            for a in articles
        ]
    )


@router.post("/language", response_model=Envelope[LanguageValue])
async def update_language(
    request: Request, ctx: Context, body: LanguageRequest
) -> Envelope[LanguageValue]:
    """The language-update action (getUpdateLanguage): validated for the brand, and kept
    on the member when a token is sent."""
    token = sessions.bearer(request.headers.get("authorization"))
    member = (await sessions.authenticate(token)).member if token else None
    return ok(LanguageValue(language=await site.update_language(ctx.brand, body.language, member)))


ROUTERS = (router,)
