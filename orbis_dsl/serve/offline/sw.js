// The offline pad's service worker: keeps every file of the build (listed by `orbis pad build` below) so that the
// pad opens and scores with no network; a new build (another VERSION) replaces the old files.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `orbis-pad-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("orbis-pad-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  const page = event.request.mode === "navigate" ? new URL("./", self.registration.scope).href : event.request;
  event.respondWith(caches.open(CACHE).then(async (cache) =>
    (await cache.match(page, { ignoreSearch: true })) || fetch(event.request)));
});
