"""XSS payloads (tests/helpers/xss.py) through every field that is shown to other people:
operator HTML is served nh3-sanitised, operator links only with safe schemes, and what players
write (feedback, tickets, names) is kept as the plain text it is, for pages to escape."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from sqlmodel import col, delete, select

from app.client import ApiError, PlatformClient
from app.core.db import session_scope, write_transaction
from app.core.html import safe_link, sanitize_html
from app.services import site
from app.services.brands import brands
from models import CustomerService, Feedback, HelpArticle, Merchant, SiteResource
from tests.helpers.accounts import new_username, register
from tests.helpers.xss import PAYLOADS, dangerous_html

MakeClient = Callable[..., PlatformClient]
CATEGORY = "xss-corpus"


async def _merchant_id(code: str = "BR1") -> int:
    async with session_scope() as session:
        merchant = (await session.exec(select(Merchant).where(Merchant.code == code))).one()
    assert merchant.id is not None
    return merchant.id


@pytest.fixture
async def hostile_articles() -> AsyncIterator[list[str]]:
    """Help articles whose title and HTML are the payloads, as an operator's tool stores them
    (straight into the table: the sanitiser must not depend on the writer)."""
    merchant_id = await _merchant_id()
    async with write_transaction() as session:
        for number, payload in enumerate(PAYLOADS):
            session.add(
                HelpArticle(
                    merchant_id=merchant_id,
                    language="PT",
                    category=CATEGORY,
                    title=payload,
                    content_html=f"<p>Artigo {number}</p>{payload}",
                    sort=number,
                )
            )
    yield list(PAYLOADS)
    async with write_transaction() as session:
        await session.exec(delete(HelpArticle).where(col(HelpArticle.category) == CATEGORY))


async def test_help_articles_are_served_sanitised(
    api: PlatformClient, hostile_articles: list[str]
) -> None:
    api.merchant, api.language = "BR1", "PT"
    served = [a for a in await api.get("/wps/system/helpCenter") if a["category"] == CATEGORY]
    assert [a["title"] for a in served] == hostile_articles
    for article, payload in zip(served, hostile_articles, strict=True):
        assert dangerous_html(article["content"]) == [], (payload, article["content"])
        number = PAYLOADS.index(payload)
        assert article["content"] == sanitize_html(f"<p>Artigo {number}</p>{payload}")


def test_the_checker_sees_every_payload_as_dangerous_before_sanitising() -> None:
    """The corpus and its checker agree: markup payloads are caught raw, and none survives nh3."""
    markup = [p for p in PAYLOADS if "<" in p and not p.startswith("{{")]
    assert len(markup) >= 18
    for payload in markup:
        assert dangerous_html(payload), payload
        assert dangerous_html(sanitize_html(payload)) == [], payload


@pytest.fixture
async def hostile_links() -> AsyncIterator[list[str]]:
    merchant_id = await _merchant_id()
    links = [p for p in PAYLOADS if "script:" in p or p.startswith("data:")]
    links += ["javascript:window.__xss(30)", " JaVaScRiPt:window.__xss(31)",
              "java\tscript:window.__xss(32)", "data:text/html,<script>parent.__xss(33)</script>",
              "vbscript:msgbox(34)", "//evil.example/x"]  # fmt: skip
    async with write_transaction() as session:
        for number, url in enumerate(links):
            session.add(
                CustomerService(
                    merchant_id=merchant_id,
                    cs_type="ONLINE",
                    cs_position="xss",
                    label=PAYLOADS[number % len(PAYLOADS)],
                    url=url,
                    sort=1000 + number,
                )
            )
            session.add(
                SiteResource(
                    merchant_id=merchant_id,
                    resource_type="TELEGRAM",
                    url=url,
                    label_name_en="xss",
                    sort=1000 + number,
                )
            )
    yield links
    async with write_transaction() as session:
        await session.exec(delete(CustomerService).where(col(CustomerService.cs_position) == "xss"))
        await session.exec(delete(SiteResource).where(col(SiteResource.label_name_en) == "xss"))


async def test_operator_links_keep_only_safe_schemes(
    api: PlatformClient, hostile_links: list[str]
) -> None:
    brand = await brands.by_code("BR1")
    served: list[Any] = [c.url for c in site.customer_services(brand)]
    served += [r.url for r in site.resources(brand)]
    served += [s.url for s in site.social_links(brand)]
    links = site.app_download_links(brand)
    served += [links.android, links.ios]
    permission = await api.get("/wps/system/permission")
    served += [r["url"] for r in permission["info"]["resources"]]
    for url in served:
        assert not url or url.startswith(("https://", "http://", "mailto:", "tel:", "/")), url
        assert not url.startswith("//"), url
    for link in hostile_links:
        assert safe_link(link) == ""
    for good in ("https://t.me/sorte", "/promotions", "mailto:ajuda@sorte.test", "tel:+5511"):
        assert safe_link(good) == good


async def test_feedback_and_tickets_are_kept_as_plain_text(make_client: MakeClient) -> None:
    client = make_client(merchant="BR1")
    await register(client)
    for payload in PAYLOADS:
        content = f"Please look at this: {payload}"  # feedback is bounded in words
        ticket = await client.put("/wps/feedback", {"questionType": "other", "content": content})
        async with session_scope() as session:
            stored = await session.get(Feedback, ticket)
        assert stored is not None and stored.content == content.strip()


async def test_names_shown_to_others_refuse_markup(make_client: MakeClient) -> None:
    """Usernames (the winner board's names, the nickname by default) and payee names (shown
    to operators) refuse markup; payout holder names too."""
    client = make_client(merchant="BR1")
    for payload in PAYLOADS[:8]:
        with pytest.raises(ApiError) as refused:
            await register(client, username=payload)
        assert refused.value.status == 422
        with pytest.raises(ApiError) as refused:
            await register(client, username=new_username(), payeeName=payload)
        assert refused.value.status == 422
    await register(client, payeeName="Maria da Silva")
    for payload in PAYLOADS[:8]:
        with pytest.raises(ApiError) as refused:
            await client.post(
                "/wps/member/payoutAccounts",
                {"type": "PIX", "pixKeyType": "RANDOM", "pixKey": "x" * 32, "holderName": payload},
            )
        assert refused.value.status in (400, 422)
