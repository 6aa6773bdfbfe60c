// Hotkeys of the studio's game pages: Space bets, S halves the bet, D doubles it, C cashes
// out (where a game has it). A key presses the page's first button whose `data-hotkey` lists
// its action (C presses every cash-out button: Crash has two bets), so it does exactly what a
// click does and the server checks it the same way. Nothing
// happens while the page's switch is off (`data-hotkeys="off"` on the page), while typing in
// a field, with a modifier key held, or while a dialog is open.
(() => {
  if (window.appStudioHotkeys) return;
  window.appStudioHotkeys = true;
  const ACTIONS = { " ": "bet", s: "half", d: "double", c: "cashout" };
  const TYPING = "input, textarea, select, [contenteditable=''], [contenteditable='true']";
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    const page = document.querySelector("[data-hotkeys]");
    if (!page || page.dataset.hotkeys !== "on") return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && target.closest(TYPING)) return;
    if (document.querySelector("[role='dialog'], dialog[open]")) return;
    const action = ACTIONS[event.key.length === 1 ? event.key.toLowerCase() : ""];
    if (!action) return;
    // Space on a focused button or link already presses it: leave it to the browser.
    if (action === "bet" && target && target.closest("button, a, summary")) return;
    const found = Array.from(page.querySelectorAll(`[data-hotkey~='${action}']`));
    // Only the buttons shown (Crash keeps a bet's two buttons and shows one of them).
    const shown = found.filter((b) => !b.disabled && b.offsetParent !== null);
    const buttons = action === "cashout" ? shown : shown.slice(0, 1);
    if (!buttons.length) return;
    event.preventDefault();
    buttons.forEach((button) => button.click());
  });
})();
