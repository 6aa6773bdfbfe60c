"""Outbound HTTP: every call the platform makes to another service (game vendors, payment and
identity providers, lottery sources, messaging) goes through a `client` made here. They share
one TLS context: building one loads the CA bundle, about 100 ms of CPU that a new client per
call used to pay each time."""

from __future__ import annotations

import ssl
from functools import cache
from typing import Any

import certifi
import httpx


@cache
def tls_context() -> ssl.SSLContext:
    """What httpx builds for `verify=True`, built once per process."""
    return ssl.create_default_context(cafile=certifi.where())


def client(**options: Any) -> httpx.AsyncClient:
    """An httpx client (`options` as httpx takes them) verifying TLS with the shared context."""
    return httpx.AsyncClient(verify=tls_context(), **options)
