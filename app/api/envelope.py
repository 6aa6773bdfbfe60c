"""The response envelope every /wps and /lgw call answers with."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from fastapi.responses import JSONResponse
from pydantic import BaseModel

from app.core.i18n import translate

T = TypeVar("T")


class Envelope(BaseModel, Generic[T]):
    """`{success, code, message, value}`: code "0" on success, a stable catalog code otherwise."""

    success: bool
    code: str
    message: str
    value: T | None = None


class ErrorEnvelope(BaseModel):
    """A refused call: `success` false, a catalog code, its message, details in `value`."""

    success: bool
    code: str
    message: str
    value: Any = None


def ok(value: T, message: str = "") -> Envelope[T]:
    # Not `Envelope[T](...)`: a parametrised class is looked up at every call, and its answer
    # is the same (the value's own type is serialised either way).
    return Envelope(success=True, code="0", message=message, value=value)


def error_response(
    code: str, status: int, language: str | None, value: Any = None, /, **params: Any
) -> JSONResponse:
    body = Envelope[Any](
        success=False, code=code, message=translate(code, language, **params), value=value
    )
    return JSONResponse(status_code=status, content=body.model_dump(mode="json"))


def localize_fields(value: Any, language: str | None) -> Any:
    """Field errors (`{"fields": [{field, code, params}]}`) get their message translated."""
    if not isinstance(value, dict) or not isinstance(value.get("fields"), list):
        return value
    fields = [
        {**problem, "message": translate(problem["code"], language, **problem.get("params", {}))}
        for problem in value["fields"]
    ]
    return {**value, "fields": fields}
