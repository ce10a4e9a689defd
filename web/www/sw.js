// The offline copy: every file of the page, cached when the service worker installs and
// served from the cache from then on, so the page opens and plays with no network (any
// static host serves it; there is no server logic). `make web` writes the build's
// content hash into VERSION, so a new build replaces the old copy.

const VERSION = 'sudoplay-dev';
const FILES = [
  './',
  'index.html',
  'style.css',
  'app.js',
  'worker.js',
  'pkg/sudosat_web.js',
  'pkg/sudosat_web_bg.wasm',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== VERSION).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  // The query string only says which puzzle to open: every page is index.html.
  event.respondWith(
    caches
      .open(VERSION)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((cached) => cached || fetch(request)),
  );
});
