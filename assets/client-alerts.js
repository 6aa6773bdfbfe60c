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
  // The address an in-app navigation was going to: its retry goes there, not back here.
  let pending = null;
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("[data-client-retry]")) {
      if (pending) window.location.assign(pending.url);
      else window.location.reload();
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
  // A chunk gone after a new release answers 404 (or an error page): that failed too.
  const failedChunk = (entry) =>
    entry.name.startsWith(location.origin) &&
    /\.m?js(\?|$)/.test(entry.name) &&
    ((entry.responseStatus === 0 && entry.decodedBodySize === 0) ||
      entry.responseStatus >= 400);
  if ("PerformanceObserver" in window) {
    new PerformanceObserver((list) => {
      if (list.getEntries().some(failedChunk)) show("chunk");
    }).observe({ type: "resource", buffered: true });
  }
  window.addEventListener("vite:preloadError", (event) => {
    event.preventDefault();
    show("chunk");
  });
  // The router's own import of a page's chunk, refused (each browser words it its own way).
  window.addEventListener("unhandledrejection", (event) => {
    const message = String((event.reason && event.reason.message) || event.reason || "");
    if (/dynamically imported module|module script failed/i.test(message)) {
      show("chunk");
    }
  });
  // An in-app navigation: the router changes the address only once the new page's chunk has
  // arrived. A link clicked whose page has not come after the time-out failed to load too.
  document.addEventListener(
    "click",
    (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) {
        return;
      }
      const url = new URL(link.href, location.href);
      if (url.origin !== location.origin || url.pathname === location.pathname) return;
      if (pending) clearTimeout(pending.timer);
      const from = location.pathname;
      const timer = setTimeout(() => {
        if (pending && pending.timer === timer && location.pathname === from) show("chunk");
      }, PAGE_TIMEOUT_MS);
      pending = { url: url.href, from, timer };
    },
    true,
  );
  const arrived = () => {
    if (pending) clearTimeout(pending.timer);
    pending = null;
  };
  for (const name of ["pushState", "replaceState"]) {
    const original = history[name];
    history[name] = function (...args) {
      const result = original.apply(this, args);
      if (pending && location.pathname !== pending.from) arrived(); // the new page is in
      return result;
    };
  }
  window.addEventListener("popstate", arrived);
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
