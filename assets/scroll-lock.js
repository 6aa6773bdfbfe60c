// Page scroll lock for dialogs: freezes the page under a dialog and restores the exact
// scroll position when the last locking dialog closes (spec 4, dialog behaviour).
window.appScrollLock = window.appScrollLock || {
  depth: 0,
  y: 0,
  lock() {
    if (this.depth++ > 0) return;
    this.y = window.scrollY;
    const s = document.body.style;
    s.position = "fixed";
    s.top = `-${this.y}px`;
    s.left = "0";
    s.right = "0";
    s.width = "100%";
    s.overflowY = "scroll";
  },
  unlock() {
    if (this.depth === 0 || --this.depth > 0) return;
    const s = document.body.style;
    s.position = s.top = s.left = s.right = s.width = s.overflowY = "";
    // Back where the page was at once, whatever the page's smooth-scroll rule.
    window.scrollTo({ top: this.y, behavior: "instant" });
  },
};
