// Shows the prerendered client alerts of components/client_alerts.py.
(() => {
  // spec 9: the chunk load time-out (a test may shorten it before the page loads)
  const PAGE_TIMEOUT_MS = window.__pageTimeoutMs || 120000;
  const show = (name) => {
    const reveal = () => {
      const alert = document.querySelector(`[data-client-alert="${name}"]`);
      if (alert) alert.hidden = false;
      return Boolean(alert);
    };
    if (!reveal()) document.addEventListener("DOMContentLoaded", reveal, { once: true });
  };
  const hide = (name) => {
    const alert = document.querySelector(`[data-client-alert="${name}"]`);
    if (alert) alert.hidden = true;
  };
  window.__clientAlert = show;
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("[data-client-retry]")) {
      window.location.reload();
    }
  });
  // A page whose app never finished loading (its brand never arrived) after the time-out.
  window.addEventListener("load", () => {
    setTimeout(() => {
      if (!document.querySelector("[data-merchant]:not([data-merchant=''])")) show("timeout");
    }, PAGE_TIMEOUT_MS);
  });
  // A section of the app (a script chunk) that failed to load. The browser records every
  // fetch of the page, failed ones too (status 0, nothing read), including those before this
  // script ran; Vite's own event covers the chunks it imports later.
  const failedChunk = (entry) =>
    entry.name.startsWith(location.origin) &&
    /\.m?js(\?|$)/.test(entry.name) &&
    entry.responseStatus === 0 &&
    entry.decodedBodySize === 0;
  if ("PerformanceObserver" in window) {
    new PerformanceObserver((list) => {
      if (list.getEntries().some(failedChunk)) show("chunk");
    }).observe({ type: "resource", buffered: true });
  }
  window.addEventListener("vite:preloadError", (event) => {
    event.preventDefault();
    show("chunk");
  });
  // A window the browser refused to open (customer service, games in a new window).
  window.__openWindow = (url, target, features) => {
    const opened = window.open(url, target, features);
    if (!opened) {
      show("popup");
      setTimeout(() => hide("popup"), 6000);
      return null;
    }
    opened.opener = null;
    return opened;
  };
})();
