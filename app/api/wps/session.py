"""/wps/session/*: the public key that clients seal encrypted payloads with."""

from __future__ import annotations

from fastapi import APIRouter

from app.api.deps import Context, SealedBody
from app.api.envelope import Envelope, ok
from app.api.schemas import RsaKeyValue
from app.services.payload_keys import payload_keys

router = APIRouter(prefix="/wps/session", tags=["session"])


@router.get("/key/rsa", response_model=Envelope[RsaKeyValue])
async def rsa_key(ctx: Context) -> Envelope[RsaKeyValue]:
    key = await payload_keys.public_key()
    return ok(RsaKeyValue(kid=key.kid, publicKey=key.pem, algorithm=key.algorithm))


@router.post("/key/check", response_model=Envelope[list[str]])
async def sealed_check(ctx: Context, body: SealedBody) -> Envelope[list[str]]:
    """Lets a client prove its sealing works: answers the field names it could open."""
    return ok(sorted(body))
