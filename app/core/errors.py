"""The one error type that services raise; adapters turn it into a translated answer."""

from __future__ import annotations

from typing import Any


class AppError(Exception):
    """A failure the user can be told about: a stable catalog code, an HTTP status, params."""

    def __init__(
        self,
        code: str,
        status: int = 400,
        params: dict[str, Any] | None = None,
        value: Any = None,
    ) -> None:
        super().__init__(code)
        self.code = code
        self.status = status
        self.params = params or {}
        self.value = value
