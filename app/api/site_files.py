"""/sitemap.xml, /robots.txt and /manifest.webmanifest for the brand of the request
(app/services/site_map.py)."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from app.services import site_map
from app.services.brands import brands
from app.services.content import app_download

router = APIRouter(include_in_schema=False)


async def _base(request: Request) -> str:
    host = request.headers.get("host")
    brand = await brands.for_request(None, host)
    return site_map.site_base(brand, host, str(request.base_url))


@router.get("/sitemap.xml")
async def sitemap(request: Request) -> Response:
    brand = await brands.for_request(None, request.headers.get("host"))
    paths = site_map.brand_paths(brand, request.app.state.sitemap)
    xml = site_map.sitemap_xml(await _base(request), paths)
    return Response(xml, media_type="application/xml")


@router.get("/robots.txt")
async def robots(request: Request) -> PlainTextResponse:
    return PlainTextResponse(site_map.robots_txt(await _base(request)))


@router.get("/manifest.webmanifest")
async def manifest(request: Request) -> JSONResponse:
    brand = await brands.for_request(None, request.headers.get("host"))
    return JSONResponse(site_map.web_app_manifest(brand), media_type="application/manifest+json")


@router.get("/download/{file_name}.mobileconfig")
async def ios_profile(request: Request, file_name: str) -> Response:
    """The brand's iOS web clip profile (app/services/content/app_download.py)."""
    brand = await brands.for_request(None, request.headers.get("host"))
    body = app_download.mobileconfig(brand, f"{file_name[:64]}.mobileconfig", await _base(request))
    return Response(
        body,
        media_type=app_download.PROFILE_MEDIA_TYPE,
        headers={
            "Content-Disposition": f'attachment; filename="{brand.code.lower()}.mobileconfig"'
        },
    )


@router.get("/download/qr/{kind}.svg")
async def download_qr(request: Request, kind: str) -> Response:
    """The QR codes of the app download page, with the brand's logo."""
    brand = await brands.for_request(None, request.headers.get("host"))
    svg = await asyncio.to_thread(app_download.qr_image, brand, kind[:16], await _base(request))
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


ROUTERS = (router,)
