"""Pieces of the lottery pages: lobby cards, the board with its countdown, play tabs, the
number picker with quick picks, the bet slip with chase, my bets, results with the trend and
missing-number charts, Vietnamese bet codes, the rules dialog, the betting record."""

from components.lottery.board import board, refresh_button, stations
from components.lottery.common import CARD, ball, text_of
from components.lottery.history import charts, lottery_record, my_bets, results, rules_dialog
from components.lottery.lobby import family_filter, lobby_card, mode_switch
from components.lottery.slip import picker, play_tabs, slip, slip_bar, vn_codes

__all__ = [
    "CARD",
    "ball",
    "board",
    "charts",
    "family_filter",
    "lobby_card",
    "lottery_record",
    "mode_switch",
    "my_bets",
    "picker",
    "play_tabs",
    "refresh_button",
    "results",
    "rules_dialog",
    "slip",
    "slip_bar",
    "stations",
    "text_of",
    "vn_codes",
]
