"""The game catalogue: vendors, games, members' favourites and recent games, the winners board.

Vendors and games are shared by every brand; what differs per brand (the image base, the
Tagalog renames) is applied when the catalogue is served. Image columns hold paths relative
to the brand's image base (spec 3, image URL shapes).
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum

from sqlalchemy import JSON, Column, Index, Numeric, UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow

VASSALAGE = "VASSALAGE"  # isGame of a vendor (or its entry) that opens a popup game list
GAME = "GAME"  # isGame of an ordinary game


class WalletMode(StrEnum):
    SEAMLESS = "SEAMLESS"  # the vendor debits and credits our wallet per bet
    TRANSFER = "TRANSFER"  # money is moved to the vendor's wallet and back


class GameVendor(SQLModel, table=True):
    """A game provider (vassalage) and the game types it serves, in the sorted vendor list."""

    id: int | None = Field(default=None, primary_key=True)
    vassalage: str = Field(unique=True, max_length=32)
    display_name: str = Field(max_length=100)
    game_types: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    sort: int = 0
    small_icon: str | None = Field(default=None, max_length=255)
    small_icon_active: str | None = Field(default=None, max_length=255)
    list_icon_white: str | None = Field(default=None, max_length=255)
    list_icon_color: str | None = Field(default=None, max_length=255)
    list_icon_purple: str | None = Field(default=None, max_length=255)
    maintenance: bool = False
    wallet_mode: str = Field(default=WalletMode.SEAMLESS, max_length=16)
    is_game: str = Field(default=GAME, max_length=16, description="VASSALAGE: popup game list")
    account_type_name: str = Field(default="", max_length=32)


class Game(SQLModel, table=True):
    """A game entry (spec 3); its id is the nodeId. A VASSALAGE row stands for its vendor."""

    __table_args__ = (
        UniqueConstraint("vassalage", "game_code"),
        Index("ix_game_type_popularity", "game_type", "popularity"),
        Index("ix_game_vendor_type_popularity", "vassalage", "game_type", "popularity"),
        Index("ix_game_sub_category_popularity", "sub_category", "popularity"),
        Index("ix_game_top_popularity", "is_top", "popularity"),
    )

    id: int | None = Field(default=None, primary_key=True)
    vassalage: str = Field(foreign_key="gamevendor.vassalage", max_length=32)
    game_code: str = Field(max_length=64)
    node_name: str = Field(max_length=120)
    game_name: str = Field(max_length=120)
    search_name: str = Field(max_length=120, description="lower-case, accents removed")
    game_type: str = Field(max_length=16)
    display_name: str = Field(max_length=100, description="the vendor's display name")
    show_icon: str | None = Field(default=None, max_length=255)
    is_game: str = Field(default=GAME, max_length=16)
    support_play: int = Field(default=1, description="0: a free demo is available")
    is_top: bool = False
    game_category: str = Field(max_length=16, description="CASINO, SPORTS or LOTTERY")
    game_classify: str = Field(max_length=32, description="genre, or the lottery type")
    sub_category: str | None = Field(default=None, max_length=4)
    tags: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    rtp: Decimal | None = Field(default=None, sa_type=Numeric(5, 2))
    popularity: int = 0
    released_on: date
    maintenance: bool = False


class FavoriteGame(SQLModel, table=True):
    """A game a member marked as favourite."""

    __table_args__ = (UniqueConstraint("member_id", "game_id"),)

    id: int | None = Field(default=None, primary_key=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class RecentGame(SQLModel, table=True):
    """The last time a member played a game."""

    __table_args__ = (
        UniqueConstraint("member_id", "game_id"),
        Index("ix_recentgame_member_played", "member_id", "last_played_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    member_id: int = Field(foreign_key="member.id")
    game_id: int = Field(foreign_key="game.id", index=True)
    last_played_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    play_count: int = 1


class Winner(SQLModel, table=True):
    """A win shown on a brand's winner board; the name is masked when served."""

    __table_args__ = (Index("ix_winner_merchant_amount", "merchant_id", "win_amount"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id")
    customer_name: str = Field(max_length=64)
    game_id: int | None = Field(default=None, foreign_key="game.id", index=True)
    game_name: str = Field(max_length=120)
    show_icon: str | None = Field(default=None, max_length=255)
    game_category: str = Field(max_length=16)
    win_amount: Decimal = Field(default=Decimal("0"), sa_type=Numeric(20, 2))
    won_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
