"""The /wps/system calls: envelope, headers, brands, status, configuration."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable

import pytest
from sqlmodel import col, select

from app.client import ApiError, PlatformClient
from app.core import clock
from app.core.config import PROJECT_ROOT
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.accounts import verification
from app.services.brands import brands
from app.services.loyalty import points
from models import AuditEntry, HelpArticle, Merchant, WhitelabelModule
from tests.helpers.accounts import PASSWORD, make_member, register

SYSTEM_CALLS = (
    "/wps/system/status",
    "/wps/system/permission",
    "/wps/system/whitelabel",
    "/wps/system/domainRoute",
    "/wps/system/setting/register",
    "/wps/system/helpCenter",
    "/wps/session/key/rsa",
)


def operator(*args: str, **env: str) -> None:
    """Run an operator command in its own process, as an operator would (`env`: settings of
    that process beside this one's)."""
    subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        cwd=PROJECT_ROOT, env={**os.environ, **env}, check=True, capture_output=True,
    )  # fmt: skip
    # No shared Redis carries its announcement here: this process (the site) would see the
    # change at its timed refresh, which the test does not wait for.
    brands.invalidate()


@pytest.mark.parametrize("path", SYSTEM_CALLS)
async def test_every_call_answers_in_the_envelope(api: PlatformClient, path: str) -> None:
    response = await api.raw("GET", path)
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"success", "code", "message", "value"}
    assert body["success"] is True and body["code"] == "0"
    assert body["value"] is not None


async def test_status_is_normal_with_the_visitor_ip(api: PlatformClient) -> None:
    value = await api.get("/wps/system/status")
    assert value["status"] == 0 and value["maintenance"] is False
    assert value["ip"] == "203.0.113.10"


async def test_a_kept_status_answer_gives_way_to_a_brand_change(api: PlatformClient) -> None:
    """The status call keeps its serialized answer per brand snapshot and address: an
    operator's change is answered at the next call, the other brand's answer stays its own."""
    try:
        assert (await api.get("/wps/system/status"))["status"] == 0
        assert (await api.get("/wps/system/status"))["status"] == 0  # answered as kept
        operator("status", "maintenance", "--message", "Upgrade")
        value = await api.get("/wps/system/status")
        assert value["status"] == 1 and value["maintenanceMessage"] == "Upgrade"
        other_brand = await api.raw("GET", "/wps/system/status", headers={"Merchant": "BR2"})
        assert other_brand.json()["value"]["status"] == 0
    finally:
        operator("status", "normal")
    assert (await api.get("/wps/system/status"))["status"] == 0


async def test_permission_payload_has_every_spec_field(api: PlatformClient) -> None:
    value = await api.get("/wps/system/permission")
    info = value["info"]
    for field in ("domainRoute", "resources", "whitelabelVal", "register", "mainDomain",
                  "analytics", "imageCDNs", "launchGameCDNs"):  # fmt: skip
        assert field in info, field
    assert "gtagId" in info["analytics"]
    assert value["location"]["ip"] == "203.0.113.10"
    assert value["maintenance"] is False and value["regionRestriction"] is False
    assert info["merchantCode"] == "BR1" and info["defaultLanguage"] == "PT"
    resource_types = {r["resourceType"] for r in info["resources"]}
    # The demo brands have no Android package of their own (they offer the lite app).
    assert {"YOUTUBE", "TWITTER", "FACEBOOK", "INSTAGRAM", "MESSENGER", "TIKTOK",
            "MOBILECONFIG"} <= resource_types  # fmt: skip


async def test_whitelabel_tree_has_the_spec_switches(api: PlatformClient) -> None:
    tree = await api.get("/wps/system/whitelabel")

    def walk(nodes: list[dict]) -> dict[str, str]:
        found: dict[str, str] = {}
        for node in nodes:
            assert set(node) >= {"modId", "enabled", "childrenNodes"}
            found[node["modId"]] = node["enabled"]
            found.update(walk(node["childrenNodes"]))
        return found

    switches = walk(tree)
    for mod_id in ("MOBILENUMREG3", "REGMOBVERF3", "MOBILENUMPASSREG3", "FREEPLAY3",
                   "PWDEXPFORCECHANGE3", "MOBILEVERCODELOGIN3"):  # fmt: skip
        assert mod_id in switches
    assert switches["FREEPLAY3"] == "1"


async def test_register_settings(api: PlatformClient) -> None:
    value = await api.get("/wps/system/setting/register")
    fields = {f["field"]: f for f in value["fields"]}
    assert fields["username"] == {
        "field": "username", "enabled": True, "required": True, "minLength": 6,
        "maxLength": 16, "patternId": 1, "acceptedPattern": ".*", "hint": None,
    }  # fmt: skip
    assert value["minAge"] == 18
    assert value["methods"]["mobile"] is True
    # Published in the permission payload and off: third-party sign-in is a README departure.
    login = (await api.get("/wps/system/permission"))["info"]["login"]
    assert login["google"] is False and login["facebook"] is False


async def test_domain_routes_and_brand_by_domain(api: PlatformClient) -> None:
    routes = await api.get("/wps/system/domainRoute")
    assert {"domain": "localhost", "routeType": "MAIN"} in routes
    response = await api.raw("GET", "/wps/system/permission", headers={"Host": "vilabet.test"})
    info = response.json()["value"]["info"]
    assert info["merchantCode"] == "BR2" and info["defaultLanguage"] == "EN"


async def test_merchant_header_wins_over_domain(api: PlatformClient) -> None:
    response = await api.raw(
        "GET", "/wps/system/permission", headers={"Host": "vilabet.test", "Merchant": "br1"}
    )
    assert response.json()["value"]["info"]["merchantCode"] == "BR1"


async def test_unknown_merchant(api: PlatformClient) -> None:
    response = await api.raw("GET", "/wps/system/status", headers={"Merchant": "NOPE"})
    assert response.status_code == 400
    assert response.json()["code"] == "merchant-unknown"
    assert response.json()["success"] is False


@pytest.mark.parametrize("language", ["JA", "xx", "TY"])
async def test_unsupported_language(api: PlatformClient, language: str) -> None:
    response = await api.raw("GET", "/wps/system/status", headers={"Language": language})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "language-unsupported"
    assert body["message"] == "Este idioma não é suportado por esta marca."


async def test_error_messages_follow_the_language_header(api: PlatformClient) -> None:
    for language, message in (("EN", "Not found."), ("PT", "Não encontrado.")):
        response = await api.raw("GET", "/wps/nothing/here", headers={"Language": language})
        assert response.status_code == 404
        assert response.json() == {
            "success": False,
            "code": "not-found",
            "message": message,
            "value": None,
        }


async def test_wrong_method_is_405_in_the_envelope(api: PlatformClient) -> None:
    response = await api.raw("DELETE", "/wps/system/status")
    assert response.status_code == 405
    assert response.json()["code"] == "method-not-allowed"


async def test_malformed_json(api: PlatformClient) -> None:
    response = await api.raw(
        "POST", "/wps/system/language", content=b'{"language": ',
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    assert response.status_code == 400
    assert response.json()["code"] == "malformed-json"


async def test_invalid_field_is_422_with_locations(api: PlatformClient) -> None:
    response = await api.raw("POST", "/wps/system/language", json={"language": ""})
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "validation-failed"
    assert body["value"][0]["loc"] == ["body", "language"]


async def test_oversize_body_with_length(api: PlatformClient) -> None:
    response = await api.raw(
        "POST", "/wps/system/language", content=b"x" * 2_000_000,
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    assert response.status_code == 413
    assert response.json()["code"] == "body-too-large"


async def test_oversize_body_streamed_without_length(api: PlatformClient) -> None:
    async def chunks():
        for _ in range(40):
            yield b"x" * 65536

    response = await api.raw(
        "POST", "/wps/system/language", content=chunks(),
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    assert response.status_code == 413
    assert response.json()["code"] == "body-too-large"


async def test_language_update_action(api: PlatformClient) -> None:
    assert await api.post("/wps/system/language", {"language": "en"}) == {"language": "EN"}
    with pytest.raises(ApiError) as error:
        await api.post("/wps/system/language", {"language": "JA"})
    assert error.value.code == "language-unsupported"


async def test_help_centre_is_sanitised_and_localised(api: PlatformClient) -> None:
    api.language = "EN"
    english = await api.get("/wps/system/helpCenter")
    api.language = "PT"
    portuguese = await api.get("/wps/system/helpCenter")
    assert english[0]["title"] != portuguese[0]["title"]
    assert all("<script" not in a["content"] for a in english + portuguese)


async def test_country_codes_list_the_brands_market_first_in_the_visitors_language(
    api: PlatformClient,
) -> None:
    api.language = "PT"
    codes = await api.get("/wps/system/countryCodes")
    assert codes[0] == {"countryCode": "BR", "dialingCode": "55", "name": "Brasil"}
    assert {"countryCode": "PT", "dialingCode": "351", "name": "Portugal"} in codes
    api.language = "EN"
    names = {c["countryCode"]: c["name"] for c in await api.get("/wps/system/countryCodes")}
    assert (names["BR"], names["VN"]) == ("Brazil", "Vietnam")


async def test_a_phone_field_sends_the_picked_code_or_the_markets() -> None:
    brand = await brands.by_code("BR1")
    assert verification.picked_code(brand, "351") == "351"
    assert verification.picked_code(brand, "") == "55"
    assert verification.picked_code(brand, "999") == "55"  # not listed: the market's


@pytest.mark.parametrize(
    ("code", "number", "expected"),
    [
        (None, "(11) 98765-4321", ("55", "11987654321")),
        ("+55", "011 98765 4321", ("55", "11987654321")),
        ("351", "912 345 678", ("351", "912345678")),
    ],
)
def test_phones_take_any_listed_dialling_code(
    code: str | None, number: str, expected: tuple[str, str]
) -> None:
    phone = verification.normalize_phone(code, number)
    assert (phone.country_code, phone.national) == expected


@pytest.mark.parametrize(
    ("code", "number", "error"),
    [("999", "912345678", "invalid-country-code"), ("55", "1234", "invalid-phone-number")],
)
def test_an_unlisted_code_or_a_short_number_is_refused(code: str, number: str, error: str) -> None:
    with pytest.raises(AppError) as refused:
        verification.normalize_phone(code, number)
    assert refused.value.code == error


async def test_help_html_is_sanitised_when_served(api: PlatformClient) -> None:
    async with write_transaction() as session:
        merchant = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
        article = HelpArticle(
            merchant_id=merchant.id, language="EN", category="zz", title="xss",
            content_html='<p onclick="alert(1)">hi<script>alert(2)</script>'
            '<a href="javascript:alert(3)">x</a></p>',
            sort=99,
        )  # fmt: skip
        session.add(article)
    try:
        api.language = "EN"
        served = [a for a in await api.get("/wps/system/helpCenter") if a["title"] == "xss"]
        assert served[0]["content"] == '<p>hi<a rel="noopener noreferrer">x</a></p>'
    finally:
        async with write_transaction() as session:
            await session.delete(await session.get(HelpArticle, article.id))


async def test_operator_switches_maintenance_and_region_block(api: PlatformClient) -> None:
    try:
        operator("status", "maintenance", "--until", "2030-01-01T03:00:00+00:00",
                 "--message", "Upgrade")  # fmt: skip
        value = await api.get("/wps/system/status")
        assert value["status"] == 1
        assert value["maintenanceEndAt"].startswith("2030-01-01T03:00:00")
        assert value["maintenanceMessage"] == "Upgrade"

        operator("status", "normal")
        operator("status", "block", "--network", "203.0.113.0/24")
        value = await api.get("/wps/system/status")
        assert value["status"] == 2 and value["regionRestriction"] is True
        permission = await api.get("/wps/system/permission")
        assert permission["regionRestriction"] is True

        other_brand = await api.raw("GET", "/wps/system/status", headers={"Merchant": "BR2"})
        assert other_brand.json()["value"]["status"] == 0
    finally:
        operator("status", "normal")
    assert (await api.get("/wps/system/status"))["status"] == 0


async def test_operator_turns_a_white_label_module_on_and_off() -> None:
    async def stored() -> tuple[str, list[AuditEntry]]:
        async with session_scope() as session:
            module = (
                await session.exec(
                    select(WhitelabelModule)
                    .join(Merchant, col(Merchant.id) == WhitelabelModule.merchant_id)
                    .where(Merchant.code == "BR2", WhitelabelModule.mod_id == "NEGCARRY3")
                )
            ).one()
            entries = await session.exec(
                select(AuditEntry).where(
                    AuditEntry.action == "settings.module", AuditEntry.target == "BR2"
                )
            )
            return module.enabled, list(entries.all())

    _, before = await stored()
    try:
        operator("module", "BR2", "NEGCARRY3", "on")
        enabled, entries = await stored()
        assert enabled == "1" and len(entries) == len(before) + 1
        assert json.loads(entries[-1].detail) == {"module": "NEGCARRY3", "enabled": True}
    finally:
        operator("module", "BR2", "NEGCARRY3", "off")
    assert (await stored())[0] == "0"
    refused = subprocess.run(
        [sys.executable, "-m", "app.cli", "module", "BR2", "NOSUCH3", "on"],
        cwd=PROJECT_ROOT, env=os.environ.copy(), capture_output=True, text=True,
    )  # fmt: skip
    assert refused.returncode == 2 and "The brand has no module NOSUCH3." in refused.stderr


def test_operator_command_refuses_a_bad_network() -> None:
    refused = subprocess.run(
        [sys.executable, "-m", "app.cli", "status", "block", "--network", "203.0.113.0/33"],
        cwd=PROJECT_ROOT, env=os.environ.copy(), capture_output=True, text=True,
    )  # fmt: skip
    assert refused.returncode == 2
    assert "203.0.113.0/33 is not a network" in refused.stderr


async def test_home_aliases_redirect(api: PlatformClient) -> None:
    for path in ("/index", "/index.html"):
        response = await api.raw("GET", path)
        assert response.status_code == 301
        assert response.headers["location"] == "/"


async def test_openapi_lists_every_route_with_schemas(api: PlatformClient) -> None:
    document = (await api.raw("GET", "/openapi.json")).json()
    paths = document["paths"]
    for path in (*SYSTEM_CALLS, "/wps/system/language", "/wps/session/key/check"):
        assert path in paths, path
        operation = next(iter(paths[path].values()))
        schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
        assert "$ref" in schema
        headers = {p["name"] for p in operation["parameters"] if p["in"] == "header"}
        assert {"Merchant", "Language", "Device", "Authorization"} <= headers


async def test_calls_carry_their_module_and_a_switched_off_module_refuses_them(
    make_client: Callable[..., PlatformClient],
) -> None:
    """Spec 9: the module ids COMM3, REG3, PASS3, PTSYS3 and GAMELO3 are attached to the calls
    of their modules (the Module-Id answer header, `x-module-id` in the OpenAPI document); with
    the module switched off for the brand its calls are refused, translated."""
    client = make_client()
    client.merchant = "BR2"
    await register(client)
    for path, module in (
        ("/wps/captcha", "COMM3"),
        ("/wps/relay/GCSGAME_gameList", "GAMELO3"),
        ("/wps/relay/MCS2_getPointBalance", "PTSYS3"),
    ):
        answer = await client.raw("GET", path)
        assert answer.status_code == 200 and answer.headers["Module-Id"] == module, path
    assert "Module-Id" not in (await client.raw("GET", "/wps/member/info")).headers
    paths = (await client.raw("GET", "/openapi.json")).json()["paths"]
    for path, method, module in (
        ("/wps/member/register", "put", "REG3"),
        ("/wps/member/register/mobile", "put", "REG3"),
        ("/wps/session/login", "post", "PASS3"),
        ("/wps/member/password/reset", "post", "PASS3"),
        ("/wps/session/login/freeplay", "post", "GAMELO3"),
        ("/wps/relay/passwordCheck/MCS2_convertPoint", "post", "PTSYS3"),
        ("/wps/verification/botCheck", "get", "COMM3"),
    ):
        assert paths[path][method]["x-module-id"] == module, path
    assert "x-module-id" not in paths["/wps/member/info"]["get"]
    try:
        operator("module", "BR2", "PTSYS3", "off")
        with pytest.raises(ApiError) as refused:
            await client.get("/wps/relay/MCS2_getPointBalance")
        assert (refused.value.status, refused.value.code) == (403, "operation-not-allowed")
        assert refused.value.body["message"] == translate("operation-not-allowed", "en")
        assert (await client.raw("GET", "/wps/captcha")).status_code == 200  # other modules stay
        # The site's points pages spend nothing either: the rule is the points service's.
        member = await make_member("BR2")
        with pytest.raises(AppError) as disabled:
            await points.convert(member, "10", PASSWORD, clock.now())
        assert disabled.value.code == "points-disabled"
    finally:
        operator("module", "BR2", "PTSYS3", "on")
    assert (await client.raw("GET", "/wps/relay/MCS2_getPointBalance")).status_code == 200
