"""The demo catalogue: about 10,000 games from 39 vendors, generated deterministically from word
lists with a seeded RNG, plus a few hundred winners per brand; the lottery vendors list the
lottery engine's own games. Idempotent and bulk-inserted."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from itertools import product
from typing import Any

from sqlalchemy import Table, func, insert
from sqlmodel import col, delete, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import write_transaction
from app.core.i18n import studio_game_name
from app.core.text import fold_name
from app.services.catalogue import rules
from app.services.catalogue.rules import (
    COCKFIGHT,
    ELOTT,
    ESPORTS,
    FISH,
    INHOUSE,
    LIVE,
    LOTT,
    PVP,
    RNG,
    SPORTS,
)
from app.services.lottery import entries
from app.services.lottery.games import GAMES as LOTTERY_GAMES
from app.services.lottery.page_views import IMAGE_CATEGORIES
from app.services.studio.crash.rounds import SPEC as CRASH_SPEC
from app.services.studio.games import GAMES as STUDIO_GAMES
from models import FavoriteGame, Game, GameVendor, Merchant, RecentGame, Winner
from models.base import utcnow
from models.catalogue import GAME, VASSALAGE, WalletMode

_GAMES: Table = Game.__table__  # type: ignore[attr-defined]
_VENDORS: Table = GameVendor.__table__  # type: ignore[attr-defined]
_WINNERS: Table = Winner.__table__  # type: ignore[attr-defined]

SEED = 20_240_601
WINNERS_PER_BRAND = 300
RELEASE_START = date(2015, 1, 1)


@dataclass(frozen=True)
class VendorSeed:
    vassalage: str
    display_name: str
    games: dict[str, int]  # game type → number of games
    wallet_mode: str = WalletMode.SEAMLESS
    is_game: str = GAME
    maintenance: bool = False
    account_type_name: str = ""


def _engine(vassalage: str) -> int:
    """How many of the lottery engine's games a lottery vendor lists (all of its own)."""
    return sum(1 for found in LOTTERY_GAMES.values() if found.vendor == vassalage)


# In sorted-vendor order; the order decides the order of the navigation's categories.
VENDORS: tuple[VendorSeed, ...] = (
    VendorSeed("PG", "PG Soft", {RNG: 320}),
    VendorSeed("PP", "Pragmatic Play", {RNG: 1000, LIVE: 90}),
    VendorSeed("JILI", "JILI", {RNG: 700, FISH: 30, PVP: 25}),
    VendorSeed("CQ9", "CQ9 Gaming", {RNG: 650, FISH: 15}),
    VendorSeed("FC", "Fa Chai", {RNG: 420, FISH: 20}),
    VendorSeed("JDB", "JDB Gaming", {RNG: 480, FISH: 25}),
    VendorSeed("SPB", "Spribe", {RNG: 40}, is_game=VASSALAGE),
    VendorSeed("HABA", "Habanero", {RNG: 600}),
    VendorSeed("NLC", "Nolimit City", {RNG: 550}),
    VendorSeed("RT", "Red Tiger", {RNG: 650}),
    VendorSeed("NE", "NetEnt", {RNG: 700}),
    VendorSeed("PNG", "Play'n GO", {RNG: 800}),
    VendorSeed("BNG", "Booongo", {RNG: 500}),
    VendorSeed("EVP", "Evoplay", {RNG: 650}),
    VendorSeed("KA", "KA Gaming", {RNG: 1260, FISH: 20}),
    VendorSeed("EVO", "Evolution", {LIVE: 180}),
    VendorSeed("SEXY", "AE Sexy", {LIVE: 40}),
    VendorSeed("DG", "Dream Gaming", {LIVE: 35}),
    VendorSeed("SA", "SA Gaming", {LIVE: 45}),
    VendorSeed("WM", "WM Casino", {LIVE: 40}),
    VendorSeed("KP", "Kingmaker", {PVP: 60}, is_game=VASSALAGE),
    VendorSeed("V8", "V8 Poker", {PVP: 80}),
    VendorSeed("KY", "Kaiyuan Gaming", {PVP: 70}),
    VendorSeed("U9W", "U9W Sports", {SPORTS: 1}, WalletMode.TRANSFER),
    VendorSeed("SABA", "SABA Sports", {SPORTS: 1}, WalletMode.TRANSFER),
    VendorSeed("SBO", "SBOBET", {SPORTS: 1}, WalletMode.TRANSFER),
    VendorSeed("CMD", "CMD368", {SPORTS: 1}, WalletMode.TRANSFER, maintenance=True),
    VendorSeed("DS88", "DS88 Sabong", {COCKFIGHT: 2}, WalletMode.TRANSFER),
    VendorSeed("DIG", "DIG Cockfight", {COCKFIGHT: 1}, WalletMode.TRANSFER),
    VendorSeed("WGB", "WGB Sabong", {COCKFIGHT: 1}, WalletMode.TRANSFER),
    VendorSeed("AV", "AV Esports", {ESPORTS: 1}, WalletMode.TRANSFER),
    VendorSeed("IMES", "IM Esports", {ESPORTS: 1}, WalletMode.TRANSFER),
    VendorSeed("IA", "IA Esports", {ESPORTS: 1}, WalletMode.TRANSFER),
    VendorSeed("AI", "AI Esports", {ESPORTS: 1}, WalletMode.TRANSFER),
    VendorSeed("TF", "TF Gaming", {ESPORTS: 1}, WalletMode.TRANSFER),
    VendorSeed("TCG_SEA", "SEA Lottery", {LOTT: _engine("TCG_SEA")}, account_type_name="SEA"),
    VendorSeed("LOTT", "Loterias", {LOTT: _engine("LOTT")}, account_type_name="LOTT"),
    VendorSeed(
        "TCG_LOTTO_VN", "Vietlott", {ELOTT: _engine("TCG_LOTTO_VN")}, account_type_name="VNLOTTO"
    ),
    VendorSeed("BGS", "BGS Originals", {INHOUSE: len(STUDIO_GAMES) + 1}),
)

SLOT_ADJECTIVES = (
    "Golden", "Lucky", "Wild", "Mystic", "Fortune", "Royal", "Crazy", "Sweet", "Mighty", "Magic",
    "Diamond", "Fire", "Frozen", "Thunder", "Silver", "Sacred", "Hidden", "Ancient", "Jungle",
    "Cosmic", "Neon", "Pirate", "Viking", "Samurai", "Aztec", "Pharaoh's", "Celtic", "Candy",
    "Fruity", "Super", "Mega", "Hot", "Cash", "Big", "Rich", "Happy", "Shining", "Emerald",
    "Ruby", "Lunar", "Solar", "Savage", "Midnight", "Electric", "Raging",
)  # fmt: skip
SLOT_NOUNS = (
    "Dragon", "Phoenix", "Tiger", "Gems", "Empire", "Treasure", "Temple", "Buffalo", "Wolf",
    "Panda", "Koi", "Lion", "Eagle", "Queen", "King", "Riches", "Jewels", "Bonanza", "Fiesta",
    "Carnival", "Legends", "Quest", "Spins", "Reels", "Sevens", "Cherries", "Coins", "Vault",
    "Gold Rush", "Pyramid", "Oasis", "Safari", "Ocean", "Volcano", "Galaxy", "Rockets", "Heist",
    "Circus", "Monkey", "Rabbit", "Mermaid", "Genie", "Wizard", "Knight", "Samba", "Jaguar",
    "Toucan", "Parrot", "Beach", "Nights", "Dreams", "Fortress", "Crown", "Lotus", "Bamboo",
    "Lanterns", "Festival", "Bells", "Horseshoe", "Clover", "Hammer", "Thunderbird", "Cobra",
    "Scarab", "Sphinx", "Medusa", "Olympus", "Titans", "Zeus", "Athena",
)  # fmt: skip
SLOT_SUFFIXES = (
    "", "Megaways", "Deluxe", "Rising", "Blitz", "Hold & Win", "2", "3", "Xmas",
    "Power", "Extreme", "Hunter", "Respin", "Cluster", "Link", "Boost", "Rush",
)  # fmt: skip
PT_NOUNS = (
    "Tesouro", "Coração", "Pirâmide", "Fênix", "Maçã", "Carnaval", "Trovão", "Ouro", "Onça",
    "Estrela", "Pérola", "Caravela", "Floresta", "Cachoeira", "Guaraná", "Açaí", "Feijão",
    "Balão", "Pião", "Leão",
)  # fmt: skip
PT_ADJECTIVES = (
    "Dourado", "Selvagem", "Mística", "Real", "da Sorte", "Mágico", "Brilhante", "Tropical",
    "Encantado", "do Sertão", "Carioca", "Baiano", "Paulista", "Gaúcho", "de Ipanema",
)  # fmt: skip
SUB_SUFFIX = {
    "SC": "Scratch",
    "VP": "Video Poker",
    "JP": "Jackpot",
    "TG": "Roulette",
    "AC": "Arcade",
    "BG": "Bingo",
}
SUB_CLASSIFY = {
    "SC": "SCRATCH",
    "VP": "VIDEO_POKER",
    "JP": "SLOT",
    "TG": "TABLE",
    "AC": "ARCADE",
    "BG": "BINGO",
}
SUB_SHARE = (("SC", 0.04), ("VP", 0.03), ("JP", 0.06), ("TG", 0.04), ("AC", 0.06), ("BG", 0.02))
SLOT_TAGS = (
    "megaways", "bonus-buy", "hold-and-win", "cluster-pays", "classic", "high-volatility",
    "low-volatility", "free-spins", "multiplier", "sticky-wilds",
)  # fmt: skip
LIVE_TABLES = (
    ("Baccarat", "BACCARAT"), ("Speed Baccarat", "BACCARAT"), ("Lucky 6 Baccarat", "BACCARAT"),
    ("Roulette", "ROULETTE"), ("Lightning Roulette", "ROULETTE"), ("Roleta Brasileira", "ROULETTE"),
    ("Blackjack", "BLACKJACK"), ("VIP Blackjack", "BLACKJACK"), ("Sic Bo", "SICBO"),
    ("Dragon Tiger", "DRAGON_TIGER"), ("Fan Tan", "FAN_TAN"), ("Andar Bahar", "ANDAR_BAHAR"),
    ("Teen Patti", "TEEN_PATTI"), ("Casino Hold'em", "POKER"), ("Football Studio", "GAME_SHOW"),
    ("Crazy Time", "GAME_SHOW"), ("Mega Wheel", "GAME_SHOW"), ("Bac Bo", "BACCARAT"),
)  # fmt: skip
FISH_WORDS = (
    ("Ocean", "Fishing", "Royal", "Dragon", "Mega", "Happy", "Bombing", "Jackpot", "Golden",
     "Deep Sea", "Shark", "Star"),
    ("King", "God", "Hunter", "Legend", "Fortune", "Party", "Lord", "Master", "Frenzy", "Blast"),
)  # fmt: skip
PVP_GAMES = (
    ("Texas Hold'em", "POKER"), ("Omaha", "POKER"), ("Short Deck", "POKER"), ("Teen Patti", "CARD"),
    ("Rummy", "CARD"), ("Andar Bahar", "CARD"), ("Tongits", "CARD"), ("Pusoy", "CARD"),
    ("Pusoy Dos", "CARD"), ("Blackjack 21", "CARD"), ("Niu Niu", "CARD"), ("Sam Gong", "CARD"),
    ("Domino QiuQiu", "DOMINO"), ("Dominó", "DOMINO"), ("Pai Gow", "CARD"), ("Mahjong", "MAHJONG"),
    ("Ludo", "BOARD"), ("Truco", "CARD"), ("Buraco", "CARD"), ("Cacheta", "CARD"),
    ("Tranca", "CARD"), ("Tien Len", "CARD"), ("Pok Deng", "CARD"), ("Capsa Susun", "CARD"),
    ("Big Two", "CARD"), ("Sakong", "CARD"),
)  # fmt: skip
PVP_VARIANTS = ("", "Classic", "Turbo", "6-Max", "VIP", "Pro", "Blitz", "Royale", "Club")
SPORTS_GAMES = {
    "U9W": ("U9W Sportsbook",),
    "SABA": ("SABA Sportsbook",),
    "SBO": ("SBOBET Sportsbook",),
    "CMD": ("CMD368 Sportsbook",),
    "DS88": ("DS88 Sabong Arena", "DS88 Sabong Derby"),
    "DIG": ("DIG Cockfight Live",),
    "WGB": ("WGB Sabong International",),
    "AV": ("AV Esports Arena",),
    "IMES": ("IM Esports",),
    "IA": ("IA Esports",),
    "AI": ("AI Esports Live",),
    "TF": ("TF Gaming Esports",),
}
WINNER_NAMES = (
    "marcos", "ana", "joao", "beatriz", "lucas", "gabriel", "rafael", "juliana", "fernanda",
    "pedro", "mariana", "thiago", "camila", "bruno", "larissa", "diego", "vitoria", "felipe",
    "leticia", "gustavo", "rahim", "karim", "nusrat", "tanvir",
)  # fmt: skip


def _slot_names(rng: random.Random) -> list[str]:
    """Every generated slot name once, shuffled: each vendor takes the next ones."""
    english = [
        " ".join(part for part in combo if part)
        for combo in product(SLOT_ADJECTIVES, SLOT_NOUNS, SLOT_SUFFIXES)
    ]
    portuguese = [f"{noun} {adjective}" for noun, adjective in product(PT_NOUNS, PT_ADJECTIVES)]
    names = english + portuguese
    rng.shuffle(names)
    return names


def _vendor_row(index: int, seed: VendorSeed) -> dict[str, Any]:
    code = seed.vassalage
    # Upstream lists cockfight vendors under SPORTS; the navigation splits them (spec 2).
    listed = [SPORTS if game_type == COCKFIGHT else game_type for game_type in seed.games]
    return {
        "vassalage": code,
        "display_name": seed.display_name,
        "game_types": list(dict.fromkeys(listed)),
        "sort": index * 10,
        "small_icon": rules.vendor_small_icon(code),
        "small_icon_active": rules.vendor_small_icon(code, active=True),
        "list_icon_white": rules.vendor_list_icon(code, "white"),
        "list_icon_color": rules.vendor_list_icon(code, "color"),
        "list_icon_purple": rules.vendor_list_icon(code, "purple"),
        "maintenance": seed.maintenance,
        "wallet_mode": str(seed.wallet_mode),
        "is_game": seed.is_game,
        "account_type_name": seed.account_type_name or code,
    }


class _Builder:
    """Game rows of one vendor after another, from one seeded RNG."""

    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        self.slot_names = iter(_slot_names(self.rng))
        self.rows: list[dict[str, Any]] = []

    def add(
        self,
        seed: VendorSeed,
        game_type: str,
        name: str,
        classify: str,
        *,
        sub_category: str | None = None,
        support_play: int = 1,
        tags: list[str] | None = None,
        rtp: Decimal | None = None,
        top_share: float = 0.025,
    ) -> None:
        rng = self.rng
        code = f"{seed.vassalage.lower()}_{len(self.rows):05d}"
        # Most games have their own icon; a few fall back to the default icon.
        icon = rules.game_icon(seed.vassalage, code) if rng.random() > 0.02 else None
        self.rows.append(
            {
                "vassalage": seed.vassalage,
                "game_code": code,
                "node_name": name,
                "game_name": name,
                "search_name": fold_name(name),
                "game_type": game_type,
                "display_name": seed.display_name,
                "show_icon": icon,
                "is_game": GAME,
                "support_play": support_play,
                "is_top": rng.random() < top_share,
                "game_category": rules.FAMILY_OF_TYPE[game_type],
                "game_classify": classify,
                "sub_category": sub_category,
                "tags": tags or [],
                "rtp": rtp,
                "popularity": int(rng.random() ** 3 * 100_000),
                "released_on": RELEASE_START + timedelta(days=rng.randrange(3_950)),
                "maintenance": rng.random() < 0.005,
            }
        )

    def vendor_entry(self, seed: VendorSeed, game_type: str) -> None:
        """The tile of a VASSALAGE vendor in type lists: it opens the vendor's popup list."""
        self.rows.append(
            {
                "vassalage": seed.vassalage,
                "game_code": seed.vassalage,
                "node_name": seed.display_name,
                "game_name": seed.display_name,
                "search_name": fold_name(seed.display_name),
                "game_type": game_type,
                "display_name": seed.display_name,
                "show_icon": rules.vendor_list_icon(seed.vassalage, "color"),
                "is_game": VASSALAGE,
                "support_play": 1,
                "is_top": True,
                "game_category": rules.FAMILY_OF_TYPE[game_type],
                "game_classify": "VENDOR",
                "sub_category": None,
                "tags": [],
                "rtp": None,
                "popularity": 95_000,
                "released_on": RELEASE_START,
                "maintenance": False,
            }
        )

    def slots(self, seed: VendorSeed, count: int) -> None:
        rng = self.rng
        for _ in range(count):
            name = next(self.slot_names)
            sub_category = _pick_sub_category(rng.random())
            if sub_category is not None:
                name = f"{name} {SUB_SUFFIX[sub_category]}"
            tags = rng.sample(SLOT_TAGS, rng.randrange(4))
            if sub_category == "JP":
                tags.append("progressive")
            self.add(
                seed,
                RNG,
                name,
                SUB_CLASSIFY.get(sub_category or "", "SLOT"),
                sub_category=sub_category,
                support_play=0 if rng.random() < 0.7 else 1,
                tags=tags,
                rtp=_hundredths(rng.randrange(9_400, 9_760)),
            )

    def live(self, seed: VendorSeed, count: int) -> None:
        for n in range(count):
            table, classify = LIVE_TABLES[n % len(LIVE_TABLES)]
            name = f"{table} {n // len(LIVE_TABLES) + 1}" if n >= len(LIVE_TABLES) else table
            rtp = _hundredths(self.rng.randrange(9_700, 9_890))
            self.add(seed, LIVE, f"{seed.display_name} {name}", classify, rtp=rtp)

    def fish(self, seed: VendorSeed, count: int) -> None:
        names = [f"{a} {b}" for a, b in product(*FISH_WORDS)]
        for name in self.rng.sample(names, count):
            rtp = _hundredths(self.rng.randrange(9_600, 9_750))
            support_play = 0 if self.rng.random() < 0.7 else 1
            self.add(seed, FISH, name, "FISHING", support_play=support_play, rtp=rtp)

    def pvp(self, seed: VendorSeed, count: int) -> None:
        options = [
            (" ".join(p for p in (game, variant) if p), classify)
            for (game, classify), variant in product(PVP_GAMES, PVP_VARIANTS)
        ]
        for name, classify in self.rng.sample(options, count):
            self.add(seed, PVP, name, classify)

    def lottery(self, seed: VendorSeed, game_type: str, count: int) -> None:
        """The lottery engine's games of the vendor, one entry each (spec 3): the entry's
        code is the engine's, so its card opens that game; its class is the lottery type."""
        own = [found for found in LOTTERY_GAMES.values() if found.vendor == seed.vassalage]
        for found in own[:count]:
            self.add(seed, game_type, entries.name(found, "en"), found.family, top_share=0)
            image = IMAGE_CATEGORIES.get(found.family)
            self.rows[-1].update(
                game_code=found.code,
                # Lottery icons exist per image category only (spec 3); others use the default.
                show_icon=f"lottery/{image}.png" if image else None,
                maintenance=False,
            )

    def inhouse(self, seed: VendorSeed, count: int) -> None:
        """The studio's own games (Crash too): the game code is the studio's, the RTP the
        declared one."""
        specs = [studio_game.spec for studio_game in STUDIO_GAMES.values()] + [CRASH_SPEC]
        for spec in specs[:count]:
            classify = SUB_CLASSIFY.get(spec.sub_category or "", "SLOT")
            name = studio_game_name(spec.code, "en") or spec.code
            self.add(
                seed,
                INHOUSE,
                name,
                classify,
                sub_category=spec.sub_category,
                support_play=0,
                rtp=spec.rtp,
                top_share=0.2,
            )
            self.rows[-1]["game_code"] = spec.code
            self.rows[-1]["maintenance"] = False

    def sports(self, seed: VendorSeed, game_type: str, count: int) -> None:
        classify = {SPORTS: "SPORTSBOOK", ESPORTS: "ESPORTS", COCKFIGHT: "COCKFIGHT"}[game_type]
        for name in SPORTS_GAMES[seed.vassalage][:count]:
            self.add(seed, game_type, name, classify, top_share=0)


def _hundredths(count: int) -> Decimal:
    """A count of hundredths as a two-decimal Decimal (9612 → 96.12)."""
    return Decimal(count).scaleb(-2)


def _pick_sub_category(draw: float) -> str | None:
    for code, share in SUB_SHARE:
        if draw < share:
            return code
        draw -= share
    return None


def build_catalogue() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Vendor rows and game rows of the demo catalogue; the same on every run."""
    builder = _Builder()
    vendors = [_vendor_row(index, seed) for index, seed in enumerate(VENDORS)]
    for seed in VENDORS:
        for game_type, count in seed.games.items():
            if seed.is_game == VASSALAGE:
                builder.vendor_entry(seed, game_type)
            if game_type == RNG:
                builder.slots(seed, count)
            elif game_type == LIVE:
                builder.live(seed, count)
            elif game_type == FISH:
                builder.fish(seed, count)
            elif game_type == PVP:
                builder.pvp(seed, count)
            elif game_type in (LOTT, ELOTT):
                builder.lottery(seed, game_type, count)
            elif game_type == INHOUSE:
                builder.inhouse(seed, count)
            else:
                builder.sports(seed, game_type, count)
    return vendors, builder.rows


async def _seed_winners(session: AsyncSession) -> int:
    """A few hundred casino wins of the last week for each brand that has none yet."""
    merchants = (await session.exec(select(Merchant).order_by(col(Merchant.id)))).all()
    with_winners = set(
        (await session.exec(select(Winner.merchant_id).group_by(col(Winner.merchant_id)))).all()
    )
    games = (
        await session.exec(
            select(Game.id, Game.game_name, Game.show_icon, Game.game_category)
            .where(Game.is_game == GAME, Game.game_category == rules.CASINO)
            .order_by(col(Game.id))
        )
    ).all()
    now = utcnow()
    rows: list[dict[str, Any]] = []
    for merchant in merchants:
        if merchant.id in with_winners or not games:
            continue
        rng = random.Random(f"winners:{merchant.code}")
        for _ in range(WINNERS_PER_BRAND):
            game_id, name, icon, category = rng.choice(games)
            cents = int(rng.paretovariate(0.9) * 10_000)  # from 100.00, a long tail
            rows.append(
                {
                    "merchant_id": merchant.id,
                    "customer_name": f"{rng.choice(WINNER_NAMES)}{rng.randrange(100):02d}",
                    "game_id": game_id,
                    "game_name": name,
                    "show_icon": icon,
                    "game_category": category,
                    "win_amount": _hundredths(min(cents, 50_000_000)),
                    "won_at": now - timedelta(minutes=rng.randrange(7 * 24 * 60)),
                }
            )
    if rows:
        await (await session.connection()).execute(insert(_WINNERS), rows)
    return len(rows)


async def _drop_stale_lottery_entries(session: AsyncSession) -> None:
    """Lottery entries of an older demo that are not the engine's games (their cards opened no
    game of their own) go, with what points at them."""
    rows = (
        await session.exec(
            select(Game.id, Game.vassalage, Game.game_code).where(
                col(Game.vassalage).in_(list(entries.VENDOR_TYPES))
            )
        )
    ).all()
    stale = [gid for gid, vassalage, code in rows if entries.entry_of(vassalage, code) is None]
    if not stale:
        return
    for table in (RecentGame, FavoriteGame, Winner):
        await session.exec(delete(table).where(col(table.game_id).in_(stale)))
    await session.exec(delete(Game).where(col(Game.id).in_(stale)))


async def seed_catalogue() -> int:
    """Insert the vendors, games and winners the database misses; return the games added."""
    vendors, games = build_catalogue()
    async with write_transaction() as session:
        await _drop_stale_lottery_entries(session)
        known_vendors = set((await session.exec(select(GameVendor.vassalage))).all())
        missing_vendors = [v for v in vendors if v["vassalage"] not in known_vendors]
        connection = await session.connection()
        if missing_vendors:
            await connection.execute(insert(_VENDORS), missing_vendors)
        count = (await session.exec(select(func.count()).select_from(Game))).one()
        missing_games = games
        if count:
            known = set((await session.exec(select(Game.vassalage, Game.game_code))).all())
            missing_games = [g for g in games if (g["vassalage"], g["game_code"]) not in known]
        if missing_games:
            await connection.execute(insert(_GAMES), missing_games)
        await _seed_winners(session)
    return len(missing_games)
