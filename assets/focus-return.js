// Focus returns to the opener (issue 35, keyboard users): when a dialog or a floating panel
// that held the focus closes, the control last focused outside it gets the focus back
// instead of the page's <body>. A control removed inside a dialog still open leaves the
// focus in that dialog. Another dialog still open over the page (an announcement behind the
// first login's welcome) takes the focus next; a dialog the page opened by itself has no
// opener: the focus goes to the page's main content, where the next Tab starts reading.
(() => {
  const FLOATING = "[role=dialog],[role=alertdialog],[data-floating]";
  const MODAL = "[role=dialog][aria-modal=true]";
  const FOCUSABLE =
    "button:not([disabled]),a[href],input:not([disabled]),select,textarea,[tabindex='0']";
  let opener = null;
  let holder = null;
  const shown = (element) =>
    element && element.isConnected && element.getClientRects().length > 0;
  document.addEventListener("focusin", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    holder = target.closest(FLOATING);
    if (!holder && target !== document.body) opener = target;
  });
  const restore = () => {
    // Lost: on <body> (its control removed), or on a control just hidden (the browser moves
    // the focus off it only at its next rendering, with no mutation left to see).
    const active = document.activeElement;
    const lost = !active || active === document.body || !shown(active);
    if (!holder || !lost) return;
    const still = shown(holder) ? holder.querySelector(FOCUSABLE) : null;
    holder = null;
    const modal = [...document.querySelectorAll(MODAL)].filter(shown).pop();
    const inModal = modal ? modal.querySelector(FOCUSABLE) : null;
    const next =
      still || inModal || (shown(opener) ? opener : document.getElementById("main"));
    if (next) next.focus({ preventScroll: true });
  };
  const start = () =>
    new MutationObserver(restore).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["class", "hidden", "style"],
    });
  if (document.body) start();
  else document.addEventListener("DOMContentLoaded", start);
})();
