"""Which named dialogs are open; the dialog component reads this."""

from __future__ import annotations

import asyncio

import reflex as rx


class DialogState(rx.State):
    open_names: list[str] = []

    def _add(self, name: str) -> None:
        if name not in self.open_names:
            self.open_names = [*self.open_names, name]

    def _remove(self, name: str) -> None:
        self.open_names = [n for n in self.open_names if n != name]

    @rx.event
    def open(self, name: str) -> None:
        self._add(name)

    @rx.event
    def close(self, name: str) -> None:
        self._remove(name)

    @rx.event
    def close_on_escape(self, name: str, key: str) -> None:
        if key == "Escape":
            self._remove(name)

    @rx.event(background=True)
    async def open_for(self, name: str, timeout_ms: int) -> None:
        """Helper variant: open, then close by itself after the timeout."""
        async with self:
            self._add(name)
        await asyncio.sleep(max(timeout_ms, 0) / 1000)
        async with self:
            self._remove(name)
