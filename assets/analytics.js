// Google Analytics (gtag.js) for a brand with a measurement id (spec 3: analytics.gtagId),
// loaded once the app has put it on the page (`data-gtag`, state/site.py); nothing at all for
// a brand without one. The id may arrive after the brand (a tab's state from an earlier
// page), so the page is watched until it does.
(() => {
  const GTAG_ID = /^G-[A-Z0-9]{4,20}$/;
  const load = (id) => {
    window.dataLayer = window.dataLayer || [];
    window.gtag = function gtag() {
      window.dataLayer.push(arguments);
    };
    window.gtag("js", new Date());
    window.gtag("config", id);
    const script = document.createElement("script");
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    document.head.appendChild(script);
  };
  const found = () => {
    const id = document.querySelector("[data-gtag]")?.getAttribute("data-gtag") || "";
    if (!GTAG_ID.test(id)) return false;
    load(id);
    return true;
  };
  const watch = () => {
    if (found()) return;
    const observer = new MutationObserver(() => {
      if (found()) observer.disconnect();
    });
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-gtag"],
    });
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watch, { once: true });
  } else {
    watch();
  }
})();
