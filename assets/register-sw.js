// Installs the site as an app on phones (manifest + service worker, see /sw.js).
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  });
}
// The browser's install offer, kept for the lite-app button of /down (pages/download.py).
window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  window.__installPrompt = event;
});
window.addEventListener("appinstalled", () => {
  window.__installPrompt = null;
});
