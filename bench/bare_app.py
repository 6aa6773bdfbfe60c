"""The baseline: a bare Starlette JSON endpoint, served the same way as the real app."""

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route


async def status(_request: Request) -> JSONResponse:
    return JSONResponse({"success": True, "code": "0", "message": "", "value": {"status": 0}})


app = Starlette(routes=[Route("/status", status)])
