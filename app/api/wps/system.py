"""/wps/system/*: status, white-label tree, domains, register settings, help, language."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.api.deps import Context, request_context
from app.api.envelope import Envelope, ok
from app.api.schemas import (
    DomainRouteValue,
    HelpArticleValue,
    LanguageRequest,
    LanguageValue,
    ModuleNodeValue,
    PermissionValue,
    RegisterSettingsValue,
    StatusValue,
)
from app.services import site
from app.services.accounts import sessions

router = APIRouter(prefix="/wps/system", tags=["system"])


async def system_status(request: Request) -> Response:
    """Every client polls this, so it is a plain Starlette endpoint: FastAPI's per-call
    dependency machinery cost several times the work of the call itself (bench_status).
    It is documented in OpenAPI like the others (see `HOT_ROUTES`)."""
    ctx = await request_context(request)
    status = site.system_status(ctx.brand, ctx.ip, ctx.country)
    body = ok(
        StatusValue(
            status=status.status,
            maintenance=status.maintenance,
            regionRestriction=status.region_restricted,
            maintenanceEndAt=status.maintenance_end_at,
            maintenanceMessage=status.maintenance_message,
            ip=status.ip,
        )
    )
    return Response(body.model_dump_json(), media_type="application/json")


# (path, endpoint, response model, summary): served by Starlette, listed in OpenAPI.
HOT_ROUTES = (("/wps/system/status", system_status, Envelope[StatusValue], "System status"),)


@router.get("/permission", response_model=Envelope[PermissionValue])
async def permission(ctx: Context) -> Envelope[PermissionValue]:
    status = site.system_status(ctx.brand, ctx.ip, ctx.country)
    payload = site.permission_payload(ctx.brand, status, ctx.country)
    return ok(PermissionValue.model_validate(payload))


@router.get("/whitelabel", response_model=Envelope[list[ModuleNodeValue]])
async def whitelabel(ctx: Context) -> Envelope[list[ModuleNodeValue]]:
    tree = site.whitelabel_tree(ctx.brand)
    return ok([ModuleNodeValue.model_validate(node) for node in tree])


@router.get("/domainRoute", response_model=Envelope[list[DomainRouteValue]])
async def domain_route(ctx: Context) -> Envelope[list[DomainRouteValue]]:
    return ok([DomainRouteValue.model_validate(d) for d in site.domain_routes(ctx.brand)])


@router.get("/setting/register", response_model=Envelope[RegisterSettingsValue])
async def register_settings(ctx: Context) -> Envelope[RegisterSettingsValue]:
    return ok(RegisterSettingsValue.model_validate(site.register_settings(ctx.brand)))


@router.get("/helpCenter", response_model=Envelope[list[HelpArticleValue]])
async def help_center(ctx: Context) -> Envelope[list[HelpArticleValue]]:
    articles = await site.help_center(ctx.brand, ctx.language)
    return ok([HelpArticleValue.model_validate(a) for a in articles])


@router.post("/language", response_model=Envelope[LanguageValue])
async def update_language(
    request: Request, ctx: Context, body: LanguageRequest
) -> Envelope[LanguageValue]:
    """The language-update action (getUpdateLanguage): validated for the brand, and kept
    on the member when a token is sent."""
    token = sessions.bearer(request.headers.get("authorization"))
    member = (await sessions.authenticate(token)).member if token else None
    return ok(LanguageValue(language=await site.update_language(ctx.brand, body.language, member)))
