"""Brands: one immutable snapshot per merchant, refreshed from the database every few seconds.

Every request needs its brand, so each process keeps snapshots in memory. An operator change
(CLI or back office) bumps a version number in Redis (`announce_change`); every process reads
that number when it reads its snapshot and reloads on a new one, so a maintenance, a block or a
module switch reaches every process and the API at its next request. The requests of a
process share reads of that number (`_SharedReads`): one sent after a request arrived, or just
before (an announcement returns that much after its bump). Without Redis reachable, a process
falls back to reloading every `brand_refresh_seconds`.

A transaction that asks for its brand while it holds a pooled connection (a money call under
the member's cash lock) reads a snapshot taken before it began (`BrandRegistry.pinned`): a
reload inside it would wait for a second connection of the same pool, and twenty such
transactions at once would hold every connection while each waits for one more.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import time
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, TypeVar

from redis.asyncio.connection import AbstractConnection, ConnectionPool
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import work_units
from app.core.cache import get_redis, is_shared
from app.core.config import get_settings
from app.core.db import session_scope
from app.core.errors import AppError
from app.core.i18n import TAGALOG, Amount, normalize_language_code
from app.core.i18n.formatting import format_symbol_amount
from app.services import currencies
from models import (
    Banner,
    CustomerService,
    DomainRoute,
    Merchant,
    PaymentChannel,
    RegisterField,
    SiteResource,
    WhitelabelModule,
)

logger = logging.getLogger(__name__)

# The brands' configuration version: bumped after every operator change, read per snapshot use.
VERSION_KEY = "brands:version"

# A Google Analytics 4 measurement id (the site's only analytics, spec 3 permission payload).
GTAG_ID = re.compile(r"G-[A-Z0-9]{4,20}")

_BrandRow = TypeVar(
    "_BrandRow",
    Banner,
    CustomerService,
    DomainRoute,
    PaymentChannel,
    RegisterField,
    SiteResource,
    WhitelabelModule,
)


@dataclass(frozen=True)
class ModuleNode:
    mod_id: str
    name: str
    enabled: str
    children: tuple[ModuleNode, ...] = ()


@dataclass(frozen=True)
class Money:
    """How a brand writes its amounts: its currency's symbol and minor digits."""

    symbol: str
    digits: int

    @staticmethod
    def of(brand: Brand) -> Money:
        return Money(brand.currency_symbol, brand.amount_digits)

    def write(self, amount: Decimal, ui_lang: str) -> str:
        """An amount with the symbol, in the currency's digits: R$ 1.234,50; ₫ 50.000."""
        return format_symbol_amount(amount, self.symbol, ui_lang, self.digits)

    def in_message(self, amount: Decimal) -> Amount:
        """An amount for a catalog message, written as `write` writes it in the reader's
        language when the message is translated."""
        return Amount(amount, self.digits, self.symbol)


@dataclass(frozen=True)
class Brand:
    """Everything the site and the API need to know about one merchant."""

    id: int
    code: str
    name: str
    platform: str
    lottery_type: str
    default_language: str
    supported_languages: tuple[str, ...]
    currency: str
    currency_symbol: str
    timezone: str
    image_base_url: str
    image_cdns: tuple[str, ...]
    launch_game_cdns: tuple[str, ...]
    gtag_id: str | None
    main_domain: str
    min_age: int
    copyright: str
    maintenance: bool
    maintenance_end_at: datetime | None
    maintenance_message: str | None
    blocked_networks: tuple[str, ...]
    blocked_countries: tuple[str, ...]
    login_verification: str
    password_expiry_days: int
    sms_expired_minutes: int
    sms_daily_quota: int
    single_wallet: bool = False
    jurisdiction: str = ""
    operator_name: str = ""
    operator_cnpj: str = ""  # 14 digits, "" when not set
    licence_number: str = ""
    licensed_domain: str = ""
    domains: tuple[DomainRoute, ...] = ()
    modules: tuple[WhitelabelModule, ...] = ()
    register_fields: tuple[RegisterField, ...] = ()
    resources: tuple[SiteResource, ...] = ()
    customer_services: tuple[CustomerService, ...] = ()
    banners: tuple[Banner, ...] = ()
    # The codes of the brand's enabled deposit channels (the footer shows only these methods).
    payment_methods: tuple[str, ...] = ()
    _switches: dict[str, bool] = field(default_factory=dict, compare=False, repr=False)

    def image_host(self) -> str:
        """The base of an image URL: one of the brand's image hosts at random
        (spec 9: the load spreads over its CDNs), else its image base."""
        hosts = tuple(host.rstrip("/") for host in self.image_cdns if host.strip())
        return random.choice(hosts) if hosts else self.image_base_url

    def register_rule(self, field_name: str) -> RegisterField | None:
        return next((f for f in self.register_fields if f.field_name == field_name), None)

    @property
    def amount_digits(self) -> int:
        """The minor digits the brand's amounts show (2 in reais, 0 in dong)."""
        return currencies.minor_digits(self.currency)

    @property
    def analytics_id(self) -> str:
        """The Google Analytics (gtag) measurement id the site loads, "" when unset or not
        one (the site then loads no analytics at all)."""
        gtag = (self.gtag_id or "").strip()
        return gtag if GTAG_ID.fullmatch(gtag) else ""

    def module_on(self, mod_id: str) -> bool:
        """A module is on when it and every ancestor are enabled ('1')."""
        return self._switches.get(mod_id, False)

    def module_tree(self) -> tuple[ModuleNode, ...]:
        by_parent: dict[str | None, list[WhitelabelModule]] = {}
        for module in sorted(self.modules, key=lambda m: (m.sort, m.mod_id)):
            by_parent.setdefault(module.parent_mod_id, []).append(module)

        def build(parent: str | None) -> tuple[ModuleNode, ...]:
            return tuple(
                ModuleNode(m.mod_id, m.name, m.enabled, build(m.mod_id))
                for m in by_parent.get(parent, [])
            )

        return build(None)

    def resolve_language(self, requested: str | None) -> str:
        """The brand's code for a requested language; unsupported → AppError, none → default."""
        if requested is None or not requested.strip():
            return self.default_language
        code = normalize_language_code(requested)
        if code == "PT-BR" and "PT" in self.supported_languages:
            code = "PT"
        if code is None or code not in self.supported_languages:
            raise AppError("language-unsupported", status=400, params={"language": requested})
        return code

    def fallback_language(self, stored: str | None) -> str:
        """The stored browser language if this brand supports it, else the brand default."""
        try:
            return self.resolve_language(stored)
        except AppError:
            return self.default_language

    @property
    def supports_tagalog(self) -> bool:
        return TAGALOG in self.supported_languages


def _switches(modules: list[WhitelabelModule]) -> dict[str, bool]:
    by_id = {m.mod_id: m for m in modules}

    def on(mod_id: str, seen: frozenset[str] = frozenset()) -> bool:
        module = by_id.get(mod_id)
        if module is None or module.enabled != "1" or mod_id in seen:
            return False
        parent = module.parent_mod_id
        return parent is None or on(parent, seen | {mod_id})

    return {mod_id: on(mod_id) for mod_id in by_id}


# Each brand's rows by table, with their order: one query a table for every brand at once.
_ROW_ORDERS: dict[type[Any], tuple[Any, ...]] = {
    WhitelabelModule: (WhitelabelModule.sort, WhitelabelModule.mod_id),
    DomainRoute: (DomainRoute.id,),
    RegisterField: (RegisterField.sort, RegisterField.id),
    SiteResource: (SiteResource.sort, SiteResource.id),
    CustomerService: (CustomerService.sort,),
    Banner: (Banner.group_name, Banner.sort, Banner.id),
    PaymentChannel: (PaymentChannel.sort, PaymentChannel.id),
}


async def _rows_by_brand(session: AsyncSession) -> dict[type[Any], dict[int, list[Any]]]:
    found: dict[type[Any], dict[int, list[Any]]] = {}
    for model, order in _ROW_ORDERS.items():
        by_brand: dict[int, list[Any]] = defaultdict(list)
        for row in (await session.exec(select(model).order_by(*order))).all():
            by_brand[row.merchant_id].append(row)
        found[model] = by_brand
    return found


def _brand_of(merchant: Merchant, rows_of: dict[type[Any], dict[int, list[Any]]]) -> Brand:
    assert merchant.id is not None
    mid = merchant.id

    def rows(model: type[_BrandRow]) -> list[_BrandRow]:
        return rows_of[model].get(mid, [])

    modules = rows(WhitelabelModule)
    return Brand(
        id=mid,
        code=merchant.code,
        name=merchant.name,
        platform=merchant.platform,
        lottery_type=merchant.lottery_type,
        default_language=merchant.default_language,
        supported_languages=tuple(merchant.supported_languages or ()),
        currency=merchant.currency,
        currency_symbol=merchant.currency_symbol,
        timezone=merchant.timezone,
        image_base_url=merchant.image_base_url,
        image_cdns=tuple(merchant.image_cdns or ()),
        launch_game_cdns=tuple(merchant.launch_game_cdns or ()),
        gtag_id=merchant.gtag_id,
        main_domain=merchant.main_domain,
        min_age=merchant.min_age,
        copyright=merchant.copyright,
        maintenance=merchant.maintenance,
        maintenance_end_at=merchant.maintenance_end_at,
        maintenance_message=merchant.maintenance_message,
        blocked_networks=tuple(merchant.blocked_networks or ()),
        blocked_countries=tuple(c.upper() for c in merchant.blocked_countries or ()),
        login_verification=merchant.login_verification,
        password_expiry_days=merchant.password_expiry_days,
        sms_expired_minutes=merchant.sms_expired_minutes,
        sms_daily_quota=merchant.sms_daily_quota,
        single_wallet=merchant.single_wallet,
        jurisdiction=merchant.jurisdiction,
        operator_name=merchant.operator_name,
        operator_cnpj=merchant.operator_cnpj,
        licence_number=merchant.licence_number,
        licensed_domain=merchant.licensed_domain,
        domains=tuple(rows(DomainRoute)),
        modules=tuple(modules),
        register_fields=tuple(rows(RegisterField)),
        resources=tuple(rows(SiteResource)),
        customer_services=tuple(rows(CustomerService)),
        banners=tuple(rows(Banner)),
        payment_methods=tuple(c.code for c in rows(PaymentChannel) if c.enabled),
        _switches=_switches(modules),
    )


@dataclass
class _Snapshot:
    loaded_at: float
    by_code: dict[str, Brand]
    by_domain: dict[str, str]
    version: str | None = None  # VERSION_KEY's value read before the load


@dataclass(frozen=True)
class _Pin:
    """The snapshot a block reads (`BrandRegistry.pinned`): its registry's, and only in the
    task that pinned it (a task started inside the block, which may outlive it, reads afresh)."""

    registry: BrandRegistry
    task: asyncio.Task[Any] | None
    snapshot: _Snapshot


_pinned: ContextVar[_Pin | None] = ContextVar("brands_pinned", default=None)

# The version when Redis is this process's own (an in-process fakeredis): kept here, since
# reading it back through fakeredis at every request cost more than the request's own work.
_local_version = 0


async def _version() -> str | None:
    """The shared configuration version; None when Redis cannot be asked (the time-based
    refresh still runs)."""
    if not is_shared():
        return str(_local_version)
    return await _shared_reads.read()


# Per event loop, the client's connection pool and a connection of it kept for these reads:
# they go one at a time per loop (`_SharedReads`), and taking a connection from the pool and
# giving it back cost twice the read itself, which every status call waits for. It stays
# checked out of the pool, so that closing the client (`close_redis`) closes it too.
_KeptConnection = tuple[ConnectionPool, AbstractConnection]
_version_connections: dict[asyncio.AbstractEventLoop, _KeptConnection] = {}


async def _version_connection() -> AbstractConnection:
    loop = asyncio.get_running_loop()
    pool = get_redis().connection_pool
    kept = _version_connections.get(loop)
    if kept is not None and kept[0] is pool:
        return kept[1]
    for gone in [other for other in _version_connections if other.is_closed()]:
        del _version_connections[gone]
    connection: AbstractConnection = await pool.get_connection()
    _version_connections[loop] = (pool, connection)
    return connection


async def _get_version(connection: AbstractConnection) -> Any:
    try:
        await connection.send_command("GET", VERSION_KEY)
        return await connection.read_response()
    except (RedisConnectionError, OSError):
        # Redis closed the kept connection since (a restart): it opens again, once.
        await connection.disconnect()
        await connection.send_command("GET", VERSION_KEY)
        return await connection.read_response()


async def _read_version() -> str | None:
    try:
        value = await _get_version(await _version_connection())
    except (RedisError, OSError) as exc:
        logger.warning("brand version unreadable: %s", exc)
        return None
    return str(value) if value is not None else "0"


# An announcement returns this long after its bump (`announce_change`), so a read sent less
# than this long before a request arrived was sent after every change announced before the
# request: under load the requests of a process share one read per this long, and most of
# them wait for none.
ANNOUNCE_SETTLE_SECONDS = 0.01

# A unit of work that runs long (a page's background watch) reads again after this long: a
# change announced while it runs reaches it as late as that, not later.
REUSED_READ_SECONDS = 1.0


@dataclass
class _LoopReads:
    """One event loop's reads: the requests waiting for the next one, the task sending them,
    and when the last read back was sent, with what it read."""

    waiting: list[asyncio.Future[str | None]] = field(default_factory=list)
    sender: asyncio.Task[None] | None = None
    last: tuple[float, str] | None = None


class _SharedReads:
    """Reads of VERSION_KEY shared by the requests that wait for one at the same time.

    Every request must see a change announced before it arrived. An announcement returns
    ANNOUNCE_SETTLE_SECONDS after its bump, so a read sent after the request arrived, or less
    than that before, saw every such change: the last read back serves the request if it was
    sent then (and, for a unit of work that runs long, less than REUSED_READ_SECONDS ago:
    app/core/work_units.py). Else the request waits for a read sent after it arrived; one
    read serves every request waiting when it was sent. Requests arriving while a read is on
    its way join the next one, which is sent as soon as that read is back. Under load a
    process then asks Redis about once per ANNOUNCE_SETTLE_SECONDS, not once per request (a
    status call spent more on that read, and on waiting for it, than on everything else).
    """

    def __init__(self) -> None:
        self._loops: dict[asyncio.AbstractEventLoop, _LoopReads] = {}

    async def read(self) -> str | None:
        loop = asyncio.get_running_loop()
        reads = self._loops.get(loop)
        if reads is None:
            for gone in [other for other in self._loops if other.is_closed()]:
                del self._loops[gone]
            reads = self._loops[loop] = _LoopReads()
        last = reads.last
        if last is not None:
            now = work_units.now()
            arrived = work_units.ARRIVED.get()  # none: a call outside a unit arrives as it asks
            since = (now if arrived is None else arrived) - ANNOUNCE_SETTLE_SECONDS
            if last[0] >= max(since, now - REUSED_READ_SECONDS):
                # Sent after every change announced before this unit of work arrived.
                return last[1]
        # Each request waits on its own future (cheaper than shielding a shared one): one
        # cancelled while it waits leaves the read to the others.
        waiter: asyncio.Future[str | None] = loop.create_future()
        reads.waiting.append(waiter)
        if reads.sender is None:
            reads.sender = loop.create_task(self._send(reads))
        return await waiter

    async def _send(self, reads: _LoopReads) -> None:
        """One read after the other while requests wait, each for those waiting when it
        was sent."""
        waiters: list[asyncio.Future[str | None]] = []
        try:
            while reads.waiting:
                waiters, reads.waiting = reads.waiting, []
                sent = work_units.now()
                try:
                    version = await _read_version()
                except Exception as exc:  # each request raises it, as its own read would
                    for waiter in waiters:
                        if not waiter.done():
                            waiter.set_exception(exc)
                    continue
                if version is not None:
                    reads.last = (sent, version)
                for waiter in waiters:
                    if not waiter.done():
                        waiter.set_result(version)
        except BaseException:
            # The loop is closing (its tasks cancelled): no request is left waiting.
            for waiter in (*waiters, *reads.waiting):
                waiter.cancel()
            raise
        finally:
            reads.sender = None


_shared_reads = _SharedReads()


async def merchant_by_code(session: AsyncSession, code: str, *, lock: bool = False) -> Merchant:
    """A brand's row by its code, for an operator's change (`lock`: held until the change's
    commit), else site-status-unknown-merchant."""
    statement = select(Merchant).where(Merchant.code == code.strip().upper())
    merchant = (await session.exec(statement.with_for_update() if lock else statement)).first()
    if merchant is None or merchant.id is None:
        raise AppError("site-status-unknown-merchant", 404, {"merchant": code[:32]})
    return merchant


async def announce_change() -> None:
    """Tell every process that brand configuration changed (after the change committed):
    each reloads at its next request. This process forgets its snapshot at once."""
    global _local_version
    brands.invalidate()
    if not is_shared():
        _local_version += 1
        return
    try:
        await get_redis().incr(VERSION_KEY)
    except (RedisError, OSError) as exc:
        logger.warning("brand change not announced (processes refresh on time): %s", exc)
        return
    # Processes answer a request with a read sent up to this long before it arrived
    # (`_SharedReads`): a request arriving once this returns is served by a later read.
    await asyncio.sleep(ANNOUNCE_SETTLE_SECONDS)


def _brand_of_code(snapshot: _Snapshot, code: str) -> Brand:
    brand = snapshot.by_code.get(code.strip().upper())
    if brand is None:
        raise AppError("merchant-unknown", status=400, params={"merchant": code})
    return brand


class BrandRegistry:
    """Per-process brand snapshots, reloaded when older than the refresh interval.

    A stale snapshot keeps serving while one background task reloads it, so requests never
    queue behind the database; with a refresh interval of 0 every request reads afresh.
    """

    def __init__(self) -> None:
        self._snapshot: _Snapshot | None = None
        self._lock = asyncio.Lock()
        self._refreshing: asyncio.Task[_Snapshot] | None = None

    def invalidate(self) -> None:
        self._snapshot = None

    async def _load(self, version: str | None = None) -> _Snapshot:
        async with session_scope() as session:
            merchants = (await session.exec(select(Merchant))).all()
            rows_of = await _rows_by_brand(session)
        loaded = [_brand_of(m, rows_of) for m in merchants]
        snapshot = _Snapshot(
            loaded_at=time.monotonic(),
            by_code={b.code: b for b in loaded},
            by_domain={d.domain.lower(): b.code for b in loaded for d in b.domains},
            version=version,
        )
        self._snapshot = snapshot
        return snapshot

    async def _current(self) -> _Snapshot:
        pin = _pinned.get()
        if pin is not None and pin.registry is self and pin.task is asyncio.current_task():
            return pin.snapshot
        max_age = get_settings().brand_refresh_seconds
        if max_age == 0:
            return await self._load()
        # Read before loading: a change committed after this read bumps it again.
        version = await _version()
        snapshot = self._snapshot
        if snapshot is not None and version is not None and snapshot.version != version:
            snapshot = None  # an operator changed something: this request sees it
        if snapshot is None:
            async with self._lock:
                held = self._snapshot
                if held is not None and (version is None or held.version == version):
                    return held
                return await self._load(version)
        if time.monotonic() - snapshot.loaded_at > max_age and (
            self._refreshing is None or self._refreshing.done()
        ):
            self._refreshing = asyncio.create_task(self._load(version))
        return snapshot

    @asynccontextmanager
    async def pinned(self) -> AsyncIterator[None]:
        """The block reads the brands as they are when it begins, and neither Redis nor the
        database again: for a transaction that asks for its brand while it holds a pooled
        connection. A change announced before the block began is seen in it, as in a request."""
        reset = _pinned.set(_Pin(self, asyncio.current_task(), await self._current()))
        try:
            yield
        finally:
            _pinned.reset(reset)

    def domains(self) -> frozenset[str]:
        """Every brand's domains as last loaded (empty before the first load)."""
        snapshot = self._snapshot
        return frozenset(snapshot.by_domain) if snapshot is not None else frozenset()

    async def current_domains(self) -> frozenset[str]:
        """Every brand's domains, loaded or refreshed first when due."""
        return frozenset((await self._current()).by_domain)

    async def by_code(self, code: str) -> Brand:
        return _brand_of_code(await self._current(), code)

    async def all(self) -> list[Brand]:
        """Every brand, by code."""
        snapshot = await self._current()
        return [snapshot.by_code[code] for code in sorted(snapshot.by_code)]

    async def by_id(self, merchant_id: int) -> Brand:
        found = next(
            (b for b in (await self._current()).by_code.values() if b.id == merchant_id), None
        )
        if found is None:
            raise AppError("merchant-unknown", status=400, params={"merchant": str(merchant_id)})
        return found

    async def for_request(self, merchant_header: str | None, host: str | None) -> Brand:
        """The `Merchant` header wins; else the brand of the request's domain; else default."""
        if merchant_header:
            return await self.by_code(merchant_header)
        snapshot = await self._current()
        if host:
            domain = host.split(":")[0].lower()
            code = snapshot.by_domain.get(domain)
            if code is not None:
                return snapshot.by_code[code]
        return _brand_of_code(snapshot, get_settings().default_merchant)  # the same snapshot


brands = BrandRegistry()
