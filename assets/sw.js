// The site's service worker: it makes the site installable as an app and shows an offline
// page when the network is gone. Money and account data are never cached: only the offline
// page is stored, and every request goes to the network first.
const CACHE = "offline-v1";
const OFFLINE_PAGE = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(OFFLINE_PAGE)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return; // assets, API and websocket: the browser's own way
  event.respondWith(fetch(event.request).catch(() => caches.match(OFFLINE_PAGE)));
});
