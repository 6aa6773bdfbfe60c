"""Demo data: two brands with their configuration. Idempotent: run it as often as you like."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import write_transaction
from app.core.html import sanitize_html
from app.demo import legal
from app.demo.catalogue import seed_catalogue
from app.demo.crash import seed_crash
from app.demo.loyalty_vip import seed_loyalty
from app.demo.missions import seed_missions
from app.demo.points import seed_points
from app.demo.promotions import seed_promotions
from app.services.currencies import limit_scale, pays_by_pix
from app.services.jurisdiction import profile_of
from app.services.providers.registry import seed_provider_credentials
from app.services.seamless.vendors import seed_vendor_credentials
from models import (
    Banner,
    CustomerService,
    DomainRoute,
    HelpArticle,
    LegalDocument,
    Merchant,
    PaymentChannel,
    RegisterField,
    SiteResource,
    WhitelabelModule,
)
from models.base import saved_id

# (mod_id, parent, name); spec 6 module switches grouped under the spec's module ids.
MODULE_TREE: tuple[tuple[str, str | None, str], ...] = (
    ("COMM3", None, "Common"),
    ("GOOGLESIGNIN3", "COMM3", "Google sign-in"),
    ("FACEBOOKSIGNIN3", "COMM3", "Facebook sign-in"),
    ("REG3", None, "Registration"),
    ("USERNAMEREG3", "REG3", "Username registration"),
    ("MOBILENUMREG3", "REG3", "Mobile registration"),
    ("REGMOBVERF3", "REG3", "SMS verification on registration"),
    ("MOBILENUMPASSREG3", "REG3", "Mobile password on register"),
    ("DIRECTREG3", "REG3", "Direct register"),
    ("PASS3", None, "Login and password"),
    ("USERNAMELOGIN3", "PASS3", "Username login"),
    ("MOBILEVERCODELOGIN3", "PASS3", "Login by mobile code"),
    ("PWDEXPFORCECHANGE3", "PASS3", "Forced password change"),
    ("PHONEPWDRECOVERY3", "PASS3", "Password recovery by phone"),
    ("PTSYS3", None, "Points system"),
    ("GAMELO3", None, "Game lobby"),
    ("FREEPLAY3", "GAMELO3", "Free play"),
    ("TRANSFERBACK3", "GAMELO3", "Transfer wallets' money back when the player leaves the game"),
    ("AGENT3", None, "Agents"),
    ("SIGNCONDIV3", "AGENT3", "Dividend contracts"),
    ("DAILYSALCONT3", "AGENT3", "Daily salary contracts"),
    ("HOURSAL3", "AGENT3", "Hourly salary contracts"),
    ("RTSALARY3", "AGENT3", "Real-time salary contracts"),
    ("LOSSPAY3", "AGENT3", "Loss-based pay (dividends on net loss)"),
    ("NEGCARRY3", "LOSSPAY3", "Negative carry-over of dividend periods the players won"),
)

# field name → (enabled, required, min, max, pattern id, accepted pattern)
REGISTER_FIELDS: dict[str, tuple[bool, bool, int | None, int | None, int | None, str | None]] = {
    "username": (True, True, 6, 16, 1, "*"),
    "password": (True, True, 8, 64, 0, "*"),
    "confirmPassword": (True, True, 8, 64, 0, "*"),
    "payeeName": (True, False, 2, 60, 21, "*"),
    "email": (True, False, 6, 80, 3, "*"),
    "mobileNum": (True, False, 10, 11, 6, "*"),
    "birthday": (True, False, 10, 10, 11, "*"),
    "affiliateCode": (True, False, 4, 16, 4, "*"),
    "paymentPassword": (True, False, 6, 6, 6, "*"),
    "idNumber": (False, False, 11, 11, 6, "*"),
    "qqNum": (False, False, 5, 12, 6, "*"),
    "line": (False, False, 2, 40, 9, "*"),
    "whatsapp": (True, False, 8, 15, 6, "*"),
    "facebook": (False, False, 2, 60, 9, "*"),
    "wechat": (False, False, 2, 40, 9, "*"),
    "recommenderId": (False, False, 4, 16, 4, "*"),
    "captcha": (False, False, 4, 4, 4, "*"),  # the proof-of-work bot check runs instead
}

# Letters of the Latin script, Vietnamese ones included (Latin-1, Extended-A/B and Additional).
_LATIN = "[A-Za-zÀ-ÖØ-öø-ɏḀ-ỿ'-]"
# The Asian demo brand's rules: lower-case accounts starting with a letter, names in Latin
# letters (Vietnamese accents too), Vietnamese WhatsApp and Zalo numbers, and Telegram names.
ASIAN_FIELDS: dict[str, tuple[bool, bool, int | None, int | None, int | None, str | None]] = {
    "username": (True, True, 6, 16, 1, r"[a-z][a-z0-9]*"),
    "payeeName": (True, False, 2, 60, 21, rf"{_LATIN}+(?: {_LATIN}+)+"),
    "email": (True, False, 6, 80, 3, r"[^@\s]+@[^@\s]+\.(?:com|vn)"),
    "mobileNum": (True, False, 9, 10, 6, "*"),
    "whatsapp": (True, False, 10, 12, 6, r"84[0-9]{8,10}"),
    "zalo": (True, False, 9, 11, 6, r"0?[0-9]{9,10}"),
    "telegram": (True, False, 5, 33, 9, r"@?[A-Za-z][A-Za-z0-9_]{4,31}"),
}


@dataclass
class BrandSeed:
    code: str
    name: str
    domains: tuple[str, ...]
    languages: tuple[str, ...]
    default_language: str
    currency: str
    symbol: str
    timezone: str
    min_age: int
    disabled_modules: frozenset[str] = frozenset()
    single_wallet: bool = False
    jurisdiction: str = ""
    # The support line's WhatsApp number, in its market (a made-up demo number).
    support_phone: str = "5511999990000"
    extra: dict[str, Any] = field(default_factory=dict)
    # The brand's own field rules over REGISTER_FIELDS (same shape), and its fields beyond them.
    fields: dict[str, tuple[bool, bool, int | None, int | None, int | None, str | None]] = field(
        default_factory=dict
    )


# The demo's licensed brand shows an operator identity in its footer; the site labels it as
# demo data while the demo parts run (Settings.demo_parts). The CNPJ is the Receita Federal's
# documented example number, not a real operator's.
DEMO_CNPJ = "11222333000181"
DEMO_LICENCE = "SPA/MF 0000/2024"
DEMO_DOMAIN = "sortegrande.bet.br"


def _licensed(seed: BrandSeed, value: str) -> str:
    return value if seed.jurisdiction == "BR" else ""


BRANDS = (
    BrandSeed(
        code="BR1",
        name="Sorte Grande",
        domains=("localhost", "127.0.0.1", "sortegrande.test"),
        languages=("PT", "EN"),
        default_language="PT",
        currency="BRL",
        symbol="R$",
        timezone="America/Sao_Paulo",
        min_age=18,
        disabled_modules=frozenset({"GOOGLESIGNIN3", "FACEBOOKSIGNIN3", "NEGCARRY3"}),
        jurisdiction="BR",
    ),
    BrandSeed(
        code="BR2",
        name="Vila Bet",
        domains=("vilabet.test", "agent.vilabet.test", "vilabet.localhost"),
        languages=("EN", "PT"),
        default_language="EN",
        currency="BRL",
        symbol="R$",
        timezone="America/Sao_Paulo",
        min_age=21,
        disabled_modules=frozenset(
            {"FREEPLAY3", "MOBILEVERCODELOGIN3", "GOOGLESIGNIN3", "LOSSPAY3"}
        ),
        single_wallet=True,
    ),
    # An Asian market: what Brazil's rules hide. Its currency has no RTP floor, so the
    # Vietnamese and SEA lotteries are played; it asks for Zalo and Telegram and holds its own
    # field patterns (a value off them gets the field's format message, spec 5.M5/M6/M8).
    BrandSeed(
        code="VN1",
        name="Lucky Lotus",
        domains=("luckylotus.localhost", "luckylotus.test"),
        languages=("EN",),
        default_language="EN",
        currency="VND",
        symbol="₫",
        timezone="Asia/Ho_Chi_Minh",
        min_age=18,
        disabled_modules=frozenset({"GOOGLESIGNIN3", "FACEBOOKSIGNIN3"}),
        support_phone="84912000000",
        fields=ASIAN_FIELDS,
    ),
)
# `make run` serves the brands on their `.localhost` domains too (browsers send those names to
# this machine): the demo's brands open side by side without editing a hosts file.
LOCAL_SUFFIX = ".localhost"

# resourceType: (labelNameEn, url, opened in a new tab)
RESOURCES = {
    "YOUTUBE": ("YouTube", "https://www.youtube.com/@{slug}", True),
    "TWITTER": ("X (Twitter)", "https://x.com/{slug}", True),
    "FACEBOOK": ("Facebook", "https://www.facebook.com/{slug}", True),
    "INSTAGRAM": ("Instagram", "https://www.instagram.com/{slug}", True),
    "MESSENGER": ("Messenger", "https://m.me/{slug}", True),
    "TIKTOK": ("TikTok", "https://www.tiktok.com/@{slug}", True),
    # The brand's web clip profile (app/services/content/app_download.py), downloaded in place. No
    # Android package: the demo brands offer the lite app (the site installed from the
    # browser) instead.
    "MOBILECONFIG": ("iOS app", "/download/{code}.mobileconfig", False),
}
CUSTOMER_SERVICES = (  # type, position, the label people see, address
    # The site's own live chat (app/services/support/live_chat.py).
    ("LIVECHAT", "LIVECHAT-1", "Live chat", "/chat"),
    ("TELEGRAM", "TELEGRAM-1", "Telegram", "https://t.me/{slug}_support"),
    ("TELEGRAM", "TELEGRAM-2", "Telegram VIP", "https://t.me/{slug}_vip"),
    ("WHATSAPP", "WHATSAPP-1", "WhatsApp", "https://wa.me/{phone}"),
    ("FACEBOOK", "FACEBOOK-1", "Messenger", "https://m.me/{slug}"),
)
# No banner heads the login, register and forgot-password popups (the groups w_login,
# w_register, w_forget): the form comes first. The home's carousel shows the brand's
# promotions (app/demo/promotions.py).
# The home notice marquee: banner rows of the group w_notice, one text per language.
NOTICES = {
    "PT": (
        "Bem-vindo à {name}! Depósitos por {way} creditados em minutos.",
        "Novos jogos da PG toda semana. Jogue com responsabilidade.",
    ),
    "EN": (
        "Welcome to {name}! Deposits by {way} credited within minutes.",
        "New PG games every week. Play responsibly.",
    ),
}
# How the brand's money comes in, by language: PIX where the brand offers it, else the bank.
DEPOSIT_WAY = {
    "PT": {True: "PIX", False: "transferência bancária"},
    "EN": {True: "PIX", False: "bank transfer"},
}
HELP = {
    "PT": (
        (
            "Conta",
            "Como me cadastro?",
            "<p>Toque em <b>Cadastrar</b>, preencha os campos e "
            "confirme que tem a idade mínima.</p>",
        ),
        (
            "Saque",
            "Quanto tempo leva um saque?",
            "<p>Saques aprovados são pagos em minutos. "
            "Confirme o recebimento na tela de saque.</p>",
        ),
        (
            "Saque",
            "Por que meu saque foi recusado?",
            "<p>Antes de sacar, aposte os depósitos feitos desde o seu último saque (uma regra "
            "contra a lavagem de dinheiro): a página de <b>Saque</b> mostra quanto falta. O "
            "saque também pede a sua senha de pagamento e uma conta de recebimento em seu "
            "nome.</p>",
        ),
        (
            "Limites",
            "Como defino limites ou faço uma pausa?",
            "<p>Em <b>Jogo responsável</b>, defina limites de depósito, perda, apostas e tempo "
            "de jogo por dia, semana ou mês. Um limite menor vale na hora; um maior espera 24 "
            "horas e precisa da sua confirmação.</p><p>Você também pode fazer uma pausa de 1 "
            "dia a 6 semanas ou se autoexcluir por 6 meses ou mais: todas as sessões terminam "
            "e só o saque do seu saldo continua possível até o fim.</p>",
        ),
        (
            "Bônus",
            "Como funciona o rollover do bônus?",
            "<p>O bônus fica separado do seu saldo até você apostar o valor pedido (o "
            "rollover). A barra ao lado do saldo e a página <b>Detalhes de bônus</b> mostram o "
            "progresso; cumprido, o bônus passa para o saldo. Um bônus que vence antes disso é "
            "retirado.</p>",
        ),
    ),
    "EN": (
        (
            "Account",
            "How do I register?",
            "<p>Tap <b>Register</b>, fill in the fields and "
            "confirm you are of the minimum age.</p>",
        ),
        (
            "Withdrawal",
            "How long does a withdrawal take?",
            "<p>Approved withdrawals are paid "
            "within minutes. Confirm receipt on the withdrawal screen.</p>",
        ),
        (
            "Withdrawal",
            "Why was my withdrawal refused?",
            "<p>Before a withdrawal, bet the deposits made since your last withdrawal (an "
            "anti-money-laundering rule): the <b>Withdraw</b> page shows what is left. A "
            "withdrawal also asks your payment password and a payout account in your own "
            "name.</p>",
        ),
        (
            "Limits",
            "How do I set limits or take a break?",
            "<p>In <b>Responsible gaming</b>, set limits on deposits, losses, bets and play time "
            "per day, week or month. A lower limit applies at once; a higher one waits 24 hours "
            "and needs your confirmation.</p><p>You can also take a cooling-off of 1 day to 6 "
            "weeks or exclude yourself for 6 months or more: every session ends and only the "
            "withdrawal of your balance stays open until the end.</p>",
        ),
        (
            "Bonus",
            "How does a bonus's wagering work?",
            "<p>A bonus stays apart from your balance until you bet the amount asked (its "
            "wagering). The bar beside the balance and the <b>Bonus details</b> page show the "
            "progress; once done, the bonus joins your balance. A bonus that expires first is "
            "taken back.</p>",
        ),
    ),
}
# The deposit answer, by whether the brand offers PIX.
HELP_DEPOSIT = {
    True: {
        "PT": (
            (
                "Depósito",
                "Como deposito com PIX?",
                "<p>Abra <b>Depósito</b>, escolha PIX, digite o "
                "valor e pague o código QR no app do seu banco.</p>",
            ),
        ),
        "EN": (
            (
                "Deposit",
                "How do I deposit with PIX?",
                "<p>Open <b>Deposit</b>, choose PIX, enter "
                "the amount and pay the QR code in your bank app.</p>",
            ),
        ),
    },
    False: {
        "PT": (
            (
                "Depósito",
                "Como deposito?",
                "<p>Abra <b>Depósito</b>, escolha a transferência bancária, digite o valor e "
                "confirme o pagamento na página do banco que se abre.</p>",
            ),
        ),
        "EN": (
            (
                "Deposit",
                "How do I deposit?",
                "<p>Open <b>Deposit</b>, choose bank transfer, enter the amount and confirm "
                "the payment on the bank's page that opens.</p>",
            ),
        ),
    },
}
# Only where the market asks a verified identity (Brazil: a CPF per account).
HELP_IDENTITY = {
    "PT": (
        (
            "Conta",
            "Por que preciso informar meu CPF?",
            "<p>No Brasil, cada conta pertence a um adulto identificado: um CPF por conta. "
            "Conferimos o CPF, o nome e a data de nascimento; depósitos, apostas e saques "
            "abrem depois dessa verificação. Se pedirmos um documento, envie uma foto nítida na "
            "página <b>Verificar identidade</b>.</p>",
        ),
    ),
    "EN": (
        (
            "Account",
            "Why do I need to give my CPF?",
            "<p>In Brazil each account belongs to an identified adult: one CPF per account. We "
            "check the CPF, the name and the birth date; deposits, bets and withdrawals open "
            "once that check passes. If we ask for a document, send a sharp photo on the "
            "<b>Verify identity</b> page.</p>",
        ),
    ),
}
# Only where third-party games keep wallets of their own (not a single-wallet brand).
HELP_TRANSFER = {
    "PT": (
        (
            "Carteira",
            "O que é a carteira de um jogo?",
            "<p>Alguns provedores, como os de esportes, têm carteira própria: ao abrir o jogo, "
            "oferecemos transferir dinheiro para ela. O que sobrar volta para a carteira "
            "principal com <b>Trazer para a carteira principal</b>, no menu da sua conta, ou "
            "na página <b>Carteira</b>.</p>",
        ),
    ),
    "EN": (
        (
            "Wallet",
            "What is a game's wallet?",
            "<p>Some providers, sports among them, keep a wallet of their own: when their game "
            "opens we offer to move money into it. What is left comes back to the main wallet "
            "with <b>Bring back to the main wallet</b>, in your account menu, or on the "
            "<b>Wallet</b> page.</p>",
        ),
    ),
}


def _help(seed: BrandSeed) -> dict[str, tuple[tuple[str, str, str], ...]]:
    """The help centre's answers for a brand: the common ones and those its rules call for."""
    deposit = HELP_DEPOSIT[pays_by_pix(seed.currency)]
    extra = [HELP_IDENTITY] if profile_of(seed).identity_verification else []
    if not seed.single_wallet:
        extra.append(HELP_TRANSFER)
    return {
        lang: articles[:1] + deposit[lang] + articles[1:] + sum((e[lang] for e in extra), ())
        for lang, articles in HELP.items()
    }


async def _merchant(session: AsyncSession, seed: BrandSeed) -> Merchant:
    existing = (await session.exec(select(Merchant).where(Merchant.code == seed.code))).first()
    if existing is not None:
        return existing
    slug = seed.name.lower().replace(" ", "")
    merchant = Merchant(
        code=seed.code,
        name=seed.name,
        default_language=seed.default_language,
        supported_languages=list(seed.languages),
        currency=seed.currency,
        currency_symbol=seed.symbol,
        timezone=seed.timezone,
        image_base_url="/img",
        image_cdns=["/img"],
        launch_game_cdns=["/play"],
        gtag_id=None,
        main_domain=seed.domains[0],
        min_age=seed.min_age,
        copyright=f"© {seed.name}",
        single_wallet=seed.single_wallet,
        jurisdiction=seed.jurisdiction,
        operator_name=_licensed(seed, f"{seed.name} Entretenimento Ltda."),
        operator_cnpj=_licensed(seed, DEMO_CNPJ),
        licence_number=_licensed(seed, DEMO_LICENCE),
        licensed_domain=_licensed(seed, DEMO_DOMAIN),
    )
    session.add(merchant)
    await session.flush()
    assert merchant.id is not None
    mid = merchant.id
    domain = seed.domains[0]
    session.add_all(
        [DomainRoute(merchant_id=mid, domain=d, route_type="MAIN") for d in seed.domains]
    )
    session.add_all(
        WhitelabelModule(
            merchant_id=mid,
            mod_id=mod_id,
            parent_mod_id=parent,
            name=name,
            enabled="0" if mod_id in seed.disabled_modules else "1",
            sort=index,
        )
        for index, (mod_id, parent, name) in enumerate(MODULE_TREE)
    )
    session.add_all(
        RegisterField(
            merchant_id=mid,
            field_name=name,
            enabled=enabled,
            required=required,
            min_length=low,
            max_length=high,
            pattern_id=pattern,
            accepted_pattern=accepted,
            sort=index,
        )
        for index, (name, (enabled, required, low, high, pattern, accepted)) in enumerate(
            {**REGISTER_FIELDS, **seed.fields}.items()
        )
    )
    session.add_all(
        SiteResource(
            merchant_id=mid,
            resource_type=kind,
            label_name_en=label,
            url=url.format(slug=slug, domain=domain, code=merchant.code.lower()),
            open_new_tab=new_tab,
            sort=index,
        )
        for index, (kind, (label, url, new_tab)) in enumerate(RESOURCES.items())
    )
    session.add_all(
        CustomerService(
            merchant_id=mid,
            cs_type=cs_type,
            cs_position=position,
            label=label,
            url=url.format(slug=slug, domain=domain, phone=seed.support_phone),
            sort=index,
        )
        for index, (cs_type, position, label, url) in enumerate(CUSTOMER_SERVICES)
    )
    session.add_all(
        Banner(
            merchant_id=mid,
            group_name="w_notice",
            language=lang,
            image_url="",
            title=text.format(name=seed.name, way=DEPOSIT_WAY[lang][pays_by_pix(seed.currency)]),
            sort=n,
        )
        for lang, texts in NOTICES.items()
        for n, text in enumerate(texts)
    )
    session.add_all(
        HelpArticle(
            merchant_id=mid,
            language=lang,
            category=category,
            title=title,
            content_html=sanitize_html(body),
            sort=index,
        )
        for lang, articles in _help(seed).items()
        for index, (category, title, body) in enumerate(articles)
    )
    return merchant


# (code, min, max in reais, fee %, fixed fee): bank transfer for every demo brand, PIX (a
# Brazilian payment) for those in reais; the limits scale to the brand's currency.
PAYMENT_CHANNELS = (
    ("PIX", Decimal("10.00"), Decimal("50000.00"), Decimal("0"), Decimal("0")),
    ("BANK_TRANSFER", Decimal("50.00"), Decimal("100000.00"), Decimal("1.00"), Decimal("0")),
)


async def _channels(session: AsyncSession, merchant: Merchant) -> None:
    scale = limit_scale(merchant.currency)
    existing = set(
        (
            await session.exec(
                select(PaymentChannel.code).where(PaymentChannel.merchant_id == merchant.id)
            )
        ).all()
    )
    session.add_all(
        PaymentChannel(
            merchant_id=saved_id(merchant.id),
            code=code,
            min_amount=low * scale,
            max_amount=high * scale,
            fee_percent=percent,
            fee_fixed=fixed * scale,
            sort=index,
        )
        for index, (code, low, high, percent, fixed) in enumerate(PAYMENT_CHANNELS)
        if code not in existing and (code != "PIX" or pays_by_pix(merchant.currency))
    )


async def _legal(session: AsyncSession, merchant: Merchant) -> None:
    """The demo terms and privacy policy in each of the brand's languages it misses."""
    existing = set(
        (
            await session.exec(
                select(LegalDocument.slug, LegalDocument.language).where(
                    LegalDocument.merchant_id == merchant.id
                )
            )
        ).all()
    )
    session.add_all(
        LegalDocument(
            merchant_id=saved_id(merchant.id),
            slug=slug,
            language=language,
            title=title.format(name=merchant.name),
            content_html=sanitize_html(body.format(name=merchant.name)),
        )
        for slug, texts in legal.DOCUMENTS.items()
        for language, (title, body) in texts.items()
        if language in merchant.supported_languages and (slug, language) not in existing
    )


async def _local_domains(session: AsyncSession, merchant: Merchant, seed: BrandSeed) -> None:
    """The brand's `.localhost` domains a database seeded before them misses."""
    wanted = [domain for domain in seed.domains if domain.endswith(LOCAL_SUFFIX)]
    known = set((await session.exec(select(DomainRoute.domain))).all())
    session.add_all(
        DomainRoute(merchant_id=saved_id(merchant.id), domain=domain, route_type="MAIN")
        for domain in wanted
        if domain not in known
    )


async def seed_demo_data() -> list[str]:
    """Create what the demo brands miss; return the codes of the brands created."""
    created: list[str] = []
    async with write_transaction() as session:
        for seed in BRANDS:
            before = (
                await session.exec(select(Merchant).where(Merchant.code == seed.code))
            ).first()
            merchant = await _merchant(session, seed)
            await _local_domains(session, merchant, seed)
            await _channels(session, merchant)
            await _legal(session, merchant)
            if before is None:
                created.append(seed.code)
        await seed_promotions(session)
        await seed_loyalty(session)
        await seed_points(session)
        await seed_missions(session)
    await seed_catalogue()
    await seed_vendor_credentials()
    await seed_provider_credentials()
    await seed_crash([seed.code for seed in BRANDS])
    return created
