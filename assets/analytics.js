// Google Analytics (gtag.js) for a brand with a measurement id (spec 3: analytics.gtagId),
// loaded once the app has put the brand on the page; nothing at all for a brand without one.
(() => {
  const GTAG_ID = /^G-[A-Z0-9]{4,20}$/;
  let loaded = false;
  const load = (id) => {
    loaded = true;
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
  const check = () => {
    const brand = document.querySelector("[data-merchant]:not([data-merchant=''])");
    if (!brand) return false;
    const id = brand.getAttribute("data-gtag") || "";
    if (GTAG_ID.test(id)) load(id);
    return true;
  };
  const watch = () => {
    if (check()) return;
    const observer = new MutationObserver(() => {
      if (!loaded && check()) observer.disconnect();
    });
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-merchant", "data-gtag"],
    });
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watch, { once: true });
  } else {
    watch();
  }
})();
