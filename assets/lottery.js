// Lottery countdowns, ticking in the browser (no server event per second): every element
// with `data-countdown-to` (epoch ms) shows the time left as mm:ss (h:mm:ss when longer).
// When a countdown of the page reaches zero (betting closed) or its draw time passes, the
// page's refresh button (`data-lottery-refresh`) is pressed once, a second later, so the
// board reads the next issue and the draw from the server.
(() => {
  if (window.appLottery) return;
  const fired = new Set();
  const pad = (n) => String(n).padStart(2, "0");
  function left(ms) {
    const total = Math.max(0, Math.floor(ms / 1000));
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    return h ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
  }
  function refreshOnce(key) {
    if (fired.has(key)) return;
    fired.add(key);
    setTimeout(() => {
      const button = document.querySelector("[data-lottery-refresh]");
      if (button) button.click();
    }, 1000);
  }
  function tick() {
    const now = Date.now();
    document.querySelectorAll("[data-countdown-to]").forEach((el) => {
      const target = Number(el.dataset.countdownTo || 0);
      if (!target) return;
      const text = left(target - now);
      if (el.textContent !== text) el.textContent = text;
      el.dataset.expired = String(target <= now);
      if (target <= now && el.hasAttribute("data-countdown-refresh")) {
        refreshOnce(`close:${target}`);
      }
    });
    document.querySelectorAll("[data-draw-at]").forEach((el) => {
      const target = Number(el.dataset.drawAt || 0);
      if (target && target + 2000 <= now) refreshOnce(`draw:${target}`);
    });
  }
  window.appLottery = { scan: tick };
  tick();
  setInterval(tick, 1000);
})();
