"""The back office's staff and roles page: invitations, roles and permissions."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.backoffice.console import (
    BUTTON,
    CARD,
    INPUT,
    QUIET,
    allowed,
    card,
    frame,
    label,
    messages,
    table,
    text_input,
)
from components.i18n import t
from pages.registry import Page
from state.backoffice.console_team import INVITATION_LINK, PERMISSION_FIELD, StaffRow, TeamState


def _staff_actions(row: StaffRow) -> rx.Component:
    return allowed(
        "staff.manage",
        rx.el.div(
            rx.el.button(t("bo-lock"), on_click=TeamState.lock_staff(row.id), class_name=QUIET),
            rx.el.button(t("bo-unlock"), on_click=TeamState.unlock_staff(row.id), class_name=QUIET),
            rx.el.button(
                t("bo-invite"),
                on_click=TeamState.reinvite_staff(row.id),
                data_testid="staff-reinvite",
                class_name=QUIET,
            ),
            class_name="flex gap-1",
        ),
    )


def _permission_box(choice: rx.Var) -> rx.Component:
    return rx.el.label(
        rx.el.input(type="checkbox", name=PERMISSION_FIELD + choice.code, class_name="size-4"),
        choice.label,
        class_name="flex items-center gap-2 text-sm",
    )


def staff_page() -> rx.Component:
    s = TeamState
    return frame(
        "bo-staff",
        messages(s.error, s.notice),
        rx.cond(
            s.invited_name != "",
            rx.el.section(
                rx.el.p(t("bo-enrolment"), class_name="font-semibold"),
                rx.el.p(s.invited_name, class_name="font-mono"),
                rx.el.code(
                    INVITATION_LINK.value.to(str),
                    data_testid="invitation-link",
                    class_name="block break-all text-xs",
                ),
                rx.el.button(t("bo-ok"), on_click=s.dismiss_invitation, class_name=QUIET),
                data_testid="invitation",
                class_name=CARD + " space-y-2 border-amber-400",
            ),
        ),
        rx.el.div(
            allowed(
                "staff.manage",
                card(
                    "bo-new-staff",
                    rx.el.form(
                        label(t("bo-username"), text_input("username", required=True)),
                        label(
                            t("bo-role"),
                            rx.el.select(
                                rx.foreach(
                                    s.role_choices,
                                    lambda c: rx.el.option(c.label, value=c.code),
                                ),
                                name="role",
                                class_name=INPUT,
                            ),
                        ),
                        label(
                            t("bo-brand"),
                            rx.el.select(
                                rx.el.option(t("bo-all-brands"), value="*"),
                                rx.foreach(s.brands, lambda code: rx.el.option(code, value=code)),
                                name="brand",
                                class_name=INPUT,
                            ),
                        ),
                        rx.el.button(
                            t("bo-create"),
                            type="submit",
                            data_testid="staff-create",
                            class_name=BUTTON,
                        ),
                        on_submit=s.create_staff,
                        reset_on_submit=True,
                        data_testid="staff-form",
                        class_name="grid gap-2 [&_input]:w-full [&_select]:w-full",
                    ),
                ),
            ),
            allowed(
                "roles.manage",
                card(
                    "bo-new-role",
                    rx.el.form(
                        label(t("bo-col-name"), text_input("name", required=True)),
                        rx.el.fieldset(
                            rx.el.legend(
                                t("bo-permissions"), class_name="text-xs font-medium mb-1"
                            ),
                            rx.el.div(
                                rx.foreach(s.catalogue, _permission_box),
                                class_name="grid grid-cols-2 gap-1",
                            ),
                        ),
                        rx.el.button(
                            t("bo-create"),
                            type="submit",
                            data_testid="role-create",
                            class_name=BUTTON,
                        ),
                        on_submit=s.create_role,
                        reset_on_submit=True,
                        data_testid="role-form",
                        class_name="grid gap-2",
                    ),
                ),
            ),
            class_name="grid lg:grid-cols-2 gap-4",
        ),
        card(
            "bo-staff",
            table(
                [
                    ("username", "bo-username"),
                    ("brand", "bo-brand"),
                    ("role", "bo-role"),
                    ("status", "bo-status"),
                    ("last_login", "bo-col-last-login"),
                ],
                s.members,
                _staff_actions,
                testid="staff-list",
            ),
        ),
        card(
            "bo-roles",
            table(
                [("name", "bo-col-name"), ("permissions", "bo-permissions")],
                s.roles,
                testid="role-list",
            ),
        ),
    )


PAGES = (
    Page(routes.ADMIN_STAFF, staff_page, "Staff and roles", load=(TeamState.load,), console=True),
)
