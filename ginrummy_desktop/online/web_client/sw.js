// Installable app: the shell and the card faces come from the cache when the network is slow;
// game traffic is WebSocket and never passes through here.
const CACHE = "ginrummy-web-1";
const SHELL = ["./", "index.html", "app.js", "app.css", "manifest.webmanifest", "icons/icon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) =>
    Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key)))));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.pathname.endsWith("config.json")) return;
  // Network first (a new version shows at once), the cache when offline.
  event.respondWith(fetch(event.request).then((response) => {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(event.request, copy));
    return response;
  }).catch(() => caches.match(event.request)));
});
