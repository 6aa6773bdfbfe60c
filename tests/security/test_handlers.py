"""Every public event handler of every state is an endpoint any browser can call: each one
is listed here with the check it does, and a handler that is not listed fails this test
until it is (with its check). Handlers that take arguments validate them (state/guard.py).
Also: no state keeps a password, payment password or TOTP secret in a var."""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import reflex as rx
from reflex.state import BaseState

import app.app  # noqa: F401 (registers every state)
from state.guard import CHECKED

LOGIN = "member from current_login (session of this browser)"
GUEST = "no member data"
ARGS = "arguments checked (state/guard.py)"
TEAM = "state.agent_team.AgentTeamState."
DOWNLINE = "only the agent's own downline (the closure tree)"
MONEY = "payment password, limits, a ledger key per form"

STAFF = (
    "staff from current_staff (the console login of this browser); "
    "the use case checks permission and brand"
)

# "module.Class.handler": the check it does. Reflex's own handlers come first.
ALLOWED: dict[str, str] = {
    "reflex.state.State.hydrate": "Reflex: sends this tab's own state (tab bound to browser)",
    "reflex.state.State.hydrate_and_load": "Reflex: hydrate, then the page's on_load events",
    "reflex.state.State.set_is_hydrated": "Reflex: a flag of the tab's own state",
    "reflex.state.OnLoadInternalState.on_load_internal": "Reflex: the path's on_load events",
    "reflex.state.OnLoadInternalState.set_is_hydrated": "Reflex: a flag of the tab's own state",
    "reflex.state.UpdateVarsInternalState.update_vars_internal": (
        "Reflex: sets only rx.Cookie/rx.LocalStorage vars, the browser's own storage"
    ),
    "reflex.state.FrontendEventExceptionState.handle_frontend_exception": "Reflex: logs only",
    "state.console.ConsoleState.gate": f"{STAFF}; none: redirect to the console login",
    "state.console.ConsoleState.logout": "ends this browser's console session",
    "state.console.ConsoleLoginState.open_page": GUEST,
    "state.console.ConsoleLoginState.submit": (
        f"{ARGS}; password + TOTP, rate limited, browser bound"
    ),
    "state.console.DashboardState.load": STAFF,
    "state.console.DashboardState.pick_period": f"{ARGS}; {STAFF}; a preset period only",
    "state.console.DashboardState.custom_period": f"{ARGS}; {STAFF}; dates checked, 92 days",
    "state.console_players.PlayersState.load": STAFF,
    "state.console_players.PlayersState.search": f"{ARGS}; {STAFF}",
    "state.console_players.PlayersState.next_page": STAFF,
    "state.console_players.PlayersState.export": f"{STAFF}; reports.export, audited",
    "state.console_players.PlayersState.previous_page": STAFF,
    "state.console_players.PlayersState.open": f"{ARGS}; {STAFF}",
    "state.console_players.PlayersState.lock": f"{ARGS}; {STAFF}",
    "state.console_players.PlayersState.unlock": f"{ARGS}; {STAFF}",
    "state.console_players.PlayersState.force_logout": STAFF,
    "state.console_players.PlayersState.reset_2fa": f"{ARGS}; {STAFF}",
    "state.console_players.PlayersState.add_note": f"{ARGS}; {STAFF}",
    "state.console_players.PlayersState.adjust": f"{ARGS}; {STAFF}; four-eyes above threshold",
    "state.console_players.PlayersState.reveal_cpf": f"{STAFF}; players.identity, audited",
    "state.console_players.PlayersState.show_documents": f"{STAFF}; players.identity, audited",
    "state.console_payments.PaymentsState.load": STAFF,
    "state.console_payments.PaymentsState.review_pay": f"{ARGS}; {STAFF}; payments.pay",
    "state.console_payments.PaymentsState.close_review": "closes this tab's confirmation",
    "state.console_payments.PaymentsState.pay": (
        f"{ARGS}; {STAFF}; the order the confirmation shows; four-eyes above threshold"
    ),
    "state.console_payments.PaymentsState.reject": f"{ARGS}; {STAFF}",
    "state.console_payments.PaymentsState.approve": f"{ARGS}; {STAFF}; never the requester",
    "state.console_payments.PaymentsState.decline": f"{ARGS}; {STAFF}; never the requester",
    "state.console_reports.ReportsState.set_by": f"{ARGS}; {STAFF}",
    "state.console_reports.ReportsState.export_breakdown": STAFF,
    "state.console_channels.ChannelsState.load": STAFF,
    "state.console_channels.ChannelsState.pick_brand": f"{ARGS}; {STAFF}",
    "state.console_channels.ChannelsState.save": f"{ARGS}; {STAFF}; amounts by the money parser",
    "state.console_channels.ChannelsState.switch": f"{ARGS}; {STAFF}",
    "state.console_games.GamesConsoleState.load": STAFF,
    "state.console_games.GamesConsoleState.pick_vendor": f"{ARGS}; {STAFF}",
    "state.console_games.GamesConsoleState.find": f"{ARGS}; {STAFF}",
    "state.console_games.GamesConsoleState.go_to": f"{ARGS}; {STAFF}",
    "state.console_games.GamesConsoleState.vendor_maintenance": f"{ARGS}; {STAFF}",
    "state.console_games.GamesConsoleState.save_game": f"{ARGS}; {STAFF}; order bounded",
    "state.console_games.GamesConsoleState.import_games": f"{ARGS}; {STAFF}; all-brand",
    "state.console_agents.AgentsConsoleState.load": STAFF,
    "state.console_agents.AgentsConsoleState.pick_brand": f"{ARGS}; {STAFF}",
    "state.console_agents.AgentsConsoleState.decide": f"{ARGS}; {STAFF}",
    "state.console_agents.AgentsConsoleState.set_offer_kind": (
        f"{ARGS}; a kind of the page's own list (the offer form's fields)"
    ),
    "state.console_agents.AgentsConsoleState.offer_contract": (
        f"{ARGS}; {STAFF}; top agents only, four-eyes above threshold"
    ),
    "state.console_applications.ApplicationsConsoleState.load": STAFF,
    "state.console_applications.ApplicationsConsoleState.pick_brand": f"{ARGS}; {STAFF}",
    "state.console_applications.ApplicationsConsoleState.show_image": f"{ARGS}; {STAFF}",
    "state.console_applications.ApplicationsConsoleState.start_review": f"{ARGS}; {STAFF}",
    "state.console_applications.ApplicationsConsoleState.decide": f"{ARGS}; {STAFF}",
    "state.chat.ChatState.load": f"the open chat of the {LOGIN}, else of this browser's secret",
    "state.chat.ChatState.send": (
        f"{ARGS}; the {LOGIN} or this browser's visitor; plain text, limited per customer "
        "and per address"
    ),
    "state.chat.ChatState.watch": "the customer found on the server when the watch starts",
    "state.console_chat.ChatDeskState.load": STAFF,
    "state.console_chat.ChatDeskState.pick_brand": f"{ARGS}; {STAFF}",
    "state.console_chat.ChatDeskState.open_conversation": f"{ARGS}; {STAFF}",
    "state.console_chat.ChatDeskState.answer": f"{ARGS}; {STAFF}",
    "state.console_chat.ChatDeskState.close_conversation": STAFF,
    "state.console_chat.ChatDeskState.watch": f"a version number only; each refresh: {STAFF}",
    "state.console_support.SupportDeskState.load": STAFF,
    "state.console_support.SupportDeskState.pick_brand": f"{ARGS}; {STAFF}",
    "state.console_support.SupportDeskState.filter": f"{ARGS}; {STAFF}",
    "state.console_support.SupportDeskState.next_page": STAFF,
    "state.console_support.SupportDeskState.previous_page": STAFF,
    "state.console_support.SupportDeskState.open_ticket": f"{ARGS}; {STAFF}",
    "state.console_support.SupportDeskState.show_image": f"{ARGS}; {STAFF}",
    "state.console_support.SupportDeskState.answer": f"{ARGS}; {STAFF}",
    "state.console_support.SupportDeskState.close_ticket": STAFF,
    "state.console_investigations.InvestigationsState.load": STAFF,
    "state.console_investigations.InvestigationsState.show_proof": f"{ARGS}; {STAFF}",
    "state.console_investigations.InvestigationsState.close": f"{ARGS}; {STAFF}",
    "state.console_transfers.TransferReviewsState.load": STAFF,
    "state.console_transfers.TransferReviewsState.decide": f"{ARGS}; {STAFF}",
    "state.console_content.ContentState.load": STAFF,
    "state.console_content.ContentState.pick_brand": f"{ARGS}; {STAFF}",
    "state.console_content.ContentState.new": "clears the editor only (no data)",
    "state.console_content.ContentState.edit": f"{ARGS}; rows this staff member listed",
    "state.console_content.ContentState.save": f"{ARGS}; {STAFF}; HTML sanitised (nh3)",
    "state.console_content.ContentState.unpublish": f"{ARGS}; {STAFF}",
    "state.console_content.ContentState.publish_legal": f"{ARGS}; {STAFF}; HTML sanitised",
    "state.console_lottery.LotteryConsoleState.load": STAFF,
    "state.console_lottery.LotteryConsoleState.pick": f"{ARGS}; {STAFF}",
    "state.console_lottery.LotteryConsoleState.void": f"{ARGS}; {STAFF}",
    "state.console_lottery.LotteryConsoleState.enter_result": f"{ARGS}; {STAFF}",
    "state.console_promotions.PromotionsConsoleState.load": STAFF,
    "state.console_promotions.PromotionsConsoleState.pick_brand": f"{ARGS}; {STAFF}",
    "state.console_promotions.PromotionsConsoleState.pick_kind": f"{ARGS}; the form's shape only",
    "state.console_promotions.PromotionsConsoleState.pick_reward": f"{ARGS}; the form's shape only",
    "state.console_promotions.PromotionsConsoleState.create": f"{ARGS}; {STAFF}",
    "state.console_promotions.PromotionsConsoleState.end": f"{ARGS}; {STAFF}",
    "state.console_promotions.PromotionsConsoleState.edit": f"{ARGS}; {STAFF}",
    "state.console_promotions.PromotionsConsoleState.cancel_edit": "the form's shape only",
    "state.console_promotions.PromotionsConsoleState.amend": f"{ARGS}; {STAFF}",
    "state.console_promotions.PromotionsConsoleState.pick_campaign_kind": (
        f"{ARGS}; the form's shape only"
    ),
    "state.console_promotions.PromotionsConsoleState.create_campaign": f"{ARGS}; {STAFF}",
    "state.console_promotions.PromotionsConsoleState.schedule_campaign": f"{ARGS}; {STAFF}",
    "state.console_promotions.PromotionsConsoleState.stop_campaign": f"{ARGS}; {STAFF}",
    "state.console_vip.VipConsoleState.load": STAFF,
    "state.console_vip.VipConsoleState.pick_brand": f"{ARGS}; {STAFF}",
    "state.console_vip.VipConsoleState.edit": f"{ARGS}; a row already read with {STAFF}",
    "state.console_vip.VipConsoleState.add_level": "the form's values only",
    "state.console_vip.VipConsoleState.save_level": f"{ARGS}; {STAFF}",
    "state.console_vip.VipConsoleState.remove_top_level": STAFF,
    "state.console_vip.VipConsoleState.save_settings": f"{ARGS}; {STAFF}",
    "state.console_platform.PlatformState.load": STAFF,
    "state.console_platform.PlatformState.pick_brand": f"{ARGS}; {STAFF}",
    "state.console_platform.PlatformState.start_maintenance": f"{ARGS}; {STAFF}",
    "state.console_platform.PlatformState.back_to_normal": STAFF,
    "state.console_platform.PlatformState.block": f"{ARGS}; {STAFF}",
    "state.console_platform.PlatformState.unblock": f"{ARGS}; {STAFF}",
    "state.console_platform.PlatformState.switch_module": f"{ARGS}; {STAFF}",
    "state.console_platform.PlatformState.pick_field": f"{ARGS}; the form's shape only",
    "state.console_platform.PlatformState.save_field": f"{ARGS}; {STAFF}",
    "state.console_team.TeamState.load": STAFF,
    "state.console_team.TeamState.create_role": f"{ARGS}; {STAFF}; only permissions held",
    "state.console_team.TeamState.create_staff": (
        f"{ARGS}; {STAFF}; only roles within own; invitation link pushed, not kept"
    ),
    "state.console_team.TeamState.lock_staff": f"{ARGS}; {STAFF}",
    "state.console_team.TeamState.unlock_staff": f"{ARGS}; {STAFF}",
    "state.console_team.TeamState.reinvite_staff": (
        f"{ARGS}; {STAFF}; only roles within own; invitation link pushed, not kept"
    ),
    "state.console_team.TeamState.dismiss_invitation": "clears this tab's shown invitation",
    "state.console_account.EnrolState.open_page": (
        "the one-time invitation token of the page's address; new secret pushed, not kept"
    ),
    "state.console_account.EnrolState.submit": (
        f"{ARGS}; the invitation's token, limited per address and invitation; "
        "password (common list) and code not kept"
    ),
    "state.console_account.AccountState.load": STAFF,
    "state.console_account.AccountState.change_password": (
        f"{ARGS}; {STAFF}; own account only: current password and code"
    ),
    "state.console_account.AccountState.start_totp": (
        f"{STAFF}; own account only; new secret pushed, not kept"
    ),
    "state.console_account.AccountState.change_totp": (
        f"{ARGS}; {STAFF}; own account only: password, current code, new code"
    ),
    "state.console_audit.AuditState.load": STAFF,
    "state.console_audit.AuditState.filter": f"{ARGS}; {STAFF}",
    "state.console_audit.AuditState.next_page": STAFF,
    "state.console_audit.AuditState.previous_page": STAFF,
    "state.console_audit.AuditState.verify": STAFF,
    "state.console_audit.AuditState.export": STAFF,
    "state.console_reports.ReportsState.load": STAFF,
    "state.console_reports.ReportsState.set_days": f"{ARGS}; {STAFF}",
    "state.console_reports.ReportsState.export": STAFF,
    "state.console_points.PointsReviewState.load": STAFF,
    "state.console_points.PointsReviewState.approve": f"{ARGS}; {STAFF}",
    "state.console_points.PointsReviewState.reject": f"{ARGS}; {STAFF}; a reason required",
    "state.points.PointsState.load": f"the points and rewards of the {LOGIN} (real accounts)",
    "state.points.PointsState.set_view": f"{ARGS}; {LOGIN}",
    "state.points.PointsState.set_range": f"{ARGS}; {LOGIN}",
    "state.points.PointsState.move_window": f"{ARGS}; {LOGIN}",
    "state.points.PointsState.go": f"{ARGS}; {LOGIN}",
    "state.points.PointsState.open_redeem": f"{ARGS}; login gate; a reward this tab listed",
    "state.points.PointsState.set_quantity": f"{ARGS}; within the reward's limit",
    "state.points.PointsState.open_convert": "login gate; opens this tab's dialog",
    "state.points.PointsState.close_dialog": GUEST,
    "state.points.PointsState.preview_convert": f"{ARGS}; arithmetic on the brand's ratio",
    "state.points.PointsState.redeem": (
        f"{ARGS}; {LOGIN}, real accounts; payment password; the tab's chosen reward"
    ),
    "state.points.PointsState.convert": f"{ARGS}; {LOGIN}, real accounts; payment password",
    "state.auth.AuthState.restore": "login from current_login, else logged out",
    "state.auth.AuthState.require_login": "restore; no login: redirect to /login",
    "state.auth.AuthState.require_member": "require_login; trial: the register-first dialog",
    "state.auth.AuthState.open_login_page": GUEST,
    "state.auth.AuthState.open_login": GUEST,
    "state.auth.AuthState.set_login_tab": f"{ARGS}; one of two tabs",
    "state.auth.AuthState.refresh_captcha": "captcha for this address (rate limited)",
    "state.auth.AuthState.submit_login": f"{ARGS}; secrets held sealed in the cache",
    "state.auth.AuthState.finish_login": f"{ARGS}; login service, bound to the browser",
    "state.auth.AuthState.start_trial": "trial service (per address limit), browser bound",
    "state.auth.AuthState.logout": "ends this browser's session and its binding",
    "state.auth.AuthState.dismiss_signed_out": "this tab's own notice",
    "state.auth.AuthState.gate": f"{ARGS}; only the listed gated actions",
    "state.betting.BettingState.load": LOGIN,
    "state.betting.BettingState.go": f"{ARGS}; {LOGIN}",
    "state.betting.BettingState.set_range": f"{ARGS}; {LOGIN}",
    "state.betting.BettingState.set_category": f"{ARGS}; {LOGIN}",
    "state.betting.BettingState.toggle_detail": f"{ARGS}; rounds of the {LOGIN} only",
    "state.betting.ProfitState.load": LOGIN,
    "state.betting.ProfitState.set_range": f"{ARGS}; {LOGIN}",
    "state.bonus.BonusState.load": LOGIN,
    "state.bonus.BonusState.go": f"{ARGS}; {LOGIN}",
    "state.bonus.BonusState.set_range": f"{ARGS}; {LOGIN}",
    "state.bonus.BonusState.refresh": f"bonuses of the {LOGIN}",
    "state.loyalty_vip.VipState.load": f"level, progress and history of the {LOGIN}",
    "state.loyalty_vip.VipState.relabel": f"on /vip only: load again (the {LOGIN})",
    "state.loyalty_vip.IncomeState.load": f"rebate lines of the {LOGIN}",
    "state.loyalty_vip.IncomeState.go": f"{ARGS}; {LOGIN}",
    "state.loyalty_vip.IncomeState.set_range": f"{ARGS}; {LOGIN}",
    "state.loyalty_vip.IncomeState.claim": f"{ARGS}; a line of the {LOGIN} only (service)",
    "state.loyalty_vip.IncomeState.claim_all": f"claimable lines of the {LOGIN}",
    "state.missions.MissionState.load": f"missions, races and prizes of the {LOGIN}",
    "state.missions.MissionState.set_tab": ARGS,
    "state.missions.MissionState.countdown": f"one countdown per tab; missions of the {LOGIN}",
    "state.missions.MissionState.relabel": f"missions of the {LOGIN}, on the missions page only",
    "state.missions.MissionState.select_race": f"{ARGS}; a race of this page's brand; {LOGIN}",
    "state.missions.MissionState.claim": f"{ARGS}; a mission of this page's brand; {LOGIN}",
    "state.promotions.PromotionsState.load": f"the brand's promotions; statuses of the {LOGIN}",
    "state.promotions.PromotionsState.go": f"{ARGS}; {LOGIN}",
    "state.promotions.PromotionsState.load_mine": f"entries of the {LOGIN} only",
    "state.promotions.PromotionsState.relabel": f"on its two pages only: reload (the {LOGIN})",
    "state.inbox.InboxState.load": f"messages of the {LOGIN}",
    "state.feedback.FeedbackState.load": f"tickets of the {LOGIN}",
    "state.feedback.FeedbackState.submit": (
        f"Reflex upload (body size limit); images checked by content; ticket of the {LOGIN}, "
        "or a visitor's limited per address"
    ),
    "state.feedback.FeedbackState.set_question_type": f"{ARGS}; one of the question types",
    "state.feedback.FeedbackState.set_content": f"{ARGS}; at most 4,001 characters",
    "state.feedback.FeedbackState.follow_up": (
        f"{ARGS}; only under a ticket of the {LOGIN} (not closed), limited per member"
    ),
    "state.announcements.AnnouncementState.load": (
        "the brand's popup for the audience of this browser's login (A/F members, B visitors)"
    ),
    "state.announcements.AnnouncementState.pick": ARGS,
    "state.announcements.AnnouncementState.close": "sets this browser's own session marker",
    "state.inbox.InboxState.go": f"{ARGS}; {LOGIN}",
    "state.inbox.InboxState.open": f"{ARGS}; marks read only the {LOGIN}'s own message",
    "state.inbox.InboxState.read_all": f"messages of the {LOGIN}",
    "state.inbox.InboxState.remove": f"{ARGS}; deletes only the {LOGIN}'s own message",
    "state.promotions.PromotionsState.select": f"{ARGS}; a promotion of this page's brand",
    "state.promotions.PromotionsState.close": GUEST,
    "state.promotions.PromotionsState.set_accepted": ARGS,
    "state.promotions.PromotionsState.set_comment": f"{ARGS}; at most 256 characters",
    "state.promotions.PromotionsState.join": f"login gate; join for the {LOGIN}",
    "state.promotions.PromotionsState.request_reward": f"login gate; reward of the {LOGIN}",
    "state.promotions.PromotionsState.send_application": (
        f"Reflex upload (body size limit); login gate; images checked by content; {LOGIN}"
    ),
    "state.cashier.CashierState.load": f"{GUEST}: the brand's channels",
    "state.cashier.CashierState.pick_channel": ARGS,
    "state.cashier.CashierState.set_amount": ARGS,
    "state.cashier.CashierState.new_deposit": GUEST,
    "state.cashier.CashierState.create": f"{ARGS}; deposit for the {LOGIN}",
    "state.cashier.CashierState.watch_order": "one watch per tab; this tab's own order",
    "state.cashier.SandboxState.load": "sandbox provider page (off in production)",
    "state.cashier.SandboxState.settle": f"{ARGS}; sandbox provider (off in production)",
    "state.dialog.DialogState.open": f"{ARGS}; slug names, at most {8} open",
    "state.dialog.DialogState.close": ARGS,
    "state.dialog.DialogState.page_changed": "no arguments; the tab's own dialogs only",
    "state.dialog.DialogState.close_on_escape": ARGS,
    "state.dialog.DialogState.open_for": f"{ARGS}; at most 10 s, one closer per tab",
    "state.download.DownloadState.load": GUEST,
    "state.download.DownloadState.image_failed": f"{ARGS}; one of the page's QR kinds only",
    "state.game_popup.GamePopupState.open_vendor": f"{ARGS}; catalogue only",
    "state.game_popup.GamePopupState.more_vendor_games": "catalogue only",
    "state.game_popup.GamePopupState.open_maintenance": f"{ARGS}; catalogue only",
    "state.help.HelpState.load": GUEST,
    "state.help.HelpState.search": f"{ARGS}; the brand's published articles only",
    "state.legal.LegalState.load": GUEST,
    "state.lobby.LobbyState.load_menu": f"catalogue; favourites of the {LOGIN}",
    "state.lobby.LobbyState.load_home": "catalogue only",
    "state.lobby.LobbyState.relabel": f"catalogue; favourites of the {LOGIN}",
    "state.lobby.LobbyState.move_and_play": (
        f"{ARGS}; the game this tab was offered; the {LOGIN}'s own wallets, one ledger key"
    ),
    "state.lobby.LobbyState.play_without_moving": f"the game this tab was offered; {LOGIN}",
    "state.providers.ProvidersState.load": "catalogue only (the brand's seamless vendors)",
    "state.live_rooms.LiveHostsState.load": "catalogue and the live vendors' hosts only",
    "state.live_rooms.LiveHostsState.open_chat": (
        f"{ARGS}; a table the page lists; the chat room of the {LOGIN}"
    ),
    "state.live_rooms.PvpRoomsState.load": "catalogue only",
    "state.live_rooms.PvpRoomsState.pick_vendor": f"{ARGS}; a vendor the page lists",
    "state.live_rooms.PvpRoomsState.pick_game": f"{ARGS}; a game the page lists",
    "state.live_rooms.PvpRoomsState.enter_room": (
        f"{ARGS}; launch for the {LOGIN}; a PvP game, a known room, its minimum balance"
    ),
    "state.lobby.LobbyState.load_list": "catalogue only",
    "state.lobby.LobbyState.load_center": "catalogue only; path parts checked",
    "state.lobby.LobbyState.load_u9w": f"no arguments; the launch rules of play for the {LOGIN}",
    "state.lobby.LobbyState.start_vendor": f"{ARGS}: only the direct-start vendors; as play",
    "state.lobby.LobbyState.set_search": f"{ARGS}; catalogue only",
    "state.lobby.LobbyState.pick_vendor": f"{ARGS}; catalogue only",
    "state.lobby.LobbyState.pick_sub_category": f"{ARGS}; a visible sub-category only",
    "state.lobby.LobbyState.more": "catalogue only",
    "state.lobby.LobbyState.toggle_favorite": f"{ARGS}; favourites of the {LOGIN}",
    "state.lobby.LobbyState.play": f"{ARGS}; launch for the {LOGIN}",
    "state.lottery.LotteryState.load": f"engine read model; bets of the {LOGIN} only",
    "state.lottery.LotteryState.refresh": f"engine read model; bets of the {LOGIN} only",
    "state.lottery.LotteryState.pick_play": f"{ARGS}; plays the brand offers only",
    "state.lottery.LotteryState.pick_station": f"{ARGS}; a station of the draw shown only",
    "state.lottery.LotteryState.pick_partner": (
        f"{ARGS}; another station of the draw shown, two-station plays only"
    ),
    "state.lottery.LotteryState.set_mode": f"{ARGS}; prize modes of the area only",
    "state.lottery.LotteryState.set_family": f"{ARGS}; families of the lobby only",
    "state.lottery.LotteryState.toggle": f"{ARGS}; values of the play's picker only",
    "state.lottery.LotteryState.quick": f"{ARGS}; six quick picks, rows of the play",
    "state.lottery.LotteryState.set_typed": f"{ARGS}; engine checks the numbers",
    "state.lottery.LotteryState.set_unit": f"{ARGS}; engine checks the stake",
    "state.lottery.LotteryState.set_multiplier": f"{ARGS}; digits, at most the engine's max",
    "state.lottery.LotteryState.set_chase_issues": f"{ARGS}; digits, at most the engine's max",
    "state.lottery.LotteryState.set_chase_stop": ARGS,
    "state.lottery.LotteryState.set_bets_tab": f"{ARGS}; two tabs",
    "state.lottery.LotteryState.set_trend_position": f"{ARGS}; positions of the game",
    "state.lottery.LotteryState.open_rules": GUEST,
    "state.lottery.LotteryState.place": f"bet for the {LOGIN}; real account, site open",
    "state.lottery.LotteryState.place_chase": f"chase for the {LOGIN}; real account, site open",
    "state.lottery.LotteryState.cancel": f"{ARGS}; bets of the {LOGIN} only",
    "state.lottery.LotteryState.set_codes": f"{ARGS}; 2,000 characters",
    "state.lottery.LotteryState.check_codes": "parser only, 20 lines",
    "state.lottery.LotteryState.place_codes": f"bets for the {LOGIN}; real account, site open",
    "state.lottery.LotteryRecordState.load": f"bets of the {LOGIN} only",
    "state.lottery.LotteryVerifyState.load": "public: published hashes, revealed seeds only",
    "state.my_games.MyGamesState.gate": GUEST,
    "state.my_games.MyGamesState.load_favorites": f"{ARGS}; {LOGIN}",
    "state.my_games.MyGamesState.load_recent": LOGIN,
    "state.password.PasswordState.set_forgot_tab": ARGS,
    "state.password.PasswordState.open_forgot": GUEST,
    "state.password.PasswordState.open_change": GUEST,
    "state.password.PasswordState.change": f"{ARGS}; {LOGIN}; old password asked",
    "state.password.PasswordState.forgot_by_email": f"{ARGS}; e-mail to the account's owner",
    "state.password.PasswordState.reset_by_phone": f"{ARGS}; SMS code, browser bound",
    "state.password.PasswordState.reset_with_link": f"{ARGS}; the link's one-time token",
    "state.crash.CrashState.load": (
        f"real play for the {LOGIN} (the studio page's session), or ?demo=1: this browser's "
        "demo balance"
    ),
    "state.crash.CrashState.play_real": f"real play for the {LOGIN} (a launch of its own)",
    "state.crash.CrashState.bet": (
        f"{ARGS}; slot 1 or 2; game session of the {LOGIN}, or this browser's demo balance"
    ),
    "state.crash.CrashState.cash": (
        f"{ARGS}; slot 1 or 2; bets of the {LOGIN} only, or this browser's demo bets"
    ),
    "state.crash.CrashState.stake_step": f"{ARGS}; slot 1 or 2, ½ or 2× only; this tab's form",
    "state.crash.CrashState.set_auto": f"{ARGS}; this tab's form",
    "state.crash.CrashState.set_stake": f"{ARGS}; this tab's form",
    "state.crash.CrashState.watch": f"one watch per tab; public round, bets of the {LOGIN}",
    "state.crash.CrashVerifyState.load": "public: crashed rounds' revealed seeds only",
    "state.play.PlayState.load": f"demo, or real play for the {LOGIN}",
    "state.play.PlayState.play_real": f"real play for the {LOGIN}",
    "state.play.PlayState.set_bet": ARGS,
    "state.play.PlayState.bet_step": f"{ARGS}; ½ or 2× only",
    "state.studio_games.DiceState.set_dice_target": ARGS,
    "state.studio_games.DiceState.set_dice_over": ARGS,
    "state.studio_games.LimboState.set_limbo_target": ARGS,
    "state.studio_games.MinesState.set_mines_count": ARGS,
    "state.studio_games.MinesState.toggle_pick": f"{ARGS}; tiles of the field only",
    "state.studio_games.RouletteState.add_chip": f"{ARGS}; table's bets only, bounded count",
    "state.studio_games.RouletteState.clear_chips": GUEST,
    "state.studio_games.GridState.toggle_hold": ARGS,
    "state.studio_games.PlinkoState.set_plinko_rows": f"{ARGS}; 8 to 16 rows only",
    "state.studio_games.PlinkoState.set_plinko_risk": f"{ARGS}; the three risks only",
    "state.studio_auto.AutobetState.start_autobet": (
        f"{ARGS}; a checked plan, then bets of the {LOGIN} (same member) or this tab's demo"
    ),
    "state.studio_auto.AutobetState.autobet_step": (
        "one bet of the server's own running plan only, each through rounds.play (same member)"
    ),
    "state.studio_auto.AutobetState.stop_autobet": "this tab's own run: only ever stops it",
    "state.studio_auto.AutobetState.forget_autobet": "this tab's own run: only ever ends it",
    "state.studio_auto.HotkeyState.set_hotkeys": ARGS,
    "state.play.PlayState.place": f"game session of the {LOGIN} (same member)",
    "state.play.PlayState.play_free": f"free rounds of the {LOGIN} (same member)",
    "state.play.PlayState.reset_demo": "this tab's demo wallet",
    "state.play.PlayState.save_client_seed": f"{ARGS}; seeds of the {LOGIN} (same member)",
    "state.play.PlayState.rotate": f"seeds of the {LOGIN} (same member)",
    "state.play.PlayState.open_rules": GUEST,
    "state.play.VerifyState.load": f"rounds of the {LOGIN} or this tab's demo",
    "state.agents.AgentState.load_home": f"{LOGIN}; agents only (team.require_agent)",
    "state.agents.AgentState.relabel": f"on its two pages only: reload (the {LOGIN})",
    "state.agents.AgentState.answer": f"{ARGS}; {LOGIN}; only the downline's own offer",
    "state.agents.AgentState.load_register": LOGIN,
    "state.agents.AgentState.register": f"{ARGS}; {LOGIN}; agents only, below themselves",
    "state.agents.AgentState.load_downlines": f"{LOGIN}; only the agent's own downline",
    "state.agents.AgentState.set_search": f"{ARGS}; {LOGIN}; only the agent's own downline",
    "state.agents.AgentState.go": f"{ARGS}; {LOGIN}; only the agent's own downline",
    "state.agents.AgentState.pick": f"{ARGS}; only a row of the agent's own list",
    "state.agents.AgentState.close_offer": "closes the agent's own form",
    "state.agents.AgentState.set_offer_kind": f"{ARGS}; a kind of the form's own list",
    "state.agents.AgentState.offer": f"{ARGS}; {LOGIN}; direct downline agents, ceiling rule",
    f"{TEAM}load_overview": f"{LOGIN}; {DOWNLINE}",
    f"{TEAM}mark_copied": "a flag of the member's own referral page",
    "state.affiliate.AffiliateState.load": f"{LOGIN}; the member's own application",
    "state.affiliate.AffiliateState.apply": (
        f"{ARGS}; {LOGIN}; terms accepted, lengths checked, one application waiting at most"
    ),
    f"{TEAM}load_revenue": f"{LOGIN}; {DOWNLINE}",
    f"{TEAM}load_statements": f"{LOGIN}; {DOWNLINE}",
    f"{TEAM}load_transactions": f"{LOGIN}; {DOWNLINE}",
    f"{TEAM}load_dividends": f"{LOGIN}; the agent's own pay lines",
    f"{TEAM}load_daily_wages": f"{LOGIN}; the agent's own pay lines",
    f"{TEAM}load_hour_salary": f"{LOGIN}; the agent's own pay lines",
    f"{TEAM}load_realtime_salary": f"{LOGIN}; the agent's own pay lines",
    f"{TEAM}load_announcements": f"{LOGIN}; agents only; member notices",
    f"{TEAM}set_range": f"{ARGS}; {LOGIN}; {DOWNLINE}",
    f"{TEAM}set_view": f"{ARGS}; {LOGIN}; {DOWNLINE}",
    f"{TEAM}set_kind": f"{ARGS}; {LOGIN}; {DOWNLINE}",
    f"{TEAM}go": f"{ARGS}; {LOGIN}; {DOWNLINE}",
    f"{TEAM}load_referral": f"{LOGIN}; the member's own link and figures",
    f"{TEAM}pick_transfer": f"{ARGS}; {LOGIN}; own downline only",
    f"{TEAM}close_transfer": "closes the agent's own form",
    f"{TEAM}send_down": f"{ARGS}; {LOGIN}; {MONEY}, own downline only",
    f"{TEAM}load_upline": f"{LOGIN}; own upline and transfers",
    f"{TEAM}send_up": f"{ARGS}; {LOGIN}; {MONEY}, own upline only",
    "state.records.RecordsState.load": LOGIN,
    "state.records.RecordsState.go": f"{ARGS}; {LOGIN}",
    "state.records.RecordsState.set_range": f"{ARGS}; {LOGIN}",
    "state.records.RecordsState.set_type": f"{ARGS}; {LOGIN}",
    "state.register.RegisterState.open": GUEST,
    "state.register.RegisterState.open_page": "affiliate code of the address, 32 chars",
    "state.register.RegisterState.set_method": ARGS,
    "state.register.RegisterState.submit": f"{ARGS}; secrets held sealed in the cache",
    "state.register.RegisterState.finish": f"{ARGS}; registration service, browser bound",
    "state.protection.ProtectionState.load": LOGIN,
    "state.identity.IdentityState.load": LOGIN,
    "state.identity.IdentityState.submit": f"{ARGS}; identity service for the {LOGIN}",
    "state.identity.IdentityState.send_documents": (
        f"Reflex upload (body size limit); images checked by content; {LOGIN} under review"
    ),
    "state.identity.ResponsibleState.load": f"{GUEST}: the brand's public profile",
    "state.console_kyc.KycState.load": STAFF,
    "state.console_kyc.KycState.open": (
        f"{ARGS}; a row already loaded for this {STAFF}; the CPF's reveal audited"
    ),
    "state.console_kyc.KycState.approve": f"{ARGS}; {STAFF}",
    "state.console_kyc.KycState.reject": f"{ARGS}; {STAFF}",
    "state.console_kyc.KycState.search_barred": f"{ARGS}; {STAFF}",
    "state.console_kyc.KycState.reverify": f"{ARGS}; {STAFF}",
    "state.protection.ProtectionState.save_limit": f"{ARGS}; limits service for the {LOGIN}",
    "state.protection.ProtectionState.confirm_limit": f"{ARGS}; the {LOGIN}'s own limit",
    "state.protection.ProtectionState.cancel_limit": f"{ARGS}; the {LOGIN}'s own limit",
    "state.protection.ProtectionState.take_break": f"{ARGS}; exclusion of the {LOGIN}; ticked",
    "state.reality.RealityState.check": f"the {LOGIN}'s own check",
    "state.reality.RealityState.answer": f"{ARGS}; the {LOGIN}'s own check",
    "state.protection.ProtectionState.set_activity_period": f"{ARGS}; one of three; {LOGIN}",
    "state.security.SecurityState.load": LOGIN,
    "state.profile.ProfileState.load": f"the {LOGIN}'s own data (contacts masked)",
    "state.profile.ProfileState.save": (
        f"{ARGS}; the {LOGIN}'s own data; named fields only; the password for a new e-mail"
    ),
    "state.first_steps.FirstStepsState.load": f"the {LOGIN}'s own first steps",
    "state.first_steps.FirstStepsState.dismiss": "a flag of the tab's own state",
    "state.security.SecurityState.start_setup": f"{LOGIN}; secret pushed, not kept",
    "state.security.SecurityState.confirm": f"{ARGS}; {LOGIN}; codes pushed, not kept",
    "state.security.SecurityState.turn_off": f"{ARGS}; {LOGIN}; password and code",
    "state.site.SiteState.load_site": GUEST,
    "state.site.SiteState.set_language": f"{ARGS}; the brand's languages",
    "state.site.SiteState.set_dial_code": f"{ARGS}; a listed dialling code, else the market's",
    "state.sms.SmsState.set_mobile": ARGS,
    "state.sms.SmsState.request_code": f"{ARGS}; known purposes only",
    "state.sms.SmsState.send": f"{ARGS}; bot check, rate limits of the SMS service",
    "state.sms.SmsState.tick": "one countdown per tab",
    "state.transfer.TransferState.load": LOGIN,
    "state.transfer.TransferState.pick_vendor": ARGS,
    "state.transfer.TransferState.set_direction": ARGS,
    "state.transfer.TransferState.set_amount": ARGS,
    "state.transfer.TransferState.fill_max": "this tab's loaded wallets",
    "state.transfer.TransferState.submit": f"{ARGS}; wallets of the {LOGIN}",
    "state.transfer.TransferState.recall_all": f"wallets of the {LOGIN}",
    "state.ui.UiState.toggle_side_menu": ARGS,
    "state.ui.UiState.toggle_panel": ARGS,
    "state.ui.UiState.close_floating": GUEST,
    "state.ui.UiState.toggle_member_nav": GUEST,
    "state.ui.UiState.close_on_escape": ARGS,
    "state.wallet.WalletState.refresh": f"balance of the {LOGIN}",
    "state.wallet.WalletState.watch": f"one watch per tab; balance of the {LOGIN}",
    "state.wallet.WalletState.reformat": "this tab's own amount",
    "state.wallet.WalletState.toggle_hidden": "this tab's own display choice",
    "state.wallet.WalletState.bring_back": f"wallets of the {LOGIN}",
    "state.withdraw.WithdrawState.load": LOGIN,
    "state.withdraw.WithdrawState.follow_balance": f"the withdraw page only; {LOGIN}",
    "state.withdraw.WithdrawState.relabel": f"the withdraw page only; {LOGIN}",
    "state.withdraw.WithdrawState.set_payment_password": f"{ARGS}; {LOGIN}; login password",
    "state.withdraw.WithdrawState.bind_account": f"{ARGS}; {LOGIN}",
    "state.withdraw.WithdrawState.request": f"{ARGS}; {LOGIN}; payment password",
    "state.withdraw.WithdrawState.received": f"{ARGS}; orders of the {LOGIN}",
    "state.withdraw.WithdrawState.choose": ARGS,
    "state.withdraw.WithdrawState.not_received": (
        f"Reflex upload (body size limit); orders of the {LOGIN}"
    ),
}
# setvar, on every state, calls only the state's own set_* handlers (each listed above).
SETVAR = "setvar"
# Handlers whose arguments Reflex itself supplies or checks.
UNCHECKED_ARGUMENTS = {
    *(name for name in ALLOWED if name.startswith("reflex.")),
    "state.withdraw.WithdrawState.not_received",
    "state.promotions.PromotionsState.send_application",
    "state.feedback.FeedbackState.submit",
    "state.identity.IdentityState.send_documents",
}
SECRET_WORDS = ("password", "secret", "totp_seed", "recovery")


def _states(root: type[BaseState] = rx.State) -> Iterator[type[BaseState]]:
    yield root
    for substate in root.get_substates():
        yield from _states(substate)


def public_handlers() -> dict[str, object]:
    return {
        f"{cls.__module__}.{cls.__name__}.{name}": handler.fn
        for cls in _states()
        for name, handler in cls.event_handlers.items()
        if name != SETVAR
    }


def test_every_public_handler_is_listed_with_its_check() -> None:
    found = public_handlers()
    assert sorted(set(found) - set(ALLOWED)) == [], "public handlers missing from ALLOWED"
    assert sorted(set(ALLOWED) - set(found)) == [], "ALLOWED lists handlers that are gone"
    assert all(check.strip() for check in ALLOWED.values())


def test_handlers_with_arguments_check_them() -> None:
    unchecked = []
    for name, fn in public_handlers().items():
        takes = [p for p in inspect.signature(fn).parameters if p != "self"]  # type: ignore[arg-type]
        if takes and name not in UNCHECKED_ARGUMENTS and not getattr(fn, CHECKED, False):
            unchecked.append(name)
    assert unchecked == []


def test_setvar_reaches_only_listed_setters() -> None:
    """setvar(name, value) calls `set_<name>`: every such method is a listed handler."""
    for cls in _states():
        for attribute in dir(cls):
            if attribute.startswith("set_") and attribute in cls.event_handlers:
                assert f"{cls.__module__}.{cls.__name__}.{attribute}" in ALLOWED


def test_helpers_are_private() -> None:
    """The known hole: applying a login was a public handler. Helpers start with _."""
    found = public_handlers()
    for name in ("after_login", "apply", "clear", "login", "show"):
        assert not [h for h in found if h.endswith(f"AuthState.{name}")]


def test_no_state_var_holds_a_secret() -> None:
    for cls in _states():
        if not cls.__module__.startswith("state."):
            continue
        # Its vars, backend (_...) ones too; a flag (has_payment_password) holds no secret.
        names = [n for n, kind in inspect.get_annotations(cls).items() if kind != "bool"]
        assert [n for n in names if any(w in n.lower() for w in SECRET_WORDS)] == [], cls
